"""Phantom Info: summoning, SP, positions, Unsummon, position change and Flip."""

from __future__ import annotations

import pytest

from game.engine import (
    ChangePosition,
    Code,
    EndTurn,
    Flip,
    NextPhase,
    Rejected,
    SpecialSummon,
    Summon,
    Unsummon,
    Zone,
)
from game.engine import events as ev
from game.engine.serialize import state_hash
from tests.kit import of_type, play, position, uid

DECKS = [{"deck": ["stone_sentry"] * 5}, {"deck": ["stone_sentry"] * 5}]

EXTRA_CARDS = """
- id: twin_colossus
  name: Twin Colossus
  type: phantom
  level: 7
  atk: 2800
  health: 2500
  extra: true
  summon_condition: {count: {select: {side: you, card: iron_hound}, min: 2}}
  text: "Extra Deck. Can be Special Summoned while you control 2 or more Iron Hound."
- id: peeking_owl
  name: Peeking Owl
  type: phantom
  level: 2
  atk: 500
  health: 700
  text: "Main Phase: gain 1 SP."
  abilities:
    - start: main
      effects: [{gain_sp: {amount: 1}}]
"""


def me(**kw) -> dict:
    return {"deck": ["stone_sentry"] * 5, **kw}


def test_summon_pays_sp_equal_to_level():
    duel = position({"players": [me(hand=["iron_hound"], sp=5), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    events = play(duel, Summon(0, card, "phantom", 0, True, True))
    assert duel.players[0].sp == 2
    assert of_type(events, ev.SpChanged)[0].after == 2
    assert duel.cards[card].zone.value == "phantom"
    assert of_type(events, ev.Summoned)[0].special is False


def test_summon_with_too_little_sp_is_refused_and_says_why():
    duel = position({"players": [me(hand=["storm_rider"], sp=5), DECKS[1]]})
    card = uid(duel, 0, "storm_rider")
    cmd = Summon(0, card, "phantom", 0, True, True)
    assert cmd not in duel.legal_actions()
    before = state_hash(duel)
    with pytest.raises(Rejected, match="SP Cost is 6 and you have 5"):
        duel.apply(cmd)
    assert state_hash(duel) == before


def test_summon_in_four_positions_attack_defense_face_up_face_down():
    duel = position({"players": [me(hand=["iron_hound"] * 4, sp=12), DECKS[1]]})
    hands = list(duel.players[0].hand)
    combos = [(True, True), (False, True), (True, False), (False, False)]
    zones = [("phantom", 0), ("phantom", 1), ("phantom", 2), ("side", 0)]
    for card, (attack, face_up), (zone, idx) in zip(hands, combos, zones, strict=True):
        assert Summon(0, card, zone, idx, attack, face_up) in duel.legal_actions()
        play(duel, Summon(0, card, zone, idx, attack, face_up))
        c = duel.cards[card]
        assert (c.attack_pos, c.face_up, c.zone.value) == (attack, face_up, zone)


def test_phantoms_go_to_phantom_or_side_balance_slots_only():
    duel = position({"players": [me(hand=["iron_hound"], sp=5), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    with pytest.raises(Rejected, match="phantom or side slot"):
        duel.apply(Summon(0, card, "back", 0, True, True))
    slots = {(c.zone, c.index) for c in duel.legal_actions() if isinstance(c, Summon)}
    assert slots == {("phantom", 0), ("phantom", 1), ("phantom", 2), ("side", 0), ("side", 1)}


def test_summon_into_a_taken_slot_is_refused():
    duel = position({"players": [me(hand=["iron_hound"], phantom=["stone_sentry"]), DECKS[1]]})
    with pytest.raises(Rejected, match="already taken"):
        duel.apply(Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True, True))


def test_summon_only_in_main_phases():
    duel = position({"phase": "battle", "players": [me(hand=["stone_sentry"]), DECKS[1]]})
    with pytest.raises(Rejected, match="Main Phase"):
        duel.apply(Summon(0, uid(duel, 0, "stone_sentry", "hand"), "phantom", 0, True, True))


def test_special_summon_from_extra_deck_costs_no_sp_when_condition_met():
    spec = {"players": [me(extra=["twin_colossus"], phantom=["iron_hound", "iron_hound"], sp=0),
                        DECKS[1]]}
    duel = position(spec, EXTRA_CARDS)
    card = uid(duel, 0, "twin_colossus")
    cmd = SpecialSummon(0, card, "phantom", 2, True)
    assert cmd in duel.legal_actions()
    events = play(duel, cmd)
    assert duel.players[0].sp == 0
    assert duel.cards[card].zone.value == "phantom" and duel.cards[card].face_up
    assert of_type(events, ev.Summoned)[0].special is True


def test_special_summon_refused_when_condition_not_met():
    spec = {"players": [me(extra=["twin_colossus"], phantom=["iron_hound"]), DECKS[1]]}
    duel = position(spec, EXTRA_CARDS)
    with pytest.raises(Rejected, match="condition is not met"):
        duel.apply(SpecialSummon(0, uid(duel, 0, "twin_colossus"), "phantom", 2, True))


def test_unsummon_returns_to_hand_and_refunds_sp_paid():
    duel = position({"players": [me(hand=["iron_hound"], sp=4), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    play(duel, Summon(0, card, "phantom", 0, True, True))
    assert duel.players[0].sp == 1
    events = play(duel, Unsummon(0, card))
    assert duel.cards[card].zone.value == "hand"
    assert duel.players[0].sp == 4
    assert of_type(events, ev.SpChanged)[0].reason == "unsummon"


def test_unsummon_of_a_special_summon_refunds_nothing():
    spec = {"players": [me(extra=["twin_colossus"], phantom=["iron_hound", "iron_hound"], sp=2),
                        DECKS[1]]}
    duel = position(spec, EXTRA_CARDS)
    card = uid(duel, 0, "twin_colossus")
    play(duel, SpecialSummon(0, card, "side", 0, True), Unsummon(0, card))
    assert duel.players[0].sp == 2
    assert duel.cards[card].zone.value == "extra"  # Extra Deck Phantoms go back there


def test_a_phantom_unsummoned_this_turn_cannot_be_summoned_again_this_turn():
    """RULES.md P5a: Unsummon refunds the SP, so Summon, Unsummon, Summon ... would repeat a
    "When this card is Summoned" trigger for free up to the loop guard."""
    duel = position({"players": [me(hand=["shield_acolyte", "shield_acolyte"], sp=3), DECKS[1]]})
    first, second = (c.uid for c in duel.cards if c.cid == "shield_acolyte")
    events = play(duel, Summon(0, first, "phantom", 0, True, True))
    assert of_type(events, ev.LpChanged)[0].after == 10300  # its trigger: gain 300 LP
    play(duel, Unsummon(0, first))
    assert duel.cards[first].zone is Zone.HAND and duel.players[0].sp == 3
    again = Summon(0, first, "phantom", 0, True, True)
    assert duel.refusal(again).code is Code.UNSUMMONED_THIS_TURN
    assert not [c for c in duel.legal_actions() if getattr(c, "card", None) == first]
    before = state_hash(duel)
    with pytest.raises(Rejected, match="Unsummoned this turn"):
        duel.apply(again)
    assert state_hash(duel) == before
    play(duel, Summon(0, second, "phantom", 0, True, True))  # another copy may come out
    play(duel, EndTurn(0), EndTurn(1))
    assert duel.turn_player == 0 and duel.refusal(
        Summon(0, first, "phantom", 1, True, True)) is None  # the next turn it may


def test_an_unsummoned_extra_deck_phantom_waits_a_turn_too():
    spec = {"players": [me(extra=["twin_colossus"], phantom=["iron_hound", "iron_hound"]),
                        DECKS[1]]}
    duel = position(spec, EXTRA_CARDS)
    card = uid(duel, 0, "twin_colossus")
    play(duel, SpecialSummon(0, card, "side", 0, True), Unsummon(0, card))
    assert duel.cards[card].zone is Zone.EXTRA
    assert duel.refusal(SpecialSummon(0, card, "side", 0, True)).code is \
        Code.UNSUMMONED_THIS_TURN
    assert SpecialSummon(0, card, "side", 0, True) not in duel.legal_actions()


def test_another_copy_of_an_unsummoned_extra_deck_phantom_may_come_out():
    spec = {"players": [me(extra=["twin_colossus", "twin_colossus"],
                           phantom=["iron_hound", "iron_hound"]), DECKS[1]]}
    duel = position(spec, EXTRA_CARDS)
    first, second = (c.uid for c in duel.cards if c.cid == "twin_colossus")
    play(duel, SpecialSummon(0, first, "side", 0, True), Unsummon(0, first))
    again = SpecialSummon(0, second, "side", 0, True)
    assert again in duel.legal_actions() and duel.refusal(again) is None
    assert SpecialSummon(0, first, "side", 0, True) not in duel.legal_actions()
    play(duel, again)
    assert duel.cards[second].zone is Zone.SIDE


def test_unsummon_not_on_a_turn_the_phantom_battled():
    duel = position({"phase": "battle", "players": [
        me(phantom=["storm_rider"]), {"deck": ["stone_sentry"] * 3, "phantom": ["stone_sentry"]}]})
    rider = uid(duel, 0, "storm_rider")
    from game.engine import Attack

    play(duel, Attack(0, rider, uid(duel, 1, "stone_sentry", "phantom")), NextPhase(0))
    assert Unsummon(0, rider) not in duel.legal_actions()
    with pytest.raises(Rejected, match="battled"):
        duel.apply(Unsummon(0, rider))


def test_unsummon_only_on_your_own_turn():
    duel = position({"turn_player": 1, "players": [me(phantom=["iron_hound"]), DECKS[1]]})
    assert not [c for c in duel.legal_actions() if isinstance(c, Unsummon)]
    with pytest.raises(Rejected):
        duel.apply(Unsummon(0, uid(duel, 0, "iron_hound")))


def test_position_change_once_per_turn():
    duel = position({"players": [me(phantom=["iron_hound"]), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    events = play(duel, ChangePosition(0, card))
    assert duel.cards[card].attack_pos is False
    assert of_type(events, ev.PositionChanged)[0].attack_pos is False
    with pytest.raises(Rejected, match="once per turn"):
        duel.apply(ChangePosition(0, card))


def test_position_change_not_on_the_turn_summoned():
    duel = position({"players": [me(hand=["iron_hound"]), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    play(duel, Summon(0, card, "phantom", 0, True, True))
    with pytest.raises(Rejected, match="turn it was summoned"):
        duel.apply(ChangePosition(0, card))
    play(duel, EndTurn(0), EndTurn(1))
    play(duel, ChangePosition(0, card))
    assert duel.cards[card].attack_pos is False


def test_flip_turns_face_up_in_attack_position_and_counts_as_the_position_change():
    """OCG flip summon (rules-decisions.md): a Flip ends face up in Attack Position."""
    duel = position({"players": [me(phantom=[{"card": "iron_hound", "face": "down",
                                              "position": "defense"}]), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    events = play(duel, Flip(0, card))
    assert duel.cards[card].face_up and duel.cards[card].attack_pos
    moved = of_type(events, ev.PositionChanged)
    assert moved and moved[-1].attack_pos and moved[-1].face_up
    assert of_type(events, ev.Revealed)
    with pytest.raises(Rejected, match="once per turn") as info:
        duel.apply(ChangePosition(0, card))
    assert info.value.code is Code.POSITION_CHANGED


def test_flip_of_a_zero_health_phantom_keeps_it_in_defense():
    duel = position({"players": [me(phantom=[{"card": "iron_hound", "face": "down",
                                              "position": "defense", "health": 0}]),
                                 DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    play(duel, Flip(0, card))
    assert duel.cards[card].face_up and not duel.cards[card].attack_pos


def test_a_phantom_that_declared_an_attack_cannot_be_unsummoned_even_if_it_was_negated():
    """rules-decisions.md: declaring an attack is battling, for Unsummon."""
    duel = position({"phase": "main2", "players": [
        me(phantom=[{"card": "iron_hound", "attacked": "this_turn"}]), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    assert Unsummon(0, card) not in duel.legal_actions()
    with pytest.raises(Rejected) as info:
        duel.apply(Unsummon(0, card))
    assert info.value.code is Code.BATTLED


def test_flip_not_on_the_turn_summoned():
    duel = position({"players": [me(phantom=[{"card": "iron_hound", "face": "down",
                                              "summoned": "this_turn"}]), DECKS[1]]})
    with pytest.raises(Rejected, match="summoned"):
        duel.apply(Flip(0, uid(duel, 0, "iron_hound")))


def test_face_down_phantom_abilities_are_off():
    spec = {"players": [me(phantom=[{"card": "peeking_owl", "face": "down"}, "peeking_owl"]),
                        DECKS[1]]}
    duel = position(spec, EXTRA_CARDS)
    from game.engine import Activate

    down, up = duel.players[0].slots[Zone.PHANTOM][:2]
    acts = [c for c in duel.legal_actions() if isinstance(c, Activate)]
    assert [c.card for c in acts] == [up]
    with pytest.raises(Rejected, match="face-down"):
        duel.apply(Activate(0, down, 0))


def test_zero_health_phantom_is_locked_in_defense():
    duel = position({"players": [me(phantom=[{"card": "iron_hound", "health": 0}]), DECKS[1]]})
    card = uid(duel, 0, "iron_hound")
    assert duel.cards[card].attack_pos is False
    assert ChangePosition(0, card) not in duel.legal_actions()
    with pytest.raises(Rejected, match="locked in Defense"):
        duel.apply(ChangePosition(0, card))
