"""The `puzzle:` mapping of a scenario file: who you are, the goal, the other seat, how hard.

Read by the scenario reader (game/play/scenario/reader.py `load_scenario`), so `main.py scenario`, the
Puzzles screen and every test see the same file the same way: a puzzle the screen would
refuse is refused everywhere, with the same one line (file, field, problem). Goals are
judged by game/play/puzzles.py. No engine, no files here: plain data in, a `PuzzleSpec` out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.ai.levels import LEVEL_NAMES
from game.files.yamlio import brief

GOAL_KINDS = ("win_this_turn", "win_by_round", "lp_this_turn", "survive_until_round")
OPPONENTS = ("pass", "script", *LEVEL_NAMES)  # a passing player, the solution, a computer level
# what plays where the script does not fit: `{script: LEVEL}`, or passing for a plain `script`
OTHERWISE = ("pass", *LEVEL_NAMES)
PUZZLE_KEYS = {"player", "goal", "opponent", "difficulty", "hint"}
MAX_DIFFICULTY = 5
MAX_HINT = 400
MAX_ROUND = 10_000
MAX_LP = 1_000_000_000


class PuzzleFieldError(ValueError):
    """A field of the `puzzle:` mapping that is wrong: `where` (puzzle.goal) and `problem`."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Goal:
    """What the puzzle asks. `value` is the round (win_by_round, survive_until_round) or the
    LP to bring the opponent down to (lp_this_turn); win_this_turn has none."""

    kind: str
    value: int = 0

    def describe(self) -> str:
        if self.kind == "win_this_turn":
            return "Win this turn."
        if self.kind == "win_by_round":
            return f"Win by the end of round {self.value}."
        if self.kind == "lp_this_turn":
            return f"Bring your opponent to {self.value:,} LP or less this turn."
        return f"Survive: still be standing when round {self.value} begins."


@dataclass(frozen=True)
class PuzzleSpec:
    """A checked `puzzle:` mapping (defaults filled in)."""

    seat: int  # 0 or 1 (files write 1 or 2)
    goal: Goal
    opponent: str  # pass, script, or a level
    difficulty: int
    hint: str
    otherwise: str = "pass"  # `script`: what plays where the script does not fit

    def describe_opponent(self) -> str:
        """`script, else normal`, `pass`, `hard`: the opponent in a few words."""
        if self.opponent == "script" and self.otherwise != "pass":
            return f"script, else {self.otherwise}"
        return self.opponent


def _whole(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleFieldError(f"puzzle.{where}", f"expected a whole number, got {brief(value)}")
    if not lo <= value <= hi:
        raise PuzzleFieldError(f"puzzle.{where}", f"expected {lo} to {hi:,}, got {brief(value)}")
    return value


def read_goal(value: Any) -> Goal:
    """`win_this_turn`, or a one-key mapping such as `{win_by_round: 3}`."""
    if value == "win_this_turn":
        return Goal("win_this_turn")
    if isinstance(value, str):
        if value in GOAL_KINDS:
            raise PuzzleFieldError("puzzle.goal", f"{value} needs a number: write {{{value}: N}}")
        raise PuzzleFieldError("puzzle.goal", f"unknown goal {brief(value)}; one of "
                                              f"{', '.join(GOAL_KINDS)}")
    if not isinstance(value, Mapping) or len(value) != 1:
        raise PuzzleFieldError("puzzle.goal", "expected win_this_turn or one of {win_by_round: "
                                              "N}, {lp_this_turn: LP}, {survive_until_round: "
                                              f"N}}; got {brief(value)}")
    ((kind, number),) = value.items()
    if kind not in GOAL_KINDS or kind == "win_this_turn":
        raise PuzzleFieldError("puzzle.goal", f"unknown goal {brief(kind)}; one of "
                                              f"{', '.join(GOAL_KINDS)}")
    if kind == "lp_this_turn":
        return Goal(kind, _whole(number, f"goal.{kind}", 0, MAX_LP))
    return Goal(kind, _whole(number, f"goal.{kind}", 1, MAX_ROUND))


def read_puzzle_spec(raw: Any, turn_player: int) -> PuzzleSpec:
    """Check every field of a `puzzle:` mapping (None: no mapping, the defaults);
    PuzzleFieldError names the first wrong one."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise PuzzleFieldError("puzzle", f"expected a mapping (see docs/scenarios.md), got "
                                         f"{brief(raw)}")
    unknown = set(raw) - PUZZLE_KEYS
    if unknown:
        shown = ", ".join(sorted(brief(k, 30) for k in unknown)[:10])
        raise PuzzleFieldError("puzzle", f"unknown field(s) [{shown}]; expected some of "
                                         f"{sorted(PUZZLE_KEYS)}")
    seat = _whole(raw["player"], "player", 1, 2) - 1 if "player" in raw else turn_player
    goal = read_goal(raw.get("goal", "win_this_turn"))
    opponent, otherwise = read_opponent(raw.get("opponent", "pass"))
    difficulty = _whole(raw.get("difficulty", 1), "difficulty", 1, MAX_DIFFICULTY)
    hint = raw.get("hint", "")
    if not isinstance(hint, str):
        raise PuzzleFieldError("puzzle.hint", f"expected text, got {brief(hint)}")
    hint = " ".join(hint.split())
    if len(hint) > MAX_HINT:
        raise PuzzleFieldError("puzzle.hint", f"at most {MAX_HINT} characters, got {len(hint)}")
    return PuzzleSpec(seat, goal, opponent, difficulty, hint, otherwise)


def read_opponent(value: Any) -> tuple[str, str]:
    """`pass`, `script`, a level, or `{script: LEVEL}` (the solution's answers where they fit,
    that level elsewhere) -> (opponent, otherwise)."""
    if isinstance(value, Mapping):
        if len(value) != 1 or "script" not in value:
            raise PuzzleFieldError("puzzle.opponent", "expected {script: LEVEL} (one of "
                                                      f"{', '.join(OTHERWISE)}), got {brief(value)}")
        level = value["script"]
        if not isinstance(level, str) or level not in OTHERWISE:
            raise PuzzleFieldError("puzzle.opponent.script", f"expected one of "
                                                             f"{', '.join(OTHERWISE)}, got "
                                                             f"{brief(level)}")
        return "script", level
    if not isinstance(value, str) or value not in OPPONENTS:
        raise PuzzleFieldError("puzzle.opponent", f"expected one of {', '.join(OPPONENTS)} or "
                                                  f"{{script: LEVEL}}, got {brief(value)}")
    return value, "pass"
