"""AI benchmark (not a test): decision latency per level and strength between levels.

    python scripts/bench_ai.py [--json] [--quick] [--jobs J | --scheduler tcp://HOST:8786] [--seed S]

Latency: every decision with a real choice (two or more legal commands) of the measured
level, over whole duels with the starter decks against the Normal player, in this one
process pinned to one core: p50, p95 and max in milliseconds.

Strength: level against level over every ordered pairing of the starter decks (mirrors
included), seats alternating; the win rate of the first-named level with its 95 % interval
(a draw counts as not won). The full run plays at least 400 duels per figure; `--quick` a
small sample. Strength runs may use several processes (`--jobs`) or a Dask cluster
(`--scheduler`, docs/cluster.md): results do not depend on it. Latency is always measured here.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.ai.levels import LEVEL_NAMES, make_player  # noqa: E402
from game.cards import load_card_set  # noqa: E402
from game.cluster import ClusterError  # noqa: E402
from game.decks import load_deck  # noqa: E402
from game.engine import Duel  # noqa: E402
from game.resources import starter_deck  # noqa: E402
from game.rules_file import load_rules  # noqa: E402
from game.sim import Pairing, default_jobs, duel_seed, level_players, run_pairings, wilson  # noqa: E402

STARTERS = ("ember_rush", "hive_swarm", "bastion_wall", "veil_control")
STRENGTH = (  # (key, level A, level B): the win rate of level A
    ("normal_vs_random", "normal", "random"),
    ("hard_vs_normal", "hard", "normal"),
    ("easy_vs_random", "easy", "random"),
    ("easy_vs_normal", "easy", "normal"),
)
FULL = {"duels": 400, "latency_duels": 32}
QUICK = {"duels": 32, "latency_duels": 8}
UNTIMED = {"random"}  # decides at once: no latency to measure
HALF = {"hard"}  # up to a second a move: timed over half as many duels
TIMED = tuple(n for n in LEVEL_NAMES if n not in UNTIMED)  # the levels whose latency counts


def pin_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            core = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {core})
            return f"core {core}"
        except OSError as exc:
            return f"not pinned ({exc.strerror})"
    return "not pinned (no sched_setaffinity)"


def _cards(deck) -> tuple[str, ...]:
    return tuple(deck.main) + tuple(deck.extra)


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


def latency(pool, rules, decks, level: str, duels: int, seed: int,
            max_decisions: int | None = None) -> dict:
    """Decision times of `level` (seat alternating) against Normal over whole duels (or
    until `max_decisions` are timed: a quick sample of a slow level)."""
    times: list[float] = []
    cpu: list[float] = []
    n = len(decks)
    for game in range(duels):
        if max_decisions is not None and len(times) >= max_decisions:
            break
        a, b = decks[game % n], decks[(game // n + game) % n]
        ds = duel_seed(seed, game)
        seat = game % 2
        own, opp = (a, b) if seat == 0 else (b, a)
        players = [None, None]
        players[seat] = make_player(level, ds * 2, pool=pool, rules=rules,
                                    deck=_cards(own), opponent_deck=_cards(opp))
        players[1 - seat] = make_player("normal", ds * 2 + 1, pool=pool, rules=rules,
                                        deck=_cards(opp), opponent_deck=_cards(own))
        duel = Duel(pool, rules, [a.spec(), b.spec()], ds)
        while not duel.over:
            s = duel.deciding_player
            view = duel.view(s)
            t0 = time.perf_counter()
            c0 = time.process_time()
            cmd = players[s].choose(view)
            dt = time.perf_counter() - t0
            dc = time.process_time() - c0
            if s == seat and len(view.legal_actions) > 1:
                times.append(dt)
                cpu.append(dc)
                if max_decisions is not None and len(times) >= max_decisions:
                    break
            duel.apply(cmd)
    times.sort()
    cpu.sort()
    return {"p50_ms": round(1000 * _percentile(times, 0.50), 2),
            "p95_ms": round(1000 * _percentile(times, 0.95), 2),
            "max_ms": round(1000 * (times[-1] if times else 0.0), 2),
            # the same decisions in this process's CPU time: what one idle core would take
            # (wall time counts the other processes of a shared machine too)
            "cpu_p50_ms": round(1000 * _percentile(cpu, 0.50), 2),
            "cpu_p95_ms": round(1000 * _percentile(cpu, 0.95), 2),
            "cpu_max_ms": round(1000 * (cpu[-1] if cpu else 0.0), 2),
            "decisions": len(times), "duels": duels}


def strength(pool, rules, decks, level_a: str, level_b: str, duels: int, seed: int,
             jobs: int, scheduler: str | None = None) -> dict:
    """Win rate of `level_a` against `level_b` over every ordered deck pairing."""
    combos = [(i, j) for i in range(len(decks)) for j in range(len(decks))]
    per = -(-duels // len(combos))  # at least `duels` in all
    pairings = [Pairing(decks[i], decks[j], level_players((level_a, level_b), decks[i], decks[j]),
                        (seed + 7919 * k) & ((1 << 63) - 1))
                for k, (i, j) in enumerate(combos)]
    results = run_pairings(pool, rules, pairings, per, jobs, progress=None, scheduler=scheduler)
    wins = sum(r.wins[r.decks[0]] for r in results)
    draws = sum(r.draws for r in results)
    total = sum(r.duels for r in results)
    lo, hi = wilson(wins, total)
    return {"win_rate": round(wins / total, 4), "duels": total, "wins": wins, "draws": draws,
            "ci95": [round(lo, 4), round(hi, 4)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a small sample (minutes)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="processes for the strength runs (default: the cores)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:8786", default=None,
                        help="play the strength runs on this Dask cluster (docs/cluster.md)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--duels", type=int, default=None, help="duels per strength figure")
    parser.add_argument("--only", nargs="*", default=None,
                        help="measure only these keys (the timed levels: "
                             f"{' '.join(TIMED)}; "
                             "normal_vs_random, ...)")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    duels = args.duels or plan["duels"]
    jobs = args.jobs or default_jobs()
    pool, rules = load_card_set(), load_rules()
    decks = [load_deck(starter_deck(name)) for name in STARTERS]
    wanted = set(args.only) if args.only else None
    out: dict = {}
    start = time.perf_counter()
    for key, a, b in STRENGTH:
        if wanted is None or key in wanted:
            t0 = time.perf_counter()
            try:
                out[key] = strength(pool, rules, decks, a, b, duels, args.seed, jobs,
                                    args.scheduler)
            except ClusterError as exc:
                print(f"bench_ai: {exc}", file=sys.stderr)
                return 2
            out[key]["seconds"] = round(time.perf_counter() - t0, 1)
            if not args.json:
                print(f"{key:18} {out[key]}", flush=True)
    pinned = pin_one_core()  # latency: this process alone, on one core
    for level in TIMED:
        n = plan["latency_duels"] // (2 if level in HALF else 1)
        if wanted is None or level in wanted:
            out[level] = latency(pool, rules, decks, level, n, args.seed)
            if not args.json:
                print(f"{level:18} {out[level]}", flush=True)
    out["meta"] = {"quick": args.quick, "seed": args.seed,
                   "jobs": None if args.scheduler else jobs,
                   "scheduler": args.scheduler, "pinned": pinned,
                   "python": platform.python_version(), "machine": platform.machine(),
                   "cores": os.cpu_count(), "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(out))
    else:
        print(json.dumps(out["meta"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
