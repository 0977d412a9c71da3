"""The game's jargon in a sentence each, for a log row that uses it (issue 38).

The short in-game form of docs/architecture.md's Glossary: the log panel shows a row's word
and its sentence when the pointer rests on the row, so "Line 7", "Speed" or "Line Break" is
never left unexplained. `term_of` picks the word a row's text uses, the most specific first.
"""

from __future__ import annotations

GLOSSARY: dict[str, str] = {
    "Line Break": "A faster answer starts a new Line above the current one; the Line below "
                  "may be answered again once the new one resolves (Rules L5, L7).",
    "Step": "One thing waiting to happen on a Line: a game action (Speed 0) or an "
            "ability, with its Speed (Rules L1-L4).",
    "Line": "A stack of Steps answering each other; when both players pass, the top Line "
            "resolves, last Step first. The log numbers every Line of the duel in turn "
            "(Rules L1, L5, L6).",
    "Speed": "How fast a Step is: an answer of the same Speed joins the Line, a faster one "
             "makes a Line Break (Rules L2, L5).",
    "Break": "A card leaves the field for the Graveyard: a Phantom at 0 Health, a negated "
             "Summon, a replaced Environment (Rules P9, C4, C7, C8).",
    "SP": "Summon Points: what Summons and costs are paid with; it grows in every Draw "
          "Phase and unspent SP stays (Rules S1).",
}
# the order a row's words are looked for in: a row about a Line Break is about that first.
# SP is in nearly every Summon's row and explained by the SP panel: no row points to it
_ORDER = ("Line Break", "Step", "Line", "Speed", "Break")


def term_of(text: str) -> str | None:
    """The glossary word `text` uses (whole words), the most specific first; None if none."""
    words = text.replace(",", " ").replace(".", " ").replace(":", " ").replace("!", " ").split()
    joined = f" {' '.join(words)} "
    for term in _ORDER:
        if f" {term} " in joined or (term in ("Break", "Line", "Step") and f" {term}s " in joined):
            return term
    return None
