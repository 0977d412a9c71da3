"""Everything a duel derives from its state to go fast: one object, owned by one duel's core (`core.py`).

Nothing here is saved or hashed; all of it can be rebuilt from the state and the card pool
(`serialize.from_dict` and the position builder do, through `reindex`). Each cache says what
keys it: a version number that the code changing the state bumps, never an object's `id()`.

Versions (the keys):

- `version`: bumped twice by every accepted command (before and after it runs). Keys the
  whole legal-action listing (`legal.py`'s part of this object, below).
- `field_version`: bumped by every change of the field: a card entering or leaving a slot,
  turning over or changing position, a modifier or status, the end of a turn, and (while a
  conditional continuous effect changes Health) every command and phase. Keys the continuous
  effects in force and the state check.
- `slot_versions[player * 2 + backrow]`: bumped when a card enters or leaves one of that
  player's Phantom or Side Balance slots (`backrow` 0), back-row or Side Balance slots
  (`backrow` 1) (`primitives.move`, both ends; `reindex`; the position builder). Keys the
  player's free slots of each kind, and (`backrow` 0) the Phantoms they control.
- `active_version`: bumped when a card with an activatable ability moves
  (`primitives.move`, `reindex`). Keys each player's cards that might be activated.
- `responders_version`: bumped when a card able to answer a Step (`responders`) moves, joins
  or leaves that set (`moved`, `reindex`). Keys each player's cards among them.
- `cond_version`: bumped by every card move, every LP or SP change and every change of a
  Phantom's damage: with the field, the phase and the turn it is all a condition reads.
  Keys `could_change` answers, the Extra Deck part of a listing and the truth of
  conditional continuous effects.

Invalidation is by comparison: a cache remembers the version it was computed for and is
recomputed when it differs. `copy()` gives a clone its own containers (nothing mutable is
shared except the per-card indexes, which never change once the cards exist).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .members import zones as Zones
from .model import PILE_ZONES

if TYPE_CHECKING:
    from .carddefs import Condition, StaticEffect
    from .commands import Command, SpecialSummon
    from .index import PoolIndex, Slots, StaticPair
    from .model import Card, Phase, Stats, Zone
    from .reasons import Refusal
    from .viewdata import CardView

    # (source card, effect, user, condition): a continuous effect in force
    ActiveStatic = tuple[Card, StaticEffect, int, Condition | None]
    # could_change answers are kept for (field_version, cond_version, last_attack)
    CouldVersions = tuple[int | tuple[int, int], ...]
    # (card uid, ability index, user, event card): one could_change answer
    CouldKey = tuple[int, int, int, int]
    # what the Extra Deck listing of a player reads (legal._extra_key)
    ExtraKey = tuple[int, int, int, int, Phase | None, int | None, int]
    # every kept judgment, set aside while a listing is made from scratch
    Judgments = tuple[
        tuple[Command, ...] | None, int, list[tuple[int, Slots]],
        dict[int, tuple[ExtraKey, Slots, list[SpecialSummon]]],
        list[tuple[int, bool, list[Card]]],
        dict[tuple[int, int], Refusal], dict[str, frozenset[str]], dict[CouldKey, bool],
        CouldVersions, list[tuple[int, bool, list[Card]]],
        list[tuple[int, list[Card], list[Card]]]]


class Caches:
    """A duel's derived data. Engine modules read the fields and change them through the
    methods (a method per kind of change, so what invalidates what is written once)."""

    __slots__ = (
        # indexes of this duel's cards: fixed once the cards exist, shared by copies
        "static_cards", "trigger_cards",
        # where cards stand, kept in step with every move (`placed`)
        "static_on_field", "responders", "timed",
        # the keys
        "version", "field_version", "cond_version", "slot_versions", "responders_version",
        "active_version",
        # continuous effects in force (query.active_statics), valid for statics_version
        "statics", "statics_version", "statics_changed", "statics_health", "statics_weaken",
        "statics_cond_health", "statics_cond", "statics_sp", "static_depth",
        # what the continuous effects in force read, and its value when last found
        "statics_reads", "statics_read",
        # the 0-Health state check
        "health_dirty", "checked_version",
        # query.could_change answers, valid for could_versions
        "could", "could_versions",
        # what players were told (CardStatsChanged) and card views built from it
        "stats_dirty", "shown_stats", "cond_truth", "cond_key", "views",
        # legality (legal.py): the listing, free slots, the Extra Deck part, responders in
        # order, refusals that name numbers, what the pool's summon conditions read
        "listing", "listing_version", "free", "extra", "response_cards", "refusals",
        "pool_reads", "field_active", "phantoms",
    )

    def __init__(self) -> None:
        self.static_cards: dict[int, tuple[StaticPair, ...]] = {}  # uid -> ((StaticEffect, condition), ...)
        self.trigger_cards: dict[str, list[int]] = {}  # trigger -> uids watching for it
        self.static_on_field: set[int] = set()  # uids of static_cards in a field slot now
        self.responders: set[int] = set()  # response-capable cards in a slot, Spirits in hand
        self.timed: set[int] = set()  # uids with modifiers or statuses that end this turn
        self.version = 0
        self.field_version = 0
        self.cond_version = 0
        self.slot_versions = [0, 0, 0, 0]  # player * 2 + backrow: bumped when a card enters
        # or leaves a slot where a Phantom (0) or a Spirit or Counter (1) may go
        self.responders_version = 0  # bumped when a card of `responders` moves, comes or goes
        self.active_version = 0  # bumped when a card with an activatable ability moves
        self.statics: list[ActiveStatic] = []  # [(card, StaticEffect, user, condition)]
        self.statics_version = -1
        self.statics_changed: list[ActiveStatic] = []  # statics entries that came or went, not yet told
        self.statics_health = False  # some active continuous effect changes Health
        self.statics_weaken = False  # ... lowers it
        self.statics_cond_health = False  # ... and depends on a condition
        self.statics_cond = False  # some active continuous effect has a condition
        self.statics_sp = False  # ... changes an SP Cost (off the field too)
        self.static_depth = 0  # a condition being checked for a continuous effect
        self.statics_reads = 0  # bumped when a card with continuous effects moves or turns
        # over, or a card enters or leaves an Environment slot (all active_statics reads)
        self.statics_read = -1  # statics_reads when `statics` was last worked out
        self.health_dirty = False  # a Health may have dropped without damage
        self.checked_version = -1
        self.could: dict[CouldKey, bool] = {}  # (card uid, ability index, user, event card)
        self.could_versions: CouldVersions = ()
        self.stats_dirty: set[int] = set()  # cards whose shown stats may have changed
        # uid -> stats as players were last told: printed stats after a card moves or is
        # revealed (clients know those from the card data), then each CardStatsChanged
        self.shown_stats: dict[int, Stats] = {}
        self.cond_truth: dict[tuple[int, StaticEffect, int], bool] = {}  # conditional statics: last truth told
        self.cond_key: tuple[int | Phase, ...] = ()  # what the conditions read when last checked
        self.views: tuple[dict[int, CardView], dict[int, CardView]] = ({}, {})  # per seat: uid -> CardView
        self._legal_init()

    def _legal_init(self) -> None:
        self.listing: tuple[Command, ...] | None = None  # the whole legal_actions() answer ...
        self.listing_version = -1  # ... valid while `version` equals this
        self.free: list[tuple[int, Slots]] = [(-1, ())] * 4  # player * 2 + backrow ->
        # (the player's slot version, free slots)
        self.extra: dict[int, tuple[ExtraKey, Slots, list[SpecialSummon]]] = {}  # player ->
        # (key, free Phantom slots, the SpecialSummons listed): the Extra Deck part
        self.field_active: list[tuple[int, bool, list[Card]]] = [(-1, False, [])] * 4
        # player * 2 + whether it is their turn -> (active_version, that same whether, the
        # cards with an activatable ability they might activate, in listing order:
        # legal._activation_cards); each player's turn and the other's are kept apart
        self.phantoms: list[tuple[int, list[Card], list[Card]]] = [(-1, [], []), (-1, [], [])]
        # player -> (their slot version, the Phantoms they control, every card in their
        # Phantom and Side Balance slots: query.field_phantoms, query.field_cards)
        self.response_cards: list[tuple[int, bool, list[Card]]] = [(-1, False, [])] * 4
        # player * 2 + whether it is their turn -> (responders_version, that same whether,
        # their cards among `responders` in uid order: legal._response_cards)
        self.refusals: dict[tuple[int, int], Refusal] = {}  # refusals naming numbers, built
        # once (they depend on their numbers only: shared by every copy)
        self.pool_reads: dict[str, frozenset[str]] = {}  # what the pool's conditions read
        # (from card data only: shared by every copy)

    def copy(self, cards: list[Card]) -> Caches:
        """The caches of a copy of the state whose cards are `cards`: same answers, own
        containers. Caches that are cheap to recompute and costly to copy start empty."""
        new = Caches.__new__(Caches)
        new.static_cards = self.static_cards
        new.trigger_cards = self.trigger_cards
        new.static_on_field = set(self.static_on_field)
        new.responders = set(self.responders)
        new.timed = set(self.timed)
        new.version = self.version
        new.field_version = self.field_version
        new.cond_version = self.cond_version
        new.slot_versions = self.slot_versions[:]
        new.responders_version = self.responders_version
        new.active_version = self.active_version
        new.statics = [(cards[c.uid], eff, user, cond) for c, eff, user, cond in self.statics]
        new.statics_version = self.statics_version
        new.statics_changed = [(cards[c.uid], eff, user, cond)
                               for c, eff, user, cond in self.statics_changed]
        new.statics_health = self.statics_health
        new.statics_weaken = self.statics_weaken
        new.statics_cond_health = self.statics_cond_health
        new.statics_cond = self.statics_cond
        new.statics_sp = self.statics_sp
        new.static_depth = 0
        new.statics_reads = self.statics_reads
        new.statics_read = self.statics_read
        new.health_dirty = self.health_dirty
        new.checked_version = self.checked_version
        new.could = {}
        new.could_versions = ()
        new.stats_dirty = set(self.stats_dirty)
        new.shown_stats = dict(self.shown_stats)
        new.cond_truth = dict(self.cond_truth)
        new.cond_key = self.cond_key
        new.views = ({}, {})
        new.listing = self.listing  # a tuple of immutable commands
        new.listing_version = self.listing_version
        new.free = self.free[:]
        new.extra = dict(self.extra)  # values are never changed in place
        new.field_active = [(-1, False, [])] * 4  # names the original's cards
        new.phantoms = [(-1, [], []), (-1, [], [])]  # names the original's cards too
        new.response_cards = [(-1, False, [])] * 4  # names the original's cards
        new.refusals = self.refusals
        new.pool_reads = self.pool_reads
        return new

    # ----------------------------------------------------------- the cards
    def index_card(self, uid: int, cid: str, index: PoolIndex) -> None:
        """A new card exists: note its continuous effects and what it watches for."""
        statics = index.statics.get(cid)
        if statics:
            self.static_cards[uid] = statics
        for trigger in index.watches.get(cid, ()):
            lst = self.trigger_cards.setdefault(trigger, [])
            if uid not in lst:
                lst.append(uid)

    def moved(self, uid: int, zone: Zone, printed: Stats, statics: bool, active: bool,
              responder: bool) -> None:
        """Card `uid` moved to `zone` (`primitives.move`; the slots it left or entered are
        `slot_changed`): conditions read differently, clients show it as printed until told
        more and (out of the Main Deck) its shown stats are compared at the command's end;
        `statics`: a card with continuous effects or an Environment slot is involved
        (`statics_moved`); `active`: it has an activatable ability (`active_moved`);
        `responder`: it can answer a Step where it is now (then, or if it could before, the
        responders changed). One call for all of that: moving is the commonest change."""
        self.cond_version += 1
        self.shown_stats[uid] = printed
        if zone is not Zones.DECK:
            self.stats_dirty.add(uid)
        if statics:
            self.statics_reads += 1
        if active:
            self.active_version += 1
        if uid in self.static_cards:  # where its continuous effects may work from
            if zone in PILE_ZONES:
                self.static_on_field.discard(uid)
            else:
                self.static_on_field.add(uid)
        responders = self.responders
        if responder:  # joined, or moved (its zone or controller may differ)
            responders.add(uid)
            self.responders_version += 1
        elif uid in responders:
            responders.discard(uid)
            self.responders_version += 1

    def reindex(self, static_on_field: set[int], responders: set[int]) -> None:
        """Cards were placed directly (a loaded save, a built position): start again from
        where they are now."""
        self.static_on_field = static_on_field
        self.responders = responders
        self.field_version += 1
        self.slot_versions = [v + 1 for v in self.slot_versions]
        self.responders_version += 1
        self.statics_reads += 1
        self.active_version += 1

    def all_told(self, shown_stats: dict[int, Stats]) -> None:
        """Players see the whole position as it is (its first view): nothing is left to
        tell. `shown_stats`: every visible card's stats now."""
        self.shown_stats = shown_stats
        self.stats_dirty = set()
        self.statics_changed = []
        self.cond_truth = {}
        self.views = ({}, {})

    # ------------------------------------------------------------ changes
    def command_applied(self) -> None:
        self.version += 1

    def slot_changed(self, player: int, zone: Zone) -> None:
        """A card entered or left a slot of `player` in `zone`: the field changed, and
        which slots are free."""
        self.field_version += 1
        if zone is not Zones.BACK and zone is not Zones.ENV:  # Phantom or Side Balance
            self.slot_versions[player * 2] += 1
        if zone is not Zones.PHANTOM and zone is not Zones.ENV:  # back row or Side Balance
            self.slot_versions[player * 2 + 1] += 1

    def field_changed(self) -> None:
        self.field_version += 1

    def conditions_changed(self) -> None:
        """A card moved or an LP or SP total changed: conditions may read differently."""
        self.cond_version += 1

    def health_may_drop(self) -> None:
        """Something may have lowered a Health without damage: run the state check."""
        self.health_dirty = True
        self.field_version += 1

    def timed_change(self, uid: int) -> None:
        """Card `uid` got a modifier or status that ends with the turn."""
        self.timed.add(uid)

    def take_timed(self) -> list[int]:
        """The cards with a change that ends this turn, in order; forgotten as they end."""
        done = sorted(self.timed)
        self.timed = set()
        return done

    def stats_changed(self, uid: int) -> None:
        """What players see of card `uid` may have changed: compare at the command's end."""
        self.stats_dirty.add(uid)

    def shown_printed(self, uid: int, printed: Stats) -> None:
        """Card `uid` moved or turned over: clients show it as printed until told more."""
        self.shown_stats[uid] = printed

    def take_stats_dirty(self) -> set[int]:
        dirty = self.stats_dirty
        self.stats_dirty = set()
        return dirty

    def state_checked(self, health_too: bool) -> None:
        """The state check ran (or had nothing to do) for the field as it is now."""
        if health_too:
            self.health_dirty = False
        self.checked_version = self.field_version

    def active_moved(self) -> None:
        """A card with an activatable ability moved: who might activate what changed."""
        self.active_version += 1

    def statics_moved(self) -> None:
        """A card with continuous effects moved or turned over, or a card entered or left
        an Environment slot: the continuous effects in force may differ."""
        self.statics_reads += 1

    def statics_same(self) -> None:
        """The field changed but nothing the continuous effects in force read did: they
        stay as found (`statics_found` with the same list, told nothing new)."""
        self.statics_version = self.field_version
        if self.statics_health:  # a Health bonus may have come or gone
            self.health_dirty = True

    def statics_found(self, found: list[ActiveStatic], changed: list[ActiveStatic], *, cond: bool, sp: bool,
                      health: bool, cond_health: bool, weaken: bool) -> None:
        """The continuous effects in force for the field as it is now (query.active_statics)."""
        if changed:
            self.statics_changed.extend(changed)
        self.statics = found
        self.statics_version = self.field_version
        self.statics_read = self.statics_reads
        self.statics_cond = cond
        self.statics_sp = sp
        if health or self.statics_health:  # a Health bonus may have come or gone
            self.health_dirty = True
        self.statics_health = health
        self.statics_cond_health = cond_health
        self.statics_weaken = weaken

    def take_statics_changed(self) -> list[ActiveStatic]:
        changed = self.statics_changed
        self.statics_changed = []
        return changed

    def enter_condition(self) -> None:
        """A continuous effect's condition is being checked (a guard, not a cached answer:
        a condition that reads stats does not see conditional continuous effects)."""
        self.static_depth += 1

    def leave_condition(self) -> None:
        self.static_depth -= 1

    def could_for(self, versions: CouldVersions) -> dict[CouldKey, bool]:
        """The could_change answers for `versions` (emptied when they moved on)."""
        if self.could_versions != versions:
            self.could_versions = versions
            self.could = {}
        return self.could

    # ------------------------------------------------------------ legality's part
    def remember_listing(self, listing: tuple[Command, ...], version: int) -> None:
        """The answer `legal_actions()` gives while `version` is `version`."""
        self.listing = listing
        self.listing_version = version

    def keep_free(self, key: int, slot_version: int, slots: Slots) -> Slots:
        """Free slots (player * 2 + back row) as they are at the player's `slot_version`."""
        self.free[key] = (slot_version, slots)
        return slots

    def keep_phantoms(self, player: int, slot_version: int, phantoms: list[Card],
                      cards: list[Card]) -> None:
        self.phantoms[player] = (slot_version, phantoms, cards)

    def keep_extra(self, player: int, key: ExtraKey, slots: Slots,
                   listed: list[SpecialSummon]) -> None:
        self.extra[player] = (key, slots, listed)

    def keep_field_active(self, player: int, version: int, own_turn: bool,
                          found: list[Card]) -> list[Card]:
        self.field_active[player * 2 + own_turn] = (version, own_turn, found)
        return found

    def keep_response_cards(self, player: int, version: int, own_turn: bool,
                            found: list[Card]) -> list[Card]:
        self.response_cards[player * 2 + own_turn] = (version, own_turn, found)
        return found

    def set_aside_judgments(self) -> Judgments:
        """Forget every kept judgment (legality's and could_change's) until
        `restore_judgments`: what a listing from scratch runs with (legal.fresh_legal_actions)."""
        kept = (self.listing, self.listing_version, self.free, self.extra,
                self.response_cards, self.refusals, self.pool_reads, self.could,
                self.could_versions, self.field_active, self.phantoms)
        self._legal_init()
        self.could = {}
        self.could_versions = ()
        return kept

    def restore_judgments(self, kept: Judgments) -> None:
        (self.listing, self.listing_version, self.free, self.extra, self.response_cards,
         self.refusals, self.pool_reads, self.could, self.could_versions,
         self.field_active, self.phantoms) = kept
