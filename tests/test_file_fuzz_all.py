"""The fuzz harness over every kind of file the game reads (tests/fuzz_files.py).

By default a short campaign runs (every generic and special mutant of each kind, a few
structural ones, two killed writers); `pytest -m fuzz` runs the long one (hundreds of
structural mutants per kind, 750 kills; a few minutes) and prints its counts. Each file read goes
through the game's own reading path for its kind and must end in success or one clear line,
leaving the file's bytes as they were; the game must still start over the broken files; a
writer killed with SIGKILL at random moments never leaves a torn file, and no temp file
outlives its write once the next start has swept the killed one's.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import fuzz_files as F


def _report(stats: F.Stats) -> None:
    print(f"\nfile fuzz: {stats.line()}")
    assert not stats.failures, "\n".join(stats.failures[:20])


def test_every_kind_of_file_broken_every_way_gets_one_line_and_stays_as_it_was(home):
    stats = F.campaign(home, rounds=6, seed=1)
    assert stats.kinds == set(F.KINDS)
    assert stats.refused > 0 and stats.files >= 8 * 12
    assert F.game_starts(home) is None
    _report(stats)


def test_the_cli_and_every_screen_take_each_kind_broken_or_not_without_a_crash(home):
    """Each kind's good file and three broken ones, read by the command that reads that
    kind (it refuses exactly what the screens refuse) and opened in every screen that reads
    it (a message, never a crash)."""
    stats = F.screened_sample(home)
    assert stats.screened == len(F.KINDS) * 4 and stats.kinds == set(F.KINDS)
    _report(stats)


def test_the_game_starts_over_every_kind_broken_at_once(home):
    import random

    good = F.good_files(home)
    rng = random.Random(5)
    for kind, path in good.items():
        path.write_bytes(F.generic(kind, path.read_bytes(), rng)[2][1])  # binary
    assert F.game_starts(home) is None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the writer server forks its writers")
def test_a_writer_killed_at_random_moments_never_leaves_a_torn_file(home):
    stats = F.kill_campaign(home, kills=4, seed=1)
    assert stats.kills == 4 and stats.left_temps == 0
    _report(stats)


KILLS = 750  # the first audit killed its writer 750 times


@pytest.mark.fuzz
def test_long_fuzz_campaign(home, monkeypatch):
    stats = F.campaign(home, rounds=150, seed=7, screen_every=5)
    assert F.game_starts(home) is None
    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(home / "all"))
    for path in F.good_files(home / "all").values():  # every kind broken at once
        path.write_bytes(b"\xff\x00 not this kind of file")
    env = {**os.environ, "PHANTOM_DUEL_HOME": str(home / "all"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, str(F.REPO / "main.py"), "--frames", "5"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-500:]
    assert stats.slowest_cpu_s < 1.0, stats.line()  # "within a second" (CPU, not wall time)
    if hasattr(os, "fork"):
        F.kill_campaign(home / "kills", kills=KILLS, seed=7, stats=stats)
        assert stats.kills == KILLS and stats.left_temps == 0
        assert len(stats.cut_writes) >= 4, stats.line()  # kills land inside many kinds of write
    _report(stats)
