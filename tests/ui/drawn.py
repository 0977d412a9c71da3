"""What a draw put on screen as text: every string and the rect it was blitted to."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame

from game.ui import text as txt


@contextlib.contextmanager
def drawn_text() -> Iterator[list[tuple[str, pygame.Rect]]]:
    """Record each `text.blit_text` call made inside the block as (string, rect)."""
    seen: list[tuple[str, pygame.Rect]] = []
    real = txt.blit_text

    def spy(surface, s, px, colour, pos, bold=False, anchor="topleft"):
        rect = real(surface, s, px, colour, pos, bold, anchor)
        seen.append((s, rect))
        return rect

    txt.blit_text = spy
    try:
        yield seen
    finally:
        txt.blit_text = real


def strings(scene, surface: pygame.Surface) -> list[str]:
    """The strings one frame of `scene` draws."""
    with drawn_text() as seen:
        scene.draw(surface)
    return [s for s, _ in seen]
