"""`python main.py replay FILE`: a replay's duel log as text, for bug reports.

Each command is printed as its file line, then what it caused in the duel log's sentences
(game/play/describe.py). By default the log is the designer's: nothing
hidden (every card named); `--seat 1|2` prints what that player saw instead. The log is the
duel as it was played: its recorded events, as the replay viewer shows them
(game/ui/replays/shown.py), with its own card data (a replay without events, format 1 or
too big: re-played on its own card data and rules; format 1 has none: today's). Exit code
0 when today's engine re-plays it on its own card data and rules as recorded, 1 when it
refused a command or the events or the end differ from the recording (the log is still the
recorded one), 2 when the file cannot be read.

`--check` prints no log: whether today's game (engine, card data, rules) reproduces the
replay, and if not where it first differs, in words, and what changed since; then whether
today's engine reproduces it on its own card data and rules. Exit code 0: reproduced by
today's game, 1: it differs, 2: the file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence

from game.engine import CardDef
from game.play.replay import (
    ReplayError,
    ReplayRun,
    Verdict,
    check_replay,
    command_line,
    load_replay,
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py replay",
                                description="Print the duel log of a replay file.")
    p.add_argument("file", help="a replay file (from the replays folder of the user data folder)")
    p.add_argument("--seat", type=int, choices=(1, 2), default=None,
                   help="print what player 1 or 2 saw (default: everything, nothing hidden)")
    p.add_argument("--no-commands", action="store_true", help="only the log sentences")
    p.add_argument("--check", action="store_true",
                   help="print only whether today's game reproduces the replay, and where it "
                        "first differs (exit code 0: reproduced, 1: differs, 2: unreadable)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    from game.cards import CardDataError, load_card_set

    try:
        pool = load_card_set()
    except (CardDataError, OSError, ValueError) as exc:
        print(f"replay: the card data cannot be loaded: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    if args.check:
        return check_main(args.file, pool)
    try:
        replay = load_replay(args.file, pool)
        run = ReplayRun.play(replay, pool)
    except ReplayError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    lines = log_lines(run, None if args.seat is None else args.seat - 1, not args.no_commands)
    sys.stdout.write("\n".join(lines) + "\n")  # one write: 200,000 prints cost a second
    return 1 if run.stopped or run.warnings else 0


def check_main(path: str, pool: Mapping[str, CardDef]) -> int:
    """`--check`: the verdict in a few lines; the exit code says which."""
    from game.rules.file import RulesFileError, load_rules

    try:
        rules = load_rules()
    except (RulesFileError, OSError, ValueError) as exc:
        print(f"replay: the rules cannot be loaded: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    try:
        replay = load_replay(path)  # format 1: its ids are checked by the re-play
        verdict = check_replay(replay, pool, rules)
        own = ReplayRun.play(replay, pool) if not verdict.reproduced else None
    except ReplayError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    for line in check_lines(path, verdict, own):
        print(line)
    return 0 if verdict.reproduced else 1


def check_lines(path: str, verdict: Verdict, own: ReplayRun | None) -> list[str]:
    """What `--check` prints: the verdict, where it differs, what changed, and whether the
    replay's own data still plays it (the engine itself is then unchanged for it)."""
    r = verdict.run.replay
    kept = f"format {r.format}" + (f", recorded by version {r.game_version}" if r.game_version else "")
    if verdict.reproduced:
        events = f", {len(r.events)} events" if r.events is not None else ""
        return [f"{path}: reproduced: today's game plays all {len(r.commands)} commands"
                f"{events} as recorded ({kept})."]
    out = [f"{path}: differs ({kept}): {verdict.difference}"]
    if verdict.changes:
        out.append(f"  {verdict.changes[0].upper()}{verdict.changes[1:]}.")
    if own is not None and r.kept is not None:
        if own.reproduced:
            out.append("  On its own card data and rules, today's engine plays it as recorded: "
                       "the difference comes from the cards or the rules.")
        else:
            why = own.difference.words(r) if own.difference is not None else own.stopped
            out.append(f"  On its own card data and rules it differs too (the engine changed): {why}")
    return out


def log_lines(run: ReplayRun, seat: int | None = None, commands: bool = True) -> list[str]:
    """The whole replay as text lines: a header, then per command its line and its sentences."""
    from game.play.describe import Describer
    from game.ui.replays.shown import RECORDED, everything, shown_for

    r = run.replay
    names = [p.name for p in r.players]
    describe = Describer(run.pool, lambda s: names[s] if s in (0, 1) else "?")
    levels = [f"{p.name} ({p.level})" if p.level and p.level not in p.name.lower() else p.name
              for p in r.players]
    out = [f"Replay {r.date:%Y-%m-%d %H:%M} UTC: {r.deck_names}; {levels[0]} vs {levels[1]}; "
           f"{r.mode}, {r.match_text}",
           f"Recorded result: {r.winner_text}" + (f" ({r.reason})" if r.reason else "")
           + f", {r.rounds} rounds, {len(r.commands)} commands",
           f"Shown: {'everything (nothing hidden)' if seat is None else names[seat] + ' saw'}", ""]
    shown = shown_for(run)
    log = everything(run, shown) if seat is None else shown.log(seat)
    counts = shown.marks

    def sentences(lo: int, hi: int, indent: str) -> None:
        for e in log[lo:hi]:
            entry = describe(e)
            if entry is not None and not entry.quiet:
                out.append(indent + entry.text)

    sentences(0, counts[0], "")
    for i in range(shown.length):
        if commands:
            cmd = r.commands[i]
            out.append(f"#{i + 1} [round {shown.rounds[i]}] {names[cmd.player]}: {command_line(cmd)}")
        sentences(counts[i], counts[i + 1], "    " if commands else "")
    out.append("")
    if shown.note:
        out.append(shown.note)
    if run.stopped:
        out.append(f"Stopped: {run.stopped}" if shown.source != RECORDED else
                   f"Warning: re-played on its own card data and rules, {run.stopped} (shown "
                   "as recorded to its end)")
    for w in run.warnings:
        out.append(f"Warning: {w}")
    if not run.stopped and not run.warnings:
        out.append(f"Replayed all {run.length} commands; the end matches the recording.")
    return out
