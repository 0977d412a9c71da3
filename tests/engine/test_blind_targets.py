"""Targets a player cannot judge (RULES.md I17): a card its chooser cannot see is offered as a
target only as what the chooser sees of it (side, place, face, position, and on the field
whether it is a Phantom). A selector that asks more of it (a Spirit rather than a Counter,
tags, a name, stats) never offers it, so neither the targets offered nor whether an ability
may be used at all tells what a face-down card is (issue 21: `query._card_test` read the
real card)."""

from __future__ import annotations

from game.engine import Activate, Attack, Summon
from game.engine import events as ev
from game.engine.legal import target_candidates
from game.engine.position import build_position
from tests.kit import play, pool_with, position, rules, uid

CARDS = """
- id: counter_snipe
  name: Counter Snipe
  type: spirit
  text: "Return target Counter your opponent controls to its owner's hand."
  abilities:
    - start: main
      target: {select: {side: opponent, type: counter}}
      effects: [{return_to_hand: {}}]
- id: hive_hunter
  name: Hive Hunter
  type: spirit
  text: "Deal 300 damage to target hive Phantom your opponent controls."
  abilities:
    - start: main
      target: {select: {side: opponent, tag: hive}}
      effects: [{damage: {amount: 300}}]
- id: giant_hunter
  name: Giant Hunter
  type: spirit
  text: "Deal 300 damage to target Phantom your opponent controls with 1500 or more ATK."
  abilities:
    - start: main
      target: {select: {side: opponent, atk: ">= 1500"}}
      effects: [{damage: {amount: 300}}]
- id: set_breaker
  name: Set Breaker
  type: spirit
  text: "Return target Spirit or Counter your opponent controls to its owner's hand."
  abilities:
    - start: main
      target: {select: {side: opponent, type: [spirit, counter]}}
      effects: [{return_to_hand: {}}]
"""


def _duel(spell: str, opponent: dict, own: dict | None = None):
    return position({"phase": "main1", "players": [
        {"sp": 9, "hand": [spell], "deck": ["stone_sentry"] * 4, **(own or {})},
        {"hand": ["iron_hound"], "deck": ["stone_sentry"] * 4, **opponent}]}, CARDS)


def _targets(duel, spell: str) -> set[tuple[int, ...]]:
    card = uid(duel, 0, spell)
    return {c.targets for c in duel.view(0).legal_actions
            if isinstance(c, Activate) and c.card == card}


def _same_choices(spell: str, one: dict, two: dict) -> set[tuple[int, ...]]:
    """Seat 0's view and legal actions are the same whichever card the other side set."""
    a, b = _duel(spell, one), _duel(spell, two)
    assert repr(a.view(0)) == repr(b.view(0))
    assert _targets(a, spell) == _targets(b, spell)
    return _targets(a, spell)


def test_a_set_card_is_not_offered_as_a_counter_nor_as_a_spirit() -> None:
    """Counter Snipe may not be used on a set card: offering it only when the set card is a
    Counter would tell that it is one."""
    assert _same_choices("counter_snipe", {"back": ["denial"]}, {"back": ["flare_bolt"]}) == set()


def test_a_set_card_is_offered_where_spirit_or_counter_is_asked() -> None:
    """Every set Spirit or Counter is one or the other: a selector for both judges it blind."""
    duel = _duel("set_breaker", {"back": ["denial"]})
    assert _targets(duel, "set_breaker") == {(uid(duel, 1, "denial"),)}


def test_a_face_down_phantom_is_no_hive_phantom_to_its_opponent_until_it_is_seen() -> None:
    down = {"card": "carapace_warrior", "face": "down", "position": "defense"}
    other = {"card": "iron_hound", "face": "down", "position": "defense"}
    assert _same_choices("hive_hunter", {"phantom": [down]}, {"phantom": [other]}) == set()
    up = _duel("hive_hunter", {"phantom": ["carapace_warrior"]})
    assert _targets(up, "hive_hunter") == {(uid(up, 1, "carapace_warrior"),)}


def test_a_face_down_phantom_has_no_atk_to_its_opponent() -> None:
    down = {"card": "storm_rider", "face": "down", "position": "attack"}
    weak = {"card": "moss_turtle", "face": "down", "position": "attack"}
    assert _same_choices("giant_hunter", {"phantom": [down]}, {"phantom": [weak]}) == set()


def test_a_face_down_phantom_is_still_a_phantom_and_its_controller_sees_its_own() -> None:
    """What stays: a face-down Phantom is a target for 'target Phantom your opponent
    controls' (Cinder Witch: a Summon put it there), and a player judges its own face-down
    cards as what they are (Gorger Beetle's 'another hive Phantom you control')."""
    witch = position({"phase": "main1", "players": [
        {"hand": ["cinder_witch"], "deck": ["stone_sentry"] * 4, "sp": 9},
        {"deck": ["stone_sentry"] * 4,
         "phantom": [{"card": "storm_rider", "face": "down", "position": "defense"}]}]})
    card = uid(witch, 0, "cinder_witch")
    assert target_candidates(witch, card, witch.pool["cinder_witch"].abilities[0], 0) == \
        [uid(witch, 1, "storm_rider")]
    own = position({"phase": "main1", "players": [
        {"deck": ["stone_sentry"] * 4, "phantom": [
            "gorger_beetle", {"card": "carapace_warrior", "face": "down", "position": "defense"}]},
        {"deck": ["stone_sentry"] * 4}]})
    beetle = uid(own, 0, "gorger_beetle")
    assert {c.targets for c in own.legal_actions() if isinstance(c, Activate)
            and c.card == beetle} == {(uid(own, 0, "carapace_warrior"),)}


STRONG_ANSWER = """
- id: giant_ward
  name: Giant Ward
  type: counter
  text: "When your opponent Summons a Phantom with 1500 or more ATK: negate the Summon."
  abilities:
    - start: response
      condition: {responding_to: {kind: summon, player: opponent, select: {atk: ">= 1500"}}}
      effects:
        - negate: {}
"""


def _summoning(card: str, face_up: bool):
    duel = build_position(pool_with(STRONG_ANSWER), rules(), {"phase": "main1", "players": [
        {"sp": 9, "hand": [card], "deck": ["stone_sentry"] * 4},
        {"deck": ["stone_sentry"] * 4, "back": ["giant_ward"]}]}, 0, auto_pass=False)
    play(duel, Summon(0, uid(duel, 0, card), "phantom", 0, True, face_up))
    return duel


def test_whether_a_face_down_summon_may_be_answered_does_not_tell_its_stats() -> None:
    """An answer to 'a Phantom with 1500 or more ATK' is offered against a face-up Summon of
    one, never against a face-down Summon, strong or weak (River Serpent 1,700 ATK, Marsh
    Strider 1,400, both Level 4): its ATK is not seen."""
    ward = {"strong": _summoning("river_serpent", True),
            "down": _summoning("river_serpent", False), "weak": _summoning("marsh_strider", False)}
    answers = {k: [c for c in d.legal_actions() if isinstance(c, Activate)]
               for k, d in ward.items()}
    assert [d.deciding_player for d in ward.values()] == [1, 1, 1]
    assert answers["strong"] and not answers["down"] and not answers["weak"]
    assert repr(ward["down"].view(1)) == repr(ward["weak"].view(1))


STRONG_WATCHER = """
- id: giant_watcher
  name: Giant Watcher
  type: phantom
  level: 3
  atk: 800
  health: 800
  text: "When your opponent Summons a Phantom with 1500 or more ATK: gain 1 SP."
  abilities:
    - start: trigger
      on: opponent_summons
      of: {atk: ">= 1500"}
      effects:
        - gain_sp: {amount: 1}
"""


def _watched(card: str, face_up: bool):
    duel = position({"phase": "main1", "players": [
        {"sp": 9, "hand": [card], "deck": ["stone_sentry"] * 4},
        {"deck": ["stone_sentry"] * 4, "phantom": ["giant_watcher"]}]}, STRONG_WATCHER)
    play(duel, Summon(0, uid(duel, 0, card), "phantom", 0, True, face_up))
    return duel


def test_a_face_down_summon_wakes_no_trigger_that_would_tell_its_stats() -> None:
    """'When your opponent Summons a Phantom with 1500 or more ATK' wakes for a face-up
    River Serpent (1,700 ATK), for no face-down Summon, strong or weak."""
    up, down, weak = (_watched("river_serpent", True), _watched("river_serpent", False),
                      _watched("marsh_strider", False))
    assert [d.players[1].sp for d in (up, down, weak)] == [4, 3, 3]  # 3 at the start
    assert repr(down.view(1)) == repr(weak.view(1))


COUNTING = """
- id: spirit_census
  name: Spirit Census
  type: spirit
  text: "Activate only if your opponent controls a Spirit. Draw 1 card."
  abilities:
    - start: main
      condition: {count: {select: {side: opponent, type: spirit}, min: 1}}
      effects: [{draw: {count: 1}}]
- id: deep_census
  name: Deep Census
  type: spirit
  text: "Activate only if your Main Deck holds 3 or more Phantoms. Draw 1 card."
  abilities:
    - start: main
      condition: {count: {select: {side: you, zone: deck, type: phantom}, min: 3}}
      effects: [{draw: {count: 1}}]
"""


def _may_activate(spell: str, players: list[dict]) -> bool:
    duel = build_position(pool_with(COUNTING), rules(), {"phase": "main1", "players": players},
                          0)
    card = uid(duel, 0, spell)
    return any(isinstance(c, Activate) and c.card == card for c in duel.legal_actions())


def test_a_count_condition_counts_a_hidden_card_only_as_its_player_sees_it() -> None:
    """Spirit Census ('your opponent controls a Spirit') may not be used against a set card,
    whether it is a Spirit or a Counter: counting the real card would tell which it is. Once
    the Spirit is face up it counts."""
    me = {"sp": 9, "hand": ["spirit_census"], "deck": ["stone_sentry"] * 4}
    spirit = {"deck": ["stone_sentry"] * 4, "back": ["flare_bolt"]}
    counter = {"deck": ["stone_sentry"] * 4, "back": ["denial"]}
    assert not _may_activate("spirit_census", [me, spirit])
    assert not _may_activate("spirit_census", [me, counter])
    shown = {"deck": ["stone_sentry"] * 4,
             "back": [{"card": "flare_bolt", "face": "up"}]}
    assert _may_activate("spirit_census", [me, shown])


def test_a_count_of_the_own_main_deck_by_type_counts_nothing_unseen() -> None:
    """Nobody sees either Main Deck (I17): a count of its Phantoms finds none, however many it
    holds, so the condition never reads the deck's hidden order or content."""
    me = {"sp": 9, "hand": ["deep_census"], "deck": ["stone_sentry"] * 6}
    them = {"deck": ["stone_sentry"] * 4}
    assert not _may_activate("deep_census", [me, them])


LURKERS = """
- id: reef_lurker
  name: Reef Lurker
  type: phantom
  level: 3
  atk: 800
  health: 1600
  text: "When this card is attacked while face down: you may gain 1 SP."
  abilities:
    - start: trigger
      on: attacked
      face_down: true
      optional: true
      effects: [{gain_sp: {amount: 1}}]
- id: dune_lurker
  name: Dune Lurker
  type: phantom
  level: 3
  atk: 800
  health: 1600
  text: "When this card is attacked while face down: you may gain 1 SP."
  abilities:
    - start: trigger
      on: attacked
      face_down: true
      optional: true
      effects: [{gain_sp: {amount: 1}}]
"""


def _attacked(lurker: str):
    duel = build_position(pool_with(LURKERS), rules(), {"phase": "battle", "players": [
        {"deck": ["stone_sentry"] * 4, "phantom": ["storm_rider"]},
        {"deck": ["stone_sentry"] * 4, "sp": 2,
         "phantom": [{"card": lurker, "face": "down", "position": "defense"}]}]}, 0,
        auto_pass=False)
    duel.apply(Attack(0, uid(duel, 0, "storm_rider"), uid(duel, 1, lurker)))
    return duel


def test_a_face_down_cards_trigger_prompt_does_not_name_it_to_the_other_seat() -> None:
    """Its controller is asked 'Activate Reef Lurker's ability?'; the attacker is told only
    that a card it cannot see asks, in the same words whichever Phantom lies there."""
    reef, dune = _attacked("reef_lurker"), _attacked("dune_lurker")
    for duel, name in ((reef, "Reef Lurker"), (dune, "Dune Lurker")):
        assert duel.state.choice is not None and duel.state.choice.player == 1
        assert name in duel.view(1).choice.prompt
        assert name not in duel.view(0).choice.prompt
        asked = [e for e in duel.events_for(0, since=0) if isinstance(e, ev.ChoiceRequested)]
        assert asked and all(name not in e.prompt for e in asked)
    assert repr(reef.view(0)) == repr(dune.view(0))
    assert repr(reef.events_for(0, since=0)) == repr(dune.events_for(0, since=0))
