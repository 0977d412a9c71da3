"""Deck files: read, validate by the book, and write atomically.

A deck file is YAML:

    name: Ember Rush
    main:  [{card: ember_whelp, count: 3}, ...]
    side:  [{card: ..., count: n}, ...]
    extra: [{card: ..., count: n}, ...]

Every problem is reported at once, each naming the card and the rule.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from game.engine.carddefs import CardDef
from game.engine.duel import DeckSpec
from game.yamlio import load_yaml

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

MAX_COPIES = 3
MAIN_MIN, MAIN_MAX = 30, 50
SIDE_MAX = 20
EXTRA_MAX = 10
LISTS = ("main", "side", "extra")


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

    def spec(self) -> DeckSpec:
        return DeckSpec(self.main, self.extra)

    def all_cards(self) -> Counter:
        return Counter(self.main) + Counter(self.side) + Counter(self.extra)

    def to_data(self) -> dict:
        def entries(ids):
            counts = Counter(ids)
            return [{"card": cid, "count": counts[cid]} for cid in sorted(counts)]

        return {"name": self.name, "main": entries(self.main), "side": entries(self.side),
                "extra": entries(self.extra)}


def parse_deck(data, source: str) -> Deck:
    """Deck from parsed YAML; DeckError (naming `source`) if its shape is wrong."""
    problems: list[str] = []
    if data is None:
        raise DeckError([f"{source}: the deck file is empty"])
    if not isinstance(data, dict):
        raise DeckError([f"{source}: expected a mapping with name, main, side and extra"])
    for key in data:
        if key not in ("name", *LISTS):
            problems.append(f"{source}: unknown key {key!r} (expected name, main, side, extra)")
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{source}: name: expected a non-empty text")
        name = Path(source).stem
    lists: dict[str, list[str]] = {}
    for lname in LISTS:
        raw = data.get(lname, [])
        ids: list[str] = []
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            problems.append(f"{source}: {lname}: expected a list of {{card, count}} entries")
            raw = []
        for i, entry in enumerate(raw):
            where = f"{source}: {lname}[{i}]"
            if isinstance(entry, str):
                ids.append(entry)
                continue
            if not isinstance(entry, dict) or set(entry) - {"card", "count"} or "card" not in entry:
                problems.append(f"{where}: expected {{card: <id>, count: <n>}}, got {entry!r}")
                continue
            cid, count = entry["card"], entry.get("count", 1)
            if not isinstance(cid, str):
                problems.append(f"{where}.card: expected a card id, got {cid!r}")
                continue
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                problems.append(f"{where}.count: expected a whole number >= 0, got {count!r}")
                continue
            ids.extend([cid] * count)
        lists[lname] = ids
    if problems:
        raise DeckError(problems)
    return Deck(name.strip(), tuple(lists["main"]), tuple(lists["side"]), tuple(lists["extra"]))


def load_deck(path: str | Path) -> Deck:
    """Read a deck file; DeckError with a clear message for unreadable or malformed files."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckError([f"{path}: cannot read the deck file ({exc.strerror})"]) from None
    except UnicodeDecodeError:
        raise DeckError([f"{path}: not a text file"]) from None
    try:
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        raise DeckError([f"{path}: not valid YAML: {exc}"]) from None
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
            problems.append(
                f"{name} ({cid}): {n} copies across Main, Side and Extra; at most {MAX_COPIES}")
    if len(deck.main) < MAIN_MIN:
        problems.append(f"Main Deck has {len(deck.main)} cards; it needs at least {MAIN_MIN}")
    if len(deck.main) > MAIN_MAX:
        problems.append(f"Main Deck has {len(deck.main)} cards; at most {MAIN_MAX}")
    if len(deck.side) > SIDE_MAX:
        problems.append(f"Side Deck has {len(deck.side)} cards; at most {SIDE_MAX}")
    if len(deck.extra) > EXTRA_MAX:
        problems.append(f"Extra Deck has {len(deck.extra)} cards; at most {EXTRA_MAX}")
    for cid in sorted(set(deck.extra)):
        if cid in pool and not pool[cid].extra:
            problems.append(f"{pool[cid].name} ({cid}): only Extra Deck Phantoms go in the Extra Deck")
    for cid in sorted(set(deck.main)):
        if cid in pool and pool[cid].extra:
            problems.append(f"{pool[cid].name} ({cid}): an Extra Deck Phantom cannot be in the Main Deck")
    return problems


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write via a temp file in the same folder, then replace: never a half-written file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save_deck(deck: Deck, path: str | Path) -> None:
    atomic_write_text(path, yaml.dump(deck.to_data(), Dumper=_Dumper, sort_keys=False))
