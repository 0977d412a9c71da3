"""What listing legal actions keeps between commands, so a command only costs what its
changes could have touched.

One small object per duel (`Duel.legal_cache`). Every entry is keyed by the state versions
it was computed at (`Duel.version`, `Duel.field_version`, `Duel.cond_version` and the few
plain facts a judgment reads: phase, turn, whose turn); an entry whose key no longer matches
is simply recomputed. Nothing is keyed by object identity and nothing lives at module level,
so a clone (`copy`) carries equal answers and the two duels never share a mutable dict.
"""

from __future__ import annotations

from typing import Any


class LegalCache:
    """Per-duel caches of `legal.py` (see the module docstring for what keys them)."""

    __slots__ = ("listing", "listing_version", "free", "extra", "ability", "reads")

    def __init__(self) -> None:
        self.listing: tuple | None = None  # the whole legal_actions() answer ...
        self.listing_version = -1  # ... valid while Duel.version equals this
        self.free: dict[tuple[int, bool], tuple[int, tuple]] = {}  # (player, backrow) ->
        # (field_version, free slots)
        self.extra: dict[tuple[int, int], tuple[tuple, Any]] = {}  # (uid, player) ->
        # (key, Refusal | None): an Extra Deck card's summon condition and materials
        self.ability: dict[tuple[int, int, int], tuple[tuple, Any]] = {}  # (uid, index,
        # player) -> (key, (Refusal | None, target sets, Activates)) at an open state
        self.reads: dict = {}  # card id or (card id, index) -> what its conditions read
        # (derived from card data only: shared by every copy, never from the state)

    def remember(self, listing: tuple, version: int) -> None:
        """The answer `legal_actions()` gives at `Duel.version == version`."""
        self.listing = listing
        self.listing_version = version

    def copy(self) -> LegalCache:
        new = LegalCache.__new__(LegalCache)
        new.listing = self.listing  # a tuple of immutable commands
        new.listing_version = self.listing_version
        new.free = dict(self.free)
        new.extra = dict(self.extra)
        new.ability = dict(self.ability)
        new.reads = self.reads
        return new
