"""The replay file: reading (every field checked) and writing.

The format (docs/files.md, "Replays"):

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
marks: eNpjYGBg...                 # the same of the events told by the start and each command
cards:                             # the card data of every card of both decks, as then
- {"id": "ember_imp", "name": "Ember Imp", "type": "phantom", "level": 1, "atk": 650, ...}
```

A puzzle attempt (mode `puzzle`) starts from the puzzle's position instead of a seed and
two decks: `start.position` is the engine's `to_dict` of it as one line of JSON (without its
rules and history), and `start.decks` list each seat's cards of the position.

`events` is optional (a duel whose events would make the file too big keeps none: it is
shown by re-play alone, as a format 1 replay is). Loading checks every field (type and
bounds) and names the file and the field of the first problem; it never changes the file.
A file laid out as the game writes it reads its command, event and card lines without YAML
(a long duel's file reads in a fraction of a second), and a list reads only its header
(`load_header`). No pygame here.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.ai.levels import LEVEL_NAMES
from game.engine import CardDef, Command, DeckSpec, Rules, from_dict
from game.engine.index import CardPool
from game.files.fileio import (
    FileError,
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
from game.play.played_under import CardData, KeptDataError, read_cards

from .codec import PlainEvent, unpack_events, unpack_marks
from .model import FORMAT, FORMATS, MODES, Replay, ReplayError, ReplayPlayer
from .notation import FIELDS, parse_command

MAX_POSITION = 1_000_000  # characters of a puzzle's start position
MAX_COMMANDS = 200_000  # as game.play.match.MAX_COMMANDS_PER_DUEL
MAX_DECK = 200  # cards in one list of a recorded deck
MAX_TEXT = 200  # characters of a name, a reason


# ------------------------------------------------------------------- reading
class _Check:
    """Field-by-field checks that raise ReplayError naming the file and the field."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> ReplayError:
        return ReplayError(self.path, f"{where}: {problem}")

    def mapping(self, data: object, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
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


def replay_from_data(data: object, path: str | os.PathLike[str] | None = None,
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
    cards: tuple[CardData, ...] | None = None
    events: tuple[PlainEvent, ...] | None = None
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


def _position(c: _Check, text: object, pool: Mapping[str, CardDef] | None, rules: Rules) -> dict[str, Any]:
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
        except Exception as exc:  # hostile data: any failure is one line
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


def _fast_tail(path: str | os.PathLike[str], tail: bytes, empty: bool) -> dict[str, Any] | None:
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
        if empty or m is None or m.group(1).split(" ", 1)[0] not in FIELDS:
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


def _json_cards(lines: list[str]) -> list[object] | None:
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


def _load_data(path: str | os.PathLike[str], raw: bytes) -> object:
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


def load_replay(path: str | os.PathLike[str], pool: Mapping[str, CardDef] | None = None) -> Replay:
    """Read and check one replay file (never changes it); ReplayError naming the file otherwise."""
    try:
        data = _load_data(path, read_bytes(path, "replay"))
    except FileError as exc:
        raise ReplayError(exc.path, exc.problem) from None
    return replay_from_data(data, path, pool)


def load_header(path: str | os.PathLike[str], pool: Mapping[str, CardDef] | None = None) -> Replay:
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



# ------------------------------------------------------------------- writing
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

