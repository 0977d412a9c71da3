"""Puzzles: scenario files played from one seat towards a goal.

A puzzle is a scenario file (game.play.scenario, docs/scenarios.md) with an optional `puzzle:`
mapping: which player you are, the goal, who plays the other seat, a difficulty and a hint.
The scenario's `commands` are the puzzle's solution (tests run every shipped solution and
check that it meets the goal). Shipped puzzles live in `assets/puzzles/` (resources.PUZZLE_DIR), the
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
from typing import Any

from game.ai.goals import SURVIVE, WIN_BY, PlayGoal
from game.ai.seeds import player_seed
from game.engine import Command, Duel, EndTurn, NextPhase, Pass, Player, PlayerView
from game.files import folders
from game.files.fileio import FileError, atomic_write_text, load_yaml_file
from game.files.resources import PUZZLE_DIR
from game.files.yamlio import dump_yaml
from game.play.puzzle_spec import (  # noqa: F401 - re-exported: the puzzle vocabulary
    GOAL_KINDS,
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
from game.play.puzzle_spec import MAX_DIFFICULTY as MAX_DIFFICULTY  # the screen's stars
from game.play.scenario import Runner, Scenario, ScenarioError, load_scenario, scenario_files

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
    otherwise: str = "pass"  # a `script` opponent's level where the script does not fit

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
    reader, game/play/puzzle_spec.py; a scenario without one gets the defaults)."""
    spec = scenario.puzzle_spec
    if spec is None:
        try:
            spec = read_puzzle_spec(scenario.puzzle, scenario.start.get("turn_player", 0))
        except PuzzleFieldError as exc:
            raise PuzzleError(f"{scenario.source}: {exc}") from None
    return Puzzle(key, path, source, scenario, spec.seat, spec.goal, spec.opponent,
                  spec.difficulty, spec.hint, spec.otherwise)


def load_puzzle(path: Path, source: str = "shipped") -> Puzzle:
    """Read one puzzle file; PuzzleError (file and field) on any problem."""
    key = f"{source}/{path.stem}"
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        raise PuzzleError(" ".join(str(exc).split())) from None
    return puzzle_from(scenario, path, key, source)


def user_dir() -> Path:
    return folders.data_dir() / USER_FOLDER


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
Cue = tuple[object, ...]  # the situation a command answers (see `cue_of`)


def cue_of(view: PlayerView) -> Cue:
    """What the deciding player's command answers: the pending choice (its kind and options),
    else the Step on top of the open Lines (its kind, card, targets and player), else its own
    turn and phase. Two runs of a puzzle from the same position see the same cue for the same
    situation (card uids are fixed by the position), whatever happened before it."""
    c = view.choice
    if c is not None:
        return ("choice", str(c.kind), c.count, tuple(o.value for o in c.options))
    for line in reversed(view.lines):
        if line:
            top = line[-1]
            return ("step", top.kind, top.card, top.ability, top.targets, top.player)
    return ("turn", view.turn, view.phase.value)


@dataclass(frozen=True)
class Move:
    """One recorded command and the situation it answered."""

    cue: Cue
    command: Command


class PassingPlayer:
    """The 'pass' opponent: never answers a Step, never acts on its own turn (it ends each of
    its turns at once), takes the first option of a choice it must make."""

    def choose(self, view: PlayerView) -> Command:
        legal = view.legal_actions
        for kind in (Pass, EndTurn, NextPhase):
            for cmd in legal:
                if isinstance(cmd, kind):
                    return cmd
        return legal[0]


class MovingOn:
    """Passes, and on its own turn walks through every phase (Next Phase before End Turn):
    what a plain `script` opponent does where its script does not fit."""

    def choose(self, view: PlayerView) -> Command:
        legal = view.legal_actions
        for kind in (Pass, NextPhase, EndTurn):
            for cmd in legal:
                if isinstance(cmd, kind):
                    return cmd
        return legal[0]


class ScriptedPlayer:
    """Plays a recorded line by situation, not by index: at each decision it plays the first
    unused recorded move whose cue (`cue_of`) is the situation now and that is legal now, and
    otherwise lets `otherwise` decide (default `MovingOn`). So a Counter recorded against one
    attack answers that attack whenever it comes, in any order, and nothing is skipped for
    good because another move came first.

    With `leaves=True` (a puzzle's `script` opponent) its own turn is a plan played in order:
    when the next recorded move of its own turn is not the situation now (another turn or
    phase) or is not legal now (a wrong answer broke the target it was recorded against), the
    duel has left the recording and `otherwise` plays the rest of the duel (`departed`). Its
    answers to Steps and choices stay by situation; a Step or choice the recording never met
    is left to `otherwise` for that one decision."""

    def __init__(self, moves: Sequence[Move], otherwise: Player | None = None,
                 leaves: bool = False) -> None:
        self.moves = list(moves)
        self.used = [False] * len(self.moves)
        self.otherwise: Player = otherwise if otherwise is not None else MovingOn()
        self.leaves = leaves
        self.departed = False  # the duel left the recording: `otherwise` plays from now on
        self.scripted = 0  # decisions the script answered
        self.improvised = 0  # decisions `otherwise` made

    def _pick(self, view: PlayerView) -> int | None:
        """The recorded move to play now (its index), else None; sets `departed` when the own
        turn's plan no longer fits (with `leaves`)."""
        if self.departed:
            return None
        legal = view.legal_actions
        cue = cue_of(view)
        if self.leaves and cue[0] == "turn":
            nxt = next((i for i, m in enumerate(self.moves)
                        if not self.used[i] and m.cue[0] == "turn"), None)
            if nxt is not None and self.moves[nxt].cue == cue and self.moves[nxt].command in legal:
                return nxt
            self.departed = True
            return None
        for i, move in enumerate(self.moves):
            if not self.used[i] and move.cue == cue and move.command in legal:
                return i
        return None

    def choose(self, view: PlayerView) -> Command:
        i = self._pick(view)
        if i is not None:
            self.used[i] = True
            self.scripted += 1
            return self.moves[i].command
        self.improvised += 1
        return self.otherwise.choose(view)

    def catch_up(self, view: PlayerView, command: Command) -> None:
        """`command` was played at `view` (this seat's, before it) without asking this player
        (a puzzle resumed after a crash re-applies its journal): note it as `choose` would."""
        i = self._pick(view)
        if i is not None:
            if self.moves[i].command == command:
                self.used[i] = True
            elif self.leaves:
                self.departed = True

    def undo_state(self) -> object:
        """Which recorded moves are used and whether the duel left the recording: kept with
        a person's undo mark (game/ui/duel/undo.py)."""
        return (list(self.used), self.departed)

    def undo_restore(self, state: object) -> None:
        """Back to the moves used at the mark (the ones played since were taken back)."""
        if isinstance(state, tuple) and len(state) == 2 and isinstance(state[0], list) \
                and len(state[0]) == len(self.used):
            self.used = [bool(u) for u in state[0]]
            self.departed = bool(state[1])
        forget = getattr(self.otherwise, "forget", None)
        if callable(forget):
            forget()


def catch_up(player: Player, puzzle: Puzzle, commands: Sequence[Command]) -> None:
    """Tell a `ScriptedPlayer` opponent the commands already played from the puzzle's start
    (a resumed attempt), so it knows which recorded moves are used and whether the duel has
    left the recording. Any other Player is left as it is."""
    if not isinstance(player, ScriptedPlayer):
        return
    duel = puzzle.build()
    other = 1 - puzzle.seat
    for cmd in commands:
        if cmd.player == other:
            player.catch_up(duel.view(other), cmd)
        duel.apply(cmd)


def opponent_goal(goal: Goal, start_turn: int) -> PlayGoal:
    """The other seat's goal: what makes the puzzle fail. Denying a win (or an LP target)
    by the deadline, or bringing the puzzle player down before the round they must reach."""
    if goal.kind == "win_this_turn":
        return PlayGoal(SURVIVE, start_turn, draw_ok=True)
    if goal.kind == "lp_this_turn":
        return PlayGoal(SURVIVE, start_turn, lp_floor=goal.value, draw_ok=True)
    if goal.kind == "win_by_round":
        return PlayGoal(SURVIVE, 2 * goal.value, draw_ok=True)
    return PlayGoal(WIN_BY, 2 * goal.value - 2, draw_ok=True)  # survive_until_round


def player_goal(goal: Goal, start_turn: int) -> PlayGoal:
    """The puzzle's goal for its own seat, for a computer level playing the puzzle."""
    if goal.kind == "win_this_turn":
        return PlayGoal(WIN_BY, start_turn)
    if goal.kind == "lp_this_turn":
        return PlayGoal(WIN_BY, start_turn, lp_target=goal.value)
    if goal.kind == "win_by_round":
        return PlayGoal.win_by_round(goal.value)
    return PlayGoal.survive_until_round(goal.value)


def level_player(puzzle: Puzzle, level: str, seat: int, seed: int | None = None,
                 **options: Any) -> Player:
    """A computer level playing `seat` of the puzzle for that seat's goal, knowing its own
    cards (all it owns in the position) and seeded from the file's seed (or `seed`: a hint's)."""
    from game import ai

    turn = puzzle.scenario.start.get("turn", 1)
    goal = player_goal(puzzle.goal, turn) if seat == puzzle.seat \
        else opponent_goal(puzzle.goal, turn)
    duel = puzzle.build()
    deck = [c.cid for c in duel.cards if c.owner == seat]
    if seed is None:
        seed = player_seed(puzzle.scenario.seed, "puzzle", seat)
    return ai.make_player(level, seed, pool=puzzle.scenario.pool,
                          rules=puzzle.scenario.rules, deck=deck, goal=goal, **options)


def opponent_player(puzzle: Puzzle, moves: Sequence[Move] = ()) -> Player:
    """The Player for the puzzle's other seat (`moves`: the solution's, `SolutionRun.moves`):
    `pass`; `script` (its own moves of the solution by situation, else moving on, or else the
    level of `{script: LEVEL}`, playing for its side's goal; once its own turn leaves the
    recording, moving on or the level for the rest of the duel); or a level for its side's
    goal."""
    other = 1 - puzzle.seat
    if puzzle.opponent == "pass":
        return PassingPlayer()
    if puzzle.opponent == "script":
        otherwise = MovingOn() if puzzle.otherwise == "pass" \
            else level_player(puzzle, puzzle.otherwise, other)
        return ScriptedPlayer([m for m in moves if m.command.player == other], otherwise,
                              leaves=True)
    return level_player(puzzle, puzzle.opponent, other)


# --------------------------------------------------------------- solutions
@dataclass
class SolutionRun:
    """A puzzle's solution played through the engine: the duel after it, every command
    accepted (in order) with the situation it answered, the scenario's failures, and the
    goal's status at the end."""

    duel: Duel
    commands: list[Command] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    status: Status = Status.PLAYING
    moves: list[Move] = field(default_factory=list)


class _Recorder(Runner):
    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.sent: list[Command] = []
        self.moves: list[Move] = []

    def apply(self, spec, cmd) -> None:  # type: ignore[no-untyped-def]
        cue = cue_of(self.duel.view(spec.player)) if not spec.expect_rejected else ()
        super().apply(spec, cmd)  # raises when the command went otherwise than written
        if not spec.expect_rejected:
            self.sent.append(cmd)
            self.moves.append(Move(cue, cmd))


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
    return SolutionRun(rec.duel, rec.sent, rec.failures, tracker.status, rec.moves)


def play_out(puzzle: Puzzle, first: Sequence[Command], me: Player, opponent: Player,
             limit: int = 400) -> Status:
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


def check_line(puzzle: Puzzle, run: SolutionRun | None = None) -> str | None:
    """The solution's moves for the puzzle's player, played by situation against the puzzle's
    own opponent (`opponent_player`): None when they meet the goal, else why not. What
    `main.py scenario` checks for every file with a `puzzle:` mapping."""
    run = run if run is not None else run_solution(puzzle)
    if run.failures:
        return None  # the scenario itself failed: that is reported already
    mine = ScriptedPlayer([m for m in run.moves if m.command.player == puzzle.seat])
    status = play_out(puzzle, [], mine, opponent_player(puzzle, run.moves))
    if status is Status.SOLVED:
        return None
    spec = puzzle.scenario.puzzle_spec
    who = spec.describe_opponent() if spec is not None else puzzle.opponent
    return (f"puzzle: the solution's moves for player {puzzle.player} do not meet the goal "
            f"({puzzle.goal.describe()}) against the puzzle's opponent ({who}): {status.value}")


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
        path = self.path or folders.data_dir() / PROGRESS_FILE
        try:
            atomic_write_text(path, dump_yaml({"solved": sorted(self.solved)}))
        except FileError as exc:
            return f"progress not saved: {exc}"
        return None


def load_progress(path: Path | None = None) -> Progress:
    """The progress file; empty when there is none; `problem` set when it is malformed."""
    path = path or folders.data_dir() / PROGRESS_FILE
    progress = Progress(path=path)
    if not path.exists() and not path.is_symlink():
        return progress
    try:
        data = load_yaml_file(path, "progress")
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
