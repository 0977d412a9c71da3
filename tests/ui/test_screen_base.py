"""The screen base (game/ui/screen.py): transitions returned, the dialog slot, the hooks.

Every scene on the stack is a Screen; a scene returns its transition from `handle_event` or
`update`, a widget's callback asks with `go`, and nothing else changes the stack."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game.ui.scene import Pop, Push, apply_transition
from game.ui.screen import Screen
from game.ui.widgets import Button, confirm

from .events import down, feed, key, up

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


class Two(Screen):
    """A screen with a Back button (a callback: it cannot return) and a key that returns."""

    def __init__(self) -> None:
        super().__init__()
        self.back = Button((10, 10, 100, 40), "Back", lambda: self.go(Pop()))
        self.resumed = 0

    def on_event(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            return Push(Two())
        self.back.handle_event(event)
        return None

    def resume(self) -> None:
        self.resumed += 1


def test_a_callback_and_a_return_both_come_back_from_handle_event(window) -> None:
    first, second = Two(), Two()
    stack = [first, second]
    got = feed(second, key(pygame.K_n))
    assert len(got) == 1 and isinstance(got[0], Push)
    got = feed(second, down((50, 30)), up((50, 30)))
    assert got == [Pop()]
    apply_transition(stack, got[0])
    assert stack == [first] and first.resumed == 1  # the hook is called, not looked up
    assert second.pending is None  # returned once, then gone


def test_an_open_dialog_takes_every_event_and_closing_it_is_heard(window) -> None:
    screen = Two()
    answered = []
    screen.dialog = confirm("Sure?", "Really.", lambda: answered.append(True))
    assert feed(screen, key(pygame.K_n)) == []  # not the screen's key while the dialog is up
    feed(screen, key(pygame.K_RETURN))
    assert answered == [True] and screen.dialog is None
    assert len(feed(screen, key(pygame.K_n))) == 1


def test_the_backdrop_is_made_once() -> None:
    screen = Screen()
    assert screen.backdrop() is screen.backdrop()


def test_no_scene_keeps_its_own_side_channel_or_backdrop() -> None:
    """The scaffolding has one home: no `_take`, no `_bg`, no `getattr` for a stack hook."""
    for path in UI.rglob("*.py"):
        tree = ast.parse(path.read_text())
        names = {n.name for n in ast.walk(tree)
                 if isinstance(n, ast.FunctionDef) and len(n.args.args) == 1}  # (self) alone
        assert not names & {"_take", "_bg"}, path
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr" \
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                assert node.args[1].value not in ("allow_quit", "left", "resume", "is_overlay"), path
