"""Drawing the board: the table, every slot and pile, both hands, the cards and the lights.

Reads the Board (what stands where), the Geometry (where that is drawn) and a `Lights`
record from the scene (what glows, what is a legal drop target, what is hovered, focused or
dragged). The table and empty slots are drawn once into a cached background; a frame blits
that, then composed card sprites. `drawn` records which card ids were drawn face up this
frame, so a test can prove the curtain hides everything private.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.engine import Zone
from game.ui import backdrop, look, motion, theme
from game.ui import text as txt

from . import playable_mark, style
from .board import Board
from .geometry import Geometry
from .gestures import CardTarget, HandTarget, LpTarget, SlotTarget, Target
from .layout import BOARD, FAR_HAND_W, HAND_LIFT, LAYOUT, SlotKey
from .sprites import CardSprites

SLOT_LABELS = {Zone.PHANTOM: "PHANTOM", Zone.BACK: "BACK ROW", Zone.SIDE: "SIDE\nBALANCE",
               Zone.ENV: "ENVIRONMENT", Zone.EXTRA: "EXTRA", Zone.GRAVE: "GRAVEYARD",
               Zone.DECK: "DECK"}


@dataclass
class Lights:
    """What the scene wants lit this frame."""

    playable: set[int] = field(default_factory=set)
    targets: dict[Target, str] = field(default_factory=dict)  # -> "ok" | "enemy" | "pick"
    picked: set[int] = field(default_factory=set)
    hover: object | None = None  # a uid or a Target under the pointer
    focus: object | None = None  # the keyboard focus (a uid, a Target or a name)
    dragging: int | None = None  # the card being dragged (drawn at the pointer)
    drag_pos: tuple[int, int] = (0, 0)
    drag_offset: tuple[int, int] = (0, 0)
    arrow: tuple[tuple[int, int], tuple[int, int]] | None = None
    lift: int | None = None  # the near hand card that rises (hovered or focused)
    answering: int | None = None  # the card whose Step is being answered


class BoardRenderer:
    def __init__(self, sprites: CardSprites, geometry: Geometry) -> None:
        self.sprites = sprites
        self.geo = geometry
        self._bg: pygame.Surface | None = None
        self._bg_gen = -1
        self.clock = 0.0
        self.drawn: set[str] = set()
        self._glow: dict[tuple[tuple[int, int], theme.Colour, int], pygame.Surface] = {}

    # ----------------------------------------------------------- background
    def background(self) -> pygame.Surface:
        if self._bg is None or self._bg_gen != look.generation:  # the look changed: redraw once
            self._bg = _table()
            self._bg_gen = look.generation
        return self._bg

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, board: Board, lights: Lights,
             flying: set[int], names: tuple[str, str], tray: bool) -> None:
        self.drawn = set()
        surface.blit(self.background(), (0, 0))
        geo = self.geo
        for seat in (0, 1):  # each field edged in its player's colour
            top = LAYOUT.mid_line + 4 if geo.side(seat) == 0 else 4
            pygame.draw.rect(surface, style.player_colour(seat), (BOARD.x + 2, top, 3, LAYOUT.mid_line - 8),
                             border_radius=2)
        self._targets(surface, lights, back=True)
        for seat in (0, 1):
            self._field(surface, board, seat, lights, flying)
            self._piles(surface, board, seat, lights, tray)
        self._far_hand(surface, board, flying, lights)
        self._targets(surface, lights, back=False)
        self._near_hand(surface, board, lights, flying)
        if tray:  # over the hand, as the pointer finds it first (hits.card_at): nothing hides its stats
            self._tray(surface, board, lights, flying)

    def draw_drag(self, surface: pygame.Surface, board: Board, lights: Lights) -> None:
        """The dragged card under the pointer (drawn last, over the panels)."""
        uid = lights.dragging
        if uid is None or lights.arrow is not None:
            return
        c = board.cards.get(uid)
        if c is None or c.card_id is None:
            return
        img = self.sprites.ghost(c.card_id, 96)
        x = lights.drag_pos[0] - lights.drag_offset[0]
        y = lights.drag_pos[1] - lights.drag_offset[1]
        surface.blit(img, (x, y))

    # ---------------------------------------------------------------- parts
    def _glow_rect(self, surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour, strength: float) -> None:
        a = max(0, min(255, round(strength * 255)))
        key = (rect.size, colour, a // 16)
        img = self._glow.get(key)
        if img is None:
            img = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
            for i, (grow, alpha) in enumerate(((16, 70), (10, 110), (4, 230))):
                r = pygame.Rect(0, 0, rect.w + grow, rect.h + grow)
                r.center = (img.get_width() // 2, img.get_height() // 2)
                pygame.draw.rect(img, (*colour, min(255, alpha * (a // 16) // 15)), r,
                                 width=3 if i == 2 else 0, border_radius=9)
            self._glow[key] = img
            if len(self._glow) > 300:
                self._glow.clear()
        surface.blit(img, (rect.x - 8, rect.y - 8))

    def _pulse(self) -> float:
        return motion.pulse(self.clock, 4.0, 0.1, 1.0)

    def _halo(self) -> float:
        """The playable cards' breathing glow: never gone (the steady mark is over it)."""
        return motion.pulse(self.clock, 4.0, 0.45, 1.0)

    def _card(self, surface: pygame.Surface, board: Board, uid: int, rect: pygame.Rect,
              lights: Lights) -> None:
        c = board.cards[uid]
        if uid in lights.picked:
            self._glow_rect(surface, rect, style.TARGET, 1.0)
        elif uid in lights.playable:
            self._glow_rect(surface, rect, style.PLAYABLE, self._halo())
        if uid == lights.answering:
            self._glow_rect(surface, rect, (250, 236, 170), 0.8)
        img = self.sprites.field(c, board.seat)
        surface.blit(img, img.get_rect(center=rect.center))
        if uid in lights.playable and uid not in lights.picked:  # steady, over the pulse
            playable_mark.draw(surface, img.get_rect(center=rect.center))
        if style.marked:  # colour-blind palette: whose card, by its controller's shape
            style.draw_mark(surface, c.controller, (rect.x + 10, rect.y + 10), 11)
        if c.face_up and c.card_id:
            self.drawn.add(c.card_id)
        self._rings(surface, uid, rect, lights)

    def _rings(self, surface: pygame.Surface, uid: int, rect: pygame.Rect, lights: Lights) -> None:
        if lights.hover == uid:
            pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), 1, border_radius=7)
        if lights.focus == uid:
            pygame.draw.rect(surface, style.FOCUS, rect.inflate(8, 8), 3, border_radius=8)

    def _field(self, surface: pygame.Surface, board: Board, seat: int, lights: Lights,
               flying: set[int]) -> None:
        side = board.sides[seat]
        for zone in (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV):
            for i, uid in enumerate(side.slots[zone]):
                if uid is None or uid in flying or uid == lights.dragging and lights.arrow is None:
                    continue
                c = board.cards.get(uid)
                if c is None:
                    continue
                rect = self.geo.layout.card_rect(self.geo.side(seat), zone, i, c.attack_pos)
                self._card(surface, board, uid, rect, lights)

    def _piles(self, surface: pygame.Surface, board: Board, seat: int, lights: Lights,
               tray: bool) -> None:
        side = board.sides[seat]
        geo = self.geo
        # deck
        r = geo.pile_rect(seat, Zone.DECK)
        if side.deck_count:
            for k in range(min(3, (side.deck_count + 9) // 10)):
                surface.blit(self.sprites.back(r.w), r.move(-2 * k, -2 * k))
        _count(surface, r, side.deck_count)
        _pile_label(surface, r, "MAIN DECK", theme.PANEL_EDGE)
        # graveyard: its newest card face up
        r = geo.pile_rect(seat, Zone.GRAVE)
        if side.grave:
            top = board.cards.get(side.grave[-1])
            if top is not None and top.card_id:
                surface.blit(self.sprites.face(top.card_id, r.w), r)
                self.drawn.add(top.card_id)
            _count(surface, r, len(side.grave), top=True)  # the face's stats line is at the bottom
        key = ("grave", seat)
        if lights.focus == key:
            pygame.draw.rect(surface, style.FOCUS, r.inflate(8, 8), 3, border_radius=8)
        elif lights.hover == key:
            pygame.draw.rect(surface, theme.TEXT, r.inflate(4, 4), 1, border_radius=7)
        # extra deck
        r = geo.pile_rect(seat, Zone.EXTRA)
        n = side.extra_count
        if n and not (tray and seat == board.seat):
            surface.blit(self.sprites.back(r.w), r)
            if seat == board.seat and any(u in lights.playable for u in side.extra):
                self._glow_rect(surface, r, style.PLAYABLE, self._halo())
                surface.blit(self.sprites.back(r.w), r)
                playable_mark.draw(surface, r, above=True)  # its label is drawn over its top
        _count(surface, r, n)
        _pile_label(surface, r, "EXTRA DECK", style.SIDE_BALANCE)  # its own colour: never the Main Deck's look
        if seat == board.seat:
            key = ("extra", seat)
            if lights.focus == key:
                pygame.draw.rect(surface, style.FOCUS, r.inflate(8, 8), 3, border_radius=8)
            elif lights.hover == key:
                pygame.draw.rect(surface, theme.TEXT, r.inflate(4, 4), 1, border_radius=7)

    def _far_hand(self, surface: pygame.Surface, board: Board, flying: set[int], lights: Lights) -> None:
        seat = 1 - board.seat
        rects = self.geo.hand_rects(seat)
        back = self.sprites.back(FAR_HAND_W)
        for uid, r in zip(board.sides[seat].hand, rects, strict=False):
            if uid not in flying:
                surface.blit(back, r)

    def _near_hand(self, surface: pygame.Surface, board: Board, lights: Lights,
                   flying: set[int]) -> None:
        hand = board.me.hand
        rects = self.geo.hand_rects(board.seat)
        lifted = None
        for uid, r in zip(hand, rects, strict=False):
            if uid in flying or (uid == lights.dragging and lights.arrow is None):
                continue
            if uid == lights.lift:
                lifted = (uid, r)
                continue
            self._hand_card(surface, board, uid, r, lights)
        if lifted is not None:
            uid, r = lifted
            self._hand_card(surface, board, uid, r.move(0, -HAND_LIFT), lights)

    def _hand_card(self, surface: pygame.Surface, board: Board, uid: int, r: pygame.Rect,
                   lights: Lights) -> None:
        c = board.cards.get(uid)
        if c is None:
            return
        if uid in lights.picked:
            self._glow_rect(surface, r, style.TARGET, 1.0)
        elif uid in lights.playable:
            self._glow_rect(surface, r, style.PLAYABLE, self._halo())
        if c.card_id is None:
            surface.blit(self.sprites.back(r.w), r)
        else:
            surface.blit(self.sprites.hand(c.card_id, r.w, c.sp_cost), r)
            self.drawn.add(c.card_id)
        if uid in lights.playable and uid not in lights.picked:  # steady, over the pulse
            playable_mark.draw(surface, r)
        if lights.targets.get(CardTarget(uid)) == "pick":
            pygame.draw.rect(surface, style.TARGET, r.inflate(6, 6), 3, border_radius=8)
        self._rings(surface, uid, r, lights)

    def _tray(self, surface: pygame.Surface, board: Board, lights: Lights, flying: set[int]) -> None:
        area = self.geo.layout.tray
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        layer.fill((10, 12, 20, 235))
        surface.blit(layer, area)
        pygame.draw.rect(surface, (152, 108, 224), area, 2, border_radius=8)
        txt.blit_text(surface, "EXTRA DECK  \u00b7  drag a card marked PLAY to a slot", 13,
                      (190, 170, 240), (area.x + 10, area.y + 6), bold=True)
        for uid, r in zip(board.me.extra, self.geo.tray_rects(), strict=False):
            if uid in flying or uid == lights.dragging:
                continue
            c = board.cards.get(uid)
            if c is None or c.card_id is None:
                continue
            if uid in lights.playable:
                self._glow_rect(surface, r, style.PLAYABLE, self._halo())
            surface.blit(self.sprites.hand(c.card_id, r.w), r)
            self.drawn.add(c.card_id)
            if uid in lights.playable:
                playable_mark.draw(surface, r)
            self._rings(surface, uid, r, lights)

    def _targets(self, surface: pygame.Surface, lights: Lights, back: bool) -> None:
        """Legal drop targets: slots light under the cards; cards and panels over them."""
        if not lights.targets:
            return
        p = self._pulse()
        for target, kind in lights.targets.items():
            colour = style.ENEMY_TARGET if kind == "enemy" else style.TARGET
            if isinstance(target, SlotTarget) and back:
                r = self.geo.slot_rect(target.seat, target.zone, target.index)
                fill = pygame.Surface(r.size, pygame.SRCALPHA)
                fill.fill((*colour, round(40 + 50 * p)))
                surface.blit(fill, r)
                pygame.draw.rect(surface, colour, r, 3, border_radius=8)
            elif back:
                continue
            elif isinstance(target, CardTarget):
                card_rect = self.geo.rect_of(target.uid)
                if card_rect is not None:
                    pygame.draw.rect(surface, colour, card_rect.inflate(8, 8), 3, border_radius=9)
            elif isinstance(target, LpTarget):
                r = self.geo.lp_rect(target.seat)
                pygame.draw.rect(surface, colour, r.inflate(6, 6), 3, border_radius=10)
            elif isinstance(target, HandTarget):
                r = self.geo.layout.near_hand.inflate(-4, -8)
                fill = pygame.Surface(r.size, pygame.SRCALPHA)
                fill.fill((*style.TARGET, round(20 + 30 * p)))
                surface.blit(fill, r)
                pygame.draw.rect(surface, style.TARGET, r, 3, border_radius=10)
                txt.blit_text(surface, "Drop here to Unsummon", 16, style.TARGET,
                              (r.centerx, r.y + 6), bold=True, anchor="midtop")
            if lights.focus == target or lights.hover == target:
                focus_rect = self._target_rect(target)
                if focus_rect is not None:
                    pygame.draw.rect(surface, style.FOCUS, focus_rect.inflate(10, 10), 3,
                                     border_radius=10)

    def _target_rect(self, target: Target) -> pygame.Rect | None:
        if isinstance(target, SlotTarget):
            return self.geo.slot_rect(target.seat, target.zone, target.index)
        if isinstance(target, CardTarget):
            return self.geo.rect_of(target.uid)
        if isinstance(target, LpTarget):
            return self.geo.lp_rect(target.seat)
        return self.geo.layout.near_hand


def _pile_label(surface: pygame.Surface, rect: pygame.Rect, label: str, colour: theme.Colour) -> None:
    """The pile's name in a band across its top, so the two face-down piles never look alike."""
    img = txt.text(txt.fit_cached(label, 13, rect.w - 4), 13, theme.TEXT)
    band = pygame.Rect(rect.x + 2, rect.y + 3, rect.w - 4, img.get_height() + 2)
    pygame.draw.rect(surface, (8, 10, 16), band, border_radius=4)
    pygame.draw.rect(surface, colour, band, 1, border_radius=4)
    surface.blit(img, img.get_rect(center=band.center))


def _count(surface: pygame.Surface, rect: pygame.Rect, n: int, top: bool = False) -> None:
    """A pile's card count in a badge: at the bottom edge, or in the top-left corner where the
    pile shows a card face (the Graveyard), clear of that card's ATK/Health line and of its
    Level badge (top right)."""
    img = txt.text(str(n), 15, theme.TEXT, bold=True)
    if top:
        badge = img.get_rect(topleft=(rect.left + 10, rect.top + 7)).inflate(12, 4)
    else:
        badge = img.get_rect(midbottom=(rect.centerx, rect.bottom - 4)).inflate(12, 4)
    pygame.draw.rect(surface, (8, 10, 16), badge, border_radius=badge.h // 2)
    pygame.draw.rect(surface, theme.PANEL_EDGE, badge, 1, border_radius=badge.h // 2)
    surface.blit(img, img.get_rect(center=badge.center))


def _arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int]) -> None:
    """The attack arrow: from the attacker (which stays put) to the pointer or the target."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    dist = math.hypot(dx, dy)
    if dist < 10:
        return
    ux, uy = dx / dist, dy / dist
    tip = end
    base = (end[0] - ux * 26, end[1] - uy * 26)
    colour = style.ENEMY_TARGET
    pygame.draw.line(surface, (40, 10, 12), start, base, 15)
    pygame.draw.line(surface, colour, start, base, 10)
    left = (base[0] - uy * 18, base[1] + ux * 18)
    right = (base[0] + uy * 18, base[1] - ux * 18)
    pygame.draw.polygon(surface, (40, 10, 12), [tip, left, right])
    pygame.draw.polygon(surface, colour, [(tip[0] - ux * 3, tip[1] - uy * 3),
                                          (left[0] + ux * 2, left[1] + uy * 2),
                                          (right[0] + ux * 2, right[1] + uy * 2)])
    pygame.draw.circle(surface, colour, start, 8)


def _table() -> pygame.Surface:
    """The table: both fields, every empty slot with its kind written in it, the panels' ground."""
    W, H = LAYOUT.size
    bg = backdrop.gradient((W, H))
    near = pygame.Rect(BOARD.x, LAYOUT.mid_line, BOARD.w, H - LAYOUT.mid_line)
    far = pygame.Rect(BOARD.x, 0, BOARD.w, LAYOUT.mid_line)
    pygame.draw.rect(bg, style.FIELD_NEAR, near)
    pygame.draw.rect(bg, style.FIELD_FAR, far)
    pygame.draw.line(bg, (60, 70, 94), (BOARD.x + 10, LAYOUT.mid_line), (BOARD.right - 10, LAYOUT.mid_line), 2)
    for key, rect in LAYOUT.slots.items():
        _slot(bg, key, rect)
    return bg.convert() if pygame.display.get_surface() is not None else bg


def _slot(bg: pygame.Surface, key: SlotKey, rect: pygame.Rect) -> None:
    side_balance = key.zone is Zone.SIDE
    edge = style.SIDE_BALANCE if side_balance else style.SLOT_EDGE
    pygame.draw.rect(bg, style.SLOT_FILL, rect, border_radius=8)
    if side_balance:  # dashed outline: another kind of slot
        _dashed(bg, rect, edge)
    else:
        pygame.draw.rect(bg, edge, rect, 1, border_radius=8)
    label = SLOT_LABELS[key.zone]
    colour = theme.mix(edge, style.SLOT_FILL, 0.15)
    lines = label.split("\n")
    y = rect.centery - 9 * len(lines)
    for line in lines:
        img = txt.text(line, 13, theme.mix(colour, (0, 0, 0), 0.25), bold=True)
        if img.get_width() > rect.w - 6:
            img = pygame.transform.smoothscale(img, (rect.w - 6, img.get_height()))
        bg.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += 18


def _dashed(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour) -> None:
    step, dash = 10, 6
    for x in range(rect.x + 6, rect.right - 6, step):
        pygame.draw.line(surface, colour, (x, rect.y), (min(x + dash, rect.right - 6), rect.y), 2)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (min(x + dash, rect.right - 6), rect.bottom - 1), 2)
    for y in range(rect.y + 6, rect.bottom - 6, step):
        pygame.draw.line(surface, colour, (rect.x, y), (rect.x, min(y + dash, rect.bottom - 6)), 2)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, min(y + dash, rect.bottom - 6)), 2)
