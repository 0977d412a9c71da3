"""Every rectangle of the duel screen, computed in one place from one 1280x720 grid.

The app shell scales the logical canvas to the window, so the layout never changes with a
resize; nothing else in game/ui/duel hard-codes a pixel position. "Near" is the side drawn at
the bottom (the player whose view is shown), "far" the opponent at the top.

```
+-----------+----------------------------------------------+-----------+
| zoom      |  far hand (backs)                            | far LP/SP |
|           |  [env][ ][back][back][back][ ][deck]         | phase bar |
| terms     |  [ext][SB][ Ph ][ Ph ][ Ph ][SB][grave]      | [action]  |
+-----------+  - - - - - - - - - - - - - - - - - - - - -   | LINES     |
| log       |  [env][SB][ Ph ][ Ph ][ Ph ][SB][grave]      | prompt    |
|           |  [ext][ ][back][back][back][ ][deck]         | undo hint |
|           |                                              | settings  |
|           |  near hand                                   | near LP/SP|
+-----------+----------------------------------------------+-----------+
```
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine import Zone

W, H = 1280, 720
CARD_W, CARD_H = 80, 112  # a card on the field (portrait)
BOX_W, BOX_H = 96, 116  # a slot
# a Defense Position card: the card turned sideways and scaled to fit its slot's width, so it
# never reaches over a neighbour (the 112 x 80 of a turned field card did, by 8 px a side)
DEF_W = BOX_W - 2
DEF_H = round(DEF_W * CARD_W / CARD_H)
COL_GAP = 8
HAND_W, HAND_H = 112, 157
HAND_LIFT = 40  # a hovered hand card rises this much
FAR_HAND_W, FAR_HAND_H = 36, 50
TRAY_W, TRAY_H = 80, 112
ZOOM_W = 240

LEFT = pygame.Rect(6, 6, 250, H - 12)
BOARD = pygame.Rect(262, 0, 746, H)
RIGHT = pygame.Rect(1014, 6, 260, H - 12)

# board rows (y of each row's slot box)
FAR_HAND_Y = 4
FAR_BACK_Y = 58
FAR_FRONT_Y = 178
MID_Y = 300  # the line between the two fields
NEAR_FRONT_Y = 306
NEAR_BACK_Y = 426
NEAR_HAND_Y = 552


@dataclass(frozen=True)
class SlotKey:
    """A place on one side of the field: a slot, or a pile drawn as a slot."""

    side: int  # 0: near (bottom), 1: far (top)
    zone: Zone
    index: int = 0


@dataclass
class DuelLayout:
    size: tuple[int, int] = (W, H)
    slots: dict[SlotKey, pygame.Rect] = field(default_factory=dict)  # slot boxes and piles

    def __post_init__(self) -> None:
        x0 = BOARD.x + (BOARD.w - (7 * BOX_W + 6 * COL_GAP)) // 2
        cols = [x0 + i * (BOX_W + COL_GAP) for i in range(7)]
        self.columns = cols
        for side, front, back in ((0, NEAR_FRONT_Y, NEAR_BACK_Y), (1, FAR_FRONT_Y, FAR_BACK_Y)):
            for i in range(3):
                self.slots[SlotKey(side, Zone.PHANTOM, i)] = pygame.Rect(cols[2 + i], front, BOX_W, BOX_H)
                self.slots[SlotKey(side, Zone.BACK, i)] = pygame.Rect(cols[2 + i], back, BOX_W, BOX_H)
            mid = (front + back + BOX_H) // 2 - BOX_H // 2
            self.slots[SlotKey(side, Zone.SIDE, 0)] = pygame.Rect(cols[1], mid, BOX_W, BOX_H)
            self.slots[SlotKey(side, Zone.SIDE, 1)] = pygame.Rect(cols[5], mid, BOX_W, BOX_H)
            # environment and piles: the row nearer the middle holds Environment and Graveyard
            self.slots[SlotKey(side, Zone.ENV, 0)] = pygame.Rect(cols[0], front, BOX_W, BOX_H)
            self.slots[SlotKey(side, Zone.EXTRA, 0)] = pygame.Rect(cols[0], back, BOX_W, BOX_H)
            self.slots[SlotKey(side, Zone.GRAVE, 0)] = pygame.Rect(cols[6], front, BOX_W, BOX_H)
            self.slots[SlotKey(side, Zone.DECK, 0)] = pygame.Rect(cols[6], back, BOX_W, BOX_H)
        # left column
        self.zoom = pygame.Rect(LEFT.x + (LEFT.w - ZOOM_W) // 2, LEFT.y + 4, ZOOM_W, round(ZOOM_W * 1.4))
        self.terms = pygame.Rect(LEFT.x, self.zoom.bottom + 6, LEFT.w, 58)
        self.log = pygame.Rect(LEFT.x, self.terms.bottom + 6, LEFT.w, LEFT.bottom - self.terms.bottom - 6)
        # right column
        r = RIGHT
        self.far_panel = pygame.Rect(r.x, r.y, r.w, 82)
        self.phase_bar = pygame.Rect(r.x, self.far_panel.bottom + 8, r.w, 62)
        self.action = pygame.Rect(r.x, self.phase_bar.bottom + 6, r.w, 40)
        self.near_panel = pygame.Rect(r.x, r.bottom - 82, r.w, 82)
        self.settings = pygame.Rect(r.x, self.near_panel.y - 38, r.w, 32)
        self.aids = pygame.Rect(r.x, self.settings.y - 34, r.w, 28)  # Undo and Hint
        self.lines = pygame.Rect(r.x, self.action.bottom + 8, r.w,
                                 self.aids.y - 6 - self.action.bottom - 8)
        # board strips
        self.near_hand = pygame.Rect(cols[0], NEAR_HAND_Y, cols[6] + BOX_W - cols[0], H - NEAR_HAND_Y)
        self.far_hand = pygame.Rect(cols[1], FAR_HAND_Y, cols[5] + BOX_W - cols[1], FAR_HAND_H)
        self.mid_line = MID_Y
        self.tray = pygame.Rect(cols[0], NEAR_BACK_Y - 6, cols[6] + BOX_W - cols[0], TRAY_H + 36)
        self.banner = pygame.Rect(BOARD.x, MID_Y - 34, BOARD.w, 68)
        self.menu = pygame.Rect(cols[6] + 4, FAR_HAND_Y + 8, BOX_W - 8, 32)  # the pause menu button

    # --------------------------------------------------------------- slots
    def slot(self, side: int, zone: Zone, index: int = 0) -> pygame.Rect:
        return self.slots[SlotKey(side, zone, index)]

    def card_rect(self, side: int, zone: Zone, index: int = 0, attack: bool = True) -> pygame.Rect:
        """Where a card stands in a slot: portrait, or sideways in Defense Position (scaled to
        fit the slot)."""
        box = self.slot(side, zone, index)
        size = (CARD_W, CARD_H) if attack else (DEF_W, DEF_H)
        return pygame.Rect(0, 0, *size).move(box.centerx - size[0] // 2, box.centery - size[1] // 2)

    # --------------------------------------------------------------- hands
    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """The near hand, fanned: cards overlap only when they would not fit side by side."""
        return _row(self.near_hand.inflate(-8, 0), count, HAND_W, HAND_H, NEAR_HAND_Y + 4, 10)

    def far_hand_rects(self, count: int) -> list[pygame.Rect]:
        return _row(self.far_hand, count, FAR_HAND_W, FAR_HAND_H, FAR_HAND_Y, 4)

    def tray_rects(self, count: int) -> list[pygame.Rect]:
        inner = self.tray.inflate(-16, 0)
        return _row(inner, count, TRAY_W, TRAY_H, self.tray.y + 28, 8)


def _row(area: pygame.Rect, count: int, w: int, h: int, y: int, gap: int) -> list[pygame.Rect]:
    if count <= 0:
        return []
    step: float = w + gap
    if count * w + (count - 1) * gap > area.w:
        step = (area.w - w) / max(1, count - 1)
    total = w + step * (count - 1)
    x0 = area.centerx - total / 2
    return [pygame.Rect(round(x0 + i * step), y, w, h) for i in range(count)]


LAYOUT = DuelLayout()
