"""Real pygame events for UI tests, posted to the queue and fed to a scene as the loop does."""

from __future__ import annotations

import pygame

from game.ui.scene import Transition


def feed(scene, *events: pygame.event.Event) -> list[Transition]:
    """Post `events` to pygame's queue, then hand the queue to `scene` like the app loop."""
    out = []
    for event in events:
        pygame.event.post(event)
        for e in pygame.event.get():
            if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
                t = scene.handle_event(e)
                if t is not None:
                    out.append(t)
    return out


def motion(pos, buttons=(0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0), buttons=buttons)


def down(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)


def up(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(pos), button=button)


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                              precise_y=float(y))


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def click(pos, button: int = 1) -> list[pygame.event.Event]:
    return [motion(pos), down(pos, button), up(pos, button)]


def drag(start, end, steps: int = 5) -> list[pygame.event.Event]:
    """Press at `start`, move in steps, release at `end`."""
    evs = [motion(start), down(start)]
    for i in range(1, steps + 1):
        t = i / steps
        evs.append(motion((round(start[0] + (end[0] - start[0]) * t),
                           round(start[1] + (end[1] - start[1]) * t)), buttons=(1, 0, 0)))
    evs.append(up(end))
    return evs


def settle(scene, frames: int = 40, surface: pygame.Surface | None = None) -> None:
    for _ in range(frames):
        scene.update(1 / 60)
    if surface is not None:
        scene.draw(surface)
