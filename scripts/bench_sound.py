"""How long the game takes to make its sound effects (game/ui/sound.py), and how big they are.

    python scripts/bench_sound.py [--rate 44100] [--channels 2] [--runs 5]

The synthesis runs in a background thread at start, so the window never waits for it; this
says how long the first effects take to be ready, and how long the thread holds the GIL.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ui import sound  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=int, default=sound.RATE)
    ap.add_argument("--channels", type=int, default=2)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    times = []
    made: dict[str, bytes] = {}
    for _ in range(args.runs):
        t = time.perf_counter()
        made = sound.synthesise(args.rate, args.channels)
        times.append(time.perf_counter() - t)
    total = sum(len(b) for b in made.values())
    seconds = total / (2 * args.channels * args.rate)
    print(f"synthesis_s median {statistics.median(times):.3f} (min {min(times):.3f}, "
          f"max {max(times):.3f}) over {args.runs} runs at {args.rate} Hz x{args.channels}")
    print(f"effects {len(made)}, {seconds:.2f} s of sound, {total / 1024:.0f} KiB")
    for name, data in made.items():
        print(f"  {name:11} {len(data) / (2 * args.channels * args.rate):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
