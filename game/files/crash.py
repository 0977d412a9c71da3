"""A crash is written down, never lost: an uncaught exception in the window's main loop or in a
sub-command becomes a log file in the user log folder (folders.log_dir) with the traceback,
the command line, the version and the platform, and the player is told in one line where it
is (on stderr; the window also shows it when it can still draw, game/ui/crash_screen.py).

Writing the log must not raise in turn: if even that fails, the traceback goes to stderr.
"""

from __future__ import annotations

import platform
import sys
import traceback
from datetime import datetime, timezone
from pathlib import Path

EXIT_CODE = 70  # EX_SOFTWARE: an internal error, not a bad argument or file


def _version() -> str:
    from game.files.resources import game_version

    return game_version()


def log_text(exc: BaseException, argv: list[str] | None = None) -> str:
    """The crash log's content: what was run, on what, and the traceback."""
    when = datetime.now(timezone.utc).isoformat(timespec="seconds")
    lines = [f"Phantom Duel crashed at {when}",
             f"version: {_version()}",
             f"command: {' '.join(argv if argv is not None else sys.argv)}",
             f"python: {sys.version.split()[0]} on {platform.platform()}",
             "",
             *traceback.format_exception(type(exc), exc, exc.__traceback__)]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_log(exc: BaseException, argv: list[str] | None = None) -> Path | None:
    """Write the crash log (atomically); its path, or None when it could not be written."""
    try:
        from game.files import folders
        from game.files.fileio import atomic_write_text

        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        folder = folders.log_dir()
        path = folder / f"crash-{stamp}.log"
        n = 2
        while path.exists():
            path = folder / f"crash-{stamp}-{n}.log"
            n += 1
        atomic_write_text(path, log_text(exc, argv))
        return path
    except Exception:
        return None


def report(exc: BaseException, argv: list[str] | None = None) -> tuple[int, Path | None]:
    """Log the crash and say where in one stderr line; (exit code, the log's path)."""
    path = write_log(exc, argv)
    what = " ".join(f"{type(exc).__name__}: {exc}".split())[:200]
    if path is not None:
        print(f"Phantom Duel stopped on an unexpected error ({what}). The details are in "
              f"{path}", file=sys.stderr)
    else:  # the log could not be written: the traceback is the only record left
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        print(f"Phantom Duel stopped on an unexpected error ({what}); the crash log could "
              f"not be written", file=sys.stderr)
    return EXIT_CODE, path
