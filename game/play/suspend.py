"""A duel left with "Save and leave": one file, `data_dir()/suspended.json`, and back.

The file holds everything needed to put the duel screen back exactly where it was: the
engine's `to_dict` (seed, rules, the whole state and every command so far), the decks as the
duel uses them (their exact order: the engine shuffles from it), the match around the duel
(best of 1 or 3, the score, who went first in each duel), the mode, the AI level and seat,
the screen settings and the date. A duel is suspended only while it is being played, never
between the duels of a match (side-decking and the result screen are not saved).

The file also keeps the card data of every card of the decks (game/play/played_under.py), as
the rules are kept in the engine's state: restoring replays the seed and the commands on the
card data and rules the duel was started with, so a duel whose cards or rules changed since
goes on as it began (the screen says so once: `changes_since`), and the log and every view
come back too; then the replayed state is checked against the saved state hash. A file from
before the card data was kept (no `cards`) replays on today's cards, as it always did, and
one that no longer replays is refused with a clear message and left as it was. One suspended duel at a time: saving replaces the file, resuming deletes it once
the duel is back on screen (docs/files.md, "The suspended duel").
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from game.ai.levels import LEVEL_NAMES
from game.decks.deck import LISTS, MAX_ID, Deck
from game.engine import CardDef, Duel, Rejected, Rules, state_hash, to_dict
from game.engine.serialize import Plain, from_dict
from game.files import folders
from game.files.fileio import (
    FileError,
    atomic_write_text,
    decode_text,
    exists,
    format_problem,
    kind_of,
    one_line,
    parse_json,
    read_bytes,
    too_big,
)
from game.play.duel_setup import MODES
from game.play.match import DRAW, MAX_COMMANDS_PER_DUEL, Match, MatchError
from game.play.played_under import CardData, KeptDataError, keep_cards, read_cards, what_changed

FILE_NAME = "suspended.json"
KIND = "suspended"  # game.files.fileio.KINDS: its size limit
MAGIC = "phantom-duel suspended duel"
FORMAT = 1
SPEEDS = ("slow", "normal", "fast", "instant")  # game.ui.duel.animator.SPEEDS (no pygame here)
RESPONSES = ("when_able", "always", "never")
MAX_NAME = 64
MAX_CARDS = 200  # per deck list: far above any legal deck, a bound for hostile files


class SuspendError(FileError):
    """A suspended-duel file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class SuspendedDuel:
    """Everything "Save and leave" keeps; `duel` is the engine's `to_dict` of the duel."""

    mode: str  # "hotseat" or "versus_ai"
    ai_level: str | None  # versus_ai: the computer player's level
    ai_seat: int | None  # versus_ai: the seat the computer plays (1)
    names: tuple[str, str]  # as the screen shows the seats
    deck_names: tuple[str, str]
    deck_paths: tuple[str, str]  # the deck files chosen at setup (a rematch reloads nothing)
    setup_decks: tuple[Deck, Deck]  # the decks as chosen at setup: a rematch starts from them
    decks: tuple[Deck, Deck]  # the decks of this duel (after any side-decking)
    best_of: int
    first: int | None  # setup: who goes first in the first duel (None: a coin toss)
    match_seed: int
    results: tuple[int, ...]  # finished duels of the match: 0, 1 or -1 (a draw)
    firsts: tuple[int, ...]  # who went first in each started duel, this one included
    duel: Plain  # the duel in progress as the engine's to_dict
    speed: str = "normal"
    responses: tuple[str, str] = ("when_able", "when_able")
    saved_at: str = ""  # ISO 8601, UTC
    cards: tuple[CardData, ...] | None = None  # the card data of every card of the decks, as then

    @property
    def duel_number(self) -> int:
        return len(self.results) + 1

    @property
    def humans(self) -> tuple[bool, bool]:
        return (self.ai_seat != 0, self.ai_seat != 1)

    def describe(self) -> str:
        """One line for a question: "Player 1 vs AI (Normal), duel 2 of 3, saved 2026-11-30 18:02"."""
        what = f"{self.names[0]} vs {self.names[1]}"
        if self.best_of == 3:
            what += f", duel {self.duel_number} of 3"
        when = self.saved_at[:16].replace("T", " ")
        return f"{what}, saved {when} UTC" if when else what


def path() -> Path:
    return folders.data_dir() / FILE_NAME


def available(where: Path | None = None) -> bool:
    """True when anything is at the suspended duel's name (not that it is valid): a folder,
    a link to a device or an unreadable file is offered too, so Continue says what is wrong
    with it instead of silently hiding it."""
    return exists(where or path())


def peek(where: Path | None = None) -> SuspendedDuel | None:
    """The suspended duel if there is a valid one, else None (never raises)."""
    if not available(where):
        return None
    try:
        return load(where)
    except FileError:
        return None


# ---------------------------------------------------------------------- to and from data
def _deck_data(deck: Deck) -> dict[str, object]:
    return {"name": deck.name, "main": list(deck.main), "side": list(deck.side),
            "extra": list(deck.extra)}


def to_data(s: SuspendedDuel) -> dict[str, object]:
    return {
        "kind": MAGIC, "format": FORMAT, "saved_at": s.saved_at,
        "mode": s.mode, "ai_level": s.ai_level, "ai_seat": s.ai_seat,
        "names": list(s.names), "deck_names": list(s.deck_names),
        "deck_paths": list(s.deck_paths),
        "setup_decks": [_deck_data(d) for d in s.setup_decks],
        "decks": [_deck_data(d) for d in s.decks],
        "match": {"best_of": s.best_of, "first": s.first, "seed": s.match_seed,
                  "results": list(s.results), "firsts": list(s.firsts)},
        "screen": {"speed": s.speed, "responses": list(s.responses)},
        "duel": s.duel,
        **({"cards": list(s.cards)} if s.cards is not None else {}),
    }


class _Problem(Exception):
    """A field of the file that is not what it must be (becomes a SuspendError)."""


def _get(data: Mapping[str, object], key: str, where: str = "") -> object:
    if key not in data:
        raise _Problem(f"{where}{key} is missing")
    return data[key]


def _text(value: object, what: str, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise _Problem(f"{what}: expected one line of printable text of at most {limit} "
                       "characters")
    return value


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _Problem(f"{what}: expected a whole number from {low} to {high}")
    return value


def _pair(value: object, what: str) -> list[object]:
    if not isinstance(value, list) or len(value) != 2:
        raise _Problem(f"{what}: expected a list of two")
    return value


def _deck(value: object, what: str) -> Deck:
    if not isinstance(value, dict):
        raise _Problem(f"{what}: expected a deck (name, main, side, extra)")
    lists = {}
    for name in LISTS:
        ids = _get(value, name, f"{what}.")
        if not isinstance(ids, list) or len(ids) > MAX_CARDS:
            raise _Problem(f"{what}.{name}: expected a list of at most {MAX_CARDS} card ids")
        lists[name] = tuple(_text(cid, f"{what}.{name}", MAX_ID) for cid in ids)
    name = _text(_get(value, "name", f"{what}."), f"{what}.name") or "deck"
    return Deck(name, lists["main"], lists["side"], lists["extra"])


def from_data(data: object) -> SuspendedDuel:
    """Check the file's shape and every field; _Problem says what is wrong."""
    if not isinstance(data, dict) or data.get("kind") != MAGIC:
        raise _Problem("this is not a suspended duel of Phantom Duel")
    wrong_format = format_problem(data.get("format"), FORMAT)
    if wrong_format:
        raise _Problem(wrong_format)
    try:
        return _fields(data)
    except _Problem as exc:
        raise _Problem(f"the suspended duel is damaged: {exc}") from None


def _fields(data: dict[str, object]) -> SuspendedDuel:
    mode = _get(data, "mode")
    if mode not in MODES:
        raise _Problem(f"mode: expected one of {', '.join(MODES)}")
    level, seat = data.get("ai_level"), data.get("ai_seat")
    if mode == "versus_ai":
        if level not in LEVEL_NAMES:
            raise _Problem(f"ai_level: expected one of {', '.join(LEVEL_NAMES)}")
        ai_seat: int | None = _whole(seat, "ai_seat", 0, 1)
    else:
        level = ai_seat = None
    match = _get(data, "match")
    if not isinstance(match, dict):
        raise _Problem("match: expected a mapping")
    best_of = _get(match, "best_of", "match.")
    if best_of not in (1, 3) or isinstance(best_of, bool):
        raise _Problem("match.best_of: expected 1 or 3")
    first = match.get("first")
    if first is not None:
        _whole(first, "match.first", 0, 1)
    results = _get(match, "results", "match.")
    firsts = _get(match, "firsts", "match.")
    if not isinstance(results, list) or len(results) > (best_of - 1):
        raise _Problem("match.results: expected the finished duels before this one")
    if not isinstance(firsts, list) or len(firsts) != len(results) + 1:
        raise _Problem("match.firsts: expected who went first in every duel so far")
    results = [_whole(r, "match.results", DRAW, 1) for r in results]
    firsts = [_whole(f, "match.firsts", 0, 1) for f in firsts]
    screen = data.get("screen")
    screen = screen if isinstance(screen, dict) else {}
    speed = str(screen.get("speed")) if screen.get("speed") in SPEEDS else "normal"
    raw = screen.get("responses")
    responses = [str(r) for r in raw] if isinstance(raw, list) and len(raw) == 2 \
        and all(r in RESPONSES for r in raw) else ["when_able", "when_able"]
    duel = _get(data, "duel")
    if not isinstance(duel, dict):
        raise _Problem("duel: expected the saved duel")
    saved_at = data.get("saved_at")
    cards = data.get("cards")
    if cards is not None:
        try:
            read_cards(cards, "cards")
        except KeptDataError as exc:
            raise _Problem(str(exc)) from None
        assert isinstance(cards, list)  # read_cards took it: a list of card mappings
    return SuspendedDuel(
        mode=mode, ai_level=level, ai_seat=ai_seat, names=_texts(data, "names"),
        deck_names=_texts(data, "deck_names"), deck_paths=_texts(data, "deck_paths", 4096),
        setup_decks=_decks(data, "setup_decks"), decks=_decks(data, "decks"),
        best_of=best_of, first=first,
        match_seed=_whole(_get(match, "seed", "match."), "match.seed", 0, 2**63 - 1),
        results=tuple(results), firsts=tuple(firsts), duel=duel, speed=speed,
        responses=(responses[0], responses[1]),
        saved_at=saved_at[:40] if isinstance(saved_at, str) else "",
        cards=tuple(cards) if cards is not None else None)


def _texts(data: Mapping[str, object], key: str, limit: int = MAX_NAME) -> tuple[str, str]:
    a, b = _pair(_get(data, key), key)
    return _text(a, key, limit), _text(b, key, limit)


def _decks(data: Mapping[str, object], key: str) -> tuple[Deck, Deck]:
    a, b = _pair(_get(data, key), key)
    return _deck(a, f"{key}[0]"), _deck(b, f"{key}[1]")


# ---------------------------------------------------------------------- the file
def save(s: SuspendedDuel, where: Path | None = None) -> None:
    """Write the file atomically (the old one stays whole if anything fails); FileError."""
    target = where or path()
    text = json.dumps(to_data(s), separators=(",", ":"))
    limit = kind_of(KIND).max_bytes
    if len(text.encode("utf-8")) > limit:  # never write a file this game would refuse to read
        raise too_big(target, len(text.encode("utf-8")), KIND)
    atomic_write_text(target, text)


def load(where: Path | None = None) -> SuspendedDuel:
    """Read and check the file; SuspendError (one line naming it) if it cannot be used.
    The file is never changed here."""
    target = where or path()
    try:
        raw = read_bytes(target, KIND)
    except FileError as exc:
        raise SuspendError(target, exc.problem) from None
    try:
        data = parse_json(decode_text(raw, target), target)
    except FileError as exc:
        raise SuspendError(target, exc.problem) from None
    try:
        return from_data(data)
    except _Problem as exc:
        raise SuspendError(target, str(exc)) from None


def discard(where: Path | None = None) -> None:
    """Delete the file (nothing to do if it is gone); FileError if it cannot be deleted."""
    target = where or path()
    try:
        os.unlink(target)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise FileError(target, f"cannot delete the file: {exc.strerror or exc}") from None


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# ---------------------------------------------------------------------- the duel itself
def capture(match: Match, duel: Duel, *, mode: str, ai_level: str | None, ai_seat: int | None,
            names: tuple[str, str], deck_paths: tuple[str, str],
            setup_decks: tuple[Deck, Deck], best_of: int, first: int | None,
            speed: str, responses: tuple[str, str]) -> SuspendedDuel:
    """A SuspendedDuel of `duel`, the duel in progress of `match`."""
    if match.duel is not duel or duel.over:
        raise ValueError("only a duel in progress can be suspended")
    decks = (match.decks[0], match.decks[1])
    ids = [cid for d in (*decks, *setup_decks) for name in LISTS for cid in getattr(d, name)]
    try:
        cards: tuple[CardData, ...] | None = tuple(keep_cards(duel.pool, ids))
    except KeptDataError:
        cards = None  # a card not read from card data (a test's): resumed on today's, as before
    return SuspendedDuel(
        mode=mode, ai_level=ai_level, ai_seat=ai_seat, names=names,
        deck_names=(decks[0].name, decks[1].name), deck_paths=deck_paths,
        setup_decks=setup_decks, decks=decks, best_of=best_of, first=first,
        match_seed=match.seed, results=tuple(match.results), firsts=tuple(match.firsts),
        duel=to_dict(duel), speed=speed, responses=responses, saved_at=now_text(), cards=cards)


def played_pool(s: SuspendedDuel, pool: Mapping[str, CardDef]) -> Mapping[str, CardDef]:
    """The cards the duel goes on with: today's, with each kept card as it was then."""
    if s.cards is None:
        return pool
    from game.engine.index import merged

    return merged(pool, read_cards(list(s.cards)))


def changes_since(s: SuspendedDuel, pool: Mapping[str, CardDef], rules: Rules) -> str:
    """What changed since the duel was started, in one sentence ("" when nothing did): the
    screen says it once when the duel comes back."""
    try:
        kept_rules = Rules.from_dict(s.duel["rules"])
        kept = read_cards(list(s.cards)) if s.cards is not None else None
    except (ValueError, KeyError, TypeError):
        return ""
    return what_changed(kept, kept_rules, pool, rules)


def restore(s: SuspendedDuel, pool: Mapping[str, CardDef],
            where: Path | None = None) -> tuple[Match, Duel]:
    """The match and its duel back as they were: the duel replayed from its seed and
    commands on the card data it kept (and its rules), then checked against the saved state.
    The match's `pool` is the cards it goes on with. SuspendError says why not."""
    target = where or path()

    def fail(problem: str) -> SuspendError:
        return SuspendError(target, problem)

    try:
        pool = played_pool(s, pool)  # the cards as they were when the duel was started
        saved = from_dict(s.duel, pool)  # the saved state, checked field by field
        rules = Rules.from_dict(s.duel["rules"])
        match = Match(pool, rules, s.decks[0], s.decks[1], s.match_seed, first=s.first)
        # the setup decks start a rematch: they must be legal with today's cards too
        Match(pool, rules, s.setup_decks[0], s.setup_decks[1], s.match_seed, first=s.first)
    except MatchError as exc:
        raise fail(f"the decks are no longer legal: {exc}") from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise fail(f"the saved duel cannot be read: {one_line(exc)}") from None
    match.results = list(s.results)
    match.firsts = list(s.firsts)
    number = len(s.results)
    if match.over:
        raise fail("the match was already over before this duel")
    if saved.over:
        raise fail("the saved duel is already over")
    if saved.seed != match.duel_seed(number):
        raise fail("the saved duel is not the match's duel (its seed differs)")
    if type(saved.state.auto_pass) is not bool:
        raise fail("the saved duel is damaged: auto_pass: expected true or false")
    history = saved.history
    if len(history) > MAX_COMMANDS_PER_DUEL:
        raise fail(f"more than {MAX_COMMANDS_PER_DUEL} commands")
    try:
        duel = Duel(pool, rules, [d.spec() for d in s.decks], saved.seed,
                    first_player=s.firsts[-1], auto_pass=saved.state.auto_pass)
        for cmd in history:
            duel.apply(cmd)
    except Rejected as exc:
        raise fail(f"the saved commands do not replay ({exc.reason})") from None
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise fail(f"the saved duel does not replay: {one_line(exc)}") from None
    if state_hash(duel) != state_hash(saved):
        raise fail("the saved duel does not replay to the saved position (the card data or "
                   "the rules changed since it was saved)")
    match.duel = duel
    return match, duel
