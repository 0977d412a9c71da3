"""The simplest opponent: a uniformly random legal command.

It is the baseline for balance runs and the engine benchmark, so it must be cheap and
reproducible: its own seeded `random.Random`, never the global one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomPlayer:
    """Picks uniformly among the legal commands; the same seed gives the same picks."""

    __slots__ = ("rng",)

    def __init__(self, seed: int | str | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, duel_or_actions: Any) -> Any:
        """One command from `duel.legal_actions()` (or from a given list of commands)."""
        legal = getattr(duel_or_actions, "legal_actions", None)
        actions: Sequence = legal() if legal is not None else duel_or_actions
        if not actions:
            raise ValueError("no legal commands to choose from")
        return actions[self.rng.randrange(len(actions))]
