"""Replay files: size per duel (format 1, a recipe, vs format 2, with card data and events)
and the time to open one (read the whole file, re-play it on its own data, check it on
today's game: what the Replays screen does before the viewer shows).

    python scripts/bench_replays.py [--duels 3] [--corpus]

Typical duels are played by the computer levels on the starter decks (a person is played
by the Normal level): "hotseat" is Normal vs Normal, "versus <level>" Normal vs that level,
"best of 3" the three files of a match (summed). `--corpus` measures the replays the client
saved in tests/replays/ instead (a person's seat played by random gestures). "open" is what
the Replays screen does before the viewer shows: read the whole file, re-play it on its own
data, check it on today's game. Numbers of the last run are quoted in issue 19's closing
note; format 2 is about 20 KB of card data (the decks' cards, YAML) plus the packed events
(about 5 bytes an event) over format 1.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.levels import make_player
from game.cards import load_card_set
from game.decks.deck import load_deck
from game.engine import Duel
from game.files.resources import starter_deck
from game.files.yamlio import dump_yaml
from game.play import replay as R
from game.rules.file import load_rules

DECKS = ("ember_rush", "veil_control")


def play(pool, rules, levels: tuple[str, str], seed: int) -> R.Replay:
    decks = [load_deck(starter_deck(n)) for n in DECKS]
    specs = [d.spec() for d in decks]
    duel = Duel(pool, rules, specs, seed, first_player=seed % 2, auto_pass=False)
    players = [make_player(lv, seed + s, pool=pool, rules=rules, deck=[*specs[s].main, *specs[s].extra])
               for s, lv in enumerate(levels)]
    while not duel.over and len(duel.history) < 5000:
        seat = duel.deciding_player
        assert seat is not None
        duel.apply(players[seat].choose(duel.view(seat)))
    return R.record(duel, specs, [R.ReplayPlayer(f"P{s + 1}", lv, decks[s].name)
                                  for s, lv in enumerate(levels)], "versus_ai")


def sizes(replay: R.Replay) -> tuple[int, int]:
    old = R.Replay(**{f.name: getattr(replay, f.name) for f in fields(R.Replay)
                      if f.name not in ("cards", "events", "kept", "game_version")})
    return len(dump_yaml(old.to_data()).encode()), len(R.replay_text(replay).encode())


def open_time(replay: R.Replay, pool, rules, folder: Path) -> float:
    path = R.save_replay(replay, folder, keep=1000)
    start = time.perf_counter()
    back = R.load_replay(path, pool)
    R.ReplayRun.play(back, pool)
    R.check_replay(back, pool, rules)
    return time.perf_counter() - start


def corpus(pool, rules) -> int:
    folder = Path(__file__).resolve().parents[1] / "tests" / "replays"
    print(f"{'file':24}{'commands':>9}{'events':>8}{'format 1':>10}{'format 2':>10}{'open s':>8}")
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "KNOWN_DIFFERENCES.yaml":
            continue
        rp = R.load_replay(path)
        old, _ = sizes(rp)
        start = time.perf_counter()
        back = R.load_replay(path, pool)
        R.ReplayRun.play(back, pool)
        R.check_replay(back, pool, rules)
        took = time.perf_counter() - start
        print(f"{path.stem:24}{len(rp.commands):>9}{len(rp.events or ()):>8}{old:>10,}"
              f"{path.stat().st_size:>10,}{took:>8.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--duels", type=int, default=3, help="duels per kind (median shown)")
    p.add_argument("--corpus", action="store_true", help="measure tests/replays/*.yaml instead")
    args = p.parse_args(argv)
    pool, rules = load_card_set(), load_rules()
    if args.corpus:
        return corpus(pool, rules)
    kinds = {"hotseat": ("normal", "normal"), "versus easy": ("normal", "easy"),
             "versus normal": ("normal", "normal"), "versus hard": ("normal", "hard")}
    folder = Path(tempfile.mkdtemp())
    print(f"{'kind':16}{'commands':>9}{'events':>8}{'format 1':>10}{'format 2':>10}{'open s':>8}")
    for name, levels in kinds.items():
        rows = []
        for i in range(args.duels):
            rp = play(pool, rules, levels, 100 + i)
            old, new = sizes(rp)
            rows.append((len(rp.commands), len(rp.events or ()), old, new,
                         open_time(rp, pool, rules, folder)))
        med = [statistics.median(col) for col in zip(*rows, strict=True)]
        print(f"{name:16}{med[0]:>9.0f}{med[1]:>8.0f}{med[2]:>10,.0f}{med[3]:>10,.0f}{med[4]:>8.2f}")
    match = [play(pool, rules, ("normal", "normal"), 200 + i) for i in range(3)]
    old_new = [sizes(rp) for rp in match]
    print(f"{'best of 3 (sum)':16}{sum(len(r.commands) for r in match):>9}"
          f"{sum(len(r.events or ()) for r in match):>8}{sum(o for o, _ in old_new):>10,}"
          f"{sum(n for _, n in old_new):>10,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
