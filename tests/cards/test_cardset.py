"""The shipped card set: its size and shape, and a sample of cards doing what their text says.

The counts pin the issue's promise (>= 90 cards, >= 50 Main Deck Phantoms over Levels 1-8, ...)
so a careless deletion shows up; the engine tests play each sampled card through legal commands
only, from a position built with tests/kit.py.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from game.cards import DEFAULT_CARD_DIR
from game.engine import (
    Activate,
    Attack,
    Choose,
    EndTurn,
    NextPhase,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Zone,
)
from game.engine import events as ev
from game.engine.carddefs import TRIGGERS, CardDef, CardType, Effect, Start, has_real_condition
from game.engine.query import atk, health, max_health, sp_cost
from game.engine.verbs.builtin import BUILTIN
from tests.kit import base_pool, of_type, play, position, uid

FAMILIES = ("ember", "bastion", "hive", "veil")


def pool() -> dict[str, CardDef]:
    return base_pool()


def _walk(effects: tuple[Effect, ...]):
    for eff in effects:
        yield eff
        yield from _walk(eff.then)
        yield from _walk(eff.otherwise)
        for option in eff.options:
            yield from _walk(option)


def verbs_of(card: CardDef) -> set[str]:
    return {e.verb for ab in card.abilities for e in _walk(ab.effects)}


# --------------------------------------------------------------------------- shape of the set


def test_the_set_has_at_least_90_cards_of_every_kind_the_issue_asks_for():
    cards = pool().values()
    assert len(pool()) >= 90
    main = [c for c in cards if c.is_phantom and not c.extra]
    extra = [c for c in cards if c.is_phantom and c.extra]
    kinds = Counter(c.type for c in cards)
    assert len(main) >= 50
    assert {c.level for c in main} == set(range(1, 9))
    assert len(extra) >= 10
    assert kinds[CardType.SPIRIT] >= 15
    assert kinds[CardType.COUNTER] >= 12
    assert kinds[CardType.ENVIRONMENT] >= 5


def test_spirits_come_normal_and_lasting_and_counters_include_negation_and_speed_3():
    cards = pool().values()
    spirits = [c for c in cards if c.type is CardType.SPIRIT]
    counters = [c for c in cards if c.type is CardType.COUNTER]
    assert any(c.lasting for c in spirits) and any(not c.lasting for c in spirits)
    assert sum("negate" in verbs_of(c) for c in counters) >= 2
    assert sum(any(ab.speed == 3 for ab in c.abilities) for c in counters) >= 2


def test_some_counters_have_a_real_condition_so_they_can_fire_the_turn_they_are_set():
    real = [c.id for c in pool().values() if c.type is CardType.COUNTER
            and any(has_real_condition(ab.condition) for ab in c.abilities)]
    assert len(real) >= 3, real


def test_basics_are_kept():
    ids = {c.id for c in pool().values() if "basic" in c.tags}
    assert len(ids) == 12 and "stone_sentry" in ids and "ancient_wyrm" in ids


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_has_its_own_file_with_a_play_style_comment_and_enough_cards(family):
    path = Path(DEFAULT_CARD_DIR) / f"{family}.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith(f"# {family.capitalize()}:"), "the play style opens the file"
    data = yaml.safe_load(text)
    ids = {c["id"] for c in data["cards"]}
    cards = [c for c in pool().values() if family in c.tags]
    assert {c.id for c in cards} == ids, "every card of the file carries the family tag"
    types = Counter((c.type, c.extra) for c in cards)
    assert types[(CardType.PHANTOM, False)] >= 10
    assert types[(CardType.PHANTOM, True)] >= 2
    assert types[(CardType.SPIRIT, False)] >= 3
    assert types[(CardType.COUNTER, False)] >= 3
    assert types[(CardType.ENVIRONMENT, False)] >= 1


def test_every_verb_and_every_trigger_is_used_by_some_card():
    verbs: Counter = Counter()
    triggers: Counter = Counter()
    for card in pool().values():
        verbs.update(verbs_of(card))
        triggers.update(ab.trigger for ab in card.abilities if ab.trigger)
    assert set(BUILTIN) <= set(verbs), set(BUILTIN) - set(verbs)
    assert set(TRIGGERS) <= set(triggers), set(TRIGGERS) - set(triggers)


def test_every_card_has_a_name_and_text_and_extra_phantoms_have_a_summon_condition():
    names = Counter(c.name for c in pool().values())
    assert [n for n, k in names.items() if k > 1] == [], "names are unique"
    for card in pool().values():
        assert card.name.strip() and card.text.strip(), card.id
        if card.extra:
            assert card.summon_condition is not None, card.id
            assert card.text.startswith("Special Summon from the Extra Deck"), card.id


def test_trigger_texts_use_the_consistent_wording():
    wording = {
        "summoned": "When this card is Summoned:",
        "flipped": "When this card is flipped face up:",
        "attacks": "When this card declares an attack",
        "attacked": "When this card is attacked:",
        "battle_damage": "When this card deals battle damage to your opponent:",
        "broken": "When this card is Broken:",
        "sent_to_grave": "When this card is sent to the Graveyard:",
        "draw_phase": "During each Draw Phase:",
        "turn_start": "At the start of your turn:",
        "turn_end": "At the end of your turn:",
        "opponent_summons": "When your opponent Summons",
        "opponent_activates": "when your opponent activates an ability:",
    }
    for card in pool().values():
        for ab in card.abilities:
            if ab.trigger and ab.of is None:
                assert wording[ab.trigger] in card.text, (card.id, ab.trigger)


def test_lasting_spirits_and_counters_say_so_and_speed_3_cards_say_so():
    for card in pool().values():
        if card.lasting:
            assert card.text.startswith("Lasting."), card.id
        if any(ab.speed == 3 for ab in card.abilities):
            assert card.text.startswith("Speed 3."), card.id


def test_stats_stay_near_the_curve():
    """Vanilla-ish Phantoms sit near 500 + 450 x Level; abilities cost stats (basics excepted)."""
    for card in pool().values():
        if not card.is_phantom or card.extra or "basic" in card.tags:
            continue
        budget = 500 + 450 * card.level
        total = card.atk + card.health
        assert budget - 700 <= total <= budget + 700, (card.id, total, budget)
        assert card.health >= 250, card.id


def test_levels_of_main_deck_phantoms_are_1_to_8_and_extra_ones_are_big():
    for card in pool().values():
        if card.is_phantom and not card.extra:
            assert 1 <= card.level <= 8, card.id
        if card.extra:
            assert card.level >= 5, card.id


# --------------------------------------------------------------------------- cards in play

def settle(duel, player: int | None = None) -> list:
    """Pass for whoever holds priority until no Line is open (or a choice is pending)."""
    events = []
    while duel.lines and duel.choice is None and not duel.over:
        events += duel.apply(Pass(duel.deciding_player))
    return events


def activate(duel, player: int, card_id: str, ability: int = 0, targets=(), zone: str = "",
             index: int = -1) -> list:
    """Activate through the legal action list (fails loudly if it is not legal)."""
    card = uid(duel, player, card_id)
    cmd = Activate(player, card, ability, tuple(targets), zone, index)
    assert cmd in duel.legal_actions(), duel.why_illegal(cmd)
    return play(duel, cmd)


def me(**kw) -> dict:
    return kw


def test_cinder_pup_burns_200_when_summoned():
    duel = position({"players": [me(hand=["cinder_pup"], sp=3), me()]})
    play(duel, Summon(0, uid(duel, 0, "cinder_pup"), "phantom", 0, True, True))
    assert duel.players[1].lp == 9800
    assert duel.players[0].sp == 2


def test_ash_hurler_pays_1_sp_for_300_damage_once_per_turn():
    duel = position({"players": [me(phantom=["ash_hurler"], sp=3), me()]})
    activate(duel, 0, "ash_hurler")
    assert duel.players[1].lp == 9700 and duel.players[0].sp == 2
    assert not [a for a in duel.legal_actions() if isinstance(a, Activate)]


def test_flame_dancer_raises_only_the_other_ember_phantoms():
    duel = position({"players": [me(phantom=["flame_dancer", "cinder_pup", "stone_sentry"]), me()]})
    cards = duel.cards
    assert atk(duel, cards[uid(duel, 0, "flame_dancer")]) == 1150
    assert atk(duel, cards[uid(duel, 0, "cinder_pup")]) == 550 + 200
    assert atk(duel, cards[uid(duel, 0, "stone_sentry")]) == 300


def test_pyre_hound_burns_500_when_broken_in_battle():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(phantom=["pyre_hound"]), me(phantom=["ancient_wyrm"])]})
    play(duel, Attack(1, uid(duel, 1, "ancient_wyrm"), uid(duel, 0, "pyre_hound")))
    settle(duel)
    assert duel.cards[uid(duel, 0, "pyre_hound")].zone is Zone.GRAVE
    # the attacked Phantom was in Attack Position: 3000 - 450 excess, then the Broken burn
    assert duel.players[0].lp == 10000 - 2550
    assert duel.players[1].lp == 9500


def test_blaze_lancer_damages_the_phantom_it_attacks_before_battle():
    duel = position({"phase": "battle",
                     "players": [me(phantom=["blaze_lancer"]),
                                 me(phantom=[{"card": "granite_golem", "position": "defense"}])]})
    golem = uid(duel, 1, "granite_golem")
    events = play(duel, Attack(0, uid(duel, 0, "blaze_lancer"), golem))
    events += settle(duel)
    changes = [e for e in of_type(events, ev.HealthChanged) if e.card == golem]
    assert [c.before - c.after for c in changes] == [400, 1700]
    assert health(duel, duel.cards[golem]) == 2400 - 400 - 1700


def test_magma_brute_burns_its_attacker():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(phantom=["magma_brute"]), me(phantom=["granite_golem"])]})
    golem = uid(duel, 1, "granite_golem")
    play(duel, Attack(1, golem, uid(duel, 0, "magma_brute")))
    settle(duel)
    # 300 from the trigger, then 2000 back in battle
    assert health(duel, duel.cards[golem]) == 2400 - 300 - 2000


def test_ember_imp_adds_200_to_its_battle_damage():
    duel = position({"phase": "battle", "players": [me(phantom=["ember_imp"]), me()]})
    play(duel, Attack(0, uid(duel, 0, "ember_imp"), -1))
    settle(duel)
    assert duel.players[1].lp == 10000 - 650 - 200


def test_flare_bolt_is_played_from_hand_then_goes_to_the_graveyard():
    duel = position({"players": [me(hand=["flare_bolt"]), me()]})
    activate(duel, 0, "flare_bolt", zone="back", index=0)
    assert duel.players[1].lp == 9400
    assert duel.cards[uid(duel, 0, "flare_bolt")].zone is Zone.GRAVE


def test_war_drums_lasts_boosts_ember_and_can_be_used_once_a_turn():
    duel = position({"players": [me(hand=["war_drums"], phantom=["cinder_pup"]), me()]})
    pup = uid(duel, 0, "cinder_pup")
    activate(duel, 0, "war_drums", ability=1, targets=[pup], zone="back", index=0)
    drums = duel.cards[uid(duel, 0, "war_drums")]
    assert drums.zone is Zone.BACK and drums.face_up
    assert atk(duel, duel.cards[pup]) == 550 + 100 + 300
    assert Activate(0, drums.uid, 1, (pup,)) not in duel.legal_actions()  # once per turn
    play(duel, EndTurn(0))
    assert atk(duel, duel.cards[pup]) == 550 + 100


def test_parry_negates_an_attack():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(back=["parry"], phantom=["stone_sentry"]),
                                 me(phantom=["ancient_wyrm"])]})
    sentry = uid(duel, 0, "stone_sentry")
    play(duel, Attack(1, uid(duel, 1, "ancient_wyrm"), sentry))
    assert duel.deciding_player == 0
    events = activate(duel, 0, "parry")
    events += settle(duel)
    assert of_type(events, ev.StepNegated)
    assert duel.cards[sentry].zone is Zone.PHANTOM and health(duel, duel.cards[sentry]) == 900
    assert duel.cards[uid(duel, 0, "parry")].zone is Zone.GRAVE


def test_scorch_trap_can_fire_the_turn_it_is_set_when_its_condition_holds():
    duel = position({"players": [me(hand=["scorch_trap"]),
                                 me(phantom=["stone_sentry", "lantern_moth"])]})
    trap = uid(duel, 0, "scorch_trap")
    play(duel, SetCard(0, trap, "back", 0))
    activate(duel, 0, "scorch_trap")
    settle(duel)
    assert health(duel, duel.cards[uid(duel, 1, "stone_sentry")]) == 400
    assert duel.cards[uid(duel, 1, "lantern_moth")].zone is Zone.PHANTOM
    assert health(duel, duel.cards[uid(duel, 1, "lantern_moth")]) == 300


def test_last_ember_needs_its_condition_on_the_turn_it_is_set():
    spec = {"players": [me(hand=["last_ember"], lp=5000), me()]}
    duel = position(spec)
    play(duel, SetCard(0, uid(duel, 0, "last_ember"), "back", 0))
    cmd = Activate(0, uid(duel, 0, "last_ember"), 0)
    assert cmd not in duel.legal_actions()
    low = position({"players": [me(hand=["last_ember"], lp=3000), me()]})
    play(low, SetCard(0, uid(low, 0, "last_ember"), "back", 0))
    activate(low, 0, "last_ember")
    settle(low)
    assert low.players[1].lp == 9000


def test_denial_negates_a_summon_and_breaks_the_phantom():
    duel = position({"turn_player": 1, "players": [me(back=["denial"]),
                                                   me(hand=["ancient_wyrm"], sp=8)]})
    wyrm = uid(duel, 1, "ancient_wyrm")
    play(duel, Summon(1, wyrm, "phantom", 0, True, True))
    activate(duel, 0, "denial")
    settle(duel)
    assert duel.cards[wyrm].zone is Zone.GRAVE
    assert duel.players[0].lp == 9000


def test_final_word_breaks_a_counters_line_at_speed_3():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(back=["parry"], phantom=["stone_sentry"]),
                                 me(back=["final_word"], phantom=["ancient_wyrm"])]})
    sentry = uid(duel, 0, "stone_sentry")
    play(duel, Attack(1, uid(duel, 1, "ancient_wyrm"), sentry))
    activate(duel, 0, "parry")
    events = activate(duel, 1, "final_word")
    assert of_type(events, ev.LineBreak)
    events += settle(duel)
    negated = of_type(events, ev.StepNegated)
    assert [n.card_id for n in negated] == ["parry"]
    assert duel.cards[sentry].zone is Zone.GRAVE  # the attack went through


def test_volcanic_rift_boosts_ember_and_burns_at_the_end_of_its_owners_turn():
    duel = position({"players": [me(hand=["volcanic_rift"], phantom=["cinder_pup"]), me()]})
    play(duel, PlayEnvironment(0, uid(duel, 0, "volcanic_rift")))
    settle(duel)
    assert atk(duel, duel.cards[uid(duel, 0, "cinder_pup")]) == 750
    play(duel, EndTurn(0))
    settle(duel)
    assert duel.players[1].lp == 9800
    assert duel.players[0].lp == 10000


def test_nesting_grounds_special_summons_a_small_hive_phantom_from_hand_for_free():
    """Worth a slot: once per turn, a hive Phantom of Level 2 or lower from hand, no SP."""
    duel = position({"players": [me(env="nesting_grounds", sp=0,
                                    hand=["brood_scout", "iron_hound", "hive_drone"]), me()]})
    scout = uid(duel, 0, "brood_scout")
    activate(duel, 0, "nesting_grounds", ability=1)
    settle(duel)
    assert duel.choice is not None and duel.choice.kind == "summon_pick"
    assert set(duel.choice.options) == {scout, uid(duel, 0, "hive_drone")}  # not Iron Hound
    play(duel, Choose(0, scout))
    settle(duel)
    card = duel.cards[scout]
    assert card.zone is Zone.PHANTOM and card.face_up and duel.players[0].sp == 0
    assert atk(duel, card) == 500 + 200  # and the Level 2 or lower bonus
    cmd = Activate(0, uid(duel, 0, "nesting_grounds"), 1, (), "", -1)
    assert cmd not in duel.legal_actions()  # once per turn


def test_sacred_grove_gives_defense_phantoms_health_and_restores_health_not_lp():
    """Balance (docs/balance.md): its old Draw Phase LP gain, for both players while alone,
    only made Bastion mirrors run both decks out; it now mends Phantoms instead."""
    duel = position({"first_player": 0,
                     "players": [me(env="sacred_grove", deck=["stone_sentry"] * 3,
                                    phantom=[{"card": "shield_bearer", "position": "defense",
                                              "health": 1000},
                                             "iron_hound"]),
                                 me(deck=["stone_sentry"] * 3)]})
    bearer = duel.cards[uid(duel, 0, "shield_bearer")]
    assert max_health(duel, bearer) == 2100
    hound = duel.cards[uid(duel, 0, "iron_hound")]
    assert max_health(duel, hound) == duel.pool["iron_hound"].health  # Attack Position
    play(duel, EndTurn(0))
    settle(duel)
    assert health(duel, bearer) == 1300
    assert [p.lp for p in duel.players] == [10000, 10000]


def test_blazing_chimera_uses_two_ember_materials_and_burns_800():
    duel = position({"players": [me(extra=["blazing_chimera"],
                                    phantom=["cinder_pup", "ember_imp", "stone_sentry"]), me()]})
    chimera = uid(duel, 0, "blazing_chimera")
    play(duel, SpecialSummon(0, chimera, "side", 0, True))
    assert duel.choice is not None and duel.choice.kind == "materials"
    assert set(duel.choice.options) == {uid(duel, 0, "cinder_pup"), uid(duel, 0, "ember_imp")}
    play(duel, Choose(0, uid(duel, 0, "cinder_pup")))
    play(duel, Choose(0, uid(duel, 0, "ember_imp")))
    settle(duel)
    assert duel.cards[chimera].zone is Zone.SIDE
    assert duel.players[1].lp == 9200
    assert len(duel.players[0].grave) == 2


def test_ashen_overlord_waits_for_the_opponent_to_fall_to_5000():
    spec = {"players": [me(extra=["ashen_overlord"], phantom=["cinder_pup"]), me(lp=5001)]}
    duel = position(spec)
    assert not [a for a in duel.legal_actions() if isinstance(a, SpecialSummon)]
    spec["players"][1]["lp"] = 5000
    assert [a for a in position(spec).legal_actions() if isinstance(a, SpecialSummon)]


def test_hive_drone_brings_a_level_1_hive_phantom_from_the_deck_when_broken():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(phantom=[{"card": "hive_drone", "position": "defense"}],
                                    deck=["iron_hound", "larva_swarmling"]),
                                 me(phantom=["iron_hound"])]})
    play(duel, Attack(1, uid(duel, 1, "iron_hound"), uid(duel, 0, "hive_drone")))
    settle(duel)
    larva = duel.cards[uid(duel, 0, "larva_swarmling")]
    assert larva.zone in (Zone.PHANTOM, Zone.SIDE) and larva.face_up
    assert duel.cards[uid(duel, 0, "hive_drone")].zone is Zone.GRAVE


def test_brood_scout_searches_a_small_hive_phantom():
    duel = position({"players": [me(hand=["brood_scout"],
                                    deck=["hive_mind", "carapace_warrior", "stone_sentry"]),
                                 me()]})
    play(duel, Summon(0, uid(duel, 0, "brood_scout"), "phantom", 0, True, True))
    settle(duel)
    hand = [duel.cards[u].cid for u in duel.players[0].hand]
    assert hand == ["carapace_warrior"]


def test_gorger_beetle_breaks_a_hive_phantom_for_2_sp_and_carapace_draws():
    duel = position({"players": [me(phantom=["gorger_beetle", "carapace_warrior"], sp=0,
                                    deck=["stone_sentry"]), me()]})
    warrior = uid(duel, 0, "carapace_warrior")
    activate(duel, 0, "gorger_beetle", targets=[warrior])
    settle(duel)
    assert duel.cards[warrior].zone is Zone.GRAVE
    assert duel.players[0].sp == 2
    assert [duel.cards[u].cid for u in duel.players[0].hand] == ["stone_sentry"]


@pytest.mark.parametrize("hive_count, expected", [(2, 1300), (3, 1900)])
def test_chitin_lancer_grows_only_with_three_hive_phantoms(hive_count, expected):
    others = ["hive_drone", "spore_carrier"][: hive_count - 1]
    duel = position({"players": [me(hand=["chitin_lancer"], sp=4, phantom=others), me()]})
    slot = len(others)
    play(duel, Summon(0, uid(duel, 0, "chitin_lancer"), "phantom", slot, True, True))
    settle(duel)
    assert atk(duel, duel.cards[uid(duel, 0, "chitin_lancer")]) == expected


def test_queens_herald_makes_hive_phantoms_in_hand_cheaper():
    duel = position({"players": [me(phantom=["queens_herald"], hand=["hive_mind", "iron_hound"]),
                                 me()]})
    assert sp_cost(duel, duel.cards[uid(duel, 0, "hive_mind")]) == 5
    assert sp_cost(duel, duel.cards[uid(duel, 0, "iron_hound")]) == 3


@pytest.mark.parametrize("option, sp, milled", [(0, 3, 0), (1, 5, 4)])
def test_void_leviathan_lets_its_controller_choose(option, sp, milled):
    duel = position({"players": [me(hand=["void_leviathan"], sp=8),
                                 me(sp=5, deck=["stone_sentry"] * 6)]})
    play(duel, Summon(0, uid(duel, 0, "void_leviathan"), "phantom", 0, True, True))
    settle(duel)
    assert duel.choice is not None and duel.choice.kind == "choose_option"
    play(duel, Choose(0, option))
    settle(duel)
    assert duel.players[1].sp == sp
    assert len(duel.players[1].grave) == milled


def test_whisper_moth_makes_the_opponent_discard_when_flipped():
    duel = position({"players": [me(phantom=[{"card": "whisper_moth", "face": "down"}]),
                                 me(hand=["stone_sentry", "iron_hound"])]})
    from game.engine import Flip

    play(duel, Flip(0, uid(duel, 0, "whisper_moth")))
    settle(duel)
    assert duel.choice is not None and duel.choice.player == 1
    play(duel, Choose(1, uid(duel, 1, "iron_hound")))
    assert [duel.cards[u].cid for u in duel.players[1].grave] == ["iron_hound"]


def test_gloom_watcher_weakens_what_the_opponent_summons():
    duel = position({"turn_player": 1, "players": [me(phantom=["gloom_watcher"]),
                                                   me(hand=["iron_hound"])]})
    hound = uid(duel, 1, "iron_hound")
    play(duel, Summon(1, hound, "phantom", 0, True, True))
    settle(duel)
    assert atk(duel, duel.cards[hound]) == 800


def test_hollow_sage_draws_when_the_opponent_activates_an_ability():
    duel = position({"turn_player": 1,
                     "players": [me(phantom=["hollow_sage"], deck=["stone_sentry"] * 2),
                                 me(hand=["fresh_insight"], deck=["iron_hound"] * 3)]})
    activate(duel, 1, "fresh_insight", zone="back", index=0)
    settle(duel)
    assert len(duel.players[0].hand) == 1
    assert len(duel.players[1].hand) == 2


def test_dawn_warden_heals_at_the_start_of_its_controllers_turn_only():
    duel = position({"first_player": 0,
                     "players": [me(phantom=["dawn_warden"], deck=["stone_sentry"] * 3),
                                 me(deck=["stone_sentry"] * 3)]})
    play(duel, EndTurn(0))  # Draw Phase, then player 2's turn: no heal
    settle(duel)
    assert duel.players[0].lp == 10000
    play(duel, EndTurn(1))  # player 1's turn starts
    settle(duel)
    assert duel.players[0].lp == 10400


def test_eclipse_oracle_turns_an_opponents_phantom_face_down():
    duel = position({"players": [me(phantom=["eclipse_oracle"]), me(phantom=["magma_brute"])]})
    brute = uid(duel, 1, "magma_brute")
    activate(duel, 0, "eclipse_oracle", targets=[brute])
    settle(duel)
    assert not duel.cards[brute].face_up


def test_archive_wraith_mills_three_and_mirror_shade_drains_sp():
    duel = position({"players": [me(hand=["archive_wraith", "mirror_shade"], sp=4),
                                 me(deck=["stone_sentry"] * 5, sp=3)]})
    play(duel, Summon(0, uid(duel, 0, "archive_wraith"), "phantom", 0, True, True))
    settle(duel)
    play(duel, Summon(0, uid(duel, 0, "mirror_shade"), "phantom", 1, True, True))
    settle(duel)
    assert len(duel.players[1].grave) == 3 and len(duel.players[1].deck) == 2
    assert duel.players[1].sp == 2


def test_truce_decree_stops_a_phantom_from_attacking():
    duel = position({"players": [me(hand=["truce_decree"], sp=2, deck=["stone_sentry"]),
                                 me(phantom=["ancient_wyrm"], deck=["stone_sentry"])]})
    wyrm = uid(duel, 1, "ancient_wyrm")
    activate(duel, 0, "truce_decree", targets=[wyrm], zone="back", index=0)
    assert duel.players[0].sp == 0
    play(duel, EndTurn(0))
    settle(duel)
    play(duel, NextPhase(1))  # to Battle
    assert not [a for a in duel.legal_actions() if isinstance(a, Attack)]


def test_aegis_seraph_protects_a_phantom_from_one_break():
    duel = position({"players": [me(phantom=["aegis_seraph", "stone_sentry"]),
                                 me(phantom=["ancient_wyrm"])]})
    sentry = uid(duel, 0, "stone_sentry")
    activate(duel, 0, "aegis_seraph", targets=[sentry])
    settle(duel)
    play(duel, NextPhase(0))
    play(duel, Attack(0, sentry, uid(duel, 1, "ancient_wyrm")))
    settle(duel)
    card = duel.cards[sentry]
    assert card.zone is Zone.PHANTOM  # survived the Break at 0 Health
    assert health(duel, card) == 0 and not card.attack_pos


def test_lighthouse_keeper_forces_an_attacker_into_defense():
    duel = position({"players": [me(hand=["lighthouse_keeper"]), me(phantom=["storm_rider"])]})
    rider = uid(duel, 1, "storm_rider")
    play(duel, Summon(0, uid(duel, 0, "lighthouse_keeper"), "phantom", 0, True, True))
    settle(duel)
    assert duel.choice is not None and duel.choice.kind == "trigger_target"
    play(duel, Choose(0, rider))
    settle(duel)
    assert not duel.cards[rider].attack_pos


def test_chapel_medic_restores_health_and_second_wind_heals_by_lp():
    duel = position({"players": [me(phantom=["chapel_medic", {"card": "granite_golem",
                                                               "health": 1000}],
                                    hand=["second_wind"], lp=2500), me()]})
    golem = uid(duel, 0, "granite_golem")
    activate(duel, 0, "chapel_medic", targets=[golem])
    settle(duel)
    assert health(duel, duel.cards[golem]) == 1600
    activate(duel, 0, "second_wind", zone="back", index=0)
    settle(duel)
    assert duel.players[0].lp == 4500


def test_sudden_collapse_only_answers_big_attackers():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(back=["sudden_collapse"]),
                                 me(phantom=["iron_hound", "ancient_wyrm"])]})
    play(duel, Attack(1, uid(duel, 1, "iron_hound"), -1))
    assert duel.lines == []  # 1100 ATK: no response was offered, the attack resolved
    assert duel.cards[uid(duel, 0, "sudden_collapse")].zone is Zone.BACK
    wyrm = uid(duel, 1, "ancient_wyrm")
    play(duel, Attack(1, wyrm, -1))
    activate(duel, 0, "sudden_collapse")
    settle(duel)
    assert duel.cards[wyrm].zone is Zone.GRAVE
    assert duel.players[0].lp == 10000 - 1100


def test_stalwart_call_summons_a_wall_when_you_have_no_phantoms():
    duel = position({"players": [me(hand=["stalwart_call", "moss_turtle"]), me()]})
    play(duel, SetCard(0, uid(duel, 0, "stalwart_call"), "back", 0))
    activate(duel, 0, "stalwart_call")
    settle(duel)
    turtle = duel.cards[uid(duel, 0, "moss_turtle")]
    assert turtle.zone is Zone.PHANTOM and not turtle.attack_pos


def test_every_starter_family_card_loads_with_sensible_abilities():
    """Spirits are activated (main/response); Counters respond; no Phantom is empty text."""
    for card in pool().values():
        if card.type is CardType.SPIRIT:
            assert any(ab.start is Start.MAIN for ab in card.abilities), card.id
        if card.type is CardType.COUNTER:
            assert all(ab.start is Start.RESPONSE for ab in card.abilities), card.id


def test_null_warden_negates_a_spirit_for_2_sp():
    duel = position({"turn_player": 1, "players": [me(phantom=["null_warden"], sp=2),
                                                   me(hand=["flare_bolt"])]})
    activate(duel, 1, "flare_bolt", zone="back", index=0)
    assert duel.deciding_player == 0
    activate(duel, 0, "null_warden")
    settle(duel)
    assert duel.players[0].lp == 10000 and duel.players[0].sp == 0
    assert duel.cards[uid(duel, 1, "flare_bolt")].zone is Zone.GRAVE


def test_hive_alarm_stays_face_up_and_works_once_per_turn():
    duel = position({"turn_player": 1,
                     "players": [me(back=["hive_alarm"], deck=["stone_sentry"] * 4),
                                 me(hand=["stone_sentry", "iron_hound"], sp=9)]})
    play(duel, Summon(1, uid(duel, 1, "stone_sentry"), "phantom", 0, True, True))
    activate(duel, 0, "hive_alarm")
    settle(duel)
    alarm = duel.cards[uid(duel, 0, "hive_alarm")]
    assert alarm.zone is Zone.BACK and alarm.face_up
    assert len(duel.players[0].hand) == 1
    play(duel, Summon(1, uid(duel, 1, "iron_hound"), "phantom", 1, True, True))
    assert not [a for a in duel.legal_actions() if isinstance(a, Activate)]


def test_sunfire_phoenix_burns_when_sent_to_the_graveyard():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(phantom=[{"card": "sunfire_phoenix", "position": "defense"}]),
                                 me(phantom=["ancient_wyrm"])]})
    play(duel, Attack(1, uid(duel, 1, "ancient_wyrm"), uid(duel, 0, "sunfire_phoenix")))
    settle(duel)
    assert duel.players[1].lp == 9200


def test_shadow_twin_uses_a_face_down_phantom_and_turns_a_foe_face_down():
    duel = position({"players": [me(extra=["shadow_twin"],
                                    phantom=[{"card": "whisper_moth", "face": "down"}]),
                                 me(phantom=["storm_rider"])]})
    twin = uid(duel, 0, "shadow_twin")
    play(duel, SpecialSummon(0, twin, "phantom", 1, True))
    play(duel, Choose(0, uid(duel, 0, "whisper_moth")))
    settle(duel)
    play(duel, Choose(0, uid(duel, 1, "storm_rider")))
    settle(duel)
    assert not duel.cards[uid(duel, 1, "storm_rider")].face_up
    assert duel.cards[uid(duel, 0, "whisper_moth")].zone is Zone.GRAVE


def test_a_lone_environment_can_be_used_by_both_players():
    duel = position({"turn_player": 1,
                     "players": [me(env="crossroads_market"), me(deck=["stone_sentry"] * 3)]})
    play(duel, Activate(1, uid(duel, 0, "crossroads_market"), 0))
    settle(duel)
    assert duel.players[1].lp == 9500 and len(duel.players[1].hand) == 1


def test_oath_keeper_keeps_a_defending_bastion_phantom_on_the_field():
    duel = position({"turn_player": 1, "phase": "battle",
                     "players": [me(phantom=["oath_keeper",
                                             {"card": "moss_turtle", "position": "defense"}]),
                                 me(phantom=["ancient_wyrm"])]})
    turtle = uid(duel, 0, "moss_turtle")
    play(duel, Attack(1, uid(duel, 1, "ancient_wyrm"), turtle))
    settle(duel)
    assert duel.cards[turtle].zone is Zone.PHANTOM and health(duel, duel.cards[turtle]) == 0


def test_hive_tunnels_draws_then_asks_for_a_discard():
    duel = position({"players": [me(hand=["hive_tunnels", "iron_hound"],
                                    deck=["stone_sentry"] * 2), me()]})
    activate(duel, 0, "hive_tunnels", zone="back", index=0)
    assert duel.choice is not None and duel.choice.kind == "discard"
    play(duel, Choose(0, uid(duel, 0, "iron_hound")))
    settle(duel)
    assert [duel.cards[u].cid for u in duel.players[0].hand] == ["stone_sentry"]
    assert duel.cards[uid(duel, 0, "hive_tunnels")].zone is Zone.BACK
