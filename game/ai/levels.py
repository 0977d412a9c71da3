"""The one list of computer opponents: each level's name, its label on screens, one line
that says what it is, and the factory that builds it.

Every screen, file check and tool that offers, checks or names a level reads `LEVELS` (or
`LEVEL_NAMES`, `level`, `make_player`): the duel setup, saved duels, replays, puzzles,
`simulate`, the benchmarks and main.py. A new level is one `Level` here. Importing this
module is cheap (no engine, no players): a level's player code is imported when it is built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.ai.goals import PlayGoal
    from game.engine import CardDef, Player, Rules


class Factory(Protocol):
    """Builds a level's player from a seed and what it may know besides its views."""

    def __call__(self, seed: int, *, pool: Mapping[str, CardDef] | None = None,
                 rules: Rules | None = None, deck: Sequence[str] | None = None,
                 opponent_deck: Sequence[str] | None = None, goal: PlayGoal | None = None,
                 **options: Any) -> Player: ...


@dataclass(frozen=True)
class Level:
    name: str  # what files, settings and the command line write
    label: str  # what screens show
    description: str  # one line: how it plays
    factory: Factory


def _random(seed: int, *, pool: Mapping[str, CardDef] | None = None, rules: Rules | None = None,
            deck: Sequence[str] | None = None, opponent_deck: Sequence[str] | None = None,
            goal: PlayGoal | None = None, **options: Any) -> Player:
    if goal is not None:  # any legal move, but none that fails the goal (players.py)
        from game.ai.players import RandomForGoal

        return RandomForGoal(seed, pool=pool, rules=rules, deck=deck,
                             opponent_deck=opponent_deck, goal=goal)
    from game.ai.random_player import RandomPlayer

    return RandomPlayer(seed)


def _easy(seed: int, *, pool: Mapping[str, CardDef] | None = None, rules: Rules | None = None,
          deck: Sequence[str] | None = None, opponent_deck: Sequence[str] | None = None,
          goal: PlayGoal | None = None, **options: Any) -> Player:
    from game.ai.players import EasyPlayer

    return EasyPlayer(seed, pool=pool, rules=rules, deck=deck, opponent_deck=opponent_deck,
                      goal=goal)


def _normal(seed: int, *, pool: Mapping[str, CardDef] | None = None, rules: Rules | None = None,
            deck: Sequence[str] | None = None, opponent_deck: Sequence[str] | None = None,
            goal: PlayGoal | None = None, **options: Any) -> Player:
    from game.ai.players import NormalPlayer

    return NormalPlayer(seed, pool=pool, rules=rules, deck=deck, opponent_deck=opponent_deck,
                        goal=goal)


def _hard(seed: int, *, pool: Mapping[str, CardDef] | None = None, rules: Rules | None = None,
          deck: Sequence[str] | None = None, opponent_deck: Sequence[str] | None = None,
          goal: PlayGoal | None = None, **options: Any) -> Player:
    from game.ai.search import HardPlayer

    return HardPlayer(seed, pool=pool, rules=rules, deck=deck, opponent_deck=opponent_deck,
                      goal=goal, **options)


LEVELS: tuple[Level, ...] = (
    Level("random", "Random", "plays any legal move: for testing", _random),
    Level("easy", "Easy", "simple, makes a beginner's mistakes", _easy),
    Level("normal", "Normal", "plays sensibly and quickly", _normal),
    Level("hard", "Hard", "thinks ahead: takes up to a second a move", _hard),
)
LEVEL_NAMES: tuple[str, ...] = tuple(lv.name for lv in LEVELS)
DEFAULT_LEVEL = "normal"  # what the duel setup offers first
_BY_NAME = {lv.name: lv for lv in LEVELS}


def level(name: str) -> Level:
    """The level called `name`; ValueError naming the levels otherwise."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown AI level {name!r}; one of {', '.join(LEVEL_NAMES)}") from None


def make_player(name: str, seed: int, *, pool: Mapping[str, CardDef] | None = None,
                rules: Rules | None = None, deck: Sequence[str] | None = None,
                opponent_deck: Sequence[str] | None = None, goal: PlayGoal | None = None,
                **options: Any) -> Player:
    """A computer player of level `name`; the same seed plays the same moves.

    What the player may know besides its views: the card pool and rules (default: the
    project's files), its own decklist (`deck`: every card id of its Main and Extra Deck)
    and, when it is public, the opponent's (`opponent_deck`). Without a decklist the hidden
    cards are guessed from the card pool. `goal` (game.ai.goals.PlayGoal): what it plays for
    besides winning the duel, a puzzle's goal for its side; its evaluation scores a met goal
    as a win and a failed one as a loss (Normal's and Hard's lookahead and search; Easy plays
    by rules of thumb and Random at random, so for them it changes nothing). `options` go to
    the Hard player (`budget`, `max_seconds`)."""
    return level(name).factory(seed, pool=pool, rules=rules, deck=deck,
                               opponent_deck=opponent_deck, goal=goal, **options)
