"""The replays folder: where the client saves each duel's replay (atomically, named from the
date and the decks, `-2`... when the name is taken), keeping only the newest `KEEP` it named;
listing it newest first (a broken file listed with its problem, a list reading only each
file's header); deleting; and sharing a replay through the exports folder (export, import)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timezone
from pathlib import Path

from game.engine import CardDef
from game.files.fileio import FileError, create_exclusive_bytes, one_line, read_bytes

from .file import load_header, load_replay, replay_text
from .model import Replay, ReplayError

KEEP = 100  # replays kept in the folder; older ones are deleted after each save
FOLDER = "replays"
NAME_RE = re.compile(r"^\d{4}-\d{2}-\d{2}_\d{6}_.*\.yaml$")  # the names `save` gives


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
    except Exception as exc:  # one file never takes the list down
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


