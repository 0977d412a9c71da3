"""A dropdown that is also an option cycler.

Closed and focused, Left/Right step through the options (a cycler); a click, Enter or Space
opens the list, where the mouse or Up/Down/Enter choose and Esc closes. Options can be
disabled with a note saying why (a deck that is not legal), so a refusal is never silent.
With `menu=True` it is a menu button: the label stays and choosing runs the option.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import placement, theme
from game.ui import text as txt
from game.ui.widgets.base import RectArg, Widget, is_activate, is_key

ROW_H = 30
MENU_ROOM = 40  # a menu button's width beyond its label: the left pad, a gap, the arrow
MAX_ROWS = 10


@dataclass(frozen=True)
class Option:
    label: str
    value: Any = None
    enabled: bool = True
    note: str = ""  # shown dim beside the label (why it is disabled, a source, ...)


class Dropdown(Widget):
    focusable = True

    def __init__(self, rect: RectArg, options: Sequence[Option], selected: int = 0,
                 on_change: Callable[[Any], object] | None = None, label: str = "",
                 menu: bool = False, px: int = theme.BODY, tooltip: str = "",
                 list_width: int | None = None,
                 on_open: Callable[[], object] | None = None) -> None:
        super().__init__(rect, tooltip)
        self.on_open = on_open  # refresh the options just before the list opens
        self.options = list(options)
        self.selected = selected if self.options else -1
        self.on_change = on_change
        self.label = label
        self.menu = menu
        self.px = px
        self.list_width = list_width
        self.open = False
        self.highlight = 0
        self.top = 0  # first visible row of the open list

    # ------------------------------------------------------------- values
    @property
    def value(self) -> Any:
        if 0 <= self.selected < len(self.options):
            return self.options[self.selected].value
        return None

    def set_options(self, options: Sequence[Option], value: Any = None) -> None:
        self.options = list(options)
        idx = next((i for i, o in enumerate(self.options) if o.value == value and o.enabled), None)
        if idx is None:
            idx = next((i for i, o in enumerate(self.options) if o.enabled), -1)
        self.selected = idx

    def choose(self, index: int) -> None:
        """Pick option `index` (ignored if it is disabled) and report it."""
        if not 0 <= index < len(self.options) or not self.options[index].enabled:
            return
        if not self.menu:
            self.selected = index
        self.open = False
        if self.on_change is not None:
            self.on_change(self.options[index].value)

    def cycle(self, step: int) -> None:
        n = len(self.options)
        i = self.selected
        for _ in range(n):
            i = (i + step) % n
            if self.options[i].enabled:
                self.choose(i)
                return

    # ------------------------------------------------------------ geometry
    def list_rect(self, surface_h: int = theme.LOGICAL_SIZE[1]) -> pygame.Rect:
        """The open list: below the box (else above it), its left edge on the box's (else its
        right edge on the box's: a wide list at the window's right edge), inside the window
        (game.ui.placement)."""
        rows = min(MAX_ROWS, len(self.options))
        size = (max(self.rect.w, self.list_width or 0), rows * ROW_H + 6)
        bounds = pygame.Rect(0, 0, theme.LOGICAL_SIZE[0], surface_h)
        tries = placement.around(self.rect, size, gap=2)[:4]
        fits = [at for at in tries if bounds.contains(pygame.Rect(at, size))]
        return placement.place(size, fits or tries, bounds)

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        lr = self.list_rect()
        if not lr.collidepoint(pos):
            return None
        i = self.top + (pos[1] - lr.y - 3) // ROW_H
        return i if 0 <= i < len(self.options) else None

    def _show(self, i: int) -> None:
        if i < self.top:
            self.top = i
        elif i >= self.top + MAX_ROWS:
            self.top = i - MAX_ROWS + 1

    # -------------------------------------------------------------- events
    @property
    def captures_input(self) -> bool:
        return self.open

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if self.open:
            return self._open_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            self._open()
            return True
        if not self.focused or event.type != pygame.KEYDOWN:
            return False
        if is_activate(event):
            self._open()
            return True
        if not self.menu and is_key(event, pygame.K_LEFT, pygame.K_RIGHT):
            self.cycle(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return False

    def _open(self) -> None:
        if self.on_open is not None:
            self.on_open()
        if not self.options:
            return
        self.open = True
        self.highlight = max(0, self.selected)
        self.top = max(0, min(self.highlight - 2, len(self.options) - MAX_ROWS))

    def _open_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            row = self._row_at(event.pos)
            if row is not None:
                self.highlight = row
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(self.top - event.y, len(self.options) - MAX_ROWS))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                self.choose(row)
            elif not self.rect.collidepoint(event.pos):
                self.open = False
            else:
                self.open = False
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open = False
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.highlight = (self.highlight + step) % len(self.options)
                self._show(self.highlight)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.highlight)
        return True

    # ---------------------------------------------------------------- draw
    def arrow_rect(self) -> pygame.Rect:
        """Where the arrow (open/closed) is drawn, at the right end."""
        return pygame.Rect(self.rect.right - 19, self.rect.centery - 3, 11, 7)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        t = 1.0 if self.open else self.hover_t
        fill = theme.mix(theme.BUTTON, theme.BUTTON_HOVER, t) if self.enabled else theme.BUTTON_DISABLED
        pygame.draw.rect(surface, fill, r, border_radius=6)
        pygame.draw.rect(surface, theme.mix(theme.BUTTON_EDGE, theme.ACCENT, t), r, width=1,
                         border_radius=6)
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(4, 4), width=2, border_radius=8)
        x = r.x + 10
        if self.label and self.menu:  # a menu button reads like a button, clear of its arrow
            img = txt.text(txt.fit(self.label, self.px, r.w - MENU_ROOM, bold=True), self.px,
                           theme.TEXT, bold=True)
            surface.blit(img, (x, r.centery - img.get_height() // 2))
        elif self.label:
            img = txt.text(self.label, self.px, theme.TEXT_DIM)
            surface.blit(img, (x, r.centery - img.get_height() // 2))
            x += img.get_width() + 6
        shown = "" if self.menu or self.selected < 0 else self.options[self.selected].label
        if shown:
            img = txt.text(txt.fit(shown, self.px, r.right - 26 - x), self.px, theme.TEXT, bold=True)
            surface.blit(img, (x, r.centery - img.get_height() // 2))
        cx, cy = self.arrow_rect().center
        pts = [(cx - 5, cy - 2), (cx + 5, cy - 2), (cx, cy + 4)] if not self.open else \
            [(cx - 5, cy + 3), (cx + 5, cy + 3), (cx, cy - 3)]
        pygame.draw.polygon(surface, theme.ACCENT if t > 0.5 else theme.TEXT_DIM, pts)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        lr = self.list_rect(surface.get_height())
        shadow = lr.move(3, 4)
        pygame.draw.rect(surface, (4, 5, 8), shadow, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_DARK, lr, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, lr, width=1, border_radius=6)
        end = min(len(self.options), self.top + MAX_ROWS)
        for row, i in enumerate(range(self.top, end)):
            opt = self.options[i]
            rr = pygame.Rect(lr.x + 3, lr.y + 3 + row * ROW_H, lr.w - 6, ROW_H)
            if i == self.highlight:
                pygame.draw.rect(surface, theme.BUTTON_HOVER if opt.enabled else theme.BUTTON,
                                 rr, border_radius=4)
            ink = theme.TEXT if opt.enabled else theme.TEXT_FAINT
            if i == self.selected and not self.menu:
                ink = theme.ACCENT
            note_w = 0
            if opt.note:
                note_px = theme.SMALL
                note = txt.fit(opt.note, note_px, rr.w // 2)
                img = txt.text(note, note_px, theme.BAD if not opt.enabled else theme.TEXT_DIM)
                note_w = img.get_width() + 12
                surface.blit(img, (rr.right - img.get_width() - 8, rr.centery - img.get_height() // 2))
            img = txt.text(txt.fit(opt.label, self.px, rr.w - 16 - note_w), self.px, ink)
            surface.blit(img, (rr.x + 8, rr.centery - img.get_height() // 2))
        if len(self.options) > MAX_ROWS:  # a thin position marker
            h = max(16, lr.h * MAX_ROWS // len(self.options))
            y = lr.y + (lr.h - h) * self.top // max(1, len(self.options) - MAX_ROWS)
            pygame.draw.rect(surface, theme.TEXT_DIM, (lr.right - 5, y, 3, h), border_radius=2)
