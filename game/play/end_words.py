"""Why a duel ended, as a sentence: the one wording table for every screen.

The engine's `DuelEnded.reason` is a short machine-ish phrase ("player 2 reached 0 LP",
"concede", "round limit (40) reached"; game/engine/flow.py and primitives.py). The result
screen, the duel log, the replay viewer and the replays list all show it through
`end_sentence`, with the players' own names, so a reason is worded the same everywhere.
A reason not in the table (an older replay, a new engine phrase) is still shown: its
player numbers become names and it gets a capital and a full stop.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# (the engine's reason, as a pattern) -> the sentence, and its kind; {loser} is the
# conceder, {p1}/{p2} the players, {n} a number taken from the reason. The kind is what a
# scenario's `end_reason` expectation writes (docs/scenarios.md).
WORDING: tuple[tuple[str, str, str], ...] = (
    (r"concede", "{loser} conceded the duel.", "concede"),
    (r"player ([12]) reached 0 LP", "{player} ran out of LP.", "lp"),
    (r"both players reached 0 LP", "Both players ran out of LP at once.", "both_lp"),
    (r"player ([12]) had to draw from an empty deck", "{player} had to draw from an empty Deck.",
     "deck_out"),
    (r"both players had to draw from an empty deck",
     "Both players had to draw from an empty Deck.", "both_decks_out"),
    (r"round limit \((\d+)\) reached", "The round limit ({n}) was reached.", "round_limit"),
    (r"both players lost by the same Step", "Both players lost by the same Step.", "same_step"),
)
END_KINDS: tuple[str, ...] = tuple(kind for _, _, kind in WORDING)
_COMPILED = tuple((re.compile(pattern, re.IGNORECASE), sentence, kind)
                  for pattern, sentence, kind in WORDING)


def end_kind(reason: str) -> str:
    """The kind of an end reason (one of END_KINDS), "" for no reason, "other" for a reason
    not in the table."""
    reason = (reason or "").strip()
    if not reason:
        return ""
    for pattern, _, kind in _COMPILED:
        if pattern.fullmatch(reason):
            return kind
    return "other"


def end_sentence(reason: str, winner: int | None, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
    """`reason` as one sentence with the players' `names` ("" for no reason). `winner` is
    0, 1, or anything else for a draw; a concession names the player who did not win."""
    reason = (reason or "").strip()
    if not reason:
        return ""
    for pattern, sentence, _ in _COMPILED:
        m = pattern.fullmatch(reason)
        if m is None:
            continue
        loser = names[1 - winner] if winner in (0, 1) else "A player"
        player = names[int(m.group(1)) - 1] if m.groups() and m.group(1) in ("1", "2") else ""
        number = m.group(1) if m.groups() else ""
        return sentence.format(loser=loser, player=player, n=number)
    text = re.sub(r"[Pp]layer ([12])", lambda m: names[int(m.group(1)) - 1], reason)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
