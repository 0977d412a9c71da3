"""Other Card Types: Spirits, Counters, Environments, Extra Deck summons; negation;
continuous effects; Break protection."""

from __future__ import annotations

import pytest

from game.engine import (
    Activate,
    Attack,
    Choose,
    EndTurn,
    NextPhase,
    PlayEnvironment,
    Rejected,
    SetCard,
    SpecialSummon,
    Summon,
)
from game.engine import events as ev
from game.engine.query import atk, health, max_health
from tests.kit import of_type, play, position, uid

CARDS = """
- id: spark
  name: Spark
  type: spirit
  text: "Deal 300 damage to your opponent."
  abilities:
    - start: main
      effects: [{damage_player: {player: opponent, amount: 300}}]
- id: war_banner
  name: War Banner
  type: spirit
  lasting: true
  text: "Lasting. Your Phantoms gain 200 ATK."
  abilities:
    - start: static
      affects: {side: you}
      modify: {atk: 200}
- id: quick_gift
  name: Quick Gift
  type: spirit
  text: "Response: gain 1 SP."
  abilities:
    - start: response
      effects: [{gain_sp: {amount: 1}}]
- id: snare
  name: Snare
  type: counter
  text: "Response: deal 200 damage to your opponent."
  abilities:
    - start: response
      effects: [{damage_player: {player: opponent, amount: 200}}]
- id: last_stand
  name: Last Stand
  type: counter
  text: "Condition: your LP is 5000 or less. Response: gain 2000 LP."
  abilities:
    - start: response
      condition: {lp: {player: you, max: 5000}}
      effects: [{heal_player: {amount: 2000}}]
- id: denial
  name: Denial
  type: counter
  text: "When your opponent Summons: negate the Summon and Break that Phantom."
  abilities:
    - start: response
      condition: {responding_to: {kind: [summon], player: opponent}}
      effects: [{negate: {}}]
- id: arena
  name: Arena
  type: environment
  text: "Phantoms of each player this Environment works for gain 300 ATK."
  abilities:
    - start: static
      affects: {side: you}
      modify: {atk: 300}
- id: wellspring
  name: Wellspring
  type: environment
  text: "Main Phase, once per turn: gain 1 SP."
  abilities:
    - start: main
      once_per_turn: true
      effects: [{gain_sp: {amount: 1}}]
- id: bastion
  name: Bastion
  type: environment
  text: "Nothing."
  abilities: []
- id: fused_wyrm
  name: Fused Wyrm
  type: phantom
  level: 8
  atk: 3200
  health: 3000
  extra: true
  summon_condition: {count: {select: {side: you}, min: 2}}
  materials: {select: {side: you}, count: 2}
  text: "Send 2 Phantoms you control to the Graveyard: Special Summon this card."
- id: guardian_rite
  name: Guardian Rite
  type: spirit
  text: "A Phantom you control survives being Broken this turn."
  abilities:
    - start: main
      target: {select: {side: you}}
      effects: [{protect: {target: chosen, duration: turn}}]
"""

DECK = ["stone_sentry"] * 6


def spec(me=None, foe=None, **kw):
    return {"players": [{"deck": DECK, **(me or {})}, {"deck": DECK, **(foe or {})}], **kw}


# ---------------------------------------------------------------- Spirits
def test_spirit_is_played_onto_the_field_to_activate_then_goes_to_graveyard():
    duel = position(spec({"hand": ["spark"]}), CARDS)
    card = uid(duel, 0, "spark")
    events = play(duel, Activate(0, card, 0, (), "back", 2))
    moves = [(e.from_zone, e.to_zone) for e in of_type(events, ev.CardMoved) if e.card == card]
    assert moves == [("hand", "back"), ("back", "grave")]
    assert duel.players[1].lp == 9700


def test_spirit_needs_a_free_back_row_or_side_balance_slot():
    duel = position(spec({"hand": ["spark"], "back": ["snare"] * 3, "side": ["snare"] * 2}),
                    CARDS)
    spark = uid(duel, 0, "spark")
    assert not [c for c in duel.legal_actions() if isinstance(c, Activate) and c.card == spark]
    with pytest.raises(Rejected, match="no empty back-row"):
        duel.apply(Activate(0, uid(duel, 0, "spark"), 0, (), "back", 0))


def test_spirit_cannot_be_activated_on_the_opponents_turn():
    duel = position(spec({"back": [{"card": "quick_gift"}], "phantom": ["iron_hound"]},
                         {"hand": ["stone_sentry"]}, turn_player=1), CARDS)
    play(duel, Summon(1, uid(duel, 1, "stone_sentry", "hand"), "phantom", 0, True, True))
    gift = Activate(0, uid(duel, 0, "quick_gift"), 0)
    assert duel.deciding_player != 0 or gift not in duel.legal_actions()
    assert duel.why_illegal(gift) is not None


def test_spirit_on_opponents_turn_refused_with_reason():
    duel = position(spec({"back": ["quick_gift", "snare"]}, {"hand": ["stone_sentry"]},
                         turn_player=1), CARDS)
    play(duel, Summon(1, uid(duel, 1, "stone_sentry", "hand"), "phantom", 0, True, True))
    assert duel.deciding_player == 0  # Snare can answer
    with pytest.raises(Rejected, match="Spirits can only be activated on your own turn"):
        duel.apply(Activate(0, uid(duel, 0, "quick_gift"), 0))


def test_spirit_can_be_set_and_activated_on_a_later_own_turn():
    duel = position(spec({"hand": ["spark"]}), CARDS)
    card = uid(duel, 0, "spark")
    play(duel, SetCard(0, card, "side", 1))
    assert not duel.cards[card].face_up
    with pytest.raises(Rejected, match="later turn"):
        duel.apply(Activate(0, card, 0))
    play(duel, EndTurn(0), EndTurn(1))
    play(duel, Activate(0, card, 0))
    assert duel.players[1].lp == 9700 and duel.cards[card].zone.value == "grave"


def test_lasting_spirit_stays_on_the_field_and_its_effect_lasts():
    duel = position(spec({"hand": ["war_banner"], "phantom": ["iron_hound"]}), CARDS)
    hound = uid(duel, 0, "iron_hound")
    card = uid(duel, 0, "war_banner")
    assert atk(duel, duel.cards[hound]) == 1100
    assert Activate(0, card, 0, (), "back", 0) not in duel.legal_actions()
    play(duel, Activate(0, card, -1, (), "back", 0))  # a card with no ability to activate
    assert duel.cards[card].zone.value == "back" and duel.cards[card].face_up
    assert atk(duel, duel.cards[hound]) == 1300
    play(duel, EndTurn(0), EndTurn(1))
    assert atk(duel, duel.cards[hound]) == 1300
    duel2 = position(spec({"back": [{"card": "war_banner", "face": "up"}],
                           "phantom": ["iron_hound"]}), CARDS)
    assert atk(duel2, duel2.cards[uid(duel2, 0, "iron_hound")]) == 1300
    assert duel2.cards[uid(duel2, 0, "war_banner")].zone.value == "back"


# ---------------------------------------------------------------- Counters
def test_counter_must_be_set_before_it_can_be_activated():
    duel = position(spec({"hand": ["snare"]}), CARDS)
    card = uid(duel, 0, "snare")
    assert not [c for c in duel.legal_actions() if isinstance(c, Activate)]
    with pytest.raises(Rejected, match="must be set"):
        duel.apply(Activate(0, card, 0, (), "back", 0))


def test_counter_can_be_activated_on_the_opponents_turn():
    duel = position(spec({"back": ["snare"]}, {"hand": ["stone_sentry"]}, turn_player=1), CARDS)
    play(duel, Summon(1, uid(duel, 1, "stone_sentry", "hand"), "phantom", 0, True, True))
    assert duel.deciding_player == 0
    play(duel, Activate(0, uid(duel, 0, "snare"), 0))
    assert duel.players[1].lp == 9800


def test_counter_not_on_the_turn_it_was_set_without_its_condition():
    duel = position(spec({"hand": ["snare", "iron_hound"]}), CARDS)
    snare = uid(duel, 0, "snare")
    play(duel, SetCard(0, snare, "back", 0))
    with pytest.raises(Rejected, match="turn it was set"):
        duel.apply(Activate(0, snare, 0))
    play(duel, EndTurn(0), EndTurn(1))
    play(duel, Activate(0, snare, 0))  # a later own turn: fine
    assert duel.players[1].lp == 9800


def test_counter_on_the_turn_it_was_set_when_its_condition_is_met():
    duel = position(spec({"hand": ["last_stand"], "lp": 4000}), CARDS)
    card = uid(duel, 0, "last_stand")
    play(duel, SetCard(0, card, "back", 0))
    assert Activate(0, card, 0) in duel.legal_actions()
    play(duel, Activate(0, card, 0))
    assert duel.players[0].lp == 6000


def test_counter_condition_not_met_on_set_turn_is_refused():
    duel = position(spec({"hand": ["last_stand"], "lp": 8000}), CARDS)
    card = uid(duel, 0, "last_stand")
    play(duel, SetCard(0, card, "back", 0))
    with pytest.raises(Rejected):
        duel.apply(Activate(0, card, 0))


def test_negating_a_summon_breaks_the_summoned_phantom():
    duel = position(spec({"hand": ["iron_hound"]}, {"back": ["denial"]}), CARDS)
    hound = uid(duel, 0, "iron_hound")
    play(duel, Summon(0, hound, "phantom", 0, True, True))
    events = play(duel, Activate(1, uid(duel, 1, "denial"), 0))
    assert of_type(events, ev.StepNegated)[0].card_id == "iron_hound"
    assert duel.cards[hound].zone.value == "grave"
    assert not of_type(events, ev.Summoned)


def test_negate_needs_something_to_answer():
    duel = position(spec({"back": ["denial"]}), CARDS)
    assert duel.why_illegal(Activate(0, uid(duel, 0, "denial"), 0)) is not None


# ---------------------------------------------------------------- Environments
def test_environment_goes_to_its_players_environment_slot():
    duel = position(spec({"hand": ["arena"]}), CARDS)
    card = uid(duel, 0, "arena")
    play(duel, PlayEnvironment(0, card))
    assert duel.players[0].slots[duel.cards[card].zone][0] == card


def test_single_environment_affects_both_players():
    duel = position(spec({"env": "arena", "phantom": ["iron_hound"]},
                         {"phantom": ["iron_hound"]}), CARDS)
    assert atk(duel, duel.cards[uid(duel, 0, "iron_hound")]) == 1400
    assert atk(duel, duel.cards[uid(duel, 1, "iron_hound")]) == 1400


def test_single_environment_can_be_used_by_both_players():
    duel = position(spec({}, {"env": "wellspring"}), CARDS)
    well = uid(duel, 1, "wellspring")
    assert Activate(0, well, 0) in duel.legal_actions()
    play(duel, Activate(0, well, 0))
    assert duel.players[0].sp == 4 and duel.players[1].sp == 3


def test_two_environments_each_affect_only_their_own_player():
    duel = position(spec({"env": "arena", "phantom": ["iron_hound"]},
                         {"env": "bastion", "phantom": ["iron_hound"]}), CARDS)
    assert atk(duel, duel.cards[uid(duel, 0, "iron_hound")]) == 1400
    assert atk(duel, duel.cards[uid(duel, 1, "iron_hound")]) == 1100


def test_two_environments_only_the_owner_may_use_one():
    duel = position(spec({"env": "bastion"}, {"env": "wellspring"}), CARDS)
    with pytest.raises(Rejected, match="two Environments"):
        duel.apply(Activate(0, uid(duel, 1, "wellspring"), 0))


def test_new_environment_replaces_and_breaks_the_old_one():
    duel = position(spec({"env": "arena", "hand": ["bastion"]}), CARDS)
    old, new = uid(duel, 0, "arena"), uid(duel, 0, "bastion")
    events = play(duel, PlayEnvironment(0, new))
    assert of_type(events, ev.CardBroken)[0].card == old
    assert duel.cards[old].zone.value == "grave"


# ---------------------------------------------------------------- Extra Deck
def test_extra_deck_summon_sends_chosen_materials_to_the_graveyard():
    duel = position(spec({"extra": ["fused_wyrm"], "phantom": ["iron_hound", "stone_sentry",
                                                                "lantern_moth"],
                          "side": ["dusk_fox", "dusk_fox"], "sp": 0}), CARDS)
    assert not [c for c in duel.legal_actions() if isinstance(c, SpecialSummon)]  # no free slot
    duel = position(spec({"extra": ["fused_wyrm"], "phantom": ["iron_hound", "stone_sentry"],
                          "sp": 0}), CARDS)
    wyrm = uid(duel, 0, "fused_wyrm")
    events = play(duel, SpecialSummon(0, wyrm, "phantom", 2, True))
    assert of_type(events, ev.ChoiceRequested)[0].kind == "materials"
    play(duel, Choose(0, uid(duel, 0, "iron_hound")), Choose(0, uid(duel, 0, "stone_sentry")))
    assert duel.cards[wyrm].zone.value == "phantom" and duel.players[0].sp == 0
    assert sorted(duel.players[0].grave) == sorted([uid(duel, 0, "iron_hound"),
                                                    uid(duel, 0, "stone_sentry")])


def test_extra_deck_summon_in_battle_phase_but_not_on_opponents_turn():
    duel = position(spec({"extra": ["fused_wyrm"], "phantom": ["iron_hound", "stone_sentry"]},
                         phase="battle"), CARDS)
    assert [c for c in duel.legal_actions() if isinstance(c, SpecialSummon)]
    duel = position(spec({"extra": ["fused_wyrm"], "phantom": ["iron_hound", "stone_sentry"],
                          "back": ["snare"]}, {"hand": ["stone_sentry"]}, turn_player=1), CARDS)
    play(duel, Summon(1, uid(duel, 1, "stone_sentry", "hand"), "phantom", 0, True, True))
    assert duel.deciding_player == 0
    assert not [c for c in duel.legal_actions() if isinstance(c, SpecialSummon)]


# ---------------------------------------------------------------- protection
def test_protected_phantom_survives_break_and_stays_at_zero_health_in_defense():
    duel = position(spec({"hand": ["guardian_rite"], "phantom": ["lantern_moth"]},
                         {"phantom": ["ancient_wyrm"]}, turn_player=0), CARDS)
    moth = uid(duel, 0, "lantern_moth")
    play(duel, Activate(0, uid(duel, 0, "guardian_rite"), 0, (moth,), "back", 0))
    play(duel, NextPhase(0))
    events = play(duel, Attack(0, moth, uid(duel, 1, "ancient_wyrm")))
    broken = of_type(events, ev.CardBroken)[0]
    assert broken.card == moth and broken.survived
    assert duel.cards[moth].zone.value == "phantom"
    assert duel.cards[moth].attack_pos is False
    from game.engine.query import health

    assert health(duel, duel.cards[moth]) == 0
    play(duel, EndTurn(0))
    assert duel.cards[moth].zone.value == "phantom"  # stays at 0 Health after the turn


def test_negate_summon_also_answers_an_extra_deck_special_summon():
    duel = position(spec({"extra": ["fused_wyrm"], "phantom": ["iron_hound", "stone_sentry"]},
                         {"back": ["denial"]}), CARDS)
    wyrm = uid(duel, 0, "fused_wyrm")
    play(duel, SpecialSummon(0, wyrm, "side", 0, True),
         Choose(0, uid(duel, 0, "iron_hound")), Choose(0, uid(duel, 0, "stone_sentry")))
    assert duel.deciding_player == 1
    events = play(duel, Activate(1, uid(duel, 1, "denial"), 0))
    assert of_type(events, ev.StepNegated)
    assert duel.cards[wyrm].zone.value == "grave"


def test_continuous_effect_with_a_condition_applies_only_while_it_holds():
    cards = CARDS + """
- id: desperate_banner
  name: Desperate Banner
  type: spirit
  lasting: true
  text: "Lasting. While your LP is 3000 or less, your Phantoms gain 1000 ATK."
  abilities:
    - start: static
      condition: {lp: {player: you, max: 3000}}
      affects: {side: you}
      modify: {atk: 1000}
"""
    duel = position(spec({"back": [{"card": "desperate_banner", "face": "up"}],
                          "phantom": ["iron_hound"], "lp": 5000}), cards)
    hound = duel.cards[uid(duel, 0, "iron_hound")]
    assert atk(duel, hound) == 1100
    duel.players[0].lp = 3000
    assert atk(duel, hound) == 2100


def test_losing_a_health_bonus_never_breaks_a_phantom_it_held_up():
    """Rulings (Health bonuses): when a bonus ends, the current Health falls only to the new
    max if it is above it; the end of a bonus never Breaks by itself."""
    cards = CARDS + """
- id: vigor_banner
  name: Vigor Banner
  type: spirit
  lasting: true
  text: "Lasting. Your Phantoms gain 500 Health."
  abilities:
    - start: static
      affects: {side: you}
      modify: {health: 500}
- id: tear_down
  name: Tear Down
  type: spirit
  text: "Break target Spirit."
  abilities:
    - start: main
      target: {select: {type: spirit}}
      effects: [{break: {target: chosen}}]
"""
    duel = position(spec({"hand": ["tear_down"]},
                         {"back": [{"card": "vigor_banner", "face": "up"}],
                          "phantom": [{"card": "iron_hound", "health": 300}]}), cards)
    hound = uid(duel, 1, "iron_hound")
    banner = uid(duel, 1, "vigor_banner")
    play(duel, Activate(0, uid(duel, 0, "tear_down"), 0, (banner,), "back", 0))
    assert duel.cards[banner].zone.value == "grave"
    card = duel.cards[hound]
    assert card.zone.value == "phantom"  # 1500 max with the banner, 300 left: it stays
    assert (health(duel, card), max_health(duel, card)) == (300, 1000)
