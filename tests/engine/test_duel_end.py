"""The command that ends a duel finishes whole: every consequence happens and every state
check runs (0 Health -> Defense or Break), and DuelEnded is its last event. Each case has
a Break still to happen when the duel is decided; before, the duel ended at once and left a
Phantom at 0 Health standing in Attack Position."""

from __future__ import annotations

from game.engine import Activate, Attack, EndTurn
from game.engine import events as ev
from game.engine.query import health
from tests.engine.test_fuzz import check_invariants
from tests.kit import of_type, play, position, uid

CARDS = """
- id: grudge_totem
  name: Grudge Totem
  type: spirit
  lasting: true
  text: "Lasting. While you control no Phantom in Attack Position, your opponent's Phantoms lose 600 Health."
  abilities:
    - start: static
      condition: {count: {select: {side: you, position: attack}, max: 0}}
      affects: {side: opponent}
      modify: {health: -600}
- id: night_chill
  name: Night Chill
  type: spirit
  lasting: true
  text: "Lasting. During the Draw Phase, your opponent's Phantoms lose 600 Health."
  abilities:
    - start: static
      condition: {phase: [draw]}
      affects: {side: opponent}
      modify: {health: -600}
- id: parting_shot
  name: Parting Shot
  type: spirit
  text: "Deal 1000 damage to your opponent, then Break target Phantom your opponent controls."
  abilities:
    - start: main
      target: {select: {side: opponent}}
      effects:
        - damage_player: {player: opponent, amount: 1000}
        - break: {target: chosen}
- id: glass_lancer
  name: Glass Lancer
  type: phantom
  level: 1
  atk: 3000
  health: 500
  text: "A brittle Phantom."
- id: paper_guard
  name: Paper Guard
  type: phantom
  level: 1
  atk: 0
  health: 100
  text: "A flimsy Phantom."
"""


def _owned(duel) -> list[int]:
    return [sum(1 for c in duel.cards if c.owner == p) for p in (0, 1)]


def _ends_whole(duel, events) -> None:
    assert isinstance(events[-1], ev.DuelEnded), events[-3:]
    assert len(of_type(events, ev.DuelEnded)) == 1
    check_invariants(duel, _owned(duel))
    lancer = duel.cards[uid(duel, 0, "glass_lancer")]
    assert lancer.zone.value == "grave", "the Break still to happen did not happen"
    broken = [e.card_id for e in of_type(events, ev.CardBroken)]
    assert "glass_lancer" in broken
    assert events.index(of_type(events, ev.CardBroken)[-1]) < len(events) - 1


def test_an_attack_that_ends_the_duel_still_breaks_what_its_aftermath_breaks():
    duel = position({"phase": "battle", "players": [
        {"deck": ["stone_sentry"] * 3, "phantom": ["glass_lancer"]},
        {"deck": ["stone_sentry"] * 3, "lp": 100, "phantom": ["paper_guard"],
         "back": [{"card": "grudge_totem", "face": "up"}]}]}, CARDS)
    events = play(duel, Attack(0, uid(duel, 0, "glass_lancer"), uid(duel, 1, "paper_guard")))
    assert duel.winner == 0
    _ends_whole(duel, events)


def test_an_effect_that_ends_the_duel_still_resolves_its_other_effects():
    duel = position({"players": [
        {"deck": ["stone_sentry"] * 3, "phantom": ["glass_lancer"], "hand": ["parting_shot"]},
        {"deck": ["stone_sentry"] * 3, "lp": 1000, "phantom": ["paper_guard"],
         "back": [{"card": "grudge_totem", "face": "up"}]}]}, CARDS)
    guard = uid(duel, 1, "paper_guard")
    events = play(duel, Activate(0, uid(duel, 0, "parting_shot"), 0, (guard,), "back", 0))
    assert duel.winner == 0
    assert duel.cards[guard].zone.value == "grave"  # the effect after the damage happened
    _ends_whole(duel, events)


def test_a_draw_phase_that_ends_the_duel_still_runs_its_state_checks():
    duel = position({"players": [
        {"deck": [], "phantom": ["glass_lancer"]},
        {"deck": ["stone_sentry"] * 3, "back": [{"card": "night_chill", "face": "up"}]}]},
        CARDS)
    assert health(duel, duel.cards[uid(duel, 0, "glass_lancer")]) == 500
    events = play(duel, EndTurn(0))
    assert duel.winner == 1
    _ends_whole(duel, events)


def test_both_players_at_zero_from_one_step_is_still_a_draw():
    duel = position({"players": [
        {"deck": ["stone_sentry"] * 3, "lp": 500, "hand": ["parting_shot"]},
        {"deck": ["stone_sentry"] * 3, "lp": 1000}]}, """
- id: parting_shot
  name: Parting Shot
  type: spirit
  text: "Deal 1000 damage to your opponent and 1000 damage to you."
  abilities:
    - start: main
      effects:
        - damage_player: {player: opponent, amount: 1000}
        - damage_player: {player: you, amount: 1000}
""")
    events = play(duel, Activate(0, uid(duel, 0, "parting_shot"), 0, (), "back", 0))
    assert duel.winner == -1 and isinstance(events[-1], ev.DuelEnded)


def test_an_end_decided_before_a_choice_of_the_same_step_survives_a_clone_and_a_save():
    """The Step dealt lethal damage, then its next effect asks a choice: the decided end is
    part of the state (`ending`), so a clone or a loaded save taken while the choice waits
    ends the same way when it is answered."""
    import json

    from game.engine.serialize import from_dict, state_hash, to_dict

    cards = CARDS + """
- id: final_harvest
  name: Final Harvest
  type: spirit
  text: "Deal 2000 damage to your opponent, then add a Phantom from your Deck to your hand."
  abilities:
    - start: main
      effects:
        - damage_player: {player: opponent, amount: 2000}
        - search: {source: deck, select: {zone: deck, type: phantom}}
"""
    duel = position({"players": [
        {"deck": ["stone_sentry", "iron_hound", "paper_guard"], "hand": ["final_harvest"]},
        {"deck": ["stone_sentry"] * 3, "lp": 1000}]}, cards)
    play(duel, Activate(0, uid(duel, 0, "final_harvest"), 0, (), "back", 0))
    assert duel.pending_choice() is not None and duel.winner is None
    copies = [duel.clone(), from_dict(json.loads(json.dumps(to_dict(duel))), duel.pool)]
    assert all(state_hash(c) == state_hash(duel) for c in copies)
    answer = duel.legal_actions()[0]
    for d in (duel, *copies):
        d.apply(answer)
        assert d.winner == 0 and d.end_reason == "player 2 reached 0 LP"
