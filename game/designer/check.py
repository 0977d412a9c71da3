"""`python main.py check FILE...`: validate card, deck and rules files without starting the game.

Each file is read as YAML and sorted by what it holds: a list, or a mapping with `cards:`, is
a card file; a mapping with `main`/`side`/`extra` is a deck; a mapping of rule names (the keys
of assets/rules.yaml) is a rules file. A `.txt` file, or one that is no YAML but reads like a
card list (`Name: ...`, `3 Ember Imp`), is a deck in the deck builder's text export (read by
the deck builder's own importer, game/decks/library.py `read_import`). A name that is no file
is a deck name, found as `simulate --decks` finds it (`resolve_deck`: the player's decks,
then the starter decks). Card files are checked together
with the whole set in assets/cards (ids must be unique and `card:` references must resolve
across the set); decks are checked against that set plus any card files given. Every problem
is printed (naming the file, the card and the rule or field) and the exit code is 1 if there
was any, else every file gets an "ok" line and the exit code is 0. Never a traceback: a person
wrote these files and deserves a sentence.

With no files it checks the whole project (assets/cards, the rules file, the starter decks)
and the player's own decks (the decks folder of the user data folder). The cards of the card
files given (and, with no files, of the whole project) also get their rules text linted against their data
(game/cards/textlint.py, "Card text style" in docs/cards.md): each missing phrase is a
warning, and `--strict` makes the warnings problems.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from game.cards import DEFAULT_CARD_DIR, CardDataError, load_card_set
from game.cards.textlint import lint_cards
from game.decks.deck import Deck, DeckError, parse_deck, validate_deck
from game.decks.library import deck_files, read_import, resolve_deck
from game.engine.carddefs import CardDef
from game.engine.rules import Rules
from game.files.fileio import (
    KINDS,
    FileError,
    decode_text,
    is_dir,
    is_file,
    parse_yaml,
    read_bytes,
    read_text,
    too_big,
)
from game.files.folders import decks_dir
from game.files.resources import RULES_PATH, SOURCE_ROOT, STARTER_DECK_DIR
from game.rules.file import RulesFileError, load_rules

USAGE = "usage: main.py check [--strict] [FILE_OR_FOLDER_OR_DECK_NAME...]"
HELP = f"""{USAGE}

Check card files, deck files and rules files without starting the game: every problem is
printed with its file (and card, rule or line), and the exit code is 1 if there is any,
else each file gets an "ok" line and the exit code is 0.

What each argument may be:
  a card file      YAML: a list of cards, or a mapping with cards:
                   (checked with the whole card set of assets/cards)
  a rules file     YAML: rule names as in assets/rules.yaml
  a deck file      YAML (name:, main:, side:, extra:), or the deck builder's
                   Export text (a .txt list: "Name: Ember Rush", "3 Cinder Pup",
                   "Side:", "Extra:"); checked for legality against the card set
  a folder         each *.yaml file in it
  a deck name      one of your decks or a starter deck by its name or file
                   name ("Ember Rush", ember_rush), as simulate --decks takes it

With no arguments: the whole project (assets/cards, assets/rules.yaml, the starter
decks) and your own decks (the decks folder that `main.py paths` prints).

Options:
  --strict         card text warnings (a card's text does not say what its data
                   does, docs/cards.md "Card text style") count as problems
  -h, --help       this text
"""
_PROJECT = (Path(DEFAULT_CARD_DIR), RULES_PATH, STARTER_DECK_DIR)
_DECK_KEYS = ("main", "side", "extra")


_TEXT_SKIP = re.compile(r"^(name\s*:.*|(main|side|extra)(\s*deck)?\s*:?|sideboard\s*:?)$",
                        re.IGNORECASE)  # a text list's "Name: X" and its headings
_TEXT_CARD = re.compile(r"^\d+\s*[xX]?\s+\S")  # "3 Cinder Pup", "3x Cinder Pup"


def _expand(args: list[str]) -> list[Path]:
    """Folders become their *.yaml files (sorted); a name that is no file nor folder is a deck
    name if `resolve_deck` (the one `simulate --decks` uses) finds it; everything else is
    taken as a file (its reader says it is missing)."""
    paths: list[Path] = []
    for arg in args:
        path = Path(arg)
        if is_dir(path):  # never raises (a 300-character name is the reader's to refuse)
            found = sorted(path.glob("*.yaml"))
            paths.extend(found or [path])
        elif is_file(path):
            paths.append(path)
        else:
            paths.append(resolve_deck(arg) or path)
    return paths


def _is_text_deck(path: Path, problem: str | None, data: Any) -> bool:
    """Is this file a deck in the deck builder's text export? A `.txt` file is; so is a file
    that is no YAML mapping or list (bad YAML, or one long string) whose first line reads like
    a card list (its first line past `Name:` and the headings is `3 Cinder Pup`), so a broken
    YAML file still gets its YAML problem."""
    if path.suffix.lower() == ".txt":
        return True
    if not (isinstance(data, str) or (problem or "").startswith("not valid YAML")):
        return False
    try:
        text = read_text(path, "deck")
    except FileError:
        return False
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    first = next((line for line in lines if line and not _TEXT_SKIP.match(line)), "")
    return bool(_TEXT_CARD.match(first))


def _read(path: Path) -> tuple[Any, str | None]:
    """(parsed YAML, None) or (None, a problem in words). Read through game.files.fileio: size
    limit (the largest of the three kinds, then the kind's own once known), UTF-8, safe
    bounded YAML."""
    if is_dir(path):
        return None, "a folder with no *.yaml files in it"
    try:
        raw = read_bytes(path, "check")
        data = parse_yaml(decode_text(raw), None, KINDS["check"])
    except FileError as exc:
        return None, exc.problem
    if data is None:
        return None, "the file is empty"
    kind = _kind(data)
    if kind is not None and len(raw) > KINDS[kind].max_bytes:
        return None, too_big(None, len(raw), kind).problem
    return data, None


def _kind(data: Any) -> str | None:
    if isinstance(data, list):
        return "cards"
    if isinstance(data, dict):
        if "cards" in data:
            return "cards"
        if any(key in data for key in _DECK_KEYS):
            return "deck"
        if data and all(key in Rules.__dataclass_fields__ for key in data):
            return "rules"
    return None


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _load_set(card_files: list[Path]) -> tuple[dict[str, CardDef] | None, list[str]]:
    """The shipped set with the given card files (replacing a shipped file of the same path)."""
    shipped = sorted(Path(DEFAULT_CARD_DIR).glob("*.yaml"))
    files = [f for f in shipped if not any(_same(f, c) for c in card_files)] + card_files
    try:
        return load_card_set(files), []
    except CardDataError as exc:
        return None, list(exc.problems)


def _card_ids(data: Any) -> list[str]:
    entries = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(entries, list):
        return []
    return [e["id"] for e in entries if isinstance(e, dict) and isinstance(e.get("id"), str)]


def check(args: list[str], warnings: list[str] | None = None) -> tuple[list[str], list[str]]:
    """(ok lines, problem lines) for the given files and folders; text-lint warnings about the
    cards of the given card files go to `warnings` when a list is passed."""
    problems: list[str] = []
    card_files: dict[str, str] = {}  # card id -> the file given that defines it
    ok: list[str] = []
    cards: list[tuple[Path, str]] = []
    decks: list[tuple[Path, str, Any]] = []
    text_decks: list[tuple[Path, str]] = []
    for path in _expand(args):
        shown = str(path)
        data, problem = (None, None) if path.suffix.lower() == ".txt" else _read(path)
        if _is_text_deck(path, problem, data):
            text_decks.append((path, shown))
            continue
        if problem is not None:
            problems.append(f"{shown}: {problem}")
            continue
        kind = _kind(data)
        if kind == "cards":
            cards.append((path, shown))
            card_files.update((card_id, shown) for card_id in _card_ids(data))
        elif kind == "deck":
            decks.append((path, shown, data))
        elif kind == "rules":
            try:
                load_rules(path)
            except RulesFileError as exc:
                for line in str(exc).splitlines():
                    problems.append(line if line.startswith(f"{shown}:") else f"{shown}: {line}")
            else:
                ok.append(f"ok: {shown} (rules file)")
        else:
            problems.append(
                f"{shown}: not a card file (a list of cards, or a mapping with 'cards:'), "
                "a deck (a mapping with main, side and extra) nor a rules file")
    pool, set_problems = _load_set([p for p, _ in cards])
    problems += set_problems
    if pool is not None:
        for _path, shown in cards:
            ok.append(f"ok: {shown} (card file; the set has {len(pool)} cards)")
        if warnings is not None:
            warnings += [f"warning: {card_files[w.card]}: {w}"
                         for w in lint_cards(pool, only=card_files)]
    else:
        for path, shown in cards:
            if not any(_names(path, shown, p) for p in set_problems):
                ok.append(f"ok: {shown} (card file; but the set it joins has problems)")
    if (decks or text_decks) and pool is None:
        pool, _ = _load_set([])
    read: list[tuple[str, Deck, str]] = []
    for _path, shown, data in decks:
        try:
            read.append((shown, parse_deck(data, shown), "deck"))
        except DeckError as exc:
            problems += exc.problems
    for path, shown in text_decks:
        if pool is None:  # a text list names its cards: without the set it cannot be read
            problems.append(f"{shown}: cannot be checked: the card set does not load")
            continue
        deck, found = read_import(path, pool)  # the deck builder's importer
        problems += found
        if deck is not None and not found:
            read.append((shown, deck, "deck text"))
    for shown, deck, what in read:
        if pool is None:
            problems.append(f"{shown}: cannot be checked: the card set does not load")
            continue
        found = validate_deck(deck, pool)
        problems += [f"{shown}: {p}" for p in found]
        if not found:
            ok.append(f"ok: {shown} ({what} {deck.name!r}: Main {len(deck.main)}, "
                      f"Side {len(deck.side)}, Extra {len(deck.extra)})")
    return ok, list(dict.fromkeys(problems))


def _names(path: Path, shown: str, problem: str) -> bool:
    """Does a loader problem line start with this file's name (as given or repo-relative)?"""
    if problem.startswith(f"{shown}:"):
        return True
    try:
        rel = path.resolve().relative_to(SOURCE_ROOT.resolve()).as_posix()
    except (OSError, ValueError):
        return False
    return problem.startswith(f"{rel}:")


def main(argv: list[str]) -> int:
    """Check the files named in argv (none: the whole project and the player's decks); 0 if
    all are fine, 1 on any problem (text warnings count with --strict)."""
    if any(a in ("-h", "--help") for a in argv):
        print(HELP, end="")
        return 0
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    if not args:
        args = [os.path.relpath(p) for p in _PROJECT]
        args += [str(p) for p in deck_files(decks_dir())]  # the player's own decks
    warnings: list[str] = []
    ok, problems = check(args, warnings)
    if strict:
        problems += [w.replace("warning: ", "", 1) for w in warnings]
    for line in ok:
        print(line)
    for line in problems if strict else warnings + problems:
        print(line)
    if warnings and not strict and not problems:
        print(f"{len(warnings)} card text warning(s) (--strict makes them errors)",
              file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) found", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
