"""The duel: one command interface over the whole rules engine.

`Duel.legal_actions()` lists every command the deciding player may send; `Duel.apply()`
either carries one out and returns the events it caused, or raises `Rejected` with a reason
and leaves the state exactly as it was (legality is decided before anything changes).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from . import events as ev
from . import flow as turnflow
from . import primitives as prims
from . import triggers as trigs
from .carddefs import CardDef
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
from .core import DuelCore
from .effects import answer_effect_choice
from .events import Event
from .legal import judge, legal_actions
from .lines import ask, count_action, pass_priority, push_step
from .members import card_types as CardTypes
from .members import choice_kinds as ChoiceKinds
from .members import phases as Phases
from .members import zones as Zones
from .model import PILE_ZONES, Card, Choice, Phase, PlayerState, Step, Zone, new_step
from .notice import activated, fire
from .query import active_statics, check, reachable, select, sp_cost, stats_of
from .reasons import Code, Refusal
from .rules import Rules
from .state import DuelState
from .validate import command_problem
from .views import PlayerView, declined, hidden_from, player_view, redact_event, visible_to


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
class Checkpoint:
    """A position of one duel to come back to (a player's undo): a clone of the duel then,
    and how many events its record held. Only `Duel.rewind` of the same duel reads it."""

    position: Duel
    log_size: int
    acted: tuple[int, int] = (0, 0)  # each seat's log size when it last sent a command


@dataclass(frozen=True)
class DeckSpec:
    """What a duel needs of a deck: card ids of the Main and Extra Decks."""

    main: tuple[str, ...]
    extra: tuple[str, ...] = ()


_NEXT_PHASE = {
    Phases.STANDBY: Phases.MAIN1,
    Phases.MAIN1: Phases.BATTLE,
    Phases.BATTLE: Phases.MAIN2,
    Phases.MAIN2: Phases.END,
}
_ZONES = {z.value: z for z in Zone}
_DISCARDS = (ChoiceKinds.DISCARD_END, ChoiceKinds.COST_DISCARD, ChoiceKinds.DISCARD)


class Duel(DuelCore):
    """A duel between players 0 and 1 (seats). Player 1 of the book is `first_player`.

    A `DuelCore` (core.py: the state, the caches, the pool and its index, the rules, the
    command's events `out`) with the event record (the logs, per seat too) and the command
    interface on top. The rules are the functions of the engine's modules, each taking the
    core, in layers (docs/engine.md); none of them assigns an attribute of this object."""

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
        shuffle: bool = True,
    ) -> None:
        super().__init__(pool, rules, DuelState(seed, auto_pass, [
            PlayerState(rules.starting_lp, rules.starting_sp, rules.phantom_slots,
                        rules.back_slots, rules.side_slots)
            for _ in range(2)
        ]))
        self._new_record([])
        if start:
            self._setup(decks, first_player, shuffle)

    def _new_record(self, start_events: list[Event]) -> None:
        """An empty event record (a new duel's, a clone's): the one list of its fields."""
        self.start_events = start_events
        self.last_events: list[Event] = []  # the last command's events (start events at first)
        # every event since this object began (a clone: since then)
        self.event_log: list[Event] = []
        # event_log redacted per seat, lazily: what each seat was told, and for each raw
        # event how much of that seat's log came before it (a seat is not told every event)
        self._seat_logs: tuple[list[Event], list[Event]] = ([], [])
        self._seat_marks: tuple[array[int], array[int]] = (array("l"), array("l"))
        self._acted = [0, 0]  # per seat: the log size when it last sent a command

    def clone(self) -> Duel:
        """An exact, independent copy: same hash, same future for the same commands, and
        nothing mutable shared. Search AIs plan on clones, never on the live duel."""
        new = Duel.__new__(Duel)
        self.copy_core(new)
        new._new_record(self.start_events)
        return new

    def checkpoint(self) -> Checkpoint:
        """This position, to `rewind` to later (an undo)."""
        return Checkpoint(self.clone(), len(self.event_log), (self._acted[0], self._acted[1]))

    def rewind(self, mark: Checkpoint) -> None:
        """Back to a checkpoint taken from this duel: the same state (hash, legal actions,
        future) and the event record cut back to where it was, as if nothing had been sent
        since. The object stays the same, so whoever holds it (a match) holds the old position."""
        if mark.log_size > len(self.event_log):
            raise ValueError("that checkpoint is not of this duel's past")
        self.state = mark.position.state.copy()
        self.caches = mark.position.caches.copy(self.state.cards)
        self.out = []
        self.last_events = []
        size = mark.log_size
        del self.event_log[size:]
        for log, marks in zip(self._seat_logs, self._seat_marks, strict=True):
            if len(marks) > size:  # where the seat's log stood when raw event `size` came
                del log[marks[size]:]
                del marks[size:]
        self._acted = list(mark.acted)

    @property
    def version(self) -> int:
        """Bumped by every accepted command: equal versions, equal positions."""
        return self.caches.version

    # ------------------------------------------------------------------ setup
    def _setup(self, decks: Sequence[DeckSpec], first_player: int | None,
               shuffle: bool = True) -> None:
        """Decks in, opening hands dealt, the first turn begun. `shuffle=False` (scenarios that
        check the first draws): each Main Deck is used in its written order, top card first."""
        if len(decks) != 2:
            raise ValueError("a duel needs exactly two decks")
        for p, deck in enumerate(decks):
            # uids in a random order, so a card's number never tells what it is
            main = list(deck.main)
            if shuffle:
                self.state.rng.shuffle(main)
            else:
                main.reverse()  # the pile's last card is its top
            for cid in main:
                self._new_card(cid, p, Zones.DECK)
            for cid in deck.extra:
                if cid not in self.defs or not self.defs[cid].extra:
                    raise ValueError(f"{cid!r} is not an Extra Deck Phantom")
                self._new_card(cid, p, Zones.EXTRA)
        for p in (0, 1):
            if shuffle:
                self.state.rng.shuffle(self.state.players[p].deck)
            for uid in self.state.players[p].extra:  # shown to their owner
                self.caches.stats_changed(uid)
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
        if cid not in self.defs:
            raise ValueError(f"unknown card id {cid!r}")
        uid = len(self.state.cards)
        self.state.cards.append(Card(uid, cid, owner, owner, zone))
        self.state.players[owner].pile(zone).append(uid)
        self.caches.index_card(uid, cid, self.index)

    # -------------------------------------------------------------- interface
    # Read-only shortcuts into the state for tools and tests (the rules read `state`).
    @property
    def cards(self) -> list[Card]:
        return self.state.cards

    @property
    def players(self) -> list[PlayerState]:
        return self.state.players

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def turn_player(self) -> int:
        return self.state.turn_player

    @property
    def first_player(self) -> int:
        return self.state.first_player

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def lines(self) -> list[list[Step]]:
        return self.state.lines

    @property
    def priority(self) -> int:
        return self.state.priority

    @property
    def choice(self) -> Choice | None:
        return self.state.choice

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def end_reason(self) -> str:
        return self.state.end_reason

    @property
    def history(self) -> list[Command]:
        return self.state.history

    @property
    def seed(self) -> int:
        return self.state.seed

    def view(self, seat: int) -> PlayerView:
        """What seat `seat` may know now: the only thing a Player, the UI or a replay reads."""
        return player_view(self, self, seat)

    def log_for(self, seat: int) -> tuple[Event, ...]:
        """Every event so far as `seat` saw it (redacted once, then kept)."""
        return tuple(self._seat_log(seat))

    def told_for(self, seat: int) -> tuple[Event | None, ...]:
        """Every event so far as `seat` was told it, one per raw event (`log_size` marks index
        it): None where the seat was not told of it at all (RULES.md I12)."""
        log = self._seat_log(seat)
        marks = self._seat_marks[seat]
        n = len(marks)
        return tuple(log[marks[i]] if (marks[i + 1] if i + 1 < n else len(log)) > marks[i]
                     else None for i in range(n))

    def events_for(self, seat: int, since: int | None = None) -> tuple[Event, ...]:
        """Events as seat `seat` may see them: the last command's (at first, the start's), or
        every event after the first `since` (a `log_size` read earlier). The one door by which
        events leave the engine for a player: a screen, a replay viewer and an AI read this
        (or a view's `events` and `log`, built on it); raw events (`apply`'s return,
        `event_log`) are for the engine, its tests and tools that see everything."""
        log = self._seat_log(seat)
        raw = len(self.event_log) - len(self.last_events) if since is None else max(0, since)
        marks = self._seat_marks[seat]
        return tuple(log[marks[raw]:]) if raw < len(marks) else ()

    def acted_at(self, seat: int) -> int:
        """The log size when `seat` last sent a command (0: not yet): a view's `events` are
        what happened since, the same whether the other player was asked in between or
        passed for (RULES.md I14)."""
        return self._acted[seat]

    @property
    def log_size(self) -> int:
        """How many events this object has told so far: the mark `events_for(since=)` takes."""
        return len(self.event_log)

    def _seat_log(self, seat: int) -> list[Event]:
        if seat != 0 and seat != 1:
            raise ValueError(f"seat must be 0 or 1, got {seat!r}")
        log = self._seat_logs[seat]
        marks = self._seat_marks[seat]
        raw = self.event_log
        if len(marks) < len(raw):
            for e in raw[len(marks):]:
                marks.append(len(log))
                told = redact_event(e, seat)
                if told is not None:
                    log.append(told)
        return log

    def _forget_views(self, events: list[Event]) -> None:
        """Drop the cached card views of every card an event names."""
        v0, v1 = self.caches.views
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
        caches = self.caches
        if caches.statics_version == caches.field_version and not caches.stats_dirty \
                and not caches.statics_changed and not caches.statics_cond:
            return  # nothing moved, changed or came or went: nothing to tell
        out = self.out
        if out and type(out[-1]) is ev.DuelEnded:
            ended = out.pop()
            self._report_changed_stats()
            out.append(ended)
        else:
            self._report_changed_stats()

    def _report_changed_stats(self) -> None:
        caches = self.caches
        if caches.statics_version != caches.field_version:
            active_statics(self)  # recomputed after a field change: notes what came or went
        # every move, turn, position or stat change; continuous effects that came or went
        dirty = caches.take_stats_dirty() if caches.stats_dirty else set()
        reach = caches.take_statics_changed() if caches.statics_changed else []
        cards = self.state.cards
        st = self.state
        if caches.statics_cond and (cond_key := (caches.field_version, caches.cond_version,
                                                 st.phase, st.turn, st.round)) != caches.cond_key:
            # and those whose condition turned true or false (conditions read only the
            # field, where cards are, LP, SP, the phase and the turn)
            caches.cond_key = cond_key
            truth = caches.cond_truth
            for s in caches.statics:
                src, eff, user, cond = s
                if cond is not None:
                    key = (src.uid, eff, user)
                    holds = check(self, cond, user, src.uid)
                    if truth.get(key) is not holds:
                        truth[key] = holds
                        reach.append(s)
        for _, eff, user, _ in reach:  # every card each could reach, whatever it shows
            dirty.update(reachable(self, eff.affects, user))
        if not dirty:
            return
        shown = caches.shown_stats
        out = self.out
        printed = self.index.printed
        plain = not caches.statics
        plain_off_field = not caches.statics_sp
        for uid in sorted(dirty):
            card = cards[uid]
            zone = card.zone
            if zone is Zones.DECK:
                continue
            if not card.mods and not card.flags and not card.damage and (
                    plain or (plain_off_field and zone in PILE_ZONES)):
                now = printed[card.cid]  # nothing changes it: no need to work it out
            else:
                now = stats_of(self, card)
            if shown.get(uid, printed[card.cid]) != now:
                shown[uid] = now
                a, h, mh, cost, statuses = now
                out.append(ev.card_stats_changed(uid, a, h, mh, cost, statuses,
                                               hidden_from(self, uid)))

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
        caches = self.caches
        if caches.listing_version == caches.version and caches.listing is not None:
            return caches.listing
        listing = tuple(legal_actions(self))
        caches.remember_listing(listing, caches.version)
        return listing

    def refusal(self, command: object) -> Refusal | None:
        """None if `command` is legal now, else why not (a code and a sentence). Concede is
        judged like any command though never listed (RULES.md D12)."""
        problem = command_problem(command)
        if problem is not None:
            return Refusal(Code.MALFORMED, problem)
        return judge(self, cast(Command, command))  # well-formed: command_problem said so

    def why_illegal(self, command: object) -> str | None:
        """None if `command` is legal now, else the reason in words."""
        refusal = self.refusal(command)
        return None if refusal is None else refusal.message

    def apply(self, command: Command) -> list[Event]:
        """Carry out a legal command and return its events; raise Rejected otherwise."""
        # a listed object is legal (and well-formed: the engine built it); a plain loop
        # by identity is about three times faster than any(map(partial(is_, ...)))
        for listed in self.legal_actions():
            if listed is command:
                break
        else:
            problem = command_problem(command)
            if problem is not None:
                raise Rejected(problem, command, Code.MALFORMED)
            why = judge(self, command)
            if why is not None:
                raise Rejected(why.message, command, why.code)
        self.out = []
        caches = self.caches
        caches.command_applied()
        self._acted[command.player] = len(self.event_log)
        self.state.history.append(command)
        waiting = len(self.state.pending_triggers)  # these wait for every Line to resolve
        self._dispatch(command)
        if caches.statics_cond_health:  # its condition may have changed with anything
            caches.health_may_drop()
        if self.state.choice is None and self.state.winner is None:
            trigs.flush_immediate_triggers(self, waiting)
        turnflow.run(self)
        self._report_stats()
        out = self.out
        self.out = []
        self.last_events = out
        self.event_log.extend(out)
        self._forget_views(out)
        caches.command_applied()
        return out

    # ----------------------------------------------------------- dispatching
    def _dispatch(self, cmd: Command) -> None:
        # one type() for the whole chain; each branch tells mypy what it found (cast: free)
        t = type(cmd)
        if t is Pass:
            pass_priority(self, cmd.player, auto=False)
        elif t is Choose:
            self._answer(cast(Choose, cmd).option)
        elif t is NextPhase:
            turnflow.enter_phase(self, _NEXT_PHASE[self.state.phase])
        elif t is EndTurn:
            turnflow.enter_phase(self, Phases.END)
        elif t is Summon:
            self._do_summon(cast(Summon, cmd))
        elif t is SpecialSummon:
            self._do_special_summon(cast(SpecialSummon, cmd))
        elif t is SetCard:
            self._do_set(cast(SetCard, cmd))
        elif t is PlayEnvironment:
            self._do_environment(cast(PlayEnvironment, cmd))
        elif t is ChangePosition:
            uid = cast(ChangePosition, cmd).card
            count_action(self, ("position", uid))
            self.state.cards[uid].pos_changed_turn = self.state.turn
            self.add_action_step(cmd.player, "position", uid)
        elif t is Flip:
            uid = cast(Flip, cmd).card
            count_action(self, ("flip", uid))
            self.state.cards[uid].pos_changed_turn = self.state.turn
            self.add_action_step(cmd.player, "flip", uid)
        elif t is Unsummon:
            uid = cast(Unsummon, cmd).card
            count_action(self, ("unsummon", uid))
            self.add_action_step(cmd.player, "unsummon", uid)
        elif t is Attack:
            self._do_attack(cast(Attack, cmd))
        elif t is Activate:
            self._do_activate(cast(Activate, cmd))
        elif t is Concede:
            turnflow.concede(self, cmd.player)
        else:  # pragma: no cover - legal_actions never lists anything else
            raise Rejected(f"unknown command {cmd!r}", cmd, Code.MALFORMED)

    # ------------------------------------------------------- game actions
    def _do_summon(self, cmd: Summon) -> None:
        card = self.state.cards[cmd.card]
        cost = sp_cost(self, card)
        count_action(self, ("summon", card.uid))
        prims.change_sp(self, cmd.player, -cost, "summon")
        prims.move(self, card, _ZONES[cmd.zone], cmd.index, cmd.player, cmd.face_up, cmd.attack, "summon")
        card.sp_paid = cost
        card.summoned_turn = self.state.turn
        self.add_action_step(cmd.player, "summon", card.uid)

    def _do_special_summon(self, cmd: SpecialSummon) -> None:
        card = self.state.cards[cmd.card]
        count_action(self, ("special_summon", card.uid))
        cdef = self.defs[card.cid]
        if cdef.materials is not None:
            options = self._material_options(card.uid, cmd.player)
            self.state.choice = Choice(
                cmd.player, ChoiceKinds.MATERIALS, f"Choose a material for {cdef.name}",
                options, [self.defs[self.state.cards[u].cid].name for u in options],
                count=cdef.materials.count,
                context={"card": card.uid, "zone": cmd.zone, "index": cmd.index,
                         "attack": cmd.attack},
            )
            ask(self)
            return
        self._finish_special_summon(card, cmd.player, _ZONES[cmd.zone], cmd.index, cmd.attack)

    def _material_options(self, uid: int, player: int) -> list[int]:
        mats = self.defs[self.state.cards[uid].cid].materials
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
        count_action(self, ("set", card.uid))
        prims.move(self, card, _ZONES[cmd.zone], cmd.index, cmd.player, False, True, "set")
        card.set_turn = self.state.turn
        self.add_action_step(cmd.player, "set", card.uid)

    def _do_environment(self, cmd: PlayEnvironment) -> None:
        card = self.state.cards[cmd.card]
        count_action(self, ("environment", card.uid))
        old = self.state.players[cmd.player].slots[Zones.ENV][0]
        if old is not None:
            prims.break_card(self, self.state.cards[old], "replaced")
        prims.move(self, card, Zones.ENV, 0, cmd.player, True, True, "play")
        self.add_action_step(cmd.player, "environment", card.uid)

    def _do_attack(self, cmd: Attack) -> None:
        attacker = self.state.cards[cmd.attacker]
        count_action(self, ("attack", attacker.uid))
        attacker.attacked_turn = self.state.turn
        if not attacker.face_up:
            prims.set_face(self, attacker, True, "attack")
        self.out.append(ev.AttackDeclared(attacker.uid, cmd.target))
        self.add_action_step(cmd.player, "attack", attacker.uid, cmd.target)
        self.state.last_attack = (attacker.uid, cmd.target)
        fire(self, "attacks", attacker)
        if cmd.target >= 0:
            fire(self, "attacked", self.state.cards[cmd.target])

    def _do_activate(self, cmd: Activate) -> None:
        card = self.state.cards[cmd.card]
        cdef = self.defs[card.cid]
        ab = cdef.ability(cmd.ability)
        count_action(self, ("ability", card.uid, cmd.ability))
        if ab.once_per_turn:
            self.state.used.add((card.uid, cmd.ability))
        if card.zone is Zones.HAND:  # a Spirit played from hand
            prims.move(self, card, _ZONES[cmd.zone], cmd.index, cmd.player, True, True, "play")
        elif not card.face_up and cdef.type is not CardTypes.PHANTOM:
            prims.set_face(self, card, True, "activate")
        responding = self.state.lines[-1][-1] if self.state.lines else None
        step = new_step(self.state.next_sid, cmd.player, "ability", ab.speed, card.uid, cmd.ability)
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
            prims.move(self, card, Zones.GRAVE, -1, card.owner, True, True, "cost")
        if cost.discard:
            hand = self.state.players[cmd.player].hand
            self.state.choice = Choice(
                cmd.player, ChoiceKinds.COST_DISCARD, "Discard a card to pay the cost",
                list(hand), [self.defs[self.state.cards[u].cid].name for u in hand],
                count=cost.discard, context={"step": step},
            )
            ask(self)
            return
        push_step(self, step)
        activated(self, step)

    def add_action_step(self, player: int, kind: str, uid: int, target: int = -1) -> Step:
        step = new_step(self.state.next_sid, player, kind, 0, uid)
        self.state.next_sid += 1
        step.user = player
        step.card_moves = self.state.cards[uid].moves
        if target >= 0:
            step.extra = target
            step.targets = (target,)
            step.target_moves = (self.state.cards[target].moves,)
        push_step(self, step)
        return step

    # ---------------------------------------------------------------- choices
    def _answer(self, option: int) -> None:
        c = self.state.choice
        assert c is not None  # Choose is only legal while a choice waits
        kind = c.kind
        self.out.append(ev.choice_made(c.player, kind._value_, option,
                                      str(c.labels[c.options.index(option)]),
                                      kind.picks_cards and not visible_to(self, option, 1 - c.player)))
        if kind in _DISCARDS:
            card = self.state.cards[option]
            prims.move(self, card, Zones.GRAVE, -1, card.owner, True, True, "discard")
            self._next_of_choice(c, option)
            if self.state.choice is None and kind is ChoiceKinds.COST_DISCARD:
                step = c.context["step"]
                push_step(self, step)
                activated(self, step)
            elif self.state.choice is None and kind is ChoiceKinds.DISCARD and c.context.get("rest"):
                from .effects import discard_players

                discard_players(self, list(c.context["rest"]), c.context["count"])
            return
        if kind is ChoiceKinds.MATERIALS:
            card = self.state.cards[option]
            prims.move(self, card, Zones.GRAVE, -1, card.owner, True, True, "material")
            self._next_of_choice(c, option)
            if self.state.choice is None:
                ctx = c.context
                self._finish_special_summon(self.state.cards[ctx["card"]], c.player, _ZONES[ctx["zone"]],
                                            ctx["index"], ctx["attack"])
            return
        self.state.choice = None
        if kind is ChoiceKinds.TRIGGER_OPTIONAL:
            trig = c.context["trigger"]
            if option == 1:
                trigs.trigger_targets(self, trig)
            else:
                self.out.append(declined(self, trig.card))
            return
        if kind is ChoiceKinds.TRIGGER_TARGET:
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
        c.labels = [self.defs[self.state.cards[u].cid].name for u in c.options]
        ask(self)
