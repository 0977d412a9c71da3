"""Decks as a plain text list, for the clipboard and .txt files. Pure: no pygame.

    Name: Ember Rush
    3 Cinder Pup
    2 Magma Brute

    Side:
    3 Scorch Trap

    Extra:
    3 Blazing Chimera

A line is `COUNT NAME` (also `3x Name`, `Name x3`, or a bare name for one copy); the name may
be the card's name or its id, in any case. Headings switch the list (`Main:`, `Side:`,
`Side Deck:`, `Sideboard:`, `Extra:`, `Extra Deck:`); `#` starts a comment. Every line that
cannot be read and every unknown name is reported with its line number; the good lines are
still read, so one typo does not lose a whole list. A card under the wrong heading for its
kind (a Main Deck Phantom under `Extra:`, an Extra Deck Phantom under `Main:`) is refused with
its line, as the deck builder refuses the same drag; it is not moved for the player.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass

from game.decks.deck import LISTS, Deck
from game.engine.carddefs import CardDef

HEADINGS = {"main": "main", "main deck": "main", "deck": "main", "side": "side",
            "side deck": "side", "sideboard": "side", "extra": "extra", "extra deck": "extra"}
MAX_LINE_COUNT = 99
_LEAD = re.compile(r"^(\d+)\s*[xX]?\s+(.+)$")
_TRAIL = re.compile(r"^(.+?)\s+[xX]\s*(\d+)$")
_NAME = re.compile(r"^name\s*:\s*(.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class TextImport:
    deck: Deck
    problems: tuple[str, ...]  # "line 4: unknown card 'Embr Imp' (did you mean Ember Imp?)"


def deck_to_text(deck: Deck, pool: Mapping[str, CardDef]) -> str:
    """The deck as a text list that `text_to_deck` reads back to the same deck."""
    out = [f"Name: {deck.name}"]
    for lname in LISTS:
        ids = getattr(deck, lname)
        if lname != "main":
            if not ids:
                continue
            out += ["", f"{lname.capitalize()}:"]
        counts: dict[str, int] = {}
        for cid in ids:
            counts[cid] = counts.get(cid, 0) + 1
        for cid, n in counts.items():
            out.append(f"{n} {pool[cid].name if cid in pool else cid}")
    return "\n".join(out) + "\n"


def _lookup(pool: Mapping[str, CardDef]) -> dict[str, str]:
    table = {cid.lower(): cid for cid in pool}
    table.update({c.name.lower(): c.id for c in pool.values()})
    return table


def text_to_deck(text: str, pool: Mapping[str, CardDef], name: str = "Imported deck") -> TextImport:
    """Read a text list; every problem names its line."""
    table = _lookup(pool)
    names = sorted(c.name for c in pool.values())
    lists: dict[str, list[str]] = {n: [] for n in LISTS}
    problems: list[str] = []
    current = "main"
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _NAME.match(line)
        if m:
            if m.group(1).strip():
                name = " ".join(m.group(1).split())
            else:
                problems.append(f"line {number}: 'Name:' needs a deck name after it")
            continue
        heading = line.rstrip(":").strip().lower()
        if line.endswith(":") or heading in HEADINGS:
            if heading in HEADINGS:
                current = HEADINGS[heading]
            else:
                problems.append(f"line {number}: unknown heading {line!r} "
                                "(use Main:, Side: or Extra:)")
            continue
        count, card = _count_and_name(line)
        if count is None:
            problems.append(f"line {number}: cannot read {line!r} (expected e.g. '3 Ember Imp')")
            continue
        if not 1 <= count <= MAX_LINE_COUNT:
            problems.append(f"line {number}: {count} is not a card count (1 to {MAX_LINE_COUNT})")
            continue
        cid = table.get(" ".join(card.split()).lower())
        if cid is None:
            close = difflib.get_close_matches(card, names, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]}?)" if close else ""
            problems.append(f"line {number}: unknown card {card!r}{hint}")
            continue
        wrong = _wrong_list(pool[cid], current)
        if wrong:
            problems.append(f"line {number}: {pool[cid].name} {wrong}")
            continue
        lists[current].extend([cid] * count)
    return TextImport(Deck(name, *(tuple(lists[n]) for n in LISTS)), tuple(problems))


def _wrong_list(card: CardDef, lname: str) -> str:
    """Why `card` cannot go in list `lname` ("" when it can)."""
    if lname == "extra" and not card.extra:
        return "is not an Extra Deck Phantom: list it under Main: or Side:"
    if lname == "main" and card.extra:
        return "is an Extra Deck Phantom: list it under Extra:"
    return ""


def _count_and_name(line: str) -> tuple[int | None, str]:
    m = _LEAD.match(line)
    if m:
        return int(m.group(1)), m.group(2).strip()
    m = _TRAIL.match(line)
    if m:
        return int(m.group(2)), m.group(1).strip()
    if line[0].isdigit() or line[0] in "-+":
        return None, line
    return 1, line
