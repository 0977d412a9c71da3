"""Re-playing a replay on the engine, and comparing it with what was recorded.

`ReplayRun` plays a replay's commands once (on its own kept card data and rules for the
viewer, or on today's for `check_replay`), stops at a command the engine refuses with the
engine's reason, and keeps checkpoints so the duel at any command is cheap; the recorded
events check the re-play, and the first event that differs is said in words (`Difference`).
`check_replay` says whether today's game (engine, cards, rules) still plays a replay as it
was recorded (`Verdict`)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.engine import CardDef, Duel, Event, Rejected, Rules, state_hash
from game.play.played_under import what_changed

from .codec import PlainEvent, event_words, plain_events, short
from .model import Replay, ReplayError
from .notation import command_line

CHECKPOINT = 25  # ReplayRun keeps a clone of the duel every this many commands


def same_event(recorded: PlainEvent, played: PlainEvent) -> bool:
    """A re-played event is the recorded one when every field the recording has is equal.
    A field the engine added to the event since (what each seat may be told of it, say) is
    not in an older recording and not compared: it says more about the same event, it does
    not play differently (a real difference shows in the recorded fields and the end's
    state hash)."""
    return all(played.get(k, _MISSING) == v for k, v in recorded.items())


_MISSING = object()


@dataclass(frozen=True)
class Difference:
    """Where a re-play first differs from the recording: the event's number in the stream
    (0-based), the command that caused it (0: the start) and both sides as plain events."""

    event: int
    command: int
    recorded: PlainEvent | None
    played: PlainEvent | None
    refused: str = ""  # the engine refused or failed on a command instead

    def words(self, replay: Replay) -> str:
        """One sentence: which command, which event, what was recorded and what is now."""
        if self.refused:
            return self.refused
        if self.command == 0:
            where = "at the start"
        elif self.command > len(replay.commands):
            where = f"after the last command ({len(replay.commands)})"
        else:
            where = f"at command {self.command} ({command_line(replay.commands[self.command - 1])})"
        if self.recorded is None or self.played is None:
            extra = "ends sooner" if self.played is None else "goes on"
            return (f"{where}, event {self.event + 1}: the recording has "
                    f"{event_words(self.recorded)}; the re-play {extra}: "
                    f"{event_words(self.played)}")
        if self.recorded.get("type") != self.played.get("type"):
            return (f"{where}, event {self.event + 1}: recorded {event_words(self.recorded)}; "
                    f"now {event_words(self.played)}")
        changed = [f"{k} recorded {short(self.recorded.get(k))}, now {short(self.played.get(k))}"
                   for k in self.recorded if self.recorded.get(k) != self.played.get(k)]
        return (f"{where}, event {self.event + 1} ({self.recorded.get('type')}): "
                f"{'; '.join(changed)} (the recorded event: {event_words(self.recorded)})")


@dataclass
class ReplayRun:
    """A replay played out on the engine once, up front: the duel at any command index is a
    clone of the nearest checkpoint plus a few commands (stepping back is cheap); the final
    duel keeps every event, which `log_for` hands out per seat (the engine's redaction).
    `stopped` says why the replay ends before its last command (the engine refused one: its
    reason), `difference` where the events first differ from the recorded ones, `warnings`
    what does not match the recording, in words."""

    replay: Replay
    pool: Mapping[str, CardDef]  # the cards it was played with
    rules: Rules | None = None  # the rules it was played with (None: the recording's)
    length: int = 0  # commands that applied
    event_counts: list[int] = field(default_factory=list)  # events so far after i commands
    rounds: list[int] = field(default_factory=list)  # the round after i commands
    checkpoints: list[Duel] = field(default_factory=list)  # the duel after k*CHECKPOINT commands
    final: Duel | None = None
    stopped: str = ""
    difference: Difference | None = None
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def play(cls, replay: Replay, pool: Mapping[str, CardDef], *, as_played: bool = True,
             rules: Rules | None = None) -> ReplayRun:
        """Play `replay` once. `as_played` (the viewer): on its own kept card data and rules
        (a format 1 replay has none: `pool`, today's cards); else on `pool` and `rules`
        (today's game: `check_replay`). ReplayError if the duel cannot even begin."""
        if as_played:
            pool, rules = replay.played_pool(pool), None
        run = cls(replay, pool, rules)
        duel = run._start()
        if rules is None and state_hash(duel) != replay.start_hash:
            run.warnings.append("the start differs from the recording (the card set or the "
                                "engine changed since): it may not replay the same")
        run.event_counts.append(duel.log_size)
        run.rounds.append(duel.round)
        run.checkpoints.append(duel.clone())
        for i, cmd in enumerate(replay.commands):
            try:
                duel.apply(cmd)
            except Rejected as exc:
                run.stopped = f"command {i + 1} ({command_line(cmd)}) was refused: {exc.reason}"
                break
            except Exception as exc:  # an engine failure must not take the viewer down
                run.stopped = f"command {i + 1} ({command_line(cmd)}) failed in the engine: " \
                              f"{type(exc).__name__}: {exc}"
                break
            run.length = i + 1
            run.event_counts.append(duel.log_size)
            run.rounds.append(duel.round)
            if run.length % CHECKPOINT == 0:
                run.checkpoints.append(duel.clone())
        run.final = duel
        if replay.events is not None:
            run.difference = run._compare()
        if run.difference is not None and not run.difference.refused:
            run.warnings.append("it plays differently from the recording "
                                + run.difference.words(replay))
        if not run.stopped and state_hash(duel) != replay.final_hash:
            run.warnings.append("the end differs from the recording (the card set or the rules "
                                "changed since)")
        return run

    def _start(self) -> Duel:
        return self.replay.start(self.pool, self.rules)

    def _compare(self) -> Difference | None:
        """The first event that differs from the recorded stream (None: all the same)."""
        assert self.final is not None and self.replay.events is not None
        recorded = self.replay.events
        played = plain_events(self.final.event_log)
        n = min(len(recorded), len(played))
        at = next((i for i in range(n) if not same_event(recorded[i], played[i])), n)
        if at == len(recorded) == len(played) and not self.stopped:
            return None
        command = bisect_right(self.event_counts, at)  # the command whose events hold `at`
        if at == len(played) and self.stopped and at <= len(recorded):
            return Difference(at, self.length + 1, recorded[at] if at < len(recorded) else None,
                              None, self.stopped)
        return Difference(at, command, recorded[at] if at < len(recorded) else None,
                          played[at] if at < len(played) else None)

    @property
    def reproduced(self) -> bool:
        """Every command applied and the re-play told the recorded events (or, with none
        recorded, reached the recorded end)."""
        if self.stopped or self.difference is not None:
            return False
        assert self.final is not None
        return state_hash(self.final) == self.replay.final_hash

    def duel_at(self, index: int) -> Duel:
        """A fresh duel after `index` commands (0: the start)."""
        index = max(0, min(self.length, index))
        k = index // CHECKPOINT
        duel = self.checkpoints[k].clone()
        for cmd in self.replay.commands[k * CHECKPOINT:index]:
            duel.apply(cmd)
        return duel

    def told_for(self, seat: int) -> tuple[Event | None, ...]:
        """Every event of the whole replay as `seat` was told it, one per event of the duel
        (None where the seat was not told of it): indexed by `event_counts`."""
        assert self.final is not None
        return self.final.told_for(seat)

    def log_for(self, seat: int | None) -> tuple[Event, ...]:
        """Every event of the whole replay as `seat` saw it (None: everything, unredacted: the
        designer's `main.py replay` without --seat, a tool that sees everything)."""
        assert self.final is not None
        return tuple(self.final.event_log) if seat is None else self.final.log_for(seat)


@dataclass(frozen=True)
class Verdict:
    """Whether today's game (engine, cards, rules) plays a replay as it was recorded."""

    reproduced: bool
    difference: str  # "" when reproduced: where it first differs, in words
    changes: str  # what changed since (cards, rules) in words, "" when nothing did
    run: ReplayRun  # the re-play on today's game

    def sentence(self) -> str:
        if self.reproduced:
            return "Today's game plays this replay exactly as it was recorded."
        why = f" ({self.changes})" if self.changes else ""
        return f"Today's game plays it differently{why}: {self.difference}"


def check_replay(replay: Replay, pool: Mapping[str, CardDef], rules: Rules) -> Verdict:
    """Play `replay` on today's cards `pool` and rules `rules` and compare with what was
    recorded (its events, or its end when it has none)."""
    changes = what_changed(replay.kept, replay.rules, pool, rules)
    try:
        run = ReplayRun.play(replay, pool, as_played=False, rules=rules)
    except ReplayError as exc:
        empty = ReplayRun(replay, pool, rules, stopped=exc.problem)
        return Verdict(False, f"the duel cannot begin today: {exc.problem}", changes, empty)
    if run.reproduced:
        return Verdict(True, "", changes, run)
    if run.difference is not None:
        words = run.difference.words(replay)
    elif run.stopped:
        words = run.stopped
    else:
        words = "the end differs from the recording (the recording keeps no events to say where)"
    return Verdict(False, words, changes, run)
