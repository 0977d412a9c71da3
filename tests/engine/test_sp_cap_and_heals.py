"""RULES.md S1a (the SP cap stops only the Draw Phase gain) and L13 for heals (a heal that
could restore nothing cannot be activated, nor an optional one used). Each test fails under
the engine before these rules: the cap cut every SP gain, and a heal always counted."""

from __future__ import annotations

from game.engine import Activate, ChoiceKind, Code, EndTurn, Summon, Unsummon
from game.engine import events as ev
from game.engine.query import health
from tests.kit import of_type, play, position, uid

DECK = ["stone_sentry"] * 4


def test_an_unsummon_refund_is_never_cut_by_the_sp_cap():
    duel = position({"players": [{"deck": DECK, "hand": ["iron_hound"], "sp": 10},
                                 {"deck": DECK}]}, sp_cap=8)
    hound = uid(duel, 0, "iron_hound")
    play(duel, Summon(0, hound, "phantom", 0, True, True))
    assert duel.players[0].sp == 7
    events = play(duel, Unsummon(0, hound))
    assert duel.players[0].sp == 10
    assert [(e.before, e.after) for e in of_type(events, ev.SpChanged)] == [(7, 10)]


def test_a_cards_gain_sp_is_never_cut_by_the_sp_cap():
    """Soul Exchange: pay 1000 LP, gain 3 SP, with SP already at the cap."""
    duel = position({"players": [{"deck": DECK, "hand": ["soul_exchange"], "sp": 8},
                                 {"deck": DECK}]}, sp_cap=8)
    play(duel, Activate(0, uid(duel, 0, "soul_exchange"), 0, (), "back", 0))
    assert duel.players[0].sp == 11


def test_the_sp_cap_still_stops_the_draw_phase_gain_after_a_card_went_past_it():
    duel = position({"players": [{"deck": DECK, "hand": ["soul_exchange"], "sp": 8},
                                 {"deck": DECK, "sp": 7}]}, sp_cap=8, sp_per_draw_phase=2)
    play(duel, Activate(0, uid(duel, 0, "soul_exchange"), 0, (), "back", 0))
    play(duel, EndTurn(0))  # the Draw Phase: 11 stays 11 (above the cap), 7 rises to 8
    assert [ps.sp for ps in duel.players] == [11, 8]


HEALS = """
- id: field_nurse
  name: Field Nurse
  type: phantom
  level: 1
  atk: 100
  health: 500
  text: "When this card is Summoned: you may restore up to 500 Health to each Phantom you control."
  abilities:
    - start: trigger
      on: summoned
      optional: true
      effects: [{heal: {target: {side: you}, amount: 500}}]
- id: spiteful_imp
  name: Spiteful Imp
  type: phantom
  level: 1
  atk: 100
  health: 500
  text: "Once per turn: deal 300 damage to target Phantom."
  abilities:
    - start: main
      once_per_turn: true
      target: {select: {}}
      effects: [{damage: {amount: 300}}]
"""


def test_a_targeted_heal_with_every_possible_target_at_full_health_cannot_be_activated():
    """Chapel Medic: "Once per turn: restore up to 600 Health to target Phantom you control"."""
    full = position({"players": [{"deck": DECK, "phantom": ["chapel_medic", "granite_golem"]},
                                 {"deck": DECK}]})
    medic = uid(full, 0, "chapel_medic")
    golem = uid(full, 0, "granite_golem")
    assert not [a for a in full.legal_actions() if isinstance(a, Activate) and a.card == medic]
    refusal = full.refusal(Activate(0, medic, 0, (golem,)))
    assert refusal is not None and refusal.code is Code.NOTHING_TO_DO
    hurt = position({"players": [{"deck": DECK, "phantom": [
        "chapel_medic", {"card": "granite_golem", "health": 1000}]}, {"deck": DECK}]})
    golem = uid(hurt, 0, "granite_golem")
    assert Activate(0, uid(hurt, 0, "chapel_medic"), 0, (golem,)) in hurt.legal_actions()


def test_a_heal_on_each_phantom_at_full_health_cannot_be_activated():
    """Sanctuary Banner: "Once per turn, pay 1 SP: restore up to 300 Health to each Phantom
    you control" (played from the hand with that ability)."""
    full = position({"players": [{"deck": DECK, "hand": ["sanctuary_banner"],
                                  "phantom": ["granite_golem"], "sp": 3}, {"deck": DECK}]})
    banner = uid(full, 0, "sanctuary_banner")
    assert full.refusal(Activate(0, banner, 1, (), "back", 0)).code is Code.NOTHING_TO_DO
    assert Activate(0, banner, -1, (), "back", 0) in full.legal_actions()  # as itself: yes
    hurt = position({"players": [{"deck": DECK, "hand": ["sanctuary_banner"], "phantom": [
        {"card": "granite_golem", "health": 2000}], "sp": 3}, {"deck": DECK}]})
    assert Activate(0, uid(hurt, 0, "sanctuary_banner"), 1, (), "back", 0) in hurt.legal_actions()


def test_a_heal_becomes_possible_as_soon_as_an_effect_damages_a_phantom():
    """What an ability could do is remembered until the duel changes: damage is a change."""
    duel = position({"players": [{"deck": DECK, "phantom": [
        "chapel_medic", "granite_golem", "spiteful_imp"]}, {"deck": DECK}]}, HEALS)
    medic, golem = uid(duel, 0, "chapel_medic"), uid(duel, 0, "granite_golem")
    assert Activate(0, medic, 0, (golem,)) not in duel.legal_actions()
    play(duel, Activate(0, uid(duel, 0, "spiteful_imp"), 0, (golem,)))
    while duel.state.lines:  # both pass: the damage resolves
        play(duel, duel.legal_actions()[0])
    assert health(duel, duel.cards[golem]) == 2100
    assert Activate(0, medic, 0, (golem,)) in duel.legal_actions()


def test_an_optional_heal_trigger_is_offered_only_when_a_phantom_is_below_full_health():
    full = position({"players": [{"deck": DECK, "hand": ["field_nurse"],
                                  "phantom": ["granite_golem"]}, {"deck": DECK}]}, HEALS)
    events = play(full, Summon(0, uid(full, 0, "field_nurse"), "phantom", 1, True, True))
    assert not of_type(events, ev.ChoiceRequested) and full.choice is None
    hurt = position({"players": [{"deck": DECK, "hand": ["field_nurse"], "phantom": [
        {"card": "granite_golem", "health": 2000}]}, {"deck": DECK}]}, HEALS)
    play(hurt, Summon(0, uid(hurt, 0, "field_nurse"), "phantom", 1, True, True))
    assert hurt.choice is not None and hurt.choice.kind is ChoiceKind.TRIGGER_OPTIONAL
