"""The side panels: LP/SP, the phase bar, the Line panel, the log and the card zoom.

Each panel draws from the Board and the animator's state; texts come from the text cache and
log entries are wrapped once when made, so nothing is laid out again inside a frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence

import pygame

from game.engine import CardDef, CardType, CardView, Phase, StepView, Zone
from game.play.describe import KIND_WORDS, LogEntry
from game.play.glossary import GLOSSARY
from game.ui import look, theme
from game.ui import text as txt

from . import style
from .animator import Animator
from .board import Board

LOG_ROW = 18
LOG_PX = 14
LOG_SIZES = {"normal": (LOG_PX, LOG_ROW), "large": (17, 22)}  # text px, row height

fit = txt.fit_cached  # labels are cut to width once (per text size), not every frame
wrap = txt.wrap_cached

TERMS = (
    ("Line Break", "a faster answer starts a new Line above; it resolves first"),
    ("Speed", "an answer needs at least the Speed of the Step it answers"),
    ("Lasting", "stays on the field after it resolves; its effect lasts"),
    ("Side Balance", "the two end slots: a Phantom, Spirit or Counter may stand there"),
    ("Special Summon", "a Summon that pays no SP"),
    ("Unsummon", "back to hand on your turn, SP paid back; not after it battled"),
    ("Counter", "set first; may answer on either turn (Speed 2)"),
    ("Spirit", "played on your own turn to activate (Speed 1)"),
    ("Environment", "one on the field works for both players; two: each for its owner"),
    ("Break", "destroyed: to its owner's Graveyard"),
    ("Response", "answers a Step on the Line"),
    ("Condition", "must hold to activate"),
    ("Once per turn", "one activation each turn"),
    ("Defense Position", "cannot attack and passes no excess damage"),
    ("face down", "hidden; a face-down Phantom's abilities are off"),
    ("Graveyard", "public, keeps its order"),
    ("Extra Deck", "Special Summoned when its condition holds"),
)


class Ticker:
    """A number shown on a panel that counts towards its true value (LP ticking down)."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.shown = float(value)
        self.flash = 0.0
        self.colour = theme.TEXT

    def set(self, value: int, instant: bool = False) -> None:
        if value != self.value:
            self.colour = style.HEAL if value > self.value else style.DAMAGE
            self.flash = 1.0
            self.value = value
        if instant:
            self.shown = float(value)

    def update(self, dt: float, speed: float) -> None:
        if speed <= 0:
            self.shown = float(self.value)
            self.flash = 0.0
            return
        diff = self.value - self.shown
        if abs(diff) < 1:
            self.shown = float(self.value)
        else:
            step = max(abs(diff) * min(1.0, dt * 5 * speed), 40 * dt * speed)
            self.shown += max(-abs(diff), min(abs(diff), step)) * (1 if diff > 0 else -1)
        self.flash = max(0.0, self.flash - dt * 1.2 * speed)

    @property
    def text(self) -> str:
        return f"{round(self.shown):,}"


def panel(surface: pygame.Surface, rect: pygame.Rect, edge: theme.Colour = theme.PANEL_EDGE,
          fill: theme.Colour = theme.PANEL) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=10)


# ------------------------------------------------------------------- LP / SP
def draw_player_panel(surface: pygame.Surface, rect: pygame.Rect, board: Board, seat: int,
                      name: str, lp: Ticker, sp: Ticker, deciding: bool, note: str = "",
                      tag: str = "deciding", short: str = "") -> None:
    """`tag` names the deciding seat: "deciding" in a duel, "next to act" in a replay (where
    nobody decides while it is paused). `short`: a shorter complete name, said where `name`
    would be cut ("PUZZLE OPPONENT", not "PUZZLE OPPONE...")."""
    colour = style.player_colour(seat)
    edge = colour if deciding else theme.PANEL_EDGE
    panel(surface, rect, edge)
    if lp.flash > 0:
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        glow.fill((*lp.colour, round(70 * lp.flash)))
        surface.blit(glow, rect)
    side = board.sides[seat]
    x = rect.x + 12
    if style.marked:  # colour-blind palette: the seat's shape beside its colour
        style.draw_mark(surface, seat, (x + 6, rect.y + 17), 12)
        x += 20
    shown = panel_name(rect, name, short, deciding, tag)
    txt.blit_text(surface, shown, 14, colour, (x, rect.y + 6), bold=True)
    if deciding:
        txt.blit_text(surface, tag, 13, colour, (rect.right - 12, rect.y + 7), anchor="topright")
    # measured rows, so no line runs into another at any text size: the name on top, the
    # note (hand, deck, grave, or "thinking...") at the bottom, the numbers between them, at
    # their own size (28 and 24 px read at every text size)
    name_bottom = rect.y + 6 + txt.font(14, True).get_linesize()
    info_h = txt.font(13).get_linesize()
    info_y = rect.bottom - 3 - info_h
    mid = (name_bottom + info_y) // 2 + 1
    with txt.unscaled():
        lp_colour = theme.mix(theme.TEXT, lp.colour, lp.flash)
        txt.blit_text(surface, "LP", 14, theme.TEXT_DIM, (rect.x + 12, mid + 3), anchor="midleft")
        txt.blit_text(surface, lp.text, 28, lp_colour, (rect.x + 38, mid), bold=True, anchor="midleft")
        sp_colour = theme.mix(theme.ACCENT, sp.colour, sp.flash)
        txt.blit_text(surface, "SP", 14, theme.TEXT_DIM, (rect.right - 76, mid + 3), anchor="midleft")
        txt.blit_text(surface, str(round(sp.shown)), 24, sp_colour, (rect.right - 50, mid),
                      bold=True, anchor="midleft")
    info = f"hand {len(side.hand)}  \u00b7  deck {side.deck_count}  \u00b7  grave {len(side.grave)}"
    if note:
        info = note
    txt.blit_text(surface, fit(info, 13, rect.w - 24), 13, theme.TEXT_FAINT, (rect.x + 12, info_y))


def panel_name(rect: pygame.Rect, name: str, short: str, deciding: bool, tag: str) -> str:
    """The player panel's name line: `name`, else `short` where `name` would be cut (each
    shrunk first at a larger text size), cut only when neither fits."""
    x = rect.x + 12 + (20 if style.marked else 0)
    tag_w = txt.width(tag, 13) + 16 if deciding else 0
    room = rect.right - 12 - max(96, tag_w) - x
    for label in (name.upper(), short.upper()):
        if label and fit(label, 14, room, True) == label:
            return label
    return fit(name.upper(), 14, room, True)


# ------------------------------------------------------------------ phase bar
def phase_segments(rect: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
    n = len(style.PHASES)
    gap = 4
    w = (rect.w - 20 - gap * (n - 1)) // n
    return [(key, pygame.Rect(rect.x + 10 + i * (w + gap), rect.y + 28, w, 28))
            for i, (key, _label) in enumerate(style.PHASES)]


def draw_phase_bar(surface: pygame.Surface, rect: pygame.Rect, board: Board, name: str,
                   clickable: Mapping[str, object], hover: str | None, focus: str | None,
                   flash: float, over: str = "", lit: Collection[str] | None = None) -> None:
    """Round, turn and phase; the next phase (and End) are buttons when they can be taken,
    in the accent unless `lit` names others (a lesson's step: only its button lit).
    Once the duel has ended, `over` (who won) takes the turn's place."""
    panel(surface, rect)
    colour = style.player_colour(board.turn_player)
    head = f"Round {board.round}  \u00b7  {name}'s turn"
    if board.phase is Phase.DRAW:
        head = f"Round {board.round}  \u00b7  Draw Phase"
    if over:
        head, colour = over, theme.ACCENT
    txt.blit_text(surface, fit(head, 15, rect.w - 20, True), 15, colour, (rect.x + 10, rect.y + 6),
                  bold=True)
    labels = dict(style.PHASES)
    for key, r in phase_segments(rect):
        current = board.phase.value == key
        can = key in clickable
        fill = theme.PANEL_DARK
        edge = theme.PANEL_EDGE
        ink = theme.TEXT_FAINT
        if current:
            fill = theme.mix(theme.PANEL_DARK, colour, 0.45 + 0.3 * flash)
            edge, ink = colour, theme.TEXT
        elif can:
            fill = theme.BUTTON_HOVER if hover == key else theme.BUTTON
            edge = theme.ACCENT if lit is None or key in lit else theme.PANEL_EDGE
            ink = theme.TEXT
        pygame.draw.rect(surface, fill, r, border_radius=6)
        pygame.draw.rect(surface, edge, r, 2 if can and lit and key in lit else 1, border_radius=6)
        if focus == key:
            pygame.draw.rect(surface, style.FOCUS, r.inflate(4, 4), 2, border_radius=7)
        txt.blit_text(surface, labels[key], 14, ink, r.center, bold=True, anchor="center")


# ------------------------------------------------------------------ Line panel
def step_title(pool: Mapping[str, CardDef], step: StepView, card_id: str | None) -> str:
    name = pool[card_id].name if card_id is not None and card_id in pool else "A face-down card"
    if step.kind == "ability":
        return name
    return f"{name}: {KIND_WORDS.get(step.kind, step.kind)}"


def draw_lines(surface: pygame.Surface, rect: pygame.Rect, board: Board, anim: Animator,
               pool: Mapping[str, CardDef],
               hover_step: tuple[int, int] | None = None,
               number: Callable[[int], int] | None = None) -> list[tuple[pygame.Rect, StepView]]:
    """Every open Line, stacked upwards (the lowest at the bottom); returns [(rect, step)] for
    hits. `number(line)`: the Line's number as the log says it (a count per duel, "Line 7"),
    else the engine's place of the Line among the open ones."""
    panel(surface, rect)
    txt.blit_text(surface, "LINES", 14, theme.TEXT_DIM, (rect.x + 12, rect.y + 8), bold=True)
    hits: list[tuple[pygame.Rect, StepView]] = []
    lines = board.lines
    if not lines and not anim.resolving:
        txt.blit_text(surface, "No Line is open.", 14, theme.TEXT_FAINT, (rect.x + 12, rect.y + 32))
        return hits
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-2, -2).clip(clip))
    try:
        _draw_line_boxes(surface, rect, board, anim, pool, hover_step, hits, number or (lambda n: n))
    finally:
        surface.set_clip(clip)
    return hits


def _draw_line_boxes(surface: pygame.Surface, rect: pygame.Rect, board: Board, anim: Animator,
                     pool: Mapping[str, CardDef], hover_step: tuple[int, int] | None,
                     hits: list[tuple[pygame.Rect, StepView]], number: Callable[[int], int]) -> None:
    lines = board.lines
    still = look.reduced_motion()  # Settings: Lines and Steps appear in place
    # rows as tall as their text at the text size (a 130 % Step row no longer runs into
    # its Line's heading)
    row = max(26, txt.font(14).get_linesize() + 6)
    head = max(22, txt.font(14, True).get_linesize() + 4)
    inner = pygame.Rect(rect.x + 8, rect.y + 30, rect.w - 16, rect.h - 38)
    count = max(len(lines), max(anim.resolving, default=0))
    # rows per Line (a resolving Step keeps its row while it plays); when they do not all
    # fit, the newest Lines keep theirs and the oldest show only their newest Steps
    want = {}
    for n in range(1, count + 1):
        steps = len(lines[n - 1]) if n <= len(lines) else 0
        want[n] = steps + (1 if n in anim.resolving else 0)
    room = inner.h
    shown_rows: dict[int, int] = {}
    for n in range(count, 0, -1):
        if not want[n]:
            continue  # a Line whose last Step has resolved: it closes in a moment
        need = head + 8 + (6 if n < count else 0)
        if room < need:
            break
        room -= need
        fit = min(want[n], max(0, room // row))
        if want[n] and not fit and room >= 0:
            fit = 0
        shown_rows[n] = fit
        room -= fit * row
    hidden_lines = sum(1 for n in want if want[n] and n not in shown_rows)
    y = inner.bottom
    if hidden_lines:
        txt.blit_text(surface, f"+{hidden_lines} lower Line{'s' if hidden_lines > 1 else ''}", 13,
                      theme.TEXT_FAINT, (rect.right - 12, rect.y + 9), anchor="topright")
    for n in range(1, count + 1):
        if n not in shown_rows:
            continue
        line = lines[n - 1] if n <= len(lines) else []
        res = anim.resolving.get(n)
        rows = shown_rows[n]
        h = head + row * rows + 8
        box = pygame.Rect(inner.x, y - h, inner.w, h)
        y -= h + 6
        speed = line[0].speed if line else (res.step.speed if res else 0)
        breaking = anim.marker("line_break", n)
        opening = anim.marker("line_open", n)
        window = anim.marker("window", n)
        edge = theme.PANEL_EDGE
        if breaking is not None:
            edge = theme.mix((255, 230, 120), theme.PANEL_EDGE, breaking.t)
        elif window is not None:
            edge = theme.ACCENT
        dx = round((1 - opening.t) * 40) if opening is not None and not still else 0
        box = box.move(dx, 0)
        pygame.draw.rect(surface, theme.PANEL_DARK, box, border_radius=8)
        pygame.draw.rect(surface, edge, box, 2 if breaking or window else 1, border_radius=8)
        ry = box.y + head
        entries: list[tuple[str, StepView, str | None, str]] = []  # kind, Step, its card, state
        if res is not None:
            entries.append(("res", res.step, res.card_id, res.state))
        for st in reversed(line):
            entries.append(("step", st, board.step_card_id(st), ""))
        more = max(0, len(entries) - rows)
        _line_heading(surface, box, head, number(n), speed, breaking is not None, more)
        for kind, st, cid, state in entries[:rows]:
            r = pygame.Rect(box.x + 4, ry, box.w - 8, row - 2)
            ry += row
            slide = anim.marker("step_in", st.line, st.step) if kind == "step" else None
            if slide is not None and not still:
                r = r.move(round((1 - slide.t) * 220), 0)
            _step_row(surface, r, pool, st, cid, state, hover_step == (st.line, st.step), number(n))
            hits.append((r, st))


def _line_heading(surface: pygame.Surface, box: pygame.Rect, head: int, n: int, speed: int,
                  breaking: bool, older: int) -> list[pygame.Rect]:
    """A Line box's heading, measured so no label runs into another at any text size: "Line
    n" at the left and "Speed s" at the right always; between them LINE BREAK (centred, while
    it plays), then "+n older" in the room left, each only where it fits whole (drawn smaller
    first at a larger text size). Returns where each label was drawn."""
    mid_y = box.y + head // 2 + 1
    left = txt.blit_text(surface, f"Line {n}", 14, theme.TEXT, (box.x + 8, mid_y), bold=True,
                         anchor="midleft")
    right = txt.blit_text(surface, f"Speed {speed}", 13, theme.TEXT_DIM, (box.right - 8, mid_y),
                          anchor="midright")
    drawn = [left, right]
    gap = pygame.Rect(left.right + STEP_GAP, box.y, right.x - STEP_GAP - left.right - STEP_GAP, head)
    if breaking and gap.w > 0:  # while it plays (a moment) it goes first
        words = "LINE BREAK"
        if fit(words, 15, gap.w, True) == words and txt.width(words, 15, True) <= gap.w:
            img = txt.text(words, 15, (255, 226, 120), bold=True)
            at = img.get_rect(center=(box.centerx, mid_y))
            at.clamp_ip(gap)
            surface.blit(img, at)
            drawn.append(at)
            gap.w = right.x - STEP_GAP - (at.right + STEP_GAP)
            gap.x = at.right + STEP_GAP
    if older and gap.w > 0:
        note = f"+{older} older"
        if fit(note, 13, gap.w) == note and txt.width(note, 13) <= gap.w:
            drawn.append(txt.blit_text(surface, note, 13, theme.TEXT_FAINT, (gap.right, mid_y),
                                       anchor="midright"))
    return drawn


STEP_GAP = 8  # pixels between a Step's name, its NEGATED/FIZZLED tag and its speed tag


def _step_row(surface: pygame.Surface, r: pygame.Rect, pool: Mapping[str, CardDef], st: StepView, cid: str | None,
              state: str, hovered: bool, line_no: int | None = None) -> None:
    colour = style.player_colour(st.player)
    fill = theme.mix(theme.PANEL, colour, 0.12)
    if state == "resolving":
        fill = theme.mix(theme.PANEL, (250, 236, 170), 0.45)
    elif hovered:
        fill = theme.BUTTON_HOVER
    pygame.draw.rect(surface, fill, r, border_radius=5)
    pygame.draw.rect(surface, colour, (r.x, r.y, 4, r.h), border_radius=2)
    left = r.x + 10
    if style.marked:  # colour-blind palette: whose Step, by shape too
        style.draw_mark(surface, st.player, (r.x + 15, r.centery), 10)
        left += 16
    if state == "resolving":
        pygame.draw.rect(surface, (250, 236, 170), r, 2, border_radius=5)
    elif hovered:  # lit in every player's colour alike: a ring, not only a shade
        pygame.draw.rect(surface, theme.TEXT, r, 2, border_radius=5)
    title = f"{st.line if line_no is None else line_no}.{st.step}  " + step_title(pool, st, cid)
    ink = theme.TEXT_DIM if state in ("fizzled", "negated", "resolved") else theme.TEXT
    spd = txt.text(f"S{st.speed}", 13, colour, bold=True)
    spd_rect = spd.get_rect(midright=(r.right - 6, r.centery))
    right = spd_rect.x - STEP_GAP  # the name ends a clear gap before the speed tag
    tag = None
    if state in ("fizzled", "negated"):
        tag = txt.text(state.upper(), 13, style.DAMAGE, bold=True)
        right -= tag.get_width() + STEP_GAP
    bold = state == "resolving"
    label = fit(title, 14, right - left, bold)
    img = txt.text(label, 14, ink, bold=bold)
    surface.blit(img, img.get_rect(midleft=(left, r.centery)))
    surface.blit(spd, spd_rect)
    if tag is not None:
        y = r.centery
        pygame.draw.line(surface, style.DAMAGE, (left - 2, y), (left + 2 + img.get_width(), y), 2)
        surface.blit(tag, tag.get_rect(midright=(spd_rect.x - STEP_GAP, r.centery)))


# ------------------------------------------------------------------------- log
def scroll_note(rows: int) -> str:
    """The log's note while scrolled up: how many newer rows wait below (the arrow points there)."""
    return f"{rows} newer row{'s' if rows != 1 else ''} \u2193"


# the log follows its newest rows unless the reader is reading: scrolled up, it goes back to
# the bottom once left alone this long (the pointer off it, no wheel, key or click on it)
FOLLOW_AFTER = 8.0
WHEEL_ROWS = 6  # rows one wheel click scrolls (3 made a long duel's log ~90 clicks deep)


class LogPanel:
    """The log: wrapped entries, newest at the bottom; the wheel scrolls, a click picks one
    and gives the log the keyboard focus (Up/Down then pick the line above or below).
    Scrolled up, a note says how many newer rows wait below; a click on it jumps down, and
    so does the log by itself after FOLLOW_AFTER seconds left alone (issue 38)."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.entries: list[LogEntry] = []
        self.rows: list[tuple[int, str]] = []  # (entry index, line of text)
        self.scroll = 0  # rows from the bottom
        self.hover: int | None = None
        self.selected: int | None = None
        self.focused = False  # the keyboard's Up/Down move the selection (after a click here)
        self.idle = 0.0  # seconds since the reader last touched the log (FOLLOW_AFTER)
        self.note_rect: pygame.Rect | None = None  # the "newer rows" note, where it was drawn
        self.inner_w = rect.w - 24
        self.px, self.row_h = LOG_SIZES["normal"]
        self.size = "normal"
        self._scale = txt.scale()

    def set_size(self, size: str) -> None:
        """The text size ("normal" or "large"): every entry is wrapped again, once (and again
        when Settings' text size changes: rows grow with their text)."""
        self.size = size if size in LOG_SIZES else "normal"
        px, row_h = LOG_SIZES[self.size]
        row_h = max(row_h, txt.font(px).get_linesize())
        if (px, row_h) == (self.px, self.row_h) and self._scale == txt.scale():
            return
        self.px, self.row_h, self._scale = px, row_h, txt.scale()
        entries, self.entries, self.rows = self.entries, [], []
        scroll, self.scroll = self.scroll, 0
        for entry in entries:
            self.add(entry)
        self.scroll = min(scroll, max(0, len(self.rows) - self.visible_rows))

    def clear(self) -> None:
        self.entries.clear()
        self.rows.clear()
        self.scroll = 0
        self.selected = None
        self.focused = False

    def touched(self) -> None:
        """The reader used the log (wheel, key, click, pointer on it): it stays where it is."""
        self.idle = 0.0

    def tick(self, dt: float, pointed: bool) -> None:
        """Time passes; `pointed`: the pointer is over the log. Scrolled up and left alone
        for FOLLOW_AFTER seconds, the log follows its newest rows again."""
        if pointed or self.focused:
            self.idle = 0.0
            return
        self.idle += dt
        if self.scroll and self.idle >= FOLLOW_AFTER:
            self.scroll = 0

    def to_end(self, newest: bool) -> None:
        """Home/End with the pointer over the log (no click first): the oldest or newest rows."""
        self.touched()
        self.scroll = 0 if newest else max(0, len(self.rows) - self.visible_rows)

    def note_at(self, pos: tuple[int, int]) -> bool:
        """A click on the "newer rows" note: the log jumps to its newest row."""
        if not self.scroll or self.note_rect is None or not self.note_rect.inflate(8, 8).collidepoint(pos):
            return False
        self.scroll = 0
        self.touched()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        """Keys while the log has the focus: Up/Down pick the line above or below (and
        scroll it into view), Home/End the oldest or newest; Esc, Tab, Left and Right give
        the focus back to the board. True when used; other keys are left to the board."""
        if event.type != pygame.KEYDOWN or not self.entries:
            return False
        last = len(self.entries) - 1
        if event.key == pygame.K_ESCAPE:
            self.focused = False
            return True
        if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            self.focused = False  # the board's keys take over
            return False
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            at = last if self.selected is None else self.selected + step
            self.selected = max(0, min(last, at))
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.selected = 0 if event.key == pygame.K_HOME else last
        else:
            return False
        self.show(self.selected)
        return True

    def show(self, index: int) -> None:
        """Scroll so entry `index` is in view."""
        mine = [k for k, (i, _line) in enumerate(self.rows) if i == index]
        if not mine:
            return
        n = self.visible_rows
        end = len(self.rows) - self.scroll
        start = max(0, end - n)
        if mine[0] < start:
            self.scroll = len(self.rows) - min(len(self.rows), mine[0] + n)
        elif mine[-1] >= end:
            self.scroll = len(self.rows) - (mine[-1] + 1)
        self.scroll = max(0, min(max(0, len(self.rows) - n), self.scroll))

    @property
    def selected_card(self) -> str | None:
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected].card_id

    def add(self, entry: LogEntry) -> None:
        entry.lines = tuple(txt.wrap(entry.text, self.px, self.inner_w - 8))
        i = len(self.entries)
        self.entries.append(entry)
        self.rows.extend((i, line) for line in entry.lines)
        if len(self.entries) > 3000:  # keep the newest
            drop = len(self.entries) - 2500
            self.entries = self.entries[drop:]
            self.rows = [(k - drop, s) for k, s in self.rows if k >= drop]
            if self.selected is not None:
                self.selected = self.selected - drop if self.selected >= drop else None
        if self.scroll:
            self.scroll += len(entry.lines)

    def tip_at(self, pos: tuple[int, int]) -> str:
        """The glossary sentence of the row under the pointer, if it uses the game's jargon."""
        i = self.entry_at(pos)
        term = self.entries[i].term if i is not None else None
        return f"{term}: {GLOSSARY[term]}" if term in GLOSSARY else ""

    @property
    def visible_rows(self) -> int:
        return (self.rect.h - 34) // self.row_h

    def wheel(self, dy: int) -> None:
        most = max(0, len(self.rows) - self.visible_rows)
        self.scroll = max(0, min(most, self.scroll + dy * WHEEL_ROWS))
        self.touched()

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        n = self.visible_rows
        end = len(self.rows) - self.scroll
        start = max(0, end - n)
        k = (pos[1] - (self.rect.y + 28)) // self.row_h
        if 0 <= k < end - start:
            return self.rows[start + k][0]
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self._scale != txt.scale():
            self.set_size(self.size)
        r = self.rect
        panel(surface, r, edge=theme.FOCUS if self.focused else theme.PANEL_EDGE)
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, r, 2, border_radius=10)
        txt.blit_text(surface, "LOG  \u00b7  \u2191\u2193" if self.focused else "LOG", 14,
                      theme.ACCENT if self.focused else theme.TEXT_DIM, (r.x + 12, r.y + 8), bold=True)
        self.note_rect = None
        if self.scroll:
            self.note_rect = txt.blit_text(surface, scroll_note(self.scroll), 13, theme.ACCENT,
                                           (r.right - 10, r.y + 9), anchor="topright")
        n = self.visible_rows
        end = len(self.rows) - self.scroll
        start = max(0, end - n)
        y = r.y + 28
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4))
        for k in range(start, end):
            idx, line = self.rows[k]
            e = self.entries[idx]
            row = pygame.Rect(r.x + 6, y, r.w - 12, self.row_h)
            if idx == self.selected:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=4)
            elif idx == self.hover and e.card is not None:
                pygame.draw.rect(surface, theme.BUTTON, row, border_radius=4)
            colour = style.player_colour(e.player) if e.player >= 0 else theme.TEXT
            if e.quiet:
                colour = theme.TEXT_FAINT
            elif e.player >= 0:
                colour = theme.mix(colour, theme.TEXT, 0.45)
            surface.blit(txt.text(line, self.px, colour), (row.x + 6, y + 1 + (self.row_h - 18) // 2))
            if e.term in GLOSSARY and line == e.lines[0]:  # hover it: the word explained
                txt.blit_text(surface, "?", 12, theme.TEXT_FAINT, (row.right - 4, y + 2), anchor="topright")
            y += self.row_h
        surface.set_clip(clip)


# ------------------------------------------------------------------------ zoom
def terms_in(cdef: CardDef) -> list[tuple[str, str]]:
    text = cdef.text.lower()
    found = []
    for term, meaning in TERMS:
        if re.search(r"\b" + re.escape(term.lower()) + r"\b", text):
            found.append((term, meaning))
    kind = {CardType.COUNTER: "Counter", CardType.SPIRIT: "Spirit",
            CardType.ENVIRONMENT: "Environment"}.get(cdef.type)
    if cdef.extra:
        kind = "Extra Deck"
    if kind and all(t != kind for t, _ in found):
        found.insert(0, next(x for x in TERMS if x[0] == kind))
    return found


ZOOM_MIN_H = 0.6  # the zoomed face gives up at most this share of its height to long terms
_scaled: dict[tuple[int, tuple[int, int]], tuple[pygame.Surface, pygame.Surface]] = {}


def _face_at(face: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`face` scaled to `size`, made once per face and size (a few kept)."""
    if face.get_size() == size:
        return face
    got = _scaled.get((id(face), size))
    if got is not None and got[0] is face:
        return got[1]
    if len(_scaled) > 16:
        _scaled.clear()
    scaled = pygame.transform.smoothscale(face, size)
    _scaled[(id(face), size)] = (face, scaled)
    return scaled


ZOOM_GAP = 6  # between the zoom's frame, the terms box and the log


def zoom_rows(terms_rect: pygame.Rect, cdef: CardDef | None, card: CardView | None, hint: str,
              notes: Sequence[tuple[str, tuple[int, int, int]]] = ()
              ) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The terms box's rows, wrapped to its width: a field Phantom's numbers, the notes, the
    card's terms (or the hint when no card is shown)."""
    lines: list[tuple[str, tuple[int, int, int], bool]] = []
    if card is not None and cdef is not None and cdef.is_phantom and card.atk is not None \
            and card.zone in (Zone.PHANTOM, Zone.SIDE):
        pos = "Attack" if card.attack_pos else "Defense"
        face_word = "face up" if card.face_up else "face down"
        lines.append((f"Now: ATK {card.atk}  \u00b7  Health {card.health}/{card.max_health}  "
                      f"\u00b7  {pos}, {face_word}", theme.TEXT, True))
        if card.statuses:
            lines.append(("Status: " + ", ".join(s.replace("_", " ") for s in card.statuses),
                          (150, 200, 250), False))
    for text, colour in notes:
        lines.append((text, colour, True))
    if cdef is not None:
        for term, meaning in terms_in(cdef):
            lines.append((f"{term}: {meaning}", theme.TEXT_DIM, False))
    elif hint:
        lines.append((hint, theme.TEXT_DIM, False))
    return [(part, colour, bold) for text, colour, bold in lines
            for part in wrap(text, 13, terms_rect.w - 16, bold)]


def zoom_row_h() -> int:
    """One terms row's height (larger with Settings' text size)."""
    return max(16, txt.font(13, True).get_linesize())


def zoom_boxes(zoom: pygame.Rect, terms_rect: pygame.Rect, rows: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Laid out by measure: the terms box as tall as its `rows` need (taking room from the
    zoom above it, down to ZOOM_MIN_H of the zoom's height; its bottom stays on the terms'
    bottom, clear of the log), and the zoomed face shrunk to keep the card's shape above it."""
    need = 5 + zoom_row_h() * rows + 5
    give = max(0, min(need - terms_rect.h, round(zoom.h * (1 - ZOOM_MIN_H))))
    shown = zoom
    if give:  # the zoom gives up room, keeping the card's shape, from its bottom
        h = zoom.h - give
        shown = pygame.Rect(0, 0, round(h * zoom.w / zoom.h), h)
        shown.midtop = zoom.midtop
    return shown, pygame.Rect(terms_rect.x, terms_rect.y - give, terms_rect.w, terms_rect.h + give)


def draw_zoom(surface: pygame.Surface, zoom: pygame.Rect, terms_rect: pygame.Rect,
              face: pygame.Surface | None, cdef: CardDef | None, card: CardView | None,
              hint: str, notes: Sequence[tuple[str, tuple[int, int, int]]] = ()) -> pygame.Rect:
    """The zoomed card and, under it, its terms (or the hint): all inside the zoom column,
    never over the log below it. Terms longer than their box take room from the zoom, whose
    face (and frame) is drawn smaller (down to ZOOM_MIN_H of its height); only then are they
    cut. Returns the terms box."""
    rows = zoom_rows(terms_rect, cdef, card, hint, notes)
    lh = zoom_row_h()
    shown, box = zoom_boxes(zoom, terms_rect, len(rows))
    frame = zoom.inflate(8, 8)
    frame.h = min(frame.h, box.y - 2 - frame.y)  # never under the terms box
    pygame.draw.rect(surface, theme.PANEL_DARK, frame, border_radius=12)
    if face is None:
        txt.blit_text(surface, "Hover a card", 16, theme.TEXT_FAINT, shown.center, anchor="center")
        txt.blit_text(surface, "to see it large", 14, theme.TEXT_FAINT,
                      (shown.centerx, shown.centery + 22), anchor="center")
    else:
        surface.blit(_face_at(face, shown.size), shown)
    panel(surface, box)
    fits = (box.h - 10) // lh
    if len(rows) > fits:  # longer still: the last row says more is hidden, whole words only
        rows = [*rows[:fits - 1], ("\u2026 more terms than fit here", theme.TEXT_FAINT, False)]
    y = box.y + 5
    for part, colour, bold in rows:
        txt.blit_text(surface, part, 13, colour, (box.x + 8, y), bold=bold)
        y += lh
    return box


def draw_settings(surface: pygame.Surface, buttons: Sequence[tuple[str, pygame.Rect, bool, bool]]) -> None:
    """Small cycler buttons: (label, rect, hovered, focused)."""
    for label, r, hovered, focused in buttons:
        pygame.draw.rect(surface, theme.BUTTON_HOVER if hovered else theme.BUTTON, r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if hovered else theme.BUTTON_EDGE, r, 1, border_radius=6)
        if focused:
            pygame.draw.rect(surface, style.FOCUS, r.inflate(4, 4), 2, border_radius=7)
        surface.blit(txt.text(fit(label, 13, r.w - 8), 13, theme.TEXT),
                     txt.text(fit(label, 13, r.w - 8), 13, theme.TEXT).get_rect(center=r.center))
