"""Modal dialogs: a question with buttons, optionally a text field and a list of details.

While a dialog is open the scene gives it every event (it always uses them) and draws it
last, over a dimmed screen. Enter presses the default button, Esc the cancel one. A button's
action may return an error text to keep the dialog open and show why (an empty name, a name
already taken); anything else closes it.

A dialog whose field is a `PickField` with one detail per choice lists them as rows to pick
from: a click picks a row (its value fills the field), a click on the picked row (so a
double-click) presses the default button, the wheel scrolls the rows and the row under the
pointer is highlighted; Up/Down in the field keep the picked row in view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.ui import text as txt
from game.ui import theme
from game.ui.widgets.base import WidgetGroup, is_key
from game.ui.widgets.button import Button
from game.ui.widgets.textfield import PickField, TextField

BUTTON_H = 40
MAX_DETAILS = 9

Action = Callable[[], str | None] | None
_scrims: dict[tuple[int, int], pygame.Surface] = {}


def scrim(size: tuple[int, int]) -> pygame.Surface:
    """A translucent dark layer that dims the screen behind a modal (cached per size)."""
    layer = _scrims.get(size)
    if layer is None:
        layer = _scrims[size] = pygame.Surface(size, pygame.SRCALPHA)
        layer.fill(theme.SCRIM)
    return layer


class ModalPanel:
    """What every modal is (a dialog, the deck builder's test hand): its widgets on a raised
    panel over the dimmed screen, with every event until it is `closed`. It stands in a
    screen's dialog slot (game/ui/screen.py)."""

    radius = 12

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.closed = False
        self.group = WidgetGroup()

    def close(self) -> None:
        self.closed = True

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed screen and the panel (its shadow, fill and edge); subclasses draw on it."""
        surface.blit(scrim(surface.get_size()), (0, 0))
        r = self.rect
        pygame.draw.rect(surface, (4, 5, 8), r.move(4, 6), border_radius=self.radius)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=self.radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, width=1, border_radius=self.radius)


@dataclass(frozen=True)
class DialogButton:
    label: str
    action: Action = None
    style: str = "normal"


class Dialog(ModalPanel):
    """A modal panel centred on the logical canvas."""

    def __init__(self, title: str, message: str = "", buttons: Sequence[DialogButton] = (),
                 field: TextField | None = None, details: Sequence[str] = (),
                 default: int = 0, cancel: int | None = None, width: int = 560,
                 canvas: tuple[int, int] = theme.LOGICAL_SIZE) -> None:
        super().__init__(pygame.Rect(0, 0, width, 0))
        self.title = title
        self.message = message
        self.details = list(details)
        self.field = field
        self.buttons_spec = list(buttons) or [DialogButton("OK")]
        self.default = default
        self.cancel = cancel if cancel is not None else len(self.buttons_spec) - 1
        self.error = ""
        self.pick: PickField | None = field if isinstance(field, PickField) and \
            len(field.choices) == len(self.details) > 0 else None
        self.pick_top = 0  # the first choice row shown (the rows scroll)
        self.pick_hover: int | None = None
        self._mouse = (-1, -1)
        self._layout(width, canvas)

    # ------------------------------------------------------------ layout
    def _layout(self, width: int, canvas: tuple[int, int]) -> None:
        n = len(self.buttons_spec)
        # every button's label whole at the text size: the dialog widens (up to the canvas's
        # margins) rather than cutting "Back to puzzles" to "Back to..." at 130 %
        need = max(txt.width(b.label, theme.LABEL, True) for b in self.buttons_spec) + 24
        width = max(width, min(canvas[0] - 80, n * need + (n - 1) * 10 + 48))
        inner = width - 48
        # line steps grow with the text size, so 130 % lines never touch each other or the buttons
        self.line_h, self.detail_h = round(22 * txt.scale()), round(19 * txt.scale())
        self.msg_lines = txt.wrap(self.message, theme.BODY, inner) if self.message else []
        shown = self.details[:MAX_DETAILS]
        if self.pick is not None:  # every choice, scrolled; rows tall enough to click
            shown = list(self.details)
            self.detail_h = round(26 * txt.scale())
        elif len(self.details) > MAX_DETAILS:
            shown.append(f"... and {len(self.details) - MAX_DETAILS} more")
        self.detail_lines = [txt.fit(d, theme.SMALL, inner - 24) for d in shown]
        rows = min(MAX_DETAILS, len(self.detail_lines)) if self.pick is not None \
            else len(self.detail_lines)  # the choices scroll; plain details show whole
        h = 24 + 30 + 12
        h += len(self.msg_lines) * self.line_h + (8 if self.msg_lines else 0)
        h += (rows * self.detail_h + 16) if self.detail_lines else 0
        h += (48 + 24) if self.field else 0  # field + error line
        h += BUTTON_H + 24
        self.rect = pygame.Rect(0, 0, width, h)
        self.rect.center = (canvas[0] // 2, canvas[1] // 2)
        top = self.rect.y + 72 + len(self.msg_lines) * self.line_h + 8
        self.detail_box = pygame.Rect(self.rect.x + 24, top, inner, rows * self.detail_h + 10) \
            if self.detail_lines else pygame.Rect(0, 0, 0, 0)
        y = self.rect.bottom - 20 - BUTTON_H
        bw = max(min(170, (inner - (n - 1) * 10) // n), min(need, (inner - (n - 1) * 10) // n))
        x = self.rect.right - 24 - n * bw - (n - 1) * 10
        self.buttons: list[Button] = []
        for i, spec in enumerate(self.buttons_spec):
            b = Button((x + i * (bw + 10), y, bw, BUTTON_H), spec.label,
                       on_click=partial(self.press, i), style=spec.style)
            self.buttons.append(b)
        widgets = []
        if self.field is not None:
            self.field.rect = pygame.Rect(self.rect.x + 24, y - 24 - 44, inner, 40)
            if self.field.on_submit is None:
                self.field.on_submit = lambda _v: self.press(self.default)
            widgets.append(self.field)
        self.group = WidgetGroup([*widgets, *self.buttons])
        self.group.set_focus(self.field if self.field is not None else self.buttons[self.default])
        self.group.on_cancel = lambda: self.press(self.cancel)

    # ------------------------------------------------------------ actions
    def press(self, index: int) -> None:
        action = self.buttons_spec[index].action
        result = action() if action is not None else None
        if isinstance(result, str) and result:
            self.error = result
            return
        self.closed = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.closed:
            return False
        if is_key(event, pygame.K_RETURN, pygame.K_KP_ENTER) and self.group.focus not in self.buttons:
            self.press(self.default)
            return True
        if self.pick is not None and self._pick_event(event):
            return True
        self.group.handle_event(event)
        if self.pick is not None and event.type == pygame.KEYDOWN:
            self._reveal(self.pick.picked)
        return True

    # ------------------------------------------------------- choice rows
    @property
    def pick_rows(self) -> int:
        """How many choice rows are shown at once."""
        return min(MAX_DETAILS, len(self.detail_lines))

    def pick_rect(self, index: int) -> pygame.Rect | None:
        """Where choice `index` is drawn now (None: scrolled out of view)."""
        k = index - self.pick_top
        if not 0 <= k < self.pick_rows:
            return None
        b = self.detail_box
        return pygame.Rect(b.x + 4, b.y + 5 + k * self.detail_h, b.w - 18, self.detail_h)

    def pick_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i in range(self.pick_top, self.pick_top + self.pick_rows)
                     if (r := self.pick_rect(i)) is not None and r.collidepoint(pos)), None)

    def _scroll_picks(self, top: int) -> None:
        self.pick_top = max(0, min(len(self.detail_lines) - self.pick_rows, top))
        self.pick_hover = self.pick_at(self._mouse)

    def _reveal(self, index: int | None) -> None:
        if index is not None and not self.pick_top <= index < self.pick_top + self.pick_rows:
            self._scroll_picks(index if index < self.pick_top else index - self.pick_rows + 1)

    def _pick_event(self, event: pygame.event.Event) -> bool:
        """The mouse on the choice rows: hover, pick, pick again to press the default, wheel."""
        assert self.pick is not None
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self.pick_hover = self.pick_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.detail_box.collidepoint(self._mouse):
            self._scroll_picks(self.pick_top - event.y)
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.pick_at(event.pos)
            if i is not None:
                if i == self.pick.picked:
                    self.press(self.default)
                else:
                    self.pick.pick(i)
                    self.group.set_focus(self.pick)
                    self.pick.select_all()
                return True
        return False

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        r = self.rect
        pygame.draw.rect(surface, theme.ACCENT, (r.x + 24, r.y + 58, 60, 2))
        txt.blit_text(surface, txt.fit(self.title, theme.HEADING, r.w - 48), theme.HEADING,
                      theme.TEXT, (r.x + 24, r.y + 22), bold=True)
        y = r.y + 72
        for line in self.msg_lines:
            txt.blit_text(surface, line, theme.BODY, theme.TEXT, (r.x + 24, y))
            y += self.line_h
        if self.detail_lines:
            box = self.detail_box
            pygame.draw.rect(surface, theme.PANEL_DARK, box, border_radius=6)
            if self.pick is not None:
                self._draw_picks(surface)
            else:
                for i, line in enumerate(self.detail_lines):
                    txt.blit_text(surface, line, theme.SMALL, theme.TEXT_DIM,
                                  (box.x + 8, box.y + 5 + i * self.detail_h))
        if self.field is not None and self.error:
            txt.blit_text(surface, txt.fit(self.error, theme.SMALL, r.w - 48), theme.SMALL,
                          theme.BAD, (r.x + 24, self.field.rect.bottom + 4))
        elif self.error:
            txt.blit_text(surface, txt.fit(self.error, theme.SMALL, r.w - 48), theme.SMALL,
                          theme.BAD, (r.x + 24, self.buttons[0].rect.y - 22))
        self.group.draw(surface)


    def _draw_picks(self, surface: pygame.Surface) -> None:
        """The choice rows: the picked one marked, the hovered one lit, a bar when they scroll."""
        assert self.pick is not None
        picked, box = self.pick.picked, self.detail_box
        for i in range(self.pick_top, self.pick_top + self.pick_rows):
            row = self.pick_rect(i)
            assert row is not None
            ink = theme.TEXT_DIM
            if i == picked:
                pygame.draw.rect(surface, (58, 48, 30), row, border_radius=5)
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=5)
                ink = theme.TEXT
            elif i == self.pick_hover:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=5)
                ink = theme.TEXT
            txt.blit_text(surface, self.detail_lines[i], theme.SMALL, ink,
                          (row.x + 6, row.centery), anchor="midleft")
        n = len(self.detail_lines)
        if n > self.pick_rows:
            track = pygame.Rect(box.right - 8, box.y + 5, 4, box.h - 10)
            h = max(16, track.h * self.pick_rows // n)
            y = track.y + (track.h - h) * self.pick_top // (n - self.pick_rows)
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
            pygame.draw.rect(surface, theme.TEXT_DIM, (track.x, y, 4, h), border_radius=2)


def confirm(title: str, message: str, on_yes: Action, yes: str = "Yes", no: str = "Cancel",
            danger: bool = False, on_no: Action = None) -> Dialog:
    """A yes/no question; Enter means yes unless the action is destructive."""
    return Dialog(title, message, [DialogButton(yes, on_yes, "danger" if danger else "primary"),
                                   DialogButton(no, on_no)], default=1 if danger else 0, cancel=1)


def prompt(title: str, message: str, initial: str, on_ok: Callable[[str], str | None],
           ok: str = "OK", placeholder: str = "", max_length: int = 60) -> Dialog:
    """Ask for one line of text; `on_ok(text)` returns an error text to keep asking."""
    field = TextField((0, 0, 10, 40), initial, placeholder=placeholder, max_length=max_length)
    return Dialog(title, message, [DialogButton(ok, lambda: on_ok(field.value.strip()), "primary"),
                                   DialogButton("Cancel")], field=field, default=0, cancel=1)


def notice(title: str, message: str, details: Sequence[str] = ()) -> Dialog:
    """Something the player must read (a list of problems), with one OK button."""
    return Dialog(title, message, [DialogButton("OK", None, "primary")], details=details,
                  width=720 if details else 560)
