"""`python main.py check FILE...`: validate card, deck and rules files without starting the game.

Each file is read as YAML and sorted by what it holds: a list, or a mapping with `cards:`, is
a card file; a mapping with `main`/`side`/`extra` is a deck; a mapping of rule names (the keys
of assets/rules.yaml) is a rules file. Card files are checked together
with the whole set in assets/cards (ids must be unique and `card:` references must resolve
across the set); decks are checked against that set plus any card files given. Every problem
is printed (naming the file, the card and the rule or field) and the exit code is 1 if there
was any, else every file gets an "ok" line and the exit code is 0. Never a traceback: a person
wrote these files and deserves a sentence.

The cards of the card files given (and, with no files, the whole project: assets/cards, the
rules file and the starter decks) also get their rules text linted against their data
(game/cards/textlint.py, "Card text style" in docs/cards.md): each missing phrase is a
warning, and `--strict` makes the warnings problems.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from game.cards import DEFAULT_CARD_DIR, CardDataError, load_card_set
from game.cards.textlint import lint_cards
from game.decks.deck import DeckError, parse_deck, validate_deck
from game.engine.carddefs import CardDef
from game.engine.rules import Rules
from game.files.fileio import KINDS, FileError, decode_text, is_dir, parse_yaml, read_bytes, too_big
from game.files.resources import RULES_PATH, SOURCE_ROOT, STARTER_DECK_DIR
from game.rules.file import RulesFileError, load_rules

USAGE = "usage: python main.py check [--strict] [FILE_OR_FOLDER...]"
_PROJECT = (Path(DEFAULT_CARD_DIR), RULES_PATH, STARTER_DECK_DIR)
_DECK_KEYS = ("main", "side", "extra")


def _expand(args: list[str]) -> list[Path]:
    """Folders become their *.yaml files (sorted); everything else is taken as a file."""
    paths: list[Path] = []
    for arg in args:
        path = Path(arg)
        if is_dir(path):  # never raises (a 300-character name is the reader's to refuse)
            found = sorted(path.glob("*.yaml"))
            paths.extend(found or [path])
        else:
            paths.append(path)
    return paths


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
    for path in _expand(args):
        shown = str(path)
        data, problem = _read(path)
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
    if decks and pool is None:
        pool, _ = _load_set([])
    for _path, shown, data in decks:
        try:
            deck = parse_deck(data, shown)
        except DeckError as exc:
            problems += exc.problems
            continue
        if pool is None:
            problems.append(f"{shown}: cannot be checked: the card set does not load")
            continue
        found = validate_deck(deck, pool)
        problems += [f"{shown}: {p}" for p in found]
        if not found:
            ok.append(f"ok: {shown} (deck {deck.name!r}: Main {len(deck.main)}, "
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
    """Check the files named in argv (none: the whole project); 0 if all are fine, 1 on any
    problem (text warnings count with --strict)."""
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    if not args:
        args = [os.path.relpath(p) for p in _PROJECT]
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
