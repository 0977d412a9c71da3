"""`python main.py replay FILE`: a replay's duel log as text, for bug reports.

FILE is a path, or a file name (or its name without `.yaml`) as the replays folder of the user
data folder lists it (game/play/replay/store.py). Each command is printed in words, its cards
by name ("summons Cinder Pup to Phantom slot 2 (attack position, face up)"; `--raw`: as the
file keeps it, "Summon player=0 card=33 zone=phantom index=1 ..."), then what it caused in
the duel log's sentences (game/play/describe.py). By default the log is the designer's: nothing
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
from collections.abc import Callable, Mapping, Sequence

from game.engine import CardDef, Command, Duel
from game.engine.commands import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    Concede,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
)
from game.engine.views import visible_to
from game.files.fileio import is_file
from game.play.replay import (
    ReplayError,
    ReplayRun,
    Verdict,
    check_replay,
    command_line,
    load_replay,
    replay_files,
    replays_dir,
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py replay",
                                description="Print the duel log of a replay file: each command in "
                                            "words, then what it caused in the duel log's "
                                            "sentences.")
    p.add_argument("file", help="a replay file: a path, or a file name as listed in the replays "
                                "folder (`main.py paths` prints it; the .yaml may be left off)")
    p.add_argument("--seat", type=int, choices=(1, 2), default=None,
                   help="print what player 1 or 2 saw (default: everything, nothing hidden)")
    p.add_argument("--no-commands", action="store_true", help="only the log sentences")
    p.add_argument("--raw", action="store_true",
                   help="print each command in the engine's notation, as the file keeps it "
                        "(Summon player=0 card=33 zone=phantom index=0 ...), not in words")
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
    path = replay_path(args.file)
    if args.check:
        return check_main(path, pool)
    try:
        replay = load_replay(path, pool)
        run = ReplayRun.play(replay, pool)
    except ReplayError as exc:
        print(f"replay: {exc}{_not_listed(path)}", file=sys.stderr)
        return 2
    lines = log_lines(run, None if args.seat is None else args.seat - 1, not args.no_commands,
                      raw=args.raw)
    sys.stdout.write("\n".join(lines) + "\n")  # one write: 200,000 prints cost a second
    return 1 if run.stopped or run.warnings else 0


def replay_path(given: str) -> str:
    """A replay file from a path, or from its name in the replays folder (with or without
    `.yaml`, as the folder lists it); else `given` unchanged (its reader names the problem)."""
    if is_file(given):  # never raises, whatever the name
        return given
    for path in replay_files():
        if given in (path.name, path.stem):
            return str(path)
    return given


def _not_listed(path: str) -> str:
    """For a file that is not there: where else it was looked for."""
    return "" if is_file(path) else f" (nor a replay of {replays_dir()})"


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
        print(f"replay: {exc}{_not_listed(path)}", file=sys.stderr)
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


def log_lines(run: ReplayRun, seat: int | None = None, commands: bool = True,
              raw: bool = False) -> list[str]:
    """The whole replay as text lines: a header, then per command its line (in words, or
    `raw`: the engine's notation) and its sentences."""
    from game.play.describe import Describer
    from game.ui.replays.shown import RECORDED, everything, player_label, shown_for

    r = run.replay
    names = [p.name for p in r.players]
    describe = Describer(run.pool, lambda s: names[s] if s in (0, 1) else "?")
    levels = [player_label(p.name, p.level) for p in r.players]
    out = [f"Replay {r.date:%Y-%m-%d %H:%M} UTC: {r.deck_names}; {levels[0]} vs {levels[1]}; "
           f"{r.mode}, {r.match_text}",
           f"Recorded result: {r.winner_text}" + (f" ({r.reason})" if r.reason else "")
           + f", {r.rounds} rounds, {len(r.commands)} commands",
           f"Shown: {'everything (nothing hidden)' if seat is None else names[seat] + ' saw'}", ""]
    shown = shown_for(run)
    log = everything(run, shown) if seat is None else shown.log(seat)
    describe.learn_position((shown.open_board(0) if seat is None else shown.board(seat, 0)).cards)
    counts = shown.marks

    def sentences(lo: int, hi: int, indent: str) -> None:
        for e in log[lo:hi]:
            entry = describe(e)
            if entry is not None and not entry.quiet:
                out.append(indent + entry.text)

    sentences(0, counts[0], "")
    said = _said(run, seat) if commands and not raw else None
    for i in range(shown.length):
        if commands:
            cmd = r.commands[i]
            text = said(i) if said is not None else command_line(cmd)
            out.append(f"#{i + 1} [round {shown.rounds[i]}] {names[cmd.player]}: {text}")
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


# ------------------------------------------------------------------ commands in words
ZONES = {"phantom": "Phantom slot", "back": "back-row slot", "side": "Side Balance slot"}
HIDDEN_CARD = "a hidden card"


def _uids(cmd: Command) -> list[int]:
    """The cards a command names (card uids)."""
    if isinstance(cmd, Attack):
        return [cmd.attacker] + ([cmd.target] if cmd.target >= 0 else [])
    uids = [cmd.card] if hasattr(cmd, "card") else []
    return uids + list(cmd.targets) if isinstance(cmd, Activate) else uids


def _said(run: ReplayRun, seat: int | None) -> Callable[[int], str]:
    """Command `i` in words: the replay walked once more, each card named if `seat` (None:
    everyone) could see it just before or just after the command; a command the re-play did
    not reach keeps its notation."""
    said: list[str] = []
    duel = run.duel_at(0)
    for cmd in run.replay.commands[:run.length]:
        uids = _uids(cmd)
        seen = {u for u in uids if seat is None or visible_to(duel, u, seat)}
        choice = duel.state.choice
        option = ""
        if isinstance(cmd, Choose) and choice is not None and (seat in (None, cmd.player)):
            option = dict(zip(choice.options, choice.labels, strict=True)).get(cmd.option, "")
        duel.apply(cmd)
        seen |= {u for u in uids if seat is not None and visible_to(duel, u, seat)}
        said.append(command_words(cmd, duel, seen, option))
    return lambda i: said[i] if i < len(said) else command_line(run.replay.commands[i])


def command_words(cmd: Command, duel: Duel, seen: set[int], option: str = "") -> str:
    """One command as a sentence's predicate: "summons Cinder Pup to Phantom slot 2 (attack
    position, face up)". Cards in `seen` by name, the others as "a hidden card"; `option` is
    the label of a chosen option ("" when it is not to be told)."""
    def card(uid: int) -> str:
        return duel.defs[duel.state.cards[uid].cid].name if uid in seen else HIDDEN_CARD

    def slot(zone: str, index: int) -> str:
        return f"{ZONES.get(zone, zone + ' slot')} {index + 1}"

    if isinstance(cmd, Pass):
        return "passes"
    if isinstance(cmd, NextPhase):
        return "goes to the next phase"
    if isinstance(cmd, EndTurn):
        return "ends the turn"
    if isinstance(cmd, Concede):
        return "concedes the duel"
    if isinstance(cmd, Summon):
        how = f"{'attack' if cmd.attack else 'defense'} position, face {'up' if cmd.face_up else 'down'}"
        return f"summons {card(cmd.card)} to {slot(cmd.zone, cmd.index)} ({how})"
    if isinstance(cmd, SpecialSummon):
        return (f"Special Summons {card(cmd.card)} to {slot(cmd.zone, cmd.index)} "
                f"({'attack' if cmd.attack else 'defense'} position)")
    if isinstance(cmd, SetCard):
        return f"sets {card(cmd.card)} face down in {slot(cmd.zone, cmd.index)}"
    if isinstance(cmd, PlayEnvironment):
        return f"plays the Environment {card(cmd.card)}"
    if isinstance(cmd, ChangePosition):
        return f"changes the position of {card(cmd.card)}"
    if isinstance(cmd, Flip):
        return f"flips {card(cmd.card)} face up"
    if isinstance(cmd, Unsummon):
        return f"unsummons {card(cmd.card)} to the hand"
    if isinstance(cmd, Attack):
        target = "directly" if cmd.target < 0 else card(cmd.target)
        return f"attacks {target} with {card(cmd.attacker)}"
    if isinstance(cmd, Activate):
        text = f"activates {card(cmd.card)} (ability {cmd.ability + 1})"
        if cmd.zone:
            text += f" into {slot(cmd.zone, cmd.index)}"
        if cmd.targets:
            text += " targeting " + ", ".join(card(t) for t in cmd.targets)
        return text
    if isinstance(cmd, Choose):
        return f"chooses {option}" if option else "makes a choice"
    return command_line(cmd)
