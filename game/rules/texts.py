"""The words of the rules a refusal cites ("Rule P1": hover shows them), for the client.

RULES.md is the one home of the rules' words, but it is not shipped with the game (only
`game/` is), so the words of the rules `game.engine.reasons.RULE_OF` cites are copied here by
`python scripts/rule_texts.py`; tests/engine/test_rule_citations.py fails when RULES.md and
this copy differ. `parse` reads RULES.md's tables (plain text: no backticks, no bold).
"""

from __future__ import annotations

import re

ROW = re.compile(r"^\|\s*([A-Z][0-9]+[a-z]?)\s*\|(.*)$")
MARK = "# ---- made by scripts/rule_texts.py from RULES.md: do not edit below ----"


def plain(cell: str) -> str:
    """A table cell as a person reads it: Markdown's code and bold marks taken out."""
    return re.sub(r"\s+", " ", cell.replace("`", "").replace("**", "")).strip()


def parse(markdown: str) -> dict[str, str]:
    """Every rule of RULES.md's tables: id -> its words (the Rule column)."""
    out: dict[str, str] = {}
    for line in markdown.splitlines():
        m = ROW.match(line.strip())
        if m:
            out[m.group(1)] = plain(m.group(2).split(" | ")[0].strip().rstrip("|"))
    return out


# Rules the client cites besides the engine's reason codes (`RULE_OF`): the deck builder's
# refusals (game.decks.edit.RULES_CITED) and the pause menu's greyed rows (game/ui/duel/pause.py)
CLIENT_CITED = ("D11", "M1", "M2", "U1", "U2")


def cited(engine: set[str]) -> set[str]:
    """Every rule whose words the client shows: the engine's citations and the client's."""
    return set(engine) | set(CLIENT_CITED)


def words(rule: str) -> str:
    """What rule `rule` says ("" for an id this copy does not hold)."""
    return TEXT.get(rule, "")


def render(texts: dict[str, str]) -> str:
    """The generated part of this module for `texts` (id -> words), from the MARK line on."""
    body = "".join(f"    {rid!r}: {texts[rid]!r},\n" for rid in sorted(texts))
    return f"{MARK}\nTEXT: dict[str, str] = {{\n{body}}}\n"


# ---- made by scripts/rule_texts.py from RULES.md: do not edit below ----
TEXT: dict[str, str] = {
    'B1': 'Attacks are declared in the Battle Phase by an Attack Position Phantom (face up or down) with Health above 0; each Phantom attacks at most once per turn.',
    'B2': 'A direct attack is allowed only when the opponent controls no Phantom (Phantom slots and Side Balance slots).',
    'C1': "A Spirit is played from hand face up into an empty back-row or Side Balance slot to activate, on its controller's turn only; or set face down and activated on a later own turn.",
    'C2': 'A normal Spirit (or Counter) goes to the Graveyard once its Step is done; a lasting one stays and its continuous effects last. A Spirit or Counter with no ability to activate is activated as itself (ability -1) and simply comes face up.',
    'C6': 'Extra Deck Phantoms are Special Summoned (no SP) whenever their controller could take a game action (own turn, no Line open, any phase but End) if their summon condition holds, sending their materials (if any, chosen by the player) to the Graveyard. They need an empty Phantom or Side Balance slot before the materials go.',
    'C9': 'Nothing is played on credit: a Summon needs its whole SP Cost (P1) and an ability its whole Cost (SP, LP, discards) when it is activated. An ability is activated only while its Condition holds and, if it says once per turn, when it was not used yet this turn. A Phantom an effect says cannot attack declares no attack.',
    'D11': 'Once the duel is over no command is legal.',
    'D8': 'Each turn runs Standby, Main 1, Battle, Main 2, End. The turn player may skip straight to End from Main 1 or Battle. A Standby with nothing to do passes by itself.',
    'F2': 'Phantoms stand in Phantom slots or Side Balance slots; Spirits and Counters in back-row or Side Balance slots; Environments in the Environment slot.',
    'F3': 'A slot holds one card.',
    'I1': 'legal_actions() lists every command the deciding player may send; each one applies. The one exception is Concede (D12): always accepted while the duel is on, never listed.',
    'I2': 'A rejected command changes nothing (same state hash) and says why: a reason code (Code) for programs beside words for people; no code path reads the words.',
    'I3': 'Pending choices are asked and answered through the same interface.',
    'I8': 'A command is checked for exact field types before anything else (a whole number is an int, not a float, bool or string; attack/face_up are bools; zone is text; targets a tuple of whole numbers); a malformed one is Rejected with its own reason naming the field and changes nothing, history included, even when it equals a legal command by ==.',
    'L1': 'Game actions (Summon, Special Summon, Set, playing an Environment, declaring an attack, changing position, Flip, Unsummon) are Speed 0 and always start a new Line; they can only be taken with no Line open.',
    'L10': 'Loop guard: the same game action on the same card, or the same ability of the same card, at most 10 times in one turn; the 11th is not legal.',
    'L13': "An ability cannot be activated, nor an optional trigger used, when its effects could change nothing at that moment (nothing to summon, search, return or draw; no card its effects reach; no legal target; for a heal, every Phantom it could reach or target already at full Health). Gaining SP always counts: since S1a no card's SP gain is cut by the cap. One engine rule (query.could_change, which asks each effect's verb: Verb.could in game/engine/verbs/builtin.py), no per-card conditions.",
    'L3': 'After a Step is added, the other player may respond first, then priority alternates.',
    'L4': 'A response must have Speed at least that of the last Step of the current Line and answers that Step.',
    'L6': 'When both players pass in a row, the top Line resolves, last Step first, and nobody may respond while it resolves.',
    'L8': "Triggers never interrupt: those whose event happened while Lines resolved wait until every Line has resolved, then form a new Line, the turn player's first. A trigger whose event happens when a Step is added (attacks, is attacked, opponent activates) joins the Lines at once if its Speed allows, else waits.",
    'M1': 'At most 3 copies of a card across Main, Side and Extra together.',
    'M2': 'Main Deck 30 to 50 cards; Side Deck up to 20; Extra Deck up to 10, Extra Deck Phantoms only.',
    'P5': 'A Phantom cannot be Unsummoned on a turn in which it battled; a Phantom that declared an attack this turn has battled, even if the attack was negated or fizzled.',
    'P5a': 'A Phantom Unsummoned this turn cannot be Summoned, or Special Summoned from the Extra Deck, again this turn (another copy can). Unsummon refunds the SP, so without this a "When this card is Summoned" trigger (Shield Acolyte\'s 300 LP, Cinder Pup\'s burn, Archive Wraith\'s mill) repeats for free up to the loop guard: ten times a turn.',
    'P6': 'Position change (Attack/Defense): once per turn per Phantom, in a Main Phase, not on the turn it was summoned. Turning a face-down Phantom face up by choice is a Flip (the OCG flip summon): it ends face up in Attack Position (a 0-Health Phantom stays in Defense, P8) and counts as that change.',
    'P7': "A face-down Phantom's abilities are off unless its text says otherwise (face_down: true).",
    'P8': 'A Phantom with 0 Health is put in Defense Position at once and cannot leave it.',
    'U1': 'Only a hotseat or versus-AI duel played as a match can be saved to continue later ("Save and leave"); a puzzle, a scenario or the demo board is opened from its file again instead.',
    'U2': "A finished duel's result stands: there is nothing left to concede, save or undo (a puzzle's Undo aside: Player aids).",
}
