"""How to play: a chain of short lessons, each a puzzle-like position with ordered steps.

A lesson file (assets/lessons/, docs/scenarios.md "Lessons") is a scenario file with one more
top-level key, `lesson:`, holding the words of its steps. The scenario's `commands` are the
lesson played right (both seats, as for a puzzle): the other seat is the puzzle machinery's
scripted opponent (game.play.puzzles), answering by situation as the lesson needs. Each
**step** is one of the learner's own moves in `commands`, in order, other than a Pass or the
answer to a choice (a Summon, an attack, an activation, Next Phase, End Turn...), and the
lesson's `steps` give the words shown while that move is awaited (each its words, and
optionally a short `banner` line: text alone is words only).

A move matches its step when it is the same kind of command on the same card (and, for an
attack, the same target); where it goes (which slot, which position) is the learner's choice.
Finished lessons are remembered like solved puzzles, in `data_dir()/lesson_progress.yaml`
(game.play.puzzles.Progress: written atomically, a malformed file is left as it is), so How to
play resumes at the first lesson not yet finished. A lesson left midway keeps its accepted
commands in `data_dir()/lesson_resume.yaml` (its key, the start position's state hash and the
commands, both seats'), so How to play opens it again at the same step. Pygame-free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.engine import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    Command,
    Flip,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
    command_from_dict,
    command_to_dict,
)
from game.files import folders
from game.files.fileio import FileError, atomic_write_text, load_yaml_file
from game.files.resources import LESSON_DIR
from game.files.yamlio import dump_yaml
from game.play import puzzles as pz
from game.play.scenario import ScenarioError, load_scenario, scenario_files

PROGRESS_FILE = "lesson_progress.yaml"
RESUME_FILE = "lesson_resume.yaml"  # the lesson left midway: its key, start and commands
MAX_WORDS = 400  # one step's words: the banner's coach box holds about this much
MAX_BANNER = 44  # a step's banner line: fits the lesson banner whole at 130 % text
STEP_KEYS = ("words", "banner")
LESSON_KEYS = ("title", "teaches", "steps", "done")


class LessonError(ValueError):
    """A lesson file that cannot be played; the message names the file and the field."""


@dataclass(frozen=True)
class Lesson:
    key: str  # "lessons/<file stem>": what the progress file remembers
    number: int  # 1-based, in file-name order
    title: str
    teaches: str  # one line: what the lesson is about (the log's first row)
    steps: tuple[str, ...]  # the words shown while each step is awaited
    banners: tuple[str, ...]  # each step's short line on the banner (what to do, in a few words)
    done: str  # the words once the last step is played
    puzzle: pz.Puzzle  # the position, the scripted opponent, the learner's seat
    moves: tuple[Command, ...]  # the learner's awaited move for each step, in order

    @property
    def seat(self) -> int:
        return self.puzzle.seat


def instruction(words: str) -> str:
    """What a step asks, without the why: its words up to "Why:", else its first sentence
    (the banner's line and the note after a wrong move)."""
    cut = words.find(" Why:")
    if cut > 0:
        return words[:cut].strip()
    cut = words.find(". ")
    return words if cut < 0 else words[:cut + 1]


def is_step(cmd: Command) -> bool:
    """A move a step waits for: not a Pass and not the answer to a choice (those belong to the
    move that asked, or are the screen's own passes)."""
    return not isinstance(cmd, (Pass, Choose))


def card_of(cmd: Command) -> int | None:
    """The card a move is made with (an attack: the attacker); None for a phase move."""
    if isinstance(cmd, Attack):
        return cmd.attacker
    if isinstance(cmd, (Summon, SpecialSummon, SetCard, PlayEnvironment, Activate, ChangePosition,
                        Flip, Unsummon)):
        return cmd.card
    return None


def matches(cmd: Command, wanted: Command) -> bool:
    """`cmd` is the step's move: the same kind on the same card (an attack: the same target;
    an activation: the same ability); the slot and the position are the learner's."""
    if type(cmd) is not type(wanted) or cmd.player != wanted.player or card_of(cmd) != card_of(wanted):
        return False
    if isinstance(cmd, Attack) and isinstance(wanted, Attack):
        return cmd.target == wanted.target
    if isinstance(cmd, Activate) and isinstance(wanted, Activate):
        return cmd.ability == wanted.ability
    return True


def steps_done(lesson: Lesson, history: Sequence[Command]) -> int:
    """How many steps the accepted commands `history` have played (the screen only lets a
    step's own move through, so the count is of the learner's step moves; an undo takes
    one back with it)."""
    n = 0
    for cmd in history:
        if n < len(lesson.moves) and cmd.player == lesson.seat and is_step(cmd) \
                and matches(cmd, lesson.moves[n]):
            n += 1
    return n


def _text(value: object, where: str, source: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{source}: {where}: expected text")
    words = " ".join(value.split())
    if len(words) > MAX_WORDS:
        raise LessonError(f"{source}: {where}: at most {MAX_WORDS} characters, got {len(words)}")
    return words


def _step(value: object, where: str, source: str) -> tuple[str, str]:
    """One `steps` entry: its words as text, or a mapping with `words` and a short `banner`
    line (without it the banner shows `instruction(words)`, cut to fit)."""
    if not isinstance(value, dict):
        words = _text(value, where, source)
        return words, instruction(words)
    unknown = set(value) - set(STEP_KEYS)
    if unknown:
        raise LessonError(f"{source}: {where}: unknown field(s) {sorted(unknown)}; expected "
                          f"some of {list(STEP_KEYS)}")
    words = _text(value.get("words"), f"{where}.words", source)
    if "banner" not in value:
        return words, instruction(words)
    banner = _text(value.get("banner"), f"{where}.banner", source)
    if len(banner) > MAX_BANNER:
        raise LessonError(f"{source}: {where}.banner: at most {MAX_BANNER} characters (the "
                          f"banner's one line), got {len(banner)}")
    return words, banner


def load_lesson(path: Path, number: int = 1) -> Lesson:
    """Read one lesson file; LessonError (file and field) on any problem, including steps
    that do not fit the solution's moves."""
    try:
        data = load_yaml_file(path, "scenario")  # a scenario with one more key
    except FileError as exc:
        raise LessonError(str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("lesson"), dict):
        raise LessonError(f"{path}: lesson: required: a mapping with {', '.join(LESSON_KEYS)}")
    spec = dict(data.pop("lesson"))
    unknown = set(spec) - set(LESSON_KEYS)
    if unknown:
        raise LessonError(f"{path}: lesson: unknown field(s) {sorted(unknown)}; "
                          f"expected some of {list(LESSON_KEYS)}")
    raw_steps = spec.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{path}: lesson.steps: required: the words of each step, in order")
    read = [_step(s, f"lesson.steps[{i}]", str(path)) for i, s in enumerate(raw_steps)]
    steps = tuple(words for words, _ in read)
    banners = tuple(banner for _, banner in read)
    try:
        scenario = load_scenario(data)
    except ScenarioError as exc:
        raise LessonError(f"{path}: {' '.join(str(exc).split())}") from None
    key = f"lessons/{path.stem}"
    puzzle = pz.puzzle_from(scenario, path, key, "lesson")
    try:
        run = pz.run_solution(puzzle)
    except Exception as exc:
        raise LessonError(f"{path}: commands: cannot be played: {exc}") from None
    if run.failures:
        raise LessonError(f"{path}: commands: {run.failures[0]}")
    moves = tuple(c for c in run.commands if c.player == puzzle.seat and is_step(c))
    if len(moves) != len(steps):
        raise LessonError(f"{path}: lesson.steps: {len(steps)} step(s) written, but the "
                          f"learner's moves in commands are {len(moves)} (one step a move, "
                          f"passes and choices aside)")
    return Lesson(key, number, _text(spec.get("title"), "lesson.title", str(path)),
                  _text(spec.get("teaches"), "lesson.teaches", str(path)), steps, banners,
                  _text(spec.get("done"), "lesson.done", str(path)), puzzle, moves)


def check_lesson(lesson: Lesson, limit: int = 60) -> str | None:
    """The learner's moves (steps, passes and choices), played by situation against the
    lesson's own scripted opponent, all get played: None, else the first step that never
    could. What `main.py scenario` checks of a lesson file once it reads (`load_lesson`:
    the scenario's commands play and every step has its move)."""
    run = pz.run_solution(lesson.puzzle)
    mine = pz.ScriptedPlayer([m for m in run.moves if m.command.player == lesson.seat])
    other = pz.opponent_player(lesson.puzzle, run.moves)
    duel = lesson.puzzle.build()
    for _ in range(limit):
        seat = duel.deciding_player
        if duel.over or seat is None or all(mine.used):
            break
        duel.apply((mine if seat == lesson.seat else other).choose(duel.view(seat)))
    missing = next((i for i, used in enumerate(mine.used) if not used), None)
    if missing is None:
        return None
    step = sum(1 for m in mine.moves[:missing + 1] if is_step(m.command))
    return (f"lesson.steps[{max(step - 1, 0)}]: the learner's move {mine.moves[missing].command} "
            f"was never playable against the lesson's opponent")


def find_lesson(name: str, folder: Path = LESSON_DIR) -> Path | None:
    """A shipped lesson by its title, its scenario name or its file name, any case ("A Counter",
    "A Counter on a faster Line", "04_counter")."""
    want = " ".join(name.split()).casefold()
    for path in scenario_files([folder]):
        if want in (path.stem.casefold(), path.name.casefold()):
            return path
        try:
            data = load_yaml_file(path, "scenario")
        except FileError:
            continue
        spec = data.get("lesson") if isinstance(data, dict) else None
        titles = [spec.get("title") if isinstance(spec, dict) else None,
                  data.get("name") if isinstance(data, dict) else None]
        if any(isinstance(t, str) and " ".join(t.split()).casefold() == want for t in titles):
            return path
    return None


def is_lesson_file(path: Path) -> bool:
    """A scenario file with a `lesson:` mapping (read quietly: a file that cannot be read
    is left to the scenario reader to name its problem)."""
    try:
        data = load_yaml_file(path, "scenario")
    except FileError:
        return False
    return isinstance(data, dict) and "lesson" in data


def list_lessons(folder: Path = LESSON_DIR) -> list[Lesson]:
    """Every lesson, in file-name order. A shipped lesson that cannot be read is a bug, so it
    raises LessonError (tests read them all)."""
    return [load_lesson(path, i + 1) for i, path in enumerate(scenario_files([folder]))]


def progress_path() -> Path:
    return folders.data_dir() / PROGRESS_FILE


def load_progress(path: Path | None = None) -> pz.Progress:
    """Which lessons are finished (the puzzles' progress file, under its own name)."""
    return pz.load_progress(path or progress_path())


def resume_index(lessons: Sequence[Lesson], progress: pz.Progress) -> int:
    """Where How to play starts: the first lesson not finished (0 once all are: again from
    the start)."""
    return next((i for i, lesson in enumerate(lessons) if not progress.is_solved(lesson.key)), 0)


# ------------------------------------------------------------------ left midway
@dataclass(frozen=True)
class Resume:
    """A lesson left midway: which one, the hash of the position it started from (a lesson
    file changed since no longer resumes), and every accepted command (both seats)."""

    key: str
    start_hash: str
    commands: tuple[Command, ...]


def resume_path() -> Path:
    return folders.data_dir() / RESUME_FILE


def save_resume(resume: Resume | None, path: Path | None = None) -> str | None:
    """Keep `resume` (None: forget any); the reason as text when it could not be written."""
    data: dict[str, object] = {} if resume is None else {
        "lesson": resume.key, "start_hash": resume.start_hash,
        "commands": [command_to_dict(c) for c in resume.commands]}
    target = path or resume_path()
    if resume is None and not target.exists():
        return None
    try:
        atomic_write_text(target, dump_yaml(data))
    except FileError as exc:
        return f"lesson not kept for later: {exc}"
    return None


def load_resume(path: Path | None = None) -> Resume | None:
    """The lesson left midway, or None (no file, an empty one, or one not understood: then
    the lesson simply starts again from its position)."""
    target = path or resume_path()
    if not target.exists():
        return None
    try:
        data = load_yaml_file(target, "progress")
    except FileError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("lesson"), str) \
            or not isinstance(data.get("start_hash"), str) or not isinstance(data.get("commands"), list):
        return None
    try:
        commands = tuple(command_from_dict(c) for c in data["commands"])
    except ValueError:
        return None
    return Resume(data["lesson"], data["start_hash"], commands)
