"""The duel: one command interface over the whole rules engine.

`Duel.legal_actions()` lists every command the deciding player may send; `Duel.apply()`
either carries one out and returns the events it caused, or raises `Rejected` with a reason
and leaves the state exactly as it was (legality is decided before anything changes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from operator import is_

from . import events as ev
from . import flow as turnflow
from . import primitives as prims
from . import resolution as resolver
from . import triggers as trigs
from .carddefs import CardDef, CardType
from .choices import PendingChoice, public_choice
from .commands import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    Command,
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
from .effects import answer_effect_choice
from .events import Event
from .index import pool_index
from .legal import judge, legal_actions
from .legal_cache import LegalCache
from .model import PILE_ZONES, Card, Choice, ChoiceKind, Phase, PlayerState, Step, Zone
from .query import active_statics, check, select, sp_cost, stats_of
from .reasons import Code, Refusal
from .rules import Rules
from .state import DuelState
from .validate import command_problem
from .views import PlayerView, player_view, redact_event, visible_to


class Rejected(Exception):
    """A command that is not legal now. `code` says why for programs (branch on it);
    `reason` says it in words a person understands (only ever shown)."""

    def __init__(self, reason: str, command: object = None,
                 code: Code = Code.NOT_LEGAL) -> None:
        super().__init__(reason)
        self.reason = reason
        self.command = command
        self.code = code


@dataclass(frozen=True)
class DeckSpec:
    """What a duel needs of a deck: card ids of the Main and Extra Decks."""

    main: tuple[str, ...]
    extra: tuple[str, ...] = ()


_NEXT_PHASE = {
    Phase.STANDBY: Phase.MAIN1,
    Phase.MAIN1: Phase.BATTLE,
    Phase.BATTLE: Phase.MAIN2,
    Phase.MAIN2: Phase.END,
}
_ZONES = {z.value: z for z in Zone}
_DISCARDS = (ChoiceKind.DISCARD_END, ChoiceKind.COST_DISCARD, ChoiceKind.DISCARD)


class Duel:
    """A duel between players 0 and 1 (seats). Player 1 of the book is `first_player`.

    `state` (a DuelState) is everything saved and hashed; every other attribute is
    machinery derived from it or from the card pool (see `_init_machinery`). The rules are
    the functions of `primitives`, `triggers`, `resolution`, `flow`, `battle` and `effects`,
    each taking the duel; this class is the command interface over them."""

    def __init__(
        self,
        pool: Mapping[str, CardDef],
        rules: Rules,
        decks: Sequence[DeckSpec],
        seed: int,
        first_player: int | None = None,
        *,
        auto_pass: bool = True,
        start: bool = True,
    ) -> None:
        self.pool = pool
        self.rules = rules
        self.index = pool_index(pool)
        self.state = DuelState(seed, auto_pass, [
            PlayerState(rules.starting_lp, rules.starting_sp, rules.phantom_slots,
                        rules.back_slots, rules.side_slots)
            for _ in range(2)
        ])
        self._init_machinery()
        if start:
            self._setup(decks, first_player)

    def _init_machinery(self) -> None:
        """Caches and indexes derived from the state: never saved, never hashed; `clone`
        carries them over, `serialize.from_dict` rebuilds them (`reindex_field`)."""
        index = self.index
        self.active_cids = index.active_cids
        self.spirit_cids = index.spirit_cids
        self.phantom_cids = index.phantom_cids
        self.response_cids = index.response_cids
        self.command_cache = index.commands  # interned immutable commands (legal._summons)
        self.static_cards: dict[int, tuple] = {}  # uid -> ((StaticEffect, condition), ...)
        self.trigger_cards: dict[str, list[int]] = {}  # trigger -> uids watching for it
        self.static_on_field: set[int] = set()  # uids of static_cards in a field slot now
        self.responders: set[int] = set()  # response-capable cards in a slot, Spirits in hand
        self.timed: set[int] = set()  # uids with modifiers or statuses that end this turn
        self.field_version = 0  # bumped by every change of the field
        self.version = 0  # bumped by every accepted command
        self._statics: list = []  # active_statics() cache, valid for _statics_version
        self._statics_version = -1
        self._checked_version = -1
        self._static_depth = 0
        self._statics_health = False  # some active continuous effect changes Health
        self._statics_weaken = False  # ... lowers it
        self._statics_cond_health = False  # ... and depends on a condition
        self._statics_cond = False  # some active continuous effect has a condition
        self._statics_sp = False  # ... changes an SP Cost (off the field too)
        self._health_dirty = False  # a Health may have dropped without damage
        self.legal_cache = LegalCache()  # legal.py's kept judgments and listing
        self.out: list = []  # events of the command being applied
        self.ending: tuple[int, str] | None = None  # decided, ends when its Step is done
        self.start_events: list = []
        self.last_events: list = []  # the last command's events (start events at first)
        self.event_log: list = []  # every event since this object began (a clone: since then)
        self._seat_logs: tuple[list, list] = ([], [])  # event_log redacted per seat, lazily
        self.stats_dirty: set[int] = set()  # cards whose shown stats may have changed
        # uid -> stats as players were last told: printed stats after a card moves or is
        # revealed (clients know those from the card data), then each CardStatsChanged
        self.shown_stats: dict[int, tuple] = {}
        self._statics_changed: list = []  # active_statics entries that came or went
        self._cond_truth: dict[tuple, bool] = {}  # conditional statics: last truth told
        self._cond_key: tuple = ()  # what the conditions read when last checked
        self._could: dict = {}  # query.could_change answers, valid for _could_versions
        self._could_versions: tuple = ()
        self.cond_version = 0  # bumped by every card move and LP or SP change
        self.view_cache: tuple[dict, dict] = ({}, {})  # per seat: uid -> CardView

    def clone(self) -> Duel:
        """An exact, independent copy: same hash, same future for the same commands, and
        nothing mutable shared. Search AIs plan on clones, never on the live duel."""
        new = Duel.__new__(Duel)
        new.pool = self.pool
        new.rules = self.rules
        new.index = self.index
        st = new.state = self.state.copy()
        new.active_cids = self.active_cids
        new.spirit_cids = self.spirit_cids
        new.phantom_cids = self.phantom_cids
        new.response_cids = self.response_cids
        new.command_cache = self.command_cache
        new.static_cards = self.static_cards  # fixed once the cards exist
        new.trigger_cards = self.trigger_cards
        new.static_on_field = set(self.static_on_field)
        new.responders = set(self.responders)
        new.timed = set(self.timed)
        new.field_version = self.field_version
        new.version = self.version
        cards = st.cards
        new._statics = [(cards[c.uid], eff, user, cond) for c, eff, user, cond in self._statics]
        new._statics_version = self._statics_version
        new._checked_version = self._checked_version
        new._static_depth = 0
        new._statics_health = self._statics_health
        new._statics_weaken = self._statics_weaken
        new._statics_cond_health = self._statics_cond_health
        new._statics_cond = self._statics_cond
        new._statics_sp = self._statics_sp
        new._health_dirty = self._health_dirty
        new.legal_cache = self.legal_cache.copy()
        new.out = []
        new.ending = None
        new.start_events = self.start_events
        new.last_events = []
        new.event_log = []
        new._seat_logs = ([], [])
        new.stats_dirty = set(self.stats_dirty)
        new.shown_stats = dict(self.shown_stats)
        new._cond_truth = dict(self._cond_truth)
        new._cond_key = self._cond_key
        new._could = {}
        new._could_versions = ()
        new.cond_version = self.cond_version
        new._statics_changed = [(st.cards[c.uid], eff, user, cond)
                                for c, eff, user, cond in self._statics_changed]
        new.view_cache = ({}, {})
        return new

    # ------------------------------------------------------------------ setup
    def _setup(self, decks: Sequence[DeckSpec], first_player: int | None) -> None:
        if len(decks) != 2:
            raise ValueError("a duel needs exactly two decks")
        for p, deck in enumerate(decks):
            # uids in a random order, so a card's number never tells what it is
            main = list(deck.main)
            self.state.rng.shuffle(main)
            for cid in main:
                self._new_card(cid, p, Zone.DECK)
            for cid in deck.extra:
                if cid not in self.pool or not self.pool[cid].extra:
                    raise ValueError(f"{cid!r} is not an Extra Deck Phantom")
                self._new_card(cid, p, Zone.EXTRA)
        for p in (0, 1):
            self.state.rng.shuffle(self.state.players[p].deck)
            self.stats_dirty.update(self.state.players[p].extra)  # shown to their owner
        out = self.out = []
        tossed = first_player is None
        first = self.state.rng.below(2) if first_player is None else first_player
        self.state.first_player = first
        st = self.state
        out.append(ev.DuelStarted(
            st.seed, first, tuple(len(ps.deck) for ps in st.players),
            tuple(tuple((u, st.cards[u].cid) for u in ps.extra) for ps in st.players)))
        if tossed:
            out.append(ev.CoinTossed(first))
        for p in (first, 1 - first):
            prims.draw(self, p, self.rules.opening_hand, "opening")
        turnflow.begin_round(self)
        turnflow.run(self)
        self._report_stats()
        self.start_events = out
        self.last_events = out
        self.event_log.extend(out)
        self._forget_views(out)
        self.out = []

    def _new_card(self, cid: str, owner: int, zone: Zone) -> None:
        if cid not in self.pool:
            raise ValueError(f"unknown card id {cid!r}")
        uid = len(self.state.cards)
        self.state.cards.append(Card(uid, cid, owner, owner, zone))
        self.state.players[owner].pile(zone).append(uid)
        self._index_card(uid)

    def _index_card(self, uid: int) -> None:
        cid = self.state.cards[uid].cid
        statics = self.index.statics.get(cid)
        if statics:
            self.static_cards[uid] = statics
        for trigger in self.index.watches.get(cid, ()):
            lst = self.trigger_cards.setdefault(trigger, [])  # cards watching others
            if uid not in lst:
                lst.append(uid)

    # -------------------------------------------------------------- interface
    # Read-only shortcuts into the state for tools and tests (the engine uses `state`).
    cards = property(lambda self: self.state.cards)
    players = property(lambda self: self.state.players)
    turn = property(lambda self: self.state.turn)
    round = property(lambda self: self.state.round)
    turn_player = property(lambda self: self.state.turn_player)
    first_player = property(lambda self: self.state.first_player)
    phase = property(lambda self: self.state.phase)
    lines = property(lambda self: self.state.lines)
    priority = property(lambda self: self.state.priority)
    choice = property(lambda self: self.state.choice)
    winner = property(lambda self: self.state.winner)
    end_reason = property(lambda self: self.state.end_reason)
    history = property(lambda self: self.state.history)
    seed = property(lambda self: self.state.seed)

    def view(self, seat: int) -> PlayerView:
        """What seat `seat` may know now: the only thing a Player, the UI or a replay reads."""
        return player_view(self, seat)

    def log_for(self, seat: int) -> tuple[Event, ...]:
        """Every event so far as `seat` saw it (redacted once, then kept)."""
        return tuple(self._seat_log(seat))

    def events_for(self, seat: int, since: int | None = None) -> tuple[Event, ...]:
        """Events as seat `seat` may see them: the last command's (at first, the start's), or
        every event after the first `since` (a `log_size` read earlier). The one door by which
        events leave the engine for a player: a screen, a replay viewer and an AI read this
        (or a view's `events` and `log`, built on it); raw events (`apply`'s return,
        `event_log`) are for the engine, its tests and tools that see everything."""
        log = self._seat_log(seat)
        start = len(log) - len(self.last_events) if since is None else max(0, since)
        return tuple(log[start:])

    @property
    def log_size(self) -> int:
        """How many events this object has told so far: the mark `events_for(since=)` takes."""
        return len(self.event_log)

    def _seat_log(self, seat: int) -> list[Event]:
        if seat != 0 and seat != 1:
            raise ValueError(f"seat must be 0 or 1, got {seat!r}")
        log = self._seat_logs[seat]
        if len(log) < len(self.event_log):
            log.extend(redact_event(e, seat) for e in self.event_log[len(log):])
        return log

    def _forget_views(self, events: list) -> None:
        """Drop the cached card views of every card an event names."""
        v0, v1 = self.view_cache
        if not v0 and not v1:
            return
        for e in events:
            uid = getattr(e, "card", None)
            if uid is not None:
                v0.pop(uid, None)
                v1.pop(uid, None)

    def _report_stats(self) -> None:
        """Tell every change of a card's shown ATK, Health, max Health, SP Cost or statuses
        that no other event told: continuous effects coming or going, modifiers ending.
        DuelEnded stays the command's last event."""
        out = self.out
        if out and type(out[-1]) is ev.DuelEnded:
            ended = out.pop()
            self._report_changed_stats()
            out.append(ended)
        else:
            self._report_changed_stats()

    def _report_changed_stats(self) -> None:
        if self._statics_version != self.field_version:
            active_statics(self)  # recomputed after a field change: notes what came or went
        dirty = self.stats_dirty  # every move, turn, position or stat change adds its card
        cards = self.state.cards
        reach = self._statics_changed  # continuous effects that came or went
        st = self.state
        cond_key = (self.field_version, self.cond_version, st.phase, st.turn, st.round)
        if self._statics_cond and cond_key != self._cond_key:
            # and those whose condition turned true or false (conditions read only the
            # field, where cards are, LP, SP, the phase and the turn)
            self._cond_key = cond_key
            reach = list(reach)
            truth = self._cond_truth
            for s in self._statics:
                src, eff, user, cond = s
                if eff.affects.stats:
                    reach.append(s)  # "Phantoms with 1500 ATK or more": reach it every time
                elif cond is not None:
                    key = (src.uid, id(eff), user)
                    holds = check(self, cond, user, src.uid)
                    if truth.get(key) is not holds:
                        truth[key] = holds
                        reach.append(s)
        if reach:
            dirty = set(dirty)
            for src, eff, user, _ in reach:
                dirty.update(select(self, eff.affects, user, src.uid))
            self._statics_changed = []
        if not dirty:
            return
        shown = self.shown_stats
        out = self.out
        printed = self.index.printed
        plain = not self._statics
        plain_off_field = not self._statics_sp
        for uid in sorted(dirty):
            card = cards[uid]
            zone = card.zone
            if zone is Zone.DECK:
                continue
            if not card.mods and not card.flags and not card.damage and (
                    plain or (plain_off_field and zone in PILE_ZONES)):
                now = printed[card.cid]  # nothing changes it: no need to work it out
            else:
                now = stats_of(self, card)
            if shown.get(uid, printed[card.cid]) != now:
                shown[uid] = now
                v0 = visible_to(self, uid, 0)
                v1 = visible_to(self, uid, 1)
                hidden = -1 if v0 and v1 else 1 if v0 else 0 if v1 else 2
                a, h, mh, cost, statuses = now
                out.append(ev.CardStatsChanged(uid, a, h, mh, cost, statuses, hidden))
        self.stats_dirty = set()

    def pending_choice(self) -> PendingChoice | None:
        """The choice the deciding player must answer now, typed (None if there is none)."""
        c = self.state.choice
        return None if c is None else public_choice(c)

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @property
    def deciding_player(self) -> int | None:
        """Who must send the next command (None when the duel is over)."""
        if self.state.winner is not None:
            return None
        if self.state.choice is not None:
            return self.state.choice.player
        return self.state.priority

    def legal_actions(self) -> tuple[Command, ...]:
        """Every command the deciding player may send now; nothing else is legal."""
        cache = self.legal_cache
        if cache.listing_version == self.version and cache.listing is not None:
            return cache.listing
        listing = tuple(legal_actions(self))
        cache.remember(listing, self.version)
        return listing

    def refusal(self, command: object) -> Refusal | None:
        """None if `command` is legal now, else why not (a code and a sentence). Concede is
        judged like any command though never listed (RULES.md D12)."""
        problem = command_problem(command)
        if problem is not None:
            return Refusal(Code.MALFORMED, problem)
        return judge(self, command)

    def why_illegal(self, command: object) -> str | None:
        """None if `command` is legal now, else the reason in words."""
        refusal = self.refusal(command)
        return None if refusal is None else refusal.message

    def apply(self, command: Command) -> list[Event]:
        """Carry out a legal command and return its events; raise Rejected otherwise."""
        problem = command_problem(command)
        if problem is not None:
            raise Rejected(problem, command, Code.MALFORMED)
        if not any(map(partial(is_, command), self.legal_actions())):  # a listed object: legal
            why = judge(self, command)
            if why is not None:
                raise Rejected(why.message, command, why.code)
        self.out = []
        self.version += 1
        self.state.history.append(command)
        waiting = len(self.state.pending_triggers)  # these wait for every Line to resolve
        self._dispatch(command)
        if self._statics_cond_health:  # its condition may have changed with anything
            self._health_dirty = True
            self.field_version += 1
        if self.state.choice is None and self.state.winner is None:
            trigs.flush_immediate_triggers(self, waiting)
        turnflow.run(self)
        self._report_stats()
        out = self.out
        self.out = []
        self.last_events = out
        self.event_log.extend(out)
        self._forget_views(out)
        self.version += 1
        return out

    # ----------------------------------------------------------- dispatching
    def _dispatch(self, cmd) -> None:
        t = type(cmd)
        if t is Pass:
            resolver.pass_priority(self, cmd.player, auto=False)
        elif t is Choose:
            self._answer(cmd.option)
        elif t is NextPhase:
            turnflow.enter_phase(self, _NEXT_PHASE[self.state.phase])
        elif t is EndTurn:
            turnflow.enter_phase(self, Phase.END)
        elif t is Summon:
            self._do_summon(cmd)
        elif t is SpecialSummon:
            self._do_special_summon(cmd)
        elif t is SetCard:
            self._do_set(cmd)
        elif t is PlayEnvironment:
            self._do_environment(cmd)
        elif t is ChangePosition:
            self.count_action(("position", cmd.card))
            self.state.cards[cmd.card].pos_changed_turn = self.state.turn
            self.add_action_step(cmd.player, "position", cmd.card)
        elif t is Flip:
            self.count_action(("flip", cmd.card))
            self.state.cards[cmd.card].pos_changed_turn = self.state.turn
            self.add_action_step(cmd.player, "flip", cmd.card)
        elif t is Unsummon:
            self.count_action(("unsummon", cmd.card))
            self.add_action_step(cmd.player, "unsummon", cmd.card)
        elif t is Attack:
            self._do_attack(cmd)
        elif t is Activate:
            self._do_activate(cmd)
        elif t is Concede:
            turnflow.concede(self, cmd.player)
        else:  # pragma: no cover - legal_actions never lists anything else
            raise Rejected(f"unknown command {cmd!r}", cmd, Code.MALFORMED)

    def count_action(self, key: tuple) -> None:
        self.state.counts[key] = self.state.counts.get(key, 0) + 1

    # ------------------------------------------------------- game actions
    def _do_summon(self, cmd: Summon) -> None:
        card = self.state.cards[cmd.card]
        cost = sp_cost(self, card)
        self.count_action(("summon", card.uid))
        prims.change_sp(self, cmd.player, -cost, "summon")
        prims.move(self, card, _ZONES[cmd.zone], cmd.index, cmd.player, cmd.face_up, cmd.attack, "summon")
        card.sp_paid = cost
        card.summoned_turn = self.state.turn
        self.add_action_step(cmd.player, "summon", card.uid)

    def _do_special_summon(self, cmd: SpecialSummon) -> None:
        card = self.state.cards[cmd.card]
        self.count_action(("special_summon", card.uid))
        cdef = self.pool[card.cid]
        if cdef.materials is not None:
            options = self._material_options(card.uid, cmd.player)
            self.state.choice = Choice(
                cmd.player, ChoiceKind.MATERIALS, f"Choose a material for {cdef.name}",
                options, [self.pool[self.state.cards[u].cid].name for u in options],
                count=cdef.materials.count,
                context={"card": card.uid, "zone": cmd.zone, "index": cmd.index,
                         "attack": cmd.attack},
            )
            self.emit_choice()
            return
        self._finish_special_summon(card, cmd.player, _ZONES[cmd.zone], cmd.index, cmd.attack)

    def _material_options(self, uid: int, player: int) -> list[int]:
        mats = self.pool[self.state.cards[uid].cid].materials
        assert mats is not None  # only asked of a card with materials
        return [u for u in select(self, mats.select, player, uid) if u != uid]

    def _finish_special_summon(self, card: Card, player: int, zone: Zone, index: int,
                               attack: bool) -> None:
        prims.move(self, card, zone, index, player, True, attack, "special_summon")
        card.summoned_turn = self.state.turn
        card.sp_paid = 0
        self.add_action_step(player, "special_summon", card.uid)

    def _do_set(self, cmd: SetCard) -> None:
        card = self.state.cards[cmd.card]
        self.count_action(("set", card.uid))
        prims.move(self, card, _ZONES[cmd.zone], cmd.index, cmd.player, False, True, "set")
        card.set_turn = self.state.turn
        self.add_action_step(cmd.player, "set", card.uid)

    def _do_environment(self, cmd: PlayEnvironment) -> None:
        card = self.state.cards[cmd.card]
        self.count_action(("environment", card.uid))
        old = self.state.players[cmd.player].slots[Zone.ENV][0]
        if old is not None:
            prims.break_card(self, self.state.cards[old], "replaced")
        prims.move(self, card, Zone.ENV, 0, cmd.player, True, True, "play")
        self.add_action_step(cmd.player, "environment", card.uid)

    def _do_attack(self, cmd: Attack) -> None:
        attacker = self.state.cards[cmd.attacker]
        self.count_action(("attack", attacker.uid))
        attacker.attacked_turn = self.state.turn
        if not attacker.face_up:
            prims.set_face(self, attacker, True, "attack")
        self.out.append(ev.AttackDeclared(attacker.uid, cmd.target))
        self.add_action_step(cmd.player, "attack", attacker.uid, cmd.target)
        self.state.last_attack = (attacker.uid, cmd.target)
        trigs.fire(self, "attacks", attacker)
        if cmd.target >= 0:
            trigs.fire(self, "attacked", self.state.cards[cmd.target])

    def _do_activate(self, cmd: Activate) -> None:
        card = self.state.cards[cmd.card]
        cdef = self.pool[card.cid]
        ab = cdef.ability(cmd.ability)
        self.count_action(("ability", card.uid, cmd.ability))
        if ab.once_per_turn:
            self.state.used.add((card.uid, cmd.ability))
        if card.zone is Zone.HAND:  # a Spirit played from hand
            prims.move(self, card, _ZONES[cmd.zone], cmd.index, cmd.player, True, True, "play")
        elif not card.face_up and cdef.type is not CardType.PHANTOM:
            prims.set_face(self, card, True, "activate")
        responding = self.state.lines[-1][-1] if self.state.lines else None
        step = Step(self.state.next_sid, cmd.player, "ability", ab.speed, card.uid, cmd.ability)
        self.state.next_sid += 1
        step.user = cmd.player
        step.card_moves = card.moves
        step.responds_to = responding.sid if responding else -1
        step.targets = tuple(cmd.targets)
        step.target_moves = tuple(self.state.cards[u].moves for u in cmd.targets)
        cost = ab.cost
        if cost.sp:
            prims.change_sp(self, cmd.player, -cost.sp, "cost")
        if cost.lp:
            prims.change_lp(self, cmd.player, -cost.lp, "cost")
        if cost.break_self:
            prims.move(self, card, Zone.GRAVE, -1, card.owner, True, True, "cost")
        if cost.discard:
            hand = self.state.players[cmd.player].hand
            self.state.choice = Choice(
                cmd.player, ChoiceKind.COST_DISCARD, "Discard a card to pay the cost",
                list(hand), [self.pool[self.state.cards[u].cid].name for u in hand],
                count=cost.discard, context={"step": step},
            )
            self.emit_choice()
            return
        resolver.push_step(self, step)
        self.fire_activates(step)

    def fire_activates(self, step: Step) -> None:
        trigs.fire(self, "opponent_activates", self.state.cards[step.card], player=step.player)

    def add_action_step(self, player: int, kind: str, uid: int, target: int = -1) -> Step:
        step = Step(self.state.next_sid, player, kind, 0, uid)
        self.state.next_sid += 1
        step.user = player
        step.card_moves = self.state.cards[uid].moves
        if target >= 0:
            step.extra = target
            step.targets = (target,)
            step.target_moves = (self.state.cards[target].moves,)
        resolver.push_step(self, step)
        return step

    # ---------------------------------------------------------------- choices
    def emit_choice(self) -> None:
        c = self.state.choice
        assert c is not None
        self.out.append(ev.ChoiceRequested(c.player, c.kind.value, c.prompt, tuple(c.options),
                                           tuple(c.labels), min(c.count, len(c.options))))

    def _answer(self, option: int) -> None:
        c = self.state.choice
        assert c is not None  # Choose is only legal while a choice waits
        kind = c.kind
        self.out.append(ev.ChoiceMade(c.player, kind.value, option,
                                      str(c.labels[c.options.index(option)])))
        if kind in _DISCARDS:
            card = self.state.cards[option]
            prims.move(self, card, Zone.GRAVE, -1, card.owner, True, True, "discard")
            self._next_of_choice(c, option)
            if self.state.choice is None and kind is ChoiceKind.COST_DISCARD:
                step = c.context["step"]
                resolver.push_step(self, step)
                self.fire_activates(step)
            elif self.state.choice is None and kind is ChoiceKind.DISCARD and c.context.get("rest"):
                from .effects import discard_players

                discard_players(self, list(c.context["rest"]), c.context["count"])
            return
        if kind is ChoiceKind.MATERIALS:
            card = self.state.cards[option]
            prims.move(self, card, Zone.GRAVE, -1, card.owner, True, True, "material")
            self._next_of_choice(c, option)
            if self.state.choice is None:
                ctx = c.context
                self._finish_special_summon(self.state.cards[ctx["card"]], c.player, _ZONES[ctx["zone"]],
                                            ctx["index"], ctx["attack"])
            return
        self.state.choice = None
        if kind is ChoiceKind.TRIGGER_OPTIONAL:
            trig = c.context["trigger"]
            if option == 1:
                trigs.trigger_targets(self, trig)
            else:
                self.out.append(ev.AbilityDeclined(trig.card, self.state.cards[trig.card].cid))
            return
        if kind is ChoiceKind.TRIGGER_TARGET:
            trigs.trigger_targets(self, c.context["trigger"], c.context["chosen"] + (option,))
            return
        answer_effect_choice(self, c, option)

    def _next_of_choice(self, c: Choice, option: int) -> None:
        """One answer of a multi-answer choice is in: ask again or close it."""
        c.count -= 1
        c.options = [o for o in c.options if o != option]
        if c.count <= 0 or not c.options:
            self.state.choice = None
            return
        c.labels = [self.pool[self.state.cards[u].cid].name for u in c.options]
        self.emit_choice()
