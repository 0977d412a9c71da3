"""Scenes and the scene stack.

A scene never swaps itself out: it returns a transition (Push, Pop, Replace or None) from
`handle_event` or `update`, and `apply_transition` is the one place the stack changes. That
keeps scenes testable without a window loop and makes "back" always mean Pop. A scene that
is uncovered by a Pop gets its optional `resume()` called (the menu re-reads what is saved).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import pygame


@runtime_checkable
class Scene(Protocol):
    def handle_event(self, event: pygame.event.Event) -> Transition | None: ...

    def update(self, dt: float) -> Transition | None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


def allows_quit(scene: object) -> bool:
    """True unless `scene` vetoes closing the window.

    A scene with unsaved work (or a duel in progress) defines `allow_quit() -> bool`: it
    returns False to veto, shows its own "really quit?" question, and returns `Quit()`
    from `handle_event` when the player agrees. Scenes without the method never veto."""
    hook = getattr(scene, "allow_quit", None)
    return True if hook is None else bool(hook())


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


def _left(scene: object) -> None:
    """A scene taken off the stack on purpose (Pop, Replace, Quit; not a crash or a kill)
    may let go of what it holds (optional `left()` hook: the duel's autosave goes)."""
    hook = getattr(scene, "left", None)
    if hook is not None:
        hook()


def apply_transition(stack: list[Scene], transition: Transition | None) -> list[Scene]:
    """Change `stack` in place as `transition` says and return it (empty: time to quit)."""
    if transition is None:
        return stack
    if isinstance(transition, Push):
        stack.append(transition.scene)
    elif isinstance(transition, Pop):
        if stack:
            _left(stack.pop())
        if stack:  # the scene underneath is on top again: it may refresh (optional hook)
            hook = getattr(stack[-1], "resume", None)
            if hook is not None:
                hook()
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
