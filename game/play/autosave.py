"""Autosave: the duel in progress (and the match around it, or the puzzle) kept on disk after
every accepted command, so a crash, a kill or a power cut loses nothing; Continue brings it
back.

The file is `data_dir()/autosave/duel.jsonl`, an append-only journal:

- line 1, the header (JSON), written whole and atomically (game.files.fileio) when a duel starts
  or is resumed: for a match the suspended-duel data of game/play/suspend.py (decks, the match,
  the engine's state and every command so far), for a puzzle which puzzle it is and the
  state hash of its start;
- then one line per accepted command, in the replay format (`Pass player=1`,
  game/play/replay.py `command_line`), appended as it is accepted;
- after the duel's last command, the match's notes between duels, one `@{JSON}` line each
  (`Journal.note`): who the last duel's loser chose to go first, and each player's Deck once
  they have side-decked (Done), so a kill while side-decking comes back there.

Restoring reads the header through the same checks as a suspended duel (the state it holds
must replay to the same hash), then applies the appended commands one by one on the engine:
the restored duel is exactly the one that was on screen, state hash and all. The last line
may be cut (killed mid-write): a line without its newline is ignored. Anything else wrong
(a damaged header, a line that is not a command, a command the engine refuses) makes the
file unusable: `set_aside` renames it (never deletes it) and says so in one line.

The drawing path never waits for the disk: `Journal.append` formats one line (about 3 us)
and puts it on a queue; one writer thread (`Writer`) writes the header, appends the lines
and syncs them. scripts/bench_files.py `autosave_cost_us` measures the cost per command.
No pygame here. docs/files.md, "Autosave", has the decisions.
"""

from __future__ import annotations

import json
import os
import queue
import re
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from game.decks.deck import LISTS, MAX_ID, Deck
from game.engine import CardDef, Command, Duel, Rejected, state_hash
from game.files import folders
from game.files.fileio import (
    FileError,
    atomic_write_bytes,
    decode_text,
    exists,
    kind_of,
    one_line,
    parse_json,
    read_bytes,
    too_big,
)
from game.play import suspend
from game.play.match import MAX_COMMANDS_PER_DUEL, Match, MatchError
from game.play.replay import command_line, parse_command

FOLDER = "autosave"
FILE_NAME = "duel.jsonl"
KIND = "autosave"  # game.files.fileio.KINDS: its size limit
MAGIC = "phantom-duel autosave"
FORMAT = 1
WHATS = ("match", "puzzle")
SOURCES = ("shipped", "mine")
_HEX64 = re.compile(r"[0-9a-f]{64}")


class AutosaveError(FileError):
    """An autosave that cannot be used; one line naming the file and the problem."""


def folder() -> Path:
    return folders.data_dir() / FOLDER


def path() -> Path:
    return folder() / FILE_NAME


def available(where: Path | None = None) -> bool:
    """True when anything is at the autosave's name (Continue then says what it holds)."""
    return exists(where or path())


# ---------------------------------------------------------------------- the writer
class Writer:
    """One thread that owns the autosave file: every write happens there, in order.

    Operations come through a queue: start (the header, atomically), append (a line, if
    the journal is still the current one), discard (delete the file, same condition) and
    flush (wake a waiting caller once everything before it is on disk). A failure is kept
    in `problem` (the game says it once) and never reaches the drawing path."""

    def __init__(self) -> None:
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.problem = ""
        self.problem_token = ""  # the journal whose write failed
        self._current: str | None = None  # the token of the journal the file belongs to
        self._fd: int | None = None
        self._target: Path | None = None
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def put(self, op: tuple) -> None:
        self.queue.put(op)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every operation queued so far is done (tests, leaving the game)."""
        done = threading.Event()
        self.queue.put(("flush", done))
        return done.wait(timeout)

    def _run(self) -> None:
        while True:
            op = self.queue.get()
            batch = [op]
            while True:  # take everything waiting: one sync for a burst of commands
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            wrote = False
            for item in batch:
                try:
                    wrote = self._do(item) or wrote
                except Exception as exc:  # noqa: BLE001 - the writer must live on
                    self.problem = f"autosave: {one_line(exc)}"
                    self.problem_token = item[1] if isinstance(item[1], str) else ""
            if wrote and self._fd is not None:
                try:
                    os.fsync(self._fd)
                except OSError:
                    pass
            for item in batch:
                if item[0] == "flush":
                    item[1].set()

    def _do(self, op: tuple) -> bool:
        kind = op[0]
        if kind == "start":
            _, token, target, header = op
            self._close()
            atomic_write_bytes(target, header)
            self._fd = os.open(target, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
            self._current, self._target = token, target
            self.problem = ""
            return False
        if kind == "adopt":  # go on appending to the file as it is (a match between duels)
            _, token, target = op
            self._close()
            self._current, self._target = token, target
            self._fd = _open_for_append(target)
            return False
        if kind == "append":
            _, token, data = op
            if token != self._current or self._fd is None:
                return False
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
            return True
        if kind == "discard":
            _, token = op
            if token != self._current:
                return False
            target = self._target
            self._close()
            self._current = self._target = None
            if target is not None:
                try:
                    os.unlink(target)
                except FileNotFoundError:
                    pass
            return False
        return False  # flush: handled by the loop

    def _close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None


def _open_for_append(target: Path) -> int | None:
    """The file open for appending, a last line cut by a kill dropped first (a line appended
    after it would join it); None when there is no file to go on with."""
    try:
        fd = os.open(target, os.O_RDWR | os.O_APPEND | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        size = os.fstat(fd).st_size
        os.lseek(fd, max(0, size - 1), os.SEEK_SET)
        if size and os.read(fd, 1) != b"\n":
            os.lseek(fd, 0, os.SEEK_SET)
            head = b""
            while len(head) < size and (chunk := os.read(fd, size - len(head))):
                head += chunk
            os.ftruncate(fd, head.rfind(b"\n") + 1)
    except OSError:
        os.close(fd)
        return None
    return fd


_writer: Writer | None = None
_writer_lock = threading.Lock()


def writer() -> Writer:
    """The process's one writer (started on first use)."""
    global _writer
    with _writer_lock:
        if _writer is None:
            _writer = Writer()
        return _writer


def flush_pending(timeout: float = 5.0) -> bool:
    """Wait until what the writer was given is on disk, if a writer was ever started (the
    game closing on a SIGTERM); True when nothing is left waiting."""
    with _writer_lock:
        current = _writer
    return True if current is None else current.flush(timeout)


class Journal:
    """The autosave of one duel on screen: `append` after each accepted command (cheap:
    a line on a queue), `discard` when the player leaves it on purpose."""

    def __init__(self, header: dict | None, history: Sequence[Command] = (),
                 target: Path | None = None) -> None:
        self.token = secrets.token_hex(8)
        self.target = target or path()
        self.count = len(history)
        self.writer = writer()
        # told (once, on the caller's thread) when the writer could not save: the screen says it
        self.on_problem: Callable[[str], None] | None = None
        self._told = False
        self.problem = ""  # why this duel is not autosaved ("" while it is)
        if header is None:  # adopt the file as it is (a restored duel that had ended)
            self.writer.put(("adopt", self.token, self.target))
            return
        lines = "".join(command_line(c) + "\n" for c in history)
        data = json.dumps(header, separators=(",", ":")).encode("utf-8") + b"\n" \
            + lines.encode("utf-8")
        if len(data) > kind_of(KIND).max_bytes:
            self.problem = str(too_big(self.target, len(data), KIND))
            self.token = ""  # nothing will be written for this duel
            return
        self.writer.put(("start", self.token, self.target, data))

    def append(self, cmd: Command) -> None:
        """One accepted command: on its way to the disk (never waits for it)."""
        if not self.token:
            if self.problem and not self._told and self.on_problem is not None:
                self._told = True
                self.on_problem(f"Not autosaved: {self.problem}")
            return
        self.count += 1
        if self.count > MAX_COMMANDS_PER_DUEL:
            return
        self.writer.put(("append", self.token, (command_line(cmd) + "\n").encode("utf-8")))
        if self.writer.problem and self.writer.problem_token == self.token:
            self.problem = self.writer.problem
        if self.problem and not self._told and self.on_problem is not None:
            self._told = True
            self.on_problem(f"Not autosaved: {self.problem}")

    def note(self, data: dict) -> None:
        """A note of the match between duels (`first`, `side`: see `MatchNote`), after the
        duel's last command."""
        if self.token:
            line = "@" + json.dumps(data, separators=(",", ":")) + "\n"
            self.writer.put(("append", self.token, line.encode("utf-8")))

    def discard(self) -> None:
        """The player left the duel on purpose (or saved it elsewhere): the file goes, if it
        still belongs to this duel."""
        if self.token:
            self.writer.put(("discard", self.token))
            self.token = ""
            # done before the screen moves on: a Continue right after must not find it
            self.writer.flush(timeout=2.0)

    def flush(self, timeout: float = 10.0) -> bool:
        return self.writer.flush(timeout)


# ---------------------------------------------------------------------- headers
def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def match_header(saved: suspend.SuspendedDuel) -> dict:
    return {"kind": MAGIC, "format": FORMAT, "what": "match", "saved_at": _now(),
            "match": suspend.to_data(saved)}


def puzzle_header(key: str, puzzle_path: Path, source: str, start_hash: str, number: int,
                  speed: str) -> dict:
    return {"kind": MAGIC, "format": FORMAT, "what": "puzzle", "saved_at": _now(),
            "puzzle": {"key": key, "path": str(puzzle_path), "source": source,
                       "start_hash": start_hash, "number": number, "speed": speed}}


# ---------------------------------------------------------------------- reading
@dataclass(frozen=True)
class PuzzleRef:
    key: str
    path: Path
    source: str
    start_hash: str
    number: int
    speed: str


@dataclass(frozen=True)
class MatchNote:
    """What happened between the duels of a match after the duel in the journal ended:
    `first`, the last duel's loser (`player`) chose whether to go first (`goes_first`);
    `side`, `player` side-decked into `lists` (main, side, extra: card ids in order)."""

    what: str  # "first" or "side"
    player: int
    goes_first: bool = False
    lists: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())


def first_note(player: int, goes_first: bool) -> dict:
    return {"note": "first", "player": player, "goes_first": goes_first}


def side_note(player: int, deck: Deck) -> dict:
    return {"note": "side", "player": player, "main": list(deck.main), "side": list(deck.side),
            "extra": list(deck.extra)}


@dataclass(frozen=True)
class Autosave:
    """What the file holds, checked: the header's content and the appended commands."""

    what: str  # "match" or "puzzle"
    saved_at: str
    commands: tuple[Command, ...]  # appended after the header
    match: suspend.SuspendedDuel | None = None
    puzzle: PuzzleRef | None = None
    notes: tuple[MatchNote, ...] = ()  # between duels, after the last command

    def describe(self) -> str:
        if self.match is not None:
            return self.match.describe().split(", saved")[0]
        assert self.puzzle is not None
        return f"puzzle {Path(self.puzzle.path).stem}"


def load(where: Path | None = None) -> Autosave:
    """Read and check the file (never changes it); AutosaveError says why it cannot be used."""
    target = where or path()
    try:
        raw = read_bytes(target, KIND)
    except FileError as exc:
        raise AutosaveError(target, exc.problem) from None

    def fail(problem: str) -> AutosaveError:
        return AutosaveError(target, problem)

    head, newline, rest = raw.partition(b"\n")
    if not newline:
        raise fail("the autosave is empty or was cut before its first line ended")
    try:
        header = parse_json(decode_text(head, target), target)
    except FileError as exc:
        raise fail(exc.problem) from None
    if not isinstance(header, dict) or header.get("kind") != MAGIC:
        raise fail("this is not an autosave of Phantom Duel")
    if header.get("format") != FORMAT or type(header.get("format")) is not int:
        raise fail(f"saved in format {str(header.get('format'))[:20]}, this version of the "
                   f"game reads format {FORMAT}")
    what = header.get("what")
    if what not in WHATS:
        raise fail(f"what: expected one of {', '.join(WHATS)}")
    saved_at = header.get("saved_at")
    saved_at = saved_at[:40] if isinstance(saved_at, str) and saved_at.isprintable() else ""
    commands, notes = _lines(rest, fail)
    if what == "match":
        try:
            saved = suspend.from_data(header.get("match"))
        except suspend._Problem as exc:
            raise fail(str(exc)) from None
        return Autosave("match", saved_at, commands, match=saved, notes=notes)
    if notes:
        raise fail("a puzzle's autosave holds notes of a match")
    return Autosave("puzzle", saved_at, commands, puzzle=_puzzle_ref(header.get("puzzle"), fail))


def _lines(rest: bytes, fail: Callable[[str], AutosaveError]
           ) -> tuple[tuple[Command, ...], tuple[MatchNote, ...]]:
    """The commands, then the match's notes (`@` lines, after every command)."""
    lines = rest.split(b"\n")
    if lines and lines[-1] != b"":
        lines = lines[:-1]  # the last line was cut by a kill mid-write: it never counted
    out: list[Command] = []
    notes: list[MatchNote] = []
    known: dict[bytes, Command] = {}
    for i, line in enumerate(lines):
        if not line:
            continue
        if line.startswith(b"@"):
            if len(notes) >= MAX_NOTES:
                raise fail(f"more than {MAX_NOTES} notes of the match")
            notes.append(_note(line[1:], i + 2, fail))
            continue
        if notes:
            raise fail(f"line {i + 2}: a command after the notes of the match")
        if len(out) >= MAX_COMMANDS_PER_DUEL:
            raise fail(f"more than {MAX_COMMANDS_PER_DUEL:,} commands")
        cmd = known.get(line)
        if cmd is None:
            try:
                cmd = parse_command(line.decode("utf-8"))
            except UnicodeDecodeError:
                raise fail(f"line {i + 2}: not a command (not UTF-8)") from None
            except ValueError as exc:
                raise fail(f"line {i + 2}: not a command: {one_line(exc, 160)}") from None
            known[line] = cmd
        out.append(cmd)
    return tuple(out), tuple(notes)


MAX_NOTES = 8  # a choice of who goes first and two Decks between duels: a few at most
_MAX_LIST = 200  # card ids in one list of a noted Deck (a legal one has at most 50)


def _note(raw: bytes, number: int, fail: Callable[[str], AutosaveError]) -> MatchNote:
    """One `@{JSON}` line: its shape checked here, its sense (the chooser, the same cards, a
    legal Deck) when the match takes it (`restore_match`)."""
    where = f"line {number}"
    try:
        data = parse_json(decode_text(raw), None)
    except FileError as exc:
        raise fail(f"{where}: {exc.problem}") from None
    if not isinstance(data, dict):
        raise fail(f"{where}: expected a note of the match")
    player = data.get("player")
    if type(player) is not int or player not in (0, 1):
        raise fail(f"{where}: player: expected 0 or 1")
    if data.get("note") == "first" and set(data) == {"note", "player", "goes_first"}:
        if type(data["goes_first"]) is not bool:
            raise fail(f"{where}: goes_first: expected true or false")
        return MatchNote("first", player, goes_first=data["goes_first"])
    if data.get("note") == "side" and set(data) == {"note", "player", *LISTS}:
        lists = []
        for name in LISTS:
            ids = data[name]
            if not isinstance(ids, list) or len(ids) > _MAX_LIST or not all(
                    isinstance(c, str) and 0 < len(c) <= MAX_ID and c.isprintable() for c in ids):
                raise fail(f"{where}: {name}: expected a list of card ids")
            lists.append(tuple(ids))
        return MatchNote("side", player, lists=(lists[0], lists[1], lists[2]))
    raise fail(f"{where}: expected a note of the match (first or side, with its fields)")


def _puzzle_ref(data, fail: Callable[[str], AutosaveError]) -> PuzzleRef:
    if not isinstance(data, dict):
        raise fail("puzzle: expected a mapping")

    def text(key: str, limit: int = 4096) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value or len(value) > limit \
                or not value.isprintable():
            raise fail(f"puzzle.{key}: expected one line of text")
        return value
    source = text("source")
    if source not in SOURCES:
        raise fail(f"puzzle.source: expected one of {', '.join(SOURCES)}")
    start_hash = text("start_hash")
    if not _HEX64.fullmatch(start_hash):
        raise fail("puzzle.start_hash: expected a state hash (64 hex digits)")
    number = data.get("number", 0)
    if type(number) is not int or not 0 <= number <= 10_000:
        raise fail("puzzle.number: expected a whole number from 0 to 10,000")
    speed = data.get("speed")
    speed = speed if speed in suspend.SPEEDS else "normal"
    return PuzzleRef(text("key", 400), Path(text("path")), source, start_hash, number, speed)


# ---------------------------------------------------------------------- restoring
def restore_match(save: Autosave, pool: Mapping[str, CardDef],
                  where: Path | None = None) -> tuple[Match, Duel]:
    """The match and its duel exactly as they were at the last accepted command: the header
    restored as a suspended duel (hash checked), then each appended command applied."""
    target = where or path()
    assert save.match is not None
    try:
        match, duel = suspend.restore(save.match, pool, target)
    except suspend.SuspendError as exc:
        raise AutosaveError(target, exc.problem) from None
    replay_onto(duel, save.commands, target)
    if save.notes:
        take_notes(match, save.notes, target)
    return match, duel


def take_notes(match: Match, notes: Sequence[MatchNote], target: Path) -> None:
    """The match between duels as the notes left it: the ended duel's result recorded, who
    goes first chosen, the Decks side-decked. AutosaveError when the match refuses one."""
    if match.duel is None or not match.duel.over:
        raise AutosaveError(target, "notes of the match come before the end of its duel")
    match.finish_duel()
    for i, note in enumerate(notes):
        where = f"note {i + 1} of the journal"
        if note.what == "first":
            try:
                match.choose_first(note.player, note.goes_first)
            except MatchError as exc:
                raise AutosaveError(target, f"{where} is refused: {one_line(exc)}") from None
            continue
        old = match.decks[note.player]
        problems = match.side_deck(note.player, Deck(old.name, *note.lists))
        if problems:
            raise AutosaveError(target, f"{where} is refused: {problems[0][:300]}")


def replay_onto(duel: Duel, commands: Sequence[Command], target: Path,
                each: Callable[[Duel], object] | None = None) -> None:
    """Apply the appended commands; AutosaveError at the first the engine refuses."""
    for i, cmd in enumerate(commands):
        if duel.over:
            raise AutosaveError(target, f"command {i + 1} of the journal comes after the end "
                                        "of the duel")
        try:
            duel.apply(cmd)
        except Rejected as exc:
            raise AutosaveError(target, f"command {i + 1} of the journal ({command_line(cmd)}) "
                                        f"is refused: {exc.reason}") from None
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise AutosaveError(target, f"command {i + 1} of the journal does not replay: "
                                        f"{one_line(exc, 160)}") from None
        if each is not None:
            each(duel)


def check_puzzle_start(ref: PuzzleRef, duel: Duel, target: Path) -> None:
    """The puzzle's start today must be the one the autosave began from."""
    if state_hash(duel) != ref.start_hash:
        raise AutosaveError(target, "the puzzle's file changed since the autosave began (its "
                                    "start position differs)")


# ---------------------------------------------------------------------- setting aside
def set_aside(where: Path | None = None) -> Path | None:
    """Rename an autosave that cannot be used to `duel.jsonl.unreadable-<UTC time>` beside
    it (never deleted: the player may want it); the new path, or None if nothing could be
    renamed (then it is deleted only if it is a plain file that cannot be renamed either)."""
    target = where or path()
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 100):
        aside = target.with_name(f"{target.name}.unreadable-{stamp}" + (f"-{n}" if n > 1 else ""))
        if exists(aside):
            continue
        try:
            os.rename(target, aside)
        except FileNotFoundError:
            return None
        except OSError:
            return None
        return aside
    return None
