"""What the engine derives once per card pool and shares between every duel of that pool.

Card definitions are frozen, so the sets of card ids that can be activated, answer a Step,
carry continuous effects or watch for triggers never change: building them once per pool
keeps duel setup and `Duel.clone()` cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .carddefs import SELF_TRIGGERS, CardDef, CardType, Start


@dataclass(frozen=True)
class PoolIndex:
    """Facts about card ids of one pool; `commands` interns immutable command objects."""

    active_cids: frozenset[str]
    spirit_cids: frozenset[str]
    phantom_cids: frozenset[str]
    response_cids: frozenset[str]
    statics: Mapping[str, tuple]  # cid -> ((StaticEffect, condition), ...)
    watches: Mapping[str, tuple[str, ...]]  # cid -> triggers it watches on other cards
    printed: Mapping[str, tuple]  # cid -> its stats as printed, in views.stats_of's shape
    commands: dict = field(default_factory=dict, compare=False)
    # free-slot tuples interned for the index's lifetime, so `commands` may key on their id()
    slot_sets: dict = field(default_factory=dict, compare=False)


_INDEXES: dict[int, tuple[Mapping[str, CardDef], PoolIndex]] = {}


def pool_index(pool: Mapping[str, CardDef]) -> PoolIndex:
    """The index of `pool`, built on first use (the pool object is kept alive with it)."""
    got = _INDEXES.get(id(pool))
    if got is not None and got[0] is pool:
        return got[1]
    statics: dict[str, tuple] = {}
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
    index = PoolIndex(
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
    )
    if len(_INDEXES) > 64:  # pools made on the fly (tests, scenarios with inline cards)
        _INDEXES.clear()
    _INDEXES[id(pool)] = (pool, index)
    return index
