"""Where each card of a Board is drawn: the layout applied to the board's contents.

The animator asks it where a card was before an event and where it is after; the renderer
and the hit tests ask it where to draw and what is under the pointer. Near side = the seat
whose view is shown. Hand cards are where they are drawn while they slide (HandSlide), so
what you see is what you hit.
"""

from __future__ import annotations

import pygame

from game.engine import Zone

from .board import Board
from .layout import LAYOUT, DuelLayout
from .tweens import HandSlide


class Geometry:
    def __init__(self, board: Board, layout: DuelLayout = LAYOUT) -> None:
        self.board = board
        self.layout = layout
        self.tray_open = False
        self.slide = HandSlide()  # hand cards ease to new places (the animator moves it on)

    def side(self, seat: int) -> int:
        """0 for the near (bottom) side, 1 for the far side."""
        return 0 if seat == self.board.seat else 1

    def lp_rect(self, seat: int) -> pygame.Rect:
        return self.layout.near_panel if self.side(seat) == 0 else self.layout.far_panel

    def hand_targets(self, seat: int) -> list[pygame.Rect]:
        """Where the layout puts `seat`'s hand cards."""
        n = len(self.board.sides[seat].hand)
        if self.side(seat) == 0:
            return self.layout.hand_rects(n)
        return self.layout.far_hand_rects(n)

    def hand_rects(self, seat: int) -> list[pygame.Rect]:
        """Where `seat`'s hand cards are drawn now: on their way while they slide."""
        return self.slide.place(seat, self.board.sides[seat].hand, self.hand_targets(seat))

    def settle_hands(self) -> None:
        """Every hand card in its place at once (a skipped animation, instant speed)."""
        for seat in (0, 1):
            self.slide.snap(seat, self.board.sides[seat].hand, self.hand_targets(seat))

    def tray_rects(self) -> list[pygame.Rect]:
        return self.layout.tray_rects(len(self.board.me.extra))

    def pile_rect(self, seat: int, zone: Zone) -> pygame.Rect:
        box = self.layout.slot(self.side(seat), zone)
        return box.inflate(-(box.w - 80), -(box.h - 112))

    def slot_rect(self, seat: int, zone: Zone, index: int = 0) -> pygame.Rect:
        return self.layout.slot(self.side(seat), zone, index)

    def rect_of(self, uid: int) -> pygame.Rect | None:
        """Where card `uid` is drawn now (None: in a deck, or unknown)."""
        b = self.board
        c = b.cards.get(uid)
        if c is None:
            return None
        where = b.where(uid)
        if where is None:
            return None
        seat, zone, index = where
        if zone in (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV):
            return self.layout.card_rect(self.side(seat), zone, index, c.attack_pos)
        if zone is Zone.HAND:
            rects = self.hand_rects(seat)
            return rects[index] if index < len(rects) else None
        if zone is Zone.EXTRA:
            if self.tray_open and seat == b.seat:
                rects = self.tray_rects()
                if index < len(rects):
                    return rects[index]
            return self.pile_rect(seat, Zone.EXTRA)
        if zone is Zone.GRAVE:
            return self.pile_rect(seat, Zone.GRAVE)
        return None

    def deck_rect(self, seat: int) -> pygame.Rect:
        return self.pile_rect(seat, Zone.DECK)

    def zone_rect(self, seat: int, zone: Zone, index: int) -> pygame.Rect:
        """Where a card in (zone, index) of `seat` stands; piles give the pile's rect."""
        if zone in (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV):
            return self.layout.card_rect(self.side(seat), zone, index)
        if zone is Zone.HAND:
            rects = self.hand_rects(seat)
            if 0 <= index < len(rects):
                return rects[index]
            return rects[-1] if rects else self.layout.near_hand
        return self.pile_rect(seat, zone)
