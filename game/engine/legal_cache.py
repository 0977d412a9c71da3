"""What listing legal actions keeps between commands, so a command only costs what its
changes could have touched.

One small object per duel (`Duel.legal_cache`). Every entry is keyed by the state versions
it was computed at (`Duel.version`, `Duel.field_version`, `Duel.cond_version` and the few
plain facts a judgment reads: phase, turn, whose turn); an entry whose key no longer matches
is simply recomputed. Nothing is keyed by object identity and nothing lives at module level,
so a clone (`copy`) carries equal answers and the two duels never share a mutable dict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .reasons import Refusal

if TYPE_CHECKING:
    from .commands import Command, SpecialSummon
    from .index import Slots
    from .model import Phase

# what the Extra Deck listing of a player reads (legal._extra_key)
ExtraKey = tuple[int, int, int, int, "Phase | None", "int | None", int]


class LegalCache:
    """Per-duel caches of `legal.py` (see the module docstring for what keys them)."""

    __slots__ = ("listing", "listing_version", "free", "extra", "responders", "refusals",
                 "reads")

    def __init__(self) -> None:
        self.listing: tuple[Command, ...] | None = None  # the whole legal_actions() answer ...
        self.listing_version = -1  # ... valid while Duel.version equals this
        self.free: list[tuple[int, Slots]] = [(-1, ())] * 4  # player * 2 + backrow ->
        # (field_version, free slots)
        self.extra: dict[int, tuple[ExtraKey, Slots, list[SpecialSummon]]] = {}  # player -> (key, free
        # Phantom slots, the SpecialSummons listed): the Extra Deck part of the listing
        self.responders: tuple[tuple[int, ...], list[int]] = ((), [])  # (field_version,
        # cond_version) -> Duel.responders in uid order
        self.refusals: dict[tuple[int, int], Refusal] = {}  # refusals naming numbers, built once (they
        # depend on their numbers only: shared by every copy)
        self.reads: dict[str, frozenset[str]] = {}  # what the pool's conditions read
        # (from card data only: shared by every copy, never from the state)

    def remember(self, listing: tuple[Command, ...], version: int) -> None:
        """The answer `legal_actions()` gives at `Duel.version == version`."""
        self.listing = listing
        self.listing_version = version

    def copy(self) -> LegalCache:
        new = LegalCache.__new__(LegalCache)
        new.listing = self.listing  # a tuple of immutable commands
        new.listing_version = self.listing_version
        new.free = self.free[:]
        new.extra = dict(self.extra)  # values are never changed in place
        new.responders = self.responders  # never changed in place
        new.refusals = self.refusals
        new.reads = self.reads
        return new
