"""The settings screen: how the duel screen plays and how the window shows, changed in place.

Every row takes effect at once and is saved at once (game.files.folders.Settings: an atomic write
that keeps what other screens saved). The duel screen reads its rows when a duel starts
(game.ui.duel.prefs.load_prefs / apply_prefs); a caller that opens this screen over a running
duel passes `on_change` to apply a change to that duel straight away. Fullscreen asks the app
shell (the same switch as F11) and follows F11 while this screen is open.

An unreadable settings.yaml is named with its problem; the defaults are shown and the file is
left as it is until the player changes something: then it is replaced (the old file kept as
settings.yaml.bak) and the screen says so. Up/Down move between rows, Left/Right change the
focused row, Enter steps it on, Esc goes back; every row and choice reacts to the mouse too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.files import folders
from game.ui import look, sound, theme
from game.ui import text as txt
from game.ui.app import is_fullscreen_now, request_fullscreen
from game.ui.scene import Pop, Transition
from game.ui.screen import Screen
from game.ui.widgets import Button, WidgetGroup, confirm
from game.ui.widgets.base import Widget, is_activate, is_key

W, H = theme.LOGICAL_SIZE
LEFT_X = 60
ROW_W = W - 2 * LEFT_X
ROW_H = 54
SEGMENT_W = 132
HEADER_H = 30
SAMPLE_AFTER = 0.25  # seconds a volume must stay put before its sample plays (no spam on repeat)
HINT = "Up/Down choose a setting  \u00b7  Left/Right change it  \u00b7  Esc goes back"

Change = Callable[[str, str, Any], None]


@dataclass(frozen=True)
class Choice:
    value: Any
    label: str


@dataclass(frozen=True)
class RowSpec:
    """One setting: where it is saved, what it is called, what it may be."""

    section: str
    key: str
    label: str
    note: str
    choices: tuple[Choice, ...]
    group: str  # the heading it is listed under


ANSWERS = (Choice("when_able", "When I can"), Choice("always", "Always"), Choice("never", "Never"))
ROWS: tuple[RowSpec, ...] = (
    RowSpec("duel", "speed", "Animation speed",
            "How fast cards travel; Instant skips every animation.",
            (Choice("slow", "Slow"), Choice("normal", "Normal"), Choice("fast", "Fast"),
             Choice("instant", "Instant")), "DUEL"),
    RowSpec("duel", "ai_pause_ms", "Computer's pause",
            "The least time a computer player's move waits, so you can follow it.",
            (Choice(0, "None"), Choice(300, "0.3 s"), Choice(600, "0.6 s")), "DUEL"),
    RowSpec("duel", "responses_0", "Player 1: ask me to answer",
            "When to stop for a response to a Step (choices are always asked).",
            ANSWERS, "DUEL"),
    RowSpec("duel", "responses_1", "Player 2: ask me to answer",
            "The same for the second player of a hotseat duel.", ANSWERS, "DUEL"),
    RowSpec("duel", "glow", "Playable cards glow",
            "Cards you can play now glow in your hand and Extra Deck.",
            (Choice(True, "On"), Choice(False, "Off")), "DUEL"),
    RowSpec("duel", "log_size", "Log text",
            "The size of the duel log's sentences.",
            (Choice("normal", "Normal"), Choice("large", "Large")), "DUEL"),
    RowSpec("display", "fullscreen", "Fullscreen",
            "Fill the screen; F11 or Alt+Enter switches it anywhere.",
            (Choice(False, "Off"), Choice(True, "On")), "DISPLAY"),
    RowSpec("sound", "muted", "Sound effects",
            "Cards placed, attacks, damage, Breaks, Line Breaks, Steps, wins and losses.",
            (Choice(False, "On"), Choice(True, "Off")), "SOUND"),
    RowSpec("sound", "volume", "Volume", "How loud the sound effects play; a change plays one to hear.",
            tuple(Choice(v, f"{v} %") for v in (25, 50, 75, 100)), "SOUND"),
    RowSpec("access", "colours", "Colours",
            "Colour-blind safe player colours and card frames; each player also has a shape.",
            (Choice("standard", "Standard"), Choice("colour_blind", "Colour-blind")), "ACCESS"),
    RowSpec("access", "reduced_motion", "Reduced motion",
            "Cards jump instead of travelling; nothing shakes, slides, flies apart or rises.",
            (Choice(False, "Off"), Choice(True, "On")), "ACCESS"),
    RowSpec("access", "text_scale", "Text size", "Every line of text on every screen.",
            tuple(Choice(v, f"{v} %") for v in txt.SCALES), "ACCESS"),
)
LOOK_SECTIONS = ("sound", "access")  # applied to the whole game at once (game/ui/look.py)


class ChoiceRow(Widget):
    """A labelled row of choices, one chosen: click a choice, or Left/Right when focused."""

    focusable = True

    def __init__(self, rect: pygame.Rect, spec: RowSpec, index: int,
                 on_change: Callable[[ChoiceRow], None]) -> None:
        super().__init__(rect)  # the note is written in the row: no tooltip
        self.spec = spec
        self.index = index
        self.on_change = on_change
        self.hover_choice: int | None = None
        self.pressed: int | None = None
        self._seg_w = (0.0, SEGMENT_W)  # (text scale, width) measured once per text size
        self.note = spec.note  # what the row says under its label (the screen may say more)

    @property
    def value(self) -> Any:
        return self.spec.choices[self.index].value

    def segments(self) -> list[pygame.Rect]:
        n = len(self.spec.choices)
        w = self.segment_w()
        x0 = self.rect.right - 14 - n * w
        return [pygame.Rect(x0 + i * w, self.rect.y + 9, w - 4, self.rect.h - 18)
                for i in range(n)]

    def segment_w(self) -> int:
        """Each choice's width: SEGMENT_W, or the widest label's at a larger text size."""
        key = txt.scale()
        if self._seg_w[0] != key:
            widest = max(txt.width(c.label, theme.BODY, bold=True) for c in self.spec.choices)
            self._seg_w = (key, max(SEGMENT_W, widest + 24))
        return self._seg_w[1]

    def choice_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self.segments()) if r.collidepoint(pos)), None)

    def choose(self, index: int) -> None:
        index = max(0, min(len(self.spec.choices) - 1, index))
        if index != self.index:
            self.index = index
            self.on_change(self)

    def track_hover(self, pos: tuple[int, int]) -> None:
        super().track_hover(pos)
        self.hover_choice = self.choice_at(pos) if self.hovered else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = self.choice_at(event.pos)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed is not None:
            pressed, self.pressed = self.pressed, None
            if self.choice_at(event.pos) == pressed:  # sliding off cancels, as on a button
                self.choose(pressed)
            return True
        elif self.focused and is_key(event, pygame.K_LEFT):
            self.choose(self.index - 1)
            return True
        elif self.focused and is_key(event, pygame.K_RIGHT):
            self.choose(self.index + 1)
            return True
        elif self.focused and is_activate(event):  # Enter steps on, round the end
            self.choose((self.index + 1) % len(self.spec.choices))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        fill = theme.mix(theme.PANEL, theme.BUTTON_HOVER, self.hover_t)
        pygame.draw.rect(surface, fill, r, border_radius=8)
        edge = theme.FOCUS if self.focused else theme.mix(theme.PANEL_EDGE, theme.BUTTON_EDGE, self.hover_t)
        pygame.draw.rect(surface, edge, r, width=2 if self.focused else 1, border_radius=8)
        segs = self.segments()
        room = segs[0].x - r.x - 30
        label_h = txt.font(theme.LABEL, True).get_linesize()
        top = r.y + max(2, (r.h - label_h - txt.font(theme.SMALL).get_linesize()) // 2)
        txt.blit_text(surface, txt.fit_cached(self.spec.label, theme.LABEL, room, True), theme.LABEL,
                      theme.TEXT, (r.x + 16, top), bold=True)
        txt.blit_text(surface, txt.fit_cached(self.note, theme.SMALL, room), theme.SMALL,
                      theme.TEXT_DIM, (r.x + 16, top + label_h))
        for i, (seg, choice) in enumerate(zip(segs, self.spec.choices, strict=True)):
            chosen = i == self.index
            hovered = i == self.hover_choice
            if chosen:
                back, ink, line = (70, 56, 30), (248, 236, 214), theme.ACCENT
            else:
                back = theme.BUTTON_HOVER if hovered else theme.BUTTON
                ink = theme.TEXT if hovered else theme.TEXT_DIM
                line = theme.ACCENT if hovered else theme.BUTTON_EDGE
            if chosen and hovered:
                back = (104, 80, 38)
            pygame.draw.rect(surface, back, seg, border_radius=6)
            pygame.draw.rect(surface, line, seg, width=2 if chosen else 1, border_radius=6)
            txt.blit_text(surface, txt.fit_cached(choice.label, theme.BODY, seg.w - 8, chosen),
                          theme.BODY, ink, seg.center, bold=chosen, anchor="center")


class SettingsScene(Screen):
    """The settings screen. `settings` is shared with the caller when given (a duel's own,
    say); `on_change(section, key, value)` hears every change after it is saved."""

    def __init__(self, settings: folders.Settings | None = None,
                 on_change: Change | None = None, rows: Sequence[RowSpec] = ROWS) -> None:
        super().__init__((W // 2, H - 51))
        self.settings = settings if settings is not None else folders.load_settings()
        self.on_change = on_change
        self.problem = self.settings.problem
        self.problem_lines = self._problem_lines()
        self._want_fullscreen: bool | None = None  # asked of the shell, not yet seen
        self._wait = 0.0
        self._sample_in: float | None = None  # seconds until the volume sample plays
        self.headings: list[tuple[str, int]] = []
        self.rows = [ChoiceRow(pygame.Rect(LEFT_X, 0, ROW_W, ROW_H - 6), spec,
                               self._index_of(spec, self._saved(spec)), self._changed)
                     for spec in rows]
        if sound.SOUND.off and any(r.spec.key == "muted" for r in self.rows):
            self.row("muted").note = f"Silent here: {sound.SOUND.off}."
        self.scroll = 0  # pixels the rows are moved up (they scroll when they do not fit)
        self._look = -1
        self._layout()
        self._sync_fullscreen()
        self.back = Button((LEFT_X, H - 74, 150, 46), "Back", self.leave, tooltip="Back (Esc)")
        self.reset = Button((W - LEFT_X - 230, H - 74, 230, 46), "Reset to defaults",
                            self.ask_reset, "quiet", tooltip="Every setting on this screen back "
                                                             "to how the game comes")
        self.group = WidgetGroup([*self.rows, self.back, self.reset])
        self.group.on_cancel = self.leave
        self.group.set_focus(self.rows[0] if self.rows else self.back)

    # ------------------------------------------------------------ layout
    def _layout(self) -> None:
        """Place the headings and rows for the text size now (taller rows for larger text)
        inside the scrolling view between the header and the buttons."""
        self._look = look.generation
        self._backdrop = None
        top = 118 + (len(self.problem_lines) * 20 + 24 if self.problem_lines else 0)
        self.view = pygame.Rect(LEFT_X - 4, top - 4, ROW_W + 8, H - 92 - (top - 4))
        label_h = txt.font(theme.LABEL, True).get_linesize()
        row_h = max(ROW_H - 6, label_h + txt.font(theme.SMALL).get_linesize() + 10)
        head_h = max(HEADER_H, txt.font(theme.SMALL, True).get_linesize() + 12)
        self._places: list[tuple[ChoiceRow, int]] = []
        self._heads: list[tuple[str, int]] = []
        y, group = top, ""
        for row in self.rows:
            if row.spec.group != group:
                group = row.spec.group
                self._heads.append((group, y))
                y += head_h
            row.rect.h = row_h
            self._places.append((row, y))
            y += row_h + 6
        self._content_bottom = y
        self._place()

    def _place(self) -> None:
        most = max(0, self._content_bottom - self.view.bottom)
        self.scroll = max(0, min(most, self.scroll))
        for row, y in self._places:
            row.rect.y = y - self.scroll
        self.headings = [(title, y - self.scroll) for title, y in self._heads]

    def reveal(self, row: ChoiceRow) -> None:
        """Scroll so `row` is wholly in view (the keyboard's focus, a test's click)."""
        base = next(y for r, y in self._places if r is row)
        if base - self.scroll < self.view.y + 4:
            self.scroll = base - self.view.y - 4
        elif base + row.rect.h - self.scroll > self.view.bottom - 4:
            self.scroll = base + row.rect.h - self.view.bottom + 4
        self._place()

    # ------------------------------------------------------------ values
    def _saved(self, spec: RowSpec) -> Any:
        return self.settings.get(spec.section, spec.key)

    @staticmethod
    def _index_of(spec: RowSpec, value: Any) -> int:
        """The choice matching `value`; the default's when it is none of them."""
        for want in (value, folders.DEFAULTS[spec.section][spec.key]):
            for i, choice in enumerate(spec.choices):
                if type(choice.value) is type(want) and choice.value == want:
                    return i
        return 0

    def row(self, key: str) -> ChoiceRow:
        return next(r for r in self.rows if r.spec.key == key)

    def _problem_lines(self) -> list[str]:
        if not self.settings.problem:
            return []
        name = folders.SETTINGS_FILE
        text = (f"The settings file cannot be read: {self.settings.problem}. Changing a setting "
                f"replaces it (the old one is kept as {name}{folders.BACKUP_SUFFIX}).")
        return txt.wrap(text, theme.SMALL, ROW_W - 40)[:3]

    # ----------------------------------------------------------- changes
    def _changed(self, row: ChoiceRow) -> None:
        self._store([(row.spec, row.value)])

    def _store(self, changes: list[tuple[RowSpec, Any]]) -> None:
        """Save the changes at once (one write), then make them take effect."""
        note = ""
        if self.settings.problem:
            note = self.settings.replace_unreadable()
            self.problem_lines = []
        for spec, value in changes:
            self.settings.set(spec.section, spec.key, value)
        error = self.settings.save()
        for spec, value in changes:
            self._take_effect(spec, value)
        if error:
            self.toast.show(f"Not saved: {error}", "error")
        elif note:
            self.toast.show(note, "warn", seconds=5.0)
        else:
            self.toast.show("Saved", "ok", seconds=1.2)

    def _take_effect(self, spec: RowSpec, value: Any) -> None:
        if spec.section == "sound":  # the new level heard once the changes stop (on_update)
            self._sample_in = SAMPLE_AFTER
        if spec.section in LOOK_SECTIONS:  # every screen, at once
            look.apply(self.settings)
            if self._look != look.generation:
                self._layout()
                if self.group.focus in self.rows:
                    self.reveal(self.group.focus)
        if (spec.section, spec.key) == ("display", "fullscreen"):
            self._want_fullscreen, self._wait = bool(value), 1.0
            request_fullscreen(bool(value))
        if self.on_change is not None:
            self.on_change(spec.section, spec.key, value)

    def ask_reset(self) -> None:
        self.dialog = confirm("Reset to defaults?",
                              "Every setting on this screen goes back to how the game comes. "
                              "Your decks and your last duel choices are kept.",
                              self._reset, yes="Reset", danger=True)

    def _reset(self) -> None:
        changes = []
        for row in self.rows:
            default = folders.DEFAULTS[row.spec.section][row.spec.key]
            row.index = self._index_of(row.spec, default)
            changes.append((row.spec, row.value))
        self._store(changes)
        self.toast.show("Settings reset to the defaults", "ok")

    def _sync_fullscreen(self) -> None:
        """Follow the window (F11 pressed here) unless a change asked of the shell is on
        its way; with no window the saved value stands."""
        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return
        now = is_fullscreen_now()
        if self._want_fullscreen is not None and (now == self._want_fullscreen or self._wait <= 0):
            self._want_fullscreen = None
        if self._want_fullscreen is None:
            for row in self.rows:
                if (row.spec.section, row.spec.key) == ("display", "fullscreen"):
                    row.index = self._index_of(row.spec, now)

    def leave(self) -> None:
        self.go(Pop())

    # ------------------------------------------------------------ events
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEWHEEL:
            if self.view.collidepoint(self.group.mouse):
                self.scroll -= event.y * 40
                self._place()
                self.group.rehover()  # the row now under the pointer is the lit one
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                not self.view.collidepoint(event.pos):
            for button in (self.back, self.reset):  # rows scrolled out of view take no click
                button.handle_event(event)
            return None
        self.group.handle_event(event)
        if event.type == pygame.KEYDOWN and self.group.focus in self.rows:
            self.reveal(self.group.focus)
        return None

    def on_update(self, dt: float) -> Transition | None:
        if self._look != look.generation:  # the look changed elsewhere: lay out again
            self._layout()
        self._wait = max(0.0, self._wait - dt)
        if self._sample_in is not None:
            self._sample_in -= dt
            if self._sample_in <= 0:
                self._sample_in = None
                sound.sample()
        self._sync_fullscreen()
        self.group.update(dt)
        return None

    # -------------------------------------------------------------- draw
    def paint_backdrop(self, bg: pygame.Surface) -> None:
        self.title_block(bg, "Settings", "Each change takes effect at once and is saved.", LEFT_X)

    def draw_body(self, surface: pygame.Surface) -> None:
        if self.problem_lines:
            box = pygame.Rect(LEFT_X, 116, ROW_W, len(self.problem_lines) * 20 + 14)
            pygame.draw.rect(surface, (52, 40, 22), box, border_radius=8)
            pygame.draw.rect(surface, theme.ACCENT, box, width=1, border_radius=8)
            for i, line in enumerate(self.problem_lines):
                txt.blit_text(surface, line, theme.SMALL, theme.ACCENT, (box.x + 16, box.y + 7 + i * 20))
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip))
        for title, y in self.headings:
            txt.blit_text(surface, title, theme.SMALL, theme.TEXT_DIM, (LEFT_X + 4, y + 6), bold=True)
        for row in self.rows:
            row.draw(surface)
        surface.set_clip(clip)
        for button in (self.back, self.reset):
            button.draw(surface)
        most = self._content_bottom - self.view.bottom
        if most > 0:  # where the view is in the list: a thin bar at the right
            v = self.view
            h = max(30, round(v.h * v.h / (v.h + most)))
            y = v.y + round((v.h - h) * self.scroll / most)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (v.right - 3, v.y, 3, v.h), border_radius=2)
            pygame.draw.rect(surface, theme.TEXT_FAINT, (v.right - 3, y, 3, h), border_radius=2)
        for widget in self.group.widgets:
            widget.draw_overlay(surface)
        self.group.draw_tooltip(surface)
        if not self.toast.visible:  # the answer to the last change stands where the hint is
            txt.blit_text(surface, HINT, theme.SMALL, theme.TEXT_FAINT, (W // 2, H - 52),
                          anchor="center")
