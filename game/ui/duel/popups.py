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

from game.ui import placement, theme
from game.ui import text as txt
from game.ui.theme import Colour
from game.ui.widgets.base import is_key, shift_held
from game.ui.widgets.dialog import scrim

from . import style
from .gestures import Entry
from .panels import fit

ROW = 30
PROMPT_LINES = 4  # the prompt's text in at most this many lines at its own size
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
        # a row's height from its wrapped text at the text size, so its lines stay inside
        # its highlight (130 % lines are taller than LINE)
        self.line_h = max(LINE, txt.font(15).get_linesize())
        self.row_h = max(ROW, self.line_h + 11)
        self.head = max(28, txt.font(14, True).get_linesize() + 10)
        self.tops: list[int] = []
        y = 0
        for lines in self.lines:
            self.tops.append(y)
            y += self.row_h + self.line_h * (len(lines) - 1)
        h = self.head + 2 + y + 8
        self.rect = placement.place((w, h), [(at[0] + 8, at[1] - 10)], bounds)  # inside `bounds`
        self.index = 0
        self.hover: int | None = None

    def row(self, i: int) -> pygame.Rect:
        extra = self.line_h * (len(self.lines[i]) - 1)
        return pygame.Rect(self.rect.x + 6, self.rect.y + self.head + self.tops[i], self.rect.w - 12,
                           self.row_h - 2 + extra)

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
            top = row.y + (self.row_h - 2 - self.line_h) // 2
            num = txt.text(str(i + 1) if i < 9 else "", 13, theme.TEXT_FAINT)
            surface.blit(num, (row.x + 6, top + 2))
            for k, line in enumerate(self.lines[i]):
                txt.blit_text(surface, line, 15, theme.TEXT, (row.x + 22, top + k * self.line_h))


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
        self._wrapped: dict[tuple[str, int, float], tuple[int, list[str]]] = {}

    def _text_lines(self, prompt: Prompt) -> list[str]:
        return self.text_layout(prompt)[1]

    def text_layout(self, prompt: Prompt, width: int | None = None) -> tuple[int, list[str]]:
        """The size and lines of the prompt's text in a panel `width` wide (default its own):
        wrapped at 14 px, smaller (down to 12) when it would take more than PROMPT_LINES
        lines, never cut mid-sentence (at 130 % text "... Pass to let it resolve." is whole)."""
        width = self.rect.w if width is None else width
        key = (prompt.text, width, txt.scale())
        got = self._wrapped.get(key)
        if got is None:
            got = next(((px, lines) for px in (14, 13, 12)
                        if len(lines := txt.wrap(prompt.text, px, width - 24)) <= PROMPT_LINES),
                       None) or (12, txt.wrap(prompt.text, 12, width - 24))
            self._wrapped[key] = got
            if len(self._wrapped) > 64:
                self._wrapped.clear()
        return got

    @staticmethod
    def line_step(px: int) -> int:
        """The distance between the text's lines: 17 at 14 px and 100 %, as large as the font."""
        return max(round(17 * px / 14), txt.font(px).get_linesize() - 2)

    def text_height(self, prompt: Prompt, width: int | None = None) -> int:
        px, lines = self.text_layout(prompt, width)
        return self.line_step(px) * len(lines)

    def fit(self, prompt: Prompt, area: pygame.Rect) -> None:
        """Take as much of the bottom of `area` as the prompt needs (at most two thirds)."""
        need = 36 + self.text_height(prompt, area.w) + (20 if prompt.need > 1 else 4) \
            + ROW * len(prompt.rows) + 8
        h = max(96, min(need, area.h * 2 // 3))
        self.rect = pygame.Rect(area.x, area.bottom - h, area.w, h)

    def rows_top(self, prompt: Prompt) -> int:
        return self.rect.y + 32 + self.text_height(prompt) + (20 if prompt.need > 1 else 4)

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

    def draw(self, surface: pygame.Surface, prompt: Prompt, colour: Colour) -> None:
        r = self.rect
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=10)
        pygame.draw.rect(surface, colour, r, 2, border_radius=10)
        txt.blit_text(surface, fit(prompt.title.upper(), 14, r.w - 20), 14, colour,
                      (r.x + 12, r.y + 8), bold=True)
        y = r.y + 30
        px, lines = self.text_layout(prompt)
        for line in lines:
            txt.blit_text(surface, line, px, theme.TEXT, (r.x + 12, y))
            y += self.line_step(px)
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
        self.label = f"I am {name}: show my side"
        w, h = size
        self.size = size
        bw = min(w - 160, max(380, txt.width(self.label, 19, True) + 40))  # a long name: wider
        self.button = pygame.Rect(w // 2 - bw // 2, h // 2 + 60, bw, 54)
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

    def texts(self) -> list[tuple[str, int, bool, Colour, pygame.Rect]]:
        """Each line the curtain shows: (words, size asked, bold, colour, the box its centre
        line must fit). The reason wraps into at most REASON_LINES lines, smaller when it needs
        more, never cut; a long name is drawn smaller (text.fit): nothing overflows at any
        text size (text.width measures each line as drawn)."""
        w, h = self.size
        room = w - 160
        colour = style.player_colour(self.seat)
        out: list[tuple[str, int, bool, Colour, pygame.Rect]] = []

        def line(s: str, px: int, bold: bool, tint: Colour, y: int, width: int = room) -> None:
            out.append((txt.fit(s, px, width, bold), px, bold, tint,
                        pygame.Rect(w // 2 - width // 2, y, width, 0)))

        line(f"{self.name}, take the seat", 40, True, colour, h // 2 - 90)
        line(f"{self.other}, please look away.", 20, False, theme.TEXT, h // 2 - 36)
        if self.reason:  # from under the line above, downwards (it may take lines)
            px, lines = reason_lines(self.reason, room)
            step = txt.font(px).get_linesize()
            top = max(h // 2 + 4, h // 2 - 36 + txt.font(20).get_linesize() // 2 + 6 + step // 2)
            for k, s in enumerate(lines):
                line(s, px, False, theme.TEXT_DIM, top + k * step)
        b = self.button
        line(self.label, 19, True, theme.TEXT, b.centery, b.w - 20)
        line("Click, Enter or Space", 14, False, theme.TEXT_FAINT, b.bottom + 16)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        if self._bg is None:
            w, h = self.size
            bg = pygame.Surface((w, h))
            colour = style.player_colour(self.seat)
            for y in range(h):
                bg.fill(theme.mix((12, 14, 22), theme.mix((12, 14, 22), colour, 0.18), y / h), (0, y, w, 1))
            self._bg = bg
        surface.blit(self._bg, (0, 0))
        colour = style.player_colour(self.seat)
        b = self.button
        pygame.draw.rect(surface, theme.mix((60, 48, 30), colour, 0.4 if self.hover else 0.2), b,
                         border_radius=10)
        pygame.draw.rect(surface, colour, b, 2, border_radius=10)
        for s, px, bold, tint, box in self.texts():
            txt.blit_text(surface, s, px, tint, box.center, bold=bold, anchor="center")


REASON_LINES = 2  # the curtain's reason in at most this many lines at its own size


def reason_lines(reason: str, width: int) -> tuple[int, list[str]]:
    """The size and lines the curtain's reason is drawn in: wrapped at 17 px, smaller (down
    to 13) when it would take more than REASON_LINES lines, then as many lines as it needs."""
    for px in (17, 16, 15, 14, 13):
        lines = txt.wrap(reason, px, width)
        if len(lines) <= REASON_LINES:
            return px, lines
    return 13, txt.wrap(reason, 13, width)


def dim(surface: pygame.Surface) -> None:
    surface.blit(scrim(surface.get_size()), (0, 0))
