"""What a view is made of: plain frozen data (`PlayerView` and its parts) and the `Player`
protocol that reads it. Built by `views.py`; kept in a low module of its own so the caches
(which keep card views) and anything else below the rules can name these types.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from . import events as ev
from .choices import PendingChoice
from .commands import Command
from .model import Phase, Zone

HIDDEN = "?"


@dataclass(frozen=True, slots=True)
class CardView:
    """One card as the viewer may see it; `card_id` is None when it is hidden from them."""

    uid: int
    owner: int
    controller: int
    zone: Zone
    index: int  # slot index, -1 in a pile
    face_up: bool
    attack_pos: bool
    card_id: str | None
    atk: int | None = None  # stats: Phantoms the viewer can see
    health: int | None = None
    max_health: int | None = None
    sp_cost: int | None = None
    statuses: tuple[str, ...] = ()

    @property
    def hidden(self) -> bool:
        return self.card_id is None


@dataclass(frozen=True, slots=True)
class SideView:
    """One player's side: piles and slots. The opponent's hand shows as hidden cards."""

    player: int
    lp: int
    sp: int
    deck_count: int
    hand: tuple[CardView, ...]
    extra: tuple[CardView, ...]  # the viewer's own only; the opponent's is a count
    extra_count: int
    grave: tuple[CardView, ...]
    slots: Mapping[Zone, tuple[CardView | None, ...]]


@dataclass(frozen=True, slots=True)
class StepView:
    line: int  # 1-based, bottom Line is 1
    step: int  # 1-based within its Line
    player: int
    kind: str
    speed: int
    card: int
    card_id: str | None
    ability: int
    targets: tuple[int, ...]
    trigger: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything seat `seat` may know now, their legal actions and what they saw happen."""

    seat: int
    turn: int
    round: int
    turn_player: int
    first_player: int
    phase: Phase
    priority: int
    deciding_player: int | None
    sides: tuple[SideView, SideView]
    lines: tuple[tuple[StepView, ...], ...]
    choice: PendingChoice | None  # the viewer's own choice in full; another's without options
    winner: int | None
    end_reason: str
    legal_actions: tuple[Command, ...]  # empty unless the viewer decides now
    events: tuple[ev.Event, ...]  # since the viewer's own last command, redacted for them
    log: tuple[ev.Event, ...]  # every event so far, redacted for the viewer

    @property
    def me(self) -> SideView:
        return self.sides[self.seat]

    @property
    def opponent(self) -> SideView:
        return self.sides[1 - self.seat]

    @property
    def deciding(self) -> bool:
        return self.deciding_player == self.seat

    def card(self, uid: int) -> CardView | None:
        """The viewer's picture of card `uid` wherever it is visible (None: a deck card)."""
        for side in self.sides:
            for pile in (side.hand, side.extra, side.grave):
                for c in pile:
                    if c.uid == uid:
                        return c
            for slot_cards in side.slots.values():
                for sc in slot_cards:
                    if sc is not None and sc.uid == uid:
                        return sc
        return None


class Player(Protocol):
    """Anything that plays a seat: a person's input, an AI, a test script. It gets the view
    of its own seat, never the duel, and answers with one of `view.legal_actions`."""

    def choose(self, view: PlayerView) -> Command: ...
