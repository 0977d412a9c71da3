"""The app shell (letterbox, mouse mapping, fullscreen key, quit veto) and the widgets."""

from __future__ import annotations

import pygame
import pytest

from game.ui import clipboard
from game.ui.app import App, fit_viewport, is_fullscreen_key, map_event
from game.ui.scene import Quit
from game.ui.screen import Screen
from game.ui.widgets import Button, Dropdown, Option, TextField, WidgetGroup, confirm, prompt
from tests.ui.events import click, down, key, motion, text, up

CTRL = pygame.KMOD_LCTRL


@pytest.mark.parametrize("window,view", [
    ((1280, 720), (0, 0, 1280, 720)),
    ((1920, 1080), (0, 0, 1920, 1080)),
    ((800, 600), (0, 75, 800, 450)),
    ((2000, 720), (360, 0, 1280, 720)),
])
def test_letterbox_viewport(window, view) -> None:
    v = fit_viewport(window)
    assert (v.x, v.y, v.w, v.h) == view


def test_mouse_positions_map_back_to_the_logical_canvas() -> None:
    v = fit_viewport((800, 600))
    e = map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1), v)
    assert e.pos == (640, 360) and e.button == 1
    e = map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 75), rel=(10, 5),
                                     buttons=(0, 0, 0)), v)
    assert e.pos == (0, 0) and e.rel == (16, 8)
    k = key(pygame.K_a)
    assert map_event(k, v) is k


def test_fullscreen_keys() -> None:
    assert is_fullscreen_key(key(pygame.K_F11))
    assert is_fullscreen_key(key(pygame.K_RETURN, pygame.KMOD_LALT))
    assert not is_fullscreen_key(key(pygame.K_RETURN))


class Vetoing(Screen):
    """A scene with unsaved work: vetoes the first close, then says Quit when asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0
        self.drawn = 0

    def allow_quit(self) -> bool:
        self.asked += 1
        return False

    def on_event(self, event):
        return Quit() if event.type == pygame.KEYDOWN and event.key == pygame.K_y else None

    def draw(self, surface):
        self.drawn += 1
        surface.fill((20, 30, 40))


def test_the_app_asks_scenes_before_closing_and_scales_into_the_window(window, tmp_path) -> None:
    app = App((800, 600))
    scene = Vetoing()
    stack = [scene]
    app.dispatch(stack, pygame.event.Event(pygame.QUIT))
    assert stack == [scene] and scene.asked == 1
    app.draw(stack)
    app.present()
    assert tuple(app.window.get_at((400, 10)))[:3] == (0, 0, 0)  # the letterbox bar
    inside = tuple(app.window.get_at((400, 300)))[:3]
    assert all(abs(a - b) <= 3 for a, b in zip(inside, (20, 30, 40), strict=True))
    app.dispatch(stack, key(pygame.K_y))
    assert stack == []
    shot = tmp_path / "shot.png"
    assert App((640, 360)).run([Vetoing()], frames=2, screenshot=str(shot), fixed_dt=1 / 60) == 0
    assert pygame.image.load(str(shot)).get_size() == (640, 360)


def group_feed(group: WidgetGroup, *events) -> None:
    for e in events:
        group.handle_event(e)


def test_button_click_hover_disabled_and_keyboard(window) -> None:
    hits = []
    a = Button((10, 10, 100, 40), "A", lambda: hits.append("a"))
    b = Button((10, 60, 100, 40), "B", lambda: hits.append("b"), enabled=False)
    c = Button((10, 110, 100, 40), "C", lambda: hits.append("c"))
    g = WidgetGroup([a, b, c])
    group_feed(g, motion((50, 30)))
    assert a.hovered
    group_feed(g, down((50, 30)), up((300, 300)))  # released elsewhere: no click
    group_feed(g, *click((50, 30)), *click((50, 80)))
    assert hits == ["a"]
    group_feed(g, key(pygame.K_TAB), key(pygame.K_RETURN))  # Tab skips the disabled button
    assert g.focus is c and hits == ["a", "c"]
    for _ in range(20):
        g.update(1 / 60)
    g.draw(window)


def test_text_field_typing_cursor_backspace_and_paste(window) -> None:
    changes = []
    f = TextField((10, 10, 300, 40), on_change=changes.append)
    g = WidgetGroup([f])
    group_feed(g, *click((50, 30)), text("helo"), key(pygame.K_LEFT), text("l"))
    assert f.value == "hello" and f.cursor == 4
    group_feed(g, key(pygame.K_END), key(pygame.K_BACKSPACE), key(pygame.K_HOME),
               key(pygame.K_DELETE))
    assert f.value == "ell"
    clipboard.put_text("one\ntwo")
    group_feed(g, key(pygame.K_END), key(pygame.K_v, CTRL))
    assert f.value == "ellone two"  # pasted on one line
    group_feed(g, key(pygame.K_BACKSPACE, CTRL))
    assert f.value == "ellone "
    group_feed(g, key(pygame.K_ESCAPE))
    assert f.value == "" and changes[-1] == ""
    g.draw(window)


def test_dropdown_as_cycler_and_list_with_disabled_options(window) -> None:
    picked = []
    d = Dropdown((10, 10, 200, 40), [Option("Random", "random"), Option("Hard", "hard", False,
                                                                         "coming soon"),
                                     Option("Easy", "easy")], on_change=picked.append)
    g = WidgetGroup([d])
    g.set_focus(d)
    group_feed(g, key(pygame.K_RIGHT))
    assert d.value == "easy"  # the disabled option is skipped
    group_feed(g, key(pygame.K_RETURN))
    assert d.open
    g.draw(window)
    row = d.list_rect()
    group_feed(g, *click((row.x + 10, row.y + 3 + 30 + 15)))  # "Hard": disabled, stays open
    assert d.open and d.value == "easy"
    group_feed(g, key(pygame.K_ESCAPE))
    assert not d.open and picked == ["easy"]


def test_dialogs(window) -> None:
    said = []
    dlg = confirm("Delete?", "Really?", lambda: said.append("yes"), danger=True)
    dlg.handle_event(key(pygame.K_RETURN))  # a destructive default is Cancel
    assert dlg.closed and said == []
    ask = prompt("Name", "A name:", "", lambda v: None if v else "A name, please")
    ask.handle_event(key(pygame.K_RETURN))
    assert not ask.closed and ask.error == "A name, please"
    ask.handle_event(text("Deck"))
    ask.draw(window)
    ask.handle_event(key(pygame.K_RETURN))
    assert ask.closed
