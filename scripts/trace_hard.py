"""Play duels of the benchmark's Hard-against-Normal run again, alone, to study Hard (not a test).

    python scripts/trace_hard.py trace PAIRING GAME [--seedx N] [--opt KEY=JSON ...]
    python scripts/trace_hard.py play PAIRING:GAME[,PAIRING:GAME...] --out FILE [--seedx N] [--opt ...]

A duel of `scripts/bench_ai.py --only hard_vs_normal` depends only on its seeds (pairing k,
Hard's deck i against Normal's deck j with k = 4·i + j, has the run seed `seed + 7919·k`;
game g's duel seed and both players' seeds come from it as in `game.designer.sim`), so any
one duel plays again alone, move for move (its `--log` names each duel's pairing and game).

- `trace` prints the hands, SP, decks and boards at each turn (read from the real duel: the
  players saw only their views) and every decision with a real choice, Hard's with the mean
  score of each candidate its search kept (`HardPlayer.last_scores`).
- `play` plays the listed duels one after another and appends one JSON line per duel to
  `--out` (a duel already there is skipped): whether Hard won, the rounds, the CPU seconds.

`--seed S` plays the duels of `bench_ai.py --seed S` (default: the benchmark's own, `bench_ai.DEFAULT_SEED`).
`--weight FIELD=JSON` changes one field of Hard's evaluation weights (`search.HARD_WEIGHTS`).
`--opt KEY=JSON` passes an option to the Hard player (`budget`, `samples`, `top`,
`horizon`); `--seedx N` plays Hard with its seed XOR N: the same duels (same deals, same
Normal) with other samples of the hidden cards, which shows how much of a result is the
luck of Hard's sampling (docs/ai.md, "Third look"). Pin it to a core with `taskset -c N`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

import bench_ai  # noqa: E402

from game.ai.levels import make_player  # noqa: E402
from game.cards import load_card_set  # noqa: E402
from game.decks.deck import load_deck  # noqa: E402
from game.designer.sim import Pairing, duel_seed, play_duel, player_seed  # noqa: E402
from game.engine import Duel  # noqa: E402
from game.engine.legal import phantoms_of  # noqa: E402
from game.engine.model import BACKROW_ZONES  # noqa: E402
from game.engine.query import atk, health  # noqa: E402
from game.files.resources import starter_deck  # noqa: E402
from game.rules.file import load_rules  # noqa: E402

OPTIONS: dict = {}  # what --opt gives the Hard player
WEIGHTS: dict = {}  # what --weight changes in Hard's evaluation (search.HARD_WEIGHTS)
SEEDX = [0]  # what --seedx XORs Hard's seed with
SEED = [bench_ai.DEFAULT_SEED]  # the benchmark run's seed (bench_ai.py --seed)


@dataclass(frozen=True)
class Traced(bench_ai.Untimed):
    """bench_ai's player factory (Hard by its budget alone) with the options of this run."""

    def build(self, seed, pool, rules):  # type: ignore[no-untyped-def]
        if self.level != "hard":
            return super().build(seed, pool, rules)
        options = {"max_seconds": math.inf, **OPTIONS}
        if WEIGHTS:
            from game.ai.search import HARD_WEIGHTS

            options["weights"] = replace(HARD_WEIGHTS, **WEIGHTS)
        return make_player("hard", seed ^ SEEDX[0], pool=pool, rules=rules,
                           deck=self.deck or None, opponent_deck=self.opponent_deck or None,
                           **options)


def pairings(seed: int = bench_ai.DEFAULT_SEED) -> tuple[list[Pairing], list[tuple[int, int]]]:
    """The 16 pairings of the benchmark's hard_vs_normal run, as `bench_ai.strength` builds them."""
    decks = [load_deck(starter_deck(name)) for name in bench_ai.STARTERS]
    combos = [(i, j) for i in range(len(decks)) for j in range(len(decks))]
    out = [replace(pr, factories=tuple(Traced(f.level, f.deck, f.opponent_deck)
                                       for f in pr.factories))
           for pr in bench_ai.pairings(decks, ("hard", "normal"), seed)]
    return out, combos


def _name(duel: Duel, uid: int) -> str:
    return duel.pool[duel.cards[uid].cid].id


def _describe(duel: Duel, cmd) -> str:  # type: ignore[no-untyped-def]
    fields = {k: getattr(cmd, k) for k in getattr(cmd, "__slots__", ())} or dict(vars(cmd))
    parts = []
    for key, value in fields.items():
        if key in ("player", "zone", "index"):
            continue
        if key in ("card", "attacker") or (key == "target" and isinstance(value, int) and value >= 0):
            value = _name(duel, value)
        elif key == "targets":
            value = tuple(_name(duel, u) for u in value)
        parts.append(f"{key}={value}")
    return f"{type(cmd).__name__}({', '.join(parts)})"


def _side(duel: Duel, seat: int, hard: int) -> str:
    ps = duel.state.players[seat]
    field = [f"{_name(duel, c.uid)}({atk(duel, c)}/{health(duel, c)}"
             f"{'A' if c.attack_pos else 'D'}{'' if c.face_up else ' face down'})"
             for c in phantoms_of(duel, seat)]
    back = [_name(duel, u) + ("" if duel.cards[u].face_up else " (set)")
            for z in BACKROW_ZONES for u in ps.slots[z]
            if u is not None and not duel.pool[duel.cards[u].cid].is_phantom]
    who = "Hard  " if seat == hard else "Normal"
    return (f"  {who} LP {ps.lp} SP {ps.sp} deck {len(ps.deck)} hand "
            f"{[_name(duel, u) for u in ps.hand]} back {back} field {field}")


def trace(pairing: int, game: int) -> None:
    pool, rules = load_card_set(), load_rules()
    prs, combos = pairings(SEED[0])
    pr = prs[pairing]
    ds = duel_seed(pr.seed, game)
    order = (0, 1) if game % 2 == 0 else (1, 0)  # deck index in seat 0 and seat 1
    players = [pr.factories[k].build(player_seed(ds, k), pool, rules) for k in order]
    hard = order.index(0)
    duel = Duel(pool, rules, [(pr.deck_a.spec(), pr.deck_b.spec())[k] for k in order], ds)
    print(f"pairing {pairing} game {game}: Hard plays {bench_ai.STARTERS[combos[pairing][0]]} "
          f"in seat {hard}, Normal {bench_ai.STARTERS[combos[pairing][1]]}")
    turn = None
    while not duel.over:
        st = duel.state
        if st.turn != turn:
            turn = st.turn
            print(f"turn {turn}")
            for seat in (hard, 1 - hard):
                print(_side(duel, seat, hard))
        seat = duel.deciding_player
        view = duel.view(seat)
        fell_back = getattr(players[seat], "fallbacks", 0)
        cmd = players[seat].choose(view)
        if len(view.legal_actions) > 1:
            line = f"  {'H' if seat == hard else 'N'} {_describe(duel, cmd)}"
            if getattr(players[seat], "fallbacks", 0) != fell_back:
                line += "   (from the view alone: a choice in the middle of a resolution)"
            scores = getattr(players[seat], "last_scores", None) if seat == hard else None
            if scores and "view alone" not in line:
                line += "   || " + "; ".join(f"{_describe(duel, c)} = {m:.0f}" for c, m in scores)
            print(line)
        duel.apply(cmd)
    print(f"winner: {'Hard' if duel.winner == hard else 'nobody' if duel.winner < 0 else 'Normal'}"
          f" ({duel.end_reason})")


def play(tasks: list[tuple[int, int]], out: Path) -> None:
    pool, rules = load_card_set(), load_rules()
    prs, combos = pairings(SEED[0])
    done = set()
    if out.exists():
        done = {(r["pairing"], r["game"]) for r in map(json.loads, out.read_text().splitlines())}
    with open(out, "a", encoding="utf-8") as f:
        for p, g in tasks:
            if (p, g) in done:
                continue
            pr = prs[p]
            t0 = time.process_time()
            rec = play_duel(pool, rules, (pr.deck_a.spec(), pr.deck_b.spec()), pr.factories,
                            pr.seed, g)
            row = {"pairing": p, "decks": list(combos[p]), "game": g,
                   "a_won": rec.winner >= 0 and rec.order[rec.winner] == 0,
                   "draw": rec.winner < 0, "rounds": rec.rounds,
                   "cpu": round(time.process_time() - t0, 1), "reason": rec.end_reason,
                   "options": OPTIONS, "weights": WEIGHTS, "seedx": SEEDX[0], "seed": SEED[0]}
            f.write(json.dumps(row) + "\n")
            f.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("trace", help="print one duel move by move")
    one.add_argument("pairing", type=int)
    one.add_argument("game", type=int)
    many = sub.add_parser("play", help="play duels, one JSON line each")
    many.add_argument("tasks", help="PAIRING:GAME[,PAIRING:GAME...]")
    many.add_argument("--out", type=Path, required=True)
    for p in (one, many):
        p.add_argument("--seedx", type=int, default=0, help="XOR Hard's seed with this")
        p.add_argument("--seed", type=int, default=bench_ai.DEFAULT_SEED,
                       help="the benchmark run's seed (bench_ai.py --seed): which deals")
        p.add_argument("--opt", action="append", default=[], metavar="KEY=JSON",
                       help="an option of the Hard player (budget, samples, top, horizon)")
        p.add_argument("--weight", action="append", default=[], metavar="FIELD=JSON",
                       help="a field of Hard's evaluation weights (evaluate.Weights)")
    args = parser.parse_args(argv)
    for opt in args.opt:
        key, _, value = opt.partition("=")
        OPTIONS[key] = json.loads(value)
    for opt in args.weight:
        key, _, value = opt.partition("=")
        WEIGHTS[key] = json.loads(value)
    SEEDX[0] = args.seedx
    SEED[0] = args.seed
    if args.what == "trace":
        trace(args.pairing, args.game)
    else:
        tasks = [tuple(int(x) for x in t.split(":")) for t in args.tasks.split(",") if t.strip()]
        play([(p, g) for p, g in tasks], args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
