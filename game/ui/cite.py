"""A refusal in words that name its rule: "Its SP Cost is 4 and you have 3 SP. (Rule P1)".

The engine's reason code picks the rule (`game.engine.reasons.rule_of`, the one mapping); the
deck builder's refusals and deck problems name theirs (game.decks.deck.Refused), the pause menu its
greyed rows';
the rule's own words (game/rules/texts.py, copied from RULES.md) are what hovering the
refusal shows. Every place a screen says why not with a rule goes through here.
"""

from __future__ import annotations

from game.engine.reasons import Code, rule_of
from game.rules import texts as rule_texts


def rule(code: Code) -> str:
    return rule_of(code)


def tag(code: Code) -> str:
    return tag_of(rule_of(code))


def tag_of(rid: str) -> str:
    """A rule cited by its id: "(Rule M1)" (a refusal's end)."""
    return f"(Rule {rid})"


def words_of(rid: str) -> str:
    """Rule `rid` in full, for the hover: "Rule M1: At most 3 copies ..."."""
    return f"Rule {rid}: {rule_texts.words(rid)}"


def said(code: Code, message: str, lead: str = "") -> str:
    """The refusal as the screen says it: the engine's sentence, then the rule it cites."""
    text = f"{lead}: {message}" if lead else message
    return f"{text} {tag(code)}"


def words(code: Code) -> str:
    """The rule behind `code` in full, for the hover: "Rule P1: To Summon a Phantom ..."."""
    return words_of(rule_of(code))
