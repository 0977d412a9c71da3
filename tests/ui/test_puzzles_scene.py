"""The Puzzles screen and a puzzle in the duel screen, driven by real pygame events."""

from __future__ import annotations

import itertools
import shutil
import time
from pathlib import Path

import pygame
import pytest

from game.engine import Choose, EndTurn, state_hash
from game.play import puzzles as pz
from game.ui import snapshots
from game.ui.duel.layout import LAYOUT
from game.ui.menu import MenuScene
from game.ui.puzzle_play import PuzzlePlayScene
from game.ui.puzzles_scene import LIST, PuzzlesScene
from game.ui.scene import Pop, Push, Replace, apply_transition
from tests.ui.duel_driver import GestureDriver
from tests.ui.events import click, down, feed, key, motion, up

SHIPPED = pz.SHIPPED_DIR


class Through:
    """What the gesture driver drives: events and frames go through the puzzle scene (so
    its banner, goal and dialogs see them), everything else is the duel screen's."""

    def __init__(self, play: PuzzlePlayScene) -> None:
        object.__setattr__(self, "play", play)

    def handle_event(self, event):
        return self.play.handle_event(event)

    def update(self, dt):
        return self.play.update(dt)

    def __getattr__(self, name):
        return getattr(self.play.duel, name)


def frames(scene, n: int = 120) -> list:
    out = []
    for _ in range(n):
        t = scene.update(1 / 60)
        if t is not None:
            out.append(t)
    return out


def play_moves(play: PuzzlePlayScene, commands, keyboard: bool = False) -> None:
    """Perform the puzzle seat's commands through the screen, as a person would."""
    driver = GestureDriver(Through(play), keyboard=keyboard)
    mine = [c for c in commands if c.player == play.puzzle.seat]
    while mine:
        cmd = mine.pop(0)
        deadline = time.monotonic() + 60  # the opponent seat thinks in a worker thread
        for n in itertools.count():
            frames(play, 1)
            if play.duel.can_act() and play.session.deciding == play.puzzle.seat:
                break
            if n >= 600:  # frames alone can outrun the thread on a loaded machine
                if time.monotonic() > deadline:
                    break
                time.sleep(0.005)
        assert play.duel.can_act(), f"the screen never let the person play {cmd}"
        assert cmd in play.duel.gest.legal, f"{cmd} is not offered on the screen"
        before = len(play.session.history)
        prompt = play.duel.input.prompt
        if isinstance(cmd, Choose) and prompt is not None and prompt.need > 1:
            picks = [cmd] + [mine.pop(0) for _ in range(prompt.need - 1)]
            values = [r.value for r in prompt.rows]
            for pick in picks:  # one click per material, on its row of the prompt
                feed(play, *click(play.duel.input.panel.row_rect(prompt, values.index(pick.option)).center))
            feed(play, *click(LAYOUT.action.center))  # Confirm (2/2)
            assert play.session.history[before:] == picks
            continue
        driver.perform(cmd)
        assert play.session.history[before] == cmd


def open_puzzle(scene: PuzzlesScene, index: int) -> PuzzlePlayScene:
    """Keyboard: Home, Down to the row, Enter."""
    feed(scene, key(pygame.K_HOME))
    for _ in range(index):
        feed(scene, key(pygame.K_DOWN))
    out = feed(scene, key(pygame.K_RETURN))
    out += frames(scene, 1)
    pushes = [t for t in out if isinstance(t, Push)]
    assert pushes, "Enter opened nothing"
    assert isinstance(pushes[0].scene, PuzzlePlayScene)
    return pushes[0].scene


@pytest.fixture
def shipped():
    return pz.list_puzzles(SHIPPED, Path("/nonexistent"))


def test_menu_entry_opens_the_puzzles_screen(window, home) -> None:
    menu = MenuScene()
    i = [item.label for item in menu.items].index("Puzzles")
    out = feed(menu, *click(menu.button_rects()[i].center))
    assert out and isinstance(out[0], Push) and isinstance(out[0].scene, PuzzlesScene)
    scene = out[0].scene
    assert [e.name for e in scene.entries][:1] == ["Through the Guard"]
    scene.draw(window)


def test_snapshot_scene_is_registered(window, home) -> None:
    assert "puzzles" in snapshots.SNAPSHOT_SCENES


def test_solving_a_puzzle_through_the_ui_marks_it_solved(window, home, shipped) -> None:
    scene = PuzzlesScene(shipped, threaded=False)
    scene.draw(window)
    index = [e.name for e in shipped].index("Two Become One")
    play = open_puzzle(scene, index)
    assert play.puzzle.name == "Two Become One"
    frames(play, 5)
    play.draw(window)
    solution = pz.run_solution(play.puzzle)
    play_moves(play, solution.commands)
    frames(play, 600)
    assert play.status is pz.Status.SOLVED
    assert play.outcome is pz.Status.SOLVED
    assert play.dialog is not None and play.dialog.title == "Solved!"
    assert [b.label for b in play.dialog.buttons_spec] == ["Next puzzle", "Retry", "Back to puzzles"]
    play.draw(window)
    # the mark is saved at once, in the progress file
    assert pz.load_progress().is_solved(play.puzzle.key)
    # "Back to puzzles" (Esc is the dialog's cancel) pops back to the list, which shows it
    out = feed(play, key(pygame.K_ESCAPE))
    assert out and isinstance(out[0], Pop)
    stack = [scene, play]
    apply_transition(stack, out[0])
    assert stack == [scene]
    assert scene.progress.is_solved(play.puzzle.key)
    scene.draw(window)


def test_solving_with_the_mouse_and_keyboard_gestures(window, home, shipped) -> None:
    """Puzzle 8 (a Flip, then a choice, then attacks) played with keys only."""
    scene = PuzzlesScene(shipped, threaded=False)
    puzzle = next(e for e in shipped if e.name == "Out of the Fog")
    play = PuzzlePlayScene(puzzle, scene.progress, threaded=False, speed="instant")
    play_moves(play, pz.run_solution(puzzle).commands, keyboard=True)
    frames(play, 200)
    assert play.status is pz.Status.SOLVED


def test_ending_the_turn_is_not_solved_and_retry_restores_the_start(window, home, shipped) -> None:
    puzzle = next(e for e in shipped if e.name == "Through the Guard")
    progress = pz.load_progress()
    play = PuzzlePlayScene(puzzle, progress, number=1, threaded=False)
    start = state_hash(play.session.duel)
    frames(play, 30)
    end_turn = EndTurn(puzzle.seat)
    play_moves(play, [end_turn])
    frames(play, 900)
    assert play.status is pz.Status.FAILED
    assert play.dialog is not None and play.dialog.title == "Not solved"
    assert "The turn ended" in play.dialog.message
    play.draw(window)
    assert not progress.is_solved(puzzle.key)
    assert state_hash(play.session.duel) != start
    # Enter presses the dialog's default: Retry, a fresh scene at the start position
    out = feed(play, key(pygame.K_RETURN))
    assert out and isinstance(out[0], Replace)
    fresh = out[0].scene
    assert isinstance(fresh, PuzzlePlayScene) and fresh.puzzle is puzzle
    assert state_hash(fresh.session.duel) == start
    assert fresh.status is pz.Status.PLAYING and fresh.dialog is None


def test_retry_and_hint_are_there_at_any_time(window, home, shipped) -> None:
    puzzle = next(e for e in shipped if e.name == "Burn Budget")
    play = PuzzlePlayScene(puzzle, pz.load_progress(), threaded=False)
    start = state_hash(play.session.duel)
    frames(play, 10)
    play_moves(play, pz.run_solution(puzzle).commands[:1])  # Flare Bolt
    frames(play, 300)
    assert state_hash(play.session.duel) != start
    # the Hint button reacts to hover and opens the hint
    feed(play, motion(play.hint_button.rect.center))
    frames(play, 20)
    assert play.hint_button.hovered and play.hint_button.hover_t > 0.5
    feed(play, down(play.hint_button.rect.center), up(play.hint_button.rect.center))
    assert play.dialog is not None and play.dialog.title == "Hint 1 of 4"  # 3 sentences, then Hard's move
    assert "Flare Bolt is free" in play.dialog.message
    play.draw(window)
    feed(play, key(pygame.K_RETURN))
    assert play.dialog is None
    feed(play, key(pygame.K_F1))
    assert play.dialog is not None and play.dialog.title == "Hint 2 of 4"
    assert "Ash Hurler" in play.dialog.message
    feed(play, key(pygame.K_ESCAPE))
    assert play.dialog is None
    # Retry: a click on the banner button, or F5
    out = feed(play, *click(play.retry_button.rect.center))
    assert out and isinstance(out[0], Replace)
    assert state_hash(out[0].scene.session.duel) == start
    out = feed(play, key(pygame.K_F5))
    assert out and isinstance(out[0], Replace)


def test_survival_puzzle_against_the_scripted_opponent(window, home, shipped) -> None:
    puzzle = next(e for e in shipped if e.key == "shipped/10_counter_timing")
    play = PuzzlePlayScene(puzzle, pz.load_progress(), threaded=False, speed="instant")
    play_moves(play, pz.run_solution(puzzle).commands)
    frames(play, 600)
    assert play.status is pz.Status.SOLVED


def test_broken_files_are_listed_and_cannot_be_opened(window, home, tmp_path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "bad_goal.yaml").write_text(
        "name: Bad\nstart: {players: {1: {}, 2: {}}}\npuzzle: {goal: win_yesterday}\n")
    (mine / "not_yaml.yaml").write_text("name: [unclosed\n")
    shutil.copy(SHIPPED / "01_through_the_guard.yaml", mine / "copy.yaml")
    entries = pz.list_puzzles(None, mine)
    scene = PuzzlesScene(entries, threaded=False)
    assert [type(e).__name__ for e in entries] == ["BrokenPuzzle", "Puzzle", "BrokenPuzzle"]
    scene.draw(window)
    # click the broken row: selected, the pane shows its problem; Play is disabled; Enter says why
    row = scene.list.screen_rect(0)
    feed(scene, *click(row.center))
    frames(scene, 2)
    assert scene.selected is entries[0]
    assert not scene.play_button.enabled
    out = feed(scene, key(pygame.K_RETURN))
    assert not out
    assert "cannot be played" in scene.toast.message and "puzzle.goal" in scene.toast.message
    scene.draw(window)
    # a double click on the good one opens it
    row = scene.list.screen_rect(1)
    feed(scene, *click(row.center))
    out = feed(scene, *click(row.center))
    assert out and isinstance(out[0], Push) and isinstance(out[0].scene, PuzzlePlayScene)


def test_a_corrupt_progress_file_is_reported_and_left_alone(window, home, shipped) -> None:
    home.mkdir(parents=True, exist_ok=True)
    path = home / pz.PROGRESS_FILE
    path.write_bytes(b"solved: {not: [a list\n")
    scene = PuzzlesScene(shipped, threaded=False)
    assert scene.progress.problem
    assert scene.toast.visible and "left as it is" in scene.toast.message
    scene.draw(window)
    puzzle = next(e for e in shipped if e.name == "Two Become One")
    play = PuzzlePlayScene(puzzle, scene.progress, threaded=False, speed="instant")
    play_moves(play, pz.run_solution(puzzle).commands)
    frames(play, 300)
    assert play.outcome is pz.Status.SOLVED
    assert "not saved" in play.dialog.message
    assert path.read_bytes() == b"solved: {not: [a list\n"


def test_list_keys_mouse_and_back(window, home, shipped) -> None:
    extra = [pz.BrokenPuzzle(f"mine/b{i}", Path(f"b{i}.yaml"), "mine", "b{i}.yaml: broken")
             for i in range(5)]  # enough rows to scroll
    scene = PuzzlesScene(shipped + extra, threaded=False)
    feed(scene, key(pygame.K_HOME), key(pygame.K_DOWN), key(pygame.K_DOWN))
    assert scene.selected is shipped[2]
    # hover a row: it is drawn hovered; wheel scrolls the list
    feed(scene, motion(scene.list.screen_rect(1).center))
    assert scene.list.hover_index == 1
    feed(scene, motion(LIST.center), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False,
                                                        precise_x=0.0, precise_y=-3.0))
    frames(scene, 60)
    assert scene.list.offset > 0
    scene.draw(window)
    out = feed(scene, *click(scene.back.rect.center))
    assert out and isinstance(out[0], Pop)
    scene2 = PuzzlesScene(shipped, threaded=False)
    assert isinstance(feed(scene2, key(pygame.K_ESCAPE))[0], Pop)


def test_the_list_opens_on_the_first_unsolved_puzzle(window, home, shipped) -> None:
    progress = pz.Progress(solved={shipped[0].key, shipped[1].key})
    scene = PuzzlesScene(shipped, progress, threaded=False)
    assert scene.selected is shipped[2]


def test_a_two_turn_puzzle_is_solved_across_the_opponents_turn(window, home, shipped) -> None:
    puzzle = next(e for e in shipped if e.key == "shipped/09_start_the_clock")  # two turns
    play = PuzzlePlayScene(puzzle, pz.load_progress(), threaded=False, speed="instant")
    start_round = play.session.duel.view(puzzle.seat).round
    play_moves(play, pz.run_solution(puzzle).commands)
    frames(play, 300)
    assert play.status is pz.Status.SOLVED
    assert play.session.duel.view(puzzle.seat).round == start_round + 1
    assert play.dialog is not None and play.dialog.title == "Solved!"


def test_snapshot_command_renders_the_list_and_a_puzzle(tmp_path, home) -> None:
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PHANTOM_DUEL_HOME": str(home)}
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\nstart: {}\npuzzle: {goal: never}\n")
    for extra, code in (([], 0), (["--scenario", str(SHIPPED / "07_chimera.yaml")], 0),
                        (["--scenario", str(bad)], 2)):
        out = tmp_path / "p.png"
        proc = subprocess.run([sys.executable, str(repo / "main.py"), "snapshot", "puzzles",
                               "--out", str(out), "--frames", "3", *extra], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == code, proc.stderr
        if code == 0:
            assert pygame.image.load(str(out)).get_size() == (1280, 720)
        else:
            assert "puzzle.goal" in proc.stderr


def test_the_duel_settings_apply_to_puzzles(window, home, shipped) -> None:
    from game.files import folders

    settings = folders.load_settings()
    settings.set("duel", "speed", "fast")
    settings.set("duel", "glow", False)
    assert settings.save() is None
    play = PuzzlePlayScene(shipped[0], pz.load_progress(), threaded=False)
    assert play.duel.speed == "fast" and play.duel.glow is False
    retry = feed(play, key(pygame.K_F5))[0].scene
    assert retry.duel.speed == "fast"


def test_the_opponent_sentence_names_the_level_behind_the_script(shipped) -> None:
    from dataclasses import replace

    from game.ui.puzzles_scene import opponent_text

    entry = shipped[0]
    assert opponent_text(entry) == ("plays the puzzle's planned answers, and elsewhere is the "
                                    "Normal AI playing to stop you")
    assert opponent_text(replace(entry, opponent="script", otherwise="pass")) == "plays a fixed plan"
    assert opponent_text(replace(entry, opponent="pass")) == "never answers and ends its turns"


NEW = ("04a_break_the_line", "04b_still_standing", "07a_borrowed_ground",
       "07b_not_yours_any_more", "09a_second_chance", "09b_ten_and_no_more")


@pytest.mark.parametrize("stem", NEW)
def test_the_rule_puzzles_are_listed_and_solved_through_the_screen(window, home, shipped,
                                                                   stem) -> None:
    """Issue 22's puzzles for each rule: opened from the list by keys, solved by the person's
    moves of the solution as gestures against the puzzle's own opponent (the scripted
    answers, Normal elsewhere)."""
    scene = PuzzlesScene(shipped, threaded=False)
    index = [e.key for e in shipped].index(f"shipped/{stem}")
    play = open_puzzle(scene, index)
    assert play.puzzle.key == f"shipped/{stem}" and play.puzzle.hint
    frames(play, 5)
    play.draw(window)
    play_moves(play, pz.run_solution(play.puzzle).commands)
    for _ in range(40):
        frames(play, 30)
        if play.status is not pz.Status.PLAYING:
            break
    assert play.status is pz.Status.SOLVED
    play.draw(window)
