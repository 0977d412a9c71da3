"""Plans of card data (docs/engine.md, "Plans of card data"): a selector or condition is
turned into a function the first time the engine reads it and kept on the frozen object.
The plan is not card data: equality and pickling ignore it, and a definition-only answer
kept for one pool never answers for another pool that defines the same card id otherwise."""

from __future__ import annotations

import pickle
from dataclasses import replace

from game.engine import Duel
from game.engine.carddefs import Condition, Selector
from game.engine.query import check, count, select
from tests.engine.test_fuzz import decks
from tests.kit import base_pool, rules


def _play_out(pool, seed: int) -> Duel:
    a, b = decks()[:2]
    duel = Duel(pool, rules(), [a.spec(), b.spec()], seed)
    while not duel.over:
        actions = duel.legal_actions()
        duel.apply(actions[(duel.version * 7919) % len(actions)])
    return duel


def test_a_used_pool_pickles_without_its_plans_and_the_copy_plays_the_same():
    pool = base_pool()
    played = _play_out(pool, 3)
    planned = [ab.condition for cdef in pool.values() for ab in cdef.abilities
               if ab.condition is not None and ab.condition.plan_ is not None]
    assert planned, "playing a duel plans some conditions"
    copy = pickle.loads(pickle.dumps(pool))
    assert all(ab.condition.plan_ is None for cdef in copy.values() for ab in cdef.abilities
               if ab.condition is not None)
    again = _play_out(copy, 3)
    assert again.state.history == played.state.history
    assert again.event_log == played.event_log


def test_a_planned_selector_equals_and_hashes_as_before():
    sel = Selector(side="you", types=("phantom",), tags=("ember",))
    fresh = Selector(side="you", types=("phantom",), tags=("ember",))
    before = hash(sel)
    duel = _play_out(base_pool(), 1)
    select(duel, sel, 0, -1)
    assert sel.plan_ is not None and fresh.plan_ is None
    assert sel == fresh and hash(sel) == before == hash(fresh)
    assert repr(sel) == repr(fresh)


def test_a_kept_definition_answer_follows_the_duels_own_pool():
    """The same selector object read in two duels whose pools define a card id differently
    (tags): each duel is answered by its own definition."""
    pool = base_pool()
    duel = _play_out(pool, 5)
    on_field = [u for ps in duel.state.players for u in ps.slots["phantom"] if u is not None]
    assert on_field, "the duel ends with a Phantom on the field"
    uid = on_field[0]
    cid = duel.state.cards[uid].cid
    owner = duel.state.cards[uid].controller
    sel = Selector(side="you", types=("phantom",), tags=("planned_tag",))
    cond = Condition(kind="count", select=sel, min=1)
    assert uid not in select(duel, sel, owner, -1)
    assert not check(duel, cond, owner, -1)
    tagged = dict(pool)
    tagged[cid] = replace(pool[cid], tags=(*pool[cid].tags, "planned_tag"))
    other = duel.clone()
    other.pool = other.defs = tagged  # the same position, read under a pool defining `cid` with the tag
    assert uid in select(other, sel, owner, -1)
    assert count(other, sel, owner, -1) >= 1 and check(other, cond, owner, -1)
    assert uid not in select(duel, sel, owner, -1)  # and the first pool still answers as its own
    assert not check(duel, cond, owner, -1)
