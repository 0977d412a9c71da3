"""Engine benchmark by instruction count (not a test): machine instructions per random command.

On a shared machine CPU time moves by 10 % or more between runs of the same code; the
number of instructions a command executes does not (the same duels, the same seeds, the same
interpreter). This runs random duels between the starter decks under valgrind's cachegrind
(which counts every instruction executed, all cache simulation off) and prints instructions
per command, for this tree and, with `--compare REV`, for git revision REV too (unpacked with
`git archive`, as `bench.py --compare` does) and the ratio. Setup (imports, loading cards) is
taken out by also counting a run that plays no duel.

    python scripts/bench_count.py [--games 1] [--compare REV] [--cache]

It needs `valgrind` and takes minutes (a command runs about fifty times slower under it). A
lower count is faster only in the usual case: memory and cache behaviour do not show here, so
a claimed speed-up is still measured with `bench.py --compare`. `--cache` turns cachegrind's
cache simulation on (several times slower) and prints the first-level instruction and data
cache misses per command too: on this kind of machine a miss costs about ten instructions'
time, so a tree can run 1.6x fewer instructions and gain less CPU time (docs/engine.md,
"Speed").
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from revision import RevisionError, unpack_revision

REPO = Path(__file__).resolve().parent.parent


def play(tree: Path, games: int) -> int:
    """The worker: `games` duels per pair of starter decks (seed 0); returns commands."""
    import itertools

    sys.path.insert(0, str(tree))
    from game.ai.random_player import RandomPlayer
    from game.cards import load_card_set
    from game.engine import Duel

    try:  # a tree from before the packages by job (issue 18) is counted too
        from game.decks.deck import load_deck
        from game.designer.sim import duel_seed
        from game.rules.file import load_rules
    except ImportError:
        from game.rules_file import load_rules  # type: ignore
        from game.sim import duel_seed  # type: ignore

        from game.decks import load_deck  # type: ignore
    try:
        from game.files.resources import STARTER_DECK_DIR
    except ImportError:
        try:
            from game.resources import STARTER_DECK_DIR  # type: ignore
        except ImportError:  # an older tree kept its decks at the top
            STARTER_DECK_DIR = tree / "decks"
    pool, rules = load_card_set(), load_rules()
    decks = [load_deck(p) for p in sorted(STARTER_DECK_DIR.glob("*.yaml"))]
    commands = 0
    for a, b in itertools.combinations(decks, 2):
        specs = (a.spec(), b.spec())
        for game in range(games):
            ds = duel_seed(0, game)
            order = (0, 1) if game % 2 == 0 else (1, 0)
            players = [RandomPlayer(ds * 2 + k) for k in order]  # as bench.py: same in both trees
            duel = Duel(pool, rules, [specs[k] for k in order], ds)
            while not duel.over:
                duel.apply(players[duel.deciding_player].choose(duel.legal_actions()))
                commands += 1
    return commands


# what cachegrind counts (its summary's label -> our name); misses only with the cache simulation
COUNTED = {"I   refs": "instructions", "I1  misses": "i1_misses", "D1  misses": "d1_misses"}


def count(tree: Path, games: int, cache: bool = False) -> tuple[dict[str, int], int]:
    """({what: how many}, commands) of playing `games` duels per pair in `tree`."""
    proc = subprocess.run(
        ["valgrind", "--tool=cachegrind", f"--cache-sim={'yes' if cache else 'no'}",
         "--cachegrind-out-file=/dev/null",
         sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), str(games)],
        capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONHASHSEED": "0"})  # string hashes fixed: the count repeats
    found = {}
    for label, name in COUNTED.items():
        got = re.search(label + r":\s+([\d,]+)", proc.stderr)
        if got is not None:
            found[name] = int(got.group(1).replace(",", ""))
    done = re.search(r"^commands (\d+)$", proc.stdout, re.M)
    if proc.returncode != 0 or "instructions" not in found or done is None or (
            cache and len(found) != len(COUNTED)):
        raise RuntimeError(f"valgrind run failed in {tree}:\n{proc.stderr[-2000:]}")
    return found, int(done.group(1))


def per_command(tree: Path, games: int, cache: bool = False) -> tuple[dict[str, float], int]:
    """Each count per command, setup (a run that plays no duel) taken out."""
    base, _ = count(tree, 0, cache)
    total, commands = count(tree, games, cache)
    return {k: (total[k] - base[k]) / commands for k in total}, commands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="duels per deck pair (1)")
    parser.add_argument("--compare", metavar="REV", help="also count git revision REV")
    parser.add_argument("--cache", action="store_true",
                        help="also count first-level cache misses (slower)")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(f"commands {play(Path(args.worker[0]), int(args.worker[1]))}")
        return 0
    if shutil.which("valgrind") is None:
        print("bench_count needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 2
    result: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-count-") as tmp:
        trees = {"this": REPO}
        if args.compare:
            try:
                other = unpack_revision(args.compare, Path(tmp))
            except RevisionError as exc:
                print(exc, file=sys.stderr)
                return 2
            trees[args.compare] = other
        for name, tree in trees.items():
            counts, commands = per_command(tree, args.games, args.cache)
            result[name] = {f"{k}_per_command": v for k, v in counts.items()}
            result[name]["commands"] = commands
            misses = "".join(f"  {counts[k]:>8,.0f} {k.replace('_', ' ')}"
                             for k in ("i1_misses", "d1_misses") if k in counts)
            print(f"{name:<12} {commands:>6} commands  {counts['instructions']:>12,.0f} "
                  f"instructions per command{misses}", flush=True)
    if args.compare:
        for k in ("instructions", "i1_misses", "d1_misses"):
            key = f"{k}_per_command"
            if key in result["this"]:
                ratio = result[args.compare][key] / result["this"][key]
                print(f"{args.compare} / this, {k.replace('_', ' ')}: {ratio:.3f} "
                      "(above 1: this tree has fewer)")
    print(json.dumps({"bench": "count", "games": args.games, "trees": result}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
