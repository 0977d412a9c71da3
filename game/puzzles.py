"""Puzzles: scenario files played from one seat towards a goal.

A puzzle is a scenario file (game.scenario, docs/scenarios.md) with an optional `puzzle:`
mapping: which player you are, the goal, who plays the other seat, a difficulty and a hint.
The scenario's `commands` are the puzzle's solution (tests run every shipped solution and
check that it meets the goal). Shipped puzzles live in the package's `game/data/puzzles/`, the
player's own in `data_dir()/puzzles/`; a file that cannot be read is listed with its problem.

Goals are judged from the puzzle seat's own view (LP, turn, round, winner: all public), so
the screen never needs more than a player may see. Solved puzzles are remembered in
`data_dir()/puzzle_progress.yaml`, written atomically; a malformed progress file is reported
and left exactly as it is (nothing is saved over it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from game import storage
from game.engine import Command, Duel, EndTurn, NextPhase, Pass, PlayerView
from game.fileio import FileError, atomic_write_text, load_yaml_file
from game.puzzle_spec import (  # noqa: F401 - re-exported: the puzzle vocabulary
    GOAL_KINDS,
    MAX_DIFFICULTY,
    MAX_HINT,
    MAX_LP,
    MAX_ROUND,
    OPPONENTS,
    PUZZLE_KEYS,
    Goal,
    PuzzleFieldError,
    read_goal,
    read_puzzle_spec,
)
from game.resources import PUZZLE_DIR
from game.scenario import Runner, Scenario, ScenarioError, load_scenario, scenario_files
from game.yamlio import dump_yaml

SHIPPED_DIR = PUZZLE_DIR
PROGRESS_FILE = "puzzle_progress.yaml"
USER_FOLDER = "puzzles"

class Status(str, Enum):
    PLAYING = "playing"
    SOLVED = "solved"
    FAILED = "failed"


@dataclass(frozen=True)
class Mark:
    """Where the puzzle began (the turn a 'this turn' goal is about)."""

    turn: int


def goal_status(goal: Goal, seat: int, start: Mark, view: PlayerView) -> Status:
    """How the goal stands in `view` (seat's own view): met, no longer possible, or open."""
    winner = view.winner
    won = winner == seat
    lost = winner is not None and not won  # the opponent won, or a draw
    if won:
        return Status.SOLVED
    if goal.kind == "win_this_turn":
        return Status.FAILED if lost or view.turn != start.turn else Status.PLAYING
    if goal.kind == "lp_this_turn":
        if view.sides[1 - seat].lp <= goal.value:
            return Status.SOLVED
        return Status.FAILED if lost or view.turn != start.turn else Status.PLAYING
    if goal.kind == "win_by_round":
        return Status.FAILED if lost or view.round > goal.value else Status.PLAYING
    # survive_until_round
    if lost:
        return Status.FAILED
    return Status.SOLVED if view.round >= goal.value else Status.PLAYING


class GoalTracker:
    """Follows one puzzle duel; the first decided status sticks (a win after the turn ended
    does not turn a failed 'this turn' puzzle into a solved one)."""

    def __init__(self, goal: Goal, seat: int, start_view: PlayerView) -> None:
        self.goal = goal
        self.seat = seat
        self.start = Mark(start_view.turn)
        self.status = Status.PLAYING
        self.check(start_view)

    def check(self, view: PlayerView) -> Status:
        if self.status is Status.PLAYING:
            self.status = goal_status(self.goal, self.seat, self.start, view)
        return self.status


# ------------------------------------------------------------------- files
class PuzzleError(ValueError):
    """A puzzle file that cannot be played; the message names the file and the field."""


@dataclass(frozen=True)
class Puzzle:
    key: str  # "shipped/<stem>" or "mine/<stem>": what the progress file remembers
    path: Path
    source: str  # "shipped" or "mine"
    scenario: Scenario
    seat: int
    goal: Goal
    opponent: str
    difficulty: int
    hint: str

    @property
    def name(self) -> str:
        return self.scenario.name

    @property
    def description(self) -> str:
        return " ".join(self.scenario.description.split())

    @property
    def player(self) -> int:
        """The puzzle's player as written in files (1 or 2)."""
        return self.seat + 1

    def build(self) -> Duel:
        """The duel at the puzzle's start position."""
        return self.scenario.build()


@dataclass(frozen=True)
class BrokenPuzzle:
    """A file in a puzzles folder that could not be read; listed with its problem."""

    key: str
    path: Path
    source: str
    problem: str

    @property
    def name(self) -> str:
        return self.path.name


def puzzle_from(scenario: Scenario, path: Path, key: str, source: str) -> Puzzle:
    """The puzzle of a checked scenario (its `puzzle:` mapping was checked by the scenario
    reader, game/puzzle_spec.py; a scenario without one gets the defaults)."""
    spec = scenario.puzzle_spec
    if spec is None:
        try:
            spec = read_puzzle_spec(scenario.puzzle, scenario.start.get("turn_player", 0))
        except PuzzleFieldError as exc:
            raise PuzzleError(f"{scenario.source}: {exc}") from None
    return Puzzle(key, path, source, scenario, spec.seat, spec.goal, spec.opponent,
                  spec.difficulty, spec.hint)


def load_puzzle(path: Path, source: str = "shipped") -> Puzzle:
    """Read one puzzle file; PuzzleError (file and field) on any problem."""
    key = f"{source}/{path.stem}"
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        raise PuzzleError(" ".join(str(exc).split())) from None
    return puzzle_from(scenario, path, key, source)


def user_dir() -> Path:
    return storage.data_dir() / USER_FOLDER


def list_puzzles(shipped: Path | None = SHIPPED_DIR, mine: Path | None = None) -> list[Puzzle | BrokenPuzzle]:
    """Shipped puzzles (by file name), then the player's own; a bad file is a BrokenPuzzle."""
    mine = user_dir() if mine is None else mine
    out: list[Puzzle | BrokenPuzzle] = []
    for folder, source in ((shipped, "shipped"), (mine, "mine")):
        if folder is None or not folder.is_dir():
            continue
        try:
            files = scenario_files([folder])
        except OSError:
            continue
        for path in files:
            try:
                out.append(load_puzzle(path, source))
            except PuzzleError as exc:
                out.append(BrokenPuzzle(f"{source}/{path.stem}", path, source, str(exc)))
            except Exception as exc:  # never let one file take the list down
                out.append(BrokenPuzzle(f"{source}/{path.stem}", path, source,
                                        f"{path}: cannot be read: {type(exc).__name__}: {exc}"))
    return out


# ------------------------------------------------------------- the opponent
class PassingPlayer:
    """The 'pass' opponent: never answers, ends its turns, takes the first option of a choice."""

    def choose(self, view: PlayerView) -> Command:
        legal = view.legal_actions
        for kind in (Pass, EndTurn, NextPhase):
            for cmd in legal:
                if isinstance(cmd, kind):
                    return cmd
        return legal[0]


class ScriptedPlayer:
    """The 'script' opponent: plays its own moves of the solution, in order, whenever one is
    legal (a later one if an earlier one cannot happen any more, turn ends excepted), and
    otherwise passes like PassingPlayer, moving on through the phases rather than ending
    the turn early. A person who answers differently from the solution meets the same plan."""

    def __init__(self, script: Sequence[Command]) -> None:
        self.script = list(script)
        self.at = 0

    def choose(self, view: PlayerView) -> Command:
        legal = view.legal_actions
        rest = self.script[self.at:]
        for i, cmd in enumerate(rest):
            if cmd in legal and (i == 0 or not isinstance(cmd, (EndTurn, NextPhase))):
                self.at += i + 1
                return cmd
        for kind in (Pass, NextPhase, EndTurn):
            for cmd in legal:
                if isinstance(cmd, kind):
                    return cmd
        return legal[0]


def opponent_player(puzzle: Puzzle, script: Sequence[Command] = ()):
    """The Player for the puzzle's other seat (`script`: the solution's commands)."""
    if puzzle.opponent == "pass":
        return PassingPlayer()
    if puzzle.opponent == "script":
        return ScriptedPlayer([c for c in script if getattr(c, "player", None) == 1 - puzzle.seat])
    from game import ai

    return ai.make_player(puzzle.opponent, puzzle.scenario.seed + 1, pool=puzzle.scenario.pool,
                          rules=puzzle.scenario.rules)


# --------------------------------------------------------------- solutions
@dataclass
class SolutionRun:
    """A puzzle's solution played through the engine: the duel after it, every command
    accepted (in order), the scenario's failures, and the goal's status at the end."""

    duel: Duel
    commands: list[Command] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    status: Status = Status.PLAYING


class _Recorder(Runner):
    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.sent: list[Command] = []

    def apply(self, spec, cmd) -> None:  # type: ignore[no-untyped-def]
        super().apply(spec, cmd)  # raises when the command went otherwise than written
        if not spec.expect_rejected:
            self.sent.append(cmd)


def run_solution(puzzle: Puzzle) -> SolutionRun:
    """Play the file's commands; the goal is checked after every command."""
    rec = _Recorder(puzzle.scenario)
    tracker = GoalTracker(puzzle.goal, puzzle.seat, rec.duel.view(puzzle.seat))
    original = rec.run_command

    def run_command(spec) -> None:  # type: ignore[no-untyped-def]
        original(spec)
        tracker.check(rec.duel.view(puzzle.seat))

    rec.run_command = run_command  # type: ignore[method-assign]
    rec.run()
    return SolutionRun(rec.duel, rec.sent, rec.failures, tracker.status)


def play_out(puzzle: Puzzle, first: Sequence[Command], me, opponent, limit: int = 400) -> Status:
    """Start the puzzle, send `first` for the puzzle seat, then let `me` and `opponent`
    (Players) play until the goal is decided or `limit` commands; the final status."""
    duel = puzzle.build()
    tracker = GoalTracker(puzzle.goal, puzzle.seat, duel.view(puzzle.seat))
    for cmd in first:
        duel.apply(cmd)
        tracker.check(duel.view(puzzle.seat))
    for _ in range(limit):
        if tracker.status is not Status.PLAYING or duel.over:
            break
        seat = duel.deciding_player
        if seat is None:
            break
        player = me if seat == puzzle.seat else opponent
        duel.apply(player.choose(duel.view(seat)))
        tracker.check(duel.view(puzzle.seat))
    return tracker.status


# ---------------------------------------------------------------- progress
@dataclass
class Progress:
    """Which puzzles are solved. `problem` set: the file was not understood and is never
    written over (the player's data stays as it was)."""

    solved: set[str] = field(default_factory=set)
    path: Path | None = None
    problem: str = ""

    def is_solved(self, key: str) -> bool:
        return key in self.solved

    def mark(self, key: str) -> str | None:
        """Record `key` as solved and save; the reason as text when it was not saved."""
        if key in self.solved:
            return None
        self.solved.add(key)
        return self.save()

    def save(self) -> str | None:
        if self.problem:
            return f"progress not saved: {self.problem}"
        path = self.path or storage.data_dir() / PROGRESS_FILE
        try:
            atomic_write_text(path, dump_yaml({"solved": sorted(self.solved)}))
        except FileError as exc:
            return f"progress not saved: {exc}"
        return None


def load_progress(path: Path | None = None) -> Progress:
    """The progress file; empty when there is none; `problem` set when it is malformed."""
    path = path or storage.data_dir() / PROGRESS_FILE
    progress = Progress(path=path)
    if not path.exists() and not path.is_symlink():
        return progress
    try:
        data = load_yaml_file(path, "settings")
    except FileError as exc:
        progress.problem = f"{exc} (the file is left as it is)"
        return progress
    if data is None:
        return progress
    solved = data.get("solved", []) if isinstance(data, dict) else None
    if not isinstance(solved, list) or not all(isinstance(k, str) and len(k) <= 300 for k in solved):
        progress.problem = (f"{path}: expected 'solved:' with a list of puzzle names "
                            "(the file is left as it is)")
        return progress
    progress.solved = set(solved)
    return progress
