"""Scenes and the scene stack.

A scene never swaps itself out: it returns a transition (Push, Pop, Replace or None) from
`handle_event` or `update`, and `apply_transition` is the one place the stack changes. That
keeps scenes testable without a window loop and makes "back" always mean Pop.
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


Transition = Push | Pop | Replace


def apply_transition(stack: list[Scene], transition: Transition | None) -> list[Scene]:
    """Change `stack` in place as `transition` says and return it (empty: time to quit)."""
    if transition is None:
        return stack
    if isinstance(transition, Push):
        stack.append(transition.scene)
    elif isinstance(transition, Pop):
        if stack:
            stack.pop()
    elif isinstance(transition, Replace):
        if stack:
            stack.pop()
        stack.append(transition.scene)
    else:
        raise TypeError(f"not a scene transition: {transition!r}")
    return stack
