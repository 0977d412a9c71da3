"""Tune the evaluation's weights to duel outcomes (a designer's tool, not a test).

    python scripts/tune_weights.py collect --games 40 --levels normal normal --out pos.pkl
    python scripts/tune_weights.py fit pos.pkl [pos2.pkl ...] [--base hard] [--passes 4]

The method is the one chess engines call Texel tuning: play many duels, keep the position
at the start of every turn (where Hard's playouts stop and are scored), and label it with
how the duel ended for each seat (1 won, 0 lost, 0.5 drawn). A good evaluation predicts
that label: `sigmoid(evaluate(position, seat) / K)` should be near it. `fit` changes one
weight at a time (`Weights`' numbers but `FIXED`: `lp`, the unit, stays 1) while the
log-loss over the positions falls, and prints the weights it found with the loss on
positions of duels it did not fit (every fifth duel is held out), so a gain that is only
fitting noise shows. `--decks` fits each starter deck's strength beside them, as a nuisance
the weights then need not explain. `--base handset` starts from the hand-set numbers Hard
had before (`HANDSET`), as the landed fit did; `hard` from Hard's numbers now.

`collect` plays every ordered pairing of the four starter decks, deck A in both seats, with
the levels given (the players of `bench_ai.py`, Hard by its budget alone), from `--seed`: a
tuning deal only (below `bench_ai.HELD_OUT_FROM`; a held-out seed is refused, so the
figures bench_ai.py draws fresh were never fitted on).
The positions are whole duels (the real one, not a seat's view: the evaluation is judged
on what is really there), pickled. docs/ai.md ("Seventh look") gives what this found.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import time
from dataclasses import fields, replace
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

import bench_ai  # noqa: E402

from game.ai.evaluate import DEFAULT, Weights, evaluate  # noqa: E402
from game.ai.search import HARD_WEIGHTS  # noqa: E402
from game.cards import load_card_set  # noqa: E402
from game.decks.deck import load_deck  # noqa: E402
from game.designer.sim import duel_seed, player_seed  # noqa: E402
from game.engine import Duel  # noqa: E402
from game.files.resources import starter_deck  # noqa: E402
from game.rules.file import load_rules  # noqa: E402

# the unit; what is not a number; and `latent_clock`, which is reasoned, not predicted: when
# the side facing Bastion has the smaller deck, a stall decks it out first, so the damage that
# lets the Mirrorwall Golems come must be taken (docs/ai.md "Seventh look")
FIXED = {"lp", "goal", "sp_by_draw", "latent_clock"}
# Hard's hand-set numbers before the fit (docs/ai.md "Fourth look"): where the landed fit began
HANDSET = replace(DEFAULT, latent_extra=1.0, sp_by_draw=True, castable=0.75)
INTS = {"low_lp_at": 500, "sp_useful": 1, "deck_low_at": 1}  # whole numbers: the step


def collect(games: int, levels: tuple[str, str], seed: int,
            only: list[int] | None = None) -> list[tuple[Duel, int, float, int]]:
    """(position, seat, outcome for that seat, duel number) at the start of every turn of
    `games` duels of every ordered pairing (or the pairings `only` lists), both seats, of
    the tuning deal `seed` (a held-out seed is refused: `bench_ai.require_tuning`)."""
    bench_ai.require_tuning(seed)
    pool, rules = load_card_set(), load_rules()
    decks = [load_deck(starter_deck(name)) for name in bench_ai.STARTERS]
    out: list[tuple[Duel, int, float, int]] = []
    t0 = time.process_time()
    prs = bench_ai.pairings(decks, levels, seed)
    for k in range(len(prs)) if only is None else only:
        pr = prs[k]
        facs = pr.factories
        specs = (pr.deck_a.spec(), pr.deck_b.spec())
        for g in range(games):
            ds = duel_seed(pr.seed, g)
            order = (0, 1) if g % 2 == 0 else (1, 0)
            players = [facs[o].build(player_seed(ds, o), pool, rules) for o in order]
            duel = Duel(pool, rules, [specs[o] for o in order], ds)
            snaps = []
            turn = None
            while not duel.over:
                if duel.state.turn != turn:
                    turn = duel.state.turn
                    snaps.append(duel.clone())
                seat = duel.deciding_player
                assert seat is not None
                duel.apply(players[seat].choose(duel.view(seat)))
            w = duel.winner
            for s in snaps:
                for seat in (0, 1):
                    out.append((s, seat, 0.5 if w == -1 else float(w == seat), k * games + g))
        print(f"pairing {k}: {len(out)} positions, {time.process_time() - t0:.0f} s",
              file=sys.stderr)
    return out


@cache
def _starter_cards() -> tuple[frozenset[str], ...]:
    """Each starter deck's card ids, in bench_ai.STARTERS order (read once)."""
    decks = (load_deck(starter_deck(name)) for name in bench_ai.STARTERS)
    return tuple(frozenset(d.main) | frozenset(d.extra) for d in decks)


def deck_index(duel: Duel, seat: int) -> int:
    """Which starter deck seat `seat` plays (the one sharing most of its cards)."""
    mine = {c.cid for c in duel.cards if c.owner == seat}
    starters = _starter_cards()
    return max(range(len(starters)), key=lambda i: len(mine & starters[i]))


def loss(rows, w: Weights, k: float, strength: list[float]) -> float:
    """Mean log-loss of sigmoid(evaluate / k + the decks' strengths) against the outcomes:
    a deck that wins more whatever the position is a nuisance the weights must not learn
    (Veil's set cards would otherwise be paid for Veil's wins)."""
    total = 0.0
    for duel, seat, y, _, mine, theirs in rows:
        x = evaluate(duel, seat, w) / k + strength[mine] - strength[theirs]
        x = max(-30.0, min(30.0, x))
        p = 1.0 / (1.0 + math.exp(-x))
        p = min(1 - 1e-9, max(1e-9, p))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def fit(data, base: Weights, passes: int,
        decks_too: bool = False) -> tuple[Weights, float, list[float]]:
    """Coordinate descent on the numbers of `base`, the scale K and (`decks_too`) the
    decks' strengths; every fifth duel is held out."""
    decks: dict[int, tuple[int, int]] = {}
    rows = []
    for duel, seat, y, gid in data:
        if id(duel) not in decks:
            decks[id(duel)] = (deck_index(duel, 0), deck_index(duel, 1))
        d = decks[id(duel)]
        rows.append((duel, seat, y, gid, d[seat], d[1 - seat]))
    train = [r for r in rows if r[3] % 5]
    held = [r for r in rows if not r[3] % 5]
    names = [f.name for f in fields(Weights) if f.name not in FIXED]
    w, k, st = base, 2000.0, [0.0] * 4

    def scale_and_decks(best: float) -> float:
        nonlocal k, st
        for _ in range(3):
            for kk in (k * 1.25, k / 1.25, k * 1.05, k / 1.05):
                e = loss(train, w, kk, st)
                if e < best:
                    best, k = e, kk
            for i in range(1, 4) if decks_too else ():
                for step in (0.2, -0.2, 0.05, -0.05):
                    cand = st[:i] + [st[i] + step] + st[i + 1:]
                    e = loss(train, w, k, cand)
                    if e < best:
                        best, st = e, cand
        return best

    best = scale_and_decks(loss(train, w, k, st))
    print(f"start: K {k:.0f} decks {[round(x, 2) for x in st]} train {best:.5f} "
          f"held {loss(held, w, k, st):.5f}", file=sys.stderr)
    steps = {n: 0.25 for n in names}
    for p in range(passes):
        for n in names:
            v = getattr(w, n)
            if n in INTS:
                tries = [v + INTS[n], v - INTS[n]]
            elif v == 0:
                tries = [0.25] if n in ("latent_extra", "castable") else [0.1, 50.0]
            else:
                tries = [v * (1 + steps[n]), v * (1 - steps[n])]
            moved = False
            for t in tries:
                if t < 0:
                    continue
                cand = replace(w, **{n: int(t) if n in INTS else t})
                e = loss(train, cand, k, st)
                if e < best - 1e-6:
                    best, w, moved = e, cand, True
                    break
            if not moved and n not in INTS:
                steps[n] /= 2
        best = scale_and_decks(best)
        print(f"pass {p + 1}: K {k:.0f} decks {[round(x, 2) for x in st]} train {best:.5f} "
              f"held {loss(held, w, k, st):.5f}", file=sys.stderr)
    return w, k, st


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=20)
    c.add_argument("--levels", nargs=2, default=["normal", "normal"])
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--base", choices=("hard", "handset", "normal"), default="hard")
    f.add_argument("--decks", action="store_true", help="fit the decks' strengths too")
    f.add_argument("--passes", type=int, default=4)
    args = ap.parse_args()
    if args.cmd == "collect":
        try:
            bench_ai.require_tuning(args.seed)
        except ValueError as exc:
            ap.error(str(exc))
        data = collect(args.games, tuple(args.levels), args.seed)
        with open(args.out, "wb") as fh:
            pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        return
    data = []
    for name in args.files:
        with open(name, "rb") as fh:
            data += pickle.load(fh)
    base = {"hard": HARD_WEIGHTS, "handset": HANDSET, "normal": DEFAULT}[args.base]
    w, k, st = fit(data, base, args.passes, args.decks)
    changed = {n.name: getattr(w, n.name) for n in fields(Weights)
               if getattr(w, n.name) != getattr(base, n.name)}
    print(f"K {k:.0f}; decks {st}; changed from {args.base}: {changed}")


if __name__ == "__main__":
    main()
