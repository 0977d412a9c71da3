"""The balance report as a picture: the win-rate matrix as a heat map and the per-seat
figures with their 95 % intervals, drawn with pygame headless (no window, no extra package).
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

from game.files.resources import FONT_BOLD, FONT_REGULAR

from .balance import BalanceRun
from .sim import SimResult, wilson

if TYPE_CHECKING:
    import pygame

Report = SimResult | BalanceRun  # one pairing, or every deck against every other
Cell = tuple[int, int] | None  # (wins, duels) of the row deck against the column deck

FONT = FONT_REGULAR
BOLD = FONT_BOLD
BG = (24, 26, 32)
INK = (230, 232, 238)
FAINT = (140, 146, 160)
GRID = (60, 64, 76)


def _heat(rate: float) -> tuple[int, int, int]:
    """Red below 50 %, green above, grey at 50 % (a designer sees imbalance at a glance)."""
    rate = min(1.0, max(0.0, rate))
    mid = (96, 98, 106)
    if rate < 0.5:
        t = (0.5 - rate) * 2
        end = (200, 56, 56)
    else:
        t = (rate - 0.5) * 2
        end = (48, 168, 88)
    return tuple(int(m + (e - m) * t) for m, e in zip(mid, end, strict=True))  # type: ignore[return-value]


def _table(report: Report) -> tuple[list[str], list[list[Cell]],
                                    dict[str, dict[str, tuple[int, int]]]]:
    """Deck names, (wins, duels) cells row vs column, and per-deck seat totals."""
    if isinstance(report, SimResult):
        names = list(report.decks)
        a, b = names
        cells = [[None, (report.wins[a], report.duels)], [(report.wins[b], report.duels), None]]
        seats = {n: {s: (report.seats[n][s].wins, report.seats[n][s].duels)
                     for s in ("first", "second")} for n in names}
        return names, cells, seats
    names = list(report.decks)
    cells = [[report.cell(r, c) for c in range(len(names))] for r in range(len(names))]
    return names, cells, report.seat_totals()


def render(report: Report, title: str = "Phantom Duel balance") -> pygame.Surface:
    """A pygame Surface with the heat map (left) and the per-seat bars (right)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(FONT), 15)
    small = pygame.font.Font(str(FONT), 12)
    bold = pygame.font.Font(str(BOLD), 20)
    names, cells, seats = _table(report)
    n = len(names)
    cell = max(70, min(120, 520 // max(1, n)))
    label_w = 150
    top = 110
    grid_w = label_w + cell * n
    bars_x = grid_w + 60
    bar_h = 22
    rows_h = max(cell * n, (bar_h * 2 + 18) * n)
    width = bars_x + 100 + 300 + 100
    height = top + rows_h + 110
    surf = pygame.Surface((width, height))
    surf.fill(BG)

    def text(s: str, pos: tuple[int, int], f: pygame.font.Font = font,
             color: tuple[int, int, int] = INK, anchor: str = "topleft") -> None:
        img = f.render(s, True, color)
        rect = img.get_rect(**{anchor: pos})
        surf.blit(img, rect)

    text(title, (20, 16), bold)
    players = getattr(report, "players", ("?", "?"))
    text(f"{report.duels} duels, players {players[0]} (row) vs {players[1]} (column); "
         f"95 % intervals in brackets", (20, 46), small, FAINT)
    text("Win rate of the row's deck against the column's", (20, top - 40), small, FAINT)
    for c, name in enumerate(names):
        text(name[:14], (label_w + c * cell + cell // 2, top - 6), small, FAINT, "midbottom")
    for r, name in enumerate(names):
        y = top + r * cell
        text(name[:20], (label_w - 8, y + cell // 2), font, INK, "midright")
        for c in range(n):
            x = label_w + c * cell
            rect = pygame.Rect(x + 2, y + 2, cell - 4, cell - 4)
            got = cells[r][c]
            if not got or not got[1]:
                pygame.draw.rect(surf, GRID, rect, 1)
                text("-", rect.center, font, FAINT, "center")
                continue
            rate = got[0] / got[1]
            lo, hi = wilson(*got)
            pygame.draw.rect(surf, _heat(rate), rect)
            text(f"{rate:.0%}", (rect.centerx, rect.centery - 8), bold, INK, "center")
            text(f"[{lo:.0%}-{hi:.0%}]", (rect.centerx, rect.centery + 14), small, INK, "center")
    # per-seat bars: win rate going first and going second, with the 95 % interval
    text("Win rate going first (F) / second (S)", (bars_x, top - 40), small, FAINT)
    scale = 300
    x0 = bars_x + 100
    for i, name in enumerate(names):
        y = top + i * (bar_h * 2 + 18)
        text(name[:14], (bars_x, y + bar_h), small, INK, "midleft")
        for k, seat in enumerate(("first", "second")):
            w, d = seats[name][seat]
            rate = w / d if d else 0.0
            lo, hi = wilson(w, d)
            yy = y + k * bar_h
            pygame.draw.rect(surf, GRID, (x0, yy + 3, scale, bar_h - 6), 1)
            color = (90, 140, 220) if seat == "first" else (220, 160, 70)
            pygame.draw.rect(surf, color, (x0, yy + 3, int(scale * rate), bar_h - 6))
            pygame.draw.line(surf, INK, (x0 + int(scale * lo), yy + bar_h // 2),
                             (x0 + int(scale * hi), yy + bar_h // 2), 2)
            text(f"{seat[0].upper()} {rate:.0%}", (x0 + scale + 8, yy + bar_h // 2), small,
                 INK, "midleft")
    mid = x0 + scale // 2
    pygame.draw.line(surf, FAINT, (mid, top - 4), (mid, top + n * (bar_h * 2 + 18)), 1)
    text("50 %", (mid, top + n * (bar_h * 2 + 18) + 4), small, FAINT, "midtop")
    return surf


def save_png(report: Report, path: str | Path, title: str = "Phantom Duel balance") -> None:
    """Draw the report and write it as a PNG atomically (a failed save leaves the old file)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout may be --json
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.files.fileio import atomic_write_bytes

    surf = render(report, title)
    buffer = io.BytesIO()
    pygame.image.save(surf, buffer, "balance.png")
    atomic_write_bytes(str(path), buffer.getvalue())
