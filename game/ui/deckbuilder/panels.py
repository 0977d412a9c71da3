"""Drawing the deck builder's pieces: grid cells, deck list rows and panel frames.

Plain functions of (surface, data, rect, state): the scene decides what to show and where;
these decide how it looks. Everything blitted comes from caches (faces, text).
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.decks.deck import MAIN_MIN
from game.decks.edit import LIST_MAX, LIST_TITLES
from game.engine.carddefs import CardDef
from game.ui import text as txt
from game.ui import theme
from game.ui.card_face import frame_colour
from game.ui.deckbuilder import layout as L
from game.ui.faces import FaceStore
from game.ui.widgets import ItemState

ROW_BUTTON_W = 22
CAPTION_STEP = 14  # between a two-line name's lines (13 px text)
UNKNOWN = (120, 120, 130)


def panel(surface: pygame.Surface, rect: pygame.Rect, glow: theme.Colour | None = None) -> None:
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
    pygame.draw.rect(surface, glow or theme.PANEL_EDGE, rect, width=2 if glow else 1,
                     border_radius=10)


def grid_cell(surface: pygame.Surface, cdef: CardDef, rect: pygame.Rect, state: ItemState,
              faces: FaceStore, in_deck: int) -> None:
    """A compact face with the name under it and the copies already in the deck."""
    face = faces.face(cdef, L.GRID_FACE_W)
    lift = 3 if state.hovered else 0
    fr = face.get_rect(midtop=(rect.centerx, rect.y - lift))
    if state.hovered or state.selected:
        colour = theme.ACCENT if state.hovered or state.focused else theme.TEXT_DIM
        pygame.draw.rect(surface, colour, fr.inflate(6, 6), width=2, border_radius=10)
    surface.blit(face, fr)
    ink = theme.TEXT if state.hovered or state.selected else theme.TEXT_DIM
    lines = caption_lines(cdef.name, caption_room(rect, surface.get_clip()))
    if len(lines) == 1:  # under the face, inside the cell at any text size
        img = txt.text(lines[0], theme.MIN_TEXT, ink)
        txt.blit_text(surface, lines[0], theme.MIN_TEXT, ink,
                      (rect.centerx, min(fr.bottom + 3, rect.bottom - img.get_height())), anchor="midtop")
    else:  # two lines at the floor, in the cell's caption room
        with txt.unscaled():
            for i, line in enumerate(lines):
                txt.blit_text(surface, line, theme.MIN_TEXT, ink,
                              (rect.centerx, fr.bottom + 1 + i * CAPTION_STEP), anchor="midtop")
    if in_deck:
        badge = pygame.Rect(0, 0, 26, 22)
        badge.topleft = (fr.x - 4, fr.y + 6)
        pygame.draw.rect(surface, theme.ACCENT, badge, border_radius=11)
        pygame.draw.rect(surface, (30, 22, 8), badge, width=2, border_radius=11)
        txt.blit_text(surface, f"{in_deck}", theme.MIN_TEXT, (24, 18, 6), badge.center,
                      bold=True, anchor="center")


def caption_room(cell: pygame.Rect, view: pygame.Rect) -> int:
    """How wide a name under a grid face may be: into half the gaps beside the cell, but
    centred on the cell and inside the grid's view (the first column's name was cut at the
    view's left edge: "shen Overlord")."""
    return max(0, min(cell.w + L.GRID_GAP - 2, 2 * (cell.centerx - view.left),
                      2 * (view.right - cell.centerx)))


def caption_lines(name: str, room: int) -> list[str]:
    """A grid face's name whole in `room` pixels: one line (shrunk at a larger text size,
    down to the floor), else two lines at the floor split between words; cut only if even
    that fails (no card of the game does: tests/ui/test_deckbuilder_names.py)."""
    if txt.fit(name, theme.MIN_TEXT, room) == name:
        return [name]
    with txt.unscaled():
        return txt.two_lines(name, theme.MIN_TEXT, room)


def row_buttons(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The "-" and "+" buttons at the right end of a hovered deck list row."""
    minus = pygame.Rect(rect.right - 2 * ROW_BUTTON_W - 8, rect.y + 2, ROW_BUTTON_W, rect.h - 4)
    plus = pygame.Rect(rect.right - ROW_BUTTON_W - 4, rect.y + 2, ROW_BUTTON_W, rect.h - 4)
    return minus, plus


def list_row(surface: pygame.Surface, entry: tuple[str, int], rect: pygame.Rect,
             state: ItemState, pool: Mapping[str, CardDef], mouse: tuple[int, int],
             over_limit: bool) -> None:
    """`3x  | Ember Imp        L1` with the type colour as a stripe; +/- when hovered."""
    cid, n = entry
    cdef = pool.get(cid)
    if state.hovered or state.selected:
        fill = theme.BUTTON_HOVER if state.hovered else theme.BUTTON
        pygame.draw.rect(surface, fill, rect, border_radius=5)
    if state.focused:
        pygame.draw.rect(surface, theme.FOCUS, rect, width=2, border_radius=5)
    stripe = frame_colour(cdef) if cdef else UNKNOWN
    pygame.draw.rect(surface, stripe, (rect.x + 3, rect.y + 4, 4, rect.h - 8), border_radius=2)
    count_colour = theme.BAD if over_limit else theme.ACCENT
    txt.blit_text(surface, f"{n}\u00d7", theme.BODY, count_colour, (rect.x + 12, rect.centery),
                  bold=True, anchor="midleft")
    right = rect.right - 6
    if state.hovered:
        minus, plus = row_buttons(rect)
        for r, sign in ((minus, "\u2212"), (plus, "+")):
            hot = r.collidepoint(mouse)
            pygame.draw.rect(surface, theme.ACCENT if hot else theme.BUTTON, r, border_radius=4)
            txt.blit_text(surface, sign, theme.BODY, (20, 16, 8) if hot else theme.TEXT,
                          r.center, bold=True, anchor="center")
        right = minus.x - 4
    elif cdef is not None and cdef.is_phantom:
        lv = txt.text(f"L{cdef.level}", theme.SMALL, theme.TEXT_DIM)
        surface.blit(lv, lv.get_rect(midright=(right, rect.centery)))
        right -= lv.get_width() + 6
    name = cdef.name if cdef else f"? {cid}"
    colour = theme.TEXT if cdef else theme.BAD
    x = rect.x + 44
    txt.blit_text(surface, txt.fit(name, theme.SMALL + 1, right - x), theme.SMALL + 1, colour,
                  (x, rect.centery), anchor="midleft")


def list_heading(surface: pygame.Surface, lname: str, rect: pygame.Rect, size: int,
                 empty_hint: bool) -> None:
    """"MAIN DECK   34 / 30-50" over a deck list, the count red while out of bounds."""
    head = pygame.Rect(rect.x, rect.y, rect.w, L.LIST_HEAD_H)
    txt.blit_text(surface, LIST_TITLES[lname].upper(), theme.SMALL, theme.TEXT_DIM,
                  (head.x + 12, head.centery), bold=True, anchor="midleft")
    bounds = f"{MAIN_MIN}\u2013{LIST_MAX[lname]}" if lname == "main" else f"max {LIST_MAX[lname]}"
    ok = (MAIN_MIN <= size <= LIST_MAX[lname]) if lname == "main" else size <= LIST_MAX[lname]
    count = txt.text(str(size), theme.LABEL, theme.GOOD if ok else theme.BAD, bold=True)
    limit = txt.text(f" / {bounds}", theme.SMALL, theme.TEXT_DIM)
    x = head.right - 12 - limit.get_width()
    surface.blit(limit, limit.get_rect(midleft=(x, head.centery)))
    surface.blit(count, count.get_rect(midright=(x, head.centery)))
    pygame.draw.line(surface, theme.PANEL_EDGE, (head.x + 8, head.bottom), (head.right - 8, head.bottom))
    if empty_hint:
        body = L.list_body(rect)
        hint = "Drag cards here" if lname != "extra" else "Drag Extra Deck Phantoms here"
        txt.blit_text(surface, hint, theme.SMALL, theme.TEXT_FAINT, body.center, anchor="center")


def problem_row(surface: pygame.Surface, line: str, rect: pygame.Rect, state: ItemState) -> None:
    bullet = line.startswith("\u2022 ")
    x = rect.x + (4 if bullet else 16)
    txt.blit_text(surface, line, theme.SMALL, theme.TEXT if bullet else theme.TEXT_DIM,
                  (x, rect.centery), anchor="midleft")
