"""Engine benchmark (not a test): commands per second and full duels per second.

A "command" is what every AI turn costs at least: list the legal actions, pick one uniformly
at random, apply it. Pinned to one core when the OS allows, so numbers compare across runs.

    python scripts/bench.py [--games N] [--seed S] [--repeat R] [--decks A.yaml B.yaml ...]
    python scripts/bench.py --compare REV [--rounds K] [--games N] [--decks ...]

Prints a short table, then one JSON line (for CI logs and comparisons).

`--compare REV` measures this tree against git revision REV (a commit, branch or tag) on
the same machine and core at the same time: REV is unpacked with `git archive` into a
temporary folder, one worker process per tree runs this same benchmark code (importing that
tree's engine), and the two take turns matchup by matchup for K rounds (which goes first
alternating each time), so a slower moment of a shared machine hits both alike; the workers
count CPU time (`time.process_time`), so other processes on the core count less. Prints
commands/s and clone µs per round and tree, the medians and their ratio (this tree / REV),
the median of the round ratios, the ratio of all rounds pooled, and the ratio of each tree's
fastest time per matchup over the rounds (a shared machine only ever slows a run down).
Default decks: the starter decks.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# a --compare worker runs this file's benchmark against another tree's engine
CODE = Path(os.environ.get("PHANTOM_BENCH_TREE") or REPO)
sys.path.insert(0, str(CODE))

from game.ai.random_player import RandomPlayer  # noqa: E402
from game.cards import load_card_set  # noqa: E402
from game.engine import Duel  # noqa: E402

try:  # a tree from before the packages by job (issue 18) is compared too
    from game.decks.deck import Deck, DeckError, load_deck, validate_deck
    from game.designer.sim import duel_seed
    from game.rules.file import load_rules
except ImportError:
    from game.rules_file import load_rules  # type: ignore
    from game.sim import duel_seed  # type: ignore

    from game.decks import Deck, DeckError, load_deck, validate_deck  # type: ignore


def bench_player_seed(duel_seed_: int, k: int) -> int:
    """The random players' seeds, the same in every tree compared (nothing is hidden from a
    random player in a benchmark, so the one-way game.ai.seeds derivation is not needed)."""
    return duel_seed_ * 2 + k


CLOCK = [time.perf_counter]  # --compare workers count CPU time (a shared machine)


@dataclass
class Row:
    matchup: str
    duels: int
    commands: int
    setup_s: float  # building duels (shuffle, opening hands)
    command_s: float  # legal actions + pick + apply
    clone_us: float = 0.0  # median µs of Duel.clone() on mid-duel positions

    @property
    def total_s(self) -> float:
        return self.setup_s + self.command_s

    def as_dict(self) -> dict:
        command_us = 1e6 * self.command_s / self.commands
        return {**asdict(self), "commands_per_second": self.commands / self.command_s,
                "duels_per_second": self.duels / self.total_s,
                "commands_per_duel": self.commands / self.duels,
                "command_us": command_us, "clone_ratio": self.clone_us / command_us}


def pin_one_core() -> str:
    """Run on core 0 only, if the OS lets us; returns what was done."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {0})
            return "core 0"
        except OSError as exc:
            return f"not pinned ({exc.strerror})"
    return "not pinned (no sched_setaffinity)"


def play(pool, rules, a: Deck, b: Deck, games: int, seed: int) -> tuple[int, float, float]:
    """Play `games` duels, seats alternating; returns commands, setup and command seconds."""
    specs = (a.spec(), b.spec())
    commands = 0
    setup_s = command_s = 0.0
    clock = CLOCK[0]
    for game in range(games):
        ds = duel_seed(seed, game)
        order = (0, 1) if game % 2 == 0 else (1, 0)
        players = [RandomPlayer(bench_player_seed(ds, k)) for k in order]
        t0 = clock()
        duel = Duel(pool, rules, [specs[k] for k in order], ds)
        t1 = clock()
        n = 0
        while not duel.over:
            duel.apply(players[duel.deciding_player].choose(duel.legal_actions()))
            n += 1
        command_s += clock() - t1
        setup_s += t1 - t0
        commands += n
    return commands, setup_s, command_s


def clone_us(pool, rules, a: Deck, b: Deck, seed: int, positions: int = 8,
             clones: int = 300) -> float:
    """Median µs of one Duel.clone() over mid-duel positions (each duel played halfway)."""
    clock = CLOCK[0]
    times = []
    for k in range(positions):
        ds = duel_seed(seed + 7919, k)
        rng = RandomPlayer(bench_player_seed(ds, 0))
        probe = Duel(pool, rules, [a.spec(), b.spec()], ds)
        length = 0
        while not probe.over:  # how long this duel runs, to stop it halfway
            probe.apply(rng.choose(probe.legal_actions()))
            length += 1
        rng = RandomPlayer(bench_player_seed(ds, 0))
        duel = Duel(pool, rules, [a.spec(), b.spec()], ds)
        for _ in range(length // 2):
            duel.apply(rng.choose(duel.legal_actions()))
        for _ in range(clones):
            t0 = clock()
            duel.clone()
            times.append(clock() - t0)
    return 1e6 * statistics.median(times)


def worker(decks: list[str], games: int, seed: int) -> int:
    """--compare's side: play one matchup per "slice K" line on stdin (K: the index of the
    deck pair), answer one JSON line each."""
    pin_one_core()
    CLOCK[0] = time.process_time  # CPU time: other processes on the core do not count
    pool, rules = load_card_set(), load_rules()
    loaded = [load_deck(p) for p in decks]
    pairs = list(itertools.combinations(loaded, 2)) or [(loaded[0], loaded[0])]
    play(pool, rules, pairs[0][0], pairs[0][1], 1, seed + 1)  # warm-up: imports, caches
    for line in sys.stdin:
        word, _, k = line.strip().partition(" ")
        if word != "slice" or not k.isdigit() or int(k) >= len(pairs):
            break
        a, b = pairs[int(k)]
        n, _setup, t = play(pool, rules, a, b, games, seed)
        print(json.dumps({"commands": n, "command_s": t,
                          "clone_us": clone_us(pool, rules, a, b, seed, positions=3,
                                               clones=200)}), flush=True)
    return 0


def compare(rev: str, decks: list[str], games: int, seed: int, rounds: int) -> int:
    """This tree against `rev` in two worker processes taking turns per matchup (see the top)."""
    import subprocess
    import tempfile

    from revision import RevisionError, unpack_revision

    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        try:
            other = unpack_revision(rev, Path(tmp))
        except RevisionError as exc:
            print(exc, file=sys.stderr)
            return 2
        trees = {"this": REPO, rev: other}
        procs = {}
        for name, tree in trees.items():
            env = {**os.environ, "PHANTOM_BENCH_TREE": str(tree)}
            procs[name] = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "--worker", "--games",
                 str(games), "--seed", str(seed), "--decks", *decks],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                cwd=str(tree))
        results: dict[str, list[dict]] = {name: [] for name in trees}
        best_s: dict[str, dict[int, float]] = {name: {} for name in trees}
        slice_commands: dict[str, dict[int, int]] = {name: {} for name in trees}
        slices = max(1, len(decks) * (len(decks) - 1) // 2)  # the deck pairs, as the worker
        names = list(trees)
        print(f"Phantom Duel engine: this tree vs {rev}, {games} duels per matchup and "
              f"round, {len(decks)} decks, seed {seed}, {rounds} rounds, both on core 0")
        print(f"{'round':>5}  {'tree':<12} {'commands/s':>10}  {'clone µs':>8}")
        try:
            for r in range(rounds):
                got_round = {name: {"commands": 0, "command_s": 0.0, "clones": []}
                             for name in trees}
                for k in range(slices):
                    # the trees take turns per matchup, the first of each pair alternating,
                    # so a slower moment of the machine falls on both alike
                    for name in (names if (r + k) % 2 == 0 else names[::-1]):
                        proc = procs[name]
                        assert proc.stdin is not None and proc.stdout is not None
                        try:
                            proc.stdin.write(f"slice {k}\n")
                            proc.stdin.flush()
                            line = proc.stdout.readline()
                        except BrokenPipeError:
                            line = ""
                        if not line:
                            print(f"the {name} worker stopped", file=sys.stderr)
                            return 2
                        one = json.loads(line)
                        acc = got_round[name]
                        acc["commands"] += one["commands"]
                        acc["command_s"] += one["command_s"]
                        acc["clones"].append(one["clone_us"])
                        # the fastest time of each matchup over the rounds: a shared
                        # machine only ever slows a run down (timeit's rule)
                        best = best_s[name]
                        best[k] = min(best.get(k, one["command_s"]), one["command_s"])
                        slice_commands[name][k] = one["commands"]
                for name in names:
                    acc = got_round[name]
                    got = {"commands": acc["commands"], "command_s": acc["command_s"],
                           "clone_us": statistics.median(acc["clones"]),
                           "cps": acc["commands"] / acc["command_s"]}
                    results[name].append(got)
                    print(f"{r + 1:>5}  {name[:12]:<12} {got['cps']:>10,.0f}  "
                          f"{got['clone_us']:>8.1f}", flush=True)
        finally:
            for proc in procs.values():
                if proc.stdin:
                    try:
                        proc.stdin.close()
                    except BrokenPipeError:
                        pass
                proc.wait()
    mine, theirs = results["this"], results[rev]
    cps = [statistics.median(x["cps"] for x in res) for res in (mine, theirs)]
    clone = [statistics.median(x["clone_us"] for x in res) for res in (mine, theirs)]
    per_round = [a["cps"] / b["cps"] for a, b in zip(mine, theirs, strict=True)]
    best_cps = {name: sum(slice_commands[name].values()) / sum(best_s[name].values())
                for name in (names[0], rev)}
    best_ratio = best_cps["this"] / best_cps[rev]
    pooled = (sum(x["commands"] for x in mine) / sum(x["command_s"] for x in mine)) / (
        sum(x["commands"] for x in theirs) / sum(x["command_s"] for x in theirs))
    print(f"median commands/s: this {cps[0]:,.0f}, {rev} {cps[1]:,.0f}, "
          f"ratio {cps[0] / cps[1]:.2f} (per round {min(per_round):.2f}-{max(per_round):.2f},"
          f" median {statistics.median(per_round):.2f}; all rounds pooled {pooled:.2f})")
    print(f"best of the rounds per matchup: this {best_cps['this']:,.0f}, {rev} "
          f"{best_cps[rev]:,.0f} commands/s, ratio {best_ratio:.2f}")
    print(f"median clone µs: this {clone[0]:.1f}, {rev} {clone[1]:.1f}, "
          f"ratio {clone[0] / clone[1]:.2f}; clone / command this tree "
          f"{clone[0] * cps[0] / 1e6:.2f}")
    print(json.dumps({"bench": "compare", "rev": rev, "rounds": rounds, "games": games,
                      "commands_per_second": {"this": cps[0], rev: cps[1]},
                      "ratio": cps[0] / cps[1], "round_ratios": per_round,
                      "median_round_ratio": statistics.median(per_round),
                      "pooled_ratio": pooled,
                      "best_commands_per_second": best_cps, "best_ratio": best_ratio,
                      "clone_us": {"this": clone[0], rev: clone[1]},
                      "clone_per_command": clone[0] * cps[0] / 1e6}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="duels per matchup (50)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per matchup; the table shows the best and the median (3): "
                             "a shared machine only ever slows a run down")
    parser.add_argument("--decks", nargs="+", metavar="DECK",
                        help="deck files; every pair plays (one deck: a mirror match); "
                             "default: the test decks (--compare: the starter decks)")
    parser.add_argument("--compare", metavar="REV",
                        help="measure this tree against git revision REV (see the top)")
    parser.add_argument("--rounds", type=int, default=5, help="--compare rounds (5)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.worker:
        return worker(args.decks or [], args.games, args.seed)
    # here, not at the top: a --compare worker imports an older tree that may not have it
    from game.files.resources import STARTER_DECK_DIR, TEST_DECK_DIR

    if args.compare:
        decks = args.decks or [str(p) for p in sorted(STARTER_DECK_DIR.glob("*.yaml"))]
        return compare(args.compare, [str(Path(d).resolve()) for d in decks], args.games,
                       args.seed, max(1, args.rounds))
    pinned = pin_one_core()
    pool, rules = load_card_set(), load_rules()
    decks = []
    for path in args.decks or [str(p) for p in sorted(TEST_DECK_DIR.glob("*.yaml"))]:
        try:
            deck = load_deck(path)
        except DeckError as exc:
            print("\n".join(exc.problems), file=sys.stderr)
            return 2
        problems = validate_deck(deck, pool)
        if problems:
            print(f"{path}: illegal deck: " + "; ".join(problems), file=sys.stderr)
            return 2
        decks.append(deck)
    pairs = list(itertools.combinations(decks, 2)) or [(decks[0], decks[0])]
    play(pool, rules, pairs[0][0], pairs[0][1], 1, args.seed + 1)  # warm-up: imports, caches

    repeat = max(1, args.repeat)
    runs: list[list[Row]] = []  # per repeat, a row per matchup
    for _ in range(repeat):
        rows = []
        for a, b in pairs:
            commands, setup_s, command_s = play(pool, rules, a, b, args.games, args.seed)
            rows.append(Row(f"{a.name} vs {b.name}", args.games, commands, setup_s, command_s,
                            clone_us(pool, rules, a, b, args.seed)))
        if len(rows) > 1:
            rows.append(Row("all", sum(r.duels for r in rows), sum(r.commands for r in rows),
                            sum(r.setup_s for r in rows), sum(r.command_s for r in rows),
                            statistics.median(r.clone_us for r in rows)))
        runs.append(rows)
    rows = [min((run[i] for run in runs), key=lambda r: r.command_s)
            for i in range(len(runs[0]))]
    medians = [statistics.median(run[i].commands / run[i].command_s for run in runs)
               for i in range(len(runs[0]))]

    width = max(len(r.matchup) for r in rows)
    print(f"Phantom Duel engine benchmark: {args.games} duels per matchup, seed {args.seed}, "
          f"{pinned}, Python {platform.python_version()}, best and median of {repeat} runs")
    print(f"{'matchup':<{width}}  {'duels':>6}  {'commands':>9}  {'cmd/duel':>8}  "
          f"{'commands/s':>10}  {'median':>8}  {'duels/s':>8}  {'clone µs':>8}  "
          f"{'clone/cmd':>9}")
    for r, med in zip(rows, medians, strict=True):
        d = r.as_dict()
        print(f"{r.matchup:<{width}}  {r.duels:>6}  {r.commands:>9}  "
              f"{d['commands_per_duel']:>8.1f}  {d['commands_per_second']:>10,.0f}  "
              f"{med:>8,.0f}  {d['duels_per_second']:>8.2f}  {r.clone_us:>8.1f}  "
              f"{d['clone_ratio']:>9.2f}")
    print(json.dumps({"bench": "engine", "games": args.games, "seed": args.seed,
                      "pinned": pinned, "python": platform.python_version(), "repeat": repeat,
                      "rows": [{**r.as_dict(), "median_commands_per_second": med}
                               for r, med in zip(rows, medians, strict=True)]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
