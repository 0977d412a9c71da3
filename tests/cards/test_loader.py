"""Tests for game.cards.loader: the YAML card vocabulary of docs/cards.md and its error messages."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.cards import (
    DEFAULT_CARD_DIR,
    CardDataError,
    load_card_file,
    load_card_set,
    parse_cards,
)
from game.engine.carddefs import (
    Ability,
    CardType,
    Condition,
    Cost,
    Effect,
    Selector,
    Start,
    StaticEffect,
    StatTest,
    TargetSpec,
)

# Written by hand (not yaml.dump) so the real spelling is exercised, e.g. a bare `on:` key,
# which YAML 1.1 reads as boolean true.
REALISTIC = """\
cards:
  - id: ember_whelp
    name: Ember Whelp
    type: phantom
    level: 2
    atk: 800
    health: 1200
    tags: [ember]
    text: "When this card is Summoned: deal 200 damage to your opponent."
    abilities:
      - start: trigger
        on: summoned
        effects:
          - damage_player: {player: opponent, amount: 200}

  - id: ember_drake
    name: Ember Drake
    type: phantom
    level: 6
    atk: 2200
    health: 2000
    extra: true
    tags: ember
    summon_condition: {count: {select: {side: you, tag: ember}, min: 2}}
    materials: {select: {side: you, tag: ember}, count: 2}
    text: Burn a defender, then grow.
    abilities:
      - start: main
        once_per_turn: true
        cost: {sp: 1, lp: 500}
        target: {select: {side: opponent, position: defense, atk: "<= 1000"}}
        effects:
          - damage: {amount: 600}
          - modify: {target: self, atk: 200, health: -100, duration: lasting}
      - start: trigger
        on: broken
        of: {side: you, tag: ember}
        optional: true
        effects:
          - search: {select: {zone: deck, card: ember_whelp}}

  - id: ash_ward
    name: Ash Ward
    type: counter
    text: Negate an opponent's Summon.
    abilities:
      - start: response
        condition: {responding_to: {kind: summon, player: opponent}}
        effects:
          - negate: {break: false}

  - id: kindling
    name: Kindling
    type: spirit
    lasting: true
    text: Heal or draw; then pick one.
    abilities:
      - start: main
        text: If you are low, heal; else draw.
        effects:
          - if:
              condition: {all: [{lp: {max: 3000}}, {phase: [main1, main2]}, {turn: own}]}
              then: [{heal_player: {amount: 800}}]
              else: [{draw: {}}]
          - choose:
              options:
                - {label: Draw, effects: [{draw: {count: 1}}]}
                - {label: Burn, effects: [{damage_player: {player: opponent, amount: 300}}]}

  - id: ember_field
    name: Ember Field
    type: environment
    text: Your Ember Phantoms gain 200 ATK and cost 1 less.
    abilities:
      - start: static
        affects: {side: you, tag: ember}
        modify: {atk: 200, sp_cost: -1}
        protected: true

  - id: tide_warden
    name: Tide Warden
    type: phantom
    level: 4
    atk: 1500
    health: 1800
    text: Many tricks.
    abilities:
      - start: trigger
        on: turn_end
        whose: opponent
        face_down: true
        effects:
          - flip: {face: down}
          - change_position: {}
          - cannot_attack: {target: {side: opponent, zone: field}, duration: turn}
      - start: response
        speed: 2
        cost: {discard: 1, break_self: true}
        target: {select: {zone: [grave, hand], type: phantom, level: "< 5"}, count: 2}
        effects:
          - special_summon: {position: defense, face: down}
          - special_summon: {source: grave, select: {zone: grave, side: you}}
"""


def write(tmp_path: Path, text: str, name: str = "cards.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def dump(tmp_path: Path, cards: Any, name: str = "cards.yaml") -> Path:
    return write(tmp_path, yaml.safe_dump(cards, sort_keys=False), name)


@pytest.fixture
def cards(tmp_path: Path) -> dict[str, Any]:
    return {c.id: c for c in load_card_file(write(tmp_path, REALISTIC))}


# --------------------------------------------------------------------------- happy path


def test_realistic_file_loads_every_card(cards: dict[str, Any]) -> None:
    assert list(cards) == [
        "ember_whelp",
        "ember_drake",
        "ash_ward",
        "kindling",
        "ember_field",
        "tide_warden",
    ]


def test_phantom_and_trigger(cards: dict[str, Any]) -> None:
    whelp = cards["ember_whelp"]
    assert (whelp.type, whelp.level, whelp.atk, whelp.health) == (CardType.PHANTOM, 2, 800, 1200)
    assert whelp.tags == ("ember",)
    assert whelp.is_phantom and not whelp.extra
    assert whelp.abilities == (
        Ability(
            start=Start.TRIGGER,
            speed=1,
            trigger="summoned",
            effects=(Effect("damage_player", player="opponent", amount=200),),
        ),
    )


def test_extra_phantom_condition_materials_and_target(cards: dict[str, Any]) -> None:
    drake = cards["ember_drake"]
    ember_mine = Selector(
        side="you", tags=("ember",), zones=("phantom", "side"), types=("phantom",)
    )
    assert drake.extra and drake.tags == ("ember",)
    assert drake.summon_condition == Condition("count", select=ember_mine, min=2)
    assert drake.materials == TargetSpec(ember_mine, count=2)
    main, broken = drake.abilities
    assert main.once_per_turn and main.cost == Cost(sp=1, lp=500)
    assert main.target == TargetSpec(
        Selector(
            side="opponent",
            types=("phantom",),
            position="defense",
            stats=(StatTest("atk", "<=", 1000),),
        )
    )
    assert main.effects == (
        Effect("damage", target="chosen", amount=600),
        Effect("modify", target="self", stat="atk", amount=200, duration="lasting"),
        Effect("modify", target="self", stat="health", amount=-100, duration="lasting"),
    )
    assert broken.trigger == "broken" and broken.optional and broken.of == ember_mine
    (search,) = broken.effects
    assert search.verb == "search" and search.source == "deck" and search.target is None
    assert search.select == Selector(zones=("deck",), types=(), card="ember_whelp")


def test_counter_defaults_and_negate_flag(cards: dict[str, Any]) -> None:
    (ability,) = cards["ash_ward"].abilities
    assert ability.start is Start.RESPONSE and ability.speed == 2
    assert ability.condition == Condition(
        "responding_to", values=("summon",), player="opponent", select=None
    )
    assert ability.effects == (Effect("negate", amount=0),)


def test_if_and_choose(cards: dict[str, Any]) -> None:
    kindling = cards["kindling"]
    assert kindling.type is CardType.SPIRIT and kindling.lasting
    (ability,) = kindling.abilities
    assert ability.text == "If you are low, heal; else draw."
    branch, choice = ability.effects
    assert branch.verb == "if"
    assert branch.condition == Condition(
        "all",
        children=(
            Condition("lp", player="you", max=3000),
            Condition("phase", values=("main1", "main2")),
            Condition("turn", values=("own",)),
        ),
    )
    assert branch.then == (Effect("heal_player", amount=800),)
    assert branch.otherwise == (Effect("draw"),)
    assert choice.verb == "choose" and choice.labels == ("Draw", "Burn")
    assert choice.options == (
        (Effect("draw", count=1),),
        (Effect("damage_player", player="opponent", amount=300),),
    )


def test_static_ability(cards: dict[str, Any]) -> None:
    (ability,) = cards["ember_field"].abilities
    assert ability == Ability(
        start=Start.STATIC,
        speed=0,
        static=StaticEffect(
            affects=Selector(side="you", types=("phantom",), tags=("ember",)),
            atk=200,
            sp_cost=-1,
            protected=True,
        ),
    )


def test_turn_trigger_flip_zones_and_summons(cards: dict[str, Any]) -> None:
    trigger, response = cards["tide_warden"].abilities
    assert trigger.trigger == "turn_end" and trigger.whose == "opponent" and trigger.face_down
    flip, position, no_attack = trigger.effects
    assert flip == Effect("flip", target="self", face_up=False)
    assert position == Effect("change_position", target="self", position="toggle")
    assert no_attack.target == Selector(
        side="opponent", zones=("phantom", "back", "side", "env"), types=()
    )
    assert response.speed == 2 and response.cost == Cost(discard=1, break_self=True)
    assert response.target == TargetSpec(
        Selector(zones=("grave", "hand"), types=("phantom",), stats=(StatTest("level", "<", 5),)),
        count=2,
    )
    chosen, from_grave = response.effects
    assert chosen == Effect("special_summon", target="chosen", position="defense", face_up=False)
    assert from_grave.source == "grave" and from_grave.target is None
    assert from_grave.select == Selector(side="you", zones=("grave",), types=())


def test_parse_cards_accepts_list_or_cards_mapping() -> None:
    data = yaml.safe_load(REALISTIC)
    from_mapping = parse_cards(data, "scenario.yaml")
    from_list = parse_cards(data["cards"], "scenario.yaml")
    assert from_mapping == from_list and len(from_list) == 6


def test_parse_cards_checks_references_only_when_known_ids_given() -> None:
    data = [card(abilities=[{"start": "main", "effects": [{"break": {"target": {"card": "x"}}}]}])]
    assert parse_cards(data, "inline")[0].abilities[0].effects[0].target.card == "x"
    assert parse_cards(data, "inline", known_ids={"x"})
    with pytest.raises(
        CardDataError, match=r"inline: card 'bad_card': .*target\.card: unknown card id 'x'"
    ):
        parse_cards(data, "inline", known_ids={"y"})


def test_load_card_set_from_directory_sorted_and_from_files(tmp_path: Path) -> None:
    write(tmp_path, REALISTIC, "b.yaml")
    dump(tmp_path, [card(id="alpha")], "a.yaml")
    write(tmp_path, "not: cards", "notes.txt")
    by_dir = load_card_set(tmp_path)
    assert list(by_dir)[0] == "alpha" and len(by_dir) == 7
    by_files = load_card_set([tmp_path / "b.yaml", str(tmp_path / "a.yaml")])
    assert by_files == by_dir


def test_default_card_dir_is_the_checkouts_assets() -> None:
    assert DEFAULT_CARD_DIR == Path(__file__).resolve().parents[2] / "assets" / "cards"


def test_error_is_a_value_error_with_problem_list() -> None:
    err = CardDataError(["a", "b"])
    assert isinstance(err, ValueError) and err.problems == ["a", "b"] and str(err) == "a\nb"
    assert CardDataError("one").problems == ["one"]


# --------------------------------------------------------------------------- card errors


def card(**fields: Any) -> dict[str, Any]:
    """A valid Phantom named bad_card, with `fields` replacing (None: removing) its keys."""
    base: dict[str, Any] = {
        "id": "bad_card",
        "name": "Bad Card",
        "type": "phantom",
        "level": 3,
        "atk": 1000,
        "health": 1000,
        "text": "Text.",
    }
    base.update(copy.deepcopy(fields))
    return {k: v for k, v in base.items() if v is not None}


def main(*effects: Any, **fields: Any) -> dict[str, Any]:
    return {"start": "main", **fields, "effects": list(effects)}


SPIRIT = {"type": "spirit", "level": None, "atk": None, "health": None}

# (card fields, field path, fragment of the message)
CARD_ERRORS = [
    ({"atack": 5}, "atack", "unknown key; did you mean 'atk'?"),
    ({"level": 13}, "level", "expected an integer from 1 to 12, got 13"),
    ({"atk": True}, "atk", "expected an integer >= 0, got true"),
    ({"health": 0}, "health", "expected an integer >= 1, got 0"),
    ({"atk": "1000"}, "atk", "expected an integer >= 0, got '1000'"),
    ({"level": None}, "level", "required for a Phantom"),
    ({"text": None}, "text", "required but missing"),
    ({"name": ""}, "name", "expected a non-empty string"),
    ({"type": "monster"}, "type", "expected one of phantom, spirit, counter, environment"),
    ({**SPIRIT, "level": 2}, "level", "only Phantoms have this"),
    ({**SPIRIT, "extra": False}, "extra", "only Phantoms have this"),
    ({"extra": True}, "summon_condition", "required for an Extra Deck Phantom"),
    ({"summon_condition": {"turn": "own"}}, "summon_condition", "only Extra Deck Phantoms"),
    ({"materials": {"select": {}}}, "materials", "only Extra Deck Phantoms"),
    ({"lasting": True}, "lasting", "only Spirit and Counter"),
    ({"tags": ["ember", 3]}, "tags[1]", "expected a non-empty string, got 3"),
    ({"abilities": {"start": "main"}}, "abilities", "expected a list of abilities"),
    ({"abilities": [{"effects": [{"draw": {}}]}]}, "abilities[0].start", "required but missing"),
    ({"abilities": [{"start": "passive"}]}, "abilities[0].start", "expected one of main"),
    ({"abilities": [{"start": "main"}]}, "abilities[0].effects", "expected a non-empty list"),
    ({"abilities": [main()]}, "abilities[0].effects", "expected a non-empty list of effects"),
    ({"abilities": [main({"draw": {}}, speed=0)]}, "abilities[0].speed", "integer >= 1"),
    (
        {"abilities": [main({"damage_player": {"amount": "lots"}})]},
        "abilities[0].effects[0].damage_player.amount",
        "expected an integer >= 0, got 'lots'",
    ),
    (
        {"abilities": [main({"damage_player": {"amout": 5}})]},
        "abilities[0].effects[0].damage_player.amout",
        "unknown key; did you mean 'amount'?",
    ),
    (
        {"abilities": [main({"damage_player": {}})]},
        "abilities[0].effects[0].damage_player.amount",
        "required but missing",
    ),
    (
        {"abilities": [main({"damgae": {"amount": 5}})]},
        "abilities[0].effects[0]",
        "unknown verb 'damgae'; did you mean 'damage'?",
    ),
    (
        {"abilities": [main({"draw": {}, "heal": {}})]},
        "abilities[0].effects[0]",
        "expected a one-key mapping",
    ),
    ({"abilities": [main("draw")]}, "abilities[0].effects[0]", "expected a one-key mapping"),
    (
        {"abilities": [main({"draw": {"player": "me"}})]},
        "abilities[0].effects[0].draw.player",
        "expected one of you, opponent, both, got 'me'",
    ),
    ({"abilities": [main({"draw": {"count": 0}})]}, "abilities[0].effects[0].draw.count", ">= 1"),
    (
        {"abilities": [main({"damage": {"target": "chosen", "amount": 1}})]},
        "abilities[0].effects[0].damage.target",
        "'chosen' needs the ability to have a `target:`",
    ),
    (
        {"abilities": [main({"break": {"target": "opponent"}})]},
        "abilities[0].effects[0].break.target",
        "expected one of chosen, self, event_card, attacker, attack_target",
    ),
    (
        {"abilities": [main({"break": {}}, target={"select": {}, "count": 0})]},
        "abilities[0].target.count",
        "expected an integer >= 1, got 0",
    ),
    (
        {"abilities": [main({"break": {}}, target={"count": 1})]},
        "abilities[0].target.select",
        "required but missing",
    ),
    (
        {"abilities": [main({"break": {"target": {"zone": "feild"}}})]},
        "abilities[0].effects[0].break.target.zone",
        "got 'feild'; did you mean 'field'?",
    ),
    (
        {"abilities": [main({"break": {"target": {"atk": 1500}}})]},
        "abilities[0].effects[0].break.target.atk",
        "expected a comparison like '>= 1500'",
    ),
    (
        {"abilities": [main({"break": {"target": {"atk": "=> 1500"}}})]},
        "abilities[0].effects[0].break.target.atk",
        "got '=> 1500'",
    ),
    (
        {"abilities": [main({"break": {"target": {"side": "mine"}}})]},
        "abilities[0].effects[0].break.target.side",
        "expected one of you, opponent, any",
    ),
    (
        {"abilities": [main({"break": {"target": {"extra": "yes"}}})]},
        "abilities[0].effects[0].break.target.extra",
        "expected true or false, got 'yes'",
    ),
    (
        {"abilities": [main({"break": {"target": {"card": "Bad Id"}}})]},
        "abilities[0].effects[0].break.target.card",
        "lowercase letters, digits and _ only",
    ),
    (
        {"abilities": [main({"modify": {"duration": "turn"}})]},
        "abilities[0].effects[0].modify",
        "give at least one of atk, health, sp_cost",
    ),
    (
        {"abilities": [main({"modify": {"atk": 100, "duration": "forever"}})]},
        "abilities[0].effects[0].modify.duration",
        "expected one of turn, lasting",
    ),
    (
        {"abilities": [main({"flip": {"face": "sideways"}})]},
        "abilities[0].effects[0].flip.face",
        "expected one of up, down",
    ),
    (
        {"abilities": [main({"negate": {}})]},
        "abilities[0].effects[0].negate",
        "only works in a response ability",
    ),
    (
        {"abilities": [{"start": "response", "effects": [{"negate": {"break": 1}}]}]},
        "abilities[0].effects[0].negate.break",
        "expected true or false, got 1",
    ),
    (
        {"abilities": [main({"search": {"select": {"tag": "ember"}, "source": "grave"}})]},
        "abilities[0].effects[0].search.select.zone",
        "must include 'grave'",
    ),
    (
        {"abilities": [main({"search": {"source": "deck"}})]},
        "abilities[0].effects[0].search.select",
        "required but missing",
    ),
    (
        {"abilities": [main({"special_summon": {"source": "grave", "target": "self"}})]},
        "abilities[0].effects[0].special_summon",
        "either target, or source/select",
    ),
    (
        {**SPIRIT, "abilities": [main({"special_summon": {}})]},
        "abilities[0].effects[0].special_summon",
        "only a Phantom can Special Summon itself",
    ),
    (
        {
            "abilities": [
                main({"if": {"condition": {"turn": "own"}, "then": [{"draw": {"cnt": 1}}]}})
            ]
        },
        "abilities[0].effects[0].if.then[0].draw.cnt",
        "unknown key",
    ),
    (
        {"abilities": [main({"if": {"then": [{"draw": {}}]}})]},
        "abilities[0].effects[0].if.condition",
        "required but missing",
    ),
    (
        {"abilities": [main({"choose": {"options": [{"label": "A", "effects": [{"draw": {}}]}]}})]},
        "abilities[0].effects[0].choose.options",
        "at least 2 options",
    ),
    (
        {
            "abilities": [
                main(
                    {
                        "choose": {
                            "options": [
                                {"label": "A", "effects": [{"draw": {}}]},
                                {"effects": [{"draw": {"count": -1}}]},
                            ]
                        }
                    }
                )
            ]
        },
        "abilities[0].effects[0].choose.options[1].label",
        "required but missing",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"phase": "main3"})]},
        "abilities[0].condition.phase",
        "expected one of standby, main1, battle, main2, end, draw, got 'main3'",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"life": {"min": 1}})]},
        "abilities[0].condition",
        "unknown condition 'life'",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"lp": {"min": 1}, "sp": {"min": 1}})]},
        "abilities[0].condition",
        "expected a one-key mapping",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"any": [{"lp": {"player": "you"}}]})]},
        "abilities[0].condition.any[0].lp",
        "give min, max or both",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"not": {"hand": {"min": 3, "max": 1}}})]},
        "abilities[0].condition.not.hand",
        "min (3) is greater than max (1)",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"turn": "mine"})]},
        "abilities[0].condition.turn",
        "expected one of own, opponent",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"count": {"min": 1}})]},
        "abilities[0].condition.count.select",
        "required but missing",
    ),
    (
        {"abilities": [main({"draw": {}}, condition={"responding_to": {"kind": "spell"}})]},
        "abilities[0].condition.responding_to.kind",
        "expected one of summon, attack, activate, action",
    ),
    (
        {"abilities": [main({"draw": {}}, cost={"lp": -5})]},
        "abilities[0].cost.lp",
        "expected an integer >= 0, got -5",
    ),
    (
        {"abilities": [main({"draw": {}}, cost={"mana": 1})]},
        "abilities[0].cost.mana",
        "unknown key",
    ),
    (
        {"abilities": [main({"draw": {}}, once_per_turn="yes")]},
        "abilities[0].once_per_turn",
        "expected true or false",
    ),
    (
        {"abilities": [main({"draw": {}}, on="summoned")]},
        "abilities[0].on",
        "not allowed on a main",
    ),
    (
        {"abilities": [{"start": "trigger", "effects": [{"draw": {}}]}]},
        "abilities[0].on",
        "required but missing",
    ),
    (
        {"abilities": [{"start": "trigger", "on": "summond", "effects": [{"draw": {}}]}]},
        "abilities[0].on",
        "did you mean 'summoned'?",
    ),
    (
        {
            "abilities": [
                {"start": "trigger", "on": "summoned", "whose": "you", "effects": [{"draw": {}}]}
            ]
        },
        "abilities[0].whose",
        "only for turn_start, turn_end",
    ),
    (
        {
            "abilities": [
                {"start": "trigger", "on": "draw_phase", "of": {}, "effects": [{"draw": {}}]}
            ]
        },
        "abilities[0].of",
        "only for summoned",
    ),
    (
        {**SPIRIT, "abilities": [main({"draw": {}}, face_down=True)]},
        "abilities[0].face_down",
        "only Phantom abilities",
    ),
    (
        {"abilities": [{"start": "static", "affects": {}, "protected": True, "effects": []}]},
        "abilities[0].effects",
        "not allowed on a static ability",
    ),
    (
        {"abilities": [{"start": "static", "protected": True}]},
        "abilities[0].affects",
        "required but missing",
    ),
    (
        {"abilities": [{"start": "static", "affects": {}}]},
        "abilities[0]",
        "needs modify, cannot_attack or protected",
    ),
    (
        {"abilities": [{"start": "static", "affects": {}, "modify": {"attack": 1}}]},
        "abilities[0].modify.attack",
        "unknown key",
    ),
]


@pytest.mark.parametrize(("fields", "path", "fragment"), CARD_ERRORS)
def test_card_error_names_file_card_and_field(
    tmp_path: Path, fields: dict[str, Any], path: str, fragment: str
) -> None:
    file = dump(tmp_path, [card(**fields)])
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    prefix = f"{file}: card 'bad_card': {path}: "
    matching = [p for p in caught.value.problems if p.startswith(prefix)]
    assert matching, caught.value.problems
    assert any(fragment in p for p in matching), matching


def test_exact_message_format(tmp_path: Path) -> None:
    file = dump(tmp_path, [card(abilities=[main({"draw": {}}, {"damage": {"amount": "lots"}})])])
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    assert caught.value.problems == [
        f"{file}: card 'bad_card': abilities[0].effects[1].damage.amount: "
        "expected an integer >= 0, got 'lots'"
    ]


def test_repo_paths_are_shown_relative() -> None:
    with pytest.raises(CardDataError, match=r"^assets/cards/no_such_file\.yaml: cannot read"):
        load_card_file(DEFAULT_CARD_DIR / "no_such_file.yaml")


def test_bad_id_and_missing_id(tmp_path: Path) -> None:
    file = dump(tmp_path, [card(id="Bad-Id"), card(id=None), card(id=7)])
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    problems = caught.value.problems
    assert (
        f"{file}: card 'Bad-Id': id: expected lowercase letters, digits and _ only, got 'Bad-Id'"
        in problems
    )
    assert f"{file}: cards[1]: id: required but missing" in problems
    assert f"{file}: cards[2]: id: expected a non-empty string, got 7" in problems


def test_card_that_is_not_a_mapping(tmp_path: Path) -> None:
    file = dump(tmp_path, [card(), "ember_whelp"])
    with pytest.raises(CardDataError, match=r"cards\[1\]: expected a mapping, got 'ember_whelp'"):
        load_card_file(file)


def test_every_problem_is_reported(tmp_path: Path) -> None:
    file = dump(
        tmp_path,
        [
            card(level=0, atk=-1, typo=1),
            card(id="other", abilities=[main({"draw": {"count": "two"}})]),
        ],
    )
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    problems = caught.value.problems
    assert len(problems) == 4, problems
    assert {p.split(": ")[2] for p in problems} == {
        "level",
        "atk",
        "typo",
        "abilities[0].effects[0].draw.count",
    }
    assert str(caught.value) == "\n".join(problems)


# --------------------------------------------------------------------------- file errors


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("- id: x\n  name: [oops\n", "not valid YAML"),
        ("cards:\n  - id: a\n - id: b\n", "not valid YAML"),
        ("--- []\n--- []\n", "not valid YAML"),
        ("!!python/object/apply:os.getcwd []\n", "not valid YAML"),
        ("- id: x\n  name: A\n  name: B\n", "line 3, column 3: duplicate key 'name' (first on line 2)"),
        ("", "the file is empty"),
        ("# only a comment\n", "the file is empty"),
        ("42\n", "expected a list of cards (or a mapping with a 'cards:' list), got 42"),
        ("just text\n", "expected a list of cards"),
        ("decks: []\n", "expected a list of cards"),
    ],
)
def test_bad_file_gives_clear_error(tmp_path: Path, text: str, fragment: str) -> None:
    file = write(tmp_path, text)
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    (problem,) = caught.value.problems
    assert problem.startswith(f"{file}: ") and fragment in problem


def test_malformed_yaml_reports_line(tmp_path: Path) -> None:
    file = write(tmp_path, "- id: a\n  name: A\n  text: [unclosed\n")
    with pytest.raises(CardDataError, match=r"not valid YAML: line \d+, column \d+: "):
        load_card_file(file)


def test_cards_mapping_checks_its_keys(tmp_path: Path) -> None:
    file = write(tmp_path, "cards: {id: x}\nversion: 2\n")
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    assert caught.value.problems == [
        f"{file}: version: unknown top-level key (only 'cards' is allowed)",
        f"{file}: cards: expected a list of cards, got a mapping",
    ]


def test_undecodable_file(tmp_path: Path) -> None:
    file = tmp_path / "cards.yaml"
    file.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(CardDataError, match=r"not a text file \(not UTF-8\): byte 0xff at byte "
                                            r"offset 0"):
        load_card_file(file)


def test_duplicate_ids_in_one_file(tmp_path: Path) -> None:
    file = dump(tmp_path, [card(), card(name="Again")])
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    assert caught.value.problems == [
        f"{file}: card 'bad_card': id: duplicate id (also cards[0] in this file)"
    ]


# --------------------------------------------------------------------------- set errors


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    a = dump(tmp_path, [card()], "a.yaml")
    b = dump(tmp_path, [card(name="Copy")], "b.yaml")
    with pytest.raises(CardDataError) as caught:
        load_card_set(tmp_path)
    assert caught.value.problems == [
        f"{b}: card 'bad_card': id: duplicate id, already defined in {a}"
    ]


def test_unknown_card_ids_are_reported_with_their_path(tmp_path: Path) -> None:
    search = {"search": {"select": {"zone": "deck", "card": "ember_whelq"}}}
    cond = {"count": {"select": {"card": "nobody"}, "min": 1}}
    dump(tmp_path, [card(abilities=[main(search, condition=cond)])], "a.yaml")
    other = write(tmp_path, REALISTIC, "b.yaml")
    with pytest.raises(CardDataError) as caught:
        load_card_set(tmp_path)
    problems = caught.value.problems
    a = tmp_path / "a.yaml"
    assert sorted(problems) == sorted(
        [
            f"{a}: card 'bad_card': abilities[0].effects[0].search.select.card: "
            "unknown card id 'ember_whelq'; did you mean 'ember_whelp'?",
            f"{a}: card 'bad_card': abilities[0].condition.count.select.card: "
            "unknown card id 'nobody'",
        ]
    )
    assert load_card_file(other)  # references inside a single file are not checked there


def test_references_across_files_resolve(tmp_path: Path) -> None:
    dump(
        tmp_path, [card(abilities=[main({"break": {"target": {"card": "ember_whelp"}}})])], "a.yaml"
    )
    write(tmp_path, REALISTIC, "b.yaml")
    assert "bad_card" in load_card_set(tmp_path)


def test_set_is_all_or_nothing_and_reports_every_file(tmp_path: Path) -> None:
    write(tmp_path, REALISTIC, "a_good.yaml")
    bad1 = dump(tmp_path, [card(level=99)], "b_bad.yaml")
    bad2 = write(tmp_path, "", "c_empty.yaml")
    result = None
    with pytest.raises(CardDataError) as caught:
        result = load_card_set(tmp_path)
    assert result is None
    assert [p.split(": ")[0] for p in caught.value.problems] == [str(bad1), str(bad2)]


def test_missing_paths_and_empty_directory(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read the file"):
        load_card_set([tmp_path / "missing.yaml"])
    with pytest.raises(CardDataError, match=r"no card files \(\*\.yaml\) found"):
        load_card_set(tmp_path)
    with pytest.raises(CardDataError, match="no card files"):
        load_card_set([])


def test_where_each_card_came_from_lives_on_its_pool() -> None:
    """`CardPool.sources`: each card's own mapping as read, held by the pool the reader
    made (no process-wide registry): a copy into a plain dict has none, `merged` keeps
    them card by card, pickling keeps them."""
    import pickle

    from game.cards import parse_card_pool
    from game.cards.loader import card_source
    from game.engine.index import merged

    data = yaml.safe_load("""
- id: plain_imp
  name: Plain Imp
  type: phantom
  level: 1
  atk: 100
  health: 100
  text: "When this card is Summoned: draw 1 card."
  abilities: [{start: trigger, on: summoned, effects: [{draw: {}}]}]
""")
    pool = parse_card_pool(data, "<inline>")
    expected = {**data[0], "abilities": [  # YAML 1.1's `on` key spelt "on"
        {"start": "trigger", "on": "summoned", "effects": [{"draw": {}}]}]}
    assert card_source(pool, "plain_imp") == expected
    assert card_source(dict(pool), "plain_imp") is None
    assert card_source(pickle.loads(pickle.dumps(pool)), "plain_imp") == expected
    shipped = load_card_set()
    assert set(shipped.sources) == set(shipped)
    both = merged(shipped, pool)
    assert card_source(both, "plain_imp") == expected
    assert card_source(both, "iron_hound") == card_source(shipped, "iron_hound") is not None
    assert "plain_imp" not in merged(both, {"plain_imp": pool["plain_imp"]}).sources
