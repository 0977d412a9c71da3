"""AI benchmark (not a test): decision latency per level and strength between levels.

    python scripts/bench_ai.py [--json] [--quick] [--jobs J | --scheduler tcp://HOST:8786] [--seed S]

Deals (issue 40, docs/ai.md "Measuring"): a run seed below `HELD_OUT_FROM` is a tuning deal
(every seed a fit or a change was made from: 2024, 3, 1, 11, ...), one at or above it a
held-out deal. By default a run draws a fresh held-out seed (the system's randomness), prints
it, and labels every figure with it; `--seed S` plays a run again and says which kind S is.
scripts/tune_weights.py refuses held-out seeds, so a held-out figure was never tuned on.

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
import math
import os
import platform
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.ai.levels import LEVEL_NAMES, make_player  # noqa: E402
from game.ai.seeds import player_seed  # noqa: E402
from game.cards import load_card_set  # noqa: E402
from game.decks.deck import load_deck  # noqa: E402
from game.designer.cluster import ClusterError  # noqa: E402
from game.designer.sim import (  # noqa: E402
    Level,
    Pairing,
    default_jobs,
    duel_seed,
    level_players,
    run_pairings,
    wilson,
)
from game.engine import Duel  # noqa: E402
from game.files.resources import starter_deck  # noqa: E402
from game.rules.file import load_rules  # noqa: E402

STARTERS = ("ember_rush", "hive_swarm", "bastion_wall", "veil_control")
STRENGTH = (  # (key, level A, level B): the win rate of level A
    ("normal_vs_random", "normal", "random"),
    ("hard_vs_normal", "hard", "normal"),
    ("easy_vs_random", "easy", "random"),
    ("easy_vs_normal", "easy", "normal"),
)
FULL = {"duels": 400, "latency_duels": 32, "puzzle_attempts": 4}
QUICK = {"duels": 32, "latency_duels": 8, "puzzle_attempts": 1}
DEFAULT_SEED = 2024  # the tuning deal most figures in docs/ai.md before issue 40 were played on
# run seeds below this are tuning deals (2024, 3, 1, 11, 7777, ...: every seed ever fitted on,
# designed from or reported); a held-out seed is drawn at or above it, below 2**62, so no
# pairing seed of a held-out run (seed + 7919·k, `pairings`) is a tuning run's
HELD_OUT_FROM = 1 << 32
HELD_OUT_TO = 1 << 62
UNTIMED = {"random"}  # decides at once: no latency to measure
HALF = {"hard"}  # up to a second a move: timed over half as many duels
TIMED = tuple(n for n in LEVEL_NAMES if n not in UNTIMED)  # the levels whose latency counts


@dataclass(frozen=True)
class Untimed(Level):
    """A level's player whose moves depend on its seed alone: Hard's safety net on the wall
    clock (`max_seconds`) is off, so a busy machine plays the same duels as an idle one."""

    def build(self, seed: int, pool, rules):  # type: ignore[no-untyped-def]
        options = {"max_seconds": math.inf} if self.level == "hard" else {}
        return make_player(self.level, seed, pool=pool, rules=rules,
                           deck=self.deck or None, opponent_deck=self.opponent_deck or None,
                           **options)


def untimed(levels: tuple[str, str], deck_a, deck_b) -> tuple[Untimed, Untimed]:
    a, b = level_players(levels, deck_a, deck_b)
    return Untimed(a.level, a.deck, a.opponent_deck), Untimed(b.level, b.deck, b.opponent_deck)


def deal_kind(seed: int) -> str:
    """"held-out" or "tuning": which set of deals the run seed `seed` belongs to."""
    return "held-out" if HELD_OUT_FROM <= seed < HELD_OUT_TO else "tuning"


def deal_label(seed: int) -> str:
    """What every figure of a run says of its deals: "held-out seed N" or "tuning seed N"."""
    return f"{deal_kind(seed)} seed {seed}"


def fresh_held_out_seed() -> int:
    """A held-out run seed drawn from the system's randomness (never from a fixed seed, so
    nobody tuned on it): outside the tuning set by construction."""
    return HELD_OUT_FROM + secrets.randbelow(HELD_OUT_TO - HELD_OUT_FROM)


def require_tuning(seed: int) -> None:
    """For a fit or any hand-tuning (scripts/tune_weights.py): ValueError on a held-out seed,
    whose figures must stay unseen by tuning."""
    if deal_kind(seed) != "tuning":
        raise ValueError(f"seed {seed} is a held-out deal (at or above {HELD_OUT_FROM}): "
                         f"tuning takes only tuning seeds, below {HELD_OUT_FROM}")


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


def latency_seed(ds: int, seat: int) -> int:
    """The seed of the player in `seat` of a latency duel seeded `ds`: one way, as the client's
    (game/ai/seeds.py), so no level could work the duel seed, and from it the other seat's
    deal, back out of its own (RULES.md I11)."""
    return player_seed(ds, "bench_latency", seat)


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
        players[seat] = make_player(level, latency_seed(ds, seat), pool=pool, rules=rules,
                                    deck=_cards(own), opponent_deck=_cards(opp))
        players[1 - seat] = make_player("normal", latency_seed(ds, 1 - seat), pool=pool,
                                        rules=rules, deck=_cards(opp), opponent_deck=_cards(own))
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


def pairings(decks, levels: tuple[str, str], seed: int) -> list[Pairing]:
    """The 16 ordered pairings of a strength run: level A plays deck i and level B deck j,
    pairing k = 4·i + j with the run seed `seed + 7919·k` (the one home of that formula:
    scripts/trace_hard.py and scripts/tune_weights.py play the same duels from it)."""
    combos = [(i, j) for i in range(len(decks)) for j in range(len(decks))]
    return [Pairing(decks[i], decks[j], untimed(levels, decks[i], decks[j]),
                    (seed + 7919 * k) & ((1 << 63) - 1))
            for k, (i, j) in enumerate(combos)]


def strength(pool, rules, decks, level_a: str, level_b: str, duels: int, seed: int,
             jobs: int, scheduler: str | None = None, log: Path | None = None) -> dict:
    """Win rate of `level_a` against `level_b` over every ordered deck pairing: level A plays
    deck i and level B deck j for all 16 (i, j), each in both seats (seats alternate), so
    both levels play every deck from both seats. With `log`, each duel is written there as a
    JSON line as soon as it ends (a run cut short still counts: `--from-log`)."""
    combos = [(i, j) for i in range(len(decks)) for j in range(len(decks))]
    per = -(-duels // len(combos))  # at least `duels` in all
    prs = pairings(decks, (level_a, level_b), seed)
    if log is None or scheduler is not None:
        results = run_pairings(pool, rules, prs, per, jobs, progress=None,
                               scheduler=scheduler)
        rows = [{"pairing": k, "decks": list(combos[k]), "game": g, "a_won": w, "draw": d}
                for k, r in enumerate(results)
                for g, (w, d) in enumerate(_outcomes(r, per))]
    else:
        rows = _logged_run(pool, rules, prs, combos, per, jobs, log, level_a, level_b, seed)
    return summarise(rows, len(combos))


def _outcomes(result, per: int) -> list[tuple[bool, bool]]:
    """Per-duel outcomes are not kept by a SimResult: its totals, spread as rows."""
    wins = result.wins[result.decks[0]]
    draws = result.draws
    return [(g < wins, wins <= g < wins + draws) for g in range(result.duels)]


def _logged_run(pool, rules, pairings, combos, per: int, jobs: int, log: Path,
                level_a: str, level_b: str, seed: int) -> list[dict]:
    import concurrent.futures as cf
    import multiprocessing as mp

    from game.designer import sim

    tasks = [(0, p, g) for g in range(per) for p in range(len(pairings))]  # pairings interleaved
    payload = (pool, ((rules, tuple(pairings)),))
    rows: list[dict] = []
    with open(log, "a", encoding="utf-8") as out:
        def keep(task, rec) -> None:  # type: ignore[no-untyped-def]
            _, p, g = task
            a_won = rec.winner >= 0 and rec.order[rec.winner] == 0
            row = {"a": level_a, "b": level_b, "pairing": p, "decks": list(combos[p]),
                   "game": g, "a_won": a_won, "draw": rec.winner < 0, "rounds": rec.rounds,
                   "seed": seed}
            rows.append(row)
            out.write(json.dumps(row) + "\n")
            out.flush()

        if jobs <= 1:
            for task in tasks:
                for t, rec in sim.play_tasks(payload, [task]):
                    keep(t, rec)
        else:
            ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
            with cf.ProcessPoolExecutor(jobs, mp_context=ctx, initializer=sim._worker_init,
                                        initargs=(payload,)) as ex:
                futures = [ex.submit(sim._worker_play, [t]) for t in tasks]
                for fut in cf.as_completed(futures):
                    for t, rec in fut.result():
                        keep(t, rec)
    return rows


def summarise(rows: list[dict], pairings: int = 16) -> dict:
    """The win rate of level A over these duels, its 95 % Wilson interval, the draws and how
    many of the ordered deck pairings were played (and the rate in each)."""
    total = len(rows)
    wins = sum(1 for r in rows if r["a_won"])
    draws = sum(1 for r in rows if r["draw"])
    lo, hi = wilson(wins, total)
    by: dict[int, list[int]] = {}
    for r in rows:
        got = by.setdefault(r["pairing"], [0, 0])
        got[0] += r["a_won"]
        got[1] += 1
    return {"win_rate": round(wins / total, 4) if total else 0.0, "duels": total, "wins": wins,
            "draws": draws, "ci95": [round(lo, 4), round(hi, 4)],
            "pairings": len(by), "of_pairings": pairings,
            "per_pairing": {" v ".join(STARTERS[i] for i in _decks_of(rows, k)): f"{w}/{n}"
                            for k, (w, n) in sorted(by.items())}}


def _decks_of(rows: list[dict], pairing: int) -> list[int]:
    return next(r["decks"] for r in rows if r["pairing"] == pairing)


def puzzle_rates(level: str, attempts: int, seed: int) -> dict:
    """How often `level` solves each shipped puzzle: it plays the puzzle's seat for the
    puzzle's goal (as the puzzle screen's computer would), against the puzzle's own opponent,
    `attempts` times with different seeds (the opponent's seed is the file's)."""
    from game.play import puzzles as pz

    shipped = [p for p in pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))
               if isinstance(p, pz.Puzzle)]
    per: dict[str, int] = {}
    solved = total = 0
    for puzzle in shipped:
        run = pz.run_solution(puzzle)
        goal = pz.player_goal(puzzle.goal, puzzle.scenario.start.get("turn", 1))
        deck = [c.cid for c in puzzle.build().cards if c.owner == puzzle.seat]
        options = {"max_seconds": math.inf} if level == "hard" else {}
        wins = 0
        for k in range(attempts):
            me = make_player(level, player_seed(seed, "bench_puzzle", puzzle.key, k),
                             pool=puzzle.scenario.pool, rules=puzzle.scenario.rules, deck=deck,
                             goal=goal, **options)
            status = pz.play_out(puzzle, [], me, pz.opponent_player(puzzle, run.moves))
            wins += status is pz.Status.SOLVED
        per[puzzle.path.stem] = wins
        solved += wins
        total += attempts
    lo, hi = wilson(solved, total)
    return {"solve_rate": round(solved / total, 4) if total else 0.0, "attempts": total,
            "solved": solved, "ci95": [round(lo, 4), round(hi, 4)],
            "puzzles": len(shipped), "puzzles_always_solved": sum(v == attempts for v in per.values()),
            "per_puzzle": per}


def _load() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a small sample (minutes)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="processes for the strength runs (default: the cores)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:8786", default=None,
                        help="play the strength runs on this Dask cluster (docs/cluster.md)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the run seed, to play a run again (default: a fresh held-out "
                             f"seed; below {HELD_OUT_FROM} a tuning deal, e.g. {DEFAULT_SEED})")
    parser.add_argument("--duels", type=int, default=None, help="duels per strength figure")
    parser.add_argument("--log", type=Path, default=None,
                        help="write every strength duel to this file (JSON lines) as it ends")
    parser.add_argument("--from-log", type=Path, default=None,
                        help="only summarise the duels of a --log file (a run cut short)")
    parser.add_argument("--only", nargs="*", default=None,
                        help="measure only these keys (the timed levels: "
                             f"{' '.join(TIMED)}; "
                             "normal_vs_random, ...; puzzles or puzzles_LEVEL)")
    args = parser.parse_args(argv)
    if args.from_log is not None:
        lines = [json.loads(x) for x in args.from_log.read_text().splitlines() if x.strip()]
        keys = sorted({(r["a"], r["b"]) for r in lines})
        out = {}
        for a, b in keys:
            rows = [r for r in lines if (r["a"], r["b"]) == (a, b)]
            out[f"{a}_vs_{b}"] = summarise(rows)
            out[f"{a}_vs_{b}"]["deal"] = ", ".join(sorted(
                {deal_label(r["seed"]) for r in rows if "seed" in r})) or "deal not logged"
        print(json.dumps(out))
        return 0
    seed = fresh_held_out_seed() if args.seed is None else args.seed
    label = deal_label(seed)
    print(f"bench_ai: {label}" + (" (drawn fresh for this run; --seed "
                                  f"{seed} plays it again)" if args.seed is None else
                                  "" if deal_kind(seed) == "held-out" else
                                  " (a tuning deal: its figures are not held-out figures)"),
          file=sys.stderr, flush=True)
    plan = QUICK if args.quick else FULL
    duels = args.duels or plan["duels"]
    jobs = args.jobs or default_jobs()
    pool, rules = load_card_set(), load_rules()
    decks = [load_deck(starter_deck(name)) for name in STARTERS]
    wanted = set(args.only) if args.only else None
    out: dict = {}
    start = time.perf_counter()
    load_start = _load()
    for key, a, b in STRENGTH:
        if wanted is None or key in wanted:
            t0 = time.perf_counter()
            try:
                out[key] = strength(pool, rules, decks, a, b, duels, seed, jobs,
                                    args.scheduler, args.log)
            except ClusterError as exc:
                print(f"bench_ai: {exc}", file=sys.stderr)
                return 2
            out[key]["seconds"] = round(time.perf_counter() - t0, 1)
            out[key]["deal"] = label
            if not args.json:
                print(f"{key:18} {label}: {out[key]}", flush=True)
    for level in LEVEL_NAMES:
        key = f"puzzles_{level}"
        if wanted is None or key in wanted or "puzzles" in wanted:
            t0 = time.perf_counter()
            out[key] = puzzle_rates(level, plan["puzzle_attempts"], seed)
            out[key]["seconds"] = round(time.perf_counter() - t0, 1)
            out[key]["deal"] = label  # the players' seeds; the positions are the puzzles'
            if not args.json:
                print(f"{key:18} {label}: {out[key]}", flush=True)
    pinned = pin_one_core()  # latency: this process alone, on one core
    for level in TIMED:
        n = plan["latency_duels"] // (2 if level in HALF else 1)
        if wanted is None or level in wanted:
            out[level] = latency(pool, rules, decks, level, n, seed)
            out[level]["deal"] = label
            if not args.json:
                print(f"{level:18} {label}: {out[level]}", flush=True)
    out["meta"] = {"quick": args.quick, "seed": seed, "deal": deal_kind(seed),
                   "jobs": None if args.scheduler else jobs,
                   "scheduler": args.scheduler, "pinned": pinned,
                   "python": platform.python_version(), "machine": platform.machine(),
                   "cores": os.cpu_count(), "seconds": round(time.perf_counter() - start, 1),
                   # the machine's 1-minute load average when the run began and ended: on a
                   # shared machine, what the wall times (not the results) depended on
                   "load_average": [load_start, _load()]}
    if args.json:
        print(json.dumps(out))
    else:
        print(json.dumps(out["meta"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
