"""Scenes and the scene stack.

A scene never swaps itself out: it returns a transition (Push, Pop, Replace or None) from
`handle_event` or `update`, and `apply_transition` is the one place the stack changes. That
keeps scenes testable without a window loop and makes "back" always mean Pop. A scene that
is uncovered by a Pop gets its `resume()` called (the menu re-reads what is saved). Every
scene is a `game.ui.screen.Screen`, which declares the hooks below with neutral answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import pygame


@runtime_checkable
class Scene(Protocol):
    """What the stack and the app ask of a scene (game.ui.screen.Screen is the base)."""

    is_overlay: bool  # drawn over the scene beneath it

    def handle_event(self, event: pygame.event.Event) -> Transition | None: ...

    def update(self, dt: float) -> Transition | None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def allow_quit(self) -> bool: ...

    def left(self) -> None: ...

    def resume(self) -> None: ...


def allows_quit(scene: Scene) -> bool:
    """True unless `scene` vetoes closing the window.

    A scene with unsaved work (or a duel in progress) answers False from `allow_quit()`,
    shows its own "really quit?" question, and returns `Quit()` from `handle_event` when the
    player agrees."""
    return bool(scene.allow_quit())


@dataclass(frozen=True)
class Push:
    """Open `scene` on top; the current scene waits underneath."""

    scene: Scene


@dataclass(frozen=True)
class Pop:
    """Close the current scene (closing the last one ends the app)."""


@dataclass(frozen=True)
class Replace:
    """Swap the current scene for `scene` (e.g. duel setup -> duel)."""

    scene: Scene


@dataclass(frozen=True)
class Quit:
    """Close every scene and end the app (after the player agreed to quit)."""


Transition = Push | Pop | Replace | Quit


def _left(scene: Scene) -> None:
    """A scene taken off the stack on purpose (Pop, Replace, Quit; not a crash or a kill)
    lets go of what it holds (`left()`: the duel's autosave goes)."""
    scene.left()


def apply_transition(stack: list[Scene], transition: Transition | None) -> list[Scene]:
    """Change `stack` in place as `transition` says and return it (empty: time to quit)."""
    if transition is None:
        return stack
    if isinstance(transition, Push):
        stack.append(transition.scene)
    elif isinstance(transition, Pop):
        if stack:
            _left(stack.pop())
        if stack:  # the scene underneath is on top again: it may refresh
            stack[-1].resume()
    elif isinstance(transition, Replace):
        if stack:
            _left(stack.pop())
        stack.append(transition.scene)
    elif isinstance(transition, Quit):
        while stack:
            _left(stack.pop())
    else:
        raise TypeError(f"not a scene transition: {transition!r}")
    return stack
