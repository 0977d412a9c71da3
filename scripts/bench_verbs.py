"""Verb hot-path benchmark (not a test): CPU time per command of random duels between the
starter decks, which use every verb; each command lists the legal actions (the nothing-to-
do rule asks every activatable ability's verbs) and applies one (verbs run).

CPU time of this process (`time.process_time`), not wall time, so a busy shared machine
disturbs the numbers less; best of --repeat runs.

    python scripts/bench_verbs.py [--games N] [--repeat R] [--repo PATH] [--decks A B ...]

`--repo` benchmarks another checkout of the project (to compare a change with main).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="duels per pairing (4)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best counts (3)")
    parser.add_argument("--repo", type=Path, default=REPO, help="checkout to benchmark")
    parser.add_argument("--decks", nargs="+", type=Path,
                        help="deck files, relative to the checkout (default: the starter decks)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.repo.resolve()))
    from game.ai.random_player import RandomPlayer
    from game.cards import load_card_set
    from game.decks.deck import load_deck
    from game.engine import Duel
    from game.files.resources import STARTER_DECK_DIR
    from game.rules.file import load_rules

    pool, rules = load_card_set(), load_rules()
    paths = [args.repo / p for p in args.decks] if args.decks \
        else sorted(STARTER_DECK_DIR.glob("*.yaml"))
    decks = [load_deck(p) for p in paths]
    best = None
    for _ in range(args.repeat):
        commands = 0
        start = time.process_time()
        for (a, b), game in itertools.product(itertools.combinations(decks, 2),
                                              range(args.games)):
            duel = Duel(pool, rules, [a.spec(), b.spec()], game)
            players = [RandomPlayer(game * 2 + s) for s in (0, 1)]
            while not duel.over:
                duel.apply(players[duel.deciding_player].choose(duel.legal_actions()))
                commands += 1
        cpu = time.process_time() - start
        us = cpu / commands * 1e6
        best = us if best is None else min(best, us)
    print(json.dumps({"bench": "verbs", "repo": str(args.repo), "games": args.games,
                      "commands": commands, "best_cpu_us_per_command": round(best or 0, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
