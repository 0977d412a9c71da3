"""Autosave: the duel in progress (and the match around it, or the puzzle) kept on disk after
every accepted command, so a crash, a kill or a power cut loses nothing; Continue brings it
back.

The file is `data_dir()/autosave/duel.jsonl`, an append-only journal:

- line 1, the header (JSON), written whole and atomically (game.files.fileio) when a duel starts
  or is resumed: for a match the suspended-duel data of game/play/suspend.py (decks, the match,
  the engine's state and every command so far), for a puzzle which puzzle it is and the
  state hash of its start;
- then one line per accepted command, in the replay format (`Pass player=1`,
  game/play/replay/ `command_line`), written as it is accepted;
- after the duel's last command, the match's notes between duels, one `@{JSON}` line each
  (`Journal.note`): who the last duel's loser chose to go first, and each player's Deck once
  they have side-decked (Done), so a kill while side-decking comes back there.

Restoring reads the header through the same checks as a suspended duel (the state it holds
must replay to the same hash), then applies the appended commands one by one on the engine:
the restored duel is exactly the one that was on screen, state hash and all. The last line
may be cut (killed mid-write): a line without its newline is ignored. A damaged line (not a
command, not a note) ends what is read: the journal is kept up to its last good line and
Continue says how many commands it kept; a `#` checkpoint line (the state hash after so many
commands, written after a recovery from a failed write) is checked on the way, and a
position that differs is never restored. Anything else wrong (a damaged header, a command
the engine refuses) makes the file unusable: `set_aside` renames it (never deletes it).

An accepted command is in the file before the game goes on: `Journal.append` writes its line
on the caller's thread (a few microseconds: the OS keeps it through a kill), and the writer
thread (`Writer`) does what may wait: the header written whole, the syncs, and the whole
journal written again (atomically) after a write failed, once the disk takes it; until then
nothing is appended, so no line is ever cut and joined or skipped. One window owns a journal
(`lease`: an OS lock on `duel.jsonl.lock` while its duel is open); a second window plays its
own duel in `duel-2.jsonl` and its Continue passes over a journal another window holds.
scripts/bench_autosave.py `autosave_cost_us` measures the cost per command (`main.py bench`).
No pygame here. docs/files.md, "Autosave", has the decisions.
"""

from __future__ import annotations

import json
import os
import queue
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.decks.deck import LISTS, MAX_ID, Deck
from game.engine import CardDef, Command, Duel, Rejected, state_hash
from game.files import folders
from game.files.fileio import (
    FileError,
    atomic_write_bytes,
    decode_text,
    exists,
    format_problem,
    hold_lock,
    kind_of,
    one_line,
    parse_json,
    read_bytes,
    release_lock,
    sync_and_close,
    too_big,
    write_problem,
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


# ---------------------------------------------------------------------- one owner
SLOTS = 8  # windows sharing one home, each playing its own duel: `duel.jsonl`, `duel-2.jsonl`...
OPEN_ELSEWHERE = "This duel is open in another window"

_leases: dict[str, int] = {}  # journal path -> the descriptor holding its lock (this process)
_claimed = 1  # the slot of this window's duel (its journal's name in today's data folder)
_lease_lock = threading.Lock()


def slot(n: int) -> Path:
    """The n-th journal name (1: `duel.jsonl`, the one older versions knew)."""
    return folder() / (FILE_NAME if n == 1 else FILE_NAME.replace(".", f"-{n}.", 1))


def lock_path(target: Path) -> Path:
    """The lock file beside a journal (`duel.jsonl.lock`): the journal itself is replaced
    by renames, so the lock lives on a file that stays."""
    return target.with_name(target.name + ".lock")


def lease(target: Path) -> bool:
    """This window owns `target` (an OS lock on its lock file, held while the duel is open;
    the OS lets go of it when the process ends, a kill included). False when another window
    holds it."""
    key = str(target)
    with _lease_lock:
        if key in _leases:
            return True
        fd = hold_lock(lock_path(target))
        if fd is None:
            return False
        _leases[key] = fd
        return True


def release(target: Path) -> None:
    """Let another window have `target` (the duel was left)."""
    with _lease_lock:
        fd = _leases.pop(str(target), None)
    if fd is not None:
        release_lock(fd)


def held_elsewhere(target: Path) -> bool:
    """True when another window owns `target` (checked by taking the lock for a moment)."""
    if str(target) in _leases:
        return False
    fd = hold_lock(lock_path(target))
    if fd is None:
        return True
    release_lock(fd)
    return False


def path() -> Path:
    """This window's journal: the one it continued or started (`duel.jsonl` until then)."""
    return slot(_claimed)


def _claim(n: int) -> None:
    global _claimed
    _claimed = n


def new_target() -> Path | None:
    """The journal a new duel of this window goes to: the one it already owns, else the first
    that no other window owns (`duel.jsonl` for a single window: a new duel replaces an old
    autosave as before). None when every slot is taken."""
    if str(path()) in _leases:
        return path()
    for n in range(1, SLOTS + 1):
        if lease(slot(n)):
            _claim(n)
            return slot(n)
    return None


def journals() -> list[Path]:
    """Every journal there is (anything at a slot's name), in slot order."""
    return [slot(n) for n in range(1, SLOTS + 1) if exists(slot(n))]


def pick() -> tuple[Path | None, bool]:
    """The journal Continue takes: the first no other window owns, now owned by this one;
    and whether a journal was passed over because another window is playing it."""
    busy = False
    for n in range(1, SLOTS + 1):
        target = slot(n)
        if not exists(target):
            continue
        if lease(target):
            _claim(n)
            return target, busy
        busy = True
    return None, busy


def available(where: Path | None = None) -> bool:
    """True when anything is at an autosave's name (Continue then says what it holds, or that
    another window is playing it)."""
    return exists(where) if where is not None else bool(journals())


# ---------------------------------------------------------------------- the writer
Op = tuple[str, "Journal | threading.Event"]


class Writer:
    """One background thread for what may wait: a journal's header written whole (atomically),
    the whole journal rewritten after a failed write, the syncs (`fsync`), and deleting a
    journal left on purpose. The lines themselves are written by `Journal.append` on the
    thread that accepted the command. A journal whose write failed is retried every second
    until its whole rewrite succeeds."""

    RETRY_S = 1.0

    def __init__(self) -> None:
        self.queue: queue.SimpleQueue[Op] = queue.SimpleQueue()
        self.broken: set[Journal] = set()  # waiting for a whole rewrite that can succeed
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def put(self, op: Op) -> None:
        self.queue.put(op)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every operation queued so far is done (tests, leaving the game)."""
        done = threading.Event()
        self.queue.put(("flush", done))
        return done.wait(timeout)

    def _run(self) -> None:
        while True:
            try:
                batch = [self.queue.get(timeout=self.RETRY_S if self.broken else None)]
            except queue.Empty:
                batch = [("rewrite", j) for j in list(self.broken)]
            while True:  # take everything waiting: one sync per journal for a burst
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            seen: set[tuple[str, int]] = set()
            for op in batch:
                if op[0] in ("sync", "rewrite"):
                    if (op[0], id(op[1])) in seen:
                        continue
                    seen.add((op[0], id(op[1])))
                try:
                    self._do(op)
                except Exception:  # the writer must live on (the journal says why)
                    pass
                if op[0] == "flush" and isinstance(op[1], threading.Event):
                    op[1].set()

    def _do(self, op: Op) -> bool:
        kind, journal = op
        if not isinstance(journal, Journal):
            return False  # flush: handled by the loop
        if kind in ("start", "rewrite"):
            if journal.write_whole():
                self.broken.discard(journal)
            elif journal.is_current():
                self.broken.add(journal)
            else:
                self.broken.discard(journal)
            return True
        if kind == "sync":
            journal.sync()
            return True
        if kind == "discard":
            self.broken.discard(journal)
            journal.remove()
            return True
        return False


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
    """Wait until what the writer was given is done (the game closing on a SIGTERM,
    Continue), if a writer was ever started; True when nothing is left waiting."""
    with _writer_lock:
        current = _writer
    return True if current is None else current.flush(timeout)


_current: dict[str, str] = {}  # journal path -> the token of the journal that owns the file now


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class Journal:
    """The autosave of one duel on screen: `append` after each accepted command writes its
    line before returning (about 10 us: the OS keeps it through a kill; the sync comes
    later, off the frame), `discard` when the player leaves it on purpose.

    The whole journal (header and every line) is also kept in memory, so a write that fails
    (a full disk) never leaves a torn file behind: nothing more is appended, and the writer
    rewrites the file whole, atomically, as soon as that can succeed."""

    def __init__(self, header: dict[str, Any] | None, history: Sequence[Command] = (),
                 target: Path | None = None) -> None:
        self.token = secrets.token_hex(8)  # "" once nothing more is written for this duel
        self._id = self.token
        self.count = len(history)
        self.writer = writer()
        # told (once, on the caller's thread) when the journal could not save: the screen says it
        self.on_problem: Callable[[str], None] | None = None
        self._told = False
        self.problem = ""  # why this duel is not autosaved ("" while it is)
        self._lock = threading.Lock()  # the file and `_data`: the caller's thread and the writer's
        self._fd: int | None = None
        self._data: list[bytes] = []  # the journal as it must be on disk, in pieces
        self._size = 0
        self._failed = False  # a write failed: no append until the whole rewrite succeeds
        self._sync_due = False
        self._ready = threading.Event()  # the header is on disk (or its write failed)
        # the state hash of the duel now (set by the screen): after a whole rewrite that
        # followed a failed write, the next command's line is followed by a checkpoint, so
        # Continue checks the position it reaches there
        self.hasher: Callable[[], str] | None = None
        self._checkpoint_due = False
        self._tried = 0.0  # when the last whole rewrite was tried (one a second at most)
        owned = target or new_target()
        self.target = owned or slot(1)
        if owned is None or not lease(self.target):
            self._give_up(f"{self.target}: {OPEN_ELSEWHERE} (each window autosaves its own "
                          f"duel, at most {SLOTS})")
            return
        if header is None:  # adopt the file as it is (a restored duel that had ended)
            self._adopt()
            return
        lines = "".join(command_line(c) + "\n" for c in history)
        data = json.dumps(header, separators=(",", ":")).encode("utf-8") + b"\n" \
            + lines.encode("utf-8")
        if len(data) > kind_of(KIND).max_bytes:
            self._give_up(str(too_big(self.target, len(data), KIND)))
            return
        self._data, self._size = [data], len(data)
        _current[str(self.target)] = self._id
        self.writer.put(("start", self))

    def _give_up(self, problem: str) -> None:
        self.problem = problem
        self.token = ""  # nothing will be written for this duel
        self._ready.set()

    def _adopt(self) -> None:
        fd = _open_for_append(self.target)
        if fd is None:
            self._give_up(f"{self.target}: cannot go on with the autosave")
            return
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            whole = bytearray()
            while chunk := os.read(fd, 1 << 20):
                whole += chunk
        except OSError as exc:
            os.close(fd)
            self._give_up(f"{self.target}: {one_line(exc)}")
            return
        self._fd, self._data, self._size = fd, [bytes(whole)], len(whole)
        _current[str(self.target)] = self._id
        self._ready.set()

    def is_current(self) -> bool:
        """True while the file at `target` is this journal's (no newer duel replaced it)."""
        return _current.get(str(self.target)) == self._id

    # -- the caller's thread
    def append(self, cmd: Command) -> None:
        """One accepted command: written to the file before this returns (never waits for
        the disk to sync it)."""
        if self.token:
            self.count += 1
            if self.count <= MAX_COMMANDS_PER_DUEL:
                line = (command_line(cmd) + "\n").encode("utf-8")
                if self._checkpoint_due and self.hasher is not None:
                    self._checkpoint_due = False  # about 10 ms, once after a recovery
                    line += checkpoint_line(self.count, self.hasher())
                self._add(line)
        self._tell()

    def note(self, data: dict[str, Any]) -> None:
        """A note of the match between duels (`first`, `side`: see `MatchNote`), after the
        duel's last command."""
        if self.token:
            self._add(("@" + json.dumps(data, separators=(",", ":")) + "\n").encode("utf-8"))
        self._tell()

    def _add(self, line: bytes) -> None:
        if not self._ready.is_set():  # the header first (long done but for a very slow disk)
            self._ready.wait(2.0)
        with self._lock:
            if self._size + len(line) > kind_of(KIND).max_bytes:
                self.problem = str(too_big(self.target, self._size + len(line), KIND))
                return
            self._data.append(line)
            self._size += len(line)
            if self._fd is None or self._failed:  # the header's write or the rewrite carries it
                if self._failed and time.monotonic() - self._tried >= Writer.RETRY_S:
                    self._tried = time.monotonic()
                    self.writer.put(("rewrite", self))
                return
            try:
                _write_all(self._fd, line)
            except OSError as exc:
                self._failed = True
                self.problem = f"{write_problem(self.target, exc)}; the duel goes on and is " \
                               "saved whole again once the disk can take it"
                self._close()
            if self._failed:
                op = "rewrite"
            else:
                op = "" if self._sync_due else "sync"
                self._sync_due = True
        if op:
            self.writer.put((op, self))

    def _tell(self) -> None:
        if self.problem and not self._told and self.on_problem is not None:
            self._told = True
            self.on_problem(f"Not autosaved: {self.problem}")

    def discard(self) -> None:
        """The player left the duel on purpose (or saved it elsewhere): the file goes, if it
        still belongs to this duel, and another window may take its name."""
        if self.token:
            self.writer.put(("discard", self))
            # done before the screen moves on: a Continue right after must not find it
            self.writer.flush(timeout=2.0)
            self.token = ""

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until the journal is on disk (a journal whose write failed is tried whole
        again first)."""
        if self._failed:
            self.writer.put(("rewrite", self))
        return self.writer.flush(timeout)

    # -- the writer's thread
    def write_whole(self) -> bool:
        """The journal written whole, atomically (the header, a rewrite after a failed
        write); True when the file is now complete."""
        with self._lock:
            try:
                self._tried = time.monotonic()
                if not self.is_current():
                    return False
                self._close()
                try:
                    atomic_write_bytes(self.target, b"".join(self._data))
                    self._fd = os.open(self.target,
                                       os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
                except FileError as exc:
                    self._failed = True
                    self.problem = str(exc)
                    return False
                except OSError as exc:
                    self._failed = True
                    self.problem = str(write_problem(self.target, exc))
                    return False
                if self._failed:
                    self._checkpoint_due = True
                self._failed, self._sync_due = False, False
                if self.problem:  # it saves again: a later failure is said again
                    self.problem, self._told = "", False
                return True
            finally:
                self._ready.set()

    def sync(self) -> None:
        """The lines written so far made durable (a power cut), off the frame."""
        with self._lock:
            self._sync_due = False
            if self._fd is None:
                return
            try:
                fd = os.dup(self._fd)
            except OSError:
                return
        sync_and_close(fd)

    def remove(self) -> None:
        with self._lock:
            self._close()
            if self.is_current():
                _current.pop(str(self.target), None)
                try:
                    os.unlink(self.target)
                except OSError:
                    pass
        if str(self.target) not in _current:  # no other duel of this window writes there
            release(self.target)

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


# ---------------------------------------------------------------------- headers
def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def match_header(saved: suspend.SuspendedDuel) ->dict[str, Any]:
    return {"kind": MAGIC, "format": FORMAT, "what": "match", "saved_at": _now(),
            "match": suspend.to_data(saved)}


def puzzle_header(key: str, puzzle_path: Path, source: str, start_hash: str, number: int,
                  speed: str) ->dict[str, Any]:
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


def first_note(player: int, goes_first: bool) ->dict[str, Any]:
    return {"note": "first", "player": player, "goes_first": goes_first}


def side_note(player: int, deck: Deck) ->dict[str, Any]:
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
    # (after n commands, the state hash the journal recorded): checked while restoring
    checkpoints: tuple[tuple[int, str], ...] = ()
    # a damaged journal read up to its last good line: what was wrong and what was kept
    # ("" when the whole file was good), and how many of its bytes are good
    salvaged: str = ""
    good_bytes: int = 0

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
    wrong_format = format_problem(header.get("format"), FORMAT)
    if wrong_format:
        raise fail(wrong_format)
    what = header.get("what")
    if what not in WHATS:
        raise fail(f"what: expected one of {', '.join(WHATS)}")
    saved_at = header.get("saved_at")
    saved_at = saved_at[:40] if isinstance(saved_at, str) and saved_at.isprintable() else ""
    body = _lines(rest, fail)
    salvaged = ""
    if body.damage:
        salvaged = (f"{body.damage}: the journal is kept up to its last good line "
                    f"({body.kept_text()})")
    good = len(head) + 1 + body.good_bytes
    if what == "match":
        try:
            saved = suspend.from_data(header.get("match"))
        except suspend._Problem as exc:
            raise fail(str(exc)) from None
        return Autosave("match", saved_at, body.commands, match=saved, notes=body.notes,
                        checkpoints=body.checkpoints, salvaged=salvaged, good_bytes=good)
    if body.notes:
        raise fail("a puzzle's autosave holds notes of a match")
    return Autosave("puzzle", saved_at, body.commands,
                    puzzle=_puzzle_ref(header.get("puzzle"), fail),
                    checkpoints=body.checkpoints, salvaged=salvaged, good_bytes=good)


@dataclass(frozen=True)
class _Body:
    """The lines after the header, read up to the first damaged one."""

    commands: tuple[Command, ...]
    notes: tuple[MatchNote, ...]
    checkpoints: tuple[tuple[int, str], ...]
    damage: str  # "line N: what is wrong", or "" when every line was good
    good_bytes: int  # how many bytes after the header the good lines fill

    def kept_text(self) -> str:
        n = len(self.commands)
        kept = f"{n:,} command{'s' if n != 1 else ''} kept"
        if self.notes:
            kept += f" and {len(self.notes)} note{'s' if len(self.notes) != 1 else ''} of the match"
        return kept


def _lines(rest: bytes, fail: Callable[[str], AutosaveError]) -> _Body:
    """The commands, then the match's notes (`@` lines, after every command), with the
    checkpoints (`#` lines: the state hash after so many commands) among them. Read up to the
    first damaged line: what comes after it is not trusted (a full disk may have cut a line
    and lost the ones after it), and everything before it was written in order."""
    out: list[Command] = []
    notes: list[MatchNote] = []
    checkpoints: list[tuple[int, str]] = []
    known: dict[bytes, Command] = {}
    lines = rest.split(b"\n")
    if lines and lines[-1] != b"":
        lines = lines[:-1]  # the last line was cut by a kill mid-write: it never counted
    good = 0
    damage = ""
    for i, line in enumerate(lines):
        try:
            _line(line, i + 2, out, notes, checkpoints, known, fail)
        except _Damaged as exc:
            damage = str(exc)
            break
        good += len(line) + 1
    return _Body(tuple(out), tuple(notes), tuple(checkpoints), damage, good)


class _Damaged(Exception):
    """A line that is not what the journal writes: the journal is good up to the line before."""


def _line(line: bytes, number: int, out: list[Command], notes: list[MatchNote],
          checkpoints: list[tuple[int, str]], known: dict[bytes, Command],
          fail: Callable[[str], AutosaveError]) -> None:
    where = f"line {number}"
    if not line:
        return
    if line.startswith(b"#"):
        checkpoints.append(_checkpoint(line[1:], where, len(out)))
        return
    if line.startswith(b"@"):
        if len(notes) >= MAX_NOTES:
            raise _Damaged(f"{where}: more than {MAX_NOTES} notes of the match")
        try:
            notes.append(_note(line[1:], number, fail))
        except AutosaveError as exc:
            raise _Damaged(exc.problem) from None
        return
    if notes:
        raise _Damaged(f"{where}: a command after the notes of the match")
    if len(out) >= MAX_COMMANDS_PER_DUEL:
        raise fail(f"more than {MAX_COMMANDS_PER_DUEL:,} commands")
    cmd = known.get(line)
    if cmd is None:
        try:
            cmd = parse_command(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise _Damaged(f"{where}: not a command (not UTF-8)") from None
        except ValueError as exc:
            raise _Damaged(f"{where}: not a command: {one_line(exc, 160)}") from None
        known[line] = cmd
    out.append(cmd)


def _checkpoint(raw: bytes, where: str, commands: int) -> tuple[int, str]:
    """`#{"n": N, "hash": H}`: the state hash after N commands (N those before the line)."""
    try:
        data = parse_json(decode_text(raw), None)
    except FileError as exc:
        raise _Damaged(f"{where}: not a checkpoint: {exc.problem}") from None
    if not isinstance(data, dict) or set(data) != {"n", "hash"} or data["n"] != commands \
            or type(data["n"]) is not int or not isinstance(data["hash"], str) \
            or not _HEX64.fullmatch(data["hash"]):
        raise _Damaged(f"{where}: not a checkpoint after command {commands}")
    return commands, data["hash"]


def checkpoint_line(commands: int, digest: str) -> bytes:
    return ("#" + json.dumps({"n": commands, "hash": digest}, separators=(",", ":"))
            + "\n").encode("utf-8")


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


def _puzzle_ref(data: object, fail: Callable[[str], AutosaveError]) -> PuzzleRef:
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
    replay_onto(duel, save.commands, target, checkpoints=save.checkpoints)
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
                each: Callable[[Duel], object] | None = None,
                checkpoints: Sequence[tuple[int, str]] = ()) -> None:
    """Apply the appended commands; AutosaveError at the first the engine refuses, or where
    the state reached is not the one a checkpoint of the journal recorded (never a wrong
    position)."""
    wanted: dict[int, str] = dict(checkpoints)

    def check(n: int) -> None:
        if n in wanted and state_hash(duel) != wanted[n]:
            raise AutosaveError(target, f"after command {n} of the journal the duel is not "
                                        "where the journal recorded it (its state hash differs)")
    check(0)
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
        check(i + 1)


def check_puzzle_start(ref: PuzzleRef, duel: Duel, target: Path) -> None:
    """The puzzle's start today must be the one the autosave began from."""
    if state_hash(duel) != ref.start_hash:
        raise AutosaveError(target, "the puzzle's file changed since the autosave began (its "
                                    "start position differs)")


# ---------------------------------------------------------------------- setting aside
def keep_damaged(save: Autosave, where: Path | None = None) -> Path | None:
    """A journal read up to its last good line (`save.salvaged`): its whole bytes copied
    beside it (`duel.jsonl.damaged-<UTC time>`, never deleted), then the journal cut after
    its last good line, so the duel goes on from what was kept. The copy's path, or None
    when it could not be made (then the journal is left as it is)."""
    target = where or path()
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    try:
        raw = read_bytes(target, KIND)
        aside = target.with_name(f"{target.name}.damaged-{stamp}")
        n = 2
        while exists(aside):
            aside = target.with_name(f"{target.name}.damaged-{stamp}-{n}")
            n += 1
        atomic_write_bytes(aside, raw)
        atomic_write_bytes(target, raw[:save.good_bytes])
    except FileError:
        return None
    return aside


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
