"""The replays folder: the newest replays are kept, two in one second get two files, a failed
save says why, the list shows a broken file with its problem, the default folder."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest

from game.play import replay as R
from game.play.replay.store import NAME_RE
from tests.kit import base_pool
from tests.play.replay.recorded import WHEN, record_duel


# ------------------------------------------------------------------ the folder
def test_only_the_newest_replays_are_kept(duel, tmp_path) -> None:
    folder = tmp_path / "replays"
    folder.mkdir()
    for i in range(7):
        when = WHEN - timedelta(days=i + 1)
        (folder / f"{when:%Y-%m-%d_%H%M%S}_old_vs_old.yaml").write_text("old")
    mine = folder / "bug-report-from-alice.yaml"
    mine.write_text("kept")
    os.utime(mine, (0, 0))  # older than everything, but not named by the game
    path = R.save_replay(record_duel(duel), folder, keep=5)
    left = sorted(p.name for p in folder.iterdir())
    assert path.name in left and mine.name in left
    named = [n for n in left if NAME_RE.match(n)]
    assert len(named) == 5
    assert named[0] == f"{WHEN - timedelta(days=4):%Y-%m-%d_%H%M%S}_old_vs_old.yaml"
    assert R.replay_files(folder)[0] == path and R.replay_files(folder)[-1] == mine


def test_two_duels_in_one_second_get_two_files(duel, tmp_path) -> None:
    a = R.save_replay(record_duel(duel), tmp_path)
    b = R.save_replay(record_duel(duel), tmp_path)
    assert a != b and b.name.endswith("-2.yaml") and a.exists() and b.exists()
    assert R.replay_files(tmp_path) == [b, a]  # the later one first


def test_a_save_that_fails_says_why(duel, tmp_path) -> None:
    blocker = tmp_path / "replays"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(R.ReplayError) as err:
        R.save_replay(record_duel(duel), blocker)
    assert "cannot write the file" in str(err.value)
    assert blocker.read_text() == "a file where the folder should be"


def test_list_shows_broken_files_with_their_problem(saved) -> None:
    bad = saved.parent / "2026-12-01_090000_x_vs_y.yaml"
    bad.write_text("replay: 1\n")
    entries = R.list_replays(base_pool(), saved.parent)
    assert [e.path for e in entries] == [bad, saved]
    assert entries[0].replay is None and entries[0].problem.startswith("replay file: missing")
    assert entries[1].replay is not None and not entries[1].problem


def test_the_default_folder_is_in_the_user_data_folder(tmp_path, monkeypatch, duel) -> None:
    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(tmp_path / "home"))
    path = R.save_replay(record_duel(duel))
    assert path.parent == tmp_path / "home" / "replays"


