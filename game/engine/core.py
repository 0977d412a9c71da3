"""The duel's core: the fields every rule reads and writes, in a module below the rules.

The rule modules (query, legal, lines, primitives, effects, flow, ...) are functions over a
`DuelCore`: the state, the caches, the card pool and its index, the rules numbers and the
events of the command being applied. The `Duel` front (duel.py) is a `DuelCore` with the
command interface and the event record on top, so a rule never needs the front's module,
not even for its annotations, and nothing in the engine imports duel.py back.
"""

from __future__ import annotations

from collections.abc import Mapping

from .caches import Caches
from .carddefs import CardDef
from .events import Event
from .index import PoolIndex, pool_index
from .rules import Rules
from .state import DuelState


class DuelCore:
    """What the rules of one duel work on. None of the rule modules assigns an attribute of
    it: they change `state` in place, `caches` through its methods and add to `out`.

    - `pool`: the card definitions as given; `defs` the same cards as a plain dict (what
      the rules read: `PoolIndex.defs` says why); `index` the pool's derived facts.
    - `rules`: the rules file's numbers.
    - `state`: everything saved and hashed (state.py); `caches`: everything derived from it
      to go fast (caches.py).
    - `out`: the events of the command being applied (the front takes them when it ends).
    """

    pool: Mapping[str, CardDef]
    rules: Rules
    index: PoolIndex
    defs: dict[str, CardDef]
    state: DuelState
    caches: Caches
    out: list[Event]

    def __init__(self, pool: Mapping[str, CardDef], rules: Rules, state: DuelState) -> None:
        self.pool = pool
        self.rules = rules
        self.index = pool_index(pool)
        self.defs = self.index.defs
        self.state = state
        self.caches = Caches()
        self.out = []

    def copy_core(self, new: DuelCore) -> None:
        """Give `new` (a bare object of this class) an exact, independent copy of this core:
        the one list of what a clone shares (what is fixed for the duel's life), copies (the
        state; the caches, onto the copied cards) and starts afresh (`out`). Written out
        rather than looped over names: a clone is the search AIs' hot path, and the fields
        are set in `__init__`'s order, so a clone's attributes stay as fast to read."""
        new.pool = self.pool
        new.rules = self.rules
        new.index = self.index
        new.defs = self.defs
        st = new.state = self.state.copy()
        new.caches = self.caches.copy(st.cards)
        new.out = []
