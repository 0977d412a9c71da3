"""What the engine derives once per card pool and shares between every duel of that pool.

Card definitions are frozen, so the sets of card ids that can be activated, answer a Step,
carry continuous effects or watch for triggers never change: building them once per pool
keeps duel setup and `Duel.clone()` cheap. A `CardPool` (what the card loader returns) holds
its index, so every duel of that pool shares one; any other mapping gets an index of its own
per duel (a pool made on the fly: a test, a scenario with inline cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .carddefs import SELF_TRIGGERS, CardDef, CardType, Condition, Start, StaticEffect
from .model import Stats

# a card's continuous effect and its condition (Ability.static, Ability.condition)
StaticPair = tuple[StaticEffect, "Condition | None"]
# free (zone name, index) slots
Slots = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class PoolIndex:
    """Facts about card ids of one pool; `commands` interns immutable command objects."""

    active_cids: frozenset[str]
    spirit_cids: frozenset[str]
    phantom_cids: frozenset[str]
    response_cids: frozenset[str]
    statics: Mapping[str, tuple[StaticPair, ...]]  # cid -> ((StaticEffect, condition), ...)
    watches: Mapping[str, tuple[str, ...]]  # cid -> triggers it watches on other cards
    printed: Mapping[str, Stats]  # cid -> its stats as printed, in views.stats_of's shape
    # the pool's cards as a plain dict (what `Duel.defs` reads: a CardPool is a dict
    # subclass, whose `[]` goes through a slow generic slot on CPython 3.11)
    defs: dict[str, CardDef]
    # key (command class, player, uid[, free slots as a value]) -> its command or list of
    # commands: immutable objects, shared by every duel of the pool (keys are values only)
    commands: dict[tuple[object, ...], Any] = field(default_factory=dict, compare=False)


class CardPool(dict[str, CardDef]):
    """A card set (card id -> CardDef) that holds its `PoolIndex`, built on first use.
    Treat it as frozen: the index is not rebuilt if cards are added later.

    `sources` (card id -> text) is where each card came from, for the card reader: its own
    mapping as its card file wrote it, which a saved duel keeps (game/play/played_under.py).
    The engine never reads it; it lives and dies with the pool."""

    __slots__ = ("_index", "sources")

    def __init__(self, cards: Mapping[str, CardDef] | Iterable[tuple[str, CardDef]] = (),
                 sources: Mapping[str, str] | None = None) -> None:
        super().__init__(cards)
        self.sources: dict[str, str] = dict(sources) if sources else {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the cards and their sources: the index (whose command interning table
        grows while duels are played, perhaps on another thread of a cluster worker that is
        sending the pool to a peer) is rebuilt on first use wherever the pool lands."""
        return (CardPool, (dict(self), self.sources))

    @property
    def index(self) -> PoolIndex:
        got = getattr(self, "_index", None)
        if got is None:
            got = self._index = build_index(self)
        return got


def merged(*pools: Mapping[str, CardDef]) -> CardPool:
    """One pool of these pools' cards, a later pool's card replacing an earlier one of the
    same id, each card with its own source (when it came from a CardPool that had one)."""
    cards: dict[str, CardDef] = {}
    sources: dict[str, str] = {}
    for pool in pools:
        cards.update(pool)
        known = pool.sources if isinstance(pool, CardPool) else {}
        for cid in pool:
            if cid in known:
                sources[cid] = known[cid]
            else:
                sources.pop(cid, None)
    return CardPool(cards, sources)


def pool_index(pool: Mapping[str, CardDef]) -> PoolIndex:
    """The index of `pool`: the one a CardPool holds, else a new one."""
    if isinstance(pool, CardPool):
        return pool.index
    return build_index(pool)


def build_index(pool: Mapping[str, CardDef]) -> PoolIndex:
    statics: dict[str, tuple[StaticPair, ...]] = {}
    watches: dict[str, tuple[str, ...]] = {}
    for cid, cdef in pool.items():
        found = tuple((ab.static, ab.condition) for ab in cdef.abilities
                      if ab.start is Start.STATIC and ab.static is not None)
        if found:
            statics[cid] = found
        trig = tuple(dict.fromkeys(
            ab.trigger for ab in cdef.abilities
            if ab.start is Start.TRIGGER and ab.trigger is not None
            and (ab.trigger not in SELF_TRIGGERS or ab.of)))
        if trig:
            watches[cid] = trig
    return PoolIndex(
        active_cids=frozenset(cid for cid, cdef in pool.items() if cdef.activatable),
        spirit_cids=frozenset(cid for cid, cdef in pool.items()
                              if cdef.type is CardType.SPIRIT),
        phantom_cids=frozenset(cid for cid, cdef in pool.items() if cdef.is_phantom),
        response_cids=frozenset(
            cid for cid, cdef in pool.items()
            if any(ab.start is Start.RESPONSE for ab in cdef.abilities)
            or (cdef.type is CardType.COUNTER and cdef.playable_alone)),
        statics=statics,
        watches=watches,
        printed={cid: ((cdef.atk, cdef.health, cdef.health, cdef.level, ()) if cdef.is_phantom
                       else (None, None, None, None, ()))
                 for cid, cdef in pool.items()},
        defs=dict(pool),
    )
