"""How long the game takes to make its sound effects (game/ui/sound.py), and how big they are.

    python scripts/bench_sound.py [--rate 22050] [--channels 1] [--runs 5] [--startup]

The synthesis runs in a background thread at start, so the window never waits for it; this
says how long the effects take to make, and with --startup how the menu's first frames fare
while they are made (the slowest frame and the mean, with and without the synthesis running;
headless: SDL_VIDEODRIVER=dummy, SDL_AUDIODRIVER=dummy).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ui import sound


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=int, default=sound.RATE)
    ap.add_argument("--channels", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--startup", action="store_true",
                    help="also time the menu's frames while the effects are made")
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
    if args.startup:
        startup()
    return 0


def startup() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import App
    from game.ui.menu import MenuScene

    app = App((1280, 720))

    def frames(seconds: float) -> list[float]:
        scene, out = MenuScene(), []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            t = time.perf_counter()
            scene.update(1 / 60)
            scene.draw(app.canvas)
            app.present()
            out.append(time.perf_counter() - t)
        return out

    quiet = frames(1.0)
    t = time.perf_counter()
    sound.SOUND.start()
    began = time.perf_counter() - t
    busy = frames(1.0)
    ready = sound.SOUND.ready
    print(f"start() returns in {began * 1000:.1f} ms (the window goes on at once); effects "
          f"ready within 1 s: {ready}, made in {sound.SOUND.made_s:.3f} s in the background")
    for name, f in (("menu frames without synthesis", quiet), ("menu frames while it runs", busy)):
        print(f"{name}: {len(f)} frames, mean {statistics.mean(f) * 1000:.1f} ms, "
              f"slowest {max(f) * 1000:.1f} ms")
    pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
