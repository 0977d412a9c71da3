"""Computer opponents. Each plays one seat through the `Player` protocol: it gets that
seat's `PlayerView` (never the duel) and answers with one of `view.legal_actions`.

`make_player(level, seed)` is the one door the UI, `simulate` and the benchmarks use, so a
level is a name everywhere ("random", "easy", "normal", "hard").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine import CardDef, Player, Rules

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


def make_player(level: str, seed: int, *, pool: Mapping[str, CardDef] | None = None,
                rules: Rules | None = None, deck: Sequence[str] | None = None,
                opponent_deck: Sequence[str] | None = None, **options) -> Player:
    """A computer player of `level` (one of LEVELS); the same seed plays the same moves.

    What the player may know besides its views: the card pool and rules (default: the
    project's files), its own decklist (`deck`: every card id of its Main and Extra Deck)
    and, when it is public, the opponent's (`opponent_deck`). Without a decklist the hidden
    cards are guessed from the card pool. `options` go to the Hard player (`budget`,
    `max_seconds`)."""
    if level == "random":
        from game.ai.random_player import RandomPlayer

        return RandomPlayer(seed)
    knowledge: dict[str, Any] = dict(pool=pool, rules=rules, deck=deck,
                                     opponent_deck=opponent_deck)
    if level == "easy":
        from game.ai.players import EasyPlayer

        return EasyPlayer(seed, **knowledge)
    if level == "normal":
        from game.ai.players import NormalPlayer

        return NormalPlayer(seed, **knowledge)
    if level == "hard":
        from game.ai.search import HardPlayer

        return HardPlayer(seed, **knowledge, **options)
    raise ValueError(f"unknown AI level {level!r}; one of {', '.join(LEVELS)}")
