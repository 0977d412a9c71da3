"""Side-decking between duels: move cards among Main, Side and Extra, legal before Done.

Drag a row to another list, or pick a row and press a "to ..." button, or with the keyboard:
Up/Down pick a card, Enter sends it to its other list (Main <-> Side, Extra <-> Side),
M / S / E send it to Main, Side or Extra, Tab moves between the lists and buttons. Whether
the Deck is legal and holds the same cards as before is shown after every move; Done works
only when it is. In hotseat a curtain asks for each player in turn (a Deck is private).
"""

from __future__ import annotations

from collections import Counter
from functools import partial

import pygame

from game.decks.deck import LISTS, Deck, validate_deck
from game.engine import CardType
from game.play.match import same_cards_problems
from game.ui import text as txt
from game.ui import theme
from game.ui.scene import Pop, Replace, Transition
from game.ui.screen import Screen
from game.ui.widgets import Button, ItemState, ListView, WidgetGroup

from . import style
from .between import BetweenDuels
from .popups import Curtain

W, H = 1280, 720
ROW = 30
TITLES = {"main": "Main Deck", "side": "Side Deck", "extra": "Extra Deck"}
LIMITS = {"main": "30\u201350", "side": "0\u201320", "extra": "0\u201310"}
COLUMNS = {"main": pygame.Rect(280, 110, 330, 420), "side": pygame.Rect(624, 110, 300, 420),
           "extra": pygame.Rect(938, 110, 320, 420)}
TYPE_ORDER = {CardType.PHANTOM: 0, CardType.SPIRIT: 1, CardType.COUNTER: 2, CardType.ENVIRONMENT: 3}


class SideDeckScene(Screen):
    def __init__(self, flow: BetweenDuels, seat: int, rest: list[int], curtain: bool | None = None) -> None:
        super().__init__()
        self.flow = flow
        self.seat = seat
        self.rest = rest
        self.pool = flow.pool
        self.original: Deck = flow.match.decks[seat]
        self.lists = {name: list(getattr(self.original, name)) for name in LISTS}
        self.views = {name: ListView(rect.inflate(-8, -44).move(0, 18), ROW,
                                     partial(self._draw_row, name=name),
                                     on_activate=partial(self.move, src=name, dst=None))
                      for name, rect in COLUMNS.items()}
        y = 560
        self.to_buttons = {
            "main": Button((280, y, 160, 42), "\u2192 Main (M)", lambda: self.move_selected("main")),
            "side": Button((452, y, 160, 42), "\u2192 Side (S)", lambda: self.move_selected("side")),
            "extra": Button((624, y, 160, 42), "\u2192 Extra (E)", lambda: self.move_selected("extra")),
        }
        self.reset_button = Button((800, y, 140, 42), "Reset", self.reset)
        self.done = Button((W - 260, H - 80, 220, 50), "Done", self.finish, "primary")
        self.leave = Button((280, H - 80, 200, 50), "Leave the match", self._leave)
        self.group = WidgetGroup([*self.views.values(), *self.to_buttons.values(), self.reset_button,
                                  self.leave, self.done])
        self.group.set_focus(self.views["main"])
        self.drag: tuple[str, str] | None = None  # (list, card id) being dragged
        self.press: tuple[str, str, tuple[int, int]] | None = None
        self.pointer = (0, 0)
        self.curtain = None
        hotseat = all(flow.humans) if curtain is None else curtain
        if hotseat:
            name = flow.names[seat]
            self.curtain = Curtain(seat, name, flow.names[1 - seat], "Side-decking: your Deck is private.",
                                   (W, H))
        self._refresh()

    # ------------------------------------------------------------- model
    def deck(self) -> Deck:
        o = self.original
        return Deck(o.name, tuple(self.lists["main"]), tuple(self.lists["side"]), tuple(self.lists["extra"]))

    def problems(self) -> tuple[list[str], list[str]]:
        """(same-cards problems, legality problems) of the Deck as it stands."""
        d = self.deck()
        return same_cards_problems(self.original, d, self.pool), validate_deck(d, self.pool)

    def _rows(self, name: str) -> list[tuple[str, int]]:
        counts = Counter(self.lists[name])

        def order(cid: str) -> tuple[int, int, str]:
            c = self.pool[cid]
            return (TYPE_ORDER.get(c.type, 9), c.level, c.name)
        return [(cid, counts[cid]) for cid in sorted(counts, key=order)]

    def _refresh(self) -> None:
        for name, view in self.views.items():
            keep = view.selected
            view.set_items(self._rows(name))
            if keep is not None and view.items:
                view.select(min(keep, len(view.items) - 1))
        same, legal = self.problems()
        self.done.enabled = not same and not legal

    def move(self, item: tuple[str, int], src: str, dst: str | None) -> None:
        cid = item[0]
        if dst is None:  # Enter: the card's other list
            home = "extra" if self.pool[cid].extra else "main"
            dst = "side" if src != "side" else home
        if dst == src or cid not in self.lists[src]:
            return
        self.lists[src].remove(cid)
        self.lists[dst].append(cid)
        self._refresh()

    def move_selected(self, dst: str) -> None:
        view = self._focused_view()
        if view is None:
            view = self._last_view()
        if view is None or view.selected_item is None:
            return
        src = next(n for n, v in self.views.items() if v is view)
        self.move(view.selected_item, src, dst)

    def _focused_view(self) -> ListView[tuple[str, int]] | None:
        return next((v for v in self.views.values() if v is self.group.focus), None)

    def _last_view(self) -> ListView[tuple[str, int]] | None:
        return next((v for v in self.views.values() if v.selected is not None), None)

    def _leave(self) -> None:
        self.flow.leave_match()
        self.go(Pop())

    def reset(self) -> None:
        self.lists = {name: list(getattr(self.original, name)) for name in LISTS}
        self._refresh()

    def finish(self) -> None:
        problems = self.flow.side_decked(self.seat, self.deck())
        if problems:
            return
        if self.rest:
            self.go(Replace(SideDeckScene(self.flow, self.rest[0], self.rest[1:])))
        else:
            self.go(Replace(self.flow.start_duel()))

    # ------------------------------------------------------------- events

    def _view_at(self, pos: tuple[int, int]) -> str | None:
        return next((n for n, r in COLUMNS.items() if r.collidepoint(pos)), None)

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if self.curtain is not None:
            if self.curtain.handle_event(event):
                self.curtain = None
            return None
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.press is not None and self.drag is None:
                src, cid, at = self.press
                if abs(event.pos[0] - at[0]) + abs(event.pos[1] - at[1]) > 6:
                    self.drag = (src, cid)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            name = self._view_at(event.pos)
            if name is not None:
                item = self.views[name].item_at(event.pos)
                if item is not None:
                    self.press = (name, item[0], event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag is not None:
                src, cid = self.drag
                dst = self._view_at(event.pos)
                if dst is not None and dst != src:
                    self.move((cid, 1), src, dst)
                self.drag = None
                self.press = None
                return None
            self.press = None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_m, pygame.K_s, pygame.K_e):
            self.move_selected({pygame.K_m: "main", pygame.K_s: "side", pygame.K_e: "extra"}[event.key])
            return None
        if self.drag is None:
            self.group.handle_event(event)
        return None

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self.curtain.draw(surface)
            return
        surface.fill(theme.BG_BOTTOM)
        f = self.flow
        colour = style.player_colour(self.seat)
        txt.blit_text(surface, f"Side-decking: {f.names[self.seat]}", 28, colour, (280, 24), bold=True)
        line = (f"Before duel {len(f.match.results) + 1}. Drag cards between the lists, "
                "or pick one and press a button. The same cards must stay in your Deck.")
        txt.blit_text(surface, txt.fit(line, 15, surface.get_width() - 280 - 24), 15, theme.TEXT_DIM, (280, 66))
        for name, rect in COLUMNS.items():
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
            edge = style.TARGET if self.drag and self._view_at(self.pointer) == name and self.drag[0] != name \
                else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, 2 if edge == style.TARGET else 1, border_radius=10)
            n = len(self.lists[name])
            txt.blit_text(surface, f"{TITLES[name]}  {n}", 17, theme.TEXT, (rect.x + 12, rect.y + 10), bold=True)
            txt.blit_text(surface, LIMITS[name], 13, theme.TEXT_FAINT, (rect.right - 12, rect.y + 13),
                          anchor="topright")
        self.group.draw(surface)
        self._zoom(surface)
        self._status(surface)
        if self.drag is not None:
            label = self.pool[self.drag[1]].name
            img = txt.text(label, 15, theme.TEXT, bold=True)
            box = img.get_rect(topleft=(self.pointer[0] + 12, self.pointer[1] + 8)).inflate(16, 10)
            pygame.draw.rect(surface, theme.BUTTON_HOVER, box, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=6)
            surface.blit(img, img.get_rect(center=box.center))

    def _zoom(self, surface: pygame.Surface) -> None:
        cid = None
        for view in self.views.values():
            if view.hover_index is not None and view.hover_index < len(view.items):
                cid = view.items[view.hover_index][0]
        if cid is None:
            focus = self._focused_view()
            if focus is not None and focus.selected_item is not None:
                cid = focus.selected_item[0]
        rect = pygame.Rect(20, 110, 240, 336)
        pygame.draw.rect(surface, theme.PANEL_DARK, rect.inflate(8, 8), border_radius=12)
        if cid is not None:
            surface.blit(self.flow.sprites.face(cid, 240), rect)
        else:
            txt.blit_text(surface, "Hover a card", 16, theme.TEXT_FAINT, rect.center, anchor="center")

    def _status(self, surface: pygame.Surface) -> None:
        same, legal = self.problems()
        x, y = 20, 470
        ok_same = not same
        txt.blit_text(surface, ("\u2713 Same cards as before" if ok_same else "\u2717 Not the same cards"),
                      15, style.TARGET if ok_same else style.DAMAGE, (x, y), bold=True)
        txt.blit_text(surface, ("\u2713 Every list is legal" if not legal else "\u2717 Not legal yet"), 15,
                      style.TARGET if not legal else style.DAMAGE, (x, y + 24), bold=True)
        yy = y + 52
        for line in (same + legal)[:4]:
            for part in txt.wrap(line, 13, 240)[:2]:
                txt.blit_text(surface, part, 13, theme.TEXT_DIM, (x, yy))
                yy += 16
        if not self.done.enabled:
            txt.blit_text(surface, "Done works once the Deck is legal", 13, theme.TEXT_FAINT,
                          (self.done.rect.centerx, self.done.rect.y - 18), anchor="center")

    def _draw_row(self, surface: pygame.Surface, item: tuple[str, int], rect: pygame.Rect,
                  state: ItemState, name: str) -> None:
        cid, n = item
        c = self.pool[cid]
        r = rect.inflate(-4, -3)
        if state.selected:
            pygame.draw.rect(surface, theme.BUTTON_HOVER, r, border_radius=6)
        elif state.hovered:
            pygame.draw.rect(surface, theme.BUTTON, r, border_radius=6)
        if state.focused:
            pygame.draw.rect(surface, style.FOCUS, r, 2, border_radius=6)
        from game.ui.card_face import frame_colour
        pygame.draw.rect(surface, frame_colour(c), (r.x + 4, r.y + 5, 6, r.h - 10), border_radius=3)
        txt.blit_text(surface, f"{n}\u00d7", 15, theme.ACCENT, (r.x + 16, r.y + 5), bold=True)
        txt.blit_text(surface, txt.fit(c.name, 15, r.w - 90), 15, theme.TEXT, (r.x + 44, r.y + 5))
        extra = f"L{c.level}" if c.is_phantom else c.type.value.capitalize()[:7]
        txt.blit_text(surface, extra, 13, theme.TEXT_FAINT, (r.right - 8, r.y + 7), anchor="topright")
