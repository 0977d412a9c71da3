"""Contact sheets of every card face, to look at the whole set at once (not a test).

    python scripts/card_sheet.py [--out out/cards] [--width 200] [--per-row 8] [--rows 4]
                                 [--cards DIR_OR_FILE ...] [--single ID ...]

Writes sheet_01.png, sheet_02.png, ... (cards in file order, each labelled with its id) and
one PNG per `--single` card at full size. Runs headless (SDL dummy video driver).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from game.cards import DEFAULT_CARD_DIR, load_card_set  # noqa: E402
from game.engine.carddefs import CardDef  # noqa: E402
from game.ui.card_face import card_size, render_card_back, render_card_face  # noqa: E402
from game.ui.fonts import font  # noqa: E402

TABLE = (16, 19, 27)
LABEL = (138, 148, 166)


def sheet(cards: list[CardDef], width: int, per_row: int, back: bool = False) -> pygame.Surface:
    """One contact sheet: a grid of faces on the table colour, each with its id under it."""
    cw, ch = card_size(width)
    gap, label_h = 14, 18
    count = len(cards) + (1 if back else 0)
    rows = (count + per_row - 1) // per_row
    cols = min(per_row, count)
    out = pygame.Surface((gap + cols * (cw + gap), gap + rows * (ch + label_h + gap)))
    out.fill(TABLE)
    tiles = [(render_card_face(c, width), c.id) for c in cards]
    if back:
        tiles.append((render_card_back(width), "(card back)"))
    for i, (face, label) in enumerate(tiles):
        x = gap + (i % per_row) * (cw + gap)
        y = gap + (i // per_row) * (ch + label_h + gap)
        out.blit(face, (x, y))
        img = font(12).render(label, True, LABEL)
        out.blit(img, (x + (cw - img.get_width()) // 2, y + ch + 3))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(REPO / "out" / "cards"))
    ap.add_argument("--width", type=int, default=200)
    ap.add_argument("--per-row", type=int, default=8)
    ap.add_argument("--rows", type=int, default=4, help="rows per sheet")
    ap.add_argument("--cards", nargs="*", default=[str(DEFAULT_CARD_DIR)])
    ap.add_argument("--single", nargs="*", default=[], help="card ids to also save alone")
    args = ap.parse_args(argv)

    pygame.init()
    cards = list(load_card_set(args.cards if len(args.cards) != 1 else args.cards[0]).values())
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    per_sheet = args.per_row * args.rows
    start = time.perf_counter()
    chunks = [cards[i : i + per_sheet] for i in range(0, len(cards), per_sheet)]
    for n, chunk in enumerate(chunks, 1):
        path = out / f"sheet_{n:02d}.png"
        pygame.image.save(sheet(chunk, args.width, args.per_row, back=n == len(chunks)), path)
        print(path)
    by_id = {c.id: c for c in cards}
    for card_id in args.single:
        if card_id not in by_id:
            print(f"no card {card_id!r}", file=sys.stderr)
            return 2
        path = out / f"{card_id}_{args.width}.png"
        pygame.image.save(render_card_face(by_id[card_id], args.width), path)
        print(path)
    ms = (time.perf_counter() - start) * 1000 / max(1, len(cards))
    print(f"{len(cards)} cards, about {ms:.1f} ms per face (including the sheet work)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
