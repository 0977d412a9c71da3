"""The one reading path and the one writing path for every file the game reads or writes.

Reading (cards, decks, the rules file, scenarios; later settings, saves and replays):

1. the file must be a regular file no bigger than its kind's limit (`KINDS`), checked before
   a byte is parsed, so a 16 MB "deck" or /dev/zero costs nothing;
2. it must be UTF-8 (a bad byte is reported with its offset and line);
3. YAML is parsed by game.yamlio (safe, duplicate keys refused, nesting and alias expansion
   bounded by the kind's `max_nodes`).

Every problem is a `FileError` whose message is one line: the file, then the problem.
The caller's schema check then type-checks and bounds every field before any use.

Writing: `atomic_write_bytes` / `atomic_write_text` write a temp file in the target's folder,
fsync it and replace the target, so the old file stays whole if anything fails. The target
keeps its permission bits; a symlink is written through (its target is replaced, the link
stays); a read-only target is refused; missing folders are created only if the write then
succeeds. The limits and these decisions are documented in docs/files.md.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

import yaml

from game.yamlio import YamlLimitError, load_yaml, yaml_problem

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
    FileKind("save", "a saved duel", 4 * MIB, 500_000),
    FileKind("replay", "a replay", 4 * MIB, 500_000),
    FileKind("suspended", "a suspended duel", 4 * MIB, 500_000),  # JSON (game/suspend.py)
    # `main.py check` reads a file before it knows which of the first three it is.
    FileKind("check", "a card, deck or rules file", 512 * KIB, 100_000),
)}


class FileError(ValueError):
    """A file that cannot be read or written; the message is one line naming the file."""

    def __init__(self, path: str | os.PathLike | None, problem: str) -> None:
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
    text = exc.strerror or type(exc).__name__
    return text[:1].lower() + text[1:]


def too_big(path, size: int, kind: str | FileKind) -> FileError:
    k = kind_of(kind)
    return FileError(path, f"the file is {size} bytes; {k.label} may be at most "
                           f"{size_text(k.max_bytes)} (see docs/files.md)")


# ---------------------------------------------------------------------------- reading
def read_bytes(path: str | os.PathLike, kind: str | FileKind) -> bytes:
    """The file's bytes, if it is a regular file within its kind's size limit."""
    k = kind_of(kind)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise FileError(path, f"cannot read the file: {_os_problem(exc)}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileError(path, "cannot read the file: is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileError(path, "cannot read the file: not a regular file")
        if st.st_size > k.max_bytes:
            raise too_big(path, st.st_size, k)
        chunks, total = [], 0
        while total <= k.max_bytes:  # the file may grow while it is read
            chunk = os.read(fd, k.max_bytes + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileError(path, f"cannot read the file: {_os_problem(exc)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > k.max_bytes:
        raise too_big(path, len(data), k)
    return data


def decode_text(data: bytes, path: str | os.PathLike | None = None) -> str:
    """UTF-8 text (a leading byte-order mark dropped); a bad byte is named by its offset."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileError(path, f"not a text file (not UTF-8): byte 0x{data[exc.start]:02x} at "
                              f"byte offset {exc.start} (line {line})") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path: str | os.PathLike, kind: str | FileKind) -> str:
    """The file as text, within its kind's size limit; FileError otherwise."""
    return decode_text(read_bytes(path, kind), path)


def parse_yaml(text: str, path: str | os.PathLike | None, kind: str | FileKind):
    """YAML text of a file of `kind` -> plain data; FileError (line, column) otherwise."""
    k = kind_of(kind)
    try:
        return load_yaml(text, max_nodes=k.max_nodes)
    except YamlLimitError as exc:
        raise FileError(path, f"{yaml_problem(exc)}: the limit for {k.label} (see "
                              "docs/files.md)") from None
    except yaml.YAMLError as exc:
        raise FileError(path, yaml_problem(exc)) from None


def load_yaml_file(path: str | os.PathLike, kind: str | FileKind):
    """Read, decode and parse a YAML file of `kind`; None for an empty document."""
    return parse_yaml(read_text(path, kind), path, kind)


# ---------------------------------------------------------------------------- writing
def _missing_parents(folder: Path) -> list[Path]:
    """The folders that would have to be created for `folder` to exist, outermost first."""
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    return missing[::-1]


def _create_temp(folder: Path, name: str) -> tuple[int, str]:
    """A new, empty temp file next to the target. Created with mode 0o666 so the OS applies
    the umask, as it would for a plain open() (mkstemp would make it 0o600)."""
    for _ in range(100):
        tmp = str(folder / f".{name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                           | getattr(os, "O_BINARY", 0), 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temp file name")


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Replace `path` with `data` whole or not at all; FileError (one line) on any failure."""
    shown = str(path)
    target = Path(path)
    if target.is_symlink():  # write through the link to its file; the link stays a link
        target = Path(os.path.realpath(target))
    old = None
    try:
        old = os.stat(target)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise FileError(shown, f"cannot write the file: {_os_problem(exc)}") from None
    if old is not None:
        if stat.S_ISDIR(old.st_mode):
            raise FileError(shown, "cannot write the file: is a folder, not a file")
        if not stat.S_ISREG(old.st_mode):
            raise FileError(shown, "cannot write the file: not a regular file")
        if not old.st_mode & 0o222 or not os.access(target, os.W_OK):
            raise FileError(shown, "cannot write the file: it is read-only (the old file is "
                                   "unchanged)")
    created: list[Path] = []
    tmp: str | None = None
    try:
        for folder in _missing_parents(target.parent):
            folder.mkdir()
            created.append(folder)
        fd, tmp = _create_temp(target.parent, target.name)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if old is not None:  # the new file keeps the old one's permissions (and owner)
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
            if hasattr(os, "chown") and (old.st_uid, old.st_gid) != _owner(tmp):
                try:
                    os.chown(tmp, old.st_uid, old.st_gid)
                except OSError:
                    pass  # only the owner or root may; the content matters more
        os.replace(tmp, target)
        tmp = None
        _fsync_folder(target.parent)
    except OSError as exc:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        for folder in reversed(created):
            try:
                folder.rmdir()
            except OSError:
                break
        problem = "no space left on the disk" if exc.errno == errno.ENOSPC else \
            _os_problem(exc)
        unchanged = "; the old file is unchanged" if old is not None else ""
        raise FileError(shown, f"cannot write the file: {problem}{unchanged}") from None


def _owner(path: str) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_uid, st.st_gid


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the OS allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """`atomic_write_bytes` of UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))
