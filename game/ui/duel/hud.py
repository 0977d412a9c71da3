"""The duel screen's heads-up display: the two player panels (LP, SP, who decides), the phase
bar, the action button, the settings buttons (speed, answers), the aid buttons (Undo, Hint),
the "☰ Menu" button with a best of 3's score beside it, and the Extra Deck tray's Close. It
draws them and takes their clicks; what a click does is the scene's or another part's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

import pygame

from game.engine import Command
from game.ui import text as txt
from game.ui import theme

from . import aids, panels, pause, style
from .hints import Hints
from .hooks import DuelHooks
from .interaction import Interaction
from .layout import LAYOUT
from .line_panel import LinePanel
from .panels import fit
from .session import DuelSession
from .table import DuelTable
from .undo_aid import UndoAid

SPEED_ORDER = ("normal", "fast", "instant", "slow")
SPEED_KEY = ("set", "speed")
ANSWERS_KEY = ("set", "resp")


class HudHost(Protocol):
    """What the HUD asks of the duel screen."""

    session: DuelSession
    hooks: DuelHooks[Any]
    hotseat: bool
    finished: bool
    shown: int
    speed: str
    input: Interaction
    table: DuelTable
    hints: Hints
    undo: UndoAid
    line_panel: LinePanel

    def name(self, seat: int) -> str: ...
    def can_act(self) -> bool: ...
    def aid_seat(self) -> int: ...
    def open_pause(self) -> None: ...
    def say(self, text: str, kind: str = "info", over_far_hand: bool = False,
            detail: str = "", seconds: float | None = None, whole: bool = False) -> None: ...


def setting_rects() -> dict[tuple[str, str], pygame.Rect]:
    r = LAYOUT.settings
    half = (r.w - 6) // 2
    return {SPEED_KEY: pygame.Rect(r.x, r.y, half - 20, r.h),
            ANSWERS_KEY: pygame.Rect(r.x + half - 14, r.y, r.w - half + 14, r.h)}


def tray_close_rect() -> pygame.Rect:
    t = LAYOUT.tray
    return pygame.Rect(t.right - 92, t.y + 4, 86, 22)


class Hud:
    """The buttons and panels around the board: their rects, the Menu button, their drawing."""

    def __init__(self, host: HudHost) -> None:
        self.host = host
        self.setting_rects = setting_rects()
        self.aid_rects = aids.aid_rects(with_hint=not host.hotseat)  # no Hint in hotseat
        self.menu_button = pause.MenuButton(host.open_pause)

    # ------------------------------------------------------------------ focus and clicks
    def targets(self) -> Iterator[tuple[tuple[str, ...], pygame.Rect, Callable[[], None]]]:
        """The settings buttons and the Menu button, in the keyboard's Tab order."""
        yield SPEED_KEY, self.setting_rects[SPEED_KEY], self.cycle_speed
        yield ANSWERS_KEY, self.setting_rects[ANSWERS_KEY], self.cycle_answers
        yield pause.MENU_KEY, self.menu_button.rect, self.host.open_pause

    def aid_targets(self) -> Iterator[tuple[tuple[str, ...], pygame.Rect, Callable[[], None]]]:
        """Undo and Hint, in the Tab order (after the log)."""
        yield aids.UNDO_KEY, self.aid_rects[aids.UNDO_KEY], self.host.undo.request
        if aids.HINT_KEY in self.aid_rects:
            yield aids.HINT_KEY, self.aid_rects[aids.HINT_KEY], self.host.hints.request

    def aid_enabled(self) -> dict[tuple[str, ...], Callable[[], bool]]:
        """Whether Undo and Hint work now (drawn greyed when not; Tab skips them then)."""
        h = self.host
        out: dict[tuple[str, ...], Callable[[], bool]] = {
            aids.UNDO_KEY: lambda: h.undo.possible(h.aid_seat())}
        if aids.HINT_KEY in self.aid_rects:
            out[aids.HINT_KEY] = lambda: not h.hints.refusal()
        return out

    def _press(self, rects: dict[tuple[str, str], pygame.Rect], pos: tuple[int, int]) -> bool:
        for key, r in rects.items():
            if r.collidepoint(pos):
                self.host.input.extra_actions[key]()
                return True
        return False

    def click_setting(self, pos: tuple[int, int]) -> bool:
        return self._press(self.setting_rects, pos)

    def click_aid(self, pos: tuple[int, int]) -> bool:
        return self._press(self.aid_rects, pos)

    def click_tray_close(self, pos: tuple[int, int]) -> bool:
        """The open Extra Deck tray's Close (True: closed)."""
        geo = self.host.table.geo
        if geo.tray_open and tray_close_rect().collidepoint(pos):
            geo.tray_open = False
            return True
        return False

    def menu_event(self, event: pygame.event.Event) -> bool:
        return self.menu_button.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu_button.update(dt)

    # ------------------------------------------------------------------ settings
    def _setting(self, key: str, value: object) -> None:
        if self.host.hooks.on_setting is not None:
            self.host.hooks.on_setting(key, value)

    def cycle_speed(self) -> None:
        h = self.host
        h.speed = SPEED_ORDER[(SPEED_ORDER.index(h.speed) + 1) % len(SPEED_ORDER)]
        self._setting("speed", h.speed)
        h.say(f"Animation speed: {h.speed}", "info")

    def cycle_answers(self) -> None:
        h = self.host
        s, seat = h.session, h.shown
        if s.yields[seat] is not None:  # the button shows the yield: a click ends it
            s.yields[seat] = None
            h.say(f"{h.name(seat)}: no longer passing; {s.responses[seat].label}", "info")
            return
        s.responses[seat] = s.responses[seat].next()
        self._setting(f"responses_{seat}", s.responses[seat].value)
        h.say(f"{h.name(seat)}: {s.responses[seat].label}", "info")

    # ------------------------------------------------------------------ words
    def over_words(self) -> str:
        """Once the duel has ended, who won, for the phase bar (seen whatever the log shows)."""
        h = self.host
        if not h.finished:
            return ""
        winner = h.session.duel.winner
        if winner not in (0, 1):
            return "Duel over  \u00b7  a draw"
        who = "you win" if winner == h.table.anim.you else f"{h.name(winner)} wins"
        return f"Duel over  \u00b7  {who}"

    def action_state(self) -> tuple[str, bool]:
        """The action button's label and whether it does something now."""
        h = self.host
        if h.finished:
            return ("See the result  \u25b8", True)
        if h.table.anim.busy:
            return ("Skip animation", True)
        if h.session.deciding is not None and h.session.is_ai(h.session.deciding):
            return (f"{h.name(h.session.deciding)} is thinking\u2026", False)
        if not h.can_act():
            return ("", False)
        label, act = h.input.action()
        return (label, act is not None)

    def lit(self) -> set[str] | None:
        """The phase-bar keys (and "action", the big button) drawn lit: those that send the
        move the hooks point to (a lesson's step; a card's move: none); None: every one that
        acts."""
        hook = self.host.hooks.lit_move
        move = hook() if hook is not None else None
        if move is None:
            return None
        inp = self.host.input
        keys = {k for k, c in inp.phase_clicks().items() if c == move}
        if inp.action_command() == move:
            keys.add("action")
        return keys

    def press_words(self, move: Command) -> str:
        """What to press for `move` (a phase move), as the note under the zoom says it."""
        inp = self.host.input
        if inp.action_command() == move:
            label = inp.action()[0].replace("\u25b8", "").strip()
            return f"Press {label} (or Space), as the lesson says."
        key = next((k for k, c in inp.phase_clicks().items() if c == move), None)
        if key is None:
            return ""
        return f"Click {dict(style.PHASES)[key]} on the phase bar (right), as the lesson says."

    # ------------------------------------------------------------------ drawing
    def draw_panels(self, surface: pygame.Surface) -> None:
        """The player panels, the phase bar and the action button."""
        h = self.host
        b = h.table.board
        near, far = b.seat, 1 - b.seat
        deciding = h.session.deciding
        for seat, rect in ((far, LAYOUT.far_panel), (near, LAYOUT.near_panel)):
            note = ""
            if h.session.is_ai(seat) and h.session.workers[seat].thinking:
                note = "thinking\u2026"
            you = not h.hotseat and not h.session.is_ai(seat)
            panels.draw_player_panel(surface, rect, b, seat, h.name(seat) + ("  \u00b7  you" if you else ""),
                                     h.table.tickers[("lp", seat)], h.table.tickers[("sp", seat)],
                                     deciding == seat and not h.finished, note)
        inp = h.input
        clicks = inp.phase_clicks() if h.can_act() else {}
        hover = inp.hover[1] if isinstance(inp.hover, tuple) and inp.hover and inp.hover[0] == "phase" else None
        focus = inp.focus[1] if isinstance(inp.focus, tuple) and inp.focus and inp.focus[0] == "phase" else None
        mark = next((m for k, m in h.table.anim.markers.items() if k[0] == "phase"), None)
        flash = 1 - mark.t if mark is not None else 0.0
        lit = self.lit()
        panels.draw_phase_bar(surface, LAYOUT.phase_bar, b, h.name(b.turn_player), clicks,
                              hover, focus, flash, self.over_words(), lit)
        self._draw_action(surface, lit is None or "action" in lit)

    def _draw_action(self, surface: pygame.Surface, lit: bool = True) -> None:
        """The big button: in the accent while it acts, plain when another button is the
        one to press (`lit` False: a lesson's step)."""
        r = LAYOUT.action
        label, enabled = self.action_state()
        hovered = self.host.input.hover == ("action",)
        focused = self.host.input.focus == ("action",)
        if not label:
            label = "Waiting\u2026"
        fill = (70, 56, 30) if enabled else theme.BUTTON_DISABLED
        if enabled and hovered:
            fill = (104, 80, 38)
        if enabled and not lit:
            fill = theme.BUTTON_HOVER if hovered else theme.BUTTON
        edge = theme.ACCENT if enabled and lit else theme.PANEL_EDGE
        pygame.draw.rect(surface, fill, r, border_radius=9)
        pygame.draw.rect(surface, edge, r, 2 if focused else 1, border_radius=9)
        if focused:
            pygame.draw.rect(surface, style.FOCUS, r.inflate(4, 4), 2, border_radius=10)
        ink = ((248, 236, 214) if lit else theme.TEXT) if enabled else theme.TEXT_FAINT
        room, dx = (r.w - 70, -14) if enabled else (r.w - 20, 0)
        if enabled:  # centred left of the "Space" key hint, never on it (130 % text)
            room = min(room, 2 * (r.right - 18 - txt.width("Space", 13) - (r.centerx + dx)))
        # measured bold, as drawn: at 130 % "AI (Normal) is thinking..." ran past both edges
        txt.blit_text(surface, fit(label, 17, room, bold=True), 17, ink, (r.centerx + dx, r.centery),
                      bold=True, anchor="center")
        if enabled:
            txt.blit_text(surface, "Space", 13, theme.TEXT_DIM, (r.right - 10, r.centery),
                          anchor="midright")

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """The settings buttons, then Undo and Hint."""
        h = self.host
        inp = h.input
        buttons = []
        for key, r in self.setting_rects.items():
            label = (f"Speed: {h.speed}" if key[1] == "speed" else h.line_panel.answers_label())
            buttons.append((label, r, inp.hover == key, inp.focus == key))
        panels.draw_settings(surface, buttons)
        pointer = inp.pointer
        undo = self.aid_rects[aids.UNDO_KEY]
        enabled = self.aid_enabled()
        aid_buttons = [("\u21b6 Undo  (U)", undo, enabled[aids.UNDO_KEY](), undo.collidepoint(pointer),
                        inp.focus == aids.UNDO_KEY)]
        if aids.HINT_KEY in self.aid_rects:
            label = "Hint: thinking\u2026" if h.hints.asking is not None else "Hint  (H)"
            r = self.aid_rects[aids.HINT_KEY]
            aid_buttons.append((label, r, enabled[aids.HINT_KEY](), r.collidepoint(pointer),
                                inp.focus == aids.HINT_KEY))
        aids.draw_aid_buttons(surface, aid_buttons)

    def draw_menu(self, surface: pygame.Surface) -> None:
        """The Menu button, the match's score beside it, and the keyboard's ring on it."""
        h = self.host
        self.menu_button.draw(surface)
        if h.hooks.match_note:
            r = self.menu_button.rect
            txt.blit_text(surface, h.hooks.match_note, 14, theme.TEXT_DIM, (r.x - 12, r.centery),
                          bold=True, anchor="midright")
        pause.draw_focus(surface, self.menu_button, h.input.focus == pause.MENU_KEY)

    def keep_clear(self) -> list[pygame.Rect]:
        """What no toast may cover: the Menu button and the match's score beside it."""
        h = self.host
        r = self.menu_button.rect
        out = [r.inflate(4, 4)]
        if h.hooks.match_note:
            w = txt.width(h.hooks.match_note, 14, True)
            out.append(pygame.Rect(r.x - 12 - w, r.y, w, r.h))
        return out

    def draw_tray_close(self, surface: pygame.Surface) -> None:
        r = tray_close_rect()
        focus = self.host.input.focus == ("extra", self.host.shown)
        pygame.draw.rect(surface, theme.BUTTON, r, border_radius=5)
        pygame.draw.rect(surface, style.FOCUS if focus else theme.BUTTON_EDGE, r, 2 if focus else 1,
                         border_radius=5)
        txt.blit_text(surface, "Close (X)", 13, theme.TEXT, r.center, anchor="center")
