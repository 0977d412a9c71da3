"""The one reading path and the one writing path for every file the game reads or writes.

Reading (cards, decks, the rules file, scenarios; later settings, saves and replays):

1. the file must be a regular file no bigger than its kind's limit (`KINDS`), checked before
   a byte is parsed, so a 16 MB "deck" or /dev/zero costs nothing;
2. it must be UTF-8 (a bad byte is reported with its offset and line);
3. YAML is parsed by game.files.yamlio (safe, duplicate keys refused, nesting and alias expansion
   bounded by the kind's `max_nodes`).

Every problem is a `FileError` whose message is one line: the file, then the problem.
The caller's schema check then type-checks and bounds every field before any use.

Writing: `atomic_write_bytes` / `atomic_write_text` write a temp file in the target's folder,
fsync it and replace the target, so the old file stays whole if anything fails. The target
keeps its permission bits; a symlink is written through (its target is replaced, the link
stays); a read-only target is refused; missing folders are created only if the write then
succeeds. Any interruption (an error, Ctrl-C, a thread exit) removes the temp file; a temp
file left by a process that was killed mid-write is removed by `sweep_temps` at the next start
(it is locked while its write runs, so a live write of another instance is never touched).
`create_exclusive_bytes` writes a new file only if the name is still free (two instances never
take the same name) and `file_lock` serialises read-merge-write between processes. The limits
and these decisions are documented in docs/files.md.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import yaml

from game.files.yamlio import YamlLimitError, load_yaml, yaml_problem

KIB = 1024
MIB = 1024 * KIB


@dataclass(frozen=True)
class FileKind:
    """What the game accepts for one kind of file."""

    name: str
    label: str  # for messages: "a deck file may be at most 64 KiB"
    max_bytes: int
    max_nodes: int  # YAML values, aliases counted as expanded


KINDS: dict[str, FileKind] = {k.name: k for k in (
    FileKind("cards", "a card file", 512 * KIB, 100_000),
    FileKind("deck", "a deck file", 64 * KIB, 10_000),
    FileKind("rules", "a rules file", 16 * KIB, 1_000),
    FileKind("rules_grid", "a rules grid file", 16 * KIB, 1_000),  # simulate --rules-grid
    FileKind("scenario", "a scenario file", 256 * KIB, 50_000),
    FileKind("settings", "a settings file", 64 * KIB, 10_000),
    FileKind("progress", "a puzzle progress file", 64 * KIB, 10_000),  # game/play/puzzles.py
    FileKind("save", "a saved duel", 4 * MIB, 500_000),
    FileKind("replay", "a replay", 4 * MIB, 500_000),
    FileKind("suspended", "a suspended duel", 4 * MIB, 500_000),  # JSON (game/play/suspend.py)
    FileKind("autosave", "an autosaved duel", 8 * MIB, 500_000),  # JSON lines (game/play/autosave.py)
    # `main.py check` reads a file before it knows which of the first three it is.
    FileKind("check", "a card, deck or rules file", 512 * KIB, 100_000),
)}


class FileError(ValueError):
    """A file that cannot be read or written; the message is one line naming the file."""

    def __init__(self, path: str | os.PathLike[str] | None, problem: str) -> None:
        self.path = None if path is None else str(path)
        self.problem = " ".join(problem.split())
        super().__init__(f"{self.path}: {self.problem}" if self.path else self.problem)


def size_text(n: int) -> str:
    """1024 -> '1 KiB', 65536 -> '64 KiB', 1500 -> '1500 bytes'."""
    for unit, size in (("MiB", MIB), ("KiB", KIB)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} bytes"


def kind_of(kind: str | FileKind) -> FileKind:
    if isinstance(kind, FileKind):
        return kind
    try:
        return KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown file kind {kind!r}; one of {sorted(KINDS)}") from None


def _os_problem(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long for the file system"
    if exc.errno == errno.ENOSPC:
        return "no space left on the disk"
    text = exc.strerror or type(exc).__name__
    return text[:1].lower() + text[1:]


def write_problem(path: str | os.PathLike[str], exc: OSError) -> FileError:
    """A failed write of `path` as one line (`...: cannot write the file: no space left on
    the disk`)."""
    return FileError(path, f"cannot write the file: {_os_problem(exc)}")


def format_problem(value: object, reads: int) -> str:
    """What is wrong with a file's `format` field ("" when it is `reads`): a value that is not
    a whole number is the wrong type, not another version (`"1"` is not format 1)."""
    if type(value) is not int:
        text = repr(value) if isinstance(value, str) else str(value)
        text = text if len(text) <= 20 else text[:17] + "..."
        return f"format: expected a whole number (the format's version), got {text}"
    if value != reads:
        return f"saved in format {str(value)[:20]}, this version of the game reads format {reads}"
    return ""


def too_big(path: str | os.PathLike[str] | None, size: int, kind: str | FileKind) -> FileError:
    k = kind_of(kind)
    return FileError(path, f"the file is {size} bytes; {k.label} may be at most "
                           f"{size_text(k.max_bytes)} (see docs/files.md)")


def is_file(path: str | os.PathLike[str]) -> bool:
    """True for an existing regular file; False for anything else, including a name the OS
    refuses (too long, a NUL byte), never an exception."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def exists(path: str | os.PathLike[str]) -> bool:
    """True when something (a file, a folder, a dangling link) is at `path`; never raises."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def is_dir(path: str | os.PathLike[str]) -> bool:
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


# ---------------------------------------------------------------------------- reading
def _read_regular(path: str | os.PathLike[str], limit: int,
                  whole: FileKind | None = None) -> tuple[bytes, int]:
    """At most `limit` bytes from the start of `path` if it is a regular file, and its size
    (fstat, or what was read if the file grew meanwhile). The one open-and-check of the
    readers: FileError (one line) for a missing file, a folder, a FIFO or device, a name
    the OS refuses, or a read error; with `whole`, a file bigger than that kind's limit is
    refused by its size before a byte is read."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise FileError(path, f"cannot read the file: {_os_problem(exc)}") from None
    except ValueError:  # a NUL byte in the name
        raise FileError(path, "cannot read the file: the name holds a NUL character") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileError(path, "cannot read the file: is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileError(path, "cannot read the file: not a regular file")
        if whole is not None and st.st_size > whole.max_bytes:
            raise too_big(path, st.st_size, whole)
        chunks, total = [], 0
        while total < limit:
            chunk = os.read(fd, limit - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileError(path, f"cannot read the file: {_os_problem(exc)}") from None
    finally:
        os.close(fd)
    return b"".join(chunks), max(st.st_size, total)


def read_bytes(path: str | os.PathLike[str], kind: str | FileKind) -> bytes:
    """The file's bytes, if it is a regular file within its kind's size limit (a file over
    it is refused by its size before a byte is read, and a file that grows past it while it
    is read is refused too)."""
    k = kind_of(kind)
    data, _size = _read_regular(path, k.max_bytes + 1, whole=k)
    if len(data) > k.max_bytes:
        raise too_big(path, len(data), k)
    return data


def read_prefix(path: str | os.PathLike[str], kind: str | FileKind, limit: int) -> tuple[bytes, int]:
    """At most `limit` bytes from the start of a regular file, and its size (a list reads a
    header without the rest). FileError as `read_bytes`."""
    return _read_regular(path, limit)


def decode_text(data: bytes, path: str | os.PathLike[str] | None = None) -> str:
    """UTF-8 text (a leading byte-order mark dropped); a bad byte is named by its offset."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileError(path, f"not a text file (not UTF-8): byte 0x{data[exc.start]:02x} at "
                              f"byte offset {exc.start} (line {line})") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path: str | os.PathLike[str], kind: str | FileKind) -> str:
    """The file as text, within its kind's size limit; FileError otherwise."""
    return decode_text(read_bytes(path, kind), path)


def parse_yaml(text: str, path: str | os.PathLike[str] | None, kind: str | FileKind) -> Any:
    """YAML text of a file of `kind` -> plain data; FileError (line, column) otherwise."""
    k = kind_of(kind)
    try:
        return load_yaml(text, max_nodes=k.max_nodes)
    except YamlLimitError as exc:
        raise FileError(path, f"{yaml_problem(exc)}: the limit for {k.label} (see "
                              "docs/files.md)") from None
    except yaml.YAMLError as exc:
        raise FileError(path, yaml_problem(exc)) from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key[:40]!r}")
        out[key] = value
    return out


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str, path: str | os.PathLike[str] | None) -> Any:
    """JSON text the game wrote (suspended and autosaved duels) -> plain data; FileError
    (one line) for bad JSON, a key written twice, NaN/Infinity or nesting too deep."""
    import json

    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FileError(path, f"not valid JSON: {exc.msg} (line {exc.lineno}, column "
                              f"{exc.colno})") from None
    except RecursionError:
        raise FileError(path, "not valid JSON (nested too deeply)") from None
    except ValueError as exc:
        raise FileError(path, f"not valid JSON: {one_line(exc, 120)}") from None


def load_yaml_file(path: str | os.PathLike[str], kind: str | FileKind) -> Any:
    """Read, decode and parse a YAML file of `kind`; None for an empty document."""
    return parse_yaml(read_text(path, kind), path, kind)


# ---------------------------------------------------------------------------- writing
TEMP_RE = re.compile(r"^\..+\.[0-9a-f]{12}\.tmp$")  # the names `_create_temp` gives


def _missing_parents(folder: Path) -> list[Path]:
    """The folders that would have to be created for `folder` to exist, outermost first."""
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    return missing[::-1]


def _try_lock(fd: int) -> bool:
    """An exclusive lock on an open file without waiting; True if it was taken (or the OS
    has no such locks, where an open file cannot be deleted anyway)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _create_temp(folder: Path, name: str) -> tuple[int, str]:
    """A new, empty temp file next to the target, locked while its write runs (so
    `sweep_temps` in another process leaves it alone). Created with mode 0o666 so the OS
    applies the umask, as it would for a plain open() (mkstemp would make it 0o600)."""
    for _ in range(100):
        tmp = str(folder / f".{name[:200]}.{secrets.token_hex(6)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                         | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue
        _try_lock(fd)
        return fd, tmp
    raise FileExistsError(errno.EEXIST, "no free temp file name")


def _unlink_quietly(path: str | None) -> None:
    if path is None:
        return
    try:
        os.unlink(path)
    except OSError:
        pass


def _check_target(shown: str, target: Path) -> os.stat_result | None:
    """The target's status (None: it does not exist yet); FileError if it cannot be written."""
    try:
        old = os.stat(target)
    except FileNotFoundError:
        return None
    except ValueError:
        raise FileError(shown, "cannot write the file: the name holds a NUL character") from None
    except OSError as exc:
        raise FileError(shown, f"cannot write the file: {_os_problem(exc)}") from None
    if stat.S_ISDIR(old.st_mode):
        raise FileError(shown, "cannot write the file: is a folder, not a file")
    if not stat.S_ISREG(old.st_mode):
        raise FileError(shown, "cannot write the file: not a regular file")
    if not old.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise FileError(shown, "cannot write the file: it is read-only (the old file is "
                               "unchanged)")
    return old


def _write_temp(target: Path, data: bytes, created: list[Path]) -> tuple[int, str]:
    """Create the missing folders and a temp file beside `target` holding `data`, synced.
    The file stays open (and locked) until the caller closes it, after the rename."""
    for folder in _missing_parents(target.parent):
        folder.mkdir()
        created.append(folder)
    fd, tmp = _create_temp(target.parent, target.name)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        _unlink_quietly(tmp)
        raise
    return fd, tmp


def _close_quietly(fd: int | None) -> None:
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def _undo_folders(created: list[Path]) -> None:
    for folder in reversed(created):
        try:
            folder.rmdir()
        except OSError:
            break


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace `path` with `data` whole or not at all; FileError (one line) on any failure.
    Whatever interrupts it (an error, Ctrl-C), no temp file is left behind."""
    shown = str(path)
    target = Path(path)
    try:
        if target.is_symlink():  # write through the link to its file; the link stays a link
            target = Path(os.path.realpath(target))
    except (OSError, ValueError):
        pass  # _check_target names the problem
    old = _check_target(shown, target)
    created: list[Path] = []
    tmp: str | None = None
    fd: int | None = None
    try:
        fd, tmp = _write_temp(target, data, created)
        if old is not None:  # the new file keeps the old one's permissions (and owner)
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
            if hasattr(os, "chown") and (old.st_uid, old.st_gid) != _owner(tmp):
                try:
                    os.chown(tmp, old.st_uid, old.st_gid)
                except OSError:
                    pass  # only the owner or root may; the content matters more
        if os.name == "nt":  # Windows renames only a closed file (and keeps it from a sweep)
            _close_quietly(fd)
            fd = None
        os.replace(tmp, target)
        tmp = None
        _close_quietly(fd)
        fd = None
        _fsync_folder(target.parent)
    except OSError as exc:
        _close_quietly(fd)
        _unlink_quietly(tmp)
        _undo_folders(created)
        unchanged = "; the old file is unchanged" if old is not None else ""
        raise FileError(shown, f"cannot write the file: {_os_problem(exc)}{unchanged}") \
            from None
    except BaseException:  # Ctrl-C, SystemExit, a bug: no temp file outlives its write
        _close_quietly(fd)
        _unlink_quietly(tmp)
        _undo_folders(created)
        raise


def create_exclusive_bytes(path: str | os.PathLike[str], data: bytes) -> bool:
    """Write a NEW file at `path`, whole, only if nothing is there yet: False when the name
    is taken (by another instance a moment ago too), True once written. The data goes to a
    synced temp file which is then hard-linked to the name (the link fails if the name
    exists: never an overwrite); where links are not possible, the name is reserved with
    O_EXCL and filled. FileError on any other failure."""
    shown = str(path)
    target = Path(path)
    created: list[Path] = []
    tmp: str | None = None
    fd: int | None = None
    try:
        fd, tmp = _write_temp(target, data, created)
        if os.name == "nt":
            _close_quietly(fd)
            fd = None
        try:
            os.link(tmp, target)
        except FileExistsError:
            return False
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK,
                                 errno.ENOSYS, errno.EOPNOTSUPP):
                raise
            try:
                out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                             | getattr(os, "O_BINARY", 0), 0o666)
            except FileExistsError:
                return False
            with os.fdopen(out, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        _fsync_folder(target.parent)
        return True
    except OSError as exc:
        _undo_folders(created)
        raise FileError(shown, f"cannot write the file: {_os_problem(exc)}") from None
    except ValueError:
        raise FileError(shown, "cannot write the file: the name holds a NUL character") \
            from None
    finally:
        _close_quietly(fd)
        _unlink_quietly(tmp)


def create_exclusive_text(path: str | os.PathLike[str], text: str) -> bool:
    return create_exclusive_bytes(path, text.encode("utf-8"))


def sweep_temps(folder: str | os.PathLike[str], min_age: float = 0.0) -> list[Path]:
    """Remove the temp files a killed write left in `folder` (names as `_create_temp` gives
    them, not locked by a running write, older than `min_age` seconds). Returns them."""
    gone: list[Path] = []
    try:
        entries = list(os.scandir(os.fspath(folder)))
    except (OSError, ValueError):
        return gone
    now = time.time()
    for entry in entries:
        if not TEMP_RE.match(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < min_age:
                continue
            fd = os.open(entry.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            if _try_lock(fd):  # nobody is writing it: its writer is gone
                os.unlink(entry.path)
                gone.append(Path(entry.path))
        except OSError:
            pass
        finally:
            os.close(fd)
    return gone


@contextlib.contextmanager
def file_lock(path: str | os.PathLike[str], timeout: float = 5.0) -> Iterator[bool]:
    """Hold an OS lock on the lock file `path` (fcntl on POSIX, msvcrt on Windows) so a
    read-merge-write of another process waits for this one. Yields True when the lock was
    taken, False when it could not be within `timeout` or the lock file cannot be made
    (the caller then goes on unlocked: a setting is not worth a hang)."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
    except (OSError, ValueError):
        yield False
        return
    locked = False
    try:
        deadline = time.monotonic() + timeout
        while True:
            locked = _lock_blocking_step(fd)
            if locked or time.monotonic() >= deadline:
                break
            time.sleep(0.01)
        yield locked
    finally:
        if locked:
            _unlock(fd)
        os.close(fd)


def hold_lock(path: str | os.PathLike[str]) -> int | None:
    """Take the OS lock on the lock file `path` without waiting and keep it (until
    `release_lock` or the process ends, when the OS lets it go, a kill included): the open
    descriptor, or None when another process holds it or the lock file cannot be made.
    One owner of a file among windows sharing a home (the autosave's journal)."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
    except (OSError, ValueError):
        return None
    if _lock_blocking_step(fd):
        return fd
    os.close(fd)
    return None


def release_lock(fd: int) -> None:
    """Let go of a lock `hold_lock` took."""
    _unlock(fd)
    _close_quietly(fd)


def _lock_blocking_step(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            pass
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        pass


def _owner(path: str) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_uid, st.st_gid


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the OS allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    sync_and_close(fd)


def sync_and_close(fd: int) -> None:
    """fsync `fd` where the OS allows it, then close it: durability is asked for, never
    required (a folder on Windows, a file system without fsync)."""
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """`atomic_write_bytes` of UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


def one_line(exc: BaseException, limit: int = 300) -> str:
    """An exception as one bounded line for a message (its type when it has no text)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= limit else text[:limit - 3] + "..."
