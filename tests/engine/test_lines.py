"""Lines: Steps, speeds, Line Breaks, priority, resolution order, windows, triggers, fizzling,
the loop guard."""

from __future__ import annotations

import pytest

from game.engine import Activate, Attack, ChangePosition, EndTurn, Pass, Rejected, Summon, Zone
from game.engine import events as ev
from tests.kit import of_type, play, position, uid

CARDS = """
- id: homing_pigeon
  name: Homing Pigeon
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "Return this card to your hand."
  abilities:
    - start: main
      effects: [{return_to_hand: {target: self}}]
- id: quick_imp
  name: Quick Imp
  type: phantom
  level: 1
  atk: 500
  health: 500
  text: "Response: deal 100 damage to your opponent."
  abilities:
    - start: response
      effects: [{damage_player: {player: opponent, amount: 100}}]
- id: snare
  name: Snare
  type: counter
  text: "Response: deal 200 damage to your opponent."
  abilities:
    - start: response
      effects: [{damage_player: {player: opponent, amount: 200}}]
- id: snare_b
  name: Snare B
  type: counter
  text: "Response: deal 250 damage to your opponent."
  abilities:
    - start: response
      effects: [{damage_player: {player: opponent, amount: 250}}]
- id: thunder_rite
  name: Thunder Rite
  type: counter
  text: "Speed 3. Response: deal 300 damage to your opponent."
  abilities:
    - start: response
      speed: 3
      effects: [{damage_player: {player: opponent, amount: 300}}]
- id: herald
  name: Herald
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "When this card is Summoned: draw 1 card."
  abilities:
    - start: trigger
      on: summoned
      effects: [{draw: {count: 1}}]
- id: watcher
  name: Watcher
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "When your opponent Summons a Phantom: gain 1000 LP."
  abilities:
    - start: trigger
      on: opponent_summons
      effects: [{heal_player: {amount: 1000}}]
- id: bolt
  name: Bolt
  type: spirit
  text: "Deal 1000 damage to a Phantom your opponent controls."
  abilities:
    - start: main
      target: {select: {side: opponent}}
      effects: [{damage: {target: chosen, amount: 1000}}]
- id: recall
  name: Recall
  type: counter
  text: "Response: return a Phantom you control to your hand."
  abilities:
    - start: response
      target: {select: {side: you}}
      effects: [{return_to_hand: {target: chosen}}]
- id: tinker
  name: Tinker
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "Main Phase: deal 10 damage to your opponent."
  abilities:
    - start: main
      effects: [{damage_player: {player: opponent, amount: 10}}]
"""

DECK = ["stone_sentry"] * 5


def spec(me=None, foe=None, **kw):
    return {"players": [{"deck": DECK, **(me or {})}, {"deck": DECK, **(foe or {})}], **kw}


def lp_changes(events):
    return [(e.player, e.before - e.after) for e in of_type(events, ev.LpChanged)]


def test_game_action_is_the_first_step_of_a_line_at_speed_0():
    duel = position(spec({"hand": ["iron_hound"]}), CARDS)
    events = play(duel, Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True, True))
    added = of_type(events, ev.StepAdded)[0]
    assert (added.line, added.step, added.speed, added.kind) == (1, 1, 0, "summon")
    assert of_type(events, ev.LineClosed)


def test_other_player_may_respond_first_after_a_step_is_added():
    duel = position(spec({"hand": ["iron_hound"]}, {"phantom": ["quick_imp"]}), CARDS)
    play(duel, Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True, True))
    assert duel.deciding_player == 1
    assert duel.legal_actions() == (Pass(1), Activate(1, uid(duel, 1, "quick_imp"), 0),)


def test_three_lines_resolve_top_first_with_windows_on_broken_lines():
    duel = position(spec({"hand": ["iron_hound"], "back": ["thunder_rite"]},
                         {"phantom": ["quick_imp"], "back": ["snare"]}), CARDS)
    events = play(duel, Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True, True))
    events += play(duel, Activate(1, uid(duel, 1, "snare"), 0))        # speed 2: Line 2
    assert of_type(events, ev.LineBreak)[-1].line == 2
    assert duel.deciding_player == 0
    events += play(duel, Activate(0, uid(duel, 0, "thunder_rite"), 0))  # speed 3: Line 3
    assert of_type(events, ev.LineBreak)[-1].line == 3
    # Nobody can answer a speed-3 Step, so both pass automatically: Line 3 resolves; in the
    # window on Line 2 nobody can answer speed 2 (Quick Imp is speed 1): Line 2 resolves;
    # in the window on Line 1 Quick Imp may answer the summon, so Player 1 decides.
    assert len(duel.lines) == 1 and duel.deciding_player == 1
    assert [type(e).__name__ for e in events if isinstance(
        e, (ev.LineResolving, ev.LineClosed, ev.WindowOpened))] == [
        "LineResolving", "LineClosed", "WindowOpened", "LineResolving", "LineClosed",
        "WindowOpened"]
    window = of_type(events, ev.WindowOpened)
    assert [w.line for w in window] == [2, 1]
    assert window[0].player == 0  # Player 1 added Line 2's top Step: Player 0 answers first
    assert window[1].player == 1
    assert lp_changes(events) == [(1, 300), (0, 200)]  # Line 3 before Line 2
    events = play(duel, Activate(1, uid(duel, 1, "quick_imp"), 0))  # speed 1 > 0: Line Break
    assert of_type(events, ev.LineBreak)[0].line == 2
    # Player 0 cannot answer and passes automatically; Quick Imp could go again: Player 1 passes.
    assert duel.deciding_player == 1
    events += play(duel, Pass(1))
    assert lp_changes(events) == [(0, 100)]
    assert duel.deciding_player == 1 and of_type(events, ev.WindowOpened)[-1].line == 1
    events += play(duel, Pass(1))
    closed = [e.line for e in of_type(events, ev.LineClosed)]
    assert closed == [2, 1]
    assert not duel.lines


def test_equal_speed_response_extends_the_line():
    duel = position(spec({"hand": ["bolt"], "back": ["snare_b"]},
                         {"phantom": ["iron_hound"], "back": ["snare"]}), CARDS)
    events = play(duel, Activate(0, uid(duel, 0, "bolt"), 0, (uid(duel, 1, "iron_hound"),),
                                 "back", 1))
    assert of_type(events, ev.StepAdded)[0].speed == 1
    events = play(duel, Activate(1, uid(duel, 1, "snare"), 0))
    assert of_type(events, ev.LineBreak)  # 2 > 1
    events = play(duel, Activate(0, uid(duel, 0, "snare_b"), 0))
    added = of_type(events, ev.StepAdded)[0]
    assert (added.line, added.step, added.speed) == (2, 2, 2)  # same speed: same Line
    assert not of_type(events, ev.LineBreak)


def test_lower_speed_response_is_refused():
    duel = position(spec({"hand": ["iron_hound"], "back": ["snare_b"]},
                         {"phantom": ["quick_imp"], "back": ["snare", "snare"]}), CARDS)
    play(duel, Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True, True))
    play(duel, Activate(1, duel.players[1].slots[Zone.BACK][0], 0))
    play(duel, Activate(0, uid(duel, 0, "snare_b"), 0))
    assert duel.deciding_player == 1  # the second Snare could still answer
    imp = Activate(1, uid(duel, 1, "quick_imp"), 0)
    assert imp not in duel.legal_actions()
    with pytest.raises(Rejected, match="speed 1 is lower than the last Step's speed 2"):
        duel.apply(imp)


def test_line_resolves_last_step_first():
    duel = position(spec({"hand": ["bolt"], "back": ["snare_b"]},
                         {"phantom": ["iron_hound"], "back": ["snare"]}), CARDS)
    play(duel, Activate(0, uid(duel, 0, "bolt"), 0, (uid(duel, 1, "iron_hound"),), "back", 1))
    play(duel, Activate(1, uid(duel, 1, "snare"), 0))
    events = play(duel, Activate(0, uid(duel, 0, "snare_b"), 0))
    # Line 2 = [snare (P1), snare_b (P0)]: snare_b resolves first.
    assert lp_changes(events)[:2] == [(1, 250), (0, 200)]


def test_no_responses_while_a_line_resolves():
    cards = CARDS + """
- id: seer
  name: Seer
  type: spirit
  text: "Add a card from your deck to your hand."
  abilities:
    - start: main
      effects: [{search: {select: {zone: deck}, source: deck}}]
"""
    duel = position(spec({"hand": ["seer"], "deck": ["iron_hound", "lantern_moth"]},
                         {"phantom": ["quick_imp"]}), cards)
    play(duel, Activate(0, uid(duel, 0, "seer"), 0, (), "back", 0))
    play(duel, Pass(1))
    # Resolution paused on the search choice: only its answers are legal.
    assert duel.state.resolving and duel.choice is not None
    assert all(type(c).__name__ == "Choose" for c in duel.legal_actions())


def test_triggers_wait_for_resolution_then_form_a_line_turn_player_first():
    duel = position(spec({"hand": ["herald"], "phantom": ["watcher"]},
                         {"phantom": ["watcher"]}), CARDS)
    events = play(duel, Summon(0, uid(duel, 0, "herald"), "phantom", 1, True, True))
    closed = events.index(of_type(events, ev.LineClosed)[0])
    added = [e for e in of_type(events, ev.StepAdded) if e.trigger]
    assert [a.card_id for a in added] == ["herald", "watcher"]  # turn player's first
    assert all(events.index(a) > closed for a in added)
    assert added[0].line == 1 and added[1].step == 2
    assert duel.players[1].lp == 11000 and len(duel.players[0].hand) == 1


def test_step_fizzles_when_its_target_is_gone():
    duel = position(spec({"hand": ["bolt"]}, {"phantom": ["iron_hound"], "back": ["recall"]}),
                    CARDS)
    hound = uid(duel, 1, "iron_hound")
    play(duel, Activate(0, uid(duel, 0, "bolt"), 0, (hound,), "back", 0))
    events = play(duel, Activate(1, uid(duel, 1, "recall"), 0, (hound,)))
    fizzled = of_type(events, ev.StepFizzled)
    assert fizzled and fizzled[0].card_id == "bolt" and "target" in fizzled[0].reason
    assert not of_type(events, ev.HealthChanged)
    assert duel.cards[uid(duel, 0, "bolt")].zone.value == "grave"


def test_activated_ability_fizzles_when_its_card_left_the_field():
    cards = CARDS + """
- id: bounce_trap
  name: Bounce Trap
  type: counter
  text: "Response: return a Phantom your opponent controls to its owner's hand."
  abilities:
    - start: response
      target: {select: {side: opponent}}
      effects: [{return_to_hand: {target: chosen}}]
"""
    duel = position(spec({"phantom": ["tinker"]}, {"back": ["bounce_trap"]}), cards)
    tinker = uid(duel, 0, "tinker")
    play(duel, Activate(0, tinker, 0))
    events = play(duel, Activate(1, uid(duel, 1, "bounce_trap"), 0, (tinker,)))
    fizzled = of_type(events, ev.StepFizzled)
    assert fizzled and "left the field" in fizzled[0].reason
    assert duel.players[1].lp == 10000


def test_loop_guard_eleventh_activation_in_a_turn_is_refused():
    duel = position(spec({"phantom": ["tinker"]}), CARDS)
    tinker = uid(duel, 0, "tinker")
    for _ in range(10):
        play(duel, Activate(0, tinker, 0))
    assert duel.players[1].lp == 10000 - 100
    assert Activate(0, tinker, 0) not in duel.legal_actions()
    with pytest.raises(Rejected, match="Loop guard"):
        duel.apply(Activate(0, tinker, 0))
    play(duel, EndTurn(0), EndTurn(1))
    play(duel, Activate(0, tinker, 0))  # a new turn resets the count


def test_loop_guard_caps_a_repeated_game_action():
    """Summon, its own ability puts it back in the hand, Summon again (RULES.md P5a keeps
    Unsummon out of such loops, so this card returns itself)."""
    duel = position(spec({"hand": ["homing_pigeon"], "sp": 50}), CARDS)
    card = uid(duel, 0, "homing_pigeon", "hand")
    for _ in range(10):
        play(duel, Summon(0, card, "phantom", 0, True, True), Activate(0, card, 0))
        assert duel.cards[card].zone.value == "hand"
    assert not [c for c in duel.legal_actions() if isinstance(c, Summon) and c.card == card]
    with pytest.raises(Rejected, match="Loop guard"):
        duel.apply(Summon(0, card, "phantom", 0, True, True))


def test_game_actions_cannot_answer_a_line():
    duel = position(spec({"hand": ["iron_hound"], "phantom": ["lantern_moth"],
                          "back": ["snare_b"]}, {"phantom": ["quick_imp"]}), CARDS)
    play(duel, Summon(0, uid(duel, 0, "iron_hound"), "phantom", 1, True, True))
    play(duel, Activate(1, uid(duel, 1, "quick_imp"), 0))
    assert duel.deciding_player == 0 and duel.lines
    with pytest.raises(Rejected, match="only respond with an ability or pass"):
        duel.apply(ChangePosition(0, uid(duel, 0, "lantern_moth")))


FAST_HERALD = CARDS + """
- id: fast_herald
  name: Fast Herald
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "Speed 2. When this card is Summoned: draw 1 card."
  abilities:
    - start: trigger
      speed: 2
      on: summoned
      effects: [{draw: {count: 1}}]
- id: slow_watcher
  name: Slow Watcher
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "When your opponent Summons a Phantom: your opponent loses 1000 LP (Speed 1)."
  abilities:
    - start: trigger
      on: opponent_summons
      effects: [{damage_player: {player: opponent, amount: 1000}}]
"""


def test_triggers_that_fire_together_enter_in_ascending_speed_a_faster_one_breaking_the_line():
    """The turn player's trigger is Speed 2, the opponent's Speed 1: the slower enters first
    and the faster makes a Line Break (it never joins a slower Line, nor a slower one a
    faster Line), so the faster resolves first."""
    duel = position(spec({"hand": ["fast_herald"]}, {"phantom": ["slow_watcher"]}), FAST_HERALD)
    hand = len(duel.players[0].hand)
    events = play(duel, Summon(0, uid(duel, 0, "fast_herald"), "phantom", 0, True, True))
    added = [e for e in of_type(events, ev.StepAdded) if e.trigger]
    assert [(a.card_id, a.speed, a.line) for a in added] == [
        ("slow_watcher", 1, 1), ("fast_herald", 2, 2)]
    broke = of_type(events, ev.LineBreak)
    assert broke and events.index(broke[-1]) < events.index(added[1])
    resolving = [e.card_id for e in of_type(events, ev.StepResolving)]
    assert resolving[-2:] == ["fast_herald", "slow_watcher"]  # the faster Line first
    drew = next(i for i, e in enumerate(events) if isinstance(e, ev.CardMoved)
                and e.reason == "effect")
    lost = next(i for i, e in enumerate(events) if isinstance(e, ev.LpChanged))
    assert drew < lost
    assert len(duel.players[0].hand) == hand and duel.players[0].lp == 9000


def test_within_one_speed_the_turn_players_trigger_enters_first_and_extends_the_line():
    duel = position(spec({"hand": ["herald"]}, {"phantom": ["watcher"]}), CARDS)
    events = play(duel, Summon(0, uid(duel, 0, "herald"), "phantom", 0, True, True))
    added = [e for e in of_type(events, ev.StepAdded) if e.trigger]
    assert [(a.card_id, a.line, a.step) for a in added] == [("herald", 1, 1), ("watcher", 1, 2)]
    assert not of_type(events, ev.LineBreak)


def test_a_trigger_slower_than_the_top_step_waits_for_every_line_to_resolve():
    """An attack (Speed 0) is answered by a Speed 2 Counter; a Speed 1 trigger of the
    opponent's activation cannot join that Line: it waits and forms its own Line after."""
    cards = FAST_HERALD + """
- id: quick_wall
  name: Quick Wall
  type: counter
  text: "Response: gain 500 LP."
  abilities:
    - start: response
      effects: [{heal_player: {amount: 500}}]
- id: sage_watcher
  name: Sage Watcher
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "When your opponent activates an ability: draw 1 card."
  abilities:
    - start: trigger
      on: opponent_activates
      effects: [{draw: {count: 1}}]
"""
    duel = position(spec({"phantom": ["iron_hound", "sage_watcher"]}, {"back": ["quick_wall"]},
                         phase="battle", turn=3), cards)
    play(duel, Attack(0, uid(duel, 0, "iron_hound"), -1))
    events = play(duel, Activate(1, uid(duel, 1, "quick_wall"), 0))
    while duel.lines or duel.state.pending_triggers:
        events += play(duel, Pass(duel.deciding_player))
    added = [e for e in of_type(events, ev.StepAdded) if e.trigger]
    assert [(a.card_id, a.speed, a.line) for a in added] == [("sage_watcher", 1, 1)]
    closed = [events.index(e) for e in of_type(events, ev.LineClosed)]
    assert len(closed) >= 2 and events.index(added[0]) > closed[1]  # after both Lines
