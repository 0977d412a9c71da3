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


class SpySurface(pygame.Surface):
    """A surface that records where each blitted image landed, with its text when it was a
    line from `text.text` (for widgets that blit cached text themselves)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[str | None, pygame.Rect]] = []
        self.names: dict[int, str] = {}

    def blit(self, source, dest, *args, **kw):  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kw)
        self.placed.append((self.names.get(id(source)), rect))
        return rect


@contextlib.contextmanager
def named_text(surface: SpySurface) -> Iterator[None]:
    """While inside, every `text.text` image is known to `surface` by its string."""
    real = txt.text

    def spy(s, px, colour, bold=False):
        img = real(s, px, colour, bold)
        surface.names[id(img)] = s
        return img

    txt.text = spy
    try:
        yield
    finally:
        txt.text = real
