"""`python main.py scenario FILE_OR_DIR...`: one line per scenario and a total.

A file with a `puzzle:` mapping is also played against its puzzle opponent (game.play.puzzles
`check_line`): the solution's moves for the puzzle's player must meet the goal there too.
A lesson file (How to play: a `lesson:` mapping, game.play.lessons) is checked as a lesson:
it reads, each step has its move, and the learner's moves all get played against the
lesson's scripted opponent. A lesson may also be named by its title or file name
("An attack", "02_attack"), and `lessons` names every shipped lesson.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.files.fileio import exists
from game.files.resources import LESSON_DIR
from game.play import lessons, puzzles
from game.play.scenario.model import ScenarioResult
from game.play.scenario.runner import run_scenario, scenario_files

USAGE = """usage: main.py scenario [-v] [-x] FILE_OR_DIR_OR_LESSON...

Run scenario (puzzle) files and print PASS/FAIL/XFAIL/ERROR per scenario. A file with a
`puzzle:` mapping must also meet its goal when its player's moves are played against the
puzzle's opponent. A How to play lesson file (a `lesson:` mapping, assets/lessons/) is
checked as a lesson: it reads, every step has its move, and the learner's moves all get
played against the lesson's scripted opponent. A lesson may be named instead of a file:
its title or file name ("An attack", "02_attack"); `lessons` checks them all.
  -v, --verbose    print every failure, not only the first
  -x, --exitfirst  stop at the first scenario that does not pass
Exit code: 0 all passed (or failed as marked xfail), 1 some failed, 2 bad usage."""


def run_lesson(path: Path) -> ScenarioResult:
    """A lesson file: read (its scenario checked, its steps fitting its moves), then its
    learner's moves played against its scripted opponent."""
    try:
        lesson = lessons.load_lesson(path)
    except lessons.LessonError as exc:
        return ScenarioResult(str(path), str(path), False, error=str(exc))
    name = f"{lesson.puzzle.scenario.name} (lesson, {len(lesson.steps)} step" \
           f"{'' if len(lesson.steps) == 1 else 's'})"
    problem = lessons.check_lesson(lesson)
    return ScenarioResult(name, str(path), problem is None, [problem] if problem else [])


def resolve(arg: str) -> str | Path | None:
    """A path as given, else a lesson's title or file name, else None (`lessons`: the
    shipped lessons' folder)."""
    if exists(arg):
        return arg
    if arg.casefold() == "lessons":
        return LESSON_DIR
    return lessons.find_lesson(arg)


def run_file(path: Path) -> ScenarioResult:
    """One file as the command line runs it: the scenario, then (a puzzle that passed) its
    solution's line against the puzzle's opponent; a lesson file as a lesson."""
    if lessons.is_lesson_file(path):
        return run_lesson(path)
    result = run_scenario(path)
    if result.status != "PASS":
        return result
    try:
        puzzle = puzzles.load_puzzle(path)
    except puzzles.PuzzleError as exc:
        result.error = str(exc)
        return result
    if puzzle.scenario.puzzle is None:
        return result
    problem = puzzles.check_line(puzzle)
    if problem is not None:
        result.passed = False
        result.failures.append(problem)
    return result


def main(argv: list[str] | None = None) -> int:
    """`python main.py scenario FILE_OR_DIR...`: one line per scenario; non-zero if any fails."""
    argv = list(sys.argv[1:] if argv is None else argv)
    verbose = exitfirst = False
    paths = []
    for arg in argv:
        if arg in ("-h", "--help"):
            print(USAGE)
            return 0
        if arg in ("-v", "--verbose"):
            verbose = True
        elif arg in ("-x", "--exitfirst"):
            exitfirst = True
        elif arg.startswith("-"):
            print(f"scenario: unknown option {arg}\n{USAGE}", file=sys.stderr)
            return 2
        else:
            paths.append(arg)
    if not paths:
        print(USAGE, file=sys.stderr)
        return 2
    found = [resolve(p) for p in paths]  # exists() never raises, whatever the name
    missing = [p for p, f in zip(paths, found, strict=True) if f is None]
    if missing:
        for p in missing:
            print(f"scenario: {p}: no such file or directory, nor a lesson's title or file "
                  f"name", file=sys.stderr)
        return 2
    files = scenario_files(f for f in found if f is not None)
    if not files:
        print(f"scenario: no scenario files (*.yaml) in {' '.join(paths)}", file=sys.stderr)
        return 2
    counts = {"PASS": 0, "FAIL": 0, "XFAIL": 0, "XPASS": 0, "ERROR": 0}
    for path in files:
        result = run_file(path)
        counts[result.status] += 1
        print(result.summary())
        if verbose and result.status in ("FAIL", "XFAIL"):
            for failure in result.failures[1:]:
                print(f"    {failure}")
        if exitfirst and not result.ok:
            break
    failed = counts["FAIL"] + counts["XPASS"] + counts["ERROR"]
    print(f"{counts['PASS']} passed, {failed} failed, {counts['XFAIL']} xfailed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
