"""Replays: every duel played in the client, kept so it can be shown forever.

A duel is decided by its seed, its rules, its cards, both decks and who goes first
(docs/engine.md), so that recipe and the command history replay it exactly. The game is tuned
between versions, so a replay also keeps what it was played under: the game version, the
rules and the card data of every card of both decks (game/play/played_under.py), and the whole
event stream as it happened. Watching a replay plays its commands on its own card data and
rules (today's engine, the recording's data: the views come back exactly, from the engine's
own views and redaction); the recorded events check that re-play, and a second re-play on
today's cards and rules says whether today's game still plays it the same, and if not the
first event that differs, in words (`check_replay`). The format (docs/files.md, "Replays"):

```yaml
replay: 2                          # the format version (1: no game_version, cards, events)
game_version: 0.1.0                # the game that recorded it
date: '2026-11-30T17:51:34Z'       # when the duel ended (UTC)
mode: hotseat                      # hotseat | versus_ai | puzzle
match: {duel: 1, best_of: 3}
players:                           # seat 0 (Player 1), seat 1 (Player 2)
- {name: Player 1, level: null, deck: Ember Rush}      # level: the AI's, null for a person
- {name: AI (Normal), level: normal, deck: Veil Control}
result: {winner: 1, reason: player 1 has no LP left, rounds: 7, commands: 212}  # winner: 0, 1, null
start:
  seed: 123456789
  first_player: 0                  # null: the engine's coin toss (from the seed)
  rules: {starting_lp: 10000, ...}
  decks: [{main: [...], extra: [...]}, {main: [...], extra: [...]}]
  auto_pass: false                 # as the client plays (optional, default false)
  hash: 3f1c...                    # state_hash right after setup
final_hash: 9a0e...                # state_hash after the last command
commands:                          # one line each: type, then field=value in any order
- Summon player=0 card=31 zone=phantom index=0 attack=true face_up=true
- Pass player=1
events: eNrtXW1v2zYQ...            # base64 of zlib of a JSON list: every event, unredacted
cards:                             # the card data of every card of both decks, as then
- {"id": "ember_imp", "name": "Ember Imp", "type": "phantom", "level": 1, "atk": 650, ...}
```

A puzzle attempt (mode `puzzle`) starts from the puzzle's position instead of a seed and
two decks: `start.position` is the engine's `to_dict` of it as one line of JSON (without its
rules and history), and `start.decks` list each seat's cards of the position.

`events` is optional (a duel whose events would make the file too big keeps none: it is
shown by re-play alone, as a format 1 replay is). Loading checks every field (type and
bounds) and names the file and the field of the first problem; it never changes the file.
`ReplayRun` replays the commands on the engine and stops at a command the engine refuses,
with the engine's reason. Files are saved atomically (game.files.fileio) under
`data_dir()/replays/`, named from the date and the decks; only the newest `KEEP` replays are
kept. No pygame here.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import zlib
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.ai.levels import LEVEL_NAMES
from game.engine import (
    CardDef,
    Command,
    DeckSpec,
    Duel,
    Rejected,
    Rules,
    command_from_dict,
    event_to_dict,
    from_dict,
    state_hash,
    to_dict,
)
from game.engine.commands import COMMAND_TYPES
from game.engine.index import CardPool
from game.engine.validate import command_problem
from game.files.fileio import (
    FileError,
    create_exclusive_bytes,
    decode_text,
    kind_of,
    one_line,
    parse_json,
    parse_yaml,
    read_bytes,
    read_prefix,
    too_big,
)
from game.files.yamlio import brief, dump_yaml
from game.play.end_words import end_sentence
from game.play.played_under import KeptDataError, keep_cards, read_cards, what_changed

FORMAT = 2
FORMATS = (1, 2)  # the formats this game reads (1: a recipe only, shown by re-play)
MAX_POSITION = 1_000_000  # characters of a puzzle's start position
MAX_EVENT_BYTES = 64 * 1024 * 1024  # the unpacked events of one replay (a zip bomb stops here)
KEEP = 100  # replays kept in the folder; older ones are deleted after each save
FOLDER = "replays"
MAX_COMMANDS = 200_000  # as game.play.match.MAX_COMMANDS_PER_DUEL
MAX_DECK = 200  # cards in one list of a recorded deck
MAX_TEXT = 200  # characters of a name, a reason, a command line
MAX_NUMBER = 1_000_000_000  # any whole number in a command
CHECKPOINT = 25  # ReplayRun keeps a clone of the duel every this many commands
MODES = ("hotseat", "versus_ai", "puzzle")
NAME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}_\d{6}_.*\.yaml$")  # the names `save` gives


class ReplayError(ValueError):
    """A replay that cannot be read or written; the message is one line naming the file."""

    def __init__(self, path: str | os.PathLike | None, problem: str) -> None:
        self.path = None if path is None else str(path)
        self.problem = " ".join(str(problem).split())
        super().__init__(f"{self.path}: {self.problem}" if self.path else self.problem)


@dataclass(frozen=True)
class ReplayPlayer:
    name: str
    level: str | None  # the AI's level; None for a person
    deck: str  # the deck's name


@dataclass(frozen=True)
class Replay:
    """One recorded duel. `winner` is the seat (0, 1) or None for a draw."""

    date: datetime
    mode: str
    players: tuple[ReplayPlayer, ReplayPlayer]
    seed: int
    first_player: int | None  # None: the engine's coin toss (from the seed) decided
    rules: Rules
    decks: tuple[DeckSpec, DeckSpec]
    commands: tuple[Command, ...]
    winner: int | None
    reason: str
    rounds: int
    start_hash: str
    final_hash: str
    duel_number: int = 1
    best_of: int = 1
    auto_pass: bool = False  # the client passes for a person itself (docs/engine.md)
    path: Path | None = field(default=None, compare=False)
    game_version: str = ""  # the game that recorded it ("" in format 1)
    cards: tuple[dict, ...] | None = None  # the kept card data (None in format 1)
    events: tuple[dict, ...] | None = None  # every event as `event_to_dict` (None: not kept)
    kept: CardPool | None = field(default=None, compare=False, repr=False)  # `cards` read
    position: dict | None = None  # a puzzle's start position (the engine's to_dict), else None
    count: int | None = field(default=None, compare=False)  # commands, as the header says
    marks: tuple[int, ...] | None = None  # events told after the start and each command

    @property
    def command_count(self) -> int:
        """How many commands: counted, or (a list reads only the header) as the header says."""
        return self.count if self.count is not None and not self.commands else len(self.commands)

    @property
    def format(self) -> int:
        return 1 if self.cards is None else 2

    def played_pool(self, today: Mapping[str, CardDef]) -> Mapping[str, CardDef]:
        """The cards the duel was played with: its kept data, else (format 1) today's."""
        return self.kept if self.kept is not None else today

    # ------------------------------------------------------------- reading
    @property
    def deck_names(self) -> str:
        if self.mode == "puzzle":
            return f"Puzzle: {self.players[0].deck}"
        return f"{self.players[0].deck} vs {self.players[1].deck}"

    @property
    def player_names(self) -> str:
        return f"{self.players[0].name} vs {self.players[1].name}"

    @property
    def winner_text(self) -> str:
        return "draw" if self.winner is None else f"{self.players[self.winner].name} won"

    @property
    def reason_text(self) -> str:
        """The end reason as a sentence with the players' names (game/play/end_words.py)."""
        return end_sentence(self.reason, self.winner, (self.players[0].name, self.players[1].name))

    @property
    def match_text(self) -> str:
        return "single duel" if self.best_of == 1 else f"duel {self.duel_number} of {self.best_of}"

    def start(self, pool: Mapping[str, CardDef], rules: Rules | None = None) -> Duel:
        """The duel right after setup (a puzzle: at its start position), exactly as it
        began, under `rules` (default: the recording's); ReplayError if it cannot begin."""
        rules = rules or self.rules
        try:
            if self.position is not None:
                return from_dict({**self.position, "rules": rules.to_dict(), "history": []}, pool)
            return Duel(pool, rules, list(self.decks), self.seed,
                        first_player=self.first_player, auto_pass=self.auto_pass)
        except Exception as exc:  # noqa: BLE001 - a position is data: any failure is one line
            raise ReplayError(self.path, f"start: the duel cannot begin: {one_line(exc)}") from None

    # ------------------------------------------------------------- writing
    def to_data(self) -> dict:
        """Plain data in the file's order: `commands` after the header (the list reads up to
        it), then the events and the card data. A replay without kept cards (read from a
        format 1 file) is written in format 1."""
        data: dict[str, Any] = {"replay": self.format}
        if self.cards is not None:
            data["game_version"] = self.game_version
        data.update({
            "date": self.date.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "mode": self.mode,
            "match": {"duel": self.duel_number, "best_of": self.best_of},
            "players": [{"name": p.name, "level": p.level, "deck": p.deck} for p in self.players],
            "result": {"winner": self.winner, "reason": self.reason, "rounds": self.rounds,
                       **({"commands": self.command_count} if self.cards is not None else {})},
            "start": {
                "seed": self.seed, "first_player": self.first_player, "rules": self.rules.to_dict(),
                "decks": [{"main": list(d.main), "extra": list(d.extra)} for d in self.decks],
                "auto_pass": self.auto_pass, "hash": self.start_hash,
                **({"position": json.dumps(self.position, separators=(",", ":"))}
                   if self.position is not None else {}),
            },
            "final_hash": self.final_hash,
            "commands": [command_line(c) for c in self.commands],
        })
        if self.cards is not None:
            if self.events is not None:
                data["events"] = pack_events(self.events)
                if self.marks is not None:
                    data["marks"] = pack_marks(self.marks)
            data["cards"] = [dict(c) for c in self.cards]
        return data


# ------------------------------------------------------------------- events
def plain_events(events: Sequence[object]) -> tuple[dict, ...]:
    """Engine events as the plain data a replay keeps (`event_to_dict`, lists for tuples)."""
    return tuple(json.loads(json.dumps([event_to_dict(e) for e in events])))


def _pack(items: Sequence[object]) -> str:
    blob = json.dumps(list(items), separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(blob, 9)).decode("ascii")


def pack_events(events: Sequence[dict]) -> str:
    """The `events` field: base64 of zlib (level 9) of the compact JSON list."""
    return _pack(events)


def _unpack(text: object, what: str) -> list:
    """A packed list (base64 of zlib of JSON); ValueError with a short reason otherwise
    (never more than MAX_EVENT_BYTES unpacked)."""
    if not isinstance(text, str):
        raise ValueError(f"expected the packed {what} (base64 text), got {brief(text)}")
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise ValueError("not base64 text") from None
    unpack = zlib.decompressobj()
    try:
        blob = unpack.decompress(packed, MAX_EVENT_BYTES)
    except zlib.error:
        raise ValueError("not zlib data") from None
    if unpack.unconsumed_tail or not unpack.eof:
        raise ValueError(f"cut short or over {MAX_EVENT_BYTES // (1024 * 1024)} MiB unpacked")
    try:
        data = parse_json(blob.decode("utf-8"), None)
    except (FileError, UnicodeDecodeError) as exc:
        raise ValueError(getattr(exc, "problem", "not UTF-8 text")) from None
    if not isinstance(data, list):
        raise ValueError(f"expected a list of {what}")
    return data


def unpack_events(text: object) -> tuple[dict, ...]:
    """The inverse of `pack_events`; ValueError with a short reason otherwise."""
    data = _unpack(text, "events")
    for i, e in enumerate(data):
        if not isinstance(e, dict) or not isinstance(e.get("type"), str) or len(e["type"]) > 40:
            raise ValueError(f"event {i + 1}: expected a mapping with a type, got {brief(e)}")
    return tuple(data)


def pack_marks(marks: Sequence[int]) -> str:
    """The `marks` field: how many events the start told, then each command, packed as the
    events are (`marks` in memory counts them up: the events told after i commands)."""
    return _pack([b - a for a, b in zip((0, *marks), marks, strict=False)])


def unpack_marks(text: object) -> tuple[int, ...]:
    """The inverse of `pack_marks`; ValueError with a short reason otherwise."""
    data = _unpack(text, "event counts")
    marks, total = [], 0
    for i, n in enumerate(data):
        if type(n) is not int or not 0 <= n <= MAX_EVENT_BYTES:
            raise ValueError(f"count {i + 1}: expected a whole number, got {brief(n)}")
        total += n
        marks.append(total)
    return tuple(marks)


def event_words(e: dict | None) -> str:
    """One event in words a designer reads: `LpChanged player=1 amount=-1800 lp=8200`."""
    if e is None:
        return "nothing (the duel had ended)"
    fields_ = " ".join(f"{k}={_short(v)}" for k, v in e.items() if k != "type")
    return f"{e.get('type')} {fields_}".strip()


def _short(value: object) -> str:
    text = json.dumps(value, separators=(",", ":")) if not isinstance(value, str) else value
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------------ commands
def _field_types(cls) -> tuple[tuple[str, str], ...]:
    # the annotation's base name: "tuple[int, ...]" is a "tuple"
    return tuple((f.name, (f.type if isinstance(f.type, str) else f.type.__name__).partition("[")[0])
                 for f in fields(cls))


_FIELDS = {name: _field_types(cls) for name, cls in COMMAND_TYPES.items()}
_WORD = re.compile(r"^[a-z_]*$")
_INT = re.compile(r"^-?\d{1,10}$")


def command_line(cmd: Command) -> str:
    """`Summon player=0 card=31 zone=phantom ...`: one command as one line of text."""
    parts = [type(cmd).__name__]
    for name, kind in _FIELDS[type(cmd).__name__]:
        value = getattr(cmd, name)
        if kind == "bool":
            text = "true" if value else "false"
        elif kind == "tuple":
            text = ",".join(str(v) for v in value)
        else:
            text = str(value)
        parts.append(f"{name}={text}")
    return " ".join(parts)


def parse_command(line: object) -> Command:
    """The inverse of `command_line`; ValueError with a short reason otherwise."""
    if not isinstance(line, str):
        raise ValueError(f"expected a line of text like 'Pass player=0', got {brief(line)}")
    if len(line) > MAX_TEXT:
        raise ValueError(f"a command line is at most {MAX_TEXT} characters")
    words = line.split()
    if not words or words[0] not in _FIELDS:
        raise ValueError(f"unknown command {brief(words[0] if words else line)}; one of "
                         f"{', '.join(sorted(_FIELDS))}")
    kinds = dict(_FIELDS[words[0]])
    data: dict[str, Any] = {"type": words[0]}
    for word in words[1:]:
        name, eq, text = word.partition("=")
        if not eq or name not in kinds:
            raise ValueError(f"{words[0]}: unknown field {brief(name)}; its fields are "
                             f"{', '.join(kinds)}")
        if name in data:
            raise ValueError(f"{words[0]}: {name} given twice")
        data[name] = _value(words[0], name, kinds[name], text)
    missing = [n for n in kinds if n not in data]
    if missing:
        raise ValueError(f"{words[0]}: missing {', '.join(missing)}")
    cmd = command_from_dict(data)
    problem = command_problem(cmd)
    if problem is not None:
        raise ValueError(problem)
    return cmd


def _value(cmd: str, name: str, kind: str, text: str) -> object:
    if kind == "bool":
        if text not in ("true", "false"):
            raise ValueError(f"{cmd}: {name} must be true or false, got {brief(text)}")
        return text == "true"
    if kind == "int":
        return _number(cmd, name, text)
    if kind == "tuple":
        return tuple(_number(cmd, name, t) for t in text.split(",")) if text else ()
    if not _WORD.match(text) or len(text) > 32:
        raise ValueError(f"{cmd}: {name} must be a word like 'phantom', got {brief(text)}")
    return text


def _number(cmd: str, name: str, text: str) -> int:
    if not _INT.match(text) or abs(int(text)) > MAX_NUMBER:
        raise ValueError(f"{cmd}: {name} must be a whole number (at most {MAX_NUMBER:,}), "
                         f"got {brief(text)}")
    return int(text)


# ------------------------------------------------------------------- loading
class _Check:
    """Field-by-field checks that raise ReplayError naming the file and the field."""

    def __init__(self, path: str | os.PathLike | None) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> ReplayError:
        return ReplayError(self.path, f"{where}: {problem}")

    def mapping(self, data: object, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict:
        if not isinstance(data, dict):
            raise self.fail(where, f"expected a mapping, got {brief(data)}")
        for k in data:
            if k not in keys and k not in optional:
                raise self.fail(where, f"unknown key {brief(k)}")
        for k in keys:
            if k not in data:
                raise self.fail(where, f"missing {k}")
        return data

    def number(self, value: object, where: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise self.fail(where, f"expected a whole number from {low} to {high:,}, got {brief(value)}")
        return value

    def text(self, value: object, where: str, empty: bool = True) -> str:
        if not isinstance(value, str) or len(value) > MAX_TEXT or (not empty and not value.strip()):
            raise self.fail(where, f"expected a line of text (at most {MAX_TEXT} characters), "
                                   f"got {brief(value)}")
        if any(ord(ch) < 32 for ch in value):
            raise self.fail(where, "expected one line of printable text")
        return value

    def ids(self, value: object, where: str, pool: Mapping[str, CardDef] | None) -> tuple[str, ...]:
        if not isinstance(value, list) or len(value) > MAX_DECK:
            raise self.fail(where, f"expected a list of at most {MAX_DECK} card ids, got {brief(value)}")
        for i, cid in enumerate(value):
            if not isinstance(cid, str) or not 0 < len(cid) <= 64:
                raise self.fail(f"{where}[{i}]", f"expected a card id, got {brief(cid)}")
            if pool is not None and cid not in pool:
                raise self.fail(f"{where}[{i}]", f"unknown card id {brief(cid)} (not in the card set)")
        return tuple(value)

    def digest(self, value: object, where: str) -> str:
        if not isinstance(value, str) or not re.fullmatch(r"[0-9a-f]{64}", value):
            raise self.fail(where, f"expected a state hash (64 hex digits), got {brief(value)}")
        return value


def replay_from_data(data: object, path: str | os.PathLike | None = None,
                     pool: Mapping[str, CardDef] | None = None, header: bool = False) -> Replay:
    """Check every field of plain replay data; ReplayError (file: field: problem) otherwise.
    With `pool` (today's cards), every card id of a format 1 replay must be in it; a format 2
    replay's ids must be in its own kept card data. `header`: only the header was read (no
    commands, events or cards: the list)."""
    from game.rules.file import rules_from_data

    c = _Check(path)
    if data is None:
        raise ReplayError(path, "the file is empty")
    version = data.get("replay") if isinstance(data, dict) else None
    if type(version) is not int or version not in FORMATS:
        if not isinstance(data, dict):
            raise c.fail("replay file", f"expected a mapping, got {brief(data)}")
        if "replay" not in data:
            raise c.fail("replay file", "not a replay of Phantom Duel (no 'replay:' format line)")
        raise c.fail("replay", f"this game reads formats {', '.join(map(str, FORMATS))}, the file "
                               f"says {brief(version)}")
    needed = [k for k in _NEEDED[version] if not (header and k in _TAIL)]
    top = c.mapping(data, "replay file", needed, [k for k in _KEYS[version] if k not in needed])
    kept: CardPool | None = None
    cards: tuple[dict, ...] | None = None
    events: tuple[dict, ...] | None = None
    game_version = ""
    if version >= 2:
        game_version = c.text(top["game_version"], "game_version")
        if "cards" in top:
            try:
                kept = read_cards(top["cards"], "cards")
            except KeptDataError as exc:
                raise c.fail("cards", str(exc).removeprefix("cards: ")) from None
            cards = tuple(top["cards"])
            pool = kept
        elif header:
            pool = None  # the list: the ids are checked against the kept cards when watched
        if "events" in top:
            try:
                events = unpack_events(top["events"])
            except ValueError as exc:
                raise c.fail("events", str(exc)) from None
        elif "marks" in top:
            raise c.fail("marks", "event counts without the events they count")
    date_text = c.text(top["date"], "date")
    try:
        date = datetime.strptime(date_text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        raise c.fail("date", f"expected a time like '2026-11-30T17:51:34Z', got {brief(date_text)}") from None
    if top["mode"] not in MODES:
        raise c.fail("mode", f"expected one of {', '.join(MODES)}, got {brief(top['mode'])}")
    duel_number, best_of = 1, 1
    if "match" in top:
        m = c.mapping(top["match"], "match", ("duel", "best_of"))
        best_of = c.number(m["best_of"], "match.best_of", 1, 3)
        if best_of == 2:
            raise c.fail("match.best_of", "expected 1 or 3, got 2")
        duel_number = c.number(m["duel"], "match.duel", 1, best_of)
    if not isinstance(top["players"], list) or len(top["players"]) != 2:
        raise c.fail("players", f"expected a list of two players, got {brief(top['players'])}")
    players = []
    for i, p in enumerate(top["players"]):
        where = f"players[{i}]"
        p = c.mapping(p, where, ("name", "level", "deck"))
        if p["level"] is not None and p["level"] not in LEVEL_NAMES:
            raise c.fail(f"{where}.level", f"expected null (a person) or one of {', '.join(LEVEL_NAMES)}, "
                                           f"got {brief(p['level'])}")
        players.append(ReplayPlayer(c.text(p["name"], f"{where}.name", empty=False), p["level"],
                                    c.text(p["deck"], f"{where}.deck")))
    res = c.mapping(top["result"], "result", ("winner", "reason", "rounds"),
                    ("commands",) if version >= 2 else ())
    winner = res["winner"]
    if winner is not None and (type(winner) is not int or winner not in (0, 1)):
        raise c.fail("result.winner", f"expected 0, 1 or null (a draw), got {brief(winner)}")
    reason = c.text(res["reason"], "result.reason")
    rounds = c.number(res["rounds"], "result.rounds", 0, 10_000)
    st = c.mapping(top["start"], "start", ("seed", "first_player", "rules", "decks", "hash"),
                   ("auto_pass", "position"))
    if ("position" in st) != (top["mode"] == "puzzle"):
        raise c.fail("start.position", "a puzzle's replay starts from a position, and only a "
                                       "puzzle's does")
    auto_pass = st.get("auto_pass", False)
    if type(auto_pass) is not bool:
        raise c.fail("start.auto_pass", f"expected true or false, got {brief(auto_pass)}")
    seed = c.number(st["seed"], "start.seed", 0, 2**64 - 1)
    first = None if st["first_player"] is None else \
        c.number(st["first_player"], "start.first_player", 0, 1)
    try:
        rules = rules_from_data(st["rules"])
    except ValueError as exc:
        raise c.fail("start.rules", str(exc).splitlines()[0].removeprefix("rules: ")) from None
    if not isinstance(st["decks"], list) or len(st["decks"]) != 2:
        raise c.fail("start.decks", f"expected a list of two decks, got {brief(st['decks'])}")
    decks = []
    for i, d in enumerate(st["decks"]):
        where = f"start.decks[{i}]"
        d = c.mapping(d, where, ("main", "extra"))
        decks.append(DeckSpec(c.ids(d["main"], f"{where}.main", pool), c.ids(d["extra"], f"{where}.extra", pool)))
    start_hash = c.digest(st["hash"], "start.hash")
    final_hash = c.digest(top["final_hash"], "final_hash")
    position = None
    if "position" in st:
        position = _position(c, st["position"], pool, rules)
    lines = top.get("commands", [])
    if not isinstance(lines, list) or len(lines) > MAX_COMMANDS:
        raise c.fail("commands", f"expected a list of at most {MAX_COMMANDS:,} commands, got {brief(lines)}")
    commands = []
    known: dict[str, Command] = {}  # a duel repeats its lines (Pass, NextPhase): each read once
    for i, line in enumerate(lines):
        cmd = known.get(line) if isinstance(line, str) else None
        if cmd is None:
            try:
                cmd = parse_command(line)
            except ValueError as exc:
                raise c.fail(f"commands[{i}] (command {i + 1})", str(exc)) from None
            if isinstance(line, str):
                known[line] = cmd
        commands.append(cmd)
    marks = None
    if "marks" in top and events is not None:
        try:
            marks = unpack_marks(top["marks"])
        except ValueError as exc:
            raise c.fail("marks", str(exc)) from None
        if len(marks) != len(commands) + 1 or marks[-1] != len(events):
            marks = None  # they no longer fit (a file edited by hand): cut by re-play instead
    count = None  # for the list, which reads no commands: the commands read win over it
    if "commands" in res:
        count = c.number(res["commands"], "result.commands", 0, MAX_COMMANDS)
    return Replay(date, top["mode"], (players[0], players[1]), seed, first, rules,
                  (decks[0], decks[1]), tuple(commands), winner, reason, rounds, start_hash,
                  final_hash, duel_number, best_of, auto_pass, Path(path) if path is not None else None,
                  game_version, cards, events, kept, position, count, marks)


def _position(c: _Check, text: object, pool: Mapping[str, CardDef] | None, rules: Rules) -> dict:
    """A puzzle's start position: the engine's `to_dict` as one line of JSON, which must
    rebuild a duel on the replay's cards (when they are at hand: not for the list)."""
    if not isinstance(text, str) or len(text) > MAX_POSITION:
        raise c.fail("start.position", f"expected a position (JSON text of at most "
                                       f"{MAX_POSITION:,} characters), got {brief(text)}")
    try:
        data = parse_json(text, None)
    except FileError as exc:
        raise c.fail("start.position", exc.problem) from None
    if not isinstance(data, dict):
        raise c.fail("start.position", f"expected a duel position, got {brief(data)}")
    if pool is not None:
        try:
            from_dict({**data, "rules": rules.to_dict(), "history": []}, pool)
        except Exception as exc:  # noqa: BLE001 - hostile data: any failure is one line
            raise c.fail("start.position", f"not a duel position: {one_line(exc, 160)}") from None
    return data


_HEAD = ("replay", "date", "mode", "players", "result", "start", "final_hash", "commands")
_TAIL = ("commands", "events", "marks", "cards")  # after the header: not read for the list
_NEEDED = {1: _HEAD, 2: (*_HEAD, "game_version", "cards")}
_KEYS = {1: (*_HEAD, "match"), 2: (*_NEEDED[2], "match", "events", "marks")}


HEADER_BYTES = 64 * 1024  # the list reads at most this much of a file: everything but commands
_COMMANDS_KEY = re.compile(rb"^commands:[ \t]*(\[\][ \t]*)?\r?$", re.M)
_PLAIN_LINE = re.compile(r"^- ([A-Z][A-Za-z]*(?: [a-z_]+=[-0-9a-z_,]*)*)\r?$")


def _split(raw: bytes) -> tuple[bytes, bytes | None, bool] | None:
    """(header, the commands part, whether it is `commands: []`) when the file is laid out
    as the game writes it (the `commands:` key last, at the start of a line); else None."""
    matches = list(_COMMANDS_KEY.finditer(raw))
    if not matches:
        return None
    found = matches[-1]
    return raw[:found.start()], raw[found.end():], found.group(1) is not None


_EVENTS_LINE = re.compile(r"^events: ([A-Za-z0-9+/=]*)\r?$")
_MARKS_LINE = re.compile(r"^marks: ([A-Za-z0-9+/=]*)\r?$")


def _fast_tail(path: str | os.PathLike, tail: bytes, empty: bool) -> dict | None:
    """The part after `commands:` as the game writes it: plain `- Type field=value` command
    lines (read without YAML, which takes seconds for 200,000 lines), then an `events:` line
    (read without YAML too) and the `cards:` list (YAML). None when anything else is there
    (then the whole file is read as YAML)."""
    try:
        text = tail.decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")
    commands = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if not line.startswith("- "):
            break
        m = _PLAIN_LINE.match(line)
        if empty or m is None or m.group(1).split(" ", 1)[0] not in _FIELDS:
            return None
        commands.append(m.group(1))
        i += 1
    out: dict[str, Any] = {"commands": commands}
    if i < len(lines):
        m = _EVENTS_LINE.match(lines[i])
        if m is not None:
            out["events"] = m.group(1)
            i += 1
            m = _MARKS_LINE.match(lines[i]) if i < len(lines) else None
            if m is not None:
                out["marks"] = m.group(1)
                i += 1
        rest = lines[i:]
        cards = _json_cards(rest)
        if cards is not None:
            out["cards"] = cards
        elif "\n".join(rest).strip():
            try:
                more = parse_yaml("\n".join(rest), path, "replay")
            except FileError:
                return None
            if not isinstance(more, dict) or any(k not in ("cards",) for k in more):
                return None
            out.update(more)
    return out


def _json_cards(lines: list[str]) -> list | None:
    """The `cards:` list as the game writes it (one JSON object a line), read without YAML;
    None when the lines are anything else (then they are read as YAML)."""
    if not lines or lines[0].rstrip("\r") != "cards:":
        return None
    out = []
    for line in lines[1:]:
        if not line.strip():
            continue
        if not line.startswith("- {"):
            return None
        try:
            card = parse_json(line[2:], None)
        except FileError:
            return None
        out.append(card)
    return out


def _load_data(path: str | os.PathLike, raw: bytes):
    """The file's plain data: its header through YAML and the rest line by line when the
    game wrote it, else the whole file through YAML (a file edited by hand)."""
    parts = _split(raw)
    if parts is not None:
        head, tail, empty = parts
        rest = _fast_tail(path, tail, empty) if tail is not None else None
        if rest is not None:
            try:
                header = parse_yaml(decode_text(head, path), path, "replay")
            except FileError:
                header = None  # the whole file through YAML names the problem
            if isinstance(header, dict) and not any(k in header for k in _TAIL):
                header.update(rest)
                return header
    return parse_yaml(decode_text(raw, path), path, "replay")


def load_replay(path: str | os.PathLike, pool: Mapping[str, CardDef] | None = None) -> Replay:
    """Read and check one replay file (never changes it); ReplayError naming the file otherwise."""
    try:
        data = _load_data(path, read_bytes(path, "replay"))
    except FileError as exc:
        raise ReplayError(exc.path, exc.problem) from None
    return replay_from_data(data, path, pool)


def load_header(path: str | os.PathLike, pool: Mapping[str, CardDef] | None = None) -> Replay:
    """A replay's header for a list (date, mode, players, result, start) with no commands,
    from at most HEADER_BYTES at the start of the file: a folder of long replays lists at
    once. A file not laid out that way (edited by hand) is read whole. ReplayError."""
    try:
        prefix, size = read_prefix(path, "replay", HEADER_BYTES)
        if size > kind_of("replay").max_bytes:
            raise too_big(path, size, "replay")
        whole = size <= len(prefix)
        parts = _split(prefix)
        if parts is None:  # the whole file is in hand (or its header is not first): all of it
            return replay_from_data(_load_data(path, prefix), path, pool) if whole else \
                load_replay(path, pool)
        header = parse_yaml(decode_text(parts[0], path), path, "replay")
    except FileError as exc:
        raise ReplayError(exc.path, exc.problem) from None
    if isinstance(header, dict) and any(k in header for k in _TAIL):
        return load_replay(path, pool)  # not laid out as the game writes it: all of it
    if whole and not (isinstance(header, dict) and header.get("replay") == FORMAT):
        # an old (format 1) file in hand whole: read it all (its header does not count its
        # commands); a format 2 file's card data and events wait until it is watched
        return replay_from_data(_load_data(path, prefix), path, pool)
    return replay_from_data(header, path, pool, header=True)


# -------------------------------------------------------------- recording
def record(duel: Duel, decks: Sequence[DeckSpec], players: Sequence[ReplayPlayer], mode: str,
           duel_number: int = 1, best_of: int = 1, date: datetime | None = None) -> Replay:
    """A finished (or stopped) duel as a Replay: its start recipe is read from the duel and
    `decks` (the Decks it began with), its commands from the engine's history, its events
    (and where each command's end: `marks`) from the engine telling the duel again from its
    start (a few hundredths of a second for a long duel), and the data of its cards from
    the card set it was played with. ReplayError if a card's data is not known."""
    from game.files.resources import game_version

    tossed = any(type(e).__name__ == "CoinTossed" for e in duel.start_events)
    first = None if tossed else duel.first_player
    auto_pass = bool(duel.state.auto_pass)
    start = Duel(duel.pool, duel.rules, list(decks), duel.seed, first_player=first,
                 auto_pass=auto_pass)
    start_hash = state_hash(start)
    marks = [start.log_size]
    for cmd in duel.history:  # told again: where each command's events end (the marks)
        start.apply(cmd)
        marks.append(start.log_size)
    log = start.event_log
    try:
        cards = keep_cards(duel.pool, [cid for d in decks for cid in (*d.main, *d.extra)])
        kept = read_cards(cards)
    except KeptDataError as exc:
        raise ReplayError(None, f"the card data cannot be kept: {exc}") from None
    winner = duel.winner
    return Replay(
        date=(date or datetime.now(timezone.utc)).replace(microsecond=0), mode=mode, players=(players[0], players[1]),
        seed=duel.seed, first_player=first, rules=duel.rules,
        decks=(decks[0], decks[1]), commands=tuple(duel.history),
        winner=winner if winner in (0, 1) else None, reason=duel.end_reason or "",
        rounds=duel.round, start_hash=start_hash, final_hash=state_hash(duel),
        duel_number=duel_number, best_of=best_of, auto_pass=auto_pass,
        game_version=game_version(), cards=tuple(cards), events=plain_events(log), kept=kept,
        marks=tuple(marks))


def record_puzzle(start: Duel, duel: Duel, title: str, seat: int, opponent: str, solved: bool,
                  date: datetime | None = None, level: str | None = None) -> Replay:
    """A puzzle attempt as a Replay: `start` is the duel at the puzzle's position (as built,
    before any command), `duel` the same duel after the attempt's commands; `opponent` the
    puzzle's opponent (named in the player's name), `level` the computer level it plays with
    (a `script` opponent's level where its script does not fit). Its winner is the puzzle's
    seat when solved, else the other seat; its reason says which.
    ReplayError if a card's data is not known."""
    from game.files.resources import game_version

    position = to_dict(start)
    done = len(position.pop("history"))
    position.pop("rules")  # the replay's own `start.rules` (one home)
    commands = tuple(duel.history[done:])
    replayed = from_dict({**position, "rules": start.rules.to_dict(), "history": []}, start.pool)
    start_hash = state_hash(replayed)
    marks = [replayed.log_size]
    for cmd in commands:  # the events told from the position on, and where each command's end
        replayed.apply(cmd)
        marks.append(replayed.log_size)
    owners: list[list[str]] = [[], []]
    for card in start.cards:
        owners[card.owner].append(card.cid)
    decks = (DeckSpec(tuple(sorted(owners[0]))), DeckSpec(tuple(sorted(owners[1]))))
    try:
        cards = keep_cards(start.pool, [*decks[0].main, *decks[1].main])
        kept = read_cards(cards)
    except KeptDataError as exc:
        raise ReplayError(None, f"the card data cannot be kept: {exc}") from None
    level = level if level in LEVEL_NAMES else opponent if opponent in LEVEL_NAMES else None
    names = ["Player 1", "Player 2"]
    names[1 - seat] = f"Puzzle opponent ({opponent})"
    players = [ReplayPlayer(names[s], None if s == seat else level, title) for s in (0, 1)]
    return Replay(
        date=(date or datetime.now(timezone.utc)).replace(microsecond=0), mode="puzzle",
        players=(players[0], players[1]), seed=start.seed, first_player=start.first_player,
        rules=start.rules, decks=decks, commands=commands,
        winner=seat if solved else 1 - seat, reason="puzzle solved" if solved else "puzzle not solved",
        rounds=duel.round, start_hash=start_hash, final_hash=state_hash(replayed),
        auto_pass=bool(start.state.auto_pass), game_version=game_version(), cards=tuple(cards),
        events=plain_events(replayed.event_log), kept=kept, position=position,
        marks=tuple(marks))


def replays_dir() -> Path:
    from game.files.folders import data_dir

    return data_dir() / FOLDER


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:32] or "deck"


def file_name(replay: Replay) -> str:
    """`2026-11-30_175134_ember-rush_vs_veil-control.yaml`: sorts by date."""
    when = replay.date.astimezone(timezone.utc).strftime("%Y-%m-%d_%H%M%S")
    if replay.mode == "puzzle":
        return f"{when}_puzzle_{_slug(replay.players[0].deck)}.yaml"
    return f"{when}_{_slug(replay.players[0].deck)}_vs_{_slug(replay.players[1].deck)}.yaml"


def _file_text(replay: Replay) -> str:
    """The header and the commands as YAML, then the `events` line and the `cards` list, one
    card a line as a JSON object (JSON is YAML: any YAML reader reads the file; the game reads
    these lines without YAML, which takes a quarter of a second for two decks' cards)."""
    data = replay.to_data()
    events, marks, cards = data.pop("events", None), data.pop("marks", None), data.pop("cards", None)
    text = dump_yaml(data)  # the header first: a list reads only what is above `commands`
    if events is not None:
        text += f"events: {events}\n"
    if marks is not None:
        text += f"marks: {marks}\n"
    if cards is not None:
        text += "cards:\n" + "".join(f"- {json.dumps(card, ensure_ascii=False)}\n" for card in cards)
    return text


def replay_text(replay: Replay, where: Path | None = None) -> str:
    """The file's text. A replay whose events would make it too big to read back keeps none
    (it is then shown by re-play alone); ReplayError if it is too big even so."""
    text = _file_text(replay)
    limit = kind_of("replay").max_bytes
    if len(text.encode("utf-8")) > limit and replay.events is not None:
        text = _file_text(replace(replay, events=None, marks=None))
    size = len(text.encode("utf-8"))
    if size > limit:  # never write a file the game would refuse to read
        raise ReplayError(where, too_big(None, size, "replay").problem)
    return text


def save_replay(replay: Replay, folder: Path | None = None, keep: int = KEEP) -> Path:
    """Write `replay` atomically into the replays folder, then keep only the newest `keep`.
    Returns the new file; ReplayError (one line) if it cannot be written."""
    folder = folder if folder is not None else replays_dir()
    name = file_name(replay)
    path = _create(folder, name, replay_text(replay, folder / name).encode("utf-8"))
    prune(folder, keep, spare=path)
    return path


def _create(folder: Path, name: str, data: bytes) -> Path:
    """A new file `name` in `folder` (`-2`, `-3`... when taken), written whole and atomically;
    each name is taken exclusively: two instances never share one. ReplayError otherwise."""
    stem = name[:-len(".yaml")] if name.endswith(".yaml") else name
    for n in range(1, 10_000):
        path = folder / (f"{stem}.yaml" if n == 1 else f"{stem}-{n}.yaml")
        try:
            if create_exclusive_bytes(path, data):
                return path
        except FileError as exc:
            raise ReplayError(exc.path, exc.problem) from None
    raise ReplayError(folder / name, "cannot write the file: no free name")


# ------------------------------------------------------- sharing (import, export)
IMPORTED = "imported_"  # an imported replay's name starts so: never pruned (not NAME_RE)


def exports_dir() -> Path:
    from game.files.folders import exports_dir as folder

    return folder()


def export_replay(path: Path, folder: Path | None = None) -> Path:
    """Share a replay: its file, checked whole first (a file that cannot be read is not
    shared), copied byte for byte into the exports folder under its own name (`-2`... when
    taken). Returns the new file; ReplayError (one line) otherwise."""
    load_replay(path)
    try:
        data = read_bytes(path, "replay")
    except FileError as exc:
        raise ReplayError(exc.path, exc.problem) from None
    return _create(folder if folder is not None else exports_dir(), path.name, data)


def import_files(folder: Path | None = None) -> list[Path]:
    """The *.yaml files of the exports folder a replay may be imported from, newest first
    (deck exports are there too: importing one is refused in one line)."""
    folder = folder if folder is not None else exports_dir()
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".yaml" and not p.name.startswith(".")]
    except OSError:
        return []

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    return sorted(found, key=lambda p: (-mtime(p), p.name))


def import_replay(source: Path, pool: Mapping[str, CardDef] | None = None,
                  folder: Path | None = None) -> Path:
    """Take a shared replay: checked whole (and, for a format 1 file, against today's cards
    `pool`: it is shown on them), then copied byte for byte into the replays folder as
    `imported_<its name>` (never pruned). Returns the new file; ReplayError (one line naming
    the file and the problem) for a file that is not a good replay."""
    load_replay(source, pool)
    try:
        data = read_bytes(source, "replay")
    except FileError as exc:
        raise ReplayError(exc.path, exc.problem) from None
    folder = folder if folder is not None else replays_dir()
    name = source.name if source.name.startswith(IMPORTED) else IMPORTED + source.name
    if not name.endswith(".yaml"):
        name += ".yaml"
    return _create(folder, name, data)


def _order(path: Path) -> tuple[str, int]:
    """Sort key of a name `save` gave: the date-and-decks part, then the `-2`, `-3` of a
    second replay saved in the same second (so it sorts as the newer one)."""
    m = re.fullmatch(r"(.*?)(?:-(\d+))?\.yaml", path.name)
    assert m is not None
    return m.group(1), int(m.group(2) or 1)


def replay_files(folder: Path | None = None) -> list[Path]:
    """Every *.yaml in the replays folder, newest first (by name: it starts with the date;
    files named otherwise come last, newest change first)."""
    folder = folder if folder is not None else replays_dir()
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".yaml" and not p.name.startswith(".")]
    except OSError:
        return []
    named = sorted((p for p in found if NAME_RE.match(p.name)), key=_order, reverse=True)
    others = [p for p in found if not NAME_RE.match(p.name)]

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    return named + sorted(others, key=mtime, reverse=True)


def prune(folder: Path, keep: int = KEEP, spare: Path | None = None) -> list[Path]:
    """Delete the oldest replays the game named beyond the newest `keep` (never `spare`, never
    a file named otherwise: the player put it there). Returns what was deleted."""
    named = [p for p in replay_files(folder) if NAME_RE.match(p.name)]
    gone = []
    for p in named[keep:]:
        if p == spare:
            continue
        try:
            p.unlink()
            gone.append(p)
        except OSError:
            pass  # a file that cannot be deleted stays; the next save tries again
    return gone


@dataclass(frozen=True)
class ReplayEntry:
    """One file of the replays folder as the list shows it: the replay, or why it cannot be
    read (`problem`, the error without the file name). `complete` False: only the header
    was read (no commands yet); `full()` reads the whole file when it is opened."""

    path: Path
    replay: Replay | None
    problem: str = ""
    complete: bool = True

    def full(self, pool: Mapping[str, CardDef] | None = None) -> Replay:
        """The whole replay (commands included); ReplayError if it cannot be read."""
        if self.replay is not None and self.complete:
            return self.replay
        if self.replay is None:
            raise ReplayError(self.path, self.problem)
        return load_replay(self.path, pool)


def read_entry(path: Path, pool: Mapping[str, CardDef] | None = None,
               header_only: bool = True) -> ReplayEntry:
    """One file as the list shows it (never raises for a bad file): by default only its
    header, so a folder of long replays lists at once."""
    try:
        if header_only:
            return ReplayEntry(path, load_header(path, pool), complete=False)
        return ReplayEntry(path, load_replay(path, pool))
    except ReplayError as exc:
        return ReplayEntry(path, None, exc.problem)
    except Exception as exc:  # noqa: BLE001 - one file never takes the list down
        return ReplayEntry(path, None, f"cannot be read: {one_line(exc)}")


def list_replays(pool: Mapping[str, CardDef] | None = None, folder: Path | None = None,
                 header_only: bool = True) -> list[ReplayEntry]:
    """Every replay file, newest first; a broken one is listed with its problem."""
    return [read_entry(path, pool, header_only) for path in replay_files(folder)]


def delete_replay(path: Path) -> None:
    """Delete one replay file; ReplayError (one line) if it cannot be deleted."""
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ReplayError(path, f"cannot delete the file: {exc.strerror or exc}") from None


# ------------------------------------------------------------------ playing
def same_event(recorded: dict, played: dict) -> bool:
    """A re-played event is the recorded one when every field the recording has is equal.
    A field the engine added to the event since (what each seat may be told of it, say) is
    not in an older recording and not compared: it says more about the same event, it does
    not play differently (a real difference shows in the recorded fields and the end's
    state hash)."""
    return all(played.get(k, _MISSING) == v for k, v in recorded.items())


_MISSING = object()


@dataclass(frozen=True)
class Difference:
    """Where a re-play first differs from the recording: the event's number in the stream
    (0-based), the command that caused it (0: the start) and both sides as plain events."""

    event: int
    command: int
    recorded: dict | None
    played: dict | None
    refused: str = ""  # the engine refused or failed on a command instead

    def words(self, replay: Replay) -> str:
        """One sentence: which command, which event, what was recorded and what is now."""
        if self.refused:
            return self.refused
        if self.command == 0:
            where = "at the start"
        elif self.command > len(replay.commands):
            where = f"after the last command ({len(replay.commands)})"
        else:
            where = f"at command {self.command} ({command_line(replay.commands[self.command - 1])})"
        if self.recorded is None or self.played is None:
            extra = "ends sooner" if self.played is None else "goes on"
            return (f"{where}, event {self.event + 1}: the recording has "
                    f"{event_words(self.recorded)}; the re-play {extra}: "
                    f"{event_words(self.played)}")
        if self.recorded.get("type") != self.played.get("type"):
            return (f"{where}, event {self.event + 1}: recorded {event_words(self.recorded)}; "
                    f"now {event_words(self.played)}")
        changed = [f"{k} recorded {_short(self.recorded.get(k))}, now {_short(self.played.get(k))}"
                   for k in self.recorded if self.recorded.get(k) != self.played.get(k)]
        return (f"{where}, event {self.event + 1} ({self.recorded.get('type')}): "
                f"{'; '.join(changed)} (the recorded event: {event_words(self.recorded)})")


@dataclass
class ReplayRun:
    """A replay played out on the engine once, up front: the duel at any command index is a
    clone of the nearest checkpoint plus a few commands (stepping back is cheap); the final
    duel keeps every event, which `log_for` hands out per seat (the engine's redaction).
    `stopped` says why the replay ends before its last command (the engine refused one: its
    reason), `difference` where the events first differ from the recorded ones, `warnings`
    what does not match the recording, in words."""

    replay: Replay
    pool: Mapping[str, CardDef]  # the cards it was played with
    rules: Rules | None = None  # the rules it was played with (None: the recording's)
    length: int = 0  # commands that applied
    event_counts: list[int] = field(default_factory=list)  # events so far after i commands
    rounds: list[int] = field(default_factory=list)  # the round after i commands
    checkpoints: list[Duel] = field(default_factory=list)  # the duel after k*CHECKPOINT commands
    final: Duel | None = None
    stopped: str = ""
    difference: Difference | None = None
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def play(cls, replay: Replay, pool: Mapping[str, CardDef], *, as_played: bool = True,
             rules: Rules | None = None) -> ReplayRun:
        """Play `replay` once. `as_played` (the viewer): on its own kept card data and rules
        (a format 1 replay has none: `pool`, today's cards); else on `pool` and `rules`
        (today's game: `check_replay`). ReplayError if the duel cannot even begin."""
        if as_played:
            pool, rules = replay.played_pool(pool), None
        run = cls(replay, pool, rules)
        duel = run._start()
        if rules is None and state_hash(duel) != replay.start_hash:
            run.warnings.append("the start differs from the recording (the card set or the "
                                "engine changed since): it may not replay the same")
        run.event_counts.append(duel.log_size)
        run.rounds.append(duel.round)
        run.checkpoints.append(duel.clone())
        for i, cmd in enumerate(replay.commands):
            try:
                duel.apply(cmd)
            except Rejected as exc:
                run.stopped = f"command {i + 1} ({command_line(cmd)}) was refused: {exc.reason}"
                break
            except Exception as exc:  # an engine failure must not take the viewer down
                run.stopped = f"command {i + 1} ({command_line(cmd)}) failed in the engine: " \
                              f"{type(exc).__name__}: {exc}"
                break
            run.length = i + 1
            run.event_counts.append(duel.log_size)
            run.rounds.append(duel.round)
            if run.length % CHECKPOINT == 0:
                run.checkpoints.append(duel.clone())
        run.final = duel
        if replay.events is not None:
            run.difference = run._compare()
        if run.difference is not None and not run.difference.refused:
            run.warnings.append("it plays differently from the recording "
                                + run.difference.words(replay))
        if not run.stopped and state_hash(duel) != replay.final_hash:
            run.warnings.append("the end differs from the recording (the card set or the rules "
                                "changed since)")
        return run

    def _start(self) -> Duel:
        return self.replay.start(self.pool, self.rules)

    def _compare(self) -> Difference | None:
        """The first event that differs from the recorded stream (None: all the same)."""
        assert self.final is not None and self.replay.events is not None
        recorded = self.replay.events
        played = plain_events(self.final.event_log)
        n = min(len(recorded), len(played))
        at = next((i for i in range(n) if not same_event(recorded[i], played[i])), n)
        if at == len(recorded) == len(played) and not self.stopped:
            return None
        command = bisect_right(self.event_counts, at)  # the command whose events hold `at`
        if at == len(played) and self.stopped and at <= len(recorded):
            return Difference(at, self.length + 1, recorded[at] if at < len(recorded) else None,
                              None, self.stopped)
        return Difference(at, command, recorded[at] if at < len(recorded) else None,
                          played[at] if at < len(played) else None)

    @property
    def reproduced(self) -> bool:
        """Every command applied and the re-play told the recorded events (or, with none
        recorded, reached the recorded end)."""
        if self.stopped or self.difference is not None:
            return False
        assert self.final is not None
        return state_hash(self.final) == self.replay.final_hash

    def duel_at(self, index: int) -> Duel:
        """A fresh duel after `index` commands (0: the start)."""
        index = max(0, min(self.length, index))
        k = index // CHECKPOINT
        duel = self.checkpoints[k].clone()
        for cmd in self.replay.commands[k * CHECKPOINT:index]:
            duel.apply(cmd)
        return duel

    def told_for(self, seat: int) -> tuple:
        """Every event of the whole replay as `seat` was told it, one per event of the duel
        (None where the seat was not told of it): indexed by `event_counts`."""
        assert self.final is not None
        return self.final.told_for(seat)

    def log_for(self, seat: int | None) -> tuple:
        """Every event of the whole replay as `seat` saw it (None: everything, unredacted: the
        designer's `main.py replay` without --seat, a tool that sees everything)."""
        assert self.final is not None
        return tuple(self.final.event_log) if seat is None else self.final.log_for(seat)


@dataclass(frozen=True)
class Verdict:
    """Whether today's game (engine, cards, rules) plays a replay as it was recorded."""

    reproduced: bool
    difference: str  # "" when reproduced: where it first differs, in words
    changes: str  # what changed since (cards, rules) in words, "" when nothing did
    run: ReplayRun  # the re-play on today's game

    def sentence(self) -> str:
        if self.reproduced:
            return "Today's game plays this replay exactly as it was recorded."
        why = f" ({self.changes})" if self.changes else ""
        return f"Today's game plays it differently{why}: {self.difference}"


def check_replay(replay: Replay, pool: Mapping[str, CardDef], rules: Rules) -> Verdict:
    """Play `replay` on today's cards `pool` and rules `rules` and compare with what was
    recorded (its events, or its end when it has none)."""
    changes = what_changed(replay.kept, replay.rules, pool, rules)
    try:
        run = ReplayRun.play(replay, pool, as_played=False, rules=rules)
    except ReplayError as exc:
        empty = ReplayRun(replay, pool, rules, stopped=exc.problem)
        return Verdict(False, f"the duel cannot begin today: {exc.problem}", changes, empty)
    if run.reproduced:
        return Verdict(True, "", changes, run)
    if run.difference is not None:
        words = run.difference.words(replay)
    elif run.stopped:
        words = run.stopped
    else:
        words = "the end differs from the recording (the recording keeps no events to say where)"
    return Verdict(False, words, changes, run)
