"""Scrolling views: a vertical ScrollView, and a GridView / ListView of items on top of it.

The view owns the offset, the mouse wheel, and the scrollbar (drag the thumb, click the
track to page). What is drawn inside is the owner's business: GridView and ListView take a
`draw_item(surface, item, rect, state)` callback, so the same views show card faces in the
deck builder and rows of text in a deck list. Only the visible items are drawn each frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from game.ui import motion, theme
from game.ui.widgets.base import RectArg, Widget

BAR_W = 10
WHEEL_STEP = 60  # pixels per wheel notch
SMOOTH = 18.0  # offset eases towards its target at this rate (1/s)


@dataclass(frozen=True)
class ItemState:
    """How an item should look this frame."""

    hovered: bool
    selected: bool
    focused: bool  # the view has keyboard focus and this is its selected item


def row_backdrop(surface: pygame.Surface, rect: pygame.Rect, state: ItemState,
                 selected: theme.Colour = (58, 48, 30)) -> pygame.Rect:
    """Draw a list row's usual backdrop (selected, hovered, focused) and return the row's inner
    rect, where its text goes: one look for every plain list of files."""
    r = rect.inflate(-4, -4)
    if state.selected:
        pygame.draw.rect(surface, selected, r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, r, width=1, border_radius=6)
    elif state.hovered:
        pygame.draw.rect(surface, theme.BUTTON_HOVER, r, border_radius=6)
    if state.focused:
        pygame.draw.rect(surface, theme.FOCUS, r, width=2, border_radius=6)
    return r


class ScrollView(Widget):
    """A clipped vertical viewport over content `content_height` pixels tall."""

    focusable = True

    def __init__(self, rect: RectArg, tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.content_height = 0
        self.offset = 0.0  # pixels scrolled (what is drawn)
        self.target = 0.0  # where the offset is easing to
        self._drag_from: tuple[int, float] | None = None  # (mouse y, target) at thumb press

    # ----------------------------------------------------------- geometry
    @property
    def view(self) -> pygame.Rect:
        """The content area (the rect minus the scrollbar)."""
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w - BAR_W - 4, self.rect.h)

    @property
    def max_offset(self) -> float:
        return max(0.0, self.content_height - self.rect.h)

    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - BAR_W, self.rect.y + 2, BAR_W, self.rect.h - 4)

    def thumb(self) -> pygame.Rect | None:
        if self.max_offset <= 0:
            return None
        tr = self.track()
        h = max(28, round(tr.h * self.rect.h / max(1, self.content_height)))
        y = tr.y + round((tr.h - h) * self.target / self.max_offset)
        return pygame.Rect(tr.x, y, tr.w, h)

    def scroll_to(self, offset: float, smooth: bool = True) -> None:
        self.target = min(max(0.0, offset), self.max_offset)
        if not smooth:
            self.offset = self.target

    def scroll_by(self, dy: float) -> None:
        self.scroll_to(self.target + dy)

    def ensure_visible(self, top: int, bottom: int) -> None:
        """Scroll the least amount that shows content rows `top..bottom`."""
        if top < self.target:
            self.scroll_to(top)
        elif bottom > self.target + self.rect.h:
            self.scroll_to(bottom - self.rect.h)

    # ------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll_by(-event.y * WHEEL_STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb()
            if thumb is not None and thumb.inflate(6, 0).collidepoint(event.pos):
                self._drag_from = (event.pos[1], self.target)
                return True
            if thumb is not None and self.track().inflate(6, 0).collidepoint(event.pos):
                page = self.rect.h * 0.9
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
                return True
        elif event.type == pygame.MOUSEMOTION and self._drag_from is not None:
            y0, t0 = self._drag_from
            tr, thumb = self.track(), self.thumb()
            span = max(1, tr.h - (thumb.h if thumb else 0))
            self.scroll_to(t0 + (event.pos[1] - y0) * self.max_offset / span, smooth=False)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag_from:
            self._drag_from = None
            return True
        return False

    @property
    def dragging_bar(self) -> bool:
        return self._drag_from is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.target = min(self.target, self.max_offset)
        diff = self.target - self.offset
        if abs(diff) < 0.5:
            self.offset = self.target
        else:
            self.offset = motion.ease(self.offset, self.target, dt, SMOOTH)

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip))
        self.draw_content(surface, self.view, round(self.offset))
        surface.set_clip(clip)
        self.draw_bar(surface)

    def draw_content(self, surface: pygame.Surface, view: pygame.Rect, offset: int) -> None:
        """Subclasses draw their content shifted up by `offset`."""

    def draw_bar(self, surface: pygame.Surface) -> None:
        thumb = self.thumb()
        if thumb is None:
            return
        pygame.draw.rect(surface, theme.PANEL_DARK, self.track(), border_radius=BAR_W // 2)
        active = self.dragging_bar or self.hovered
        colour = theme.ACCENT if self.dragging_bar else (
            theme.TEXT_DIM if active else theme.BUTTON_EDGE)
        pygame.draw.rect(surface, colour, thumb, border_radius=BAR_W // 2)


Item = TypeVar("Item")
# draws one item in its cell (screen coordinates) in the given state
DrawItem = Callable[[pygame.Surface, Item, pygame.Rect, ItemState], None]


class ItemView(ScrollView, Generic[Item]):
    """Items laid out in cells; hover, a selected index, keyboard movement, activation."""

    def __init__(self, rect: RectArg, draw_item: DrawItem[Item], on_activate: Callable[[Item], object] | None = None,
                 tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.items: Sequence[Item] = ()
        self.draw_item = draw_item
        self.on_activate = on_activate
        self.selected: int | None = None
        self.hover_index: int | None = None
        self._mouse = (-1, -1)

    # subclasses: the cell rect of item i in content coordinates, and the column count
    def cell(self, i: int) -> pygame.Rect:
        raise NotImplementedError

    @property
    def columns(self) -> int:
        return 1

    def set_items(self, items: Sequence[Item], keep_offset: bool = True) -> None:
        self.items = items
        self.content_height = self._content_height()
        if not keep_offset:
            self.scroll_to(0, smooth=False)
        else:
            self.scroll_to(self.target, smooth=False)
        if self.selected is not None and self.selected >= len(items):
            self.selected = len(items) - 1 if items else None
        self._refresh_hover()

    def _content_height(self) -> int:
        return self.cell(len(self.items) - 1).bottom + 8 if self.items else 0

    def screen_rect(self, i: int) -> pygame.Rect:
        c = self.cell(i)
        return c.move(self.view.x, self.view.y - round(self.offset))

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for i in self.visible_range():
            if self.screen_rect(i).collidepoint(pos):
                return i
        return None

    def item_at(self, pos: tuple[int, int]) -> Item | None:
        i = self.index_at(pos)
        return None if i is None else self.items[i]

    def visible_range(self) -> range:
        raise NotImplementedError

    def select(self, i: int | None) -> None:
        if not self.items:
            self.selected = None
            return
        if i is None:
            self.selected = None
            return
        self.selected = max(0, min(len(self.items) - 1, i))
        c = self.cell(self.selected)
        self.ensure_visible(c.top - 6, c.bottom + 6)

    @property
    def selected_item(self) -> Item | None:
        if self.selected is None or self.selected >= len(self.items):
            return None
        return self.items[self.selected]

    def _refresh_hover(self) -> None:
        self.hover_index = self.index_at(self._mouse) if self.hovered else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self._refresh_hover()
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.index_at(event.pos)
            if i is not None:
                self.selected = i
                return True
        if not self.focused or event.type != pygame.KEYDOWN:
            return False
        return self._key(event)

    def _key(self, event: pygame.event.Event) -> bool:
        n, cols = len(self.items), self.columns
        if not n:
            return False
        cur = -1 if self.selected is None else self.selected
        moves = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: cols, pygame.K_UP: -cols}
        if cols == 1:
            moves.pop(pygame.K_RIGHT)
            moves.pop(pygame.K_LEFT)
        if event.key in moves:
            step = moves[event.key]
            if cur < 0:
                self.select(0)
                return True
            if not 0 <= cur + step < n:
                return False  # let focus move on past the edge
            self.select(cur + step)
            return True
        page = max(1, int(self.rect.h // max(1, self.cell(0).h))) * cols
        if event.key == pygame.K_PAGEDOWN:
            self.select(max(cur, 0) + page)
        elif event.key == pygame.K_PAGEUP:
            self.select(max(cur, 0) - page)
        elif event.key == pygame.K_HOME:
            self.select(0)
        elif event.key == pygame.K_END:
            self.select(n - 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_activate:
            if self.selected_item is not None:
                self.on_activate(self.selected_item)
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        before = round(self.offset)
        super().update(dt)
        if round(self.offset) != before:
            self._refresh_hover()

    def draw_content(self, surface: pygame.Surface, view: pygame.Rect, offset: int) -> None:
        for i in self.visible_range():
            rect = self.cell(i).move(view.x, view.y - offset)
            state = ItemState(i == self.hover_index, i == self.selected,
                              self.focused and i == self.selected)
            self.draw_item(surface, self.items[i], rect, state)


class GridView(ItemView[Item]):
    """Fixed-size cells in as many columns as fit the width."""

    def __init__(self, rect: RectArg, cell_size: tuple[int, int], draw_item: DrawItem[Item], gap: int = 10,
                 on_activate: Callable[[Item], object] | None = None, tooltip: str = "") -> None:
        self.cell_size = cell_size
        self.gap = gap
        super().__init__(rect, draw_item, on_activate, tooltip)

    @property
    def columns(self) -> int:
        return max(1, (self.view.w + self.gap) // (self.cell_size[0] + self.gap))

    def _pad(self) -> int:
        cols = self.columns
        used = cols * self.cell_size[0] + (cols - 1) * self.gap
        return max(0, (self.view.w - used) // 2)

    def cell(self, i: int) -> pygame.Rect:
        cols = self.columns
        cw, ch = self.cell_size
        r, c = divmod(max(0, i), cols)
        return pygame.Rect(self._pad() + c * (cw + self.gap), 6 + r * (ch + self.gap), cw, ch)

    def visible_range(self) -> range:
        cols, ch = self.columns, self.cell_size[1] + self.gap
        first = max(0, int((self.offset - 6) // ch)) * cols
        last = min(len(self.items), (int((self.offset + self.rect.h) // ch) + 1) * cols)
        return range(first, last)


class ListView(ItemView[Item]):
    """One item per row of `row_height` pixels."""

    def __init__(self, rect: RectArg, row_height: int, draw_item: DrawItem[Item],
                 on_activate: Callable[[Item], object] | None = None, tooltip: str = "") -> None:
        self.row_height = row_height
        super().__init__(rect, draw_item, on_activate, tooltip)

    def cell(self, i: int) -> pygame.Rect:
        return pygame.Rect(0, 2 + max(0, i) * self.row_height, self.view.w, self.row_height)

    def _content_height(self) -> int:
        return 4 + len(self.items) * self.row_height

    def visible_range(self) -> range:
        first = max(0, int(self.offset // self.row_height))
        last = min(len(self.items), int((self.offset + self.rect.h) // self.row_height) + 1)
        return range(first, last)
