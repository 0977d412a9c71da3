"""Cluster benchmark (not a test): duels per second on a LocalCluster of 1, 2, ... worker
processes against `--jobs 1` in this process, same duels, same report.

    python scripts/bench_cluster.py [--workers 1 2] [--games N] [--players A B] [--json]

Each run plays the four starter decks' six pairings, `--games` duels each, seed 0. The time
counts the dispatch (connecting, the version check, the scatter, the chunks) but not the
cluster's start. On a real cluster the workers are other machines (docs/cluster.md).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.cards import load_card_set  # noqa: E402
from game.decks.deck import load_deck  # noqa: E402
from game.designer.balance import run_balance  # noqa: E402
from game.files.resources import starter_deck  # noqa: E402
from game.rules.file import load_rules  # noqa: E402

STARTERS = ("ember_rush", "hive_swarm", "bastion_wall", "veil_control")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--games", type=int, default=8, help="duels per pairing (8)")
    parser.add_argument("--players", nargs=2, default=["normal", "normal"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from distributed import LocalCluster

    pool, rules = load_card_set(), load_rules()
    decks = [load_deck(starter_deck(name)) for name in STARTERS]
    out: dict = {"games_per_pairing": args.games, "players": args.players, "runs": {}}

    def timed(label: str, **how) -> dict:
        t0 = time.perf_counter()
        res = run_balance(pool, rules, decks, args.games, 0, args.players, **how)
        seconds = time.perf_counter() - t0
        row = {"duels": res.duels, "seconds": round(seconds, 2),
               "duels_per_second": round(res.duels / seconds, 2),
               "report": res.to_dict(timing=False)}
        out["runs"][label] = row
        if not args.json:
            print(f"{label:12} {row['duels']} duels in {row['seconds']} s: "
                  f"{row['duels_per_second']} duels/s", flush=True)
        return row

    base = timed("jobs 1", jobs=1)
    for n in args.workers:
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                          dashboard_address=None, silence_logs=logging.ERROR) as lc:
            row = timed(f"{n} worker{'s' if n > 1 else ''}", scheduler=lc.scheduler_address)
        row["same_report"] = row["report"] == base["report"]
    for row in out["runs"].values():
        row.pop("report")
    out["meta"] = {"python": platform.python_version(), "cores": os.cpu_count()}
    print(json.dumps(out if args.json else out["meta"] | {
        "same_report": {k: v.get("same_report", True) for k, v in out["runs"].items()}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
