"""Battle: declaring attacks, direct attacks, damage, Break, excess, 0 Health, winning."""

from __future__ import annotations

import pytest

from game.engine import Attack, EndTurn, NextPhase, Rejected, Summon
from game.engine import events as ev
from tests.kit import of_type, play, position, uid

DECK = ["stone_sentry"] * 5


def battle(me: dict, foe: dict, **kw):
    return position({"phase": "battle", "players": [{"deck": DECK, **me}, {"deck": DECK, **foe}],
                     **kw})


def test_attacks_are_declared_only_in_the_battle_phase():
    duel = position({"players": [{"deck": DECK, "phantom": ["iron_hound"]},
                                 {"deck": DECK, "phantom": ["stone_sentry"]}]})
    assert not [c for c in duel.legal_actions() if isinstance(c, Attack)]
    with pytest.raises(Rejected, match="Battle Phase"):
        duel.apply(Attack(0, uid(duel, 0, "iron_hound"), uid(duel, 1, "stone_sentry")))


def test_defense_position_phantoms_cannot_attack():
    duel = battle({"phantom": [{"card": "iron_hound", "position": "defense"}]},
                  {"phantom": ["stone_sentry"]})
    assert not [c for c in duel.legal_actions() if isinstance(c, Attack)]
    with pytest.raises(Rejected, match="Defense Position Phantoms cannot attack"):
        duel.apply(Attack(0, uid(duel, 0, "iron_hound"), uid(duel, 1, "stone_sentry")))


def test_each_phantom_attacks_at_most_once_per_turn():
    duel = battle({"phantom": ["ancient_wyrm"]},
                  {"phantom": ["stone_sentry", "stone_sentry"]})
    wyrm = uid(duel, 0, "ancient_wyrm")
    play(duel, Attack(0, wyrm, duel.players[1].slots[duel.cards[wyrm].zone][0]))
    assert not [c for c in duel.legal_actions() if isinstance(c, Attack)]


def test_direct_attack_only_when_opponent_controls_no_phantom():
    duel = battle({"phantom": ["iron_hound"]}, {"side": ["stone_sentry"]})
    hound = uid(duel, 0, "iron_hound")
    assert Attack(0, hound, -1) not in duel.legal_actions()
    with pytest.raises(Rejected, match="controls no Phantom"):
        duel.apply(Attack(0, hound, -1))
    duel = battle({"phantom": ["iron_hound"]}, {})
    events = play(duel, Attack(0, hound, -1))
    assert duel.players[1].lp == 10000 - 1100
    assert of_type(events, ev.BattleDamage)[0].to_player == 1100


def test_no_direct_attack_on_the_turn_summoned_but_may_attack_a_phantom():
    duel = position({"players": [{"deck": DECK, "hand": ["iron_hound"], "sp": 3}, {"deck": DECK}]})
    hound = uid(duel, 0, "iron_hound")
    play(duel, Summon(0, hound, "phantom", 0, True, True), NextPhase(0))
    assert Attack(0, hound, -1) not in duel.legal_actions()
    with pytest.raises(Rejected, match="turn it was summoned"):
        duel.apply(Attack(0, hound, -1))
    duel = position({"players": [{"deck": DECK, "hand": ["iron_hound"], "sp": 3},
                                 {"deck": DECK, "phantom": ["stone_sentry"]}]})
    hound = uid(duel, 0, "iron_hound")
    play(duel, Summon(0, hound, "phantom", 0, True, True), NextPhase(0))
    assert Attack(0, hound, uid(duel, 1, "stone_sentry")) in duel.legal_actions()


def test_damage_is_simultaneous_atk_to_health_and_health_stays_reduced():
    duel = battle({"phantom": ["granite_golem"]}, {"phantom": ["marsh_strider"]})
    golem, strider = uid(duel, 0, "granite_golem"), uid(duel, 1, "marsh_strider")
    events = play(duel, Attack(0, golem, strider))
    healths = {e.card: (e.before, e.after) for e in of_type(events, ev.HealthChanged)}
    assert healths == {strider: (1500, 0), golem: (2400, 1000)}
    play(duel, EndTurn(0), EndTurn(1))
    from game.engine.query import health

    assert health(duel, duel.cards[golem]) == 1000  # not restored at end of turn


def test_phantom_is_broken_at_zero_health():
    duel = battle({"phantom": ["storm_rider"]}, {"phantom": [{"card": "iron_hound",
                                                             "position": "defense"}]})
    hound = uid(duel, 1, "iron_hound")
    events = play(duel, Attack(0, uid(duel, 0, "storm_rider"), hound))
    assert of_type(events, ev.CardBroken)[0].card == hound
    assert duel.cards[hound].zone.value == "grave"
    assert duel.players[1].grave == [hound]


def test_both_phantoms_can_break_each_other():
    duel = battle({"phantom": ["iron_hound"]}, {"phantom": ["iron_hound"]})
    a, b = uid(duel, 0, "iron_hound"), uid(duel, 1, "iron_hound")
    play(duel, Attack(0, a, b))
    assert duel.cards[a].zone.value == "grave" and duel.cards[b].zone.value == "grave"


def test_excess_damage_through_attack_position_goes_to_controller():
    duel = battle({"phantom": ["ancient_wyrm"]}, {"phantom": ["lantern_moth"]})
    events = play(duel, Attack(0, uid(duel, 0, "ancient_wyrm"), uid(duel, 1, "lantern_moth")))
    assert duel.players[1].lp == 10000 - (3000 - 800)
    bd = of_type(events, ev.BattleDamage)[0]
    assert bd.to_player == 2200 and bd.player == 1


def test_defense_position_passes_no_excess_damage():
    duel = battle({"phantom": ["ancient_wyrm"]},
                  {"phantom": [{"card": "lantern_moth", "position": "defense"}]})
    play(duel, Attack(0, uid(duel, 0, "ancient_wyrm"), uid(duel, 1, "lantern_moth")))
    assert duel.players[1].lp == 10000


def test_the_attacker_passes_no_excess_damage():
    duel = battle({"phantom": ["lantern_moth"]}, {"phantom": ["ancient_wyrm"]})
    play(duel, Attack(0, uid(duel, 0, "lantern_moth"), uid(duel, 1, "ancient_wyrm")))
    assert duel.players[0].lp == 10000
    assert duel.cards[uid(duel, 0, "lantern_moth")].zone.value == "grave"


def test_zero_health_defense_phantom_deals_no_battle_damage():
    duel = battle({"phantom": ["lantern_moth"]},
                  {"phantom": [{"card": "ancient_wyrm", "health": 0}]})
    wyrm = uid(duel, 1, "ancient_wyrm")
    assert duel.cards[wyrm].attack_pos is False
    moth = uid(duel, 0, "lantern_moth")
    events = play(duel, Attack(0, moth, wyrm))
    assert of_type(events, ev.BattleDamage)[0].to_attacker == 0
    assert duel.cards[moth].zone.value == "phantom"


def test_zero_health_phantom_cannot_attack():
    duel = battle({"phantom": [{"card": "ancient_wyrm", "health": 0}]}, {})
    assert not [c for c in duel.legal_actions() if isinstance(c, Attack)]


def test_face_down_attacker_is_turned_face_up_first():
    duel = battle({"phantom": [{"card": "iron_hound", "face": "down"}]}, {})
    hound = uid(duel, 0, "iron_hound")
    events = play(duel, Attack(0, hound, -1))
    assert duel.cards[hound].face_up
    assert events.index(of_type(events, ev.Revealed)[0]) < events.index(
        of_type(events, ev.BattleDamage)[0])


def test_face_down_target_is_turned_face_up_before_damage():
    duel = battle({"phantom": ["ancient_wyrm"]},
                  {"phantom": [{"card": "shield_bearer", "face": "down", "position": "defense"}]})
    bearer = uid(duel, 1, "shield_bearer")
    events = play(duel, Attack(0, uid(duel, 0, "ancient_wyrm"), bearer))
    reveal = of_type(events, ev.Revealed)[0]
    assert reveal.card == bearer
    assert events.index(reveal) < events.index(of_type(events, ev.BattleDamage)[0])


def test_reducing_lp_to_zero_wins():
    duel = battle({"phantom": ["ancient_wyrm"]}, {"lp": 3000})
    events = play(duel, Attack(0, uid(duel, 0, "ancient_wyrm"), -1))
    assert duel.winner == 0 and duel.players[1].lp == 0
    assert of_type(events, ev.DuelEnded)[0].winner == 0


def test_lp_has_no_upper_cap():
    cards = """
- id: big_heal
  name: Big Heal
  type: spirit
  text: "Gain 5000 LP."
  abilities:
    - start: main
      effects: [{heal_player: {amount: 5000}}]
"""
    duel = position({"players": [{"deck": DECK, "hand": ["big_heal"]}, {"deck": DECK}]}, cards)
    from game.engine import Activate

    play(duel, Activate(0, uid(duel, 0, "big_heal"), 0, (), "back", 0))
    assert duel.players[0].lp == 15000
