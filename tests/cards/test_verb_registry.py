"""The verb registry is the one home of a verb: a verb defined only here, in a test-only
registry, is loaded, checked, linted and played in a duel without touching any module; the
loader checks every registered verb's parameters from its entry; docs/cards.md documents
every registered verb (so the docs cannot drift from the code)."""

from __future__ import annotations

import pickle
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.cards import CardDataError, load_card_file, parse_cards
from game.cards.textlint import lint_card
from game.engine import Activate, Code, Rules
from game.engine.carddefs import Ability, CardDef, Effect
from game.engine.duel import Duel
from game.engine.index import CardPool
from game.engine.model import Card, Step
from game.engine.position import build_position
from game.engine.verbs.base import Kind, Param, TextKit, Verb
from game.engine.verbs.builtin import BUILTIN, plain
from tests.kit import base_pool, uid

# --------------------------------------------------------------------------- a toy verb


def _run_set_lp(duel: Duel, step: Step, eff: Effect, path: tuple) -> None:
    player = step.user if eff.player == "you" else 1 - step.user
    duel.state.players[player].lp = eff.amount


def _could_set_lp(duel: Duel, card: Card, ab: Ability, eff: Effect, user: int,
                  event_card: int) -> bool:
    player = user if eff.player == "you" else 1 - user
    return duel.state.players[player].lp != eff.amount


def _set_lp_words(effs: Sequence[Effect], kit: TextKit) -> list[Any]:
    whose = "your" if effs[0].player == "you" else "your opponent's"
    return [kit.lit(f"{whose} LP becomes {effs[0].amount}")]


SET_LP = Verb(
    "set_lp",
    (Param("player", Kind.CHOICE, choices=("you", "opponent"), default="opponent"),
     Param("to", Kind.AMOUNT, required=True, field="amount")),
    _run_set_lp, plain, _set_lp_words, _could_set_lp)
TOY = BUILTIN.with_verbs(SET_LP)

TOY_CARD = """
- id: reset_charm
  name: Reset Charm
  type: spirit
  text: "Your opponent's LP becomes 500."
  abilities:
    - start: main
      effects: [{set_lp: {to: 500}}]
"""


def _toy_duel(opponent_lp: int) -> Duel:
    pool = dict(base_pool())
    (charm,) = parse_cards(yaml.safe_load(TOY_CARD), "<toy>", verbs=TOY)
    pool[charm.id] = charm
    deck = ["stone_sentry"] * 4
    return build_position(pool, Rules(), {"players": [
        {"deck": deck, "hand": ["reset_charm"]}, {"deck": deck, "lp": opponent_lp}]}, 0)


def test_a_verb_in_a_test_registry_is_loaded_and_played_in_a_duel() -> None:
    duel = _toy_duel(9000)
    cmd = Activate(0, uid(duel, 0, "reset_charm"), 0, (), "back", 0)
    assert cmd in duel.legal_actions()
    duel.apply(cmd)
    while duel.state.lines:  # both players pass: the Step resolves
        duel.apply(duel.legal_actions()[0])
    assert duel.players[1].lp == 500
    assert duel.players[0].lp == Rules().starting_lp


def test_the_toy_verbs_could_change_nothing_rule_is_the_engines() -> None:
    duel = _toy_duel(500)
    refusal = duel.refusal(Activate(0, uid(duel, 0, "reset_charm"), 0, (), "back", 0))
    assert refusal is not None and refusal.code is Code.NOTHING_TO_DO


def test_the_toy_verbs_words_are_the_linters() -> None:
    (charm,) = parse_cards(yaml.safe_load(TOY_CARD), "<toy>", verbs=TOY)
    assert lint_card(charm) == []
    (vague,) = parse_cards(yaml.safe_load(TOY_CARD.replace("LP becomes 500", "LP changes")),
                           "<toy>", verbs=TOY)
    assert [w.phrase for w in lint_card(vague)] == ["your opponent's LP becomes 500"]


def test_the_toy_verbs_parameters_are_checked_from_its_entry() -> None:
    bad = yaml.safe_load(TOY_CARD.replace("{to: 500}", "{to: -5, player: both}"))
    with pytest.raises(CardDataError) as caught:
        parse_cards(bad, "<toy>", verbs=TOY)
    where = "<toy>: card 'reset_charm': abilities[0].effects[0].set_lp"
    assert any(p.startswith(f"{where}.to: expected an integer >= 0") for p in caught.value.problems)
    assert any(p.startswith(f"{where}.player: expected one of you, opponent")
               for p in caught.value.problems)


def test_the_shipped_registry_does_not_know_the_toy_verb() -> None:
    with pytest.raises(CardDataError, match=r"effects\[0\]: unknown verb 'set_lp'"):
        parse_cards(yaml.safe_load(TOY_CARD), "<toy>")


# --------------------------------------------------------------------------- every verb's params

GOOD: dict[Kind, Any] = {
    Kind.AMOUNT: 1, Kind.NUMBER: -100, Kind.COUNT: 2, Kind.FLAG: True, Kind.TARGET: "chosen",
    Kind.SELECTOR: {"zone": "deck"}, Kind.CONDITION: {"lp": {"min": 1}},
    Kind.EFFECTS: [{"draw": {}}],
    Kind.OPTIONS: [{"label": "A", "effects": [{"draw": {}}]},
                   {"label": "B", "effects": [{"draw": {}}]}],
}
BAD: dict[Kind, tuple[Any, str]] = {
    Kind.AMOUNT: (-1, "expected an integer >= 0, got -1"),
    Kind.NUMBER: ("lots", "expected an integer, got 'lots'"),
    Kind.COUNT: (0, "expected an integer >= 1, got 0"),
    Kind.FLAG: ("yes", "expected true or false, got 'yes'"),
    Kind.CHOICE: ("sideways", "expected one of "),
    Kind.TARGET: ("everyone", "expected one of chosen, self"),
    Kind.SELECTOR: (7, "expected a mapping, got 7"),
    Kind.CONDITION: (7, "expected a one-key mapping"),
    Kind.EFFECTS: ([], "expected a non-empty list of effects"),
    Kind.OPTIONS: ([], "expected a list of at least 2 options, got 0"),
}
CASES = [(verb.name, p.name) for verb in BUILTIN.values() for p in verb.params]


def _good(p: Param) -> Any:
    return p.choices[0] if p.kind is Kind.CHOICE else GOOD[p.kind]


def _card(verb: Verb, params: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": "bad_card", "name": "Bad Card", "type": "phantom", "level": 3, "atk": 1000,
            "health": 1000, "text": "Text.", "abilities": [
                {"start": "response", "target": {"select": {}},
                 "effects": [{verb.name: dict(params)}]}]}


def _problems(tmp_path: Path, card: dict[str, Any]) -> tuple[Path, list[str]]:
    file = tmp_path / "cards.yaml"
    file.write_text(yaml.safe_dump([card], sort_keys=False), encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        load_card_file(file)
    return file, caught.value.problems


@pytest.mark.parametrize(("verb_name", "param_name"), CASES)
def test_a_bad_value_for_any_verbs_parameter_names_file_card_and_field(
    tmp_path: Path, verb_name: str, param_name: str
) -> None:
    verb = BUILTIN[verb_name]
    param = next(p for p in verb.params if p.name == param_name)
    params = {p.name: _good(p) for p in verb.params if p.required}
    value, fragment = BAD[param.kind]
    params[param.name] = value
    file, problems = _problems(tmp_path, _card(verb, params))
    where = f"{file}: card 'bad_card': abilities[0].effects[0].{verb.name}.{param.name}: "
    assert any(p.startswith(where) and fragment in p for p in problems), problems


@pytest.mark.parametrize("verb_name", list(BUILTIN))
def test_an_unknown_or_missing_parameter_of_any_verb_names_file_card_and_field(
    tmp_path: Path, verb_name: str
) -> None:
    verb = BUILTIN[verb_name]
    file, problems = _problems(tmp_path, _card(verb, {"bogus": 1}))
    where = f"{file}: card 'bad_card': abilities[0].effects[0].{verb.name}"
    assert any(p.startswith(f"{where}.bogus: unknown key") for p in problems), problems
    for name in verb.required:
        assert f"{where}.{name}: required but missing" in problems


# --------------------------------------------------------------------------- the docs


def _table_rows(text: str, heading: str) -> dict[str, str]:
    """`name -> the rest of its row` for the first table after `heading`."""
    section = text[text.index(heading):]
    rows: dict[str, str] = {}
    started = False
    for line in section.splitlines()[1:]:
        if line.startswith("|"):
            started = True
            for name in re.findall(r"`([a-z_]+)`", line.split("|")[1]):
                rows[name] = line
        elif started:
            break
    return rows


DOCS = (Path(__file__).resolve().parents[2] / "docs" / "cards.md").read_text(encoding="utf-8")


def test_every_registered_verb_and_parameter_is_documented_in_docs_cards() -> None:
    rows = _table_rows(DOCS, "## Effects (verbs)")
    assert set(rows) == set(BUILTIN), set(rows) ^ set(BUILTIN)
    for verb in BUILTIN.values():
        params_cell = rows[verb.name].split("|")[2]
        for p in verb.params:
            assert f"`{p.name}`" in params_cell, (verb.name, p.name)


def test_every_registered_verb_has_its_words_in_the_card_text_style() -> None:
    rows = _table_rows(DOCS, "**Verbs** (effects)")
    assert set(rows) == set(BUILTIN), set(rows) ^ set(BUILTIN)


def test_a_loaded_card_set_pickles_with_its_verbs() -> None:
    """`simulate --jobs` hands the pool to worker processes (pickled where fork is missing):
    every verb's functions travel by name and come back the same."""
    pool = pickle.loads(pickle.dumps(base_pool()))
    verbs = {e.verb: e.impl for c in pool.values() for ab in c.abilities for e in ab.effects}
    assert verbs, "the shipped set has effects"
    for name, impl in verbs.items():
        assert impl.name == name and impl.run is BUILTIN[name].run


def test_the_ai_weighs_an_effect_by_what_its_verb_says_it_gives() -> None:
    """game/ai/policy.py names no verb: what an effect brings a player is its verb's
    `gives` ("sp" here: worth less to a player who has plenty)."""
    from dataclasses import replace

    from game.ai.policy import activation_score

    scores = {}
    for gives in ("", "sp"):
        registry = BUILTIN.with_verbs(replace(SET_LP, gives=gives))
        pool = dict(base_pool())
        (charm,) = parse_cards(yaml.safe_load(TOY_CARD), "<toy>", verbs=registry)
        pool[charm.id] = charm
        deck = ["stone_sentry"] * 4
        duel = build_position(pool, Rules(), {"players": [
            {"deck": deck, "hand": ["reset_charm"], "sp": 9}, {"deck": deck, "lp": 9000}]}, 0)
        cmd = Activate(0, uid(duel, 0, "reset_charm"), 0, (), "back", 0)
        assert cmd in duel.legal_actions()
        scores[gives] = activation_score(duel, 0, cmd)
    assert scores["sp"] == scores[""] - 200


# --------------------------------------------------------------------------- what others read


def test_every_verb_declares_what_the_ai_the_arrows_and_the_lint_read() -> None:
    """`harms` has no default in `verb()`: every verb says whether it hurts what it acts
    on; the other attributes are declared where true and must fit the verb's parameters."""
    from game.cards.textlint import _player_verb

    for verb in BUILTIN.values():
        names = verb.param_names
        assert callable(verb.harms) and callable(verb.atk_gain), verb.name
        assert isinstance(verb.burns, bool) and isinstance(verb.draws, bool), verb.name
        assert isinstance(verb.negates, bool), verb.name
        if verb.burns:
            assert {"player", "amount"} <= set(names), verb.name
        if verb.draws:
            assert {"player", "count"} <= set(names), verb.name
        if verb.words:
            assert "player" in names and len(verb.words) == 2 and all(verb.words), verb.name
            eff = Effect(verb.name, impl=verb, player="opponent")
            assert _player_verb(eff, "1 card").label == f"your opponent {verb.words[1]} 1 card"
    harmful = {n for n, v in BUILTIN.items() if v.harms(Effect(n, impl=v))}
    assert harmful == {"damage", "break", "return_to_hand", "cannot_attack", "discard", "mill",
                       "lose_sp", "damage_player", "negate"}
    assert {n for n, v in BUILTIN.items() if v.negates} == {"negate"}
    assert {n for n, v in BUILTIN.items() if v.burns} == {"damage_player"}
    assert {n for n, v in BUILTIN.items() if v.draws} == {"draw"}


def test_every_player_verb_of_the_shipped_set_is_written_for_each_player() -> None:
    """The lint's third person comes from the verb (`words`), so an effect aimed at the
    opponent or at both players never needs a table of base words outside the verb."""
    from game.cards.textlint import ability_phrases

    seen = set()
    for card in base_pool().values():
        for ab in card.abilities:
            for eff in ab.effects:
                if "player" in eff.impl.param_names:
                    seen.add(eff.verb)
            ability_phrases(card, ab)  # no verb is missing its words
    assert {"draw", "discard", "gain_sp", "lose_sp"} <= seen


_NAMES = "|".join(sorted(BUILTIN, key=len, reverse=True))
_BRANCH = re.compile(rf"""(\.verb|\bverb)\s*(==|!=|\bin\b).*["']({_NAMES})["']""")


def test_no_module_outside_the_verbs_branches_on_a_verbs_name() -> None:
    """What a verb means to the AI, the arrows and the lint is declared on the verb: no
    module outside game/engine/verbs compares an effect's verb with a verb's name."""
    game = Path(__file__).resolve().parents[2] / "game"
    found = []
    for path in game.rglob("*.py"):
        parts = path.relative_to(game).parts
        # a scenario step's `verb` is a player's command (summon, choose, ...), not a card verb
        if parts[:2] in (("engine", "verbs"), ("play", "scenario")):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _BRANCH.search(line):
                found.append(f"{path.relative_to(game)}:{n}: {line.strip()}")
    assert found == []
    assert _BRANCH.search('if eff.verb == "damage_player" and x')  # the pattern bites
    assert _BRANCH.search('if eff.verb in {"lose", "negate"}:')


# a test-only harmful player verb with a base word of its own, aimed at the opponent
def _run_forfeit(duel: Duel, step: Step, eff: Effect, path: tuple) -> None:
    from game.engine import primitives as prims

    player = step.user if eff.player == "you" else 1 - step.user
    prims.change_lp(duel, player, -eff.amount, "effect")


def _forfeit_words(effs: Sequence[Effect], kit: TextKit) -> list[Any]:
    return [kit.player_verb(effs[0], f"{effs[0].amount} LP")]


FORFEIT = Verb(
    "forfeit_lp",
    (Param("player", Kind.CHOICE, choices=("you", "opponent"), default="opponent"),
     Param("amount", Kind.AMOUNT, required=True)),
    _run_forfeit, plain, _forfeit_words,
    harms=lambda eff: True, burns=True, words=("forfeit", "forfeits"))
FORFEITS = BUILTIN.with_verbs(FORFEIT)

FORFEIT_CARD = """
- id: forfeit_charm
  name: Forfeit Charm
  type: spirit
  text: "Your opponent forfeits 800 LP."
  abilities:
    - start: main
      effects: [{forfeit_lp: {amount: 800}}]
"""


def _forfeit_duel(opponent_lp: int) -> tuple[Duel, CardDef]:
    pool = dict(base_pool())
    (charm,) = parse_cards(yaml.safe_load(FORFEIT_CARD), "<toy>", verbs=FORFEITS)
    pool[charm.id] = charm
    deck = ["stone_sentry"] * 6
    duel = build_position(CardPool(pool), Rules(), {"players": [
        {"deck": deck, "hand": ["forfeit_charm"]}, {"deck": deck, "lp": opponent_lp}]}, 0)
    return duel, charm


def test_a_new_harmful_player_verb_is_played_written_and_seen_by_the_hard_ai() -> None:
    """One entry (`FORFEIT`, in a test-only registry) and nothing else: the engine plays
    it, the lint writes it for the opponent, and the AI reads it as harmful damage."""
    from game.ai.lethal import plausible
    from game.ai.search import HardPlayer
    from game.ai.worth import ability_harms
    from game.cards.textlint import ability_phrases

    duel, charm = _forfeit_duel(5000)
    cmd = Activate(0, uid(duel, 0, "forfeit_charm"), 0, (), "back", 0)
    assert cmd in duel.legal_actions()
    duel.apply(cmd)
    while duel.state.lines:
        duel.apply(duel.legal_actions()[0])
    assert duel.players[1].lp == 4200

    assert lint_card(charm) == []
    words = [p.label for p in ability_phrases(charm, charm.abilities[0])]
    assert "your opponent forfeits 800 LP" in words
    (vague,) = parse_cards(yaml.safe_load(FORFEIT_CARD.replace("forfeits 800", "loses 800")),
                           "<toy>", verbs=FORFEITS)
    assert [w.phrase for w in lint_card(vague)] == ["your opponent forfeits 800 LP"]

    assert ability_harms(charm.abilities[0])
    duel, _ = _forfeit_duel(800)
    assert plausible(duel, 0, slack=0)  # its printed damage counts toward a win this turn
    deck = ["forfeit_charm", *["stone_sentry"] * 6]
    hard = HardPlayer(1, budget=300, pool=duel.defs, rules=Rules(), deck=deck,
                      opponent_deck=deck[1:])
    assert hard.choose(duel.view(0)) == Activate(0, uid(duel, 0, "forfeit_charm"), 0, (),
                                                 "back", 0)
    assert hard.lethal_lines == 1  # the "win this turn" solver found it
