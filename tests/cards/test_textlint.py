"""The card text lint (game/cards/textlint.py; "Card text style" in docs/cards.md).

The shipped set passes it strictly; a card whose text lacks the style's phrase for one thing
its data does (verb, trigger, cost, duration, once per turn, Speed, ...) gets a warning that
names the card, the ability and the missing phrase.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.cards import load_card_set, parse_cards
from game.cards.textlint import TextWarning, lint_card, lint_cards
from game.designer.check import main as check_main

ROOT = Path(__file__).resolve().parents[2]


def card(text: str, abilities: list | None = None, **fields) -> dict:
    data = {"id": "probe", "name": "Probe", "type": "phantom", "level": 2, "atk": 700,
            "health": 600, "tags": ["ember"], "text": text}
    data.update(fields)
    if abilities is not None:
        data["abilities"] = abilities
    return data


def lint(data: dict) -> list[TextWarning]:
    (cdef,) = parse_cards([data], "probe.yaml")
    return lint_card(cdef)


def missing(data: dict) -> list[tuple[int | None, str, str]]:
    return [(w.ability, w.kind, w.phrase) for w in lint(data)]


BURN = {"damage_player": {"player": "opponent", "amount": 300}}


# --------------------------------------------------------------------------- the set


def test_the_shipped_set_passes_the_lint():
    assert [str(w) for w in lint_cards(load_card_set())] == []


def test_check_strict_passes_on_the_shipped_set(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert check_main(["--strict"]) == 0
    assert check_main(["--strict", "assets/cards"]) == 0
    out = capsys.readouterr()
    assert "warning" not in out.out + out.err


# --------------------------------------------------------------------------- one kind each


def test_a_missing_verb_is_caught():
    data = card("Once per turn: deal 300 damage.",
                [{"start": "main", "once_per_turn": True, "effects": [BURN]}])
    assert missing(data) == [(0, "verb", "deal 300 damage to your opponent")]
    ok = card("Once per turn: deal 300 damage to your opponent.",
              [{"start": "main", "once_per_turn": True, "effects": [BURN]}])
    assert missing(ok) == []


def test_a_missing_trigger_is_caught():
    data = card("When this card is played: deal 300 damage to your opponent.",
                [{"start": "trigger", "on": "summoned", "effects": [BURN]}])
    assert missing(data) == [(0, "trigger", "When this card is Summoned")]


def test_a_missing_cost_is_caught_and_you_may_pay_is_refused():
    ability = {"start": "main", "once_per_turn": True, "cost": {"sp": 2}, "effects": [BURN]}
    data = card("Once per turn: you may pay 2 SP to deal 300 damage to your opponent.", [ability])
    found = missing(data)
    assert (0, "cost", "Pay 2 SP:") in found
    assert (None, "wording", "you may pay") in found
    assert missing(card("Once per turn, pay 2 SP: deal 300 damage to your opponent.",
                        [ability])) == []


def test_a_missing_duration_is_caught():
    ability = {"start": "trigger", "on": "attacks",
               "effects": [{"modify": {"target": "self", "atk": 300, "duration": "turn"}}]}
    data = card("When this card declares an attack: it gains 300 ATK.", [ability])
    assert missing(data) == [(0, "duration", "until the end of this turn")]
    lasting = {**ability, "effects": [{"modify": {"target": "self", "atk": 300,
                                                  "duration": "lasting"}}]}
    data = card("When this card declares an attack: it gains 300 ATK until the end of this "
                "turn.", [lasting])
    assert missing(data) == [(0, "duration", "for as long as it stays on the field")]


def test_a_missing_once_per_turn_is_caught():
    data = card("Deal 300 damage to your opponent.",
                [{"start": "main", "once_per_turn": True, "effects": [BURN]}])
    assert missing(data) == [(0, "once_per_turn", "Once per turn")]


def test_a_missing_speed_is_caught_and_the_default_speed_is_not_asked_for():
    negate = {"start": "response", "speed": 3,
              "condition": {"responding_to": {"kind": "activate", "player": "opponent"}},
              "effects": [{"negate": {}}]}
    counter = {"type": "counter", "level": None, "atk": None, "health": None}
    data = card("When your opponent activates an ability: negate it.", [negate], **counter)
    data = {k: v for k, v in data.items() if v is not None}
    assert missing(data) == [(0, "speed", "Speed 3")]
    default = {**negate, "speed": 2}
    assert missing({**data, "abilities": [default]}) == []


# --------------------------------------------------------------------------- the other kinds


def test_a_phrase_two_abilities_need_must_be_written_twice():
    ab = {"start": "main", "once_per_turn": True, "effects": [BURN]}
    draw = {"start": "main", "once_per_turn": True, "effects": [{"draw": {"count": 1}}]}
    data = card("Once per turn: deal 300 damage to your opponent. Draw 1 card.", [ab, draw])
    assert missing(data) == [(1, "once_per_turn", "Once per turn")]


def test_targets_say_target_and_every_restriction():
    ability = {"start": "trigger", "on": "summoned",
               "target": {"select": {"side": "opponent", "position": "attack"}},
               "effects": [{"change_position": {"position": "defense"}}]}
    data = card("When this card is Summoned: change target Phantom your opponent controls to "
                "Defense Position.", [ability])
    assert missing(data) == [(0, "target", "Attack Position")]
    data = card("When this card is Summoned: change an Attack Position Phantom your opponent "
                "controls to Defense Position.", [ability])
    assert missing(data) == [(0, "target", "target")]


def test_a_response_says_what_it_answers_summons_as_game_actions():
    ability = {"start": "response", "cost": {"lp": 1000},
               "condition": {"responding_to": {"kind": "summon", "player": "opponent"}},
               "effects": [{"negate": {"break": True}}]}
    base = {"type": "counter", "tags": ["veil"]}
    data = {k: v for k, v in card("", [ability], **base).items()
            if k not in ("level", "atk", "health")}
    wrong = {**data, "text": "When your opponent Summons or Special Summons a Phantom: pay "
                             "1000 LP to negate the Summon and Break that Phantom."}
    found = missing(wrong)
    assert (0, "answer", "When your opponent Summons a Phantom as a game action") in found
    assert (0, "cost", "Pay 1000 LP:") in found
    assert (None, "wording", "Summons or Special Summons") in found
    right = {**data, "text": "When your opponent Summons a Phantom as a game action, pay 1000 "
                             "LP: negate the Summon and Break that Phantom."}
    assert missing(right) == []


def test_an_opponents_phantom_is_your_opponents_phantom():
    ability = {"start": "response",
               "condition": {"responding_to": {"kind": "attack", "player": "opponent"}},
               "effects": [{"negate": {}}]}
    data = {k: v for k, v in card("When an opponent's Phantom declares an attack: negate the "
                                  "attack.", [ability], type="counter").items()
            if k not in ("level", "atk", "health")}
    found = missing(data)
    assert (0, "answer", "When your opponent's Phantom") in found
    assert (None, "wording", "an opponent's") in found


def test_choice_labels_are_the_cards_words():
    ability = {"start": "trigger", "on": "summoned", "effects": [{"choose": {"options": [
        {"label": "Your opponent loses 2 SP",
         "effects": [{"lose_sp": {"player": "opponent", "amount": 2}}]},
        {"label": "Mill 4", "effects": [{"mill": {"player": "opponent", "count": 4}}]}]}}]}
    text = ("When this card is Summoned: choose one: your opponent loses 2 SP; or send the top "
            "4 cards of your opponent's Main Deck to the Graveyard.")
    assert missing(card(text, [ability])) == [(0, "choice", "Mill 4")]


def test_main_deck_is_a_place_not_a_kind_of_card():
    ability = {"start": "trigger", "on": "summoned", "effects": [{"special_summon": {
        "source": "grave", "select": {"zone": "grave", "tag": "hive", "extra": False}}}]}
    data = card("When this card is Summoned: Special Summon a Main Deck hive Phantom from your "
                "Graveyard.", [ability])
    found = missing(data)
    assert (0, "target", "(not an Extra Deck Phantom)") in found
    assert (None, "wording", "Main Deck hive Phantom") in found


def test_lasting_and_extra_deck_summoning_are_said():
    spirit = {"id": "probe", "name": "Probe", "type": "spirit", "lasting": True,
              "text": "Your ember Phantoms gain 100 ATK.",
              "abilities": [{"start": "static", "affects": {"side": "you", "tag": "ember"},
                             "modify": {"atk": 100}}]}
    assert missing(spirit) == [(None, "lasting", "Lasting.")]
    extra = card("Special Summon from the Extra Deck.", extra=True, level=6,
                 summon_condition={"count": {"select": {"side": "you", "tag": "ember"},
                                             "min": 2}},
                 materials={"select": {"side": "you", "tag": "ember"}, "count": 2})
    kinds = {(w.kind, w.phrase) for w in lint(extra)}
    assert ("summon", "by sending 2") in kinds and ("summon", "ember") in kinds


def test_an_ability_with_its_own_text_is_checked_against_it():
    ability = {"start": "main", "once_per_turn": True, "effects": [BURN],
               "text": "Once per turn: deal 300 damage to your opponent."}
    assert missing(card("Burns.", [ability])) == []
    assert missing(card("Once per turn: deal 300 damage to your opponent.",
                        [{**ability, "text": "Burns."}])) != []


def test_warnings_name_card_ability_and_phrase():
    data = card("Deal 300 damage to your opponent.",
                [{"start": "main", "once_per_turn": True, "effects": [BURN]}])
    (warning,) = lint(data)
    assert str(warning) == ("card 'probe': abilities[0]: missing once-per-turn phrase "
                            "'Once per turn'")


def test_check_prints_warnings_and_strict_makes_them_errors(capsys, tmp_path):
    data = card("Deal 300 damage to your opponent.",
                [{"start": "main", "once_per_turn": True, "effects": [BURN]}])
    path = tmp_path / "probe.yaml"
    path.write_text(yaml.safe_dump([data], sort_keys=False), encoding="utf-8")
    assert check_main([str(path)]) == 0
    out = capsys.readouterr().out
    assert f"warning: {path}: card 'probe': abilities[0]: missing once-per-turn phrase" in out
    assert check_main(["--strict", str(path)]) == 1
    out = capsys.readouterr().out
    assert "card 'probe': abilities[0]: missing once-per-turn phrase 'Once per turn'" in out


@pytest.mark.parametrize("text", [
    "Once per turn: deal 300 damage to your opponent.",
    "once per turn: Deal 300 damage to your opponent.",  # first letters either case
])
def test_first_letters_may_be_either_case(text):
    data = card(text, [{"start": "main", "once_per_turn": True, "effects": [BURN]}])
    assert missing(data) == []
