"""The duel's state: everything that is saved, hashed and replayed, in one slotted object.

Caches and indexes derived from it live beside it on the duel's core (`core.py`), so a
copy of the state is a complete, independent duel position; `DuelState.copy()` makes that
copy field by field, which is what makes `Duel.clone()` cheap enough for a search AI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import (
    ActionKey,
    Card,
    Choice,
    EffectPath,
    PendingTrigger,
    Phase,
    PlayerState,
    Step,
    Zone,
)
from .rng import Rng

if TYPE_CHECKING:
    from .commands import Command


class DuelState:
    """The saved part of a duel (see `serialize.to_dict`, which writes every field)."""

    __slots__ = (
        "seed", "auto_pass", "rng", "players", "cards", "turn", "round", "turn_player",
        "first_player", "phase", "lines", "priority", "passes", "choice", "pending_triggers",
        "trigger_queue", "resolving", "current", "cur_line", "cur_step", "work", "winner",
        "end_reason", "ending", "counts", "used", "next_sid", "last_attack", "history",
    )

    def __init__(self, seed: int, auto_pass: bool, players: list[PlayerState]) -> None:
        self.seed = seed
        self.auto_pass = auto_pass
        self.rng = Rng(seed)
        self.players = players
        self.cards: list[Card] = []
        self.turn = 0
        self.round = 0
        self.turn_player = 0
        self.first_player = 0
        self.phase = Phase.STANDBY
        self.lines: list[list[Step]] = []
        self.priority = 0
        self.passes = 0
        self.choice: Choice | None = None
        self.pending_triggers: list[PendingTrigger] = []
        self.trigger_queue: list[PendingTrigger] = []
        self.resolving = False
        self.current: Step | None = None
        self.cur_line = 0
        self.cur_step = 0
        self.work: list[EffectPath] = []
        self.winner: int | None = None  # -1: a draw
        self.end_reason = ""
        # (winner, reason) decided by the Step being carried out; the duel ends when that
        # Step is complete (flow.finish), which may be after a choice its effects ask
        self.ending: tuple[int, str] | None = None
        self.counts: dict[ActionKey, int] = {}  # loop guard, this turn
        self.used: set[tuple[int, int]] = set()  # once-per-turn abilities used this turn
        self.next_sid = 1
        self.last_attack: tuple[int, int] = (-1, -1)
        self.history: list[Command] = []  # accepted commands, for replays

    def copy(self) -> DuelState:
        """An independent copy: no mutable object is shared with `self`, but for the cards in
        a Deck. Those are shared, since no rule changes a card in place while it is in a Deck
        (the rules that change a card's fields act on cards on the field or in a hand), and
        the one way out, `primitives.move`, makes a card leaving the Deck a new object first.
        A Deck holds most of a duel's cards, and copying cards is most of a copy's cost. A
        new rule that changes a card in a Deck in place must copy it first as `move` does.

        Steps are copied once and shared between `lines`, `current` and a pending choice's
        context exactly as they are in the original, so identity-based logic still holds."""
        new = DuelState.__new__(DuelState)
        new.seed = self.seed
        new.auto_pass = self.auto_pass
        new.rng = Rng(0)
        new.rng.state = self.rng.state
        new.players = [p.copy() for p in self.players]
        deck = Zone.DECK  # Deck cards are shared: see the docstring
        new.cards = [c if c.zone is deck else c.copy() for c in self.cards]
        new.turn = self.turn
        new.round = self.round
        new.turn_player = self.turn_player
        new.first_player = self.first_player
        new.phase = self.phase
        new.priority = self.priority
        new.passes = self.passes
        ch = self.choice
        if not self.lines and self.current is None and ch is None:  # no Step to copy
            new.lines = []
            new.current = None
            new.choice = None
        else:
            self._copy_steps(new)
        new.pending_triggers = list(self.pending_triggers)  # PendingTrigger is immutable
        new.trigger_queue = list(self.trigger_queue)
        new.resolving = self.resolving
        new.cur_line = self.cur_line
        new.cur_step = self.cur_step
        new.work = list(self.work)  # tuples
        new.winner = self.winner
        new.end_reason = self.end_reason
        new.ending = self.ending
        new.counts = dict(self.counts)
        new.used = set(self.used)
        new.next_sid = self.next_sid
        new.last_attack = self.last_attack
        new.history = list(self.history)  # commands are immutable
        return new

    def _copy_steps(self, new: DuelState) -> None:
        """`copy`'s part for the Lines, the Step being carried out and a pending choice."""
        steps: dict[int, Step] = {}

        def step(s: Step) -> Step:
            got = steps.get(id(s))
            if got is None:
                got = steps[id(s)] = s.copy()
            return got

        new.lines = [[step(s) for s in line] for line in self.lines]
        new.current = None if self.current is None else step(self.current)
        ch = self.choice
        if ch is None:
            new.choice = None
        else:
            ctx = {k: (step(v) if type(v) is Step else list(v) if type(v) is list else v)
                   for k, v in ch.context.items()}
            new.choice = Choice(ch.player, ch.kind, ch.prompt, list(ch.options),
                                list(ch.labels), ch.count, ctx)
