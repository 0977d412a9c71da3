"""Does this tree play exactly as git revision REV does? (a check for engine changes that
must not change behaviour, such as speed work; not a test: it needs another revision)

    python scripts/same_play.py REV [--duels N] [--seed S]

Plays the same random duels in this tree and in REV (unpacked with `git archive`, as
`bench.py --compare` does), each in its own process, and compares after every command: the
legal listing, the raw events, each seat's events and the state hash; every 13th command
also a clone's listing, and the events and hash after the same command applied to the
clone. The duels: every pair of shipped decks (starter and test decks, mirrors too), and
decks drawn from the whole card pool with responses offered (auto pass off) and passed
automatically, so every card, verb and condition plays. Prints where the first difference
is, or that all agreed; exits 1 on a difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from revision import RevisionError, unpack_revision

REPO = Path(__file__).resolve().parent.parent


def _duels(tree: Path, duels: int, seed: int):
    """(label, Duel, random chooser) for `duels` duels, the same in every tree."""
    import itertools
    import random

    from game.cards import load_card_set
    from game.engine import DeckSpec, Duel

    try:  # a tree from before the packages by job (issue 18) is compared too
        from game.decks.deck import load_deck
        from game.rules.file import load_rules
    except ImportError:
        from game.rules_file import load_rules  # type: ignore

        from game.decks import load_deck  # type: ignore

    pool, rules = load_card_set(), load_rules()
    # decks/ at the top (before b8be2a3 and again since issue 36), game/data/decks between
    data = next(d for d in (tree / "decks", tree / "game" / "data" / "decks") if d.is_dir())
    decks = [load_deck(p) for p in sorted(data.glob("*.yaml")) + sorted(data.glob("test/*.yaml"))]
    pairs = list(itertools.combinations_with_replacement(decks, 2))
    main = sorted(cid for cid, c in pool.items() if not c.extra)
    extra = sorted(cid for cid, c in pool.items() if c.extra)
    for k in range(duels):
        rng = random.Random(seed * 7919 + k)
        kind = k % 3
        if kind == 0:  # shipped decks, every pair in turn
            a, b = pairs[(k // 3) % len(pairs)]
            specs = [a.spec(), b.spec()] if k % 2 == 0 else [b.spec(), a.spec()]
            label = f"{a.name} vs {b.name}"
            auto = True
        else:  # the whole pool, responses offered (kind 1) or passed automatically
            specs = [DeckSpec(tuple(rng.choice(main) for _ in range(40)),
                              tuple(rng.sample(extra, min(8, len(extra))))) for _ in range(2)]
            label = "pool decks, " + ("responses offered" if kind == 1 else "auto pass")
            auto = kind == 2
        yield f"{k}: {label}", Duel(pool, rules, specs, seed + k, auto_pass=auto), rng


def worker(tree: Path, duels: int, seed: int) -> int:
    """Print one JSON line per duel: its label and a digest per command."""
    from game.engine.serialize import state_hash

    def digest(*parts: object) -> str:
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]

    for label, duel, rng in _duels(tree, duels, seed):
        out = [digest(duel.events_for(0), duel.events_for(1), state_hash(duel))]
        n = 0
        while not duel.over and n < 400:
            acts = duel.legal_actions()
            cmd = rng.choice(acts)
            extra: tuple = ()
            if n % 13 == 5:
                copy = duel.clone()
                copy_acts = copy.legal_actions()
                copy_events = copy.apply(copy_acts[acts.index(cmd)])
                extra = (copy_acts, copy_events, copy.events_for(0), copy.events_for(1),
                         state_hash(copy))
            events = duel.apply(cmd)
            out.append(digest(acts, cmd, events, duel.events_for(0), duel.events_for(1),
                              state_hash(duel), extra))
            n += 1
        print(json.dumps([label, out]), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the git revision to compare with")
    parser.add_argument("--duels", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        sys.path.insert(0, args.worker)
        return worker(Path(args.worker), args.duels, args.seed)
    with tempfile.TemporaryDirectory(prefix="same-play-") as tmp:
        try:
            other = unpack_revision(args.rev, Path(tmp))
        except RevisionError as exc:
            print(exc, file=sys.stderr)
            return 2
        procs = [subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), args.rev, "--worker", str(tree),
             "--duels", str(args.duels), "--seed", str(args.seed)],
            stdout=subprocess.PIPE, text=True, cwd=str(tree),
            env={**os.environ, "PYTHONHASHSEED": "0"}) for tree in (REPO, other)]
        results = [p.communicate()[0].splitlines() for p in procs]
        if any(p.returncode != 0 for p in procs):
            print("a worker failed", file=sys.stderr)
            return 2
    mine, theirs = ([json.loads(line) for line in r] for r in results)
    commands = 0
    for (label, a), (_, b) in zip(mine, theirs, strict=True):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):  # a length apart is told below
            if x != y:
                print(f"DIFFERENT: duel {label}, " + ("the start" if i == 0 else f"command {i}"))
                return 1
        if len(a) != len(b):
            print(f"DIFFERENT: duel {label} lasts {len(a) - 1} commands here, "
                  f"{len(b) - 1} in {args.rev}")
            return 1
        commands += len(a) - 1
    print(f"same: {len(mine)} duels, {commands} commands (listings, raw events, both seats' "
          f"events, state hashes, clones) equal to {args.rev}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
