"""The engine's door: commands with wrong-typed fields are refused before anything reads them.

A float, bool, str or None where an int belongs can make a command equal by `==` to a legal
one (`2.0 == 2`, `False == 0`). Such a command must be `Rejected` with its own reason (naming
the field), and change nothing: not the state hash, not the history, not what is legal next.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from decimal import Decimal
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.decks.deck import load_deck
from game.engine import Duel, Rejected
from game.engine.commands import (
    COMMAND_TYPES,
    Activate,
    Choose,
    Pass,
    Summon,
)
from game.engine.serialize import state_hash
from game.engine.validate import command_problem
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool, rules

DECKS = ("ember_rush", "veil_control", "hive_swarm", "bastion_wall")


@cache
def deck_specs() -> list:

    return [load_deck(STARTER_DECK_DIR / f"{name}.yaml").spec() for name in DECKS]


def duel_after(seed: int, steps: int) -> Duel:
    """A duel of two starter decks after `steps` random legal commands (fewer if it ends)."""
    specs = deck_specs()
    rng = random.Random(seed)
    duel = Duel(base_pool(), rules(), [specs[seed % 4], specs[(seed // 4) % 4]], seed)
    for _ in range(steps):
        if duel.over:
            break
        duel.apply(rng.choice(duel.legal_actions()))
    return duel


def first(duel: Duel, cls, steps_seed: int = 0):
    """Play on until a command of `cls` is legal; (duel, that command)."""
    rng = random.Random(steps_seed)
    while not duel.over:
        found = [c for c in duel.legal_actions() if type(c) is cls]
        if found:
            return duel, found[0]
        duel.apply(rng.choice(duel.legal_actions()))
    raise AssertionError(f"no {cls.__name__} became legal")


def assert_refused_unchanged(duel: Duel, bad, field: str | None = None) -> str:
    """`bad` is Rejected naming `field`; hash, history and legal actions are unchanged, and
    the duel goes on exactly like an untouched copy."""
    before, history, legal = state_hash(duel), list(duel.history), list(duel.legal_actions())
    twin = duel.clone()
    with pytest.raises(Rejected) as info:
        duel.apply(bad)
    reason = info.value.reason
    assert reason and "\n" not in reason and len(reason) < 200
    if field is not None:
        assert field in reason, reason
    assert duel.why_illegal(bad) == reason
    assert state_hash(duel) == before
    assert list(duel.history) == history
    assert list(duel.legal_actions()) == legal
    nxt = legal[0]
    duel.apply(nxt)
    twin.apply(nxt)
    assert state_hash(duel) == state_hash(twin)
    return reason


# ------------------------------------------------------------------ the examples


def test_a_float_index_equal_to_a_legal_summon_is_refused_before_sp_is_paid():
    duel, summon = first(duel_after(3, 0), Summon)
    bad = dataclasses.replace(summon, index=float(summon.index))
    assert bad == summon  # the trap: equal by ==, so a plain `in legal` lets it in
    reason = assert_refused_unchanged(duel, bad, "index")
    assert "float" in reason


def test_player_false_is_not_player_0():
    duel = duel_after(5, 0)
    legal = duel.legal_actions()
    cmd = next(c for c in legal if c.player == 0)
    bad = dataclasses.replace(cmd, player=False)
    assert bad == cmd
    assert "player must be a whole number" in assert_refused_unchanged(duel, bad, "player")


def test_card_as_float_and_ability_as_text_are_refused():
    duel, summon = first(duel_after(7, 0), Summon)
    assert_refused_unchanged(duel, dataclasses.replace(summon, card=float(summon.card)), "card")
    duel, act = first(duel_after(11, 0), Activate, 11)
    assert_refused_unchanged(duel, dataclasses.replace(act, ability=str(act.ability)), "ability")


def test_targets_must_be_a_tuple_of_whole_numbers():
    duel, act = first(duel_after(11, 0), Activate, 11)
    for targets in (list(act.targets), tuple(float(t) for t in act.targets) or (1.0,),
                    (True,), ("0",), None, ((0,),)):
        assert_refused_unchanged(duel, dataclasses.replace(act, targets=targets), "targets")


@pytest.mark.parametrize("field, value", [
    ("attack", 1), ("attack", None), ("face_up", "yes"), ("face_up", 0),
    ("zone", None), ("zone", b"phantom"), ("zone", 0),
])
def test_bool_and_text_fields_are_checked_exactly(field, value):
    duel, summon = first(duel_after(3, 0), Summon)
    assert_refused_unchanged(duel, dataclasses.replace(summon, **{field: value}), field)


def test_not_a_command_at_all_is_refused():
    duel = duel_after(1, 0)

    class MyPass(Pass):
        __slots__ = ()

    for thing in (None, {"type": "Pass", "player": 0}, (0,), "Pass", MyPass(0)):
        reason = assert_refused_unchanged(duel, thing)
        assert reason.startswith("Not a command")


def test_command_problem_accepts_every_legal_command_and_names_fields():
    duel = duel_after(2, 40)
    for cmd in duel.legal_actions():
        assert command_problem(cmd) is None
    assert command_problem(Choose(0, 1)) is None
    assert "option" in command_problem(Choose(0, 1.0))
    assert "option" in command_problem(Choose(0, True))
    assert command_problem(Activate(0, 3, -1)) is None  # defaults are well-formed


def test_a_command_from_plain_data_with_wrong_types_is_refused():
    """Saves and replays come back through command_from_dict: the door checks them too."""
    from game.engine.commands import command_from_dict

    duel, summon = first(duel_after(3, 0), Summon)
    data = {"type": "Summon", "player": summon.player, "card": str(summon.card),
            "zone": summon.zone, "index": summon.index, "attack": 1, "face_up": True}
    assert_refused_unchanged(duel, command_from_dict(data), "card")


# ------------------------------------------------------------------ hypothesis


class Seat(enum.IntEnum):
    ZERO = 0
    ONE = 1


def wrong_values(value) -> st.SearchStrategy:
    """Values of the wrong type for a field holding `value` (many equal to it by ==)."""
    common = st.sampled_from([None, [], {}, (), object(), b"0", "", 0.5, float("nan")])
    if type(value) is int:
        return st.one_of(
            common,
            st.just(float(value)), st.just(Decimal(value)), st.just(Fraction(value)),
            st.just(str(value)), st.just([value]), st.just((value,)), st.just(complex(value)),
            st.sampled_from([True, False, Seat.ZERO, Seat.ONE]),
            st.floats(allow_nan=True), st.text(max_size=5),
        )
    if type(value) is bool:
        return st.one_of(common, st.just(int(value)), st.just(float(value)),
                         st.just(str(value).lower()), st.integers(-2, 2))
    if type(value) is str:  # "" in `common` is the right type for a text field: leave it out
        return st.one_of(common.filter(lambda v: type(v) is not str), st.just(value.encode()),
                         st.just([value]), st.integers(-1, 3), st.just(True))
    # targets: a tuple of ints
    return st.one_of(
        st.sampled_from([None, [], "0", 0, {}]),
        st.just(list(value)),
        st.lists(st.one_of(st.floats(), st.booleans(), st.text(max_size=3), st.none()),
                 min_size=1, max_size=3).map(tuple),
        st.just(tuple(float(t) for t in value) + (0.0,)),
    )


@st.composite
def malformed(draw):
    seed = draw(st.integers(0, 10_000))
    steps = draw(st.integers(0, 80))
    duel = duel_after(seed, steps)
    if duel.over:
        duel = duel_after(seed, 0)
    legal = duel.legal_actions()
    cmd = legal[draw(st.integers(0, len(legal) - 1))]
    field = draw(st.sampled_from([f.name for f in dataclasses.fields(cmd)]))
    value = draw(wrong_values(getattr(cmd, field)))
    return duel, cmd, field, value


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(malformed())
def test_a_legal_command_with_one_field_of_the_wrong_type_is_refused_and_changes_nothing(case):
    duel, cmd, field, value = case
    bad = dataclasses.replace(cmd, **{field: value})
    assert_refused_unchanged(duel, bad, field)


@st.composite
def out_of_range(draw):
    seed = draw(st.integers(0, 10_000))
    duel = duel_after(seed, draw(st.integers(0, 80)))
    if duel.over:
        duel = duel_after(seed, 0)
    legal = duel.legal_actions()
    cmd = legal[draw(st.integers(0, len(legal) - 1))]
    names = [f.name for f in dataclasses.fields(cmd) if type(getattr(cmd, f.name)) is int]
    field = draw(st.sampled_from(names))
    value = draw(st.one_of(st.integers(-3, 80), st.integers(-2**70, 2**70),
                           st.sampled_from([2**63, -2**63, 10**30])))
    return duel, cmd, field, value


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(out_of_range())
def test_a_well_typed_command_with_any_number_is_applied_only_if_legal(case):
    """Right types, wrong values (a card that does not exist, player 7, slot 10**30): legal
    commands apply, every other one is refused with a reason and changes nothing."""
    duel, cmd, field, value = case
    other = dataclasses.replace(cmd, **{field: value})
    if other in duel.legal_actions():
        duel.apply(other)
    else:
        assert_refused_unchanged(duel, other)


def test_every_command_class_has_a_field_table():
    from game.engine import validate

    assert set(validate._FIELDS) == set(COMMAND_TYPES.values())
