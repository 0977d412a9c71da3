"""The replay viewer: the duel screen's board and animator, driven by the recorded events.

The duel is shown as it was played: from its recorded events (game/ui/replays/shown.py),
each seat's board following that seat's events as the engine redacted them, with the card
data it was played with (game/play/replay/, format 2), so the board, the zoom and the log show
the recorded duel even where today's engine would play its commands differently. Re-playing
is a check: `run` re-played the commands on the replay's own card data and rules (and shows
the duel only when the replay keeps no events: format 1, or too big), and the viewer re-plays
it on today's cards and rules once (`check_replay`) and says under the transport whether
today's game plays it the same; when it does not, a panel on opening (and C) says where it
first differs, in words, and what changed since.

Nothing here can change the duel: there is no Interaction and no seat, only the transport
(play/pause, step, step back, start/end, speed, whose view). A step forward animates the next
command's recorded events as the seat shown saw them, exactly as the duel screen animates
live ones; a step back or a jump rebuilds the board from the nearest checkpoint (every 25
commands), without animation. "Both hands open" joins Player 1's board of their side with
Player 2's board of theirs, so it shows what each player knew, and still no deck order.

Keys: Space play/pause, Right step, Left step back, Home/End, 1 / 2 / 3 (Player 1, Player 2,
both hands open) or V to cycle, S (or + / -) speed 1x/2x/4x, PageUp/PageDown scroll the log,
Esc back to the list. Mouse: the buttons, the progress bar (click or drag to seek), hover a
card to see it large, click a log line to pin its card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

import pygame

from game.engine import CardDef, CardView, Pass, Rules, StepView
from game.play.describe import Describer, LogEntry
from game.play.end_words import end_sentence
from game.play.replay import ReplayRun, Verdict, check_replay
from game.rules.file import load_rules
from game.ui import sound, theme
from game.ui import text as txt
from game.ui.duel import panels, style
from game.ui.duel.board import Board
from game.ui.duel.hits import card_at
from game.ui.duel.layout import FAR_HAND_W, LAYOUT, ZOOM_W
from game.ui.duel.panels import LOG_PX, fit
from game.ui.duel.render import Lights
from game.ui.duel.sprites import CardSprites
from game.ui.duel.table import DuelTable, OnTable
from game.ui.replays.setting_row import setting_row
from game.ui.replays.shown import RECORDED, Told, player_label, short_name, shown_for
from game.ui.scene import Pop, Transition
from game.ui.screen import Screen
from game.ui.widgets import Button, WidgetGroup
from game.ui.widgets.base import RectArg

BOTH = 2  # the view "both hands open" (0 and 1 are the seats)
SPEEDS = (1, 2, 4)
PAUSE = 0.55  # seconds between two commands at 1x, once the first has finished animating
PASS_PAUSE = 0.2  # ... after a Pass (most of them: keep the rhythm)
CHECK_SECONDS = 12.0  # how long the check's panel stays when today's game differs
CHECK_W = 720

# the right column (one place; the rest is game/ui/duel/layout.py's LAYOUT)
_R = LAYOUT.phase_bar
COUNTER_Y = _R.bottom + 8
BAR = pygame.Rect(_R.x + 4, _R.bottom + 32, _R.w - 8, 12)
BUTTONS_Y = BAR.bottom + 8
BUTTON_H = 34
STATUS_Y = BUTTONS_Y + BUTTON_H + 6
STATUS_ROWS = 4  # the status (up to two lines: who won and why), the decks, the check
LINES = pygame.Rect(_R.x, STATUS_Y + 17 * STATUS_ROWS + 2, _R.w,
                    LAYOUT.settings.y - 8 - (STATUS_Y + 17 * STATUS_ROWS + 2))
# one line each, so no key is cut from its word at a wrap
HINT = "Space play/pause · \u2190 \u2192 step\nHome/End · 1 2 3 whose view\nS speed · C check · Esc back"


@cache
def today_rules() -> Rules:
    """Today's rules (the shipped rules file), for the check: read once."""
    return load_rules()


class IconButton(Button):
    """A transport button drawn as an icon (the bundled font has no media glyphs)."""

    def __init__(self, rect: RectArg, icon: str, on_click: Callable[[], object], tooltip: str) -> None:
        super().__init__(rect, "", on_click, tooltip=tooltip)
        self.icon = icon

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ink = theme.TEXT if self.enabled else theme.TEXT_FAINT
        if self.hovered and self.enabled:
            ink = theme.ACCENT
        _icon(surface, self.icon, self.rect.center, ink)


def _icon(surface: pygame.Surface, icon: str, c: tuple[int, int], ink: theme.Colour) -> None:
    x, y = c
    tri_r = [(x - 5, y - 7), (x - 5, y + 7), (x + 6, y)]
    tri_l = [(x + 5, y - 7), (x + 5, y + 7), (x - 6, y)]
    if icon == "play":
        pygame.draw.polygon(surface, ink, [(x - 5, y - 8), (x - 5, y + 8), (x + 8, y)])
    elif icon == "pause":
        pygame.draw.rect(surface, ink, (x - 6, y - 7, 4, 14))
        pygame.draw.rect(surface, ink, (x + 2, y - 7, 4, 14))
    elif icon == "step":
        pygame.draw.polygon(surface, ink, [(px - 2, py) for px, py in tri_r])
        pygame.draw.rect(surface, ink, (x + 5, y - 7, 3, 14))
    elif icon == "back":
        pygame.draw.polygon(surface, ink, [(px + 2, py) for px, py in tri_l])
        pygame.draw.rect(surface, ink, (x - 8, y - 7, 3, 14))
    elif icon == "start":
        pygame.draw.rect(surface, ink, (x - 9, y - 7, 3, 14))
        pygame.draw.polygon(surface, ink, [(px - 1, py) for px, py in tri_l])
        pygame.draw.polygon(surface, ink, [(px + 7, py) for px, py in tri_l])
    elif icon == "end":
        pygame.draw.polygon(surface, ink, [(px - 7, py) for px, py in tri_r])
        pygame.draw.polygon(surface, ink, [(px + 1, py) for px, py in tri_r])
        pygame.draw.rect(surface, ink, (x + 7, y - 7, 3, 14))


class SeatLog:
    """One seat's log of the whole replay, described lazily and wrapped once; the panel at
    command i shows a prefix of it (the log only ever grows), so stepping back is a slice."""

    def __init__(self, events: Told, describer: Describer, width: int) -> None:
        self.events = events
        self.describer = describer
        self.width = width
        self.entries: list[LogEntry] = []
        self.rows: list[tuple[int, str]] = []
        self.after: list[tuple[int, int]] = [(0, 0)]  # (entries, rows) after j events
        # the log's number of each open Line after j events ("Line 7": a count per duel), so
        # the Line panel names a Line as the log does, stepping back too
        self.line_ids: list[tuple[int, ...]] = [()]

    def ensure(self, n: int) -> None:
        n = min(n, len(self.events))
        while len(self.after) <= n:
            e = self.events[len(self.after) - 1]
            entry = None if e is None else self.describer(e)  # None: not told to this seat
            if entry is not None:
                entry.lines = tuple(txt.wrap(entry.text, LOG_PX, self.width))
                i = len(self.entries)
                self.entries.append(entry)
                self.rows.extend((i, line) for line in entry.lines)
            self.after.append((len(self.entries), len(self.rows)))
            self.line_ids.append(tuple(self.describer.ids))

    def line_number(self, n: int, line: int) -> int:
        """The log's number, after the first `n` events, of the engine's open Line `line`."""
        self.ensure(n)
        ids = self.line_ids[min(n, len(self.line_ids) - 1)]
        return ids[line - 1] if 0 < line <= len(ids) else line

    def fill(self, panel: panels.LogPanel, n: int) -> None:
        """Show the log after the first `n` events in `panel`."""
        self.ensure(n)
        entries, rows = self.after[min(n, len(self.after) - 1)]
        grown = rows - len(panel.rows)
        panel.entries = self.entries[:entries]
        panel.rows = self.rows[:rows]
        if panel.scroll:
            panel.scroll = max(0, min(len(panel.rows) - panel.visible_rows, panel.scroll + grown))
        if panel.selected is not None and panel.selected >= entries:
            panel.selected = None


class ReplayViewer(OnTable, Screen):
    """One replay on the duel board. `run` has played the replay once (ReplayRun.play)."""

    def __init__(self, run: ReplayRun, pool: Mapping[str, CardDef], view: int = 0,
                 sprites: CardSprites | None = None, verdict: Verdict | None = None) -> None:
        """`pool`: today's cards (the check); the duel is drawn with `run.pool`, the cards
        it was played with. `verdict`: the check if it was made already."""
        super().__init__((635, LAYOUT.mid_line), 720)
        self.run = run
        self.replay = run.replay
        self.pool = run.pool
        if sprites is not None and sprites.pool is not run.pool:
            sprites = None  # drawn from today's data: the replay's own cards are drawn here
        if verdict is None:
            verdict = check_replay(run.replay, pool, today_rules())
        self.verdict = verdict
        self.names = (self.replay.players[0].name, self.replay.players[1].name)
        self.view_mode = view if view in (0, 1, BOTH) else 0
        self.speed = 1
        self.playing = False
        self.wait = 0.0
        self.index = 0
        self.shown = shown_for(run)
        self.sprites = sprites or CardSprites(self.pool)
        # the duel screen's table: board, animator, renderer, log, target arrows, settle
        self.table = DuelTable(self._fresh_board(), self.pool, self.sprites, self.name,
                               on_event=self._event_shown)
        self.line_hits: list[tuple[pygame.Rect, StepView]] = []
        self.hover_step: tuple[int, int] | None = None
        self.logs: dict[int, SeatLog] = {}
        self.log_events = self.shown.marks[0]
        self.hover: int | None = None
        self.pointer = (-1, -1)
        self.zoom_pin: str | None = None
        self.seeking = False
        self._status_lines: tuple[str, list[str]] = ("", [])
        x, w, gap = _R.x, (_R.w - 4 * 6) // 5, 6
        icons = (("start", self.to_start, "To the start (Home)"),
                 ("back", self.step_back, "One command back (Left)"),
                 ("play", self.toggle_play, "Play or pause (Space)"),
                 ("step", self.step_forward, "One command forward (Right)"),
                 ("end", self.to_end, "To the end (End)"))
        self.buttons = [IconButton((x + i * (w + gap), BUTTONS_Y, w, BUTTON_H), icon, action, tip)
                        for i, (icon, action, tip) in enumerate(icons)]
        s = LAYOUT.settings
        half = (s.w - 6) // 2
        self.speed_button = Button((s.x, s.y, half, s.h), "", self.cycle_speed, px=14,
                                   tooltip="Replay speed: 1x, 2x, 4x (S)")
        self.view_button = Button((s.x + half + 6, s.y, s.w - half - 6, s.h), "", self.cycle_view,
                                  px=14, tooltip="Whose view: Player 1, Player 2, both hands open "
                                  "(1\u00a02\u00a03)")  # the keys stay together on one line
        self.group = WidgetGroup([*self.buttons, self.speed_button, self.view_button])
        self.group.keep_clear = [LAYOUT.far_panel, LAYOUT.near_panel]  # names and LP stay read
        self.check_left = 0.0
        self._check_layer: pygame.Surface | None = None
        self._reload()
        if run.warnings or not verdict.reproduced or self.shown.note:
            self.say_check()  # said once, on opening

    def say_check(self) -> None:
        """The check over the board (C again hides it): reproduced, or where today's game
        first differs and what changed since, wrapped in full."""
        if self.check_left > 0:
            self.check_left = 0.0
            return
        self.check_left = 4.0 if self.verdict.reproduced and not self.run.warnings \
            and not self.shown.note else CHECK_SECONDS
        self._check_layer = None

    def check_lines(self) -> list[tuple[str, bool]]:
        """(text, bold) lines of the check panel, before wrapping: today's game, then (when
        it differs too) the re-play on the replay's own data, then how it is shown."""
        v = self.verdict
        how = [(self.shown.note, False)] if self.shown.note else []
        own = []
        if self.run.warnings:  # the same commands, cards and rules: the engine changed
            said = v.difference if not v.reproduced else "\0"
            more = [w for w in self.run.warnings  # the first difference says why the end differs
                    if said not in w and not w.startswith("the end differs")]
            own = [("Re-played on its own card data and rules, it differs from the recording "
                    "too: the engine changed since" + ("; " + "; ".join(more) if more else "")
                    + ".", False)]
        if v.reproduced:
            return [("Today's game plays this replay exactly as it was recorded.", True), *own, *how]
        shown = "as it was recorded, from its own events and card data" \
            if self.shown.source == RECORDED else "by re-play on its own card data and rules"
        out = [(f"Today's game plays this replay differently. It is shown {shown}.", True)]
        if v.changes:
            out.append((v.changes[0].upper() + v.changes[1:] + ".", False))
        out.append(("First difference: " + v.difference, False))
        out += own + how
        out.append(("C: close", False))
        return out

    def check_text(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the decks: what today's game makes of this replay."""
        if self.run.warnings:
            return "Today's engine plays it differently (C: why)", style.DAMAGE
        if self.verdict.reproduced:
            return "Today's game plays it the same", theme.TEXT_DIM
        return "Today's game plays it differently (C: why)", style.DAMAGE

    # ------------------------------------------------------------ reading
    def name(self, seat: int) -> str:
        return self.names[seat] if seat in (0, 1) else "?"

    @property
    def seat(self) -> int:
        """The seat drawn at the bottom (Player 1 in "both hands open")."""
        return 0 if self.view_mode == BOTH else self.view_mode

    @property
    def length(self) -> int:
        """How many commands are shown."""
        return self.shown.length

    @property
    def at_end(self) -> bool:
        return self.index >= self.length

    def _fresh_board(self) -> Board:
        """The board after `index` commands: one seat's, or both seats' own sides joined."""
        if self.view_mode == BOTH:
            return self.shown.open_board(self.index)
        return self.shown.board(self.view_mode, self.index)

    def counter_text(self) -> str:
        return f"{self.index} / {self.length}, round {self.shown.rounds[self.index]}"

    # ------------------------------------------------------------ moving
    def _seat_log(self) -> SeatLog:
        seat = self.seat
        log = self.logs.get(seat)
        if log is None:
            describer = self.table.describer_for()
            describer.learn_position(self.shown.board(seat, 0).cards)  # a puzzle's position
            log = self.logs[seat] = SeatLog(self.shown.log(seat), describer, self.log.inner_w - 8)
        return log

    def _reload(self) -> None:
        """Board, log and numbers rebuilt for the current index, without animation."""
        self.table.load(self._fresh_board())
        self._note_steps()
        self.log_events = self.shown.marks[self.index]
        self.log.scroll = 0
        self._seat_log().fill(self.log, self.log_events)
        self._labels()

    def _labels(self) -> None:
        self.buttons[2].icon = "pause" if self.playing else "play"
        self.speed_button.label = f"Speed {self.speed}\u00d7"
        self._size_setting_buttons()
        self.buttons[0].enabled = self.buttons[1].enabled = self.index > 0
        self.buttons[3].enabled = self.buttons[4].enabled = not self.at_end
        self.buttons[2].enabled = not self.at_end or self.playing

    def view_labels(self) -> list[str]:
        """The View button's label, then a shorter complete one (the player's short name)."""
        if self.view_mode == BOTH:
            return ["View: both"]
        name = self.name(self.view_mode)
        return list(dict.fromkeys((f"View: {name}", f"View: {short_name(name)}")))

    def _size_setting_buttons(self) -> None:
        """Speed and View share the settings row by their labels' widths, so "View: AI
        (Normal)" reads whole: Speed takes what its widest label needs, View the rest; where
        that is too little, the labels are drawn at the floor, then View says the short name
        (`setting_row`): never cut."""
        row = setting_row(LAYOUT.settings, [f"Speed {v}\u00d7" for v in SPEEDS], self.view_labels())
        self.speed_button.rect, self.speed_button.px = row.speed, row.speed_px
        self.view_button.rect, self.view_button.px = row.view, row.view_px
        self.view_button.label = row.view_label

    def goto(self, index: int) -> None:
        """Jump to the duel after `index` commands (no animation)."""
        self.index = max(0, min(self.length, index))
        self._reload()
        if self.at_end:
            self.playing = False
            self._labels()

    def step_forward(self) -> None:
        if self.anim.busy:
            self.anim.skip()
        if self.stale:
            self._settle()
        if self.at_end:
            self._say_end()
            return
        cmd = self.replay.commands[self.index]
        self.index += 1
        self.table.play(self.shown.events(self.seat, self.index))
        self.wait = PASS_PAUSE if isinstance(cmd, Pass) else PAUSE
        if self.at_end:
            self.playing = False
        self._labels()

    def step_back(self) -> None:
        self.playing = False
        self.goto(self.index - 1)

    def to_start(self) -> None:
        self.playing = False
        self.goto(0)

    def to_end(self) -> None:
        self.playing = False
        self.goto(self.length)
        self._say_end()

    def toggle_play(self) -> None:
        if self.at_end and not self.playing:
            self._say_end()
            return
        self.playing = not self.playing
        self.wait = 0.0
        self._labels()

    def cycle_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._labels()

    def set_view(self, mode: int) -> None:
        if mode == self.view_mode:
            return
        self.view_mode = mode
        if self.anim.busy:
            self.anim.skip()
        self._reload()

    def cycle_view(self) -> None:
        self.set_view((self.view_mode + 1) % 3)

    def _say_end(self) -> None:
        if self.shown.stopped and self.at_end:
            self.toast.show(f"The replay stops: {self.shown.stopped}", "error", 6.0)
        elif self.at_end:
            self.toast.show("The end of the replay", "info")

    def _note_steps(self) -> None:
        """The board is the duel after `index` commands: its Steps' matching cards, for the
        arrows (the duel is rebuilt only when a Line is open)."""
        if self.board.lines:
            self.step_arrows.note(self.run.duel_at(self.index), self.board, self.pool)

    def _event_shown(self, e: object) -> None:
        """The animator applied the next event: the log shows it too, and its sound plays
        as on the duel screen (game/ui/sound.py)."""
        sound.hear(e, None if self.view_mode == BOTH else self.seat)
        told, n, end = self.shown.log(self.seat), self.log_events, self.shown.marks[self.index]
        while n < end and told[n] is None:  # events this seat was not told take no turn
            n += 1
        self.log_events = min(n + 1, end)
        self._seat_log().fill(self.log, self.log_events)

    def _settle(self) -> None:
        """The animation is done: the board is the view again (as the duel screen does)."""
        self.table.settle(self._fresh_board())
        self._note_steps()
        self.log_events = self.shown.marks[self.index]
        self._seat_log().fill(self.log, self.log_events)

    # ------------------------------------------------------------ frames
    def on_update(self, dt: float) -> Transition | None:
        self.table.update(dt, self.speed, anim_dt=dt * self.speed)
        self.check_left = max(0.0, self.check_left - dt)
        self.group.update(dt)
        if not self.anim.busy:
            if self.stale:
                self._settle()
            if self.playing:
                self.wait -= dt * self.speed
                if self.wait <= 0:
                    self.step_forward()
        return None

    # ------------------------------------------------------------ events
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.group.handle_event(event)
            self.hover = self._card_under(event.pos)
            self.log.hover = self.log.entry_at(event.pos)
            self.hover_step = next(((st.line, st.step) for r, st in self.line_hits
                                    if r.collidepoint(event.pos)), None)
            if self.seeking and event.buttons[0]:
                self._seek(event.pos[0])
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            self.seeking = False
            self.group.handle_event(event)
            return None
        if event.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.pointer):
                self.log.wheel(event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if BAR.inflate(0, 12).collidepoint(event.pos):
                self.seeking = True
                self.playing = False
                self._seek(event.pos[0])
                return None
            i = self.log.entry_at(event.pos)
            if i is not None:
                self.log.selected = i
                self.zoom_pin = self.log.entries[i].card_id
                return None
            self.group.handle_event(event)
            return None
        if event.type == pygame.KEYDOWN:
            self._key(event)
        return None

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        actions: dict[int, Callable[[], None]] = {
            pygame.K_SPACE: self.toggle_play, pygame.K_RIGHT: self.step_forward,
            pygame.K_LEFT: self.step_back, pygame.K_HOME: self.to_start, pygame.K_END: self.to_end,
            pygame.K_1: lambda: self.set_view(0), pygame.K_KP1: lambda: self.set_view(0),
            pygame.K_2: lambda: self.set_view(1), pygame.K_KP2: lambda: self.set_view(1),
            pygame.K_3: lambda: self.set_view(BOTH), pygame.K_KP3: lambda: self.set_view(BOTH),
            pygame.K_v: self.cycle_view, pygame.K_s: self.cycle_speed, pygame.K_c: self.say_check,
            pygame.K_PAGEUP: lambda: self.log.wheel(3), pygame.K_PAGEDOWN: lambda: self.log.wheel(-3),
        }
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed = SPEEDS[min(len(SPEEDS) - 1, SPEEDS.index(self.speed) + 1)]
            self._labels()
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.speed = SPEEDS[max(0, SPEEDS.index(self.speed) - 1)]
            self._labels()
        elif k == pygame.K_ESCAPE:
            self.go(Pop())
        elif k in actions:
            actions[k]()
        elif k in (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.group.handle_event(event)  # Tab moves over the buttons, Enter presses one

    def _seek(self, x: int) -> None:
        frac = (x - BAR.x) / max(1, BAR.w)
        target = round(max(0.0, min(1.0, frac)) * self.length)
        if target != self.index or self.stale:
            self.goto(target)

    def _card_under(self, pos: tuple[int, int]) -> int | None:
        found = card_at(self.geo, pos, self.hover)
        if found is None and self.view_mode == BOTH:  # the far hand is drawn open too
            far = 1 - self.board.seat
            for uid, r in zip(self.board.sides[far].hand, self.geo.hand_rects(far), strict=False):
                if r.collidepoint(pos):
                    found = uid
        return found

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        b = self.board
        hand_hover = self.hover if self.hover in b.me.hand else None
        lights = Lights(hover=self.hover, lift=hand_hover)
        self.table.draw_board(surface, lights, self.names)
        if self.view_mode == BOTH:
            self._draw_far_open(surface)
        self.anim.draw(surface, 1)
        self._draw_left(surface)
        self._draw_right(surface)
        self.table.draw_arrows(surface, self.line_hits, self.hover_step)
        self.anim.draw(surface, 2)
        self._draw_check(surface)
        self.toast.draw(surface)

    def _draw_check(self, surface: pygame.Surface) -> None:
        if self.check_left <= 0:
            return
        if self._check_layer is None:
            rows = []
            for text, bold in self.check_lines():
                rows += [(line, bold) for line in txt.wrap(text, 15, CHECK_W - 40, bold)]
            layer = pygame.Surface((CHECK_W, 24 + 21 * len(rows)), pygame.SRCALPHA)
            ink = theme.TEXT if self.verdict.reproduced else style.DAMAGE
            pygame.draw.rect(layer, (*theme.PANEL_DARK, 245), layer.get_rect(), border_radius=8)
            pygame.draw.rect(layer, (*ink, 220), layer.get_rect(), width=1, border_radius=8)
            for i, (line, bold) in enumerate(rows):
                txt.blit_text(layer, line, 15, ink if bold else theme.TEXT, (20, 12 + 21 * i), bold=bold)
            self._check_layer = layer
        layer = self._check_layer
        layer.set_alpha(round(255 * min(1.0, self.check_left / 0.4)))
        surface.blit(layer, layer.get_rect(midtop=(635, 70)))

    def _draw_far_open(self, surface: pygame.Surface) -> None:
        """Both hands open: the far hand face up, the far face-down cards with their peek.

        The far hand's cards are 36 px wide, too small for a face's printed numbers (they
        would be 6-8 px), so they are mini faces: frame colour, picture and the Level at
        13 px; the hovered one is outlined and shown large in the zoom with all it says."""
        b = self.board
        far = 1 - b.seat
        side = b.sides[far]
        for uid, r in zip(side.hand, self.geo.hand_rects(far), strict=False):
            c = b.cards.get(uid)
            if c is not None and c.card_id is not None and uid not in self.anim.flying:
                surface.blit(self.sprites.mini(c.card_id, FAR_HAND_W), r)
                if uid == self.hover:
                    pygame.draw.rect(surface, theme.TEXT, r.inflate(4, 4), 2, border_radius=6)
        for uid in side.field_uids():
            c = b.cards.get(uid)
            if c is None or c.face_up or c.card_id is None or uid in self.anim.flying:
                continue
            at = self.geo.rect_of(uid)
            if at is not None:
                img = self.sprites.field(c, c.controller)
                surface.blit(img, img.get_rect(center=at.center))

    def _zoom_card(self) -> tuple[str | None, CardView | None]:
        if self.hover is not None:
            c = self.board.cards.get(self.hover)
            if c is not None and c.card_id is not None:
                return c.card_id, c
        return self.zoom_pin, None

    def _draw_left(self, surface: pygame.Surface) -> None:
        cid, card = self._zoom_card()
        cdef = self.pool.get(cid) if cid else None
        face = self.sprites.zoom(cid, ZOOM_W) if cid and cdef is not None else None
        panels.draw_zoom(surface, LAYOUT.zoom, LAYOUT.terms, face, cdef, card, HINT)
        self.log.draw(surface)

    def _draw_right(self, surface: pygame.Surface) -> None:
        b = self.board
        deciding = b.deciding_player
        for seat, rect in ((1 - b.seat, LAYOUT.far_panel), (b.seat, LAYOUT.near_panel)):
            label = player_label(self.name(seat), self.replay.players[seat].level)
            panels.draw_player_panel(surface, rect, b, seat, label, self.tickers[("lp", seat)],
                                     self.tickers[("sp", seat)], deciding == seat, "",
                                     "next to act", short_name(self.name(seat)))
        mark = next((m for k, m in self.anim.markers.items() if k[0] == "phase"), None)
        panels.draw_phase_bar(surface, LAYOUT.phase_bar, b, self.name(b.turn_player), {}, None, None,
                              1 - mark.t if mark is not None else 0.0)
        self._draw_transport(surface)
        log, n = self._seat_log(), self.log_events
        self.line_hits = panels.draw_lines(surface, LINES, b, self.anim, self.pool, self.hover_step,
                                           lambda line: log.line_number(n, line))
        self.group.draw(surface)

    def _draw_transport(self, surface: pygame.Surface) -> None:
        x = _R.x + 4
        txt.blit_text(surface, "REPLAY", 14, theme.ACCENT, (x, COUNTER_Y), bold=True)
        txt.blit_text(surface, self.counter_text(), 15, theme.TEXT, (_R.right - 4, COUNTER_Y - 1),
                      bold=True, anchor="topright")
        pygame.draw.rect(surface, theme.PANEL_DARK, BAR, border_radius=5)
        n = max(1, self.length)
        done = BAR.copy()
        done.w = round(BAR.w * self.index / n)
        if done.w:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=5)
        edge = theme.ACCENT if BAR.inflate(0, 12).collidepoint(self.pointer) else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, BAR, 1, border_radius=5)
        knob = (BAR.x + done.w, BAR.centery)
        pygame.draw.circle(surface, theme.TEXT, knob, 7)
        pygame.draw.circle(surface, theme.ACCENT, knob, 7, 2)
        status, colour = self._status()
        if self._status_lines[0] != status:  # wrapped once per status, not every frame
            lines = txt.wrap(status, 13, _R.w - 8)
            if len(lines) > STATUS_ROWS - 2:  # at most two lines: the decks and the check follow
                lines = [*lines[:STATUS_ROWS - 3], fit(" ".join(lines[STATUS_ROWS - 3:]), 13, _R.w - 8)]
            self._status_lines = (status, lines)
        y = STATUS_Y
        for line in self._status_lines[1]:
            txt.blit_text(surface, line, 13, colour, (x, y))
            y += 17
        r = self.replay
        txt.blit_text(surface, fit(f"{r.deck_names}  \u00b7  {r.match_text}", 13, _R.w - 8), 13,
                      theme.TEXT_DIM, (x, y))
        check, ink = self.check_text()
        txt.blit_text(surface, fit(check, 13, _R.w - 8), 13, ink, (x, y + 17))

    def _status(self) -> tuple[str, tuple[int, int, int]]:
        if self.at_end and self.shown.stopped:
            return f"Stopped: {self.shown.stopped}", style.DAMAGE
        if self.at_end and self.board.winner is not None:
            winner = self.board.winner
            who = "A draw" if winner not in (0, 1) else f"{self.name(winner)} won"
            why = end_sentence(self.board.end_reason or "", winner, self.names)
            return f"{who}. {why}", theme.ACCENT
        if self.playing:
            return "Playing\u2026", theme.TEXT_DIM
        return "Paused", theme.TEXT_DIM
