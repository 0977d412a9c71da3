"""The screen base: the scaffolding every scene shares, written once.

A screen (a scene on the stack, game/ui/scene.py) gets from here: the backdrop (the table's
gradient with the screen's own panels painted on it once, `paint_backdrop`), the title block,
a toast, a dialog slot that takes every event while it is open, a double-click clock, and the
transition result. As in the python-tcod tutorial's State protocol, `handle_event` and
`update` return the transition (Push, Pop, Replace, Quit or None) and the app applies it
(`scene.apply_transition`); a screen writes `on_event`/`on_update` and returns one from
there. A widget's callback (a Button's) cannot return one: it calls `go(transition)`, which
the same `handle_event`/`update` call returns. The stack's optional hooks (`allow_quit`,
`left`, `resume`, `is_overlay`) are declared here with their neutral answers, so the stack
calls them without looking them up.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

import pygame

from game.ui import backdrop, theme
from game.ui.scene import Transition
from game.ui.widgets import ListView, Toast, WidgetGroup

W, H = theme.LOGICAL_SIZE
DOUBLE_CLICK = 0.4  # seconds between two clicks on one row that open it
Row = TypeVar("Row")  # whatever a list shows (only the row index matters here)


def list_panel(top: int) -> pygame.Rect:
    """A list screen's one panel: the width of the screen from `top` down to the buttons."""
    return pygame.Rect(60, top, W - 120, H - top - 100)


class Modal(Protocol):
    """What may stand in a screen's dialog slot (a Dialog, the duel's pause menu)."""

    @property
    def closed(self) -> bool: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class Screen:
    """A scene with the shared scaffolding; subclasses fill in the hooks they need."""

    is_overlay = False  # drawn over the scene beneath it (which is drawn first), not alone

    def __init__(self, toast_at: tuple[int, int] = (W // 2, H - 100), toast_width: int = 900) -> None:
        self.pending: Transition | None = None  # asked for by `go`, returned once
        self.dialog: Modal | None = None  # takes every event while open
        self.group = WidgetGroup()  # the screen's widgets (a screen puts its own here)
        self.toast = Toast(toast_at, toast_width)
        self.clock = 0.0  # seconds on screen (double clicks)
        self._row_click: tuple[int, float] | None = None
        self._backdrop: pygame.Surface | None = None

    # ------------------------------------------------------------ transitions
    def go(self, transition: Transition | None) -> None:
        """Leave as `transition` says, from a callback that cannot return it; the running
        `handle_event` or `update` returns it."""
        self.pending = transition

    def _result(self, returned: Transition | None) -> Transition | None:
        out, self.pending = returned or self.pending, None
        return out

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        """The dialog, while open, has the event; else `on_event`. Returns the transition."""
        if self.dialog is not None:
            self.dialog.handle_event(event)
            if self.dialog.closed:
                self.dialog = None
                self.dialog_closed()
            return self._result(None)
        return self._result(self.on_event(event))

    def update(self, dt: float) -> Transition | None:
        self.clock += dt
        self.toast.update(dt)
        if self.dialog is not None:
            self.dialog.update(dt)
        return self._result(self.on_update(dt))

    # ------------------------------------------------------------ hooks
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        """One event with no dialog open: the screen's own handling (here: its widgets')."""
        self.group.handle_event(event)
        return None

    def on_update(self, dt: float) -> Transition | None:
        """One frame's time passing (the toast, the dialog and the clock are done; here:
        the widgets' hover and tooltips)."""
        self.group.update(dt)
        return None

    def dialog_closed(self) -> None:
        """The dialog was answered or closed (e.g. give the focus back to a list)."""

    def allow_quit(self) -> bool:
        """False vetoes closing the window: the screen asks the player itself and returns
        `Quit()` once they agree (unsaved work, a duel in progress)."""
        return True

    def left(self) -> None:
        """Taken off the stack on purpose (Pop, Replace, Quit; not a crash): let go of what
        the screen holds (the duel's autosave)."""

    def resume(self) -> None:
        """On top of the stack again after a Pop: refresh what may have changed."""

    # ------------------------------------------------------------ input helpers
    def double_click(self, index: int) -> bool:
        """A click on row `index`: True when it is the second on that row within
        DOUBLE_CLICK seconds (then the next click starts a new pair)."""
        last, self._row_click = self._row_click, (index, self.clock)
        if last is not None and last[0] == index and self.clock - last[1] <= DOUBLE_CLICK:
            self._row_click = None
            return True
        return False

    def double_clicked_row(self, view: ListView[Row], event: pygame.event.Event) -> int | None:
        """The row of `view` that `event` double-clicks (now selected), else None."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        i = view.index_at(event.pos)
        if i is None or not self.double_click(i):
            return None
        view.selected = i
        return i

    # ------------------------------------------------------------ drawing
    def backdrop(self, size: tuple[int, int] = (W, H)) -> pygame.Surface:
        """The gradient with `paint_backdrop`'s panels, made once (per size) and kept."""
        if self._backdrop is None or self._backdrop.get_size() != size:
            bg = backdrop.gradient(size)
            self.paint_backdrop(bg)
            self._backdrop = bg.convert() if pygame.display.get_surface() is not None else bg
        return self._backdrop

    def paint_backdrop(self, bg: pygame.Surface) -> None:
        """What never changes on this screen, painted once on the gradient (panels)."""

    @staticmethod
    def title_block(surface: pygame.Surface, title: str, subtitle: str, x: int = 60,
                    width: int | None = None) -> None:
        """The title, the amber rule under it and the line saying what the screen is for."""
        backdrop.draw_header(surface, title, subtitle, x, width)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, the screen's body, the toast, what stands above it, the dialog."""
        surface.blit(self.backdrop(), (0, 0))
        self.draw_body(surface)
        self.toast.draw(surface)
        self.draw_over(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The screen's own drawing between the backdrop and the toast."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """What must stand above the toast but under a dialog (an open drop-down list)."""
