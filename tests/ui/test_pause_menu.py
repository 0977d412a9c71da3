"""The duel's pause menu through real key and mouse events: Esc and the Menu button, Concede
(confirm, result), Save and leave -> Continue on the menu -> the same board, the duel goes on,
the computer player back in its seat; a file that cannot be used; the window's close button."""

from __future__ import annotations

import pygame

from game.ai import make_player
from game.decks.deck import load_deck
from game.engine import state_hash
from game.engine.views import view_to_plain
from game.files.resources import STARTER_DECK_DIR
from game.play import suspend
from game.play.duel_setup import DuelSetup
from game.ui.duel.flow import MatchFlow
from game.ui.duel.interaction import Mode
from game.ui.duel.pause import PauseMenu
from game.ui.duel.result import ResultScene
from game.ui.duel.resume import ResumeProblem
from game.ui.duel.scene import DuelScene
from game.ui.menu import MenuScene
from game.ui.scene import Pop, Push, Quit, Replace, apply_transition
from tests.kit import base_pool
from tests.ui.duel_driver import GestureDriver
from tests.ui.duel_kit import duel_scene
from tests.ui.events import click, down, feed, key, motion, settle

PATHS = (STARTER_DECK_DIR / "ember_rush.yaml", STARTER_DECK_DIR / "veil_control.yaml")


def flow(mode: str = "hotseat", best_of: int = 1, level: str = "easy") -> MatchFlow:
    setup = DuelSetup(mode, PATHS, (load_deck(PATHS[0]), load_deck(PATHS[1])), best_of=best_of,
                      first=0, ai_level=level if mode == "versus_ai" else None)
    return MatchFlow(setup, base_pool(), seed=11, threaded=False, speed="instant")


def play_a_little(scene: DuelScene, gestures: int, seed: int = 3) -> None:
    driver = GestureDriver(scene, seed=seed)
    for _ in range(gestures):
        assert driver.step()
    driver.settle()


def button(menu, label: str):
    found = [b for b in menu.buttons if b.label.startswith(label)]
    assert found, f"no {label!r} in {[b.label for b in menu.buttons]}"
    return found[0]


def press(scene, menu, label: str) -> list:
    return feed(scene, *click(button(menu, label).rect.center))


def test_escape_and_the_menu_button_open_the_pause_menu_and_the_duel_waits(window) -> None:
    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 3)
    history = list(scene.session.history)
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    assert isinstance(menu, PauseMenu)
    assert [b.label for b in menu.buttons] == ["Resume", "Settings\u2026", "Concede\u2026",
                                               "Save and leave", "Leave without saving\u2026"]
    assert all(b.enabled for b in menu.buttons)
    for _ in range(30):  # paused: nobody moves, the AI neither
        scene.update(1 / 60)
    scene.draw(window)
    assert scene.session.history == history
    feed(scene, key(pygame.K_ESCAPE))  # Esc again resumes
    assert scene.dialog is None
    # the Menu button reacts to hover, then opens the same menu; keys reach it too
    feed(scene, motion(scene.hud.menu_button.rect.center))
    settle(scene, 10)
    assert scene.hud.menu_button.hovered and scene.hud.menu_button.hover_t > 0.5
    feed(scene, *click(scene.hud.menu_button.rect.center))
    assert isinstance(scene.dialog, PauseMenu)
    feed(scene, key(pygame.K_RETURN))  # Resume has the focus
    assert scene.dialog is None
    scene.input.focus = ("menu",)
    feed(scene, key(pygame.K_RETURN))
    assert isinstance(scene.dialog, PauseMenu)


def test_escape_while_dragging_cancels_the_drag_not_the_duel(window) -> None:
    scene = duel_scene(seed=6)
    feed(scene, key(pygame.K_RETURN))  # lift the curtain
    settle(scene, 5)
    uid = next(u for u in scene.board.me.hand if scene.gest.can_drag(u))
    start = scene.geo.rect_of(uid).center
    feed(scene, motion(start), down(start), motion((start[0], start[1] - 120), buttons=(1, 0, 0)))
    assert scene.input.mode is Mode.DRAGGING
    feed(scene, key(pygame.K_ESCAPE))
    assert scene.input.mode is Mode.IDLE and scene.dialog is None
    feed(scene, key(pygame.K_ESCAPE))
    assert isinstance(scene.dialog, PauseMenu)
    # a duel not started from the menu cannot be saved, and the menu says why
    save = button(scene.dialog, "Save and leave")
    assert not save.enabled
    assert scene.dialog.notes == [("Only hotseat and versus-AI duels can be saved. (Rule U1)", "U1")]
    scene.draw(window)


def test_concede_against_the_computer_asks_without_a_name(window) -> None:
    """Issue 38: "Concede the duel, Player 1?" versus the computer; the name is for hotseat."""
    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 3)
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Concede")
    assert scene.dialog is not None and scene.dialog.title == "Concede the duel?"


def test_concede_asks_first_then_the_other_player_wins(window) -> None:
    f = flow("hotseat", best_of=3)
    scene = f.first_scene()
    play_a_little(scene, 4)
    deciding = scene.session.deciding
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    who = scene.name(deciding)
    press(scene, menu, f"Concede ({who})")
    confirm = scene.dialog
    assert confirm is not None and confirm.title == f"Concede the duel, {who}?"
    assert "whose decision it is now" in confirm.message and "next duel" in confirm.message
    scene.draw(window)
    feed(scene, key(pygame.K_RETURN))  # Enter is "Keep playing": conceding is never the default
    assert scene.dialog is None and not scene.session.over
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Concede")
    feed(scene, *click(scene.dialog.buttons[0].rect.center))  # "Concede"
    settle(scene, 5, window)
    assert scene.finished and scene.session.duel.winner == 1 - deciding
    assert scene.session.duel.end_reason == "concede"
    # the seat at the screen reads the log as "you" (issue 38), the other by name
    winner = "You win" if scene.shown == 1 - deciding else f"{scene.name(1 - deciding)} wins"
    loser = "You" if scene.shown == deciding else who
    assert scene.log.entries[-1].text == f"{winner} the duel. {loser} conceded the duel."
    got = feed(scene, key(pygame.K_SPACE))
    assert len(got) == 1 and isinstance(got[0], Replace)
    result = got[0].scene
    assert isinstance(result, ResultScene)
    assert result.headline == f"{scene.name(1 - deciding)} wins the duel"
    assert result.reason == f"{who} conceded the duel."
    assert f.match.wins[1 - deciding] == 1 and not f.over  # one duel of three
    result.draw(window)


def _menu_with_continue(window) -> MenuScene:
    menu = MenuScene()
    assert [i.label for i in menu.items][:2] == ["How to play", "Continue"]
    menu.draw(window)
    return menu


def _continue(menu: MenuScene):
    rect = menu.button_rects()[1]  # after How to play
    got = feed(menu, *click(rect.center))
    assert len(got) == 1 and isinstance(got[0], Push)
    return got[0].scene


def test_save_and_leave_then_continue_restores_the_same_board_and_the_duel_goes_on(window) -> None:
    stack: list = [MenuScene()]
    assert "Continue" not in [i.label for i in stack[0].items]
    scene = flow("hotseat", best_of=3).first_scene()
    stack.append(scene)
    play_a_little(scene, 6)
    seat = scene.shown
    before = state_hash(scene.session.duel)
    views = [view_to_plain(scene.session.view(s)) for s in (0, 1)]
    log = [e.text for e in scene.log.entries]
    feed(scene, key(pygame.K_ESCAPE))
    got = press(scene, scene.dialog, "Save and leave")
    assert got == [Pop()] and suspend.available()
    apply_transition(stack, got[0])  # back on the menu: it now offers Continue
    menu = stack[-1]
    assert isinstance(menu, MenuScene) and [i.label for i in menu.items][:2] == ["How to play", "Continue"]
    resumed = _continue(menu)
    apply_transition(stack, Push(resumed))
    assert isinstance(resumed, DuelScene) and resumed is not scene
    assert not suspend.available()  # deleted once the duel was back on screen
    duel = resumed.session.duel
    assert state_hash(duel) == before
    assert [view_to_plain(resumed.session.view(s)) for s in (0, 1)] == views
    assert resumed.session.history == scene.session.history
    assert resumed.title == "Duel 1 of 3" and resumed.suspender is not None
    assert resumed.curtain is not None and resumed.curtain.seat == duel.deciding_player
    feed(resumed, key(pygame.K_RETURN))
    assert resumed.shown == seat or resumed.shown == duel.deciding_player
    if resumed.shown == seat:
        assert [e.text for e in resumed.log.entries] == log
    resumed.draw(window)
    n = len(duel.history)
    play_a_little(resumed, 5, seed=9)  # the duel goes on through the screen
    assert len(duel.history) > n


def test_versus_ai_resume_puts_the_computer_back_in_its_seat(window) -> None:
    scene = flow("versus_ai", level="easy").first_scene()
    play_a_little(scene, 5)
    before = state_hash(scene.session.duel)
    feed(scene, key(pygame.K_ESCAPE))
    assert press(scene, scene.dialog, "Save and leave") == [Pop()]
    saved = suspend.load()
    assert (saved.mode, saved.ai_level, saved.ai_seat) == ("versus_ai", "easy", 1)
    resumed = _continue(_menu_with_continue(window))
    session = resumed.session
    assert state_hash(session.duel) == before
    assert session.humans == (True, False) and session.names == ("Player 1", "AI (Easy)")
    assert type(session.workers[1].player) is type(make_player("easy", 0, pool=base_pool()))
    assert resumed.curtain is None and resumed.shown == 0
    assert session.workers[1].threaded
    # the computer thinks on the calling thread from here, so a loaded machine cannot make it
    # late (its thread is tested in test_aids_finish); what is tested is that it plays at all
    session.workers[1].threaded = False
    ai_moves = sum(1 for c in session.history if c.player == 1)
    for _ in range(60):  # the person plays; the computer answers by itself
        play_a_little(resumed, 1, seed=len(session.history))
        if sum(1 for c in session.history if c.player == 1) > ai_moves or session.over:
            break
    assert sum(1 for c in session.history if c.player == 1) > ai_moves


def test_saving_over_another_suspended_duel_asks_first(window) -> None:
    first = flow("hotseat").first_scene()
    play_a_little(first, 2)
    feed(first, key(pygame.K_ESCAPE))
    press(first, first.dialog, "Save and leave")
    older = suspend.path().read_bytes()
    second = flow("versus_ai").first_scene()
    play_a_little(second, 2)
    feed(second, key(pygame.K_ESCAPE))
    assert press(second, second.dialog, "Save and leave") == []
    question = second.dialog
    assert question is not None and question.title == "Replace the suspended duel?"
    assert "Player 1 vs Player 2" in question.message
    second.draw(window)
    feed(second, key(pygame.K_ESCAPE))  # cancel: nothing written
    assert suspend.path().read_bytes() == older and second.dialog is None
    feed(second, key(pygame.K_ESCAPE))
    press(second, second.dialog, "Save and leave")
    assert feed(second, key(pygame.K_RETURN)) == [Pop()]
    assert suspend.load().mode == "versus_ai"


def test_a_file_that_cannot_be_used_says_why_and_is_kept_or_discarded(window) -> None:
    suspend.path().parent.mkdir(parents=True, exist_ok=True)
    suspend.path().write_bytes(b'{"kind": "something else"}')
    stack: list = [_menu_with_continue(window)]
    problem = _continue(stack[0])
    assert isinstance(problem, ResumeProblem)
    apply_transition(stack, Push(problem))
    assert str(suspend.path()) in problem.dialog.message
    assert "this is not a suspended duel of Phantom Duel" in problem.dialog.message
    problem.draw(window)
    got = feed(problem, *click(problem.dialog.buttons[1].rect.center))  # "Keep the file"
    assert got == [Pop()] and suspend.path().read_bytes() == b'{"kind": "something else"}'
    apply_transition(stack, got[0])
    problem = _continue(stack[0])
    apply_transition(stack, Push(problem))
    got = feed(problem, *click(problem.dialog.buttons[0].rect.center))  # "Discard it"
    assert got == [Pop()] and not suspend.path().exists()
    apply_transition(stack, got[0])
    assert "Continue" not in [i.label for i in stack[0].items]


def test_leave_without_saving_asks_then_leaves_nothing_behind(window) -> None:
    scene = flow("hotseat").first_scene()
    play_a_little(scene, 2)
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Leave without saving")
    assert scene.dialog is not None and scene.dialog.title == "Leave without saving?"
    scene.draw(window)
    assert feed(scene, *click(scene.dialog.buttons[0].rect.center)) == [Pop()]
    assert not suspend.available()


def test_closing_the_window_offers_save_and_quit(window) -> None:
    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 2)
    before = state_hash(scene.session.duel)
    assert scene.allow_quit() is False
    labels = [b.label for b in scene.dialog.buttons]
    assert labels == ["Save and quit", "Quit", "Keep playing"]
    scene.draw(window)
    assert feed(scene, key(pygame.K_RETURN)) == [Quit()]  # Save and quit is the default
    match, duel = suspend.restore(suspend.load(), base_pool())
    assert state_hash(duel) == before


def test_escape_on_the_hotseat_curtain_opens_the_menu_without_showing_the_board(window) -> None:
    scene = flow("hotseat").first_scene()
    assert scene.curtain is not None
    feed(scene, key(pygame.K_ESCAPE))
    assert isinstance(scene.dialog, PauseMenu) and scene.curtain is not None
    scene.draw(window)
    assert scene.renderer.drawn == set()  # only the curtain and the menu were drawn
    press(scene, scene.dialog, "Concede (Player 1)")
    feed(scene, *click(scene.dialog.buttons[0].rect.center))
    settle(scene, 5)
    assert scene.session.duel.winner == 1 and scene.curtain is None and scene.shown == 0


def test_a_save_that_fails_says_why_and_the_duel_stays(window) -> None:
    suspend.path().mkdir(parents=True)  # a folder where the file goes: the write must fail
    scene = flow("hotseat").first_scene()
    play_a_little(scene, 2)
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    assert press(scene, menu, "Save and leave") == []
    if scene.dialog is not menu:  # something is at the file's name: it asks before replacing
        menu = scene.dialog
        assert press(scene, menu, "Save and leave") == []
    assert scene.dialog is menu and menu.error.startswith("Not saved: ")
    assert str(suspend.path()) in menu.error and "folder" in menu.error
    scene.draw(window)
    feed(scene, key(pygame.K_ESCAPE))
    assert scene.dialog is None and not scene.session.over


def test_escape_during_an_animation_pauses_at_once(window) -> None:
    scene = duel_scene(seed=6, speed="normal")
    feed(scene, key(pygame.K_RETURN))  # lift the curtain
    settle(scene, 5)
    feed(scene, key(pygame.K_SPACE))  # the action button: something to animate
    assert scene.anim.busy
    feed(scene, key(pygame.K_ESCAPE))
    assert isinstance(scene.dialog, PauseMenu)


def test_a_conceded_duel_is_kept_as_a_replay_that_replays_to_its_end(window) -> None:
    from game.play.replay import ReplayRun, load_replay, replay_files

    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 3)
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Concede")
    feed(scene, *click(scene.dialog.buttons[0].rect.center))
    settle(scene, 5)
    assert scene.finished and scene.session.duel.winner == 1
    files = replay_files()
    assert len(files) == 1
    replay = load_replay(files[0], base_pool())
    assert replay.reason == "concede" and replay.winner == 1
    run = ReplayRun.play(replay, base_pool())
    assert not run.stopped and not run.warnings and run.final is not None and run.final.over


def test_continue_waits_for_the_autosave_writer_so_a_busy_disk_brings_back_no_older_move(
        window, monkeypatch) -> None:
    """The autosave writer thread lags (a disk slower than the 2 s that leaving waits for
    the journal's discard): Continue right after "Save and leave" still restores the very
    board that was left, not an older move from the journal."""
    import threading

    from game.play import autosave

    real = autosave.Writer._do
    gate = threading.Event()

    def slow(self, op):  # past the header, the writer's disk holds each write until the gate opens
        if op[0] in ("append", "discard"):
            gate.wait(5.0)
        return real(self, op)

    scene = flow("versus_ai", level="easy").first_scene()
    monkeypatch.setattr(autosave.Writer, "_do", slow)
    play_a_little(scene, 5)
    before = state_hash(scene.session.duel)
    feed(scene, key(pygame.K_ESCAPE))
    went = press(scene, scene.dialog, "Save and leave")
    assert went == [Pop()]
    apply_transition([MenuScene(), scene], went[0])  # left on purpose: the journal is let go
    assert autosave.available()  # the journal of the duel left is still there, behind
    threading.Timer(0.3, gate.set).start()  # the disk catches up while Continue waits
    resumed = _continue(_menu_with_continue(window))
    assert state_hash(resumed.session.duel) == before
