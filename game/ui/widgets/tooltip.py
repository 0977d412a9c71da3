"""Tooltips: a short explanation that appears after hovering still for a moment.

`WidgetGroup` shows a widget's `tooltip` text by itself; `Tooltip` is the same timer for
things that are not widgets (a card in a grid, a chart bar): feed it what is under the
pointer each frame and draw it last.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import placement, theme
from game.ui import text as txt

DELAY = 0.45


class Tooltip:
    def __init__(self, delay: float = DELAY) -> None:
        self.delay = delay
        self.message = ""
        self.pos = (0, 0)
        self._time = 0.0

    def hover(self, message: str, pos: tuple[int, int]) -> None:
        """What is under the pointer now ("" for nothing)."""
        if message != self.message:
            self.message, self._time = message, 0.0
        self.pos = pos

    def update(self, dt: float) -> None:
        if self.message:
            self._time += dt

    @property
    def showing(self) -> bool:
        return bool(self.message) and self._time >= self.delay

    def draw(self, surface: pygame.Surface) -> None:
        if self.showing:
            draw_tooltip(surface, self.message, self.pos)


def pointer_rect(pos: tuple[int, int]) -> pygame.Rect:
    """The pointer's arrow at `pos` (what a tooltip must never hide)."""
    return pygame.Rect(pos[0] - 2, pos[1] - 2, 18, 24)


def draw_tooltip(surface: pygame.Surface, message: str, pos: tuple[int, int],
                 max_width: int = 340, avoid: Sequence[pygame.Rect] = (),
                 anchor: pygame.Rect | None = None) -> pygame.Rect:
    """A small box of wrapped text near `pos`, placed by game.ui.placement: inside the
    surface, never under the pointer, off `avoid` (what it explains, key hints) where it can;
    where every place at the pointer covers some of that, the places around `anchor` (the
    widget it explains) are tried too."""
    px = theme.SMALL
    lines = txt.wrap_cached(message, px, max_width)  # worked out once, not every frame
    imgs = [txt.text(line, px, theme.TEXT) for line in lines]
    w = max(i.get_width() for i in imgs) + 20
    h = sum(i.get_height() for i in imgs) + 14
    bounds = surface.get_rect()
    tries = placement.near_pointer(pos, (w, h))
    if anchor is not None:
        tries += placement.around(anchor, (w, h))
    # the pointer is never hidden: the places that would hide it are left out first
    clear = [at for at in tries if not pygame.Rect(at, (w, h)).clamp(bounds).colliderect(
        pointer_rect(pos))] or tries
    box = placement.place((w, h), clear, bounds, [pointer_rect(pos), *avoid])
    pygame.draw.rect(surface, theme.PANEL_DARK, box, border_radius=6)
    pygame.draw.rect(surface, theme.BUTTON_EDGE, box, width=1, border_radius=6)
    y = box.y + 7
    for img in imgs:
        surface.blit(img, (box.x + 10, y))
        y += img.get_height()
    return box
