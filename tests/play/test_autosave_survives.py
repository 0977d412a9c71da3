"""The autosave against unlucky players (issue 39): a kill right after an accepted command,
a disk that fills and frees again mid-duel, a damaged journal, a second window on the same
home. Each comes back exact, or says what it kept, and never at a wrong position."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import state_hash
from game.play import autosave
from tests.kit import base_pool
from tests.play.test_autosave import _run, journal_of

REPO = Path(__file__).resolve().parents[2]
HARSH = REPO / "tests" / "autosave_harsh.py"
posix_only = pytest.mark.skipif(os.name != "posix", reason="fork, SIGKILL and RLIMIT_FSIZE")


@pytest.fixture
def window(home):
    import pygame

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 720))
    pygame.display.quit()


def _harsh(*argv: object, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, str(HARSH), *map(str, argv)], cwd=REPO,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


@posix_only
def test_a_kill_right_after_an_accepted_command_loses_nothing(tmp_path):
    """20 processes each append one accepted command and SIGKILL themselves at once: 20 of
    20 journals bring back the state after that command (the line was written before
    `append` returned)."""
    _harsh("kill", tmp_path, 20)
    exact = 0
    for i in range(20):
        target = tmp_path / str(i) / "duel.jsonl"
        save = autosave.load(target)
        _match, duel = autosave.restore_match(save, base_pool(), target)
        assert len(save.commands) == 1
        exact += state_hash(duel) == (tmp_path / str(i) / "expected").read_text()
    assert exact == 20


@posix_only
def test_a_disk_that_fills_mid_duel_and_frees_again_loses_nothing(tmp_path):
    """The journal meets a full disk (a file size limit) in the middle of a line: the file
    stays good up to the last whole line while the disk is full (never a torn or joined
    line), the duel goes on, and once there is room again the journal is written whole:
    Continue reaches the very hash with every command, checked at the checkpoint written
    after the recovery."""
    out = _harsh("full", tmp_path).stdout.splitlines()
    full = next(line for line in out if line.startswith("FULL "))
    said, state, kept = full[5:].split(" | ")
    assert said.startswith("Not autosaved: ") and "cannot write the file" in said
    assert state == "intact" and int(kept) == 20  # the cut line never counts
    _, want, total, appended = next(line for line in out if line.startswith("HASH ")).split()
    target = tmp_path / "duel.jsonl"
    save = autosave.load(target)
    assert not save.salvaged and len(save.commands) == int(appended) == 70
    assert [n for n, _ in save.checkpoints] == [66]  # the first command after the rewrite
    _match, duel = autosave.restore_match(save, base_pool(), target)
    assert state_hash(duel) == want and len(duel.history) == int(total)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_write_that_fails_stops_appending_and_the_whole_journal_comes_back(home,
                                                                              monkeypatch):
    """In-process, the failure injected into the journal's own writes: after one fails
    nothing more is appended to the file (no gap, no joined line); the next whole rewrite
    holds every command."""
    match, duel, journal = journal_of(steps_after=5)
    real = os.write
    calls: list[int] = []

    def failing(fd: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            real(fd, bytes(data)[:7])  # a line cut by the full disk
            raise OSError(28, "No space left on device")
        raise OSError(28, "No space left on device")

    import random
    rng = random.Random(3)
    with monkeypatch.context() as m:
        m.setattr(autosave.os, "write", failing)
        m.setattr(autosave, "atomic_write_bytes", _refuse)
        for _ in range(6):
            cmd = rng.choice(duel.legal_actions())
            duel.apply(cmd)
            journal.append(cmd)
        journal.flush()
        assert len(calls) == 1  # stopped appending after the failure
        assert "no space left on the disk" in journal.problem
        assert len(autosave.load().commands) == 5  # the cut line is not a command
    cmd = rng.choice(duel.legal_actions())
    duel.apply(cmd)
    journal.append(cmd)  # the disk has room again: the writer rewrites the journal whole
    journal.flush()
    save = autosave.load()
    assert len(save.commands) == 12 and not save.salvaged and not journal.problem
    _m, duel2 = autosave.restore_match(save, base_pool())
    assert state_hash(duel2) == state_hash(duel)


def _refuse(path: object, data: bytes) -> None:
    from game.files.fileio import FileError
    raise FileError(str(path), "cannot write the file: no space left on the disk; "
                               "the old file is unchanged")


def test_a_damaged_journal_is_kept_up_to_its_last_good_line_and_says_so(home, window):
    """An old version's full disk: a line cut and joined to a later one, lines missing after
    it. Continue brings back the duel at the last good line, says how many commands were
    kept, and keeps the damaged file's bytes beside it."""
    from game.ui.duel.resume import resume_scene

    _match, duel, _journal = journal_of(steps_after=30)
    target = autosave.path()
    raw = target.read_bytes()
    lines = raw.split(b"\n")
    good = b"\n".join(lines[:21]) + b"\n"  # the header and 20 commands
    bad = good + b"Pass pl" + lines[25] + b"\n" + b"\n".join(lines[26:])
    target.write_bytes(bad)
    save = autosave.load()
    assert len(save.commands) == 20 and "line 22: not a command" in save.salvaged
    assert "20 commands kept" in save.salvaged
    scene = resume_scene()
    assert len(scene.session.history) == len(duel.history) - 10
    assert "20 commands kept" in scene.toast.message
    (copy,) = [p for p in target.parent.iterdir() if ".damaged-" in p.name]
    assert copy.read_bytes() == bad


def test_a_checkpoint_that_does_not_match_never_restores_a_wrong_position(home):
    _match, _duel, _journal = journal_of(steps_after=10)
    target = autosave.path()
    lines = target.read_bytes().split(b"\n")
    lines.insert(6, autosave.checkpoint_line(5, "0" * 64).rstrip(b"\n"))
    target.write_bytes(b"\n".join(lines))
    save = autosave.load()
    assert save.checkpoints == ((5, "0" * 64),) and len(save.commands) == 10
    with pytest.raises(autosave.AutosaveError, match="after command 5 .* not where the journal"):
        autosave.restore_match(save, base_pool())


def test_a_format_written_as_text_says_it_is_the_wrong_type(home):
    journal_of(steps_after=1)
    target = autosave.path()
    head, _, rest = target.read_bytes().partition(b"\n")
    header = json.loads(head)
    for value, said in (("1", "format: expected a whole number (the format's version), got '1'"),
                        (True, "format: expected a whole number (the format's version), got True"),
                        (2, "saved in format 2, this version of the game reads format 1")):
        header["format"] = value
        target.write_bytes(json.dumps(header).encode() + b"\n" + rest)
        with pytest.raises(autosave.AutosaveError) as err:
            autosave.load()
        assert said in str(err.value)


@posix_only
def test_two_windows_on_one_home_keep_both_duels(tmp_path):
    """Window A plays a duel; window B's Continue says the duel is open in another window
    and takes nothing; B starts its own duel. Both are killed: two later windows continue
    both duels, each exactly where it was."""
    folder = tmp_path / "home"
    a, line_a = _run(folder, "play", "3", "12")
    procs = [a]
    try:
        assert line_a.startswith("HASH "), line_a
        b, line_b = _run(folder, "continue")
        assert b.wait(timeout=120) == 1
        assert line_b.startswith("NOTICE ") and autosave.OPEN_ELSEWHERE in line_b
        c, line_c = _run(folder, "play", "4", "9")
        procs.append(c)
        assert line_c.startswith("HASH ") and line_c != line_a
        for p in procs:
            os.kill(p.pid, signal.SIGKILL)
            p.wait(timeout=30)
        names = sorted(p.name for p in (folder / "autosave").iterdir() if p.suffix == ".jsonl")
        assert names == ["duel-2.jsonl", "duel.jsonl"]
        d, line_d = _run(folder, "continue", "hold")
        procs.append(d)
        e, line_e = _run(folder, "continue", "hold")
        procs.append(e)
        assert sorted([line_d, line_e]) == sorted([line_a, line_c])
    finally:
        for p in procs:
            if p.poll() is None:
                os.kill(p.pid, signal.SIGKILL)
                p.wait(timeout=30)


def test_a_suspended_duel_s_format_written_as_text_says_it_is_the_wrong_type(home):
    from game.play import suspend
    from tests.play.test_suspend import capture, played

    match, duel = played(steps=3)
    suspend.save(capture(match, duel))
    data = json.loads(suspend.path().read_text("utf-8"))
    data["format"] = "1"
    suspend.path().write_text(json.dumps(data), "utf-8")
    with pytest.raises(suspend.SuspendError, match="format: expected a whole number"):
        suspend.load()
