"""The duel's pause menu (Esc, or the "☰ Menu" button): Resume, Settings, Concede, Save and
leave, Leave without saving; and the window-close question with "Save and quit".

Settings opens the settings screen over the paused duel; a change there is saved and takes
effect in this duel at once (prefs.apply_prefs with running=True); Back returns to this menu.

While the menu (or one of its questions) is open the duel waits: the scene routes every
event to it and does not ask anyone to decide, so a computer player does not move either.

Who concedes: versus the computer, the person. In hotseat, the player whose decision it is
now (the one the curtain or the prompt names), because that is the person at the screen;
the question says so by name. Conceding ends the duel at once (RULES.md D12); in a best-of-3
it is one lost duel, and the match goes on.

Saving needs the match around the duel (the scene's `suspender` hook, set by MatchFlow); a duel opened
some other way (a puzzle, a scenario, the demo board) cannot be saved and the menu says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine import Concede
from game.files.fileio import FileError
from game.play import suspend
from game.ui import backdrop, cite, theme
from game.ui import text as txt
from game.ui.scene import Pop, Push, Quit, Scene
from game.ui.widgets.base import WidgetGroup
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import Dialog, DialogButton, scrim
from game.ui.widgets.tooltip import draw_tooltip

from . import style
from .layout import LAYOUT
from .session import OVER_RULE

if TYPE_CHECKING:
    from .host import DuelHost

MENU_KEY = ("menu",)  # the button's focus key among the scene's extra focus targets
PANEL_W = 420
ROW_H = 44
ROW_GAP = 10


def conceder(scene: DuelHost) -> int:
    """The seat that concedes from this screen (see the module docstring)."""
    session = scene.session
    if not scene.hotseat:
        return session.humans.index(True) if any(session.humans) else scene.shown
    deciding = session.deciding
    return deciding if deciding is not None else scene.shown


SAVE_RULE = "U1"  # RULES.md: which duels can be saved to continue
CONCEDE_RULE = "D11"  # RULES.md: no command once the duel is over (Concede is one)


def save_refusal(scene: DuelHost) -> str:
    """Why this duel cannot be saved now ("" when it can)."""
    return save_refusal_cited(scene)[0]


def save_refusal_cited(scene: DuelHost) -> tuple[str, str]:
    """Why this duel cannot be saved now and the rule that says so (("", "") when it can)."""
    if scene.suspender is None:
        return "Only hotseat and versus-AI duels can be saved.", SAVE_RULE
    if scene.session.over:
        return "The duel is over: there is nothing to save.", OVER_RULE
    return "", ""


def concede_refusal(scene: DuelHost) -> str:
    return "The duel is over." if scene.session.over else ""


# ------------------------------------------------------------------------ the button
class MenuButton(Button):
    """The small "☰ Menu" button at the board's top right; Esc does the same."""

    def __init__(self, on_click: Callable[[], object]) -> None:
        super().__init__(LAYOUT.menu, "\u2630  Menu", on_click, "quiet", tooltip="Pause menu (Esc)",
                         px=15)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.track_hover(event.pos)
        return super().handle_event(event)


# ------------------------------------------------------------------------ the menu
@dataclass
class _Row:
    label: str
    action: Callable[[], None]
    style: str = "normal"
    why_not: str = ""  # a disabled row says why, under the buttons
    rule: str = ""  # the RULES.md rule that greys it (cited; hover shows its words)


class PauseMenu:
    """A modal column of buttons with the Dialog interface (handle_event, update, draw,
    closed), so the scene holds it in its `dialog` slot. A row's action may put another
    dialog (a confirmation) in that slot: this one then closes underneath it."""

    def __init__(self, scene: DuelHost) -> None:
        self.scene = scene
        self.closed = False
        self.error = ""
        who = scene.name(conceder(scene))
        over = scene.session.over
        saving, save_rule = save_refusal_cited(scene)
        rows = [
            _Row("Resume", self.close, "primary"),
            _Row("Settings\u2026", self.open_settings),
            _Row(f"Concede ({who})\u2026" if scene.hotseat else "Concede\u2026", self._ask_concede, "normal",
                 concede_refusal(scene), CONCEDE_RULE if over else ""),
            _Row("Save and leave", self._save_and_leave, "normal", saving, save_rule),
            _Row("Leave\u2026" if over else "Leave without saving\u2026", self._ask_leave, "danger"),
        ]
        self.rows = rows
        # each greyed row says why under the buttons, citing its rule (hover: the rule's words);
        # a finished duel: one line says why both Concede and Save are greyed
        self.notes = [(f"The duel is over: nothing to concede or save. {cite.tag_of(OVER_RULE)}", OVER_RULE)] \
            if over else [(f"{r.why_not} {cite.tag_of(r.rule)}", r.rule) for r in rows if r.why_not]
        self._error_lines: tuple[str, list[str]] = ("", [])  # wrapped once per error
        self._note_lines: tuple[object, list[tuple[str, str]]] = (None, [])  # wrapped per text size
        self.pointer = (-1, -1)
        self.note_rects: list[tuple[pygame.Rect, str]] = []  # each note line drawn, and its rule
        h = 86 + len(rows) * (ROW_H + ROW_GAP) - ROW_GAP + 24
        self.rect = pygame.Rect(0, 0, PANEL_W, h)
        self.rect.center = (LAYOUT.size[0] // 2, LAYOUT.size[1] // 2)
        y = self.rect.y + 86
        self.buttons: list[Button] = []
        for row in rows:
            b = Button((self.rect.x + 32, y, PANEL_W - 64, ROW_H), row.label, row.action,
                       row.style, enabled=not row.why_not)
            self.buttons.append(b)
            y += ROW_H + ROW_GAP
        self.group = WidgetGroup(self.buttons)
        self.group.set_focus(self.buttons[0])
        self.group.on_cancel = self.close  # Esc: back to the duel

    # ------------------------------------------------------------ actions
    def close(self) -> None:
        self.closed = True

    def open_settings(self) -> None:
        """The settings screen over the paused duel; this menu is still here on the way back."""
        self.scene.go(Push(settings_scene(self.scene)))
        self.group.set_focus(self.buttons[0])  # back from Settings, Enter resumes

    def _ask_concede(self) -> None:
        self.scene.show_dialog(concede_dialog(self.scene))
        self.closed = True

    def _ask_leave(self) -> None:
        scene = self.scene

        def leave() -> None:
            scene.go(Pop())
        if scene.session.over:
            match = " and the match" if scene.best_of == 3 else ""
            scene.show_dialog(Dialog("Leave the duel?",
                                       f"The duel is over and its replay is kept. Leaving skips the "
                                       f"result screen{match}.",
                                       [DialogButton("Leave", leave, "danger"), DialogButton("Stay")],
                                       default=1, cancel=1))
            self.closed = True
            return
        saving = "" if save_refusal(scene) else " (\u201cSave and leave\u201d keeps it to continue later.)"
        scene.show_dialog(Dialog("Leave without saving?",
                                   f"The duel ends here and is not kept.{saving}",
                                   [DialogButton("Leave", leave, "danger"), DialogButton("Keep playing")],
                                   default=1, cancel=1))
        self.closed = True

    def _save_and_leave(self) -> None:
        scene = self.scene
        older = suspend.available()

        def save() -> str | None:
            problem = write_suspended(scene)
            if problem:
                return problem
            scene.go(Pop())
            return None
        if not older:
            problem = save()
            if problem:
                self.error = problem
            else:
                self.closed = True
            return
        old = suspend.peek()
        what = old.describe() if old is not None else "a suspended-duel file that cannot be read"
        scene.show_dialog(Dialog("Replace the suspended duel?",
                                   f"Only one duel can wait to be continued. Saving this one replaces "
                                   f"{what}.",
                                   [DialogButton("Save and leave", save, "primary"),
                                    DialogButton("Cancel")], default=0, cancel=1))
        self.closed = True

    # ------------------------------------------------------------ Dialog interface
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.closed:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        self.group.handle_event(event)
        return True

    def rule_at(self, pos: tuple[int, int]) -> str:
        """The rule a greyed row (or its note) under `pos` cites ("" if none)."""
        for b, row in zip(self.buttons, self.rows, strict=True):
            if row.rule and b.rect.collidepoint(pos):
                return row.rule
        return next((rule for r, rule in self.note_rects if r.collidepoint(pos)), "")

    def _notes(self) -> list[tuple[str, str]]:
        """The notes wrapped to the panel at the text size now: (line, rule) each."""
        key = (txt.scale(), tuple(self.notes))
        if self._note_lines[0] != key:
            lines = [(line, rule) for note, rule in self.notes
                     for line in txt.wrap(note, theme.SMALL, PANEL_W - 64)]
            self._note_lines = (key, lines)
        return self._note_lines[1]

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def _errors(self) -> list[str]:
        if self._error_lines[0] != self.error:
            lines = txt.wrap(self.error, theme.SMALL, PANEL_W - 64)[:4] if self.error else []
            self._error_lines = (self.error, lines)
        return self._error_lines[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(scrim(surface.get_size()), (0, 0))
        errors = self._errors()
        notes = self._notes()
        step = txt.font(theme.SMALL).get_linesize() + 2
        r = self.rect.inflate(0, 0)
        r.h += len(notes) * step + len(errors) * step + (6 if errors else 0)  # grows downwards
        r.bottom = min(r.bottom, surface.get_height() - 4)
        pygame.draw.rect(surface, (4, 5, 8), r.move(4, 6), border_radius=12)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, width=1, border_radius=12)
        backdrop.title_and_rule(surface, "Paused", theme.TITLE, r.x + 32, r.y + 62, 60, 2, gap=9)
        title = self.scene.title or "The duel"
        line = f"{title} is over." if self.scene.session.over else f"{title} waits until you resume."
        txt.blit_text(surface, txt.fit(line, theme.SMALL, r.w - 136),
                      theme.SMALL, theme.TEXT_DIM, (r.x + 104, r.y + 55))
        self.group.draw(surface)
        y = self.buttons[-1].rect.bottom + 12
        self.note_rects = []
        for line, rule in notes:
            drawn = txt.blit_text(surface, line, theme.SMALL, theme.TEXT_DIM, (r.x + 32, y))
            self.note_rects.append((drawn, rule))
            y += step
        for line in errors:
            txt.blit_text(surface, line, theme.SMALL, theme.BAD, (r.x + 32, y))
            y += step
        rule = self.rule_at(self.pointer)
        if rule:  # the greyed row's rule in its own words
            draw_tooltip(surface, cite.words_of(rule), self.pointer, max_width=420)


def settings_scene(scene: DuelHost) -> Scene:
    """The Settings screen (game/ui/settings_scene.py) for a running duel: each change is
    saved there and applied here at once (speed, answers, the computer's pause, glow, log)."""
    from game.ui.settings_scene import SettingsScene

    from . import prefs

    settings = scene.duel_settings()

    def changed(section: str, key: str, value: object) -> None:
        if section == prefs.PREFS:
            prefs.apply_prefs(scene, prefs.load_prefs(settings), running=True)

    class DuelSettings(SettingsScene):
        def allow_quit(self) -> bool:
            """The window's close button: back to the duel, whose question (save and quit?)
            is then on screen, instead of asking it out of sight under this screen."""
            if scene.allow_quit():
                return True
            self.go(Pop())
            return False
    return DuelSettings(settings, on_change=changed)


# ------------------------------------------------------------------------ questions
def concede_dialog(scene: DuelHost) -> Dialog:
    seat = conceder(scene)
    who, other = scene.name(seat), scene.name(1 - seat)
    if scene.hotseat:
        message = (f"{who} (whose decision it is now) gives up this duel, and {other} wins it.")
    else:
        message = f"You give up this duel, and {other} wins it."
    flow_note = " The match goes on with the next duel." if scene.best_of == 3 else ""
    title = f"Concede the duel, {who}?" if scene.hotseat else "Concede the duel?"  # versus the computer: you
    return Dialog(title, message + flow_note,
                  [DialogButton("Concede", lambda: concede(scene, seat), "danger"),
                   DialogButton("Keep playing")], default=1, cancel=1)


def concede(scene: DuelHost, seat: int) -> None:
    """Send Concede(seat): the duel ends and the screen shows who won."""
    for worker in scene.session.workers.values():
        worker.cancel()  # a computer player's pending move is dropped
    scene.take_seat(seat)  # hotseat: the conceder is at the screen
    scene.send([Concede(seat)])


def write_suspended(scene: DuelHost) -> str:
    """Save the duel for "Continue"; the problem in words ("" when saved)."""
    why = save_refusal(scene)
    if why:
        return why
    assert scene.suspender is not None
    try:
        scene.suspender()
    except (FileError, ValueError) as exc:
        return f"Not saved: {exc}"
    return ""


def quit_dialog(scene: DuelHost) -> Dialog:
    """The window's close button during a duel: save and quit, quit, or keep playing."""
    def quit_now() -> None:
        scene.go(Quit())

    def save_and_quit() -> str | None:
        problem = write_suspended(scene)
        if problem:
            return problem
        scene.go(Quit())
        return None
    if save_refusal(scene):
        return Dialog("Quit Phantom Duel?", "The duel in progress is not saved.",
                      [DialogButton("Quit", quit_now, "danger"), DialogButton("Keep playing")],
                      default=1, cancel=1)
    replaces = ""
    if suspend.available():
        older = suspend.peek()
        what = older.describe() if older is not None else "a file that cannot be read"
        replaces = f" It replaces the suspended duel already there ({what})."
    return Dialog("Quit Phantom Duel?",
                  f"\u201cSave and quit\u201d keeps the duel: Continue on the menu picks it up "
                  f"where it is.{replaces}",
                  [DialogButton("Save and quit", save_and_quit, "primary"),
                   DialogButton("Quit", quit_now, "danger"), DialogButton("Keep playing")],
                  default=0, cancel=2)


def draw_focus(surface: pygame.Surface, button: Button, focused: bool) -> None:
    """The scene's keyboard focus ring on the menu button (the board's own focus colour)."""
    if focused:
        pygame.draw.rect(surface, style.FOCUS, button.rect.inflate(4, 4), 2, border_radius=8)

