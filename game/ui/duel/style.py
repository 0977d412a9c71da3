"""The duel screen's colours and sizes on top of the shared theme: player colours, highlights.

Seats keep their colour for the whole match (Player 1 blue, Player 2 rose), whichever side
of the screen they sit on in hotseat, so a Step or a log line is read at a glance.
"""

from __future__ import annotations

from game.ui import theme

PLAYER_COLOURS = ((96, 166, 236), (232, 118, 146))
TABLE = (14, 18, 26)
FIELD_NEAR = (20, 26, 37)
FIELD_FAR = (22, 24, 34)
SLOT_EDGE = (48, 58, 78)
SLOT_FILL = (18, 22, 31)
SIDE_BALANCE = (122, 104, 168)  # Side Balance slots: visibly another kind of slot
PLAYABLE = theme.ACCENT  # cards that can act now glow amber
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


def player_name(seat: int, names: tuple[str, str] | None = None) -> str:
    if names is not None:
        return names[seat]
    return f"Player {seat + 1}"
