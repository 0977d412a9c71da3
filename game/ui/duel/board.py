"""What the duel screen draws: one seat's picture of the duel, as plain mutable data.

A `Board` starts from a `PlayerView` and then follows that seat's redacted events one at a
time, so while an animation plays the screen shows "the view before the event, plus what
has finished" (client-architecture.md). Once every event is applied it equals a fresh
`Board.from_view` of the new view (tests/ui/test_duel_board.py checks that on whole duels).
No pygame here: it is tested without a window.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine import (
    HIDDEN,
    CardDef,
    CardView,
    ChoiceKind,
    ChoiceOption,
    PendingChoice,
    Phase,
    PlayerView,
    StepView,
    Zone,
)
from game.engine import events as ev

PILES = (Zone.DECK, Zone.EXTRA, Zone.HAND, Zone.GRAVE)


@dataclass
class SideModel:
    """One player's side as the viewer knows it."""

    player: int
    lp: int
    sp: int
    deck_count: int
    hand: list[int]
    extra: list[int]  # the viewer's own Extra Deck (the opponent's is only a count)
    extra_count: int
    grave: list[int]
    slots: dict[Zone, list[int | None]]

    def field_uids(self) -> list[int]:
        return [u for zone in (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV)
                for u in self.slots[zone] if u is not None]


@dataclass
class Board:
    seat: int
    turn: int
    round: int
    turn_player: int
    first_player: int
    phase: Phase
    priority: int
    sides: list[SideModel]
    cards: dict[int, CardView]
    lines: list[list[StepView]]
    choice: PendingChoice | None
    winner: int | None
    end_reason: str
    version: int = 0  # bumped by every applied event (drawing caches key on it)
    names: dict[int, str] = field(default_factory=dict)  # uid -> last card id told
    pool: Mapping[str, CardDef] = field(default_factory=dict)  # printed stats of a card seen

    # ------------------------------------------------------------ building
    @classmethod
    def from_view(cls, view: PlayerView, pool: Mapping[str, CardDef] | None = None) -> Board:
        cards: dict[int, CardView] = {}
        sides = []
        for s in view.sides:
            for c in (*s.hand, *s.extra, *s.grave):
                cards[c.uid] = c
            slots: dict[Zone, list[int | None]] = {}
            for zone, row in s.slots.items():
                slots[zone] = []
                for card in row:
                    if card is not None:
                        cards[card.uid] = card
                    slots[zone].append(None if card is None else card.uid)
            sides.append(SideModel(s.player, s.lp, s.sp, s.deck_count, [c.uid for c in s.hand],
                                   [c.uid for c in s.extra], s.extra_count,
                                   [c.uid for c in s.grave], slots))
        board = cls(view.seat, view.turn, view.round, view.turn_player, view.first_player,
                    view.phase, view.priority, sides, cards, [list(line) for line in view.lines],
                    view.choice, view.winner, view.end_reason)
        board.names = {u: c.card_id for u, c in cards.items() if c.card_id is not None}
        board.pool = pool or {}
        return board

    def copy(self) -> Board:
        """An independent copy to go on applying events to (cards and Steps are frozen)."""
        sides = [replace(s, hand=list(s.hand), extra=list(s.extra), grave=list(s.grave),
                         slots={z: list(row) for z, row in s.slots.items()}) for s in self.sides]
        return replace(self, sides=sides, cards=dict(self.cards),
                       lines=[list(line) for line in self.lines], names=dict(self.names))

    def open_hands(self, other: Board) -> Board:
        """"Both hands open": a copy of this board whose other side is `other`'s own side as
        its seat sees it, so each side shows what its own player knew (and no deck order)."""
        out = self.copy()
        far = other.seat
        side = other.sides[far]
        out.sides[far] = other.copy().sides[far]
        for uid in (*side.hand, *side.extra, *side.grave, *side.field_uids()):
            out.cards[uid] = other.cards[uid]
            if uid in other.names:
                out.names[uid] = other.names[uid]
        return out

    def printed(self, c: CardView) -> CardView:
        """`c` with the stats printed on it: what a card shows when it is seen anew (moved,
        turned over) until a CardStatsChanged says otherwise."""
        cdef = self.pool.get(c.card_id) if c.card_id is not None else None
        if cdef is not None and cdef.is_phantom:
            return replace(c, atk=cdef.atk, health=cdef.health, max_health=cdef.health,
                           sp_cost=cdef.level, statuses=())
        return replace(c, atk=None, health=None, max_health=None, sp_cost=None, statuses=())

    # ------------------------------------------------------------- reading
    @property
    def me(self) -> SideModel:
        return self.sides[self.seat]

    @property
    def opponent(self) -> SideModel:
        return self.sides[1 - self.seat]

    @property
    def deciding_player(self) -> int | None:
        if self.winner is not None:
            return None
        return self.choice.player if self.choice is not None else self.priority

    def card(self, uid: int) -> CardView | None:
        return self.cards.get(uid)

    def card_id(self, uid: int) -> str | None:
        c = self.cards.get(uid)
        return c.card_id if c is not None else None

    def step_card_id(self, step: StepView) -> str | None:
        """A Step's card as the viewer knows it now (a set card may have turned face up)."""
        c = self.cards.get(step.card)
        if c is not None:
            return c.card_id
        return step.card_id

    def where(self, uid: int) -> tuple[int, Zone, int] | None:
        """(side, zone, index) of a card in a slot or a pile (index in the pile)."""
        for side in self.sides:
            for zone, row in side.slots.items():
                if uid in row:
                    return side.player, zone, row.index(uid)
            for zone, pile in ((Zone.HAND, side.hand), (Zone.EXTRA, side.extra),
                               (Zone.GRAVE, side.grave)):
                if uid in pile:
                    return side.player, zone, pile.index(uid)
        return None

    # ------------------------------------------------------------ applying
    def apply(self, e: object) -> None:
        """Follow one event (already redacted for this seat)."""
        handler = _HANDLERS.get(type(e))
        if handler is not None:
            handler(self, e)
        self.version += 1

    def _known(self, uid: int, owner: int) -> CardView:
        c = self.cards.get(uid)
        if c is None:
            c = self.cards[uid] = CardView(uid, owner, owner, Zone.DECK, -1, False, True, None)
        return c

    def _learn(self, uid: int, card_id: str | None) -> None:
        if card_id is not None and card_id != HIDDEN:
            self.names[uid] = card_id

    def snapshot(self) -> tuple[object, ...]:
        """Everything drawn, as comparable data (the test's "board equals the view")."""
        def card(u: int | None) -> CardView | None:
            return None if u is None else self.cards[u]
        sides = tuple(
            (s.player, s.lp, s.sp, s.deck_count, tuple(map(card, s.hand)),
             tuple(map(card, s.extra)) if s.player == self.seat else (), s.extra_count,
             tuple(map(card, s.grave)),
             tuple((z.value, tuple(map(card, row))) for z, row in sorted(s.slots.items())))
            for s in self.sides)
        lines = tuple(tuple(replace(st, card_id=self.step_card_id(st)) for st in line)
                      for line in self.lines)
        over = self.winner is not None
        return (self.seat, self.turn, self.round, self.turn_player, self.first_player,
                None if over else self.phase, None if over else self.priority, sides, lines,
                self.choice, self.winner, self.end_reason)


# ---------------------------------------------------------------- handlers
def _started(b: Board, e: ev.DuelStarted) -> None:
    b.first_player = e.first_player
    for p, n in enumerate(e.deck_counts):
        b.sides[p].deck_count = n
    for p, extras in enumerate(e.extras):
        side = b.sides[p]
        side.extra_count = len(extras)
        if p == b.seat:
            side.extra = []
            for uid, cid in extras:
                known = None if cid == HIDDEN else cid
                b.cards[uid] = b.printed(CardView(uid, p, p, Zone.EXTRA, -1, False, True, known))
                b._learn(uid, cid)
                side.extra.append(uid)


def _moved(b: Board, e: ev.CardMoved) -> None:
    c = b._known(e.card, e.owner)
    src = Zone(e.from_zone)
    owner_side = b.sides[e.owner]
    if src in PILES:
        if src is Zone.DECK:
            owner_side.deck_count -= 1
        elif src is Zone.EXTRA:
            owner_side.extra_count -= 1
            if e.card in owner_side.extra:
                owner_side.extra.remove(e.card)
        else:
            pile = owner_side.hand if src is Zone.HAND else owner_side.grave
            if e.card in pile:
                pile.remove(e.card)
    else:
        row = b.sides[c.controller].slots[src]
        if 0 <= e.from_index < len(row) and row[e.from_index] == e.card:
            row[e.from_index] = None
    dst = Zone(e.to_zone)
    known = None if e.card_id == HIDDEN else e.card_id
    b._learn(e.card, e.card_id)
    if dst in PILES:
        controller, index, attack = e.owner, -1, True
        if dst is Zone.DECK:
            owner_side.deck_count += 1
        elif dst is Zone.EXTRA:
            owner_side.extra_count += 1
            if e.owner == b.seat:
                owner_side.extra.append(e.card)
        elif dst is Zone.HAND:
            owner_side.hand.append(e.card)
        else:
            owner_side.grave.append(e.card)
    else:
        controller, index, attack = e.controller, e.to_index, e.attack_pos
        b.sides[e.controller].slots[dst][e.to_index] = e.card
    b.cards[e.card] = b.printed(replace(c, controller=controller, zone=dst, index=index,
                                        attack_pos=attack, face_up=e.face_up, card_id=known))
    if dst is Zone.DECK:
        b.cards.pop(e.card, None)


def _position(b: Board, e: ev.PositionChanged) -> None:
    c = b.cards[e.card]
    known = None if e.card_id == HIDDEN else e.card_id
    b._learn(e.card, e.card_id)
    turned = c.face_up != e.face_up  # a card turned over is shown as printed anew
    fresh = turned or known != c.card_id
    c = replace(c, attack_pos=e.attack_pos, face_up=e.face_up, card_id=known)
    b.cards[e.card] = b.printed(c) if fresh else c


def _stats(b: Board, e: ev.CardStatsChanged) -> None:
    c = b.cards.get(e.card)
    if c is None or c.card_id is None:
        return
    b.cards[e.card] = replace(c, atk=e.atk, health=e.health, max_health=e.max_health,
                              sp_cost=e.sp_cost, statuses=tuple(e.statuses))


def _health(b: Board, e: ev.HealthChanged) -> None:
    """Shown at once (the CardStatsChanged at the command's end confirms it)."""
    c = b.cards.get(e.card)
    if c is not None and c.card_id is not None and c.health is not None:
        b.cards[e.card] = replace(c, health=e.after, max_health=e.max_health)


def _lp(b: Board, e: ev.LpChanged) -> None:
    b.sides[e.player].lp = e.after


def _sp(b: Board, e: ev.SpChanged) -> None:
    b.sides[e.player].sp = e.after


def _phase(b: Board, e: ev.PhaseChanged) -> None:
    b.phase = Phase(e.phase)


def _turn(b: Board, e: ev.TurnStarted) -> None:
    b.turn, b.round, b.turn_player, b.priority = e.turn, e.round, e.player, e.player


def _line_opened(b: Board, e: ev.LineOpened) -> None:
    b.lines.append([])


def _step_added(b: Board, e: ev.StepAdded) -> None:
    b._learn(e.card, e.card_id)
    known = None if e.card_id == HIDDEN else e.card_id
    b.lines[e.line - 1].append(StepView(e.line, e.step, e.player, e.kind, e.speed, e.card, known,
                                        e.ability, tuple(e.targets), e.trigger))
    b.priority = 1 - e.player


def _step_resolving(b: Board, e: ev.StepResolving) -> None:
    line = b.lines[e.line - 1]
    if line:
        line.pop()


def _line_closed(b: Board, e: ev.LineClosed) -> None:
    if b.lines:
        b.lines.pop()
    if not b.lines:
        b.priority = b.turn_player


def _passed(b: Board, e: ev.PriorityPassed) -> None:
    b.priority = 1 - e.player


def _window(b: Board, e: ev.WindowOpened) -> None:
    b.priority = e.player


def _choice(b: Board, e: ev.ChoiceRequested) -> None:
    kind = ChoiceKind(e.kind)
    cards = kind.picks_cards
    b.choice = PendingChoice(e.player, kind, e.prompt, tuple(
        ChoiceOption(o, str(label), o if cards else None)
        for o, label in zip(e.options, e.labels, strict=True)), e.count)


def _chosen(b: Board, e: ev.ChoiceMade) -> None:
    b.choice = None


def _ended(b: Board, e: ev.DuelEnded) -> None:
    b.winner, b.end_reason, b.choice = e.winner, e.reason, None


def _named(b: Board, e: ev.Summoned | ev.CardBroken | ev.Revealed) -> None:
    b._learn(e.card, e.card_id)


# one handler per event type, each taking its own event class (hence Any for the event)
_HANDLERS: dict[type, Callable[[Board, Any], None]] = {
    ev.DuelStarted: _started, ev.CardMoved: _moved, ev.PositionChanged: _position,
    ev.CardStatsChanged: _stats, ev.HealthChanged: _health, ev.LpChanged: _lp, ev.SpChanged: _sp, ev.PhaseChanged: _phase,
    ev.TurnStarted: _turn, ev.LineOpened: _line_opened, ev.StepAdded: _step_added,
    ev.StepResolving: _step_resolving, ev.LineClosed: _line_closed, ev.PriorityPassed: _passed,
    ev.WindowOpened: _window, ev.ChoiceRequested: _choice, ev.ChoiceMade: _chosen,
    ev.DuelEnded: _ended, ev.Summoned: _named, ev.CardBroken: _named, ev.Revealed: _named,
}
