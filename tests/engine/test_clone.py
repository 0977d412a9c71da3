"""Duel.clone(): an exact, independent copy: same hash, same future, nothing shared that\neither changes (the cards in a Deck are shared: nothing changes a card there)."""

from __future__ import annotations

import random

from game.engine import DeckSpec, Duel
from game.engine.model import Zone
from game.engine.serialize import state_hash, to_dict
from tests.engine.test_fuzz import decks
from tests.kit import base_pool, rules


def _random_duel(seed: int, steps: int) -> tuple[Duel, random.Random]:
    rng = random.Random(seed)
    starters = decks()
    a, b = rng.choice(starters), rng.choice(starters)
    duel = Duel(base_pool(), rules(), [a.spec(), b.spec()], seed)
    for _ in range(steps):
        if duel.over:
            break
        duel.apply(rng.choice(duel.legal_actions()))
    return duel, rng


def test_a_clone_hashes_alike_and_follows_the_same_commands_to_the_same_events():
    for seed in range(12):
        duel, rng = _random_duel(seed, 40 + seed * 17)
        copy = duel.clone()
        assert state_hash(copy) == state_hash(duel)
        assert copy.legal_actions() == duel.legal_actions()
        while not duel.over:
            cmd = rng.choice(duel.legal_actions())
            assert [repr(e) for e in copy.apply(cmd)] == [repr(e) for e in duel.apply(cmd)]
            assert state_hash(copy) == state_hash(duel)
        assert copy.winner == duel.winner


def test_clones_diverge_independently_and_never_touch_the_original():
    for seed in range(12):
        duel, _ = _random_duel(seed, 60 + seed * 11)
        if duel.over:
            continue
        before = to_dict(duel)
        one, two = duel.clone(), duel.clone()
        r1, r2 = random.Random(seed * 7 + 1), random.Random(seed * 7 + 2)
        for _ in range(150):  # both play different random futures
            if not one.over:
                one.apply(r1.choice(one.legal_actions()))
            if not two.over:
                two.apply(r2.choice(two.legal_actions()))
        assert to_dict(duel) == before  # the original is untouched
        again = duel.clone()  # and still clones to itself
        assert state_hash(again) == state_hash(duel)


def test_a_clone_shares_no_mutable_state_object():
    duel, _ = _random_duel(3, 120)
    copy = duel.clone()
    a, b = duel.state, copy.state
    for name in a.__slots__:
        x, y = getattr(a, name), getattr(b, name)
        if isinstance(x, list | dict | set) or hasattr(x, "__slots__") and name != "phase":
            assert x is not y or x is None, name
    shared = 0
    for c1, c2 in zip(a.cards, b.cards, strict=True):
        # a card in a Deck is shared: it is never changed in place (it only ever leaves,
        # and primitives.move makes it a new object first: DuelState.copy)
        if c1.zone is Zone.DECK:
            shared += c1 is c2
            continue
        assert c1 is not c2  # its modifiers and statuses are tuples: immutable, shared
        assert type(c1.mods) is tuple and type(c1.flags) is tuple
    assert shared > 20
    for p1, p2 in zip(a.players, b.players, strict=True):
        assert p1 is not p2 and all(p1.slots[z] is not p2.slots[z] for z in p1.slots)


def test_a_clone_mid_line_and_mid_choice_is_exact():
    found = 0
    for seed in range(40):
        duel, rng = _random_duel(seed, 0)
        while not duel.over and found < 30:
            if duel.lines or duel.choice is not None:
                copy = duel.clone()
                assert state_hash(copy) == state_hash(duel)
                cmd = rng.choice(duel.legal_actions())
                assert [repr(e) for e in copy.apply(cmd)] == [repr(e) for e in duel.apply(cmd)]
                assert state_hash(copy) == state_hash(duel)
                found += 1
            else:
                duel.apply(rng.choice(duel.legal_actions()))
    assert found == 30


def test_a_saved_history_with_a_wrong_typed_command_is_refused():
    import pytest

    from game.engine.serialize import from_dict

    duel, _ = _random_duel(1, 30)
    data = to_dict(duel)
    first = next(c for c in data["history"] if "card" in c)
    first["card"] = float(first["card"])
    with pytest.raises(ValueError, match="history"):
        from_dict(data, base_pool())


def test_cards_leaving_a_deck_in_a_clone_leave_the_original_as_it_was():
    """Draws, mills, searches and Special Summons from the Deck (decks drawn from the whole
    pool, so every card that takes from a Deck plays) on clones: the original's hash and
    every card of its Deck stay as they were, and each side keeps playing alike."""
    pool = base_pool()
    main = sorted(cid for cid, c in pool.items() if not c.extra)
    extra = sorted(cid for cid, c in pool.items() if c.extra)
    left = 0
    for k in range(8):
        rng = random.Random(9100 + k)
        specs = [DeckSpec(tuple(rng.choice(main) for _ in range(40)),
                          tuple(rng.sample(extra, min(8, len(extra))))) for _ in range(2)]
        duel = Duel(pool, rules(), specs, 9100 + k)
        twin = Duel(pool, rules(), specs, 9100 + k)  # never cloned: what the original must stay
        step = 0
        while not duel.over and step < 250:
            if step % 5 == 0:
                before = state_hash(duel)
                deck = [(c, c.zone, c.moves) for c in duel.state.cards if c.zone is Zone.DECK]
                copy = duel.clone()
                for _ in range(30):
                    if copy.over:
                        break
                    copy.apply(rng.choice(copy.legal_actions()))
                left += sum(1 for c, _z, _m in deck if copy.state.cards[c.uid].zone is not Zone.DECK)
                assert state_hash(duel) == before
                assert all(c.zone is z and c.moves == m for c, z, m in deck)
            cmd = rng.choice(duel.legal_actions())
            assert [repr(e) for e in duel.apply(cmd)] == [repr(e) for e in twin.apply(cmd)]
            assert state_hash(duel) == state_hash(twin)
            step += 1
    assert left > 500  # cards did leave the clones' Decks


def test_a_clone_has_every_field_of_its_duel_and_shares_only_the_fixed_ones():
    """What a clone copies is said in one place for the core (`DuelCore.copy_core`) and one
    for the front's event record (`Duel._new_record`, which a new duel uses too): a field
    added to a duel and forgotten there, or shared where it should be copied, fails here."""
    duel, _ = _random_duel(3, 30)
    copy = duel.clone()
    assert set(vars(copy)) == set(vars(duel))
    for name, value in vars(duel).items():
        if name in {"pool", "rules", "index", "defs", "start_events"}:
            assert getattr(copy, name) is value, name  # fixed for the duel's life
        elif not isinstance(value, int | str):
            assert getattr(copy, name) is not value, name
