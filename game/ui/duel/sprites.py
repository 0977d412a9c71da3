"""Card pictures for the duel screen, composed once and blitted every frame after.

A field card is more than its face: Defense Position turns it sideways, face down shows the
back (the viewer's own with a peek marker and its name), and a Phantom shows its current
ATK and current/max Health over the face's printed numbers, coloured when they differ. Each
combination is composed once and kept (keyed by everything it shows), so a frame is blits.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping

import pygame

from game.engine import CardDef, CardView
from game.ui import look
from game.ui import text as txt
from game.ui.card_face import frame_colour, render_mini_face
from game.ui.faces import FaceStore

from . import style
from .layout import CARD_W, DEF_H, DEF_W

KEEP = 400
ZOOM_KEEP = 96  # large faces for the zoom panel (about 320 KB each)


class CardSprites:
    def __init__(self, pool: Mapping[str, CardDef], faces: FaceStore | None = None) -> None:
        self.pool = pool
        self.faces = faces or FaceStore()
        # keyed by everything a picture shows: its kind and card, width, stats, statuses...
        self._composed: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._zoom: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()
        self._gen = look.generation

    def _fresh(self) -> None:
        """Forget every picture composed under another look (Settings changed colours or
        the text size)."""
        if self._gen != look.generation:
            self._gen = look.generation
            self._composed.clear()
            self._zoom.clear()

    def zoom(self, card_id: str, width: int) -> pygame.Surface:
        """A large face for the zoom panel (kept: hovering back and forth costs nothing)."""
        self._fresh()
        key = (card_id, width)
        surf = self._zoom.get(key)
        if surf is None:
            from game.ui.card_face import render_card_face
            from game.ui.faces import _ready

            surf = self._zoom[key] = _ready(render_card_face(self.pool[card_id], width))
            while len(self._zoom) > ZOOM_KEEP:
                self._zoom.popitem(last=False)
        else:
            self._zoom.move_to_end(key)
        return surf

    def has_zoom(self, card_id: str, width: int) -> bool:
        self._fresh()
        return (card_id, width) in self._zoom

    def warm_zoom(self, card_ids: Iterable[str | None], width: int, budget_s: float) -> bool:
        """Draw missing zoom faces until `budget_s` is spent (always at least one); True
        when none is missing. Called outside animations so hovering a card is instant."""
        import time

        start = time.perf_counter()
        for cid in card_ids:
            if cid is None or (cid, width) in self._zoom or cid not in self.pool:
                continue
            self.zoom(cid, width)
            if time.perf_counter() - start > budget_s:
                return False
        return True

    def face(self, card_id: str, width: int) -> pygame.Surface:
        return self.faces.face(self.pool[card_id], width)

    def back(self, width: int) -> pygame.Surface:
        return self.faces.back(width)

    def plain(self, card_id: str | None, width: int) -> pygame.Surface:
        """The face (or the back when unknown) at `width`."""
        if card_id is None or card_id not in self.pool:
            return self.back(width)
        return self.face(card_id, width)

    def mini(self, card_id: str, width: int) -> pygame.Surface:
        """A card too small for its printed numbers (the far hand opened in a replay): frame
        colour and picture, and a Phantom's Level in a disc at the 13 px floor; the rest is
        read in the zoom on hover. Composed once per (card, width)."""
        self._fresh()
        key = ("mini", card_id, width)
        surf = self._composed.get(key)
        if surf is not None:
            self._composed.move_to_end(key)
            return surf
        from game.ui.faces import _ready

        cdef = self.pool[card_id]
        surf = render_mini_face(cdef, width)
        if cdef.is_phantom:
            with txt.unscaled():
                _level_disc(surf, cdef.level, frame_colour(cdef))
        surf = self._composed[key] = _ready(surf)
        return surf

    def ghost(self, card_id: str, width: int) -> pygame.Surface:
        return self.faces.ghost(self.pool[card_id], width)

    def hand(self, card_id: str, width: int, sp_cost: int | None = None) -> pygame.Surface:
        """A card in the hand: its face with the name in a legible band, and its SP Cost
        when an effect has changed it from the printed Level."""
        self._fresh()
        key = ("hand", card_id, width, sp_cost)
        surf = self._composed.get(key)
        if surf is not None:
            self._composed.move_to_end(key)
            return surf
        surf = self.face(card_id, width).copy()
        cdef = self.pool[card_id]
        with txt.unscaled():
            self._hand_marks(surf, cdef, width, sp_cost)
        self._composed[key] = surf
        return surf

    @staticmethod
    def _hand_marks(surf: pygame.Surface, cdef: CardDef, width: int, sp_cost: int | None) -> None:
        _name_band(surf, cdef.name, surf.get_height() - round(0.22 * width) - 26)
        if cdef.is_phantom and sp_cost is not None and sp_cost != cdef.level:
            colour = style.BUFF if sp_cost < cdef.level else style.DEBUFF
            centre = (width - 17, 17)
            pygame.draw.circle(surf, (10, 12, 20), centre, 14)
            pygame.draw.circle(surf, colour, centre, 14, 2)
            img = txt.text(str(sp_cost), 15, colour, bold=True)
            surf.blit(img, img.get_rect(center=centre))

    def field(self, card: CardView, viewer: int, width: int = CARD_W) -> pygame.Surface:
        """The card as it stands in a slot: turned, face down, live stats."""
        self._fresh()
        peek = not card.face_up and card.card_id is not None and card.controller == viewer
        shown_id = card.card_id if card.face_up else None
        key = (card.card_id if (card.face_up or peek) else None, card.face_up, card.attack_pos,
               card.atk, card.health, card.max_health, card.statuses, peek, width)
        surf = self._composed.get(key)
        if surf is not None:
            self._composed.move_to_end(key)
            return surf
        with txt.unscaled():  # the card's words are sized to the card, not to Settings
            surf = self._compose(card, shown_id, peek, width)
        self._composed[key] = surf
        while len(self._composed) > KEEP:
            self._composed.popitem(last=False)
        return surf

    def _compose(self, card: CardView, shown_id: str | None, peek: bool, width: int) -> pygame.Surface:
        """Turn the picture first, then write on it: words and numbers always read upright.
        In Defense Position the card is turned and scaled to fit its slot (DEF_W x DEF_H),
        from a face without printed numbers (they would read sideways at its edge)."""
        cdef = self.pool.get(shown_id) if shown_id else None
        if card.attack_pos:
            base = self.plain(shown_id, width).copy()
        else:
            flat = render_mini_face(cdef, width) if cdef is not None else self.plain(None, width)
            turned = pygame.transform.rotate(flat, 90)
            size = (round(DEF_W * width / CARD_W), round(DEF_H * width / CARD_W))
            base = pygame.transform.smoothscale(turned, size)
        w, h = base.get_size()
        if cdef is not None and cdef.is_phantom and card.atk is not None:
            _stats_strip(base, cdef, card)
            _name_band(base, cdef.name, h - 33 - 19)
        elif cdef is not None:
            _name_band(base, cdef.name, h - 24)
        if card.statuses:
            _status_marks(base, card.statuses)
        if peek:
            assert card.card_id is not None  # only a known card is peeked at
            _name_band(base, self.pool[card.card_id].name, h - 24, (214, 208, 250))
            _eye(base, (w - 14, 14))
        return base


NAME_PX = 13  # a name on a card on the table: the legibility floor, so it never shrinks


def name_room(card_w: int) -> int:
    """Pixels a name may take on a card `card_w` wide (its band less a pixel each side: the
    longest word of the set, "Crossroads", fits a field card's 80 px at NAME_PX)."""
    return card_w - 6


def name_lines(name: str, room: int) -> list[str]:
    """A name in `room` pixels at NAME_PX: one line; else two, split between words; cut
    with an ellipsis only when even two lines cannot hold it."""
    return txt.two_lines(name, NAME_PX, room, bold=True)


def _name_band(surf: pygame.Surface, name: str, y: int,
               colour: tuple[int, int, int] = (236, 238, 244)) -> None:
    """The card's name at a legible size (the small faces leave words out), in a band whose
    bottom is `y` + 18: a name too long for one line takes two, the band growing upward."""
    w = surf.get_width()
    lines = name_lines(name, name_room(w))
    step = 15
    band = pygame.Rect(2, y - step * (len(lines) - 1), w - 4, 18 + step * (len(lines) - 1))
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    layer.fill((8, 10, 16, 205))
    surf.blit(layer, band)
    for i, line in enumerate(lines):
        img = txt.text(line, NAME_PX, colour, bold=True)
        surf.blit(img, img.get_rect(center=(band.centerx, band.y + 9 + i * step)))


MINI_PX = 13  # the Level on a mini face: the legibility floor, never less


def _level_disc(surf: pygame.Surface, level: int, ring: tuple[int, int, int]) -> None:
    """The Level in a dark disc at the top right, at MINI_PX (one digit fits a 36 px card),
    ringed in the frame colour as on the full face."""
    img = txt.text(str(level), MINI_PX, (236, 238, 244), bold=True)
    r = max(img.get_width(), img.get_height()) // 2 + 2
    centre = (surf.get_width() - r - 1, r + 1)
    pygame.draw.circle(surf, (10, 12, 20), centre, r)
    pygame.draw.circle(surf, ring, centre, r, 1)
    surf.blit(img, img.get_rect(center=centre))


def fit_stat(options: tuple[str, ...], room: int) -> tuple[str, int]:
    """The first wording of a number that fits `room` pixels whole (13 px bold, the text
    floor): "12000/12000" never loses its last digit at the card's edge, it drops words."""
    for s in options:
        if txt.width(s, 13, True) <= room:
            return s, 13
    return options[-1], 13


def stat_room(strip_w: int) -> int:
    """Pixels a stat line may take in a strip `strip_w` wide: 3 px in from each side (the
    Health bar runs along the strip's top, so it takes no width from the numbers)."""
    return strip_w - 6


def _stats_strip(surf: pygame.Surface, cdef: CardDef, card: CardView) -> None:
    """Current ATK and current/max Health over the printed numbers, coloured by change, under
    a thin Health bar: on a card 80 px wide "1900/1900" shows whole."""
    w, h = surf.get_size()
    strip = pygame.Rect(3, h - 33, w - 6, 30)
    layer = pygame.Surface(strip.size, pygame.SRCALPHA)
    layer.fill((8, 10, 16, 228))
    surf.blit(layer, strip)
    atk = card.atk or 0
    hp, mh = card.health or 0, card.max_health or 0
    atk_colour = style.BUFF if atk > cdef.atk else style.DEBUFF if atk < cdef.atk else (255, 214, 160)
    hp_colour = style.DAMAGE if hp < mh else style.BUFF if mh > cdef.health else (176, 232, 184)
    room = stat_room(strip.w)
    a = txt.text(*fit_stat((f"ATK {atk}", f"{atk}"), room), atk_colour, bold=True)
    b = txt.text(*fit_stat((f"HP {hp}/{mh}", f"{hp}/{mh}", f"{hp}"), room), hp_colour, bold=True)
    surf.blit(a, a.get_rect(midleft=(strip.x + 3, strip.y + 10)))
    surf.blit(b, b.get_rect(midleft=(strip.x + 3, strip.y + 23)))
    if mh > 0:  # a thin Health bar along the top of the strip, filled from the left
        bar = pygame.Rect(strip.x + 3, strip.y + 2, strip.w - 6, 2)
        pygame.draw.rect(surf, (50, 20, 24), bar)
        fill = round(bar.w * max(0, min(1, hp / mh)))
        pygame.draw.rect(surf, hp_colour, (bar.x, bar.y, fill, bar.h))


def _status_marks(surf: pygame.Surface, statuses: tuple[str, ...]) -> None:
    x = 6
    for status in statuses:
        centre = (x + 9, 12)
        if status == "protected":
            pts = [(centre[0] - 7, centre[1] - 7), (centre[0] + 7, centre[1] - 7),
                   (centre[0] + 7, centre[1]), (centre[0], centre[1] + 8),
                   (centre[0] - 7, centre[1])]
            pygame.draw.polygon(surf, (20, 24, 36), [(px, py + 1) for px, py in pts])
            pygame.draw.polygon(surf, (140, 200, 250), pts)
            pygame.draw.polygon(surf, (230, 240, 255), pts, 1)
        else:  # cannot_attack and anything new: a red barred circle
            pygame.draw.circle(surf, (20, 24, 36), centre, 9)
            pygame.draw.circle(surf, (236, 96, 96), centre, 8, 2)
            pygame.draw.line(surf, (236, 96, 96), (centre[0] - 5, centre[1] + 5),
                             (centre[0] + 5, centre[1] - 5), 2)
        x += 20


def _eye(surf: pygame.Surface, centre: tuple[int, int]) -> None:
    """The peek marker: only the card's controller sees this face-down card's face."""
    pygame.draw.circle(surf, (10, 12, 20), centre, 11)
    pygame.draw.ellipse(surf, (214, 208, 250), pygame.Rect(centre[0] - 8, centre[1] - 5, 16, 10), 2)
    pygame.draw.circle(surf, (214, 208, 250), centre, 3)
