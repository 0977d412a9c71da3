"""A CardPool travels (to a simulate worker process or a cluster worker) as its cards alone."""

from __future__ import annotations

import pickle

from game.cards import load_card_set
from game.engine.index import CardPool


def test_a_pickled_pool_carries_its_cards_but_not_its_growing_index() -> None:
    pool = load_card_set()
    assert isinstance(pool, CardPool)
    pool.index.commands[("a key interned while duels were played",)] = "a command"
    copy = pickle.loads(pickle.dumps(pool))
    assert isinstance(copy, CardPool)
    assert dict(copy) == dict(pool)
    # the index is rebuilt where the pool lands: its interning table starts empty, so a
    # table growing on another thread is never iterated by the pickler
    assert copy.index.commands == {}
    assert copy.index.active_cids == pool.index.active_cids
