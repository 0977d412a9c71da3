"""Undo: a person takes back their last decision, and again, back to the first decision they
made in the turn of their latest one (RULES.md "Player aids", docs/files.md "Undo").

Before each decision a person sends, the session keeps a mark: the engine's checkpoint of
the position (`Duel.checkpoint`, exact: the restored state hashes as it did), how many
commands had been sent, who decided and what they saw. An undo rewinds the duel to the
seat's latest mark and drops every command after it (the computer's answers and the passes
too). It is refused when:

- the duel is over (its result stands: a best of 3 records it);
- the seat made no decision this turn (marks of an earlier turn are dropped when a
  decision of a new turn is kept);
- since the mark, the seat has seen a card it had not seen before (a draw, a Counter turned
  up, a face-down Phantom flipped by battle): an undo takes back decisions, never what they
  showed. Names it (the seat's own view: hidden stays hidden).

Pure bookkeeping, no pygame: `DuelSession` owns the stack and does the rewinding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from game.engine import CardDef, Checkpoint, PlayerView
from game.engine.events import Event

Pair = tuple[int, str]  # (card uid, card id): one card a seat knows for what it is


@dataclass(frozen=True)
class Mark:
    """The position before one decision of `seat`, and what that seat knew then."""

    checkpoint: Checkpoint
    sent: int  # commands in the session's history before the decision
    seat: int
    turn: int
    view: PlayerView  # the seat's view then (what it knew)
    words: str  # the decision, for "Undone: ..."
    memo: object = None  # what the screen keeps beside the position (a puzzle's goal status)
    players: tuple[tuple[int, object], ...] = ()  # computer players' own state then (a script's)


@dataclass
class UndoStack:
    marks: list[Mark] = field(default_factory=list)

    def keep(self, mark: Mark) -> None:
        """A decision is about to be sent: keep its mark (only this turn's stay)."""
        self.marks = [m for m in self.marks if m.turn == mark.turn]
        self.marks.append(mark)

    def latest(self, seat: int) -> int | None:
        """The index of `seat`'s latest mark, or None."""
        for i in range(len(self.marks) - 1, -1, -1):
            if self.marks[i].seat == seat:
                return i
        return None

    def count(self, seat: int) -> int:
        return sum(1 for m in self.marks if m.seat == seat)

    def drop_from(self, index: int) -> None:
        del self.marks[index:]

    def clear(self) -> None:
        self.marks.clear()


def _pairs_in(events: Iterable[Event]) -> set[Pair]:
    out: set[Pair] = set()
    for e in events:
        uid = getattr(e, "card", None)
        cid = getattr(e, "card_id", None)
        if type(uid) is int and isinstance(cid, str) and cid:
            out.add((uid, cid))
    return out


def _pairs_shown(view: PlayerView) -> set[Pair]:
    out: set[Pair] = set()
    for side in view.sides:
        for pile in (side.hand, side.extra, side.grave):
            out.update((c.uid, c.card_id) for c in pile if c.card_id)
        for cards in side.slots.values():
            out.update((c.uid, c.card_id) for c in cards if c is not None and c.card_id)
    for line in view.lines:
        out.update((s.card, s.card_id) for s in line if s.card_id)
    return out


def learned_since(mark: Mark, now: PlayerView) -> list[Pair]:
    """Cards the mark's seat has seen since the mark and not before (its own views only)."""
    before = _pairs_shown(mark.view) | _pairs_in(mark.view.log)
    after = _pairs_shown(now) | _pairs_in(now.log[len(mark.view.log):])
    return sorted(after - before)


def learned_words(pairs: list[Pair], pool: Mapping[str, CardDef]) -> str:
    names = []
    for _uid, cid in pairs:
        name = pool[cid].name if cid in pool else cid
        if name not in names:
            names.append(name)
    if len(names) > 2:
        return f"{names[0]}, {names[1]} and {len(names) - 2} more"
    return " and ".join(names)
