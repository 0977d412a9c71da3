"""What the replay viewer shows: the duel as it was played, each seat's board after any
command built from the recorded events alone (issue 19).

A replay keeps every event of its duel, unredacted (`Replay.events`), and where each
command's events end (`Replay.marks`). The viewer shows those, not a re-play: the engine
redacts the record per seat exactly as it redacted the live duel (`recorded_for`), and each
seat's `Board` follows its redacted events from the start, as the duel screen's board
follows them live. So stepping forward and back shows exactly the recorded duel, with the
views each seat had, even where today's engine would play the same commands differently (a
rules fix); re-playing stays a check (`ReplayRun`, `check_replay`).

Where the record cannot be shown that way it is said once (`note`) and the duel is shown
from the engine's re-play on the replay's own card data and rules through the same path:
a replay without events (format 1, or too big to keep them) or with malformed ones. A replay
saved before the marks existed is cut into commands by the re-play as far as the re-play
agrees with the record; past the first difference the cut is the re-play's (approximate).
No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from game.ai.levels import LEVEL_NAMES
from game.ai.levels import level as level_of
from game.engine import HIDDEN, CardDef, Duel
from game.engine import events as ev
from game.engine.events import EVENT_TYPES, Event, event_from_dict
from game.engine.views import recorded_for
from game.play.replay import CHECKPOINT, Replay, ReplayRun
from game.ui.duel.board import Board

RECORDED = "recording"
REPLAYED = "re-play"
Told: TypeAlias = tuple[Event | None, ...]  # one entry per event of the duel, None: not told


@dataclass
class Shown:
    """Each seat's events and boards over a whole replay. `marks[i]`: how many of the duel's
    events came after i commands (the start is command 0); each seat's list holds one entry
    per event of the duel, None where that seat was told nothing (RULES.md I12)."""

    seats: tuple[Told, Told]  # every event as each seat saw it (None: not told)
    marks: Sequence[int]
    source: str  # RECORDED or REPLAYED
    note: str = ""  # what to say about how it is shown ("" when it is the record, cut exactly)
    stopped: str = ""  # a re-play that stopped early: the engine's reason
    rounds: list[int] = field(default_factory=list)  # the round after i commands
    checkpoints: tuple[list[Board], list[Board]] = field(default_factory=lambda: ([], []))

    @property
    def length(self) -> int:
        """How many commands are shown."""
        return len(self.marks) - 1

    def events(self, seat: int, index: int) -> tuple[Event, ...]:
        """The events of command `index` (1-based) as `seat` saw them."""
        return tuple(e for e in self.seats[seat][self.marks[index - 1]:self.marks[index]]
                     if e is not None)

    def log(self, seat: int) -> Told:
        """One entry per event of the duel (None: not told to `seat`)."""
        return self.seats[seat]

    def board(self, seat: int, index: int) -> Board:
        """A fresh board of `seat` after `index` commands (0: the start)."""
        index = max(0, min(self.length, index))
        k = index // CHECKPOINT
        board = self.checkpoints[seat][k].copy()
        for e in self.seats[seat][self.marks[k * CHECKPOINT]:self.marks[index]]:
            if e is not None:
                board.apply(e)
        return board

    def open_board(self, index: int) -> Board:
        """Both hands open after `index` commands: each side as its own player saw it."""
        return self.board(0, index).open_hands(self.board(1, index))


def start_board(replay: Replay, pool: Mapping[str, CardDef], seat: int) -> Board:
    """`seat`'s board before the first event: an empty duel under the replay's rules (its
    start events deal it), or a puzzle's position (a position tells no events)."""
    if replay.position is not None:
        return Board.from_view(replay.start(pool).view(seat), pool)
    empty = Duel(pool, replay.rules, [], replay.seed, start=False)
    return Board.from_view(empty.view(seat), pool)


def shown_for(run: ReplayRun) -> Shown:
    """How the viewer shows `run.replay`: its record when it keeps one that can be shown,
    else the re-play `run` (on its own card data and rules), saying why."""
    replay = run.replay
    note = ""
    if replay.events is not None:
        try:
            return _recorded(run)
        except Exception as exc:  # a record is data: any failure is one line
            note = (f"Its recorded events cannot be shown ({_line(exc)}): it is shown by "
                    "re-play on its own card data and rules.")
    elif replay.format == 2:
        note = "It keeps no recorded events: it is shown by re-play on its own card data and rules."
    shown = Shown((run.told_for(0), run.told_for(1)), list(run.event_counts), REPLAYED, note,
                  run.stopped)
    _walk(shown, replay, run.pool)
    return shown


def _line(exc: Exception) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _recorded(run: ReplayRun) -> Shown:
    replay = run.replay
    assert replay.events is not None
    raw = [recorded_for(replay.events, seat) for seat in (0, 1)]
    marks, note = (list(replay.marks), "") if replay.marks is not None else _cut(run)
    shown = Shown((raw[0], raw[1]), marks, RECORDED, note)
    _walk(shown, replay, run.pool)
    return shown


def _cut(run: ReplayRun) -> tuple[list[int], str]:
    """Marks for a record saved without them: the re-play's, exact while it agrees with the
    record; past the first difference the re-play's counts, cut to the record's length."""
    replay = run.replay
    n = len(replay.events or ())
    counts = [min(c, n) for c in run.event_counts]
    counts += [n] * (len(replay.commands) + 1 - len(counts))
    counts[-1] = n
    if run.difference is None and not run.stopped:
        return counts, ""
    return counts, ("It was saved without the place of each command's events: past the first "
                    "difference its steps follow the re-play, and may not match its commands.")


def _walk(shown: Shown, replay: Replay, pool: Mapping[str, CardDef]) -> None:
    """Follow every event of both seats once: the checkpoints and the rounds; a card or an
    event the boards cannot follow raises here, never while the viewer draws."""
    for seat in (0, 1):
        board = start_board(replay, pool, seat)
        events = shown.seats[seat]
        for e in events[:shown.marks[0]]:  # the start's own (the dealing)
            if e is not None:
                _known_cards(e, pool)
                board.apply(e)
        shown.checkpoints[seat].append(board.copy())
        rounds = [board.round]
        moved = False  # since the last checkpoint: none is copied again for no change (a
        for i in range(1, len(shown.marks)):  # checkpoint is copied when it is used)
            for e in events[shown.marks[i - 1]:shown.marks[i]]:
                if e is not None:
                    _known_cards(e, pool)
                    board.apply(e)
                    moved = True
            rounds.append(board.round)
            if i % CHECKPOINT == 0:
                kept = shown.checkpoints[seat]
                kept.append(board.copy() if moved else kept[-1])
                moved = False
        if seat == 0:
            shown.rounds = rounds


def _known_cards(e: object, pool: Mapping[str, CardDef]) -> None:
    cid = getattr(e, "card_id", None)
    if isinstance(cid, str) and cid != HIDDEN and cid not in pool:
        raise ValueError(f"{type(e).__name__} names the card {cid!r}, which it does not keep")
    if isinstance(e, ev.DuelStarted):
        for extras in e.extras:
            for _, known in extras:
                if known != HIDDEN and known not in pool:
                    raise ValueError(f"DuelStarted names the card {known!r}, which it does not keep")


def everything(run: ReplayRun, shown: Shown) -> tuple[Event, ...]:
    """Every event unredacted, cut as `shown`'s seat streams are (`shown.marks`): the
    designer's `main.py replay` without --seat, a tool that sees everything by design. The
    record's events when `shown` is the record, else the re-play's."""
    if shown.source != RECORDED:
        return run.log_for(None)
    return tuple(event_from_dict(e) for e in run.replay.events or ()
                 if isinstance(e, dict) and e.get("type") in EVENT_TYPES)


def player_label(name: str, level: str | None) -> str:
    """A replay's player as the screens name it: the name, with the computer level it played
    at where the name does not already say it. A name already ending in parentheses takes the
    level inside them ("Puzzle opponent (script, Normal)", not "... (script) (normal)")."""
    if not level or level in name.lower():
        return name
    label = level_of(level).label if level in LEVEL_NAMES else level
    if name.endswith(")") and "(" in name:
        return f"{name[:-1]}, {label})"
    return f"{name} ({label})"


def short_name(name: str) -> str:
    """A player's name without its closing parentheses ("Puzzle opponent (script)" ->
    "Puzzle opponent", "AI (Normal)" -> "AI"): complete, for a place too narrow for all."""
    if name.endswith(")") and " (" in name:
        return name[:name.rindex(" (")]
    return name
