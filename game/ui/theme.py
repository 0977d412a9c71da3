"""One calm palette and the text sizes every screen shares.

Colours live here rather than in each scene so the deck builder, the setup screen and the
duel screen read as one game; sizes are in logical pixels at 1280x720 (the app scales the
whole surface), and nothing is smaller than MIN_TEXT, the legibility floor.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

LOGICAL_SIZE = (1280, 720)
MIN_TEXT = 13

# the table
BG_TOP: Colour = (18, 22, 31)
BG_BOTTOM: Colour = (10, 12, 18)
PANEL: Colour = (24, 29, 40)
PANEL_EDGE: Colour = (44, 53, 72)
PANEL_DARK: Colour = (16, 19, 27)

# text
TEXT: Colour = (226, 230, 238)
TEXT_DIM: Colour = (138, 148, 166)
TEXT_FAINT: Colour = (98, 108, 126)

# accents
ACCENT: Colour = (232, 176, 76)  # amber, the Phantom frame colour
GOOD: Colour = (110, 196, 126)
BAD: Colour = (226, 96, 96)
INFO: Colour = (104, 170, 226)

# controls
BUTTON: Colour = (32, 39, 54)
BUTTON_HOVER: Colour = (48, 58, 80)
BUTTON_PRESSED: Colour = (26, 31, 44)
BUTTON_EDGE: Colour = (62, 74, 98)
BUTTON_DISABLED: Colour = (26, 30, 38)
FIELD: Colour = (14, 17, 24)
FOCUS: Colour = ACCENT
SCRIM = (6, 8, 12, 170)  # behind a modal dialog

# text sizes (logical px)
SMALL = 14
BODY = 16
LABEL = 17
HEADING = 20
TITLE = 28


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` (0..1) of the way to `b`."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))
