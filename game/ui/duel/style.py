"""The duel screen's colours and sizes on top of the shared theme: player colours, highlights.

Seats keep their colour for the whole match (Player 1 blue, Player 2 rose), whichever side
of the screen they sit on in hotseat, so a Step or a log line is read at a glance. Settings'
colour-blind-safe palette (game/ui/look.py) swaps the pair for blue and orange, apart under
every common colour-vision deficiency, and adds each seat's shape (`MARKS`: Player 1 a circle,
Player 2 a triangle) to its cards, its panel and its Steps, so colour is never alone.
"""

from __future__ import annotations

import pygame

PALETTES = {
    "standard": ((96, 166, 236), (232, 118, 146)),
    # IBM's colour-blind-safe blue and orange (tests/ui/test_access.py checks them apart under
    # simulated protanopia, deuteranopia and tritanopia, and legible on the table)
    "colour_blind": ((100, 143, 255), (254, 97, 0)),
}
PLAYER_COLOURS = PALETTES["standard"]  # the pair in use (`set_palette` changes it)
MARKS = ("circle", "triangle")  # each seat's shape, drawn beside its colour when `marked`
marked = False
TABLE = (14, 18, 26)
FIELD_NEAR = (20, 26, 37)
FIELD_FAR = (22, 24, 34)
SLOT_EDGE = (48, 58, 78)
SLOT_FILL = (18, 22, 31)
SIDE_BALANCE = (122, 104, 168)  # Side Balance slots: visibly another kind of slot
# cards that can act now glow white: no card frame's hue (game/ui/duel/playable_mark.py)
PLAYABLE = (255, 255, 255)
TARGET = (110, 206, 132)  # legal drop targets
ENEMY_TARGET = (236, 96, 96)  # attack targets
FOCUS = (250, 236, 170)
DAMAGE = (246, 98, 92)
HEAL = (120, 220, 140)
BUFF = (120, 220, 140)
DEBUFF = (246, 120, 100)
PHASES = (("standby", "Stby"), ("main1", "M1"), ("battle", "BP"), ("main2", "M2"), ("end", "End"))


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % 2]


def set_palette(name: str) -> None:
    """Use palette `name` ("standard" or "colour_blind"; shapes come with the second)."""
    global PLAYER_COLOURS, marked
    PLAYER_COLOURS = PALETTES.get(name, PALETTES["standard"])
    marked = name == "colour_blind"


def draw_mark(surface: pygame.Surface, seat: int, centre: tuple[int, int], size: int,
              colour: tuple[int, int, int] | None = None) -> pygame.Rect:
    """Seat `seat`'s shape (a circle or a triangle) `size` pixels across, outlined dark so it
    reads on any card; returns its rect."""
    colour = colour or player_colour(seat)
    r = size / 2
    cx, cy = centre
    if MARKS[seat % 2] == "circle":
        pygame.draw.circle(surface, (8, 10, 16), centre, round(r) + 2)
        pygame.draw.circle(surface, colour, centre, round(r))
    else:
        pts = [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
        out = [(cx, cy - r - 3), (cx + r + 3, cy + r * 0.8 + 2), (cx - r - 3, cy + r * 0.8 + 2)]
        pygame.draw.polygon(surface, (8, 10, 16), out)
        pygame.draw.polygon(surface, colour, pts)
    return pygame.Rect(round(cx - r - 3), round(cy - r - 3), size + 6, size + 6)


def player_name(seat: int, names: tuple[str, str] | None = None) -> str:
    if names is not None:
        return names[seat]
    return f"Player {seat + 1}"
