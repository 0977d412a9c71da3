"""Deck files: read, validate by the book, and write atomically.

A deck file is YAML:

    name: Ember Rush
    description: Fast and aggressive: ...   (optional: one line, what the deck plays)
    main:  [{card: ember_whelp, count: 3}, ...]
    side:  [{card: ..., count: n}, ...]
    extra: [{card: ..., count: n}, ...]

Every problem is reported at once, each naming the card and the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.engine.carddefs import CardDef
from game.engine.duel import DeckSpec
from game.files.fileio import FileError, atomic_write_text, load_yaml_file
from game.files.yamlio import brief, dump_yaml

MAX_COPIES = 3
MAIN_MIN, MAIN_MAX = 30, 50
SIDE_MAX = 20
EXTRA_MAX = 10
LISTS = ("main", "side", "extra")
MAX_NAME = 64  # characters in a deck's name
MAX_DESCRIPTION = 80  # characters in a deck's description: one line in a duel setup row
MAX_ID = 64  # characters in a card id
MAX_PROBLEMS = 20  # listed per file; a hostile file must not print thousands of lines
COPIES_RULE = "M1"  # RULES.md: at most 3 copies across Main, Side and Extra
LISTS_RULE = "M2"  # RULES.md: each list's size, and the Extra Deck's Phantoms only


class Refused(str):
    """A deck problem or refusal in words (a plain `str` to every caller) that also names the
    RULES.md rule it keeps (`rule`), so a screen can cite it as the duel screen cites the
    engine's reason codes."""

    rule: str

    def __new__(cls, words: str, rule: str) -> Refused:
        made = super().__new__(cls, words)
        made.rule = rule
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (str(self), self.rule)  # pickled (a worker process's report) with its rule


class DeckError(ValueError):
    """A deck file that cannot be read at all; `.problems` lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Deck:
    name: str
    main: tuple[str, ...]
    side: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    # one line saying what the deck plays (duel setup shows it); not part of what the deck is
    description: str = field(default="", compare=False, kw_only=True)

    def spec(self) -> DeckSpec:
        return DeckSpec(self.main, self.extra)

    def all_cards(self) -> Counter[str]:
        return Counter(self.main) + Counter(self.side) + Counter(self.extra)

    def to_data(self) -> dict[str, object]:
        def entries(ids: Sequence[str]) -> list[dict[str, object]]:
            counts = Counter(ids)
            return [{"card": cid, "count": counts[cid]} for cid in sorted(counts)]

        about = {"description": self.description} if self.description else {}
        return {"name": self.name, **about, "main": entries(self.main),
                "side": entries(self.side), "extra": entries(self.extra)}


def parse_deck(data: object, source: str) -> Deck:
    """Deck from parsed YAML; DeckError (naming `source`) if its shape is wrong.

    Every field is type-checked and bounded before use (a count is 1 to 3, an id at most
    64 characters, the name one line of at most 64, the optional description one line of at
    most MAX_DESCRIPTION), and messages quote bounded excerpts.
    At most MAX_PROBLEMS problems are listed.
    """
    problems: list[str] = []
    if data is None:
        raise DeckError([f"{source}: the deck file is empty"])
    if not isinstance(data, dict):
        raise DeckError([f"{source}: expected a mapping with name, main, side and extra, "
                         f"got {brief(data)}"])
    for key in data:
        if key not in ("name", "description", *LISTS):
            problems.append(f"{source}: unknown key {brief(key)} (expected name, description, "
                            "main, side, extra)")
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{source}: name: expected a non-empty text, got {brief(name)}")
        name = Path(source).stem
    elif len(name.strip()) > MAX_NAME or not name.strip().isprintable():
        problems.append(f"{source}: name: expected one line of at most {MAX_NAME} characters, "
                        f"got {brief(name)}")
    description = data.get("description", "")
    if description is None:
        description = ""
    if not isinstance(description, str) or len(description.strip()) > MAX_DESCRIPTION \
            or not description.strip().isprintable():
        problems.append(f"{source}: description: expected one line of at most "
                        f"{MAX_DESCRIPTION} characters, got {brief(description)}")
        description = ""
    lists: dict[str, list[str]] = {}
    for lname in LISTS:
        raw = data.get(lname, [])
        ids: list[str] = []
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            problems.append(f"{source}: {lname}: expected a list of {{card, count}} entries, "
                            f"got {brief(raw)}")
            raw = []
        for i, entry in enumerate(raw):
            if len(problems) > MAX_PROBLEMS:
                break
            where = f"{source}: {lname}[{i}]"
            if isinstance(entry, dict) and set(entry) <= {"card", "count"} and "card" in entry:
                cid, count = entry["card"], entry.get("count", 1)
                card_where = f"{where}.card"
            else:
                cid, count, card_where = entry, 1, where
                if not isinstance(entry, str):
                    problems.append(f"{where}: expected {{card: <id>, count: <n>}}, got "
                                    f"{brief(entry)}")
                    continue
            if not isinstance(cid, str) or not cid.strip() or len(cid) > MAX_ID:
                problems.append(f"{card_where}: expected a card id (at most {MAX_ID} "
                                f"characters), got {brief(cid)}")
                continue
            if isinstance(count, bool) or not isinstance(count, int) \
                    or not 1 <= count <= MAX_COPIES:
                problems.append(f"{where}.count: expected a whole number from 1 to "
                                f"{MAX_COPIES}, got {brief(count)}")
                continue
            ids.extend([cid] * count)
        lists[lname] = ids
    if problems:
        if len(problems) > MAX_PROBLEMS:
            problems = problems[:MAX_PROBLEMS] + [
                f"{source}: ... and more problems (only the first {MAX_PROBLEMS} are listed)"]
        raise DeckError(problems)
    return Deck(name.strip(), tuple(lists["main"]), tuple(lists["side"]), tuple(lists["extra"]),
                description=description.strip())


def load_deck(path: str | Path) -> Deck:
    """Read a deck file (game.files.fileio: size limit, UTF-8, safe bounded YAML), then check its
    shape; DeckError with a clear one-line message for unreadable or malformed files."""
    try:
        data = load_yaml_file(path, "deck")
    except FileError as exc:
        raise DeckError([str(exc)]) from None
    return parse_deck(data, str(path))


def validate_deck(deck: Deck, pool: Mapping[str, CardDef]) -> list[str]:
    """Every way the deck breaks the book's deck rules (empty list: legal)."""
    problems: list[str] = []
    for lname in LISTS:
        for cid in sorted(set(getattr(deck, lname))):
            if cid not in pool:
                problems.append(f"{lname}: unknown card {cid!r}")
    for cid, n in sorted(deck.all_cards().items()):
        if n > MAX_COPIES:
            name = pool[cid].name if cid in pool else cid
            problems.append(Refused(
                f"{name} ({cid}): {n} copies across Main, Side and Extra; at most {MAX_COPIES}",
                COPIES_RULE))
    if len(deck.main) < MAIN_MIN:
        n = len(deck.main)
        problems.append(Refused(
            f"Main Deck has {n} card{'' if n == 1 else 's'}; it needs at least {MAIN_MIN}", LISTS_RULE))
    if len(deck.main) > MAIN_MAX:
        problems.append(Refused(
            f"Main Deck has {len(deck.main)} cards; at most {MAIN_MAX}", LISTS_RULE))
    if len(deck.side) > SIDE_MAX:
        problems.append(Refused(
            f"Side Deck has {len(deck.side)} cards; at most {SIDE_MAX}", LISTS_RULE))
    if len(deck.extra) > EXTRA_MAX:
        problems.append(Refused(
            f"Extra Deck has {len(deck.extra)} cards; at most {EXTRA_MAX}", LISTS_RULE))
    for cid in sorted(set(deck.extra)):
        if cid in pool and not pool[cid].extra:
            problems.append(Refused(
                f"{pool[cid].name} ({cid}): only Extra Deck Phantoms go in the Extra Deck", LISTS_RULE))
    for cid in sorted(set(deck.main)):
        if cid in pool and pool[cid].extra:
            problems.append(Refused(
                f"{pool[cid].name} ({cid}): an Extra Deck Phantom cannot be in the Main Deck",
                LISTS_RULE))
    return problems


def save_deck(deck: Deck, path: str | Path) -> None:
    """Write the deck atomically (game.files.fileio); FileError with one clear line on failure."""
    atomic_write_text(path, dump_yaml(deck.to_data()))
