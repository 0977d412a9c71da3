"""The Line panel on the duel screen: the open Lines' Steps as panels.draw_lines draws them,
the Step under the pointer or the keyboard's focus lit (with its target arrows), each open
Step a place Tab reaches, and the menu of a Step ("Pass until this resolves": a click on a
Step, or Y for every Step on the Lines), which yields the shown seat to it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Protocol

import pygame

from game.engine import CardDef, StepView

from . import panels
from .arrows import Arrow
from .gestures import Entry
from .interaction import Interaction
from .layout import LAYOUT
from .panels import fit
from .popups import Curtain, Popup
from .session import DuelSession
from .table import DuelTable

STEP_KEY = "step"  # ("step", line, step): an open Step's row in the Tab order
YIELD_WORDS = "Pass until this resolves"


class LineHost(Protocol):
    """What the Line panel asks of the duel screen."""

    session: DuelSession
    pool: Mapping[str, CardDef]
    shown: int
    curtain: Curtain | None
    input: Interaction
    table: DuelTable

    def name(self, seat: int) -> str: ...
    def say(self, text: str, kind: str = "info", over_far_hand: bool = False,
            detail: str = "", seconds: float | None = None, whole: bool = False) -> None: ...


class LinePanel:
    """The Step rows drawn last frame (`hits`), the one hovered, the arrows drawn, the menu."""

    def __init__(self, host: LineHost) -> None:
        self.host = host
        self.hits: list[tuple[pygame.Rect, StepView]] = []  # Step rows the panel drew
        self.hover: tuple[int, int] | None = None  # (line, step) under the pointer
        self.arrows: list[Arrow] = []  # the target arrows the last frame drew
        self.menu: Popup | None = None
        self.menu_steps: list[StepView] = []  # the Steps the open menu offers to pass until
        self._numbers: dict[int, int] = {}  # the log's number of each open Line, as last known

    def number(self, line: int) -> int:
        """The log's number of the engine's open Line `line` ("Line 7": a count per duel),
        so the panel and the log name a Line alike; a Line just closed while its last Step's
        resolving still shows keeps the number it had."""
        ids = self.host.table.describer.ids
        if 0 < line <= len(ids):
            self._numbers[line] = ids[line - 1]
        return self._numbers.get(line, line)

    def _open_steps(self) -> dict[tuple[int, int], StepView]:
        return {(s.line, s.step): s for line in self.host.table.board.lines for s in line}

    def answers_label(self) -> str:
        """The answers button's words for the shown seat: the Step it passes until (a yield
        from this panel's menu), else its answers setting."""
        h = self.host
        waiting = h.session.yields[h.shown]
        if waiting is not None:
            return "Passing until " + waiting.words(h.session.view(h.shown), h.pool, self.number)
        return h.session.responses[h.shown].label

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        self.hover = next(((st.line, st.step) for r, st in self.hits if r.collidepoint(pos)), None)

    def lit(self) -> tuple[int, int] | None:
        """The Step row lit: the keyboard's focus when it is on one (the keys were used
        last), else the one under the pointer."""
        inp = self.host.input
        f = inp.focus
        if isinstance(f, tuple) and len(f) == 3 and f[0] == STEP_KEY and \
                (inp.last == "keys" or self.hover is None):
            return (f[1], f[2])
        return self.hover

    def lit_step(self) -> StepView | None:
        """The Step whose row is lit (as drawn last frame), or None."""
        lit = self.lit()
        return next((st for _r, st in self.hits if (st.line, st.step) == lit), None) if lit else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, lit: tuple[int, int] | None) -> None:
        """The Lines in `rect` (above the prompt when there is one); their rows join Tab."""
        t = self.host.table
        self.hits = panels.draw_lines(surface, rect, t.board, t.anim, self.host.pool, lit, self.number)

    def draw_arrows(self, surface: pygame.Surface) -> None:
        """Each resolving Step's and the lit Step's arrows to their targets (arrows.py)."""
        self.arrows = self.host.table.draw_arrows(surface, self.hits, self.lit())

    def draw_menu(self, surface: pygame.Surface) -> None:
        if self.menu is not None:
            self.menu.draw(surface)

    def focus_steps(self) -> None:
        """Each open Step's row (as the panel drew it) is a place Tab reaches; Enter on it
        opens "Pass until this resolves" for it, as a click does."""
        inp = self.host.input
        for k in [k for k in inp.extra_rects if isinstance(k, tuple) and k[:1] == (STEP_KEY,)]:
            del inp.extra_rects[k]
            inp.extra_actions.pop(k, None)
        if self.host.curtain is not None:
            return
        open_steps = self._open_steps()
        for r, st in self.hits:
            if open_steps.get((st.line, st.step)) == st:
                k = (STEP_KEY, st.line, st.step)
                inp.extra_rects[k] = r
                inp.extra_actions[k] = functools.partial(self.open_menu, st, r.center)

    # ------------------------------------------------------------------ the menu
    def _step_at(self, pos: tuple[int, int]) -> StepView | None:
        """The Step on a Line (not one resolving) whose row is under `pos`, or None."""
        open_steps = self._open_steps()
        for r, st in self.hits:
            if r.collidepoint(pos) and open_steps.get((st.line, st.step)) == st:
                return st
        return None

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on an open Step's row opens its menu (True: the click is taken)."""
        inp = self.host.input
        if self.host.curtain is not None or not LAYOUT.lines.collidepoint(pos):
            return False
        if inp.prompt is not None and inp.panel.rect.collidepoint(pos):
            return False
        st = self._step_at(pos)
        if st is None:
            return False
        self.open_menu(st, pos)
        return True

    def open_menu(self, step: StepView | None, at: tuple[int, int] | None = None) -> None:
        """"Pass until this resolves" for one Step (a click on it), or for each Step on the
        Lines (Y)."""
        board = self.host.table.board
        steps = [step] if step is not None else [s for line in board.lines for s in line]
        if not steps:
            self.host.say("No Step is on a Line: nothing to pass until.", "info")
            return
        entries = []
        for st in steps:
            name = panels.step_title(self.host.pool, st, board.step_card_id(st))
            label = YIELD_WORDS if step is not None else f"{YIELD_WORDS}: {self.number(st.line)}.{st.step} {name}"
            entries.append(Entry(label, [], "now", str(st.line * 1000 + st.step)))
        title = f"{self.number(st.line)}.{st.step}  {name}" if step is not None else "Pass until a Step resolves"
        # beside the Line panel, on the board's side, so the Step stays in sight
        where = (LAYOUT.lines.x - 330, at[1] - 20) if at is not None else (LAYOUT.lines.x - 330, LAYOUT.lines.y + 40)
        self.menu = Popup(fit(title, 14, 380), entries, where, pygame.Rect(0, 0, *LAYOUT.size))
        self.menu_steps = steps
        self.host.input.reset()

    def close_menu(self) -> None:
        self.menu = None

    def menu_event(self, event: pygame.event.Event) -> None:
        """The open menu has every event; a pick yields the shown seat to that Step."""
        menu = self.menu
        assert menu is not None
        got = menu.handle_event(event)
        if got is None:
            return
        self.menu = None
        kind, entry = got
        if kind != "pick" or entry is None:
            return
        steps = {f"{s.line * 1000 + s.step}": s for s in self.menu_steps}
        st = steps.get(entry.hint)
        if st is None:
            return
        h = self.host
        seat = h.shown
        h.session.yield_to(seat, st)
        h.say(f"{h.name(seat)}: passing until {self.answers_label().removeprefix('Passing until ')} "
              "resolves (click the answers button to stop)", "info")
