"""The player's folders and settings.yaml: where the game keeps what the player makes.

The folders come from platformdirs: settings.yaml in the user config folder, the player's
decks, replays, saved duels and puzzle marks in the user data folder, crash logs in the user
log folder. PHANTOM_DUEL_HOME overrides them all with one folder (settings and data in it,
logs in its `logs/`), for tests and portable installs. A settings.yaml left in the data folder
by an older version is moved to the config folder once (see `settings_path`). Every write
goes through game.files.fileio's atomic writer; a settings file that cannot be used is left
as the player wrote it. The player's deck files themselves are game/decks/library.py's.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files.fileio import (
    FileError,
    atomic_write_bytes,
    atomic_write_text,
    file_lock,
    load_yaml_file,
    read_bytes,
    sweep_temps,
)
from game.files.yamlio import dump_yaml

APP_NAME = "PhantomDuel"
ENV_HOME = "PHANTOM_DUEL_HOME"
SETTINGS_FILE = "settings.yaml"
BACKUP_SUFFIX = ".bak"
LOCK_TRIES = 6  # times the settings lock is waited for (5 s each) before a save gives up


MOVED_SUFFIX = ".moved"  # an old-place settings file after its move to the config folder


# ------------------------------------------------------------------ folders
def _home() -> Path | None:
    override = os.environ.get(ENV_HOME)
    return Path(override).expanduser() if override else None


def data_dir() -> Path:
    """The user data folder (not created here)."""
    home = _home()
    if home is not None:
        return home
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The user config folder, which holds settings.yaml (not created here)."""
    home = _home()
    if home is not None:
        return home
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """The user log folder, where crash logs go (not created here)."""
    home = _home()
    if home is not None:
        return home / "logs"
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """settings.yaml in the config folder. The first time, one left in the data folder by an
    older version is copied there (atomically, so a failed copy leaves no half file) and the
    old one renamed `settings.yaml.moved`; if the copy fails the old file is used as it is."""
    new = config_dir() / SETTINGS_FILE
    old = data_dir().joinpath(SETTINGS_FILE)
    if new == old or new.exists() or not old.is_file():
        return new
    try:
        atomic_write_bytes(new, old.read_bytes())
    except (FileError, OSError):
        return old
    try:
        old.replace(old.with_name(old.name + MOVED_SUFFIX))
    except OSError:
        pass  # the copy is in place and read from now on; the old one only stays behind
    return new


def decks_dir() -> Path:
    return data_dir() / "decks"


def exports_dir() -> Path:
    return data_dir() / "exports"


def sweep_leftovers() -> list[Path]:
    """Remove the temp files of writes that a killed process never finished, in every
    folder the game writes to (at start: game.files.fileio.sweep_temps leaves a live write of
    another instance alone). Returns what was removed."""
    home = data_dir()
    gone: list[Path] = []
    for folder in (home, config_dir(), decks_dir(), exports_dir(), home / "replays",
                   home / "puzzles", home / "autosave"):
        gone += sweep_temps(folder)
    return gone


# ----------------------------------------------------------------- settings
DEFAULTS: dict[str, dict[str, Any]] = {
    "deck_builder": {"last_deck": "", "sort": "name"},
    "duel_setup": {"deck_1": "", "deck_2": "", "best_of": 1, "first": "coin",
                   "ai_level": "normal"},
    # the duel screen (game.ui.duel.prefs.load_prefs checks the values; the settings screen
    # and the duel's own buttons change them)
    "duel": {"speed": "normal", "responses_0": "when_able", "responses_1": "when_able",
             "ai_pause_ms": 600, "glow": True, "log_size": "normal"},
    "display": {"fullscreen": False},
    # game/ui/look.py applies these at once (the Settings screen's SOUND and ACCESS rows)
    "sound": {"volume": 75, "muted": False},
    "access": {"colours": "standard", "reduced_motion": False, "text_scale": 100},
}
# Values a key may hold beyond its type (a file with another is refused whole, as a wrong
# type is: named with its problem, defaults used, the file left as it is).
ALLOWED: dict[tuple[str, str], tuple[Any, ...] | range] = {
    ("sound", "volume"): range(0, 101),
    ("access", "colours"): ("standard", "colour_blind"),
    ("access", "text_scale"): (100, 115, 130),
}


def _allowed_words(allowed: tuple[Any, ...] | range) -> str:
    if isinstance(allowed, range):
        return f"a whole number from {allowed.start} to {allowed.stop - 1}"
    words = [repr(v) if isinstance(v, str) else str(v) for v in allowed]
    return ", ".join(words[:-1]) + " or " + words[-1]


@dataclass
class Settings:
    """Remembered choices. `problem` says why the file was not used (then nothing is written
    to it: a malformed settings file stays exactly as the player left it)."""

    values: dict[str, dict[str, Any]] = field(default_factory=lambda: {
        k: dict(v) for k, v in DEFAULTS.items()})
    path: Path | None = None
    problem: str = ""
    changed: set[tuple[str, str]] = field(default_factory=set, repr=False)

    def get(self, section: str, key: str) -> Any:
        default = DEFAULTS[section][key]
        value = self.values.get(section, {}).get(key, default)
        return value if type(value) is type(default) else default

    def set(self, section: str, key: str, value: Any) -> None:
        self.values.setdefault(section, {})[key] = value
        self.changed.add((section, key))

    def save(self) -> str | None:
        """Write the settings; the problem as text when it cannot (or must not).

        What another screen saved since this was read is kept (only the keys `set` here
        overwrite the file's), so two screens holding settings never undo each other."""
        if self.problem:
            return f"settings not saved: {self.problem}"
        path = self.path or settings_path()
        # read-merge-write under an OS lock: two instances sharing one home never lose
        # each other's changes (the other waits for this write, then merges over it). A
        # lock that cannot be had in time is tried again, never written around: a blind
        # write could roll back what the other window saved meanwhile
        for _ in range(LOCK_TRIES):
            with file_lock(lock_path(path)) as locked:
                if not locked:
                    continue
                values = self._merged(path)
                try:
                    atomic_write_text(path, dump_yaml(values))
                except FileError as exc:
                    return str(exc)
                self.values = values
                return None
        return (f"settings not saved: {lock_path(path)}: could not be locked (another window "
                f"holds it); the file is left as it is")

    def _merged(self, path: Path) -> dict[str, Any]:
        values: dict[str, Any] = {k: dict(v) if isinstance(v, dict) else v
                                  for k, v in self.values.items()}
        try:
            data = load_yaml_file(path, "settings") if path.exists() else None
        except FileError:
            data = None  # unreadable since it was read: this screen's settings replace it
        if not isinstance(data, dict) or _settings_problem(data):
            return values
        for section, saved in data.items():
            values[section] = dict(saved) if isinstance(saved, dict) else saved
        for section, key in self.changed:
            if not isinstance(values.get(section), dict):
                values[section] = {}
            values[section][key] = self.values.get(section, {}).get(key)
        return values

    def replace_unreadable(self) -> str:
        """The player changed a setting while the file could not be read: from now on it
        is written (the unreadable file kept beside it as `settings.yaml.bak`). Says so."""
        if not self.problem:
            return ""
        path = self.path or settings_path()
        self.problem = ""
        try:
            atomic_write_bytes(path.with_name(path.name + BACKUP_SUFFIX), read_bytes(path, "settings"))
        except FileError:
            return f"{path.name} was replaced (the old file could not be kept)"
        return f"{path.name} was replaced; the unreadable one is kept as {path.name}{BACKUP_SUFFIX}"


def lock_path(path: Path) -> Path:
    """The lock file beside a file written by read-merge-write (`settings.yaml.lock`)."""
    return path.with_name(path.name + ".lock")


def load_settings(path: Path | None = None) -> Settings:
    """The settings file, or defaults with `problem` set when it is malformed."""
    path = path or settings_path()
    settings = Settings(path=path)
    if not path.exists() and not path.is_symlink():
        return settings
    try:
        data = load_yaml_file(path, "settings")
    except FileError as exc:
        settings.problem = f"{exc}; using the defaults (the file is left as it is)"
        return settings
    if data is None:
        return settings
    problem = _settings_problem(data)
    if problem:
        settings.problem = f"{path}: {problem}; using the defaults (the file is left as it is)"
        return settings
    for section, values in data.items():
        if isinstance(values, dict):  # a newer version's odd section is kept in the file only
            settings.values.setdefault(section, {}).update(values)
    return settings


def _settings_problem(data: Any) -> str:
    if not isinstance(data, dict):
        return "expected a mapping of sections"
    for section, values in data.items():
        if section not in DEFAULTS:
            continue  # a newer version's section: kept, not used
        if not isinstance(values, dict):
            return f"{section}: expected a mapping"
        for key, value in values.items():
            default = DEFAULTS[section].get(key)
            if default is not None and type(value) is not type(default):
                return f"{section}.{key}: expected {type(default).__name__}, got {value!r}"[:200]
            allowed = ALLOWED.get((section, key))
            if allowed is not None and value not in allowed:
                return f"{section}.{key}: expected {_allowed_words(allowed)}, got {value!r}"[:200]
    return ""
