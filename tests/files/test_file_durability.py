"""Durability of the writing path (game/files/fileio.py) and of the player's files
(game/decks/library.py, game/files/folders.py, game/play/replay/store.py): an interrupted write leaves nothing behind, a killed
write's temp file goes at the next start, two instances sharing a home never lose an
update nor take the same new name, and a name the OS refuses is a message, not a crash."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import main as cli
from game.decks import library
from game.decks.deck import Deck
from game.files import fileio, folders
from game.files.fileio import FileError
from game.files.resources import starter_deck

REPO = Path(__file__).resolve().parents[2]
LONG = "x" * 300  # a path component longer than any file system allows (255)


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# ------------------------------------------------------------------ interrupted writes
@pytest.mark.parametrize("where", ["write", "fsync", "replace"])
def test_ctrl_c_during_a_save_leaves_no_temp_file_and_the_old_file_whole(tmp_path, monkeypatch,
                                                                         where):
    target = tmp_path / "deck.yaml"
    target.write_bytes(b"old")
    real = {"write": os.write, "fsync": os.fsync, "replace": os.replace}[where]

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, where, interrupted)
    with pytest.raises(KeyboardInterrupt):
        fileio.atomic_write_bytes(target, b"new")
    monkeypatch.setattr(os, where, real)
    assert target.read_bytes() == b"old"
    assert temps(tmp_path) == []


def test_an_exclusive_create_interrupted_leaves_no_temp_file(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "link", interrupted)
    with pytest.raises(KeyboardInterrupt):
        fileio.create_exclusive_bytes(tmp_path / "new.yaml", b"data")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_a_killed_writes_temp_file_is_swept_but_a_live_write_is_not(tmp_path):
    dead = tmp_path / ".deck.yaml.0123456789ab.tmp"
    dead.write_bytes(b"half a deck")
    live_fd, live = fileio._create_temp(tmp_path, "other.yaml")  # locked, as during a write
    other = tmp_path / ".notes.txt"  # not a name the writer gives: never touched
    other.write_bytes(b"mine")
    try:
        assert fileio.sweep_temps(tmp_path) == [dead]
        assert Path(live).exists() and other.exists() and not dead.exists()
    finally:
        os.close(live_fd)
        os.unlink(live)


def test_the_game_sweeps_leftovers_in_every_folder_it_writes(home):
    for sub in ("", "decks", "replays", "puzzles", "exports", "autosave"):
        (home / sub).mkdir(parents=True, exist_ok=True)
        (home / sub / ".x.yaml.abcdefabcdef.tmp").write_bytes(b"torn")
    assert len(folders.sweep_leftovers()) == 6
    assert not list(home.rglob("*.tmp"))


# ------------------------------------------------------------------ two instances
def test_an_exclusive_create_never_overwrites(tmp_path):
    target = tmp_path / "a.yaml"
    assert fileio.create_exclusive_bytes(target, b"first")
    assert not fileio.create_exclusive_bytes(target, b"second")
    assert target.read_bytes() == b"first" and temps(tmp_path) == []


def test_two_new_decks_of_one_name_get_two_files_even_when_both_saw_the_name_free(
        home, monkeypatch):
    deck = Deck("Shared", ("stone_sentry",) * 3)
    first = library.save_new_deck(deck)
    monkeypatch.setattr(library, "is_file", lambda p: False)  # the other instance's view
    second = library.save_new_deck(Deck("Shared", ("iron_hound",) * 3))
    assert first != second
    assert "stone_sentry" in first.read_text() and "iron_hound" in second.read_text()


def test_two_replays_of_one_second_get_two_files(tmp_path, monkeypatch):
    from game.play import replay as R
    from game.play.replay import store
    from game.ui.replays import demo
    from tests.kit import base_pool

    rp = demo.demo_replay(base_pool())
    taken = []
    real = store.create_exclusive_bytes

    def spy(path, data):
        got = real(path, data)
        taken.append((Path(path).name, got))
        return got
    monkeypatch.setattr(store, "create_exclusive_bytes", spy)  # no look before: each name tried
    a = R.save_replay(rp, tmp_path)
    b = R.save_replay(rp, tmp_path)
    assert a != b and a.exists() and b.exists()
    assert taken[1:] == [(a.name, False), (b.name, True)]  # the taken name was refused


SETTER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {repo!r})
    from game.files import folders
    from game.decks import library
    me = sys.argv[1]
    for i in range(25):
        s = folders.load_settings()
        s.set("test", f"{{me}}_{{i}}", i)
        problem = s.save()
        assert problem is None, problem
""")


def test_two_instances_saving_settings_at_once_lose_nothing(home):
    home.mkdir()
    script = SETTER.format(repo=str(REPO))
    env = {**os.environ, "PHANTOM_DUEL_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, "-c", script, name], env=env)
             for name in ("a", "b")]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    saved = folders.load_settings().values["test"]
    assert sorted(saved) == sorted(f"{n}_{i}" for n in "ab" for i in range(25))


# ------------------------------------------------------------------ names the OS refuses
@pytest.mark.parametrize("argv", [["check", "{p}"], ["scenario", "{p}"],
                                  ["simulate", "--decks", "{p}", str(starter_deck("ember_rush")),
                                   "--games", "1"]])
def test_a_300_character_file_name_is_one_line_not_a_traceback(capsys, tmp_path, argv):
    path = str(tmp_path / f"{LONG}.yaml")
    code = cli.main([a.format(p=path) for a in argv])
    out, err = capsys.readouterr()
    assert code != 0
    assert "Traceback" not in out + err
    assert path in out + err


def test_the_safe_predicates_never_raise(tmp_path):
    for bad in (tmp_path / LONG, tmp_path / f"{LONG}/{LONG}", "nul\x00name"):
        assert not fileio.is_file(bad) and not fileio.is_dir(bad) and not fileio.exists(bad)
    with pytest.raises(FileError):
        fileio.read_bytes(tmp_path / LONG, "deck")
    with pytest.raises(FileError):
        fileio.read_bytes("nul\x00name", "deck")
    with pytest.raises(FileError):
        fileio.atomic_write_bytes(tmp_path / LONG, b"x")
    assert library.resolve_deck(str(tmp_path / LONG)) is None


def test_a_deck_whose_name_holds_a_nul_is_listed_with_a_printable_name(home):
    folder = home / "decks"
    folder.mkdir(parents=True)
    (folder / "nul.yaml").write_text('name: "Bad\\0Name"\nmain: [{card: nope, count: 9}]\n')
    (folder / "line.yaml").write_text('name: "Two\\nLines"\nmain: []\nbogus: 1\n')
    entries = library.list_decks({}, starters=False)
    assert len(entries) == 2
    for entry in entries:
        assert entry.name.isprintable() and entry.name
        assert entry.deck is None or entry.deck.name.isprintable()


# ------------------------------------------------------------------ replay lists
def _long_replay(folder: Path, n: int = 20_000) -> Path:
    import dataclasses

    from game.play import replay as R
    from game.ui.replays import demo
    from tests.kit import base_pool

    rp = demo.demo_replay(base_pool())
    cmds = (rp.commands * (n // len(rp.commands) + 1))[:n]
    return R.save_replay(dataclasses.replace(rp, commands=tuple(cmds)), folder)


def test_the_replays_list_reads_only_a_small_header_of_each_file(tmp_path, monkeypatch):
    from game.play import replay as R
    from game.play.replay import file as replay_file

    path = _long_replay(tmp_path)
    assert path.stat().st_size > 4 * replay_file.HEADER_BYTES
    read = []
    real = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real(fd, n))
    monkeypatch.setattr(replay_file, "read_bytes", lambda *a: pytest.fail("the list read a whole file"))
    (entry,) = R.list_replays(None, tmp_path)
    assert entry.replay is not None and not entry.complete and sum(read) <= replay_file.HEADER_BYTES
    monkeypatch.undo()
    full = entry.full()
    assert len(full.commands) == 20_000 and full == R.load_replay(path)


def test_the_line_by_line_commands_read_equals_the_yaml_read(tmp_path):
    from game.files.fileio import parse_yaml
    from game.play.replay.file import load_replay, replay_from_data

    path = _long_replay(tmp_path, 3000)
    data = parse_yaml(path.read_text("utf-8"), path, "replay")
    assert load_replay(path) == replay_from_data(data, path)


def test_a_replay_laid_out_by_hand_still_lists_and_loads(tmp_path):
    from game.files.yamlio import dump_yaml, load_yaml
    from game.play import replay as R

    path = _long_replay(tmp_path, 300)
    data = load_yaml(path.read_text("utf-8"))
    moved = {"commands": data.pop("commands"), **data}  # commands first, header after
    other = tmp_path / "by_hand.yaml"
    other.write_text(dump_yaml(moved), encoding="utf-8")
    entries = {e.path.name: e for e in R.list_replays(None, tmp_path)}
    assert entries["by_hand.yaml"].replay is not None
    assert entries["by_hand.yaml"].full() == R.load_replay(path).__class__(
        **{**R.load_replay(path).__dict__, "path": other})


def test_a_replay_whose_commands_break_far_down_lists_and_says_why_when_opened(tmp_path):
    from game.play import replay as R

    path = _long_replay(tmp_path, 20_000)
    raw = path.read_bytes()
    path.write_bytes(raw[:-200] + b"\n- Summon player=7 card=x\n")
    (entry,) = R.list_replays(None, tmp_path)
    assert entry.replay is not None
    with pytest.raises(R.ReplayError) as info:
        entry.full()
    assert str(path) in str(info.value) and "\n" not in str(info.value)


WINDOW = textwrap.dedent("""
    import sys
    sys.path.insert(0, {repo!r})
    from game.files import folders
    me, n = sys.argv[1], int(sys.argv[2])
    s = folders.load_settings()  # one window's settings, held the whole time
    lost = 0
    for i in range(n):
        s.set("test", me, i)
        problem = s.save()
        assert problem is None, problem
        now = folders.load_settings().values["test"].get(me)
        lost += now != i  # the other window's save rolled this one back
    print(lost)
""")


def test_two_windows_saving_300_times_each_never_roll_back_the_other(home):
    """Two windows holding their settings objects the whole time, each saving its own key
    300 times: after every save the key reads back as saved (the other window's saves merge
    under the lock, never write a stale copy), and both last values are in the file."""
    home.mkdir()
    script = WINDOW.format(repo=str(REPO))
    env = {**os.environ, "PHANTOM_DUEL_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, "-c", script, name, "300"], env=env,
                              stdout=subprocess.PIPE, text=True) for name in ("a", "b")]
    outs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    assert [int(o) for o in outs] == [0, 0]  # lost updates
    assert folders.load_settings().values["test"] == {"a": 299, "b": 299}


def test_a_settings_lock_that_cannot_be_had_is_waited_for_never_written_around(
        home, monkeypatch):
    """Another window holds the settings lock past the wait: the save tries again, and
    gives up with a message rather than writing without it (which could roll back what the
    other window is saving); once the lock is free it saves."""
    import functools
    import threading

    monkeypatch.setattr(folders, "file_lock", functools.partial(fileio.file_lock, timeout=0.1))
    monkeypatch.setattr(folders, "LOCK_TRIES", 3)
    path = folders.settings_path()
    s = folders.load_settings()
    s.set("sound", "volume", 40)
    assert s.save() is None
    fd = fileio.hold_lock(folders.lock_path(path))
    assert fd is not None
    before = path.read_bytes()
    s.set("sound", "volume", 20)
    problem = s.save()
    assert problem is not None and "could not be locked" in problem
    assert path.read_bytes() == before  # nothing written blind
    threading.Timer(0.15, fileio.release_lock, (fd,)).start()  # free during the retries
    assert s.save() is None
    assert folders.load_settings().get("sound", "volume") == 20
