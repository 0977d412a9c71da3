"""What the player aids cost: the undo mark kept before each decision (Duel.checkpoint), an
undo (Duel.rewind), and a hint (the Hard level's choice plus its explanation, which the
duel screen runs in its worker thread).

    python scripts/bench_aids.py [--duels N] [--json]

Positions come from random duels of the starter decks (seeded): every 7th command.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.levels import make_player
from game.cards import load_card_set
from game.decks.deck import load_deck
from game.engine import Duel
from game.files.resources import STARTER_DECK_DIR
from game.rules.file import load_rules
from game.ui.duel.advice import HINT_MAX_SECONDS, Advisor, hint_seed

DECKS = ("ember_rush", "veil_control", "hive_swarm", "bastion_wall")


def positions(duels: int) -> list[Duel]:
    pool, rules = load_card_set(), load_rules()
    out = []
    for seed in range(duels):
        rng = random.Random(seed)
        a, b = (load_deck(STARTER_DECK_DIR / f"{rng.choice(DECKS)}.yaml").spec() for _ in range(2))
        duel = Duel(pool, rules, [a, b], seed, auto_pass=False)
        for n in range(400):
            if duel.over:
                break
            if n % 7 == 3 and len(duel.legal_actions()) > 1:
                out.append(duel.clone())
            duel.apply(rng.choice(duel.legal_actions()))
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--duels", type=int, default=6)
    ap.add_argument("--hints", type=int, default=20, help="hints timed (each up to a second)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    pool = load_card_set()
    found = positions(args.duels)
    mark_us, rewind_us, hint_ms = [], [], []
    for duel in found:
        t = time.perf_counter()
        mark = duel.checkpoint()
        mark_us.append((time.perf_counter() - t) * 1e6)
        rng = random.Random(duel.log_size)
        for _ in range(5):
            if duel.over:
                break
            duel.apply(rng.choice(duel.legal_actions()))
        t = time.perf_counter()
        duel.rewind(mark)
        rewind_us.append((time.perf_counter() - t) * 1e6)
    for duel in found[:args.hints]:
        seat = duel.deciding_player
        if seat is None:
            continue
        deck = [c.cid for c in duel.cards if c.owner == seat]
        seed = hint_seed(duel.seed, seat, len(duel.history))
        advisor = Advisor(lambda s=seed, d=deck: make_player("hard", s, pool=pool, deck=d, max_seconds=HINT_MAX_SECONDS), pool,
                          len(duel.history))
        t = time.perf_counter()
        advisor.choose(duel.view(seat))
        hint_ms.append((time.perf_counter() - t) * 1e3)
    report = {
        "positions": len(found),
        "checkpoint_us": {"p50": statistics.median(mark_us), "p95": pct(mark_us, 0.95)},
        "rewind_us": {"p50": statistics.median(rewind_us), "p95": pct(rewind_us, 0.95)},
        "hint_ms": {"n": len(hint_ms), "p50": statistics.median(hint_ms), "p95": pct(hint_ms, 0.95),
                    "max": max(hint_ms)},
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
