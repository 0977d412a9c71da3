"""The title menu and the scene stack, headless (SDL dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import loaded, routes
from game.ui.menu import MenuItem, MenuScene
from game.ui.scene import Pop, Push, Replace, apply_transition

REPO = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    pygame.event.clear()
    yield surface
    pygame.display.quit()


def post_and_handle(scene: MenuScene, *events: pygame.event.Event) -> list:
    """Post real events to pygame's queue, then feed the queue to the scene as the loop does."""
    for event in events:
        pygame.event.post(event)
    return [t for e in pygame.event.get() if (t := scene.handle_event(e)) is not None]


def click(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_menu_draws(screen) -> None:
    menu = MenuScene(SIZE)
    menu.update(1 / 60)
    menu.draw(screen)
    colours = {tuple(screen.get_at((x, y))) for x in range(0, SIZE[0], 16)
               for y in range(0, SIZE[1], 16)}
    assert len(colours) > 10  # title, buttons and text, not a blank fill
    labels = [item.label for item in menu.items]
    assert labels[-1] == "Quit" and {"Hotseat duel", "Versus AI", "Puzzles", "Deck builder",
                                     "Replays", "Settings"} <= set(labels)
    for rect in menu.button_rects():
        assert screen.get_rect().contains(rect)


def test_clicking_quit_pops_the_menu(screen) -> None:
    menu = MenuScene(SIZE)
    menu.draw(screen)
    quit_rect = menu.button_rects()[-1]
    transitions = post_and_handle(menu, click(quit_rect.center))
    assert transitions == [Pop()]
    stack = [menu]
    apply_transition(stack, transitions[0])
    assert stack == []


def test_a_scene_that_cannot_open_says_why_in_a_notice(screen, monkeypatch) -> None:
    def broken():
        raise loaded.RouteError("the settings file is on fire")

    monkeypatch.setattr(routes, "settings", broken)
    menu = MenuScene(SIZE)
    menu.draw(screen)
    before = screen.copy()
    index = [item.label for item in menu.items].index("Settings")
    assert post_and_handle(menu, click(menu.button_rects()[index].center)) == []
    assert menu.notice == "Settings: the settings file is on fire"
    menu.update(0.1)
    menu.draw(screen)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(screen, "RGB")
    menu.update(10.0)
    assert menu.notice_left == 0


def test_clicking_outside_buttons_does_nothing(screen) -> None:
    menu = MenuScene(SIZE)
    menu.draw(screen)
    assert post_and_handle(menu, click((5, 5))) == []
    assert menu.notice == ""


def test_escape_asks_before_quitting_and_enter_or_escape_answers(screen) -> None:
    menu = MenuScene(SIZE)
    menu.draw(screen)
    before = pygame.image.tobytes(screen, "RGB")
    assert post_and_handle(menu, key(pygame.K_ESCAPE)) == []  # Esc asks, never quits at once
    assert menu.dialog is not None and menu.dialog.title == "Quit Phantom Duel?"
    assert [b.label for b in menu.dialog.buttons_spec] == ["Quit", "Stay"]
    menu.draw(screen)
    assert pygame.image.tobytes(screen, "RGB") != before  # the question is on screen
    assert post_and_handle(menu, key(pygame.K_ESCAPE)) == []  # Esc: Stay
    assert menu.dialog is None
    assert post_and_handle(menu, key(pygame.K_ESCAPE), key(pygame.K_RETURN)) == [Pop()]
    menu = MenuScene(SIZE)  # a click on Quit answers it too
    post_and_handle(menu, key(pygame.K_ESCAPE))
    menu.draw(screen)
    at = menu.dialog.buttons[0].rect.center
    assert post_and_handle(menu, click(at), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at,
                                                               button=1)) == [Pop()]


def test_keyboard_reaches_quit(screen) -> None:
    menu = MenuScene(SIZE)
    events = [key(pygame.K_DOWN)] * len(menu.items) + [key(pygame.K_RETURN)]
    assert post_and_handle(menu, *events) == [Pop()]


def test_buttons_react_to_hover(screen) -> None:
    menu = MenuScene(SIZE)
    menu.draw(screen)
    rect = menu.button_rects()[2]
    idle = screen.subsurface(rect).copy()
    post_and_handle(menu, pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
    assert menu.focus == 2
    for _ in range(30):
        menu.update(1 / 60)
    assert menu.items[2].hover == 1.0
    menu.draw(screen)
    hovered = screen.subsurface(rect).copy()
    assert pygame.image.tobytes(idle, "RGB") != pygame.image.tobytes(hovered, "RGB")


def test_layout_follows_window_size(screen) -> None:
    small = pygame.Surface((800, 450))
    menu = MenuScene(SIZE)
    menu.draw(small)
    for rect in menu.button_rects():
        assert small.get_rect().contains(rect)
    assert post_and_handle(menu, click(menu.button_rects()[-1].center)) == [Pop()]


def test_scene_stack() -> None:
    from game.ui.screen import Screen

    a, b, c = Screen(), Screen(), Screen()
    stack = [a]
    assert apply_transition(stack, None) == [a]
    assert apply_transition(stack, Push(b)) == [a, b]
    assert apply_transition(stack, Replace(c)) == [a, c]
    assert apply_transition(stack, Pop()) == [a]
    assert apply_transition(stack, Pop()) == []
    with pytest.raises(TypeError):
        apply_transition(stack, "nonsense")


def test_main_runs_frames_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "tmp.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "--frames", "3",
                           "--screenshot", str(shot)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(shot)).get_size() == SIZE


def test_continue_is_listed_only_while_a_suspended_duel_waits(screen, monkeypatch) -> None:
    monkeypatch.setattr(routes, "resume_available", lambda: False)
    menu = MenuScene(SIZE)
    assert "Continue" not in [item.label for item in menu.items]
    monkeypatch.setattr(routes, "resume_available", lambda: True)
    stack = [menu, MenuScene(SIZE)]
    apply_transition(stack, Pop())  # back on the menu: it re-reads what is saved
    assert [item.label for item in menu.items][:2] == ["How to play", "Continue"]
    menu.draw(screen)
    for rect in menu.button_rects():
        assert screen.get_rect().contains(rect)


def test_puzzles_are_marked_as_the_way_to_learn(screen) -> None:
    menu = MenuScene(SIZE)
    menu.draw(screen)
    index = [item.label for item in menu.items].index("Puzzles")
    rect = menu.button_rects()[index]
    post_and_handle(menu, pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
    assert menu.caption(menu.items[menu.focus]) == "Puzzles: learn one rule at a time"


def _hover_continue(menu: MenuScene, screen) -> str:
    index = [item.label for item in menu.items].index("Continue")
    menu.draw(screen)
    post_and_handle(menu, pygame.event.Event(pygame.MOUSEMOTION,
                                             pos=menu.button_rects()[index].center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
    menu.update(1 / 60)
    menu.draw(screen)
    return menu.caption(menu.items[menu.focus])


def test_continue_says_what_it_continues_from_the_saved_header_read_once(home, screen,
                                                                          monkeypatch) -> None:
    from game.play import continue_line, suspend
    from tests.play.test_suspend import capture, played

    match, duel = played(steps=60)
    suspend.save(capture(match, duel, mode="versus_ai"))
    reads = []
    real = continue_line.what_continues
    monkeypatch.setattr(continue_line, "what_continues", lambda: reads.append(1) or real())
    menu = MenuScene(SIZE)
    words = _hover_continue(menu, screen)
    assert words == (f"Continue: versus Normal, Ember Rush v Veil Control, duel 1 of 3, "
                     f"round {duel.state.round}")
    for _ in range(20):  # frames read nothing
        menu.update(1 / 60)
        menu.draw(screen)
    assert len(reads) == 1


def test_continue_names_an_autosaved_hotseat_duel(home, screen) -> None:
    from game.play import autosave
    from tests.play.test_suspend import capture, played

    match, duel = played(steps=10)
    journal = autosave.Journal(autosave.match_header(capture(match, duel, mode="hotseat")))
    assert journal.flush()
    try:
        words = _hover_continue(MenuScene(SIZE), screen)
    finally:
        journal.discard()
    # the header is the duel as it started: its round may be old, so none is named
    assert words == "Continue: hotseat, Ember Rush v Veil Control, duel 1 of 3"


@pytest.mark.parametrize("scale", [100, 130])
def test_each_note_sits_inside_its_button_at_every_text_size(screen, monkeypatch, scale) -> None:
    from game.ui import text as txt

    monkeypatch.setattr(routes, "resume_available", lambda: True)
    monkeypatch.setattr(routes, "what_continues",
                        lambda: "hotseat, Ember Rush v Veil Control, duel 2 of 3, round 13")
    txt.set_scale(scale)
    try:
        for size, more in ((SIZE, 0), (SIZE, 1), ((800, 450), 0), ((800, 450), 1)):
            menu = MenuScene(size)
            menu.items[2:2] = [MenuItem(f"Another entry {k}") for k in range(more)]
            surface = pygame.Surface(size)
            menu.draw(surface)
            rects = menu.button_rects()
            drawn = [i for i, _spot in menu.note_rects]
            if size == SIZE:  # room for both notes in their buttons (one more item too)
                assert [menu.items[i].label for i in drawn] == ["Continue", "Puzzles"]
            for i, spot in menu.note_rects:
                assert rects[i].contains(spot), (scale, size, menu.items[i].label)
            # whatever the room, hovering an item shows its whole note under the buttons
            at = [item.label for item in menu.items].index("Continue")
            menu.focus = at
            assert menu.caption(menu.items[at]).startswith("Continue: hotseat")
    finally:
        txt.set_scale(100)
