"""The title menu: the first scene, and the way back to everything else.

Every entry opens its scene through `game.ui.routes`; a scene that cannot open (a RouteError)
says why in a notice, so a click is never met with silence. "Continue" is listed only while
`routes.resume_available()` says a suspended duel is waiting, and says under its label what
it continues (mode, decks, round: read once when the menu opens, never per frame). An item's
`note` is that smaller second line (Puzzles: a way to learn). Esc asks "Quit Phantom Duel?"
before leaving (the Quit item quits at once). Layout is in fractions of the window, designed
at 1280x720; text is rendered once per window size, not every frame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import fonts, motion, routes
from game.ui import text as txt
from game.ui.loaded import RouteError
from game.ui.scene import Pop, Push, Transition
from game.ui.screen import Screen
from game.ui.theme import Colour
from game.ui.widgets.dialog import Dialog, DialogButton

DESIGN_SIZE = (1280, 720)
NOTICE_SECONDS = 2.6
HOVER_SPEED = 10.0  # hover glow eases in/out over about 1/10 s

# One calm palette: a dark table, amber accent (the Phantom frame colour).
TEXT = (226, 230, 238)
TEXT_DIM = (138, 148, 166)
ACCENT = (232, 176, 76)
BUTTON = (32, 39, 54)
BUTTON_HOVER = (48, 58, 80)
BUTTON_EDGE = (62, 74, 98)
NOTICE_BG = (40, 48, 66)
PUZZLES_NOTE = "learn one rule at a time"
QUIT_QUESTION = "Quit Phantom Duel?"


def font(px: int, bold: bool = True) -> pygame.font.Font:
    """The bundled font (game.ui.fonts), bold by default for the menu's large labels."""
    return fonts.font(max(13, px), bold)


@dataclass
class MenuItem:
    label: str
    action: Callable[[], Transition | None] | None = None  # None: not built yet
    hover: float = 0.0  # 0..1, eased towards 1 while focused
    note: str = ""  # a smaller second line under the label (what it continues, what it is for)


def layout(size: tuple[int, int], count: int) -> tuple[float, list[pygame.Rect]]:
    """Scale factor and button rectangles for a window of `size` (pure: easy to hit-test)."""
    w, h = size
    s = min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1])
    bw, bh, gap = round(380 * s), round(50 * s), round(10 * s)
    top = round(h * 0.31)
    room = h - top - round(70 * s)  # keep the hint line clear
    if count * (bh + gap) > room:
        bh = max(20, room // count - gap)
    x = (w - bw) // 2
    return s, [pygame.Rect(x, top + i * (bh + gap), bw, bh) for i in range(count)]


class MenuScene(Screen):
    """Title, a column of buttons, a short notice for entries that are not there yet."""

    def __init__(self, size: tuple[int, int] = DESIGN_SIZE) -> None:
        super().__init__()
        self.size = size
        self.items = self._build_items()
        self.focus: int | None = None
        self.notice = ""
        self.notice_left = 0.0
        # rendered once per (text, px, colour, bold)
        self._text: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        self._cut: dict[tuple[str, int, int], str] = {}  # a note as cut to fit its button
        self.note_rects: list[tuple[int, pygame.Rect]] = []  # (item, where) the last frame drew notes

    @staticmethod
    def _build_items() -> list[MenuItem]:
        items = [MenuItem("How to play", lambda: Push(routes.how_to_play()))]
        if routes.resume_available():
            what = routes.what_continues()
            items.append(MenuItem("Continue", lambda: Push(routes.resume_duel()),
                                  note=what))
        items += [
            MenuItem("Hotseat duel", lambda: Push(routes.duel_setup("hotseat"))),
            MenuItem("Versus AI", lambda: Push(routes.duel_setup("versus_ai"))),
            MenuItem("Puzzles", lambda: Push(routes.puzzles()), note=PUZZLES_NOTE),
            MenuItem("Deck builder", lambda: Push(routes.deck_builder())),
            MenuItem("Replays", lambda: Push(routes.replays())),
            MenuItem("Settings", lambda: Push(routes.settings())),
            MenuItem("Quit", Pop),
        ]
        return items

    def resume(self) -> None:
        """Back on top of the stack: a duel may have been suspended or finished meanwhile."""
        labels = [(item.label, item.note) for item in self.items]
        fresh = self._build_items()
        if [(item.label, item.note) for item in fresh] != labels:
            if [i.label for i in fresh] != [label for label, _note in labels]:
                self.focus = None
            self.items = fresh

    def ask_quit(self) -> None:
        """Esc on the menu: a question, not an instant exit (Esc twice from a sub-screen
        must not close the game); Enter quits, Esc stays."""
        self.dialog = Dialog(QUIT_QUESTION, "",
                             [DialogButton("Quit", lambda: self.go(Pop()), "primary"),
                              DialogButton("Stay")], default=0, cancel=1, canvas=self.size)

    def _render(self, text: str, px: int, colour: Colour, bold: bool = True, scaled: bool = True) -> pygame.Surface:
        """`text` at `px` times Settings' text size (game/ui/text.py; not the title, large
        already), drawn once."""
        size = round(px * txt.scale()) if scaled else px
        key = (text, size, tuple(colour), bold)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 200:
                self._text.clear()
            surf = font(size, bold).render(text, True, colour)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._text[key] = surf
        return surf

    @staticmethod
    def caption(item: MenuItem) -> str:
        """The focused item's whole note as the line under the buttons says it
        ("Continue: hotseat, Ember Rush v Veil Control, round 3")."""
        return f"{item.label}: {item.note}" if item.note else ""

    def _note(self, text: str, px: int, room: int, scaled: bool = True) -> pygame.Surface:
        """An item's note, small and dim, cut with an ellipsis to `room` pixels."""
        size = round(px * txt.scale()) if scaled else px
        cut = self._cut.get((text, size, room))
        if cut is not None:
            return self._render(cut, px, TEXT_DIM, bold=False, scaled=scaled)
        whole = text
        if font(size, False).size(text)[0] > room:
            while text and font(size, False).size(text + "\u2026")[0] > room:
                text = text[:-1]
            text = text.rstrip(" ,") + "\u2026"
        if len(self._cut) > 50:
            self._cut.clear()
        self._cut[(whole, size, room)] = text
        return self._render(text, px, TEXT_DIM, bold=False, scaled=scaled)

    # --------------------------------------------------------------- input
    def button_rects(self) -> list[pygame.Rect]:
        return layout(self.size, len(self.items))[1]

    def item_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.button_rects()):
            if rect.collidepoint(pos):
                return i
        return None

    def activate(self, index: int) -> Transition | None:
        item = self.items[index]
        if item.action is None:
            self.notice = f"{item.label}: coming in a later update"
            self.notice_left = NOTICE_SECONDS
            return None
        try:
            return item.action()
        except RouteError as exc:
            self.notice = f"{item.label}: {exc}"
            self.notice_left = NOTICE_SECONDS * 2
            return None
        except Exception as exc:  # a player's file never takes the menu down
            text = " ".join(str(exc).split()) or type(exc).__name__
            self.notice = f"{item.label}: cannot open: {text[:160]}"
            self.notice_left = NOTICE_SECONDS * 2
            return None

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = getattr(event, "size", None) or (event.x, event.y)
            self.size = tuple(size)
        elif event.type == pygame.MOUSEMOTION:
            self.focus = self.item_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.item_at(event.pos)
            if index is not None:
                self.focus = index
                return self.activate(index)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _key(self, key: int) -> Transition | None:
        n = len(self.items)
        if key == pygame.K_ESCAPE:
            self.ask_quit()
            return None
        if key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = 0 if self.focus is None else (self.focus + 1) % n
        elif key == pygame.K_UP:
            self.focus = n - 1 if self.focus is None else (self.focus - 1) % n
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
            return self.activate(self.focus)
        return None

    # -------------------------------------------------------------- update
    def on_update(self, dt: float) -> Transition | None:
        for i, item in enumerate(self.items):
            target = 1.0 if i == self.focus else 0.0
            item.hover = motion.ease(item.hover, target, dt, HOVER_SPEED)
            if abs(target - item.hover) < 0.01:
                item.hover = target
        self.notice_left = max(0.0, self.notice_left - dt)
        return None

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.size = surface.get_size()
        w, h = self.size
        s, rects = layout(self.size, len(self.items))
        surface.blit(self.backdrop(self.size), (0, 0))
        self.note_rects = []

        title = self._render("Phantom Duel", round(64 * s), TEXT, scaled=False)
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.14))))
        rule_w = round(220 * s)
        rule_y = round(h * 0.14 + 46 * s)
        pygame.draw.line(surface, ACCENT, (w // 2 - rule_w // 2, rule_y),
                         (w // 2 + rule_w // 2, rule_y), max(1, round(2 * s)))
        sub = self._render("a trading card game of Phantoms, Spirits and Lines", round(18 * s),
                           TEXT_DIM)
        surface.blit(sub, sub.get_rect(center=(w // 2, rule_y + round(28 * s))))

        label_px = round(22 * s)
        radius = max(4, round(10 * s))
        for index, (item, rect) in enumerate(zip(self.items, rects, strict=True)):
            t = item.hover
            fill = [round(a + (b - a) * t) for a, b in zip(BUTTON, BUTTON_HOVER, strict=True)]
            edge = [round(a + (b - a) * t) for a, b in zip(BUTTON_EDGE, ACCENT, strict=True)]
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            pygame.draw.rect(surface, edge, rect, width=max(1, round(2 * s)), border_radius=radius)
            if t > 0.05:  # an amber tab on the left edge of the hovered button
                bar = pygame.Rect(rect.x + round(10 * s), rect.y + round(14 * s),
                                  max(2, round(4 * s * t)), rect.h - round(28 * s))
                pygame.draw.rect(surface, ACCENT, bar, border_radius=2)
            scaled = True  # Settings' text size, unless label and note then overflow the button
            dim = self._render(item.label, label_px, TEXT_DIM)
            note = None
            if item.note:
                room = rect.w - round(40 * s)
                note = self._note(item.note, round(13 * s), room)
                if dim.get_height() + note.get_height() > rect.h:
                    scaled = False
                    dim = self._render(item.label, label_px, TEXT_DIM, scaled=False)
                    note = self._note(item.note, round(13 * s), room, scaled=False)
            inline = note is not None and dim.get_height() + note.get_height() > rect.h
            if inline:  # no room for two lines (many items, a small window): label, then note
                pad = round(28 * s)
                room = rect.w - 2 * pad - dim.get_width() - round(12 * s)
                note = self._note(item.note, round(13 * s), room, scaled=False) if room > 40 else None
            centre = rect.center
            if inline:
                if note is not None:
                    width = dim.get_width() + round(12 * s) + note.get_width()
                    left = rect.centerx - width // 2
                    centre = (left + dim.get_width() // 2, rect.centery)
                    spot = note.get_rect(midleft=(left + dim.get_width() + round(12 * s),
                                                  rect.centery + 1))
                    surface.blit(note, spot)
                    self.note_rects.append((index, spot))
            elif note is not None:  # the label up, its note under it, both inside the button
                gap = max(0, (rect.h - dim.get_height() - note.get_height()) // 3)
                top = rect.y + gap
                centre = (rect.centerx, top + dim.get_height() // 2)
                spot = note.get_rect(midtop=(rect.centerx, top + dim.get_height()))
                surface.blit(note, spot)
                self.note_rects.append((index, spot))
            where = dim.get_rect(center=centre)
            if t < 1.0:
                surface.blit(dim, where)
            if t > 0.0:  # the bright label fades in over the dim one
                bright = self._render(item.label, label_px, TEXT, scaled=scaled)
                bright.set_alpha(round(255 * t))
                surface.blit(bright, where)

        hint = self._render("Arrow keys to choose  \u00b7  Enter to open  \u00b7  Esc to quit",
                            round(15 * s), TEXT_DIM)
        hint_rect = hint.get_rect(center=(w // 2, h - round(28 * s)))
        surface.blit(hint, hint_rect)
        focused = self.items[self.focus] if self.focus is not None and self.focus < len(self.items) else None
        if focused is not None and focused.note:  # the whole note, however long, on hover
            whole = self._render(self.caption(focused), round(15 * s), ACCENT, bold=False)
            surface.blit(whole, whole.get_rect(center=(w // 2, (rects[-1].bottom + hint_rect.top) // 2)))
        self._draw_notice(surface, s, (rects[-1].bottom + hint_rect.top) // 2)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def _draw_notice(self, surface: pygame.Surface, s: float, centre_y: int) -> None:
        if self.notice_left <= 0 or not self.notice:
            return
        alpha = round(255 * min(1.0, self.notice_left / 0.4))  # fade out at the end
        text = self._render(self.notice, round(16 * s), ACCENT)
        pad_x, pad_y = round(18 * s), round(9 * s)
        box = pygame.Surface((text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y),
                             pygame.SRCALPHA)
        pygame.draw.rect(box, (*NOTICE_BG, 235), box.get_rect(), border_radius=round(8 * s))
        box.blit(text, (pad_x, pad_y))
        box.set_alpha(alpha)
        surface.blit(box, box.get_rect(center=(surface.get_width() // 2, centre_y)))
