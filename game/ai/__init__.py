"""Computer opponents. Each plays one seat through the `Player` protocol: it gets that
seat's `PlayerView` (never the duel) and answers with one of `view.legal_actions`.

`make_player(level, seed)` is the one door the UI, `simulate` and the benchmarks use, so a
level is a name everywhere ("random", "easy", "normal", "hard").
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Player

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


def _factories() -> dict[str, Callable[[int], Player]]:
    from game.ai.random_player import RandomPlayer

    return {level: RandomPlayer for level in LEVELS}  # the scripted levels replace these


def make_player(level: str, seed: int) -> Player:
    """A computer player of `level` (one of LEVELS); the same seed plays the same moves."""
    factories = _factories()
    if level not in factories:
        raise ValueError(f"unknown AI level {level!r}; one of {', '.join(LEVELS)}")
    return factories[level](seed)
