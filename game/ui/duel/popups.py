"""Duel widgets: the small menu that opens at a card or a drop point, the prompt panel for
choices and answers, and the hotseat curtain.

They know entries and rows, not the engine: the scene turns a picked entry into a command.
Mouse: hover lights a row, a click picks it, a click outside cancels. Keys: Up/Down (or Tab)
move, Enter picks, Esc cancels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.ui import text as txt
from game.ui import theme
from game.ui.widgets.base import is_key, shift_held
from game.ui.widgets.dialog import scrim

from . import style
from .gestures import Entry
from .panels import fit

ROW = 30
LINE = 19  # each further line of a long entry (its label wraps; never cut)
MENU_MAX_W = 420
LABEL_PAD = 40  # the number column on the left and a margin on the right


class Popup:
    """A menu of entries at a point (a card's menu, or what a drop means)."""

    def __init__(self, title: str, entries: Sequence[Entry], at: tuple[int, int],
                 bounds: pygame.Rect, source: object = None) -> None:
        self.title = title
        self.entries = list(entries)
        self.source = source
        w = max([txt.width(e.label, 15) + LABEL_PAD + 12 for e in self.entries]
                + [txt.width(title, 14, True) + 20])
        w = min(max(200, w), MENU_MAX_W)
        self.lines = [txt.wrap(e.label, 15, w - 12 - LABEL_PAD) for e in self.entries]
        self.tops: list[int] = []
        y = 0
        for lines in self.lines:
            self.tops.append(y)
            y += ROW + LINE * (len(lines) - 1)
        h = 30 + y + 8
        self.rect = pygame.Rect(at[0] + 8, at[1] - 10, w, h)
        self.rect.clamp_ip(bounds)
        self.index = 0
        self.hover: int | None = None

    def row(self, i: int) -> pygame.Rect:
        extra = LINE * (len(self.lines[i]) - 1)
        return pygame.Rect(self.rect.x + 6, self.rect.y + 28 + self.tops[i], self.rect.w - 12,
                           ROW - 2 + extra)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.entries)):
            if self.row(i).collidepoint(pos):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> tuple[str, Entry | None] | None:
        """("pick", entry), ("cancel", None), or None when the event only moved something."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
            if self.hover is not None:
                self.index = self.hover
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            i = self.index_at(event.pos)
            if i is not None and event.button == 1:
                return ("pick", self.entries[i])
            if not self.rect.collidepoint(event.pos) or event.button == 3:
                return ("cancel", None)
            return None
        if event.type == pygame.KEYDOWN:
            n = len(self.entries)
            if is_key(event, pygame.K_DOWN) or (is_key(event, pygame.K_TAB) and not shift_held(event)):
                self.index = (self.index + 1) % n
            elif is_key(event, pygame.K_UP) or is_key(event, pygame.K_TAB):
                self.index = (self.index - 1) % n
            elif is_key(event, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return ("pick", self.entries[self.index])
            elif is_key(event, pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return ("cancel", None)
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < n:
                return ("pick", self.entries[event.key - pygame.K_1])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (4, 5, 8), r.move(3, 5), border_radius=10)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=10)
        pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=10)
        txt.blit_text(surface, fit(self.title, 14, r.w - 20), 14, theme.TEXT_DIM,
                      (r.x + 10, r.y + 7), bold=True)
        for i in range(len(self.entries)):
            row = self.row(i)
            if i == self.index:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=6)
                pygame.draw.rect(surface, style.FOCUS, row, 1, border_radius=6)
            num = txt.text(str(i + 1) if i < 9 else "", 13, theme.TEXT_FAINT)
            surface.blit(num, (row.x + 6, row.y + 7))
            for k, line in enumerate(self.lines[i]):
                txt.blit_text(surface, line, 15, theme.TEXT, (row.x + 22, row.y + 5 + k * LINE))


@dataclass
class PromptRow:
    label: str
    value: int | Entry  # what picking it means (an option value, a target uid, an Entry)
    card: int | None = None  # the card it names (lit on the board, zoomed on hover)
    selected: bool = False


@dataclass
class Prompt:
    """The right-hand prompt: a question, its rows, how many are still to pick."""

    title: str
    text: str
    rows: list[PromptRow] = field(default_factory=list)
    need: int = 0  # rows to select before Confirm (0: a row click acts at once)
    kind: str = "choice"  # choice | answer | targets | info
    scroll: int = 0

    @property
    def picked(self) -> list[PromptRow]:
        return [r for r in self.rows if r.selected]

    @property
    def ready(self) -> bool:
        return self.need > 0 and len(self.picked) == self.need


class PromptPanel:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.hover: int | None = None
        self.focus: int | None = None
        self._wrapped: dict[tuple, list[str]] = {}

    def _text_lines(self, prompt: Prompt) -> list[str]:
        key = (prompt.title, prompt.text)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = txt.wrap(prompt.text, 14, self.rect.w - 24)[:3]
            self._wrapped[key] = lines
            if len(self._wrapped) > 64:
                self._wrapped.clear()
        return lines

    def fit(self, prompt: Prompt, area: pygame.Rect) -> None:
        """Take as much of the bottom of `area` as the prompt needs (at most two thirds)."""
        lines = len(self._text_lines_for(prompt, area.w))
        need = 36 + 17 * lines + (20 if prompt.need > 1 else 4) + ROW * len(prompt.rows) + 8
        h = max(96, min(need, area.h * 2 // 3))
        self.rect = pygame.Rect(area.x, area.bottom - h, area.w, h)

    def _text_lines_for(self, prompt: Prompt, width: int) -> list[str]:
        return txt.wrap(prompt.text, 14, width - 24)[:3]

    def rows_top(self, prompt: Prompt) -> int:
        return self.rect.y + 32 + 17 * len(self._text_lines(prompt)) + (20 if prompt.need > 1 else 4)

    def visible(self, prompt: Prompt) -> int:
        return max(1, (self.rect.bottom - 6 - self.rows_top(prompt)) // ROW)

    def row_rect(self, prompt: Prompt, i: int) -> pygame.Rect | None:
        k = i - prompt.scroll
        if k < 0 or k >= self.visible(prompt):
            return None
        return pygame.Rect(self.rect.x + 8, self.rows_top(prompt) + k * ROW, self.rect.w - 16, ROW - 3)

    def any_row_rect(self, prompt: Prompt, i: int) -> pygame.Rect:
        """Where row `i` is, or would be if scrolled into view (keyboard focus order)."""
        k = i - prompt.scroll
        return pygame.Rect(self.rect.x + 8, self.rows_top(prompt) + k * ROW, self.rect.w - 16, ROW - 3)

    def index_at(self, prompt: Prompt, pos: tuple[int, int]) -> int | None:
        for i in range(len(prompt.rows)):
            r = self.row_rect(prompt, i)
            if r is not None and r.collidepoint(pos):
                return i
        return None

    def ensure_visible(self, prompt: Prompt, i: int) -> None:
        n = self.visible(prompt)
        if i < prompt.scroll:
            prompt.scroll = i
        elif i >= prompt.scroll + n:
            prompt.scroll = i - n + 1

    def wheel(self, prompt: Prompt, dy: int) -> None:
        most = max(0, len(prompt.rows) - self.visible(prompt))
        prompt.scroll = max(0, min(most, prompt.scroll - dy))

    def draw(self, surface: pygame.Surface, prompt: Prompt, colour) -> None:
        r = self.rect
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=10)
        pygame.draw.rect(surface, colour, r, 2, border_radius=10)
        txt.blit_text(surface, fit(prompt.title.upper(), 14, r.w - 20), 14, colour,
                      (r.x + 12, r.y + 8), bold=True)
        y = r.y + 30
        for line in self._text_lines(prompt):
            txt.blit_text(surface, line, 14, theme.TEXT, (r.x + 12, y))
            y += 17
        if prompt.need > 1:
            left = prompt.need - len(prompt.picked)
            msg = f"{left} more to pick" if left else "Ready: confirm"
            txt.blit_text(surface, msg, 13, theme.ACCENT, (r.x + 12, y + 1), bold=True)
        for i, row in enumerate(prompt.rows):
            rr = self.row_rect(prompt, i)
            if rr is None:
                continue
            fill = theme.BUTTON_HOVER if i == self.hover else theme.BUTTON
            if row.selected:
                fill = theme.mix(theme.BUTTON, style.TARGET, 0.35)
            pygame.draw.rect(surface, fill, rr, border_radius=6)
            pygame.draw.rect(surface, style.TARGET if row.selected else theme.BUTTON_EDGE, rr, 1,
                             border_radius=6)
            if i == self.focus:
                pygame.draw.rect(surface, style.FOCUS, rr.inflate(4, 4), 2, border_radius=7)
            mark = "\u2713 " if row.selected else ""
            txt.blit_text(surface, fit(mark + row.label, 14, rr.w - 14), 14, theme.TEXT,
                          (rr.x + 8, rr.y + 5))
        hidden = len(prompt.rows) - prompt.scroll - self.visible(prompt)
        if prompt.scroll or hidden > 0:
            txt.blit_text(surface, f"{prompt.scroll} above \u00b7 {max(0, hidden)} below (wheel)", 13,
                          theme.TEXT_FAINT, (r.right - 10, r.y + 9), anchor="topright")


class Curtain:
    """Hotseat: asks the other player to take the seat before anything private is drawn."""

    def __init__(self, seat: int, name: str, other: str, reason: str, size: tuple[int, int]) -> None:
        self.seat = seat
        self.name = name
        self.other = other
        self.reason = reason
        w, h = size
        self.size = size
        self.button = pygame.Rect(w // 2 - 190, h // 2 + 60, 380, 54)
        self.hover = False
        self._bg: pygame.Surface | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the player says they are seated (the curtain lifts)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.button.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.button.collidepoint(event.pos)
        elif is_key(event, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self._bg is None:
            w, h = self.size
            bg = pygame.Surface((w, h))
            colour = style.player_colour(self.seat)
            for y in range(h):
                bg.fill(theme.mix((12, 14, 22), theme.mix((12, 14, 22), colour, 0.18), y / h), (0, y, w, 1))
            self._bg = bg
        surface.blit(self._bg, (0, 0))
        w, h = self.size
        colour = style.player_colour(self.seat)
        txt.blit_text(surface, f"{self.name}, take the seat", 40, colour, (w // 2, h // 2 - 90),
                      bold=True, anchor="center")
        txt.blit_text(surface, f"{self.other}, please look away.", 20, theme.TEXT,
                      (w // 2, h // 2 - 36), anchor="center")
        if self.reason:
            txt.blit_text(surface, self.reason, 17, theme.TEXT_DIM, (w // 2, h // 2 + 4),
                          anchor="center")
        b = self.button
        pygame.draw.rect(surface, theme.mix((60, 48, 30), colour, 0.4 if self.hover else 0.2), b,
                         border_radius=10)
        pygame.draw.rect(surface, colour, b, 2, border_radius=10)
        txt.blit_text(surface, f"I am {self.name}: show my side", 19, theme.TEXT, b.center,
                      bold=True, anchor="center")
        txt.blit_text(surface, "Click, Enter or Space", 14, theme.TEXT_FAINT,
                      (w // 2, b.bottom + 16), anchor="center")


def dim(surface: pygame.Surface) -> None:
    surface.blit(scrim(surface.get_size()), (0, 0))
