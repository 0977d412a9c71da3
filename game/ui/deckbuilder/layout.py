"""Every rectangle of the deck builder, in logical pixels of the 1280x720 canvas.

One table, so the scene, its tests and the benchmark agree on where things are, and a
change of layout is a change here only.
"""

from __future__ import annotations

import pygame

from game.ui import text as txt
from game.ui import theme
from game.ui.widgets.button import LABEL_PAD
from game.ui.widgets.dropdown import MENU_ROOM

W, H = 1280, 720
TOP_H = 60
MARGIN = 16

GRID_FACE_W = 100  # compact faces: picture and numbers; the name is drawn under them
GRID_CAPTION_H = 32  # room for a name in two lines at the floor (panels.caption_lines)
GRID_CELL = (GRID_FACE_W, round(GRID_FACE_W * 1.4) + GRID_CAPTION_H)
GRID_GAP = 10
ZOOM_W = 260  # from 240 px wide a face has no text under 13 px
HAND_FACE_W = 120
ROW_H = 26

SEARCH = pygame.Rect(MARGIN, TOP_H + 10, 440, 40)
SORT = pygame.Rect(SEARCH.right + 10, SEARCH.y, 150, 40)
HINT = pygame.Rect(MARGIN, SEARCH.bottom + 6, 664, 20)
GRID = pygame.Rect(MARGIN, HINT.bottom + 6, 664, H - HINT.bottom - 6 - 12)
BROWSER = pygame.Rect(0, TOP_H, GRID.right + 6, H - TOP_H)

RIGHT_X = BROWSER.right + 10
COL_W = (W - MARGIN - RIGHT_X - 12) // 2
MAIN = pygame.Rect(RIGHT_X, TOP_H + 10, COL_W, 404)
SIDE = pygame.Rect(MAIN.right + 12, MAIN.y, COL_W, 196)
EXTRA = pygame.Rect(SIDE.x, SIDE.bottom + 12, COL_W, MAIN.h - SIDE.h - 12)
LIST_HEAD_H = 34
LEGALITY = pygame.Rect(RIGHT_X, MAIN.bottom + 12, COL_W, H - MAIN.bottom - 12 - 12)
STATS = pygame.Rect(SIDE.x, LEGALITY.y, COL_W, LEGALITY.h)

LISTS = {"main": MAIN, "side": SIDE, "extra": EXTRA}


def list_body(panel: pygame.Rect) -> pygame.Rect:
    """The scrolling rows of a deck list panel (under its heading)."""
    return pygame.Rect(panel.x + 6, panel.y + LIST_HEAD_H + 2, panel.w - 10,
                       panel.h - LIST_HEAD_H - 8)


TOP_LABELS = {"undo": "Undo", "redo": "Redo", "new": "New", "open": "Open", "save": "Save",
              "save_as": "Save as", "deck": "Deck", "import": "Import", "export": "Export",
              "back": "Back"}
TOP_MENUS = ("open", "deck", "import", "export")  # menu buttons: the label, then the arrow


def top_buttons() -> dict[str, pygame.Rect]:
    """The top bar's controls, right-aligned: name -> rect. Laid out by measure: a button
    grows past its usual width when its label at this text size needs it (a menu button's
    label keeps clear of its arrow: game.ui.widgets.dropdown)."""
    spec = [("undo", 66), ("redo", 66), ("gap", 8), ("new", 66), ("open", 92), ("save", 66),
            ("save_as", 92), ("deck", 84), ("gap", 8), ("import", 92), ("export", 92),
            ("gap", 8), ("back", 84)]
    x = W - MARGIN
    out: dict[str, pygame.Rect] = {}
    for name, w in reversed(spec):
        if name != "gap":
            menu = name in TOP_MENUS
            need = txt.width(TOP_LABELS[name], theme.BODY if menu else theme.LABEL, bold=True)
            w = max(w, need + (MENU_ROOM if menu else LABEL_PAD))
        x -= w
        if name != "gap":
            out[name] = pygame.Rect(x, 12, w, 36)
        x -= 6
    return out
