"""The simplest opponent: a uniformly random legal command.

It is the baseline for balance runs and the engine benchmark, so it must be cheap and
reproducible: its own seeded `random.Random`, never the global one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Command, PlayerView


class RandomPlayer:
    """Picks uniformly among the legal commands; the same seed gives the same picks."""

    __slots__ = ("rng",)

    def __init__(self, seed: int | str | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView | Sequence[Command]) -> Command:
        """One of the view's legal actions (or of a given sequence of commands)."""
        actions = view.legal_actions if isinstance(view, PlayerView) else view
        if not actions:
            raise ValueError("no legal commands to choose from")
        return actions[self.rng.randrange(len(actions))]
