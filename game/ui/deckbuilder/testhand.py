"""The test hand: an opening hand drawn from the current Main Deck, then the next draws.

A modal panel over the builder. Space or "Draw" takes the next card, N or "New hand"
shuffles again, Esc closes. Hovering a card shows it large, as everywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.decks.stats import TestHand
from game.engine.carddefs import CardDef
from game.ui import placement, theme
from game.ui import text as txt
from game.ui.deckbuilder import layout as L
from game.ui.faces import FaceStore
from game.ui.widgets import Button, WidgetGroup
from game.ui.widgets.base import is_key
from game.ui.widgets.dialog import ModalPanel

PANEL = pygame.Rect(70, 120, L.W - 140, 440)


def zoom_rect(card: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where a hovered test-hand card is shown large (game.ui.placement): beside the card,
    right then left, else above it; inside the window, off the card itself and the toolbar."""
    w, h = size
    top = card.centery - h // 2
    tries = [(card.right + 12, top), (card.x - 12 - w, top), (card.centerx - w // 2, card.y - 8 - h)]
    avoid = [card, pygame.Rect(0, 0, L.W, L.TOP_H)]
    return placement.place(size, tries, pygame.Rect(8, 8, L.W - 16, L.H - 16), avoid)


class TestHandPanel(ModalPanel):
    __test__ = False

    radius = 14

    def __init__(self, hand: TestHand, pool: Mapping[str, CardDef], faces: FaceStore) -> None:
        super().__init__(PANEL)
        self.hand = hand
        self.pool = pool
        self.faces = faces
        self.mouse = (-1, -1)
        y = PANEL.bottom - 56
        self.draw_button = Button((PANEL.right - 420, y, 120, 40), "Draw", self.draw_next,
                                  "primary", tooltip="Draw the next card (Space)")
        self.new_button = Button((PANEL.right - 290, y, 130, 40), "New hand", self.hand.new_hand,
                                 tooltip="Shuffle and draw a new opening hand (N)")
        self.close_button = Button((PANEL.right - 150, y, 126, 40), "Close", self.close,
                                   tooltip="Back to the deck (Esc)")
        self.group = WidgetGroup([self.draw_button, self.new_button, self.close_button])
        self.group.set_focus(self.draw_button)
        self.group.on_cancel = self.close

    def draw_next(self) -> None:
        self.hand.draw()

    def card_rects(self) -> list[pygame.Rect]:
        n = len(self.hand.hand)
        w, h = L.HAND_FACE_W, round(L.HAND_FACE_W * 1.4)
        room = PANEL.w - 60
        step = min(w + 14, (room - w) / max(1, n - 1)) if n > 1 else 0
        total = w + step * (n - 1)
        x0 = PANEL.centerx - total / 2
        return [pygame.Rect(round(x0 + i * step), PANEL.y + 84, w, h) for i in range(n)]

    def hovered(self) -> int | None:
        rects = self.card_rects()
        for i in range(len(rects) - 1, -1, -1):  # the top card of an overlap wins
            if rects[i].collidepoint(self.mouse):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if is_key(event, pygame.K_SPACE, pygame.K_d) and self.group.focus is not self.new_button:
            self.draw_next()
            return True
        if is_key(event, pygame.K_n):
            self.hand.new_hand()
            return True
        self.group.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        txt.blit_text(surface, "Test hand", theme.HEADING, theme.TEXT, (PANEL.x + 28, PANEL.y + 22),
                      bold=True)
        opening = min(self.hand.hand_size, len(self.hand.hand))
        drawn = len(self.hand.hand) - opening
        info = (f"opening hand of {opening}" + (f" + {drawn} drawn" if drawn else "")
                + f"  \u00b7  {self.hand.left} cards left in the Main Deck")
        txt.blit_text(surface, info, theme.BODY, theme.TEXT_DIM, (PANEL.x + 28, PANEL.y + 54))
        hover = self.hovered()
        rects = self.card_rects()
        for i, (cid, rect) in enumerate(zip(self.hand.hand, rects, strict=True)):
            cdef = self.pool.get(cid)
            if cdef is None:
                continue
            r = rect.move(0, -10 if i == hover else 0)
            if i >= opening:  # drawn cards wear a thin amber line
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(6, 6), width=2, border_radius=10)
            surface.blit(self.faces.face(cdef, L.HAND_FACE_W), r)
            name = txt.fit(cdef.name, theme.MIN_TEXT, rect.w + 10)
            if hover is None or i == hover or len(rects) < 9:
                txt.blit_text(surface, name, theme.MIN_TEXT, theme.TEXT if i == hover else theme.TEXT_DIM,
                              (rect.centerx, rect.bottom + 6), anchor="midtop")
        if not self.hand.left:
            txt.blit_text(surface, "The Main Deck is empty", theme.SMALL, theme.BAD,
                          (PANEL.x + 28, PANEL.bottom - 46))
        self.draw_button.enabled = self.hand.left > 0
        self.group.draw(surface)
        if hover is not None:
            cdef = self.pool.get(self.hand.hand[hover])
            if cdef is not None:
                face = self.faces.face(cdef, L.ZOOM_W)
                surface.blit(face, zoom_rect(rects[hover], face.get_size()))
