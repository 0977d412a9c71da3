"""The four rulings of rules-decisions.md that settle what card texts promise:
Health bonuses end without Breaking, triggers are activations, no activation that could
do nothing, a Lasting Spirit can always be activated as itself. Each test fails under the
engine before the rulings."""

from __future__ import annotations

from game.engine import Activate, Attack, ChoiceKind, Code, EndTurn, Flip, Summon
from game.engine import events as ev
from game.engine.query import atk, health, max_health
from tests.kit import of_type, play, position, uid

DECK = ["stone_sentry"] * 4


def test_a_health_bonus_that_ends_never_breaks_the_phantom_it_held_up():
    """Bulwark Sentinel (1300 Health) is attacked: +500 Health until the end of this turn,
    then 1500 damage leaves 300. At the end of the turn the bonus ends: Health stays 300."""
    duel = position({"phase": "battle", "players": [
        {"deck": DECK, "phantom": ["granite_golem"]},
        {"deck": DECK, "phantom": ["bulwark_sentinel"]}]})
    golem, sentinel = uid(duel, 0, "granite_golem"), uid(duel, 1, "bulwark_sentinel")
    play(duel, Attack(0, golem, sentinel))
    card = duel.cards[sentinel]
    assert (health(duel, card), max_health(duel, card)) == (300, 1800)
    play(duel, EndTurn(0))
    assert card.zone.value == "phantom", "the end of a bonus Broke the Phantom"
    assert (health(duel, card), max_health(duel, card)) == (300, 1300)


def test_when_a_bonus_ends_health_above_the_new_max_falls_to_it():
    duel = position({"phase": "battle", "players": [
        {"deck": DECK, "phantom": ["stone_sentry"]},
        {"deck": DECK, "phantom": ["bulwark_sentinel"]}]})
    play(duel, Attack(0, uid(duel, 0, "stone_sentry"), uid(duel, 1, "bulwark_sentinel")))
    card = duel.cards[uid(duel, 1, "bulwark_sentinel")]
    assert health(duel, card) == 1500  # 1800 - 300
    play(duel, EndTurn(0))
    assert (health(duel, card), max_health(duel, card)) == (1300, 1300)


def test_a_trigger_becoming_a_step_is_an_activation():
    """Hollow Sage: "when your opponent activates an ability: draw 1 card" sees the
    opponent's Moss Turtle flip trigger."""
    duel = position({"turn_player": 1, "players": [
        {"deck": DECK, "phantom": ["hollow_sage"]},
        {"deck": DECK, "phantom": [{"card": "moss_turtle", "face": "down",
                                    "position": "defense"}]}]})
    hand_before = len(duel.players[0].hand)
    events = play(duel, Flip(1, uid(duel, 1, "moss_turtle")))
    assert len(duel.players[0].hand) == hand_before + 1
    added = [e for e in of_type(events, ev.StepAdded) if e.trigger]
    assert [e.card_id for e in added] == ["moss_turtle", "hollow_sage"]


def test_an_ability_that_could_summon_nothing_is_not_activated():
    duel = position({"players": [{"deck": DECK, "hand": ["call_the_brood"]}, {"deck": DECK}]})
    brood = uid(duel, 0, "call_the_brood")
    cmd = Activate(0, brood, 0, (), "back", 0)
    assert cmd not in duel.legal_actions()
    refusal = duel.refusal(cmd)
    assert refusal is not None and refusal.code is Code.NOTHING_TO_DO
    ready = position({"players": [{"deck": ["hive_drone", *DECK], "hand": ["call_the_brood"]},
                                  {"deck": DECK}]})
    assert Activate(0, uid(ready, 0, "call_the_brood"), 0, (), "back", 0) in ready.legal_actions()


def test_a_summon_from_the_graveyard_needs_a_card_there_without_a_data_condition():
    duel = position({"players": [{"deck": DECK, "phantom": ["nest_weaver"], "sp": 5},
                                 {"deck": DECK}]})
    weaver = uid(duel, 0, "nest_weaver")
    assert Activate(0, weaver, 0) not in duel.legal_actions()
    assert duel.refusal(Activate(0, weaver, 0)).code is Code.NOTHING_TO_DO
    ready = position({"players": [{"deck": DECK, "phantom": ["nest_weaver"], "sp": 5,
                                   "grave": ["hive_drone"]}, {"deck": DECK}]})
    assert Activate(0, uid(ready, 0, "nest_weaver"), 0) in ready.legal_actions()


OPTIONAL = """
- id: curious_scout
  name: Curious Scout
  type: phantom
  level: 1
  atk: 300
  health: 300
  text: "When this card is Summoned: you may add a Phantom from your Main Deck to your hand."
  abilities:
    - start: trigger
      on: summoned
      optional: true
      effects: [{search: {source: deck, select: {zone: deck, type: phantom}}}]
"""


def test_an_optional_trigger_that_could_do_nothing_is_not_offered():
    empty = position({"players": [{"deck": ["kindle"], "hand": ["curious_scout"]},
                                  {"deck": DECK}]}, OPTIONAL)
    events = play(empty, Summon(0, uid(empty, 0, "curious_scout"), "phantom", 0, True, True))
    assert not of_type(events, ev.ChoiceRequested) and empty.choice is None
    full = position({"players": [{"deck": ["iron_hound"], "hand": ["curious_scout"]},
                                 {"deck": DECK}]}, OPTIONAL)
    play(full, Summon(0, uid(full, 0, "curious_scout"), "phantom", 0, True, True))
    assert full.choice is not None and full.choice.kind is ChoiceKind.TRIGGER_OPTIONAL


def test_a_lasting_spirit_can_always_be_activated_as_itself():
    """War Drums' targeted ability has no target with no Phantom out; the card can still be
    played to start its continuous effect (+100 ATK to your ember Phantoms)."""
    duel = position({"players": [{"deck": DECK, "hand": ["war_drums", "ember_imp"], "sp": 5},
                                 {"deck": DECK}]})
    drums = uid(duel, 0, "war_drums")
    assert Activate(0, drums, 0, (), "back", 0) not in duel.legal_actions()  # no target
    play(duel, Activate(0, drums, -1, (), "back", 0))
    assert duel.cards[drums].face_up and duel.cards[drums].zone.value == "back"
    imp = uid(duel, 0, "ember_imp")
    play(duel, Summon(0, imp, "phantom", 0, True, True))
    assert atk(duel, duel.cards[imp]) == 650 + 100
    assert duel.refusal(Activate(0, drums, -1)).code is Code.ALREADY_ACTIVE
