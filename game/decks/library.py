"""The player's deck files: listed (with the starter decks), read, saved, renamed, deleted,
imported from text.

The player's decks live in `decks_dir()` (game/files/folders.py); the starter decks
(game/files/resources.py) are listed beside them and are read-only. A deck file that is
malformed or illegal is listed with its problem and still opens (what could be read of it)
so it can be fixed; nothing here rewrites a file the player did not save. Saving keeps the
previous version as `<file>.bak`, and every write goes through game.files.fileio's atomic
writer, so a failed save leaves the old file whole.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.decks.deck import LISTS, MAX_COPIES, Deck, DeckError, parse_deck, validate_deck
from game.engine.carddefs import CardDef
from game.files.fileio import (
    KIB,
    FileError,
    atomic_write_bytes,
    atomic_write_text,
    create_exclusive_text,
    decode_text,
    is_dir,
    is_file,
    kind_of,
    parse_yaml,
    read_bytes,
    read_prefix,
    too_big,
)
from game.files.folders import BACKUP_SUFFIX, decks_dir
from game.files.resources import STARTER_DECK_DIR
from game.files.yamlio import dump_yaml

STARTER_DIR = STARTER_DECK_DIR


@dataclass(frozen=True)
class DeckEntry:
    """One deck file as a listing shows it."""

    name: str
    path: Path
    source: str  # "starter" or "user"
    deck: Deck | None  # what could be read (None: nothing could)
    problems: tuple[str, ...] = ()  # why it cannot be read whole, or why it is not legal
    malformed: bool = False  # the file itself is broken (not just an illegal deck)
    complete: bool = True  # False: a list read only the header of a large file (`full()`)
    size: int = 0  # the file's size in bytes, when a list read only its header

    @property
    def readonly(self) -> bool:
        return self.source == "starter"

    @property
    def legal(self) -> bool:
        return self.deck is not None and not self.problems

    def full(self, pool: Mapping[str, CardDef]) -> DeckEntry:
        """The entry read whole (itself when it already was): what choosing or opening a
        deck a list read only the header of does."""
        return self if self.complete else read_deck(self.path, pool, self.source)

    @property
    def status(self) -> str:
        """One short line: "legal", "not legal: ...", "cannot be read: ...", or for a large
        file a list read only the header of, "large file (...): checked when opened"."""
        if not self.complete:
            return f"large file ({-(-self.size // KIB)} KiB): checked when opened"
        if self.legal:
            return "legal"
        first = self.problems[0] if self.problems else "cannot be read"
        first = first.split(": ", 1)[1] if first.startswith(str(self.path)) else first
        return ("cannot be read: " if self.malformed else "not legal: ") + first


def _salvage(data: Any, source: str) -> Deck | None:
    """What can be kept of a malformed deck mapping: its name and each readable entry."""
    if not isinstance(data, dict):
        return None
    name = data.get("name")
    name = name.strip() if isinstance(name, str) and name.strip() else ""
    if not name or not name.isprintable():  # a NUL or a line break is never shown
        name = display_name(Path(source).stem)
    lists: dict[str, list[str]] = {n: [] for n in LISTS}
    for lname in LISTS:
        raw = data.get(lname)
        if not isinstance(raw, list):
            continue
        for entry in raw:
            try:
                part = parse_deck({"name": "x", lname: [entry]}, source)
            except DeckError:
                continue
            lists[lname].extend(getattr(part, lname))
    try:
        return Deck(name[:64], *(tuple(lists[n]) for n in LISTS))
    except (TypeError, ValueError):
        return None


def display_name(text: str, limit: int = 64) -> str:
    """`text` as a screen may show it: control characters (a NUL, a line break) become
    spaces, and it is at most `limit` characters."""
    clean = "".join(ch if ch.isprintable() else " " for ch in text)
    clean = " ".join(clean.split())
    return (clean[:limit - 1] + "\u2026" if len(clean) > limit else clean) or "deck"


# A list reads at most this much of each deck file. Every deck that can be legal fits: the
# largest (80 different cards with 64-character ids, the name 64 characters) is 6.8 KiB as
# the game writes it. A bigger file is listed by its name and read whole when opened.
DECK_HEADER_BYTES = 8 * KIB
_NAME_LINE = re.compile(rb"^name:[ \t]*(.*?)[ \t]*\r?$", re.MULTILINE)


def read_deck(path: str | Path, pool: Mapping[str, CardDef], source: str = "user",
              header_only: bool = False) -> DeckEntry:
    """Read one deck file for opening (`header_only`: for a list); never raises for a bad
    file. A list reads at most DECK_HEADER_BYTES: a file that fits (every deck that can be
    legal) is read whole as when opened; a bigger one gives an entry with only its name and
    size (`complete` False), read whole by `DeckEntry.full` when it is chosen or opened."""
    path = Path(path)
    try:
        if header_only:
            raw, size = read_prefix(path, "deck", DECK_HEADER_BYTES)
            if size > kind_of("deck").max_bytes:
                raise too_big(path, size, "deck")
            if size > len(raw):
                return DeckEntry(_header_name(raw, path), path, source, None, complete=False,
                                 size=size)
        else:
            raw = read_bytes(path, "deck")
        data = parse_yaml(decode_text(raw, path), path, "deck")
    except FileError as exc:
        return DeckEntry(display_name(path.stem), path, source, None, (str(exc),),
                         malformed=True)
    try:
        deck = parse_deck(data, str(path))
    except DeckError as exc:
        salvaged = _salvage(data, str(path))
        name = salvaged.name if salvaged is not None else display_name(path.stem)
        return DeckEntry(name, path, source, salvaged, tuple(exc.problems), malformed=True)
    return DeckEntry(deck.name, path, source, deck, tuple(validate_deck(deck, pool)))


def _header_name(raw: bytes, path: Path) -> str:
    """A large deck file's name for a list: its top-level `name:` line within the header
    read, if that line is a valid name; else the file's name."""
    found = _NAME_LINE.search(raw)
    if found is not None:
        try:
            data = parse_yaml(decode_text(found.group(0), path), path, "deck")
        except FileError:
            data = None
        name = data.get("name") if isinstance(data, dict) else None
        if isinstance(name, str) and name.strip() and name.strip().isprintable():
            return display_name(name.strip())
    return display_name(path.stem)


def deck_files(folder: Path) -> list[Path]:
    if not is_dir(folder):
        return []
    try:
        found = [p for p in folder.glob("*.yaml") if is_file(p)]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name.lower())


def list_decks(pool: Mapping[str, CardDef], starters: bool = True,
               starter_dir: Path = STARTER_DIR) -> list[DeckEntry]:
    """Starter decks (read-only) then the player's decks, each with its problems: from
    each file's header only (`read_deck`), so a folder of large files lists at once."""
    out: list[DeckEntry] = []
    if starters:
        out += [read_deck(p, pool, "starter", header_only=True) for p in deck_files(starter_dir)]
    out += [read_deck(p, pool, "user", header_only=True) for p in deck_files(decks_dir())]
    return out


def resolve_deck(name_or_path: str, starter_dir: Path = STARTER_DIR) -> Path | None:
    """A deck file from a path, or from a deck's name or file stem: the player's decks
    first, then the starter decks. None when nothing matches."""
    try:
        given = Path(name_or_path).expanduser()
    except (RuntimeError, ValueError):  # "~nosuchuser"
        given = Path(name_or_path)
    if is_file(given):
        return given
    want = name_or_path.strip().lower()
    for folder in (decks_dir(), starter_dir):
        for path in deck_files(folder):
            if path.stem.lower() in (want, slug(want)):
                return path
        for path in deck_files(folder):  # by the name a list shows (its header)
            entry = read_deck(path, {}, header_only=True)
            if entry.name.lower() == want:
                return path
    return None


def slug(name: str) -> str:
    """A file stem for a deck name: lower case letters, digits and underscores."""
    s = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return s[:48] or "deck"


def new_deck_path(name: str, folder: Path | None = None, taken: Path | None = None) -> Path:
    """A free file name in the player's decks folder for a deck called `name` (free now:
    `save_new_deck` takes it exclusively, so two instances never share one)."""
    folder = folder or decks_dir()
    stem = slug(name)
    path = folder / f"{stem}.yaml"
    n = 2
    while path.exists() and path != taken:
        path = folder / f"{stem}_{n}.yaml"
        n += 1
    return path


def save_new_deck(deck: Deck, folder: Path | None = None, taken: Path | None = None) -> Path:
    """Write `deck` to a NEW file named after it in `folder` (the player's decks folder):
    each candidate name is created exclusively, so a file another instance made a moment
    ago is never overwritten. `taken`: the deck's own current file, which may be reused.
    Returns the path; FileError when it cannot be written."""
    folder = folder or decks_dir()
    text = deck_yaml(deck)
    stem = slug(deck.name)
    for n in range(1, 10_000):
        path = folder / (f"{stem}.yaml" if n == 1 else f"{stem}_{n}.yaml")
        if path == taken:
            save_user_deck(deck, path)
            return path
        if is_file(path) or path.is_symlink():
            continue
        if create_exclusive_text(path, text):
            return path
    raise FileError(folder / f"{stem}.yaml", "cannot write the file: no free name")


def parse_import(text: str, pool: Mapping[str, CardDef],
                 source: str) -> tuple[Deck | None, list[str]]:
    """A deck from imported text (the clipboard, an exported file): deck YAML if it reads as
    one, else a text list (game/decks/text.py). (deck or None, problems), never raises."""
    from game.decks.text import text_to_deck
    from game.files.fileio import parse_yaml

    if not text.strip():
        return None, [f"{source} is empty"]
    try:
        data = parse_yaml(text, None, "deck")
    except FileError:
        data = None
    if isinstance(data, dict) and set(data) & {"main", "side", "extra"}:
        try:
            return parse_deck(data, source), []
        except DeckError as exc:
            return None, list(exc.problems)
    result = text_to_deck(text, pool, name="Imported deck")
    problems = [" ".join(p.split()) for p in result.problems[:50]]
    problems = [p if len(p) <= 300 else p[:297] + "..." for p in problems]  # bounded excerpts
    deck = result.deck
    if not deck.name.isprintable():
        deck = Deck(display_name(deck.name), deck.main, deck.side, deck.extra)
    if not any(deck.all_cards().values()):
        return None, problems or [f"{source}: no card lines found"]
    return deck, problems


def read_import(path: str | Path, pool: Mapping[str, CardDef]) -> tuple[Deck | None, list[str]]:
    """The one reader of an exported or imported deck file (YAML or a text list): (deck or
    None, problems, each one line naming the file), never raises."""
    from game.files.fileio import read_text

    try:
        text = read_text(path, "deck")
    except FileError as exc:
        return None, [str(exc)]
    deck, problems = parse_import(text, pool, str(path))
    return deck, [p if p.startswith(str(path)) else f"{path}: {p}" for p in problems]


def deck_data(deck: Deck) -> dict[str, object]:
    """The deck as file data; a card with more copies than an entry allows (a deck being
    fixed) is split over several entries, so every saved file reads back as it was."""
    data: dict[str, Any] = {"name": deck.name}
    for lname in LISTS:
        counts: dict[str, int] = {}
        for cid in getattr(deck, lname):
            counts[cid] = counts.get(cid, 0) + 1
        entries = []
        for cid, n in counts.items():
            while n > 0:
                entries.append({"card": cid, "count": min(n, MAX_COPIES)})
                n -= MAX_COPIES
        data[lname] = entries
    return data


def deck_yaml(deck: Deck) -> str:
    return dump_yaml(deck_data(deck))


def save_user_deck(deck: Deck, path: Path) -> None:
    """Write `deck` to `path` atomically, keeping the old file as `<file>.bak` first.
    FileError (the old file unchanged) when it cannot be written."""
    if path.is_file():
        try:
            old = read_bytes(path, "deck")
        except FileError:
            old = None  # an unreadable old file is not worth a backup
        if old is not None:
            atomic_write_bytes(path.with_name(path.name + BACKUP_SUFFIX), old)
    atomic_write_text(path, deck_yaml(deck))


def delete_deck(path: Path) -> None:
    """Remove a player's deck file (its backup stays, as a last way back)."""
    if path.resolve().is_relative_to(STARTER_DIR.resolve()):
        raise FileError(path, "starter decks cannot be deleted")
    try:
        path.unlink()
    except OSError as exc:
        raise FileError(path, f"cannot delete the file: {exc.strerror or exc}") from None


def rename_deck_file(path: Path, deck: Deck, new_name: str) -> Path:
    """Save `deck` under `new_name` in a file named after it, then remove the old file.
    Returns the new path. The old file goes only once the new one is written."""
    renamed = Deck(new_name, deck.main, deck.side, deck.extra)
    target = save_new_deck(renamed, path.parent, taken=path)
    if target != path and path.exists():
        delete_deck(path)
    return target
