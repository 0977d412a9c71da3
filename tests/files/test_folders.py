"""Where the player's files live: settings in the config folder (moved there once from the
data folder), everything else in the data folder, crash logs in the log folder, and
PHANTOM_DUEL_HOME putting all of it under one folder. A crash leaves a log and says where."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

import main as entry
from game import cli
from game.files import crash, folders

REPO = Path(__file__).resolve().parents[2]
NAMES = ("config", "data", "decks", "replays", "saves", "puzzles", "logs", "exports")


@pytest.fixture
def platform_folders(tmp_path, monkeypatch) -> dict[str, Path]:
    """No PHANTOM_DUEL_HOME: platformdirs answers, with three separate temp folders."""
    monkeypatch.delenv(folders.ENV_HOME, raising=False)
    where = {k: tmp_path / k for k in ("config", "data", "log")}
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda *a, **k: str(where["config"]))
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(where["data"]))
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *a, **k: str(where["log"]))
    return where


def test_settings_go_to_the_config_folder_and_the_rest_to_the_data_folder(platform_folders):
    where = platform_folders
    assert folders.settings_path() == where["config"] / "settings.yaml"
    assert folders.decks_dir().parent == where["data"] and folders.log_dir() == where["log"]
    settings = folders.load_settings()
    settings.set("duel", "speed", "fast")
    assert settings.save() is None
    assert (where["config"] / "settings.yaml").is_file()
    assert not (where["data"] / "settings.yaml").exists()
    assert folders.load_settings().get("duel", "speed") == "fast"
    found = cli.folders()
    assert found["decks"] == where["data"] / "decks" and found["saves"] == where["data"]
    assert found["replays"].parent == where["data"] and found["puzzles"].parent == where["data"]


def test_an_old_settings_file_is_moved_once_and_read_from_the_new_place(platform_folders):
    where = platform_folders
    old = where["data"] / "settings.yaml"
    old.parent.mkdir()
    content = b"duel:\n  speed: slow\n  glow: false\n"
    old.write_bytes(content)
    assert folders.load_settings().get("duel", "speed") == "slow"
    new = where["config"] / "settings.yaml"
    assert new.read_bytes() == content  # copied byte for byte
    assert not old.exists() and (where["data"] / "settings.yaml.moved").read_bytes() == content
    # once moved, a later change is written to the new place only, and no second move happens
    settings = folders.load_settings()
    settings.set("duel", "speed", "fast")
    assert settings.save() is None
    old.write_bytes(b"duel: {speed: instant}\n")  # an older version wrote here again
    assert folders.load_settings().get("duel", "speed") == "fast"
    assert old.read_bytes() == b"duel: {speed: instant}\n"


def test_a_move_that_cannot_be_written_leaves_the_old_file_in_use(platform_folders):
    where = platform_folders
    old = where["data"] / "settings.yaml"
    old.parent.mkdir()
    old.write_bytes(b"duel: {speed: slow}\n")
    where["config"].write_text("a file where the folder should be")
    assert folders.settings_path() == old
    assert folders.load_settings().get("duel", "speed") == "slow"
    assert old.read_bytes() == b"duel: {speed: slow}\n"


def test_phantom_duel_home_puts_everything_under_one_folder(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv(folders.ENV_HOME, str(home))
    for name, folder in cli.folders().items():
        assert folder == home or home in folder.parents, name
    assert folders.settings_path() == home / "settings.yaml"


def test_paths_prints_each_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(folders.ENV_HOME, str(tmp_path))
    assert entry.main(["paths"]) == 0
    lines = capsys.readouterr().out.splitlines()
    got = dict(line.split(":", 1) for line in lines)
    assert tuple(got) == NAMES
    assert {k: Path(v.strip()) for k, v in got.items()} == cli.folders()


def test_a_crashing_sub_command_writes_a_log_and_says_where(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(folders.ENV_HOME, str(tmp_path))

    def boom(*args, **kwargs):
        raise RuntimeError("the engine fell over")

    monkeypatch.setattr(cli, "run_simulate", boom)
    assert entry.main(["simulate", "--games", "1"]) == crash.EXIT_CODE
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err
    text = logs[0].read_text()
    assert "Traceback" in text and "the engine fell over" in text and "simulate" in text


def test_a_crash_in_the_windows_main_loop_is_logged_and_shown(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(folders.ENV_HOME, str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from game.ui import app as app_module
    from game.ui import crash_screen

    def broken_loop(self, stack, *args, **kwargs):
        raise ZeroDivisionError("a scene divided by zero")

    shown = []
    real_show = crash_screen.show
    monkeypatch.setattr(app_module.App, "run", broken_loop)
    monkeypatch.setattr(crash_screen, "show", lambda app, log, wait=True: shown.append(
        (real_show(app, log, wait=False), wait, app.canvas.get_at((5, 5))[:3], log)) or True)
    assert entry.main(["--frames", "2"]) == crash.EXIT_CODE
    err = capsys.readouterr().err
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err and "Traceback" not in err
    assert "a scene divided by zero" in logs[0].read_text()
    # the window drew the message (its background) and did not wait: --frames is headless
    assert shown == [(True, False, (18, 20, 28), logs[0])]


def test_when_the_log_cannot_be_written_the_traceback_goes_to_stderr(tmp_path, capsys,
                                                                      monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(folders.ENV_HOME, str(blocked))
    try:
        raise KeyError("lost")
    except KeyError as exc:
        code, path = crash.report(exc)
    err = capsys.readouterr().err
    assert code == crash.EXIT_CODE and path is None
    assert "Traceback" in err and "could not be written" in err


def test_a_real_process_crash_exits_70_with_one_line(tmp_path):
    env = {**os.environ, folders.ENV_HOME: str(tmp_path)}
    code = ("import sys, main, game.cli as c\n"
            "c.run_paths = lambda: 1 / 0\n"
            "sys.exit(main.main(['paths']))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == crash.EXIT_CODE
    assert len(proc.stderr.splitlines()) == 1 and "ZeroDivisionError" in proc.stderr
    assert next((tmp_path / "logs").glob("crash-*.log")).read_text().count("Traceback") == 1
