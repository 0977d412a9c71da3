"""Every refusal names its rule: each reason code cites a RULES.md id that exists, and the
client's copy of those rules' words (game/rules/texts.py) is RULES.md's own."""

from __future__ import annotations

from game.engine import Activate, Attack, Rejected
from game.engine import primitives as prims
from game.engine.reasons import RULE_OF, Code, rule_of
from game.files.resources import SOURCE_ROOT
from game.rules import texts as rule_texts
from tests.kit import play, position, uid

RULES_MD = SOURCE_ROOT / "RULES.md"


def test_every_reason_code_cites_a_rule_that_exists_in_rules_md() -> None:
    rules = rule_texts.parse(RULES_MD.read_text(encoding="utf-8"))
    assert len(rules) > 60  # the parse found the tables, not a stray line
    assert set(RULE_OF) == set(Code)
    for code in Code:
        assert rule_of(code) in rules, (code, rule_of(code))


def test_the_clients_rule_words_are_rules_md_words() -> None:
    """Run `python scripts/rule_texts.py` after changing RULES.md or a citation."""
    rules = rule_texts.parse(RULES_MD.read_text(encoding="utf-8"))
    assert rule_texts.TEXT == {rid: rules[rid] for rid in sorted(rule_texts.cited(set(RULE_OF.values())))}


CARDS = """
- id: t_dear
  name: Test Dear Spirit
  type: spirit
  text: "Costs 6 SP: gain 100 LP."
  abilities:
    - start: main
      cost: {sp: 6}
      effects: [{heal_player: {player: you, amount: 100}}]
- id: t_late
  name: Test Late Counter
  type: counter
  text: "While you have 5000 LP or less: gain 100 LP."
  abilities:
    - start: main
      condition: {lp: {player: you, max: 5000}}
      effects: [{heal_player: {player: you, amount: 100}}]
- id: t_well
  name: Test Well
  type: environment
  text: "Main Phase, once per turn: gain 1 SP."
  abilities:
    - start: main
      once_per_turn: true
      effects: [{gain_sp: {amount: 1}}]
"""


def _code(duel, cmd) -> Code:
    refusal = duel.refusal(cmd)
    assert refusal is not None, cmd
    try:
        duel.apply(cmd)
    except Rejected as exc:
        assert exc.code is refusal.code
    return refusal.code


def test_c9_cost_condition_once_per_turn_and_cannot_attack() -> None:
    duel = position({"players": [
        {"sp": 3, "hand": ["t_dear"], "back": ["t_late"], "env": ["t_well"],
         "phantom": ["iron_hound"], "deck": ["stone_sentry"] * 5},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 5}]}, CARDS)
    assert _code(duel, Activate(0, uid(duel, 0, "t_dear"), 0, (), "back", 1)) is Code.COST
    assert _code(duel, Activate(0, uid(duel, 0, "t_late"), 0)) is Code.CONDITION
    well = uid(duel, 0, "t_well")
    play(duel, Activate(0, well, 0))
    while duel.deciding_player is not None and duel.state.lines:
        play(duel, duel.legal_actions()[0])
    assert _code(duel, Activate(0, well, 0)) is Code.ONCE_PER_TURN
    hound = uid(duel, 0, "iron_hound")
    prims.add_status(duel, duel.state.cards[hound], "cannot_attack", -1)
    from game.engine import NextPhase
    play(duel, NextPhase(0))
    assert _code(duel, Attack(0, hound, uid(duel, 1, "stone_sentry"))) is Code.CANNOT_ATTACK
    assert {rule_of(c) for c in (Code.COST, Code.CONDITION, Code.ONCE_PER_TURN,
                                 Code.CANNOT_ATTACK)} == {"C9"}
