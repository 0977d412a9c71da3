"""What is under the pointer: a card, a drop target, a pile, a panel.

One place answers it for hover, clicks, drops and keyboard focus, from the same Geometry the
renderer draws with, so what you see is what you hit.
"""

from __future__ import annotations

from typing import TypeVar

import pygame

from game.engine import Zone

from .geometry import Geometry
from .gestures import CardTarget, HandTarget, LpTarget, SlotTarget, Target
from .layout import HAND_LIFT

K = TypeVar("K")  # a focus key

FIELD = (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV)


def hand_card_at(geo: Geometry, pos: tuple[int, int], lifted: int | None) -> int | None:
    b = geo.board
    rects = geo.hand_rects(b.seat)
    pairs = list(zip(b.me.hand, rects, strict=False))
    for uid, r in pairs:  # the lifted card is drawn on top
        if uid == lifted and r.move(0, -HAND_LIFT).union(r).collidepoint(pos):
            return uid
    for uid, r in reversed(pairs):  # later cards overlap earlier ones
        if r.collidepoint(pos):
            return uid
    return None


def tray_card_at(geo: Geometry, pos: tuple[int, int]) -> int | None:
    if not geo.tray_open:
        return None
    for uid, r in zip(geo.board.me.extra, geo.tray_rects(), strict=False):
        if r.collidepoint(pos):
            return uid
    return None


def field_card_at(geo: Geometry, pos: tuple[int, int]) -> int | None:
    b = geo.board
    for side in b.sides:
        for zone in FIELD:
            for i, uid in enumerate(side.slots[zone]):
                if uid is None:
                    continue
                c = b.cards.get(uid)
                if c is None:
                    continue
                box = geo.layout.slot(geo.side(side.player), zone, i)
                r = geo.layout.card_rect(geo.side(side.player), zone, i, c.attack_pos)
                if r.clip(box.inflate(4, 4)).collidepoint(pos):
                    return uid
    return None


def card_at(geo: Geometry, pos: tuple[int, int], lifted: int | None = None) -> int | None:
    """A card a person can point at: tray, own hand, either field (piles are separate)."""
    for found in (tray_card_at(geo, pos), hand_card_at(geo, pos, lifted), field_card_at(geo, pos)):
        if found is not None:
            return found
    return None


def pile_at(geo: Geometry, pos: tuple[int, int]) -> tuple[str, int] | None:
    """("grave", seat) or ("extra", seat) under the pointer."""
    for seat in (geo.board.seat, 1 - geo.board.seat):
        if geo.pile_rect(seat, Zone.GRAVE).collidepoint(pos):
            return ("grave", seat)
        if seat == geo.board.seat and not geo.tray_open and geo.pile_rect(seat, Zone.EXTRA).collidepoint(pos):
            return ("extra", seat)
    return None


def target_at(geo: Geometry, pos: tuple[int, int]) -> Target | None:
    """Where a drop at `pos` lands: own hand, a player's LP panel, an enemy card, a slot."""
    b = geo.board
    if geo.layout.near_hand.collidepoint(pos):
        return HandTarget(b.seat)
    for seat in (0, 1):
        if geo.lp_rect(seat).collidepoint(pos):
            return LpTarget(seat)
    for seat in (0, 1):
        for zone in FIELD:
            for i in range(len(b.sides[seat].slots[zone])):
                box = geo.slot_rect(seat, zone, i)
                if box.collidepoint(pos):
                    uid = b.sides[seat].slots[zone][i]
                    if uid is not None and seat != b.seat:
                        return CardTarget(uid)
                    return SlotTarget(seat, zone, i)
    return None


def target_rect(geo: Geometry, target: Target) -> pygame.Rect | None:
    if isinstance(target, SlotTarget):
        return geo.slot_rect(target.seat, target.zone, target.index)
    if isinstance(target, CardTarget):
        return geo.rect_of(target.uid)
    if isinstance(target, LpTarget):
        return geo.lp_rect(target.seat)
    if isinstance(target, HandTarget):
        return geo.layout.near_hand
    return None


def nearest(rects: dict[K, pygame.Rect], current: object, direction: tuple[int, int]) -> K | None:
    """The focusable nearest `current` in an arrow's direction (rows first for Up/Down)."""
    if current not in rects:
        return next(iter(rects), None)
    here = pygame.Vector2(rects[current].center)
    dx, dy = direction
    best: K | None = None
    best_score: float | None = None
    for key, r in rects.items():
        if key == current:
            continue
        d = pygame.Vector2(r.center) - here
        along = d.x * dx + d.y * dy
        if along <= 4:
            continue
        across = abs(d.x * dy) + abs(d.y * dx)
        score = along + across * 2.5
        if best_score is None or score < best_score:
            best, best_score = key, score
    return best
