"""A message line: the answer to the player's last action, in words, fading after a while.

Refusals ("a fourth Ember Imp: at most 3 copies") and confirmations ("Saved") go here, so
nothing the player does is met with silence. Errors stay longer than confirmations.
"""

from __future__ import annotations

import pygame

from game.ui import text as txt
from game.ui import theme

KINDS = {"info": theme.TEXT, "ok": theme.GOOD, "error": theme.BAD, "warn": theme.ACCENT}
FADE = 0.4
MAX_LINES = 3


class Toast:
    def __init__(self, centre: tuple[int, int], max_width: int = 900) -> None:
        self.centre = centre
        self.max_width = max_width
        self.message = ""
        self.kind = "info"
        self.left = 0.0
        self.detail = ""  # shown while the pointer rests on the toast (a cited rule's words)
        self.whole = False  # every line of the message, the box growing (a hint), not MAX_LINES
        self.bounds: pygame.Rect | None = None  # the box is kept inside (the canvas)
        self._layer: pygame.Surface | None = None

    def show(self, message: str, kind: str = "info", seconds: float | None = None,
             detail: str = "", whole: bool = False) -> None:
        self.message = message
        self.detail = detail
        self.whole = whole
        self.kind = kind if kind in KINDS else "info"
        self.left = seconds if seconds is not None else (5.0 if kind == "error" else 3.0)
        self._layer = None

    def clear(self) -> None:
        self.left = 0.0

    @property
    def visible(self) -> bool:
        return self.left > 0 and bool(self.message)

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        box = self.box()
        assert self._layer is not None
        self._layer.set_alpha(round(255 * min(1.0, self.left / FADE)))
        surface.blit(self._layer, box)

    def detail_at(self, pos: tuple[int, int]) -> str:
        """The toast's detail while it shows and `pos` is on it, else ""."""
        if self.visible and self.detail and self.box().collidepoint(pos):
            return self.detail
        return ""

    def box(self) -> pygame.Rect:
        """Where the toast is drawn (its whole box, never wider than `max_width`)."""
        if self._layer is None:
            self._layer = self._render()
        box = self._layer.get_rect(center=self.centre)
        return box.clamp(self.bounds) if self.bounds is not None else box

    def _render(self) -> pygame.Surface:
        """The message wrapped inside `max_width`: at most MAX_LINES lines (the last cut), or
        every line when `whole` (the box grows)."""
        px = theme.BODY
        room = self.max_width - 40
        lines = txt.wrap(self.message, px, room, bold=True)
        if len(lines) > MAX_LINES and not self.whole:
            lines = [*lines[:MAX_LINES - 1], " ".join(lines[MAX_LINES - 1:])]
        lines = [txt.fit(s, px, room, bold=True) for s in lines]
        imgs = [txt.text(s, px, KINDS[self.kind], bold=True) for s in lines]
        step = txt.font(px, True).get_linesize()
        w = max(i.get_width() for i in imgs) + 40
        layer = pygame.Surface((w, step * (len(imgs) - 1) + imgs[0].get_height() + 18), pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.PANEL_DARK, 240), layer.get_rect(), border_radius=8)
        pygame.draw.rect(layer, (*KINDS[self.kind], 200), layer.get_rect(), width=1, border_radius=8)
        for k, img in enumerate(imgs):
            layer.blit(img, ((w - img.get_width()) // 2, 9 + k * step))
        return layer
