"""The mutable duel state: cards in play, players, Lines, pending choices.

Plain classes with __slots__ so the hot path stays fast; `serialize.py` turns all of it into
plain data and back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .builders import builder

# where an effect sits in its ability: (index, then ("t"|"e", index | "o", option, index)...)
EffectPath = tuple[int | str, ...]
# what the loop guard counts: (action, card uid) or ("ability", card uid, ability index)
ActionKey = tuple[str, int] | tuple[str, int, int]
# (ATK, Health, max Health, SP Cost, statuses) as a player sees them (query.stats_of);
# None: not a Phantom, or hidden
Stats = tuple[int | None, int | None, int | None, int | None, tuple[str, ...]]

_new_card = object.__new__


class Zone(str, Enum):
    DECK = "deck"
    EXTRA = "extra"
    HAND = "hand"
    GRAVE = "grave"
    PHANTOM = "phantom"
    BACK = "back"
    SIDE = "side"
    ENV = "env"

    def __str__(self) -> str:
        return self.value


_DECK, _HAND, _GRAVE = Zone.DECK, Zone.HAND, Zone.GRAVE  # read by PlayerState.pile
# sets, for `zone in ...` (hot: a tuple compares a missing zone with every member)
SLOT_ZONES = frozenset((Zone.PHANTOM, Zone.BACK, Zone.SIDE, Zone.ENV))
PILE_ZONES = frozenset((Zone.DECK, Zone.EXTRA, Zone.HAND, Zone.GRAVE))
PHANTOM_ZONES = (Zone.PHANTOM, Zone.SIDE)  # where a Phantom may stand
BACKROW_ZONES = (Zone.BACK, Zone.SIDE)  # where a Spirit or Counter may stand
FIELD_SLOT_ZONES = (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV)


class Phase(str, Enum):
    STANDBY = "standby"
    MAIN1 = "main1"
    BATTLE = "battle"
    MAIN2 = "main2"
    END = "end"
    DRAW = "draw"  # the shared Draw Phase between Player 1's and Player 2's turns

    def __str__(self) -> str:
        return self.value


@dataclass(slots=True)
class Card:
    """One physical card in the duel. `uid` is its index in DuelState.cards."""

    uid: int
    cid: str
    owner: int
    controller: int
    zone: Zone
    index: int = -1  # slot index in a slot zone
    attack_pos: bool = True
    face_up: bool = False
    damage: int = 0  # Health lost; Health = max_health - damage, never below 0
    summoned_turn: int = -1
    battled_turn: int = -1
    attacked_turn: int = -1
    pos_changed_turn: int = -1
    set_turn: int = -1
    sp_paid: int = 0
    moves: int = 0  # bumped at every zone change: a target "is gone" when this changes
    zero_ok: bool = False  # survived a Break at 0 Health: stays at 0 (book)
    health_bonus: int = 0  # Health gained from bonuses, as last settled (see settle_health)
    # (stat, amount, expires_turn or -1) and (flag, expires_turn or -1) entries: tuples,
    # replaced whole on every change, so a copy shares them (nothing mutable is shared)
    mods: tuple[tuple[str, int, int], ...] = ()
    flags: tuple[tuple[str, int], ...] = ()

    def copy(self) -> Card:
        """An independent copy (`mods` and `flags` are immutable: shared)."""
        n = _new_card(Card)
        n.uid = self.uid
        n.cid = self.cid
        n.owner = self.owner
        n.controller = self.controller
        n.zone = self.zone
        n.index = self.index
        n.attack_pos = self.attack_pos
        n.face_up = self.face_up
        n.damage = self.damage
        n.summoned_turn = self.summoned_turn
        n.battled_turn = self.battled_turn
        n.attacked_turn = self.attacked_turn
        n.pos_changed_turn = self.pos_changed_turn
        n.set_turn = self.set_turn
        n.sp_paid = self.sp_paid
        n.moves = self.moves
        n.zero_ok = self.zero_ok
        n.health_bonus = self.health_bonus
        n.mods = self.mods
        n.flags = self.flags
        return n

    def reset(self) -> None:
        """Forget everything that only lives on the field."""
        self.attack_pos = True
        self.damage = 0
        self.summoned_turn = -1
        self.battled_turn = -1
        self.attacked_turn = -1
        self.pos_changed_turn = -1
        self.set_turn = -1
        self.sp_paid = 0
        self.zero_ok = False
        self.health_bonus = 0
        self.mods = ()
        self.flags = ()


class PlayerState:
    __slots__ = ("deck", "extra", "hand", "grave", "slots", "lp", "sp")

    def __init__(self, lp: int, sp: int, phantom: int, back: int, side: int) -> None:
        self.deck: list[int] = []  # index -1 is the top
        self.extra: list[int] = []
        self.hand: list[int] = []
        self.grave: list[int] = []  # index -1 is the newest
        self.slots: dict[Zone, list[int | None]] = {
            Zone.PHANTOM: [None] * phantom,
            Zone.BACK: [None] * back,
            Zone.SIDE: [None] * side,
            Zone.ENV: [None],
        }
        self.lp = lp
        self.sp = sp

    def copy(self) -> PlayerState:
        n = PlayerState.__new__(PlayerState)
        n.deck = self.deck[:]
        n.extra = self.extra[:]
        n.hand = self.hand[:]
        n.grave = self.grave[:]
        n.slots = {z: v[:] for z, v in self.slots.items()}
        n.lp = self.lp
        n.sp = self.sp
        return n

    def pile(self, zone: Zone) -> list[int]:
        if zone is _DECK:
            return self.deck
        if zone is _HAND:
            return self.hand
        if zone is _GRAVE:
            return self.grave
        return self.extra


@dataclass(slots=True)
class Step:
    """One Step of a Line: a game action or an ability."""

    sid: int
    player: int
    kind: str  # summon | special_summon | set | environment | attack | position | flip | unsummon | ability
    speed: int
    card: int
    ability: int = -1
    trigger: bool = False
    targets: tuple[int, ...] = ()  # card uids
    target_moves: tuple[int, ...] = ()  # their `moves` counters when chosen
    card_moves: int = 0
    responds_to: int = -1  # sid of the Step it answered
    negated: bool = False
    negate_break: bool = True  # a negated summon or play also Breaks its card
    user: int = -1  # who counts as "you" (an Environment may be used by either player)
    event_card: int = -1
    extra: int = -1  # attack: target uid (-1 direct); position: unused

    def copy(self) -> Step:
        return new_step(self.sid, self.player, self.kind, self.speed, self.card, self.ability,
                    self.trigger, self.targets, self.target_moves, self.card_moves,
                    self.responds_to, self.negated, self.negate_break, self.user,
                    self.event_card, self.extra)


new_step = builder(Step)  # `Step(...)` built faster (builders.py): Steps are made per command


class ChoiceKind(str, Enum):
    """What a pending choice asks. Card kinds offer card uids; `TRIGGER_OPTIONAL` offers
    1 (yes) and 0 (no); `CHOOSE_OPTION` offers the indexes of an ability's options."""

    DISCARD_END = "discard_end"  # hand over the limit at the End Phase
    COST_DISCARD = "cost_discard"  # an ability's discard cost
    MATERIALS = "materials"  # an Extra Deck summon's materials
    TRIGGER_TARGET = "trigger_target"
    TRIGGER_OPTIONAL = "trigger_optional"  # use an optional trigger: yes or no
    DISCARD = "discard"  # an effect makes this player discard
    SEARCH = "search"  # a card to add to the hand
    SUMMON_PICK = "summon_pick"  # a Phantom to Special Summon
    CHOOSE_OPTION = "choose_option"  # one of an ability's options

    def __str__(self) -> str:
        return self.value

    @property
    def picks_cards(self) -> bool:
        return self is not ChoiceKind.TRIGGER_OPTIONAL and self is not ChoiceKind.CHOOSE_OPTION


@dataclass(slots=True)
class Choice:
    """A question the engine waits on; the legal actions are its answers."""

    player: int
    kind: ChoiceKind
    prompt: str
    options: list[int]  # card uids, or option numbers
    labels: list[str]
    count: int = 1  # answers still needed of this choice
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True, frozen=True)
class PendingTrigger:
    card: int
    ability: int
    user: int
    event_card: int = -1
