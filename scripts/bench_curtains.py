"""Hotseat curtains per game action, over simulated duels of every starter pairing.

    python scripts/bench_curtains.py [--seeds N] [--level normal] [--policy old new quick]
                                     [--base REV]

Plays hotseat duels of every ordered pairing of the starter decks (decks/*.yaml: 16) with a
computer player (game.ai.levels.make_player, fixed seeds) choosing every decision of both
seats, while the screen's own seat-handing decision (game/play/seat_turns.py `pass_for`, the
function the duel screen calls) runs headless exactly as the screen would: both seats people,
default answers setting ("when_able") for both, no yields. A window the policy passes for is
passed (the computer is not asked); otherwise the seat deciding is handed the screen if it
is not the seat shown (a curtain: one seat change) and its computer player decides.

Counted: seat changes (curtains after the first one of the duel, which every duel has) per
game action, where a game action is every accepted command other than `Pass` and `Choose`
(a Summon, Set, Flip, attack, activation, phase change or end of turn: what a player does,
not an answer to a window or a choice). Each duel is played to its end or 1500 commands;
each policy plays its own duels (passing for a seat changes what follows), from the same
seeds. Prints, per pairing and overall, the mean over duels of (seat changes / game
actions) and the worst duel's, then the same for the seat changes that hand a seat a
response window (the ones I15 is about; every other one hands over a turn, a choice or
the screen back to the player whose turn it is), for each policy: "old" (before issue 37: the screen's rule of
revision bffe621, `old_pass_for` below, with `might_answer` read from that revision with
git), "new" (the default, RULES.md I15 and I19) and "quick" (the setup's Quick hotseat).
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import make_player
from game.ai.seeds import player_seed
from game.cards import load_card_set
from game.decks.deck import load_deck
from game.engine import Choose, Duel, Pass
from game.files.resources import STARTER_DECK_DIR
from game.play.seat_turns import NEW, QUICK, pass_for
from game.rules.file import load_rules

LIMIT = 1500
OLD = "old"
POLICIES = (OLD, NEW, QUICK)
REPO = Path(__file__).resolve().parent.parent


def base_might_answer(rev: str):
    """`might_answer` as revision `rev` had it (its game/engine/asking.py, run against this
    tree's engine modules, whose names it imports)."""
    src = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:game/engine/asking.py"],
                         check=True, capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("game.engine._asking_base", loader=None)
    assert spec is not None
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "game.engine"
    exec(compile(src, f"{rev}:game/engine/asking.py", "exec"), mod.__dict__)
    return mod.might_answer


def old_pass_for(might, own, other, pool, *, shown: bool, asked: bool) -> bool:
    """The hotseat rule of bffe621's scene (`_person_pass` with the default setting, no
    yields): asked with a real answer; else, off screen, handed the screen when the other
    seat's view says they might answer; on screen, asked only in the window a curtain handed
    them."""
    legal = own.legal_actions
    if own.choice is not None or not own.lines or not any(isinstance(c, Pass) for c in legal):
        return False
    if any(not isinstance(c, Pass) for c in legal):
        return False
    return not (might(other, own.seat, pool) if not shown else asked)


def play(pool, rules, decks, seed: int, policy: str, level: str,
         old_might=None) -> tuple[int, int, int]:
    """(seat changes, of them those that hand a seat a response window, game actions) of
    one hotseat duel played by computer players."""
    duel = Duel(pool, rules, [d.spec() for d in decks], seed, auto_pass=False)
    players = [make_player(level, player_seed(seed, "curtains", s), pool=pool, rules=rules,
                           deck=[*decks[s].main, *decks[s].extra]) for s in (0, 1)]
    shown = duel.deciding_player if duel.deciding_player is not None else 0
    asked = -1  # the command count at which a curtain handed a window (scene._asked)
    changes = windows = actions = sent = 0
    while not duel.over and sent < LIMIT:
        seat = duel.deciding_player
        if seat is None:
            break
        own = duel.view(seat)
        if policy == OLD:
            passed = old_pass_for(old_might, own, duel.view(1 - seat), pool,
                                  shown=seat == shown, asked=asked == sent)
        else:
            passed = pass_for(own, duel.view(1 - seat), pool, setting="when_able",
                              policy=policy)
        if passed:
            cmd = next(c for c in own.legal_actions if isinstance(c, Pass))
        else:
            if seat != shown:
                changes += 1
                shown = seat
                if own.lines and own.choice is None:
                    asked = sent
                    windows += 1
            cmd = players[seat].choose(own)
        duel.apply(cmd)
        sent += 1
        actions += not isinstance(cmd, (Pass, Choose))
    return changes, windows, actions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=2, help="duels per ordered pairing")
    ap.add_argument("--first-seed", type=int, default=1000,
                    help="the first duel seed (the k-th duel of a pairing: first + k); pass a "
                         "new one for deals the policy was not looked at on")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--policy", nargs="+", default=list(POLICIES), choices=POLICIES)
    ap.add_argument("--base", default="bffe621", help="the revision whose might_answer 'old' uses")
    args = ap.parse_args(argv)
    old_might = base_might_answer(args.base) if OLD in args.policy else None
    pool, rules = load_card_set(), load_rules()
    decks = {p.stem: load_deck(p) for p in sorted(STARTER_DECK_DIR.glob("*.yaml"))}
    rows: dict[tuple[str, str], dict[str, list[float]]] = {}
    window_rows: dict[tuple[str, str], dict[str, list[float]]] = {}
    for a, b in itertools.product(decks, repeat=2):
        row = rows[(a, b)] = {}
        wrow = window_rows[(a, b)] = {}
        for policy in args.policy:
            row[policy], wrow[policy] = [], []
            for k in range(args.seeds):
                changes, windows, actions = play(pool, rules, (decks[a], decks[b]),
                                                 args.first_seed + k,
                                                 policy, args.level, old_might)
                row[policy].append(changes / max(1, actions))
                wrow[policy].append(windows / max(1, actions))
        print(f"{a:>13} v {b:<13} " + "  ".join(
            f"{p} {statistics.mean(v):.3f}/{max(v):.3f}" for p, v in row.items()), flush=True)
    for what, table in (("seat changes", rows),
                        ("seat changes that hand a seat a response window", window_rows)):
        print(f"\n{what} per game action, mean / worst over {args.seeds} duel(s) per pairing "
              f"({args.level} for both seats, duel seeds {args.first_seed}..."
              f"{args.first_seed + args.seeds - 1}):\n")
        _table(table, args.policy)
    return 0


def _table(rows: dict[tuple[str, str], dict[str, list[float]]], policies: list[str]) -> None:
    """A Markdown table: a row per pairing, then all duels together."""
    print("| pairing | " + " | ".join(policies) + " |")
    print("|---|" + "---|" * len(policies))
    for (a, b), row in rows.items():
        print(f"| {a} v {b} | " + " | ".join(
            f"{statistics.mean(v):.2f} / {max(v):.2f}" for v in row.values()) + " |")
    every = {p: [x for row in rows.values() for x in row[p]] for p in policies}
    print("| **all** | " + " | ".join(
        f"**{statistics.mean(v):.2f} / {max(v):.2f}**" for v in every.values()) + " |")


if __name__ == "__main__":
    raise SystemExit(main())
