"""Autosave (game/play/autosave.py): the duel in progress, its match or its puzzle, saved after
every accepted command, back exactly (same state hash) after a kill; an autosave that cannot
be used is set aside with a message and the game goes on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import state_hash
from game.files.resources import PUZZLE_DIR, starter_deck
from game.play import autosave, suspend
from game.ui.duel.scene import DuelScene
from game.ui.scene import Pop, apply_transition
from tests.kit import base_pool
from tests.play.test_suspend import capture, played

REPO = Path(__file__).resolve().parents[2]
DRIVER = REPO / "tests" / "autosave_driver.py"


@pytest.fixture
def window(home):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.display.quit()


def journal_of(steps_before: int = 10, steps_after: int = 30, seed: int = 7):
    """A match's duel autosaved at `steps_before` commands, then `steps_after` appended."""
    import random

    match, duel = played(steps=steps_before, seed=seed)
    journal = autosave.Journal(autosave.match_header(capture(match, duel, mode="hotseat")))
    rng = random.Random(seed)
    for _ in range(steps_after):
        if duel.over:
            break
        cmd = rng.choice(duel.legal_actions())
        duel.apply(cmd)
        journal.append(cmd)
    assert journal.flush()
    return match, duel, journal


def test_the_journal_restores_the_duel_with_the_same_hash(home):
    match, duel, _journal = journal_of()
    save = autosave.load()
    assert save.what == "match" and len(save.commands) == 30
    match2, duel2 = autosave.restore_match(save, base_pool())
    assert state_hash(duel2) == state_hash(duel)
    assert duel2.history == duel.history and match2.seed == match.seed


def test_a_line_cut_by_a_kill_is_ignored(home):
    _match, duel, _journal = journal_of()
    with open(autosave.path(), "ab") as fh:
        fh.write(b"Pass pla")  # a write killed half way: no newline
    save = autosave.load()
    assert len(save.commands) == 30
    _m, duel2 = autosave.restore_match(save, base_pool())
    assert state_hash(duel2) == state_hash(duel)


@pytest.mark.parametrize("damage", ["refused", "header", "empty", "binary"])
def test_an_autosave_that_cannot_be_used_is_set_aside_with_a_message(home, window, damage):
    from game.ui.duel.resume import SetAside, resume_scene
    from game.ui.menu import MenuScene

    journal_of()
    target = autosave.path()
    raw = target.read_bytes()
    bad = {"refused": raw + b"Summon player=0 card=999 zone=phantom index=0 attack=true "
                            b"face_up=true\n",
           "header": b'{"kind": "something else"}\n' + raw.partition(b"\n")[2],
           "empty": b"",
           "binary": bytes(range(256)) * 3}[damage]
    target.write_bytes(bad)
    assert [i.label for i in MenuScene().items][:2] == ["How to play", "Continue"]
    scene = resume_scene()
    assert isinstance(scene, SetAside)
    assert str(target) in scene.message and "\n" not in scene.message
    assert not target.exists()
    (aside,) = [p for p in target.parent.iterdir() if ".unreadable-" in p.name]
    assert aside.read_bytes() == bad  # renamed, never changed nor deleted
    scene.draw(window)
    assert "Continue" not in [i.label for i in MenuScene().items]  # the game goes on


def test_a_duel_left_on_purpose_drops_its_autosave_and_a_finished_match_too(home, window):
    from game.decks.deck import load_deck
    from game.play.duel_setup import DuelSetup
    from game.ui.duel.flow import MatchFlow
    from game.ui.screen import Screen
    from tests.ui.duel_driver import GestureDriver

    paths = (starter_deck("ember_rush"), starter_deck("veil_control"))
    setup = DuelSetup("hotseat", paths, (load_deck(paths[0]), load_deck(paths[1])))
    flow = MatchFlow(setup, base_pool(), seed=5, threaded=False, speed="instant")
    stack = [Screen(), flow.first_scene()]
    driver = GestureDriver(stack[-1], seed=2)
    for _ in range(8):
        driver.step()
    autosave.writer().flush()
    assert autosave.available()
    apply_transition(stack, Pop())  # Leave without saving / Save and leave
    autosave.writer().flush()
    assert not autosave.available()


def test_the_match_flow_and_continue_bring_the_duel_back(home, window):
    from game.decks.deck import load_deck
    from game.play.duel_setup import DuelSetup
    from game.ui.duel.flow import MatchFlow
    from game.ui.duel.resume import resume_scene
    from tests.ui.duel_driver import GestureDriver

    paths = (starter_deck("ember_rush"), starter_deck("veil_control"))
    setup = DuelSetup("versus_ai", paths, (load_deck(paths[0]), load_deck(paths[1])),
                      best_of=3, ai_level="easy")
    flow = MatchFlow(setup, base_pool(), seed=9, threaded=False, speed="instant")
    scene = flow.first_scene()
    driver = GestureDriver(scene, seed=1)
    while len(scene.session.history) < 25 and driver.step():
        pass
    autosave.writer().flush()
    want = state_hash(scene.session.duel)
    back = resume_scene()  # as if the process had been killed here
    assert isinstance(back, DuelScene)
    assert state_hash(back.session.duel) == want
    assert back.session.is_ai(1) and not back.session.is_ai(0)


def test_a_puzzle_in_progress_is_autosaved_and_continued(home, window):
    from game.play import puzzles as pz
    from game.ui.duel.resume import resume_scene
    from game.ui.puzzle_play import PuzzlePlayScene

    puzzle = pz.load_puzzle(PUZZLE_DIR / "09_start_the_clock.yaml")
    scene = PuzzlePlayScene(puzzle, pz.load_progress(), 9, threaded=False, speed="instant")
    for _ in range(3):
        if scene.outcome is not None or scene.session.over:
            break
        seat = scene.session.deciding
        scene.duel.send([scene.session.view(seat).legal_actions[0]])
        scene.update(1 / 60)
    autosave.writer().flush()
    want = state_hash(scene.session.duel)
    assert scene.session.history
    back = resume_scene()
    assert isinstance(back, PuzzlePlayScene) and back.puzzle.key == puzzle.key
    assert state_hash(back.session.duel) == want
    assert back.tracker.status == scene.tracker.status


def test_a_resumed_puzzle_s_scripted_opponent_knows_the_moves_it_made(home, window):
    """Still Standing, continued after Siege Titan's attack: the opponent's script goes on
    from its next recorded move (it has not left the recording), and the recorded answer
    still solves it."""
    from game.play import puzzles as pz
    from game.ui.duel.resume import resume_scene
    from game.ui.puzzle_play import PuzzlePlayScene

    puzzle = pz.load_puzzle(PUZZLE_DIR / "04b_still_standing.yaml")
    scene = PuzzlePlayScene(puzzle, pz.load_progress(), 6, threaded=False, speed="instant")
    for _ in range(200):
        if scene.session.deciding == puzzle.seat:
            break
        scene.update(1 / 60)
    assert len(scene.session.history) == 2  # Next Phase, Siege Titan's attack
    autosave.writer().flush()
    back = resume_scene()
    assert isinstance(back, PuzzlePlayScene)
    opponent = back.session.workers[1 - puzzle.seat].player
    assert isinstance(opponent, pz.ScriptedPlayer)
    assert opponent.used[:2] == [True, True] and not any(opponent.used[2:])
    answers = [c for c in pz.run_solution(puzzle).commands[2:] if c.player == puzzle.seat]
    for _ in range(2000):
        if back.outcome is not None:
            break
        if answers and back.session.deciding == puzzle.seat:
            back.duel.send([answers.pop(0)])
        back.update(1 / 60)
    assert back.outcome is pz.Status.SOLVED and not opponent.departed


def test_a_puzzle_whose_file_changed_is_set_aside(home, window, tmp_path):
    from game.play import puzzles as pz
    from game.ui.duel.resume import SetAside, resume_scene
    from game.ui.puzzle_play import PuzzlePlayScene

    src = PUZZLE_DIR / "01_through_the_guard.yaml"
    mine = tmp_path / "p.yaml"
    mine.write_text(src.read_text("utf-8"), encoding="utf-8")
    scene = PuzzlePlayScene(pz.load_puzzle(mine, "mine"), pz.load_progress(), threaded=False)
    assert scene.journal is not None
    autosave.writer().flush()
    mine.write_text(src.read_text("utf-8").replace("lp: 1500", "lp: 1400"), encoding="utf-8")
    assert isinstance(resume_scene(), SetAside)


def test_save_and_leave_keeps_one_copy_the_suspended_one(home, window):
    """The suspended duel (Save and leave) and the autosave never both hold one duel."""
    match, duel, journal = journal_of()
    suspend.save(capture(match, duel))
    journal.discard()  # what leaving the screen does (the flow's `left_duel`)
    journal.flush()
    assert suspend.available() and not autosave.available()


# ------------------------------------------------------------------ the proof
def _run(home: Path, *argv: str, wait: bool = True):
    env = {**os.environ, "PHANTOM_DUEL_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, str(DRIVER), *argv], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    return proc, line.strip()


def test_a_game_killed_mid_duel_continues_with_the_same_hash(tmp_path):
    """The game in a process, driven by real events into a hotseat duel; SIGKILL; a new
    process picks Continue on the menu: the duel's state hash is the one before the kill."""
    home = tmp_path / "home"
    proc, line = _run(home, "play", "3", "12")
    try:
        assert line.startswith("HASH "), (line, proc.stderr.read() if proc.poll() else "")
        _, before, count = line.split()
        assert int(count) >= 12
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    again, line = _run(home, "continue")
    assert again.wait(timeout=120) == 0, again.stderr.read() if again.stderr else ""
    assert line == f"HASH {before} {count}"
    assert not list(home.rglob("*.tmp"))


def test_an_autosave_that_cannot_be_written_is_said_once_and_the_duel_goes_on(home):
    match, duel = played(steps=5)
    home.mkdir(parents=True)
    (home / "autosave").write_text("a file where the folder goes")
    journal = autosave.Journal(autosave.match_header(capture(match, duel, mode="hotseat")))
    said = []
    journal.on_problem = said.append
    journal.flush()
    for cmd in duel.legal_actions()[:1] * 3:
        journal.append(cmd)
    assert len(said) == 1 and said[0].startswith("Not autosaved: ")
    assert (home / "autosave").read_text() == "a file where the folder goes"
