"""The duel: one command interface over the whole rules engine.

`Duel.legal_actions()` lists every command the deciding player may send; `Duel.apply()`
either carries one out and returns the events it caused, or raises `Rejected` with a reason
and leaves the state exactly as it was (legality is decided before anything changes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from . import events as ev
from .battle import resolve_attack
from .carddefs import SELF_TRIGGERS, CardDef, CardType, Start
from .commands import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
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
from .effects import answer_effect_choice, run_work
from .legal import (
    explain,
    legal_actions,
    response_actions,
    target_candidates,
)
from .model import (
    BACKROW_ZONES,
    PHANTOM_ZONES,
    PILE_ZONES,
    Card,
    Choice,
    PendingTrigger,
    Phase,
    PlayerState,
    Step,
    Zone,
)
from .query import (
    active_statics,
    card_users,
    check,
    has_status,
    health,
    matches,
    max_health,
    on_field,
    select,
    sp_cost,
)
from .rng import Rng
from .rules import Rules


class Rejected(Exception):
    """A command that is not legal now; `reason` says why in words a person understands."""

    def __init__(self, reason: str, command=None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.command = command


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


_SLOT_NAME_CAP = 16  # more slots than any rules file sets
_PHANTOM_SLOT_NAMES = tuple((z, tuple((z.value, i) for i in range(_SLOT_NAME_CAP)))
                            for z in PHANTOM_ZONES)
_BACKROW_SLOT_NAMES = tuple((z, tuple((z.value, i) for i in range(_SLOT_NAME_CAP)))
                            for z in BACKROW_ZONES)


class Duel:
    """A duel between players 0 and 1 (seats). Player 1 of the book is `first_player`."""

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
        self.seed = seed
        self.auto_pass = auto_pass
        self.players = [
            PlayerState(rules.starting_lp, rules.starting_sp, rules.phantom_slots,
                        rules.back_slots, rules.side_slots)
            for _ in range(2)
        ]
        self.cards: list[Card] = []
        self.rng = Rng(seed)
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
        self.work: list[tuple] = []
        self.winner: int | None = None  # -1 draw
        self.end_reason = ""
        self.counts: dict[tuple, int] = {}  # loop guard, this turn
        self.used: set[tuple] = set()  # once-per-turn abilities used this turn
        self.next_sid = 1
        self.field_version = 0
        self._statics: list = []
        self._checked_version = -1
        self._static_depth = 0
        self._statics_health = False  # some active continuous effect changes Health
        self._statics_weaken = False  # ... lowers it
        self._statics_cond_health = False  # ... and depends on a condition
        self._health_dirty = False  # a Health may have dropped without damage
        self.timed: set[int] = set()  # uids with modifiers or statuses that end this turn
        self._free: list = [(), (), (), ()]  # player*2 + backrow -> free slots
        self._free_version = [-1, -1, -1, -1]
        self._slot_sets: dict[tuple, tuple] = {}  # keeps them alive, so their ids stay unique
        self.command_cache: dict = {}  # interned command objects (see legal._summons)
        self._statics_version = -1
        self._legal_cache: list | None = None
        self._legal_version = -1
        self.version = 0  # bumped by every accepted command
        self.history: list = []  # accepted commands, for replays
        self.out: list = []  # events of the command being applied
        self.static_cards: dict[int, tuple] = {}  # uid -> ((StaticEffect, condition), ...)
        self.static_on_field: set[int] = set()  # those of them in a field slot now
        self.responders: set[int] = set()  # response-capable cards in a slot or a hand
        self.trigger_cards: dict[str, list[int]] = {}
        self.start_events: list = []
        self.last_attack: tuple[int, int] = (-1, -1)
        self.active_cids = frozenset(cid for cid, cdef in pool.items() if cdef.activatable)
        self.spirit_cids = frozenset(cid for cid, cdef in pool.items()
                                     if cdef.type is CardType.SPIRIT)
        self.phantom_cids = frozenset(cid for cid, cdef in pool.items() if cdef.is_phantom)
        self.response_cids = frozenset(
            cid for cid, cdef in pool.items()
            if any(ab.start is Start.RESPONSE for ab in cdef.abilities)
            or (cdef.type is CardType.COUNTER and cdef.playable_alone)
        )
        if start:
            self._setup(decks, first_player)

    # ------------------------------------------------------------------ setup
    def _setup(self, decks: Sequence[DeckSpec], first_player: int | None) -> None:
        if len(decks) != 2:
            raise ValueError("a duel needs exactly two decks")
        for p, deck in enumerate(decks):
            for cid in deck.main:
                self._new_card(cid, p, Zone.DECK)
            for cid in deck.extra:
                if cid not in self.pool or not self.pool[cid].extra:
                    raise ValueError(f"{cid!r} is not an Extra Deck Phantom")
                self._new_card(cid, p, Zone.EXTRA)
        for p in (0, 1):
            self.rng.shuffle(self.players[p].deck)
        out = self.out = []
        tossed = first_player is None
        if tossed:
            first_player = self.rng.below(2)
        self.first_player = first_player
        out.append(ev.DuelStarted(self.seed, first_player))
        if tossed:
            out.append(ev.CoinTossed(first_player))
        for p in (first_player, 1 - first_player):
            self._draw(p, self.rules.opening_hand, "opening")
        self._begin_round()
        self._run()
        self.start_events = out
        self.out = []

    def _new_card(self, cid: str, owner: int, zone: Zone) -> None:
        if cid not in self.pool:
            raise ValueError(f"unknown card id {cid!r}")
        uid = len(self.cards)
        self.cards.append(Card(uid, cid, owner, owner, zone))
        self.players[owner].pile(zone).append(uid)
        self._index_card(uid)

    def _index_card(self, uid: int) -> None:
        cdef = self.pool[self.cards[uid].cid]
        statics = tuple((ab.static, ab.condition) for ab in cdef.abilities
                        if ab.start is Start.STATIC and ab.static is not None)
        if statics:
            self.static_cards[uid] = statics
        for ab in cdef.abilities:
            if ab.start is Start.TRIGGER and (ab.trigger not in SELF_TRIGGERS or ab.of):
                lst = self.trigger_cards.setdefault(ab.trigger, [])  # cards watching others
                if uid not in lst:
                    lst.append(uid)

    # -------------------------------------------------------------- interface
    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def deciding_player(self) -> int | None:
        """Who must send the next command (None when the duel is over)."""
        if self.winner is not None:
            return None
        if self.choice is not None:
            return self.choice.player
        return self.priority

    def legal_actions(self) -> list:
        """Every command the deciding player may send now; nothing else is legal."""
        if self._legal_version == self.version and self._legal_cache is not None:
            return self._legal_cache
        self._legal_cache = legal_actions(self)
        self._legal_version = self.version
        return self._legal_cache

    def why_illegal(self, command) -> str | None:
        """None if `command` is legal now, else the reason in words."""
        if command in self.legal_actions():
            return None
        return explain(self, command)

    def apply(self, command) -> list:
        """Carry out a legal command and return its events; raise Rejected otherwise."""
        legal = self.legal_actions()
        if not any(c is command for c in legal) and command not in legal:
            raise Rejected(explain(self, command), command)
        self.out = []
        self.version += 1
        self.history.append(command)
        waiting = len(self.pending_triggers)  # these wait for every Line to resolve
        self._dispatch(command)
        if self._statics_cond_health:  # its condition may have changed with anything
            self._health_dirty = True
            self.field_version += 1
        if self.choice is None:
            self._flush_immediate_triggers(waiting)
        self._run()
        out = self.out
        self.out = []
        self.version += 1
        return out

    # ----------------------------------------------------------- dispatching
    def _dispatch(self, cmd) -> None:
        t = type(cmd)
        if t is Pass:
            self._pass(cmd.player, auto=False)
        elif t is Choose:
            self._answer(cmd.option)
        elif t is NextPhase:
            self._enter_phase(_NEXT_PHASE[self.phase])
        elif t is EndTurn:
            self._enter_phase(Phase.END)
        elif t is Summon:
            self._do_summon(cmd)
        elif t is SpecialSummon:
            self._do_special_summon(cmd)
        elif t is SetCard:
            self._do_set(cmd)
        elif t is PlayEnvironment:
            self._do_environment(cmd)
        elif t is ChangePosition:
            self._count(("position", cmd.card))
            self.cards[cmd.card].pos_changed_turn = self.turn
            self._add_action_step(cmd.player, "position", cmd.card)
        elif t is Flip:
            self._count(("flip", cmd.card))
            self.cards[cmd.card].pos_changed_turn = self.turn
            self._add_action_step(cmd.player, "flip", cmd.card)
        elif t is Unsummon:
            self._count(("unsummon", cmd.card))
            self._add_action_step(cmd.player, "unsummon", cmd.card)
        elif t is Attack:
            self._do_attack(cmd)
        elif t is Activate:
            self._do_activate(cmd)
        else:  # pragma: no cover - legal_actions never lists anything else
            raise Rejected(f"unknown command {cmd!r}")

    def _count(self, key: tuple) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1

    # ------------------------------------------------------- game actions
    def _do_summon(self, cmd: Summon) -> None:
        card = self.cards[cmd.card]
        cost = sp_cost(self, card)
        self._count(("summon", card.uid))
        self._change_sp(cmd.player, -cost, "summon")
        self._move(card, _ZONES[cmd.zone], cmd.index, cmd.player, cmd.face_up, cmd.attack, "summon")
        card.sp_paid = cost
        card.summoned_turn = self.turn
        self._add_action_step(cmd.player, "summon", card.uid)

    def _do_special_summon(self, cmd: SpecialSummon) -> None:
        card = self.cards[cmd.card]
        self._count(("special_summon", card.uid))
        cdef = self.pool[card.cid]
        if cdef.materials is not None:
            options = self._material_options(card.uid, cmd.player)
            self.choice = Choice(
                cmd.player, "materials", f"Choose a material for {cdef.name}",
                options, [self.pool[self.cards[u].cid].name for u in options],
                count=cdef.materials.count,
                context={"card": card.uid, "zone": cmd.zone, "index": cmd.index,
                         "attack": cmd.attack},
            )
            self._emit_choice()
            return
        self._finish_special_summon(card, cmd.player, _ZONES[cmd.zone], cmd.index, cmd.attack)

    def _material_options(self, uid: int, player: int) -> list[int]:
        cdef = self.pool[self.cards[uid].cid]
        return [u for u in select(self, cdef.materials.select, player, uid) if u != uid]

    def _finish_special_summon(self, card: Card, player: int, zone: Zone, index: int,
                               attack: bool) -> None:
        self._move(card, zone, index, player, True, attack, "special_summon")
        card.summoned_turn = self.turn
        card.sp_paid = 0
        self._add_action_step(player, "special_summon", card.uid)

    def _do_set(self, cmd: SetCard) -> None:
        card = self.cards[cmd.card]
        self._count(("set", card.uid))
        self._move(card, _ZONES[cmd.zone], cmd.index, cmd.player, False, True, "set")
        card.set_turn = self.turn
        self._add_action_step(cmd.player, "set", card.uid)

    def _do_environment(self, cmd: PlayEnvironment) -> None:
        card = self.cards[cmd.card]
        self._count(("environment", card.uid))
        old = self.players[cmd.player].slots[Zone.ENV][0]
        if old is not None:
            self._break(self.cards[old], "replaced")
        self._move(card, Zone.ENV, 0, cmd.player, True, True, "play")
        self._add_action_step(cmd.player, "environment", card.uid)

    def _do_attack(self, cmd: Attack) -> None:
        attacker = self.cards[cmd.attacker]
        self._count(("attack", attacker.uid))
        attacker.attacked_turn = self.turn
        if not attacker.face_up:
            self._set_face(attacker, True, "attack")
        self.out.append(ev.AttackDeclared(attacker.uid, cmd.target))
        self._add_action_step(cmd.player, "attack", attacker.uid, cmd.target)
        self.last_attack = (attacker.uid, cmd.target)
        self._fire("attacks", attacker)
        if cmd.target >= 0:
            self._fire("attacked", self.cards[cmd.target])

    def _do_activate(self, cmd: Activate) -> None:
        card = self.cards[cmd.card]
        cdef = self.pool[card.cid]
        ab = cdef.ability(cmd.ability)
        self._count(("ability", card.uid, cmd.ability))
        if ab.once_per_turn:
            self.used.add((card.uid, cmd.ability))
        if card.zone is Zone.HAND:  # a Spirit played from hand
            self._move(card, _ZONES[cmd.zone], cmd.index, cmd.player, True, True, "play")
        elif not card.face_up and cdef.type is not CardType.PHANTOM:
            self._set_face(card, True, "activate")
        responding = self.lines[-1][-1] if self.lines else None
        step = Step(self.next_sid, cmd.player, "ability", ab.speed, card.uid, cmd.ability)
        self.next_sid += 1
        step.user = cmd.player
        step.card_moves = card.moves
        step.responds_to = responding.sid if responding else -1
        step.targets = tuple(cmd.targets)
        step.target_moves = tuple(self.cards[u].moves for u in cmd.targets)
        cost = ab.cost
        if cost.sp:
            self._change_sp(cmd.player, -cost.sp, "cost")
        if cost.lp:
            self._change_lp(cmd.player, -cost.lp, "cost")
        if cost.break_self:
            self._move(card, Zone.GRAVE, -1, card.owner, True, True, "cost")
        if cost.discard:
            hand = self.players[cmd.player].hand
            self.choice = Choice(
                cmd.player, "cost_discard", "Discard a card to pay the cost",
                list(hand), [self.pool[self.cards[u].cid].name for u in hand],
                count=cost.discard, context={"step": step},
            )
            self._emit_choice()
            return
        self._push_step(step)
        self._fire_activates(step)

    def _fire_activates(self, step: Step) -> None:
        self._fire("opponent_activates", self.cards[step.card], player=step.player)

    def _add_action_step(self, player: int, kind: str, uid: int, target: int = -1) -> Step:
        step = Step(self.next_sid, player, kind, 0, uid)
        self.next_sid += 1
        step.user = player
        step.card_moves = self.cards[uid].moves
        if target >= 0:
            step.extra = target
            step.targets = (target,)
            step.target_moves = (self.cards[target].moves,)
        self._push_step(step)
        return step

    def _push_step(self, step: Step) -> None:
        """Add a Step. A game action starts a Line; an ability of equal speed extends the
        top Line and a higher speed makes a Line Break (a trigger of lower speed joins it)."""
        lines = self.lines
        if step.kind != "ability" or not lines:
            lines.append([step])
        else:
            top = lines[-1]
            if step.responds_to < 0:
                step.responds_to = top[-1].sid
            if step.speed > top[-1].speed:
                lines.append([step])
                self.out.append(ev.LineBreak(len(lines), step.speed))
            else:
                top.append(step)
        self.out.append(ev.StepAdded(
            len(lines), len(lines[-1]), step.speed, step.player, step.kind, step.card,
            self.cards[step.card].cid, step.ability, step.targets, step.trigger,
            not self.cards[step.card].face_up,
        ))
        self.priority = 1 - step.player
        self.passes = 0

    # ------------------------------------------------------------ priority
    def _pass(self, player: int, auto: bool) -> None:
        self.out.append(ev.PriorityPassed(player, auto))
        self.passes += 1
        self.priority = 1 - player

    # ----------------------------------------------------------------- flow
    def _run(self) -> None:
        """Advance automatically until a player must decide or the duel ends."""
        while self.winner is None:
            if self._checked_version != self.field_version:
                self._maybe_state_check()
                continue
            if self.choice is not None:
                return
            if self.resolving:
                self._resolve_some()
                continue
            if self.trigger_queue:
                self._process_trigger()
                continue
            if self.lines:
                if self.passes >= 2:
                    self._start_resolving()
                    continue
                if self.auto_pass:
                    answers = response_actions(self, self.priority)
                    if not answers:
                        self._pass(self.priority, auto=True)
                        continue
                    # what the player is offered once apply() returns: no second listing
                    self._legal_cache = [Pass(self.priority), *answers]
                    self._legal_version = self.version + 1
                return
            if self.pending_triggers:
                self._queue_pending(all_speeds=True)
                continue
            phase = self.phase
            if phase is Phase.END:
                hand = self.players[self.turn_player].hand
                if len(hand) > self.rules.hand_limit:
                    self.choice = Choice(
                        self.turn_player, "discard_end",
                        f"Discard down to {self.rules.hand_limit} cards",
                        list(hand), [self.pool[self.cards[u].cid].name for u in hand],
                        count=len(hand) - self.rules.hand_limit,
                    )
                    self._emit_choice()
                    return
                self._end_turn()
                continue
            if phase is Phase.DRAW:
                self._begin_turn(1 - self.first_player)
                continue
            self.priority = self.turn_player
            self.passes = 0
            if phase is Phase.STANDBY:
                acts = legal_actions(self)
                if len(acts) <= 1:  # only Next Phase: nothing to do in this Standby
                    self._enter_phase(Phase.MAIN1)
                    continue
                self._legal_cache = acts  # what the player is offered once apply() returns
                self._legal_version = self.version + 1
            return

    def _begin_round(self) -> None:
        self.round += 1
        if self.round >= self.rules.round_limit:
            self._end(-1, f"round limit ({self.rules.round_limit}) reached")
            return
        self.out.append(ev.RoundStarted(self.round))
        self._begin_turn(self.first_player)

    def _begin_turn(self, player: int) -> None:
        self.turn += 1
        self.turn_player = player
        self.priority = player
        self.passes = 0
        self.counts.clear()
        self.used.clear()
        self.out.append(ev.TurnStarted(player, self.turn, self.round))
        self._enter_phase(Phase.STANDBY)

    def _enter_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.out.append(ev.PhaseChanged(self.turn_player if phase is not Phase.DRAW else -1,
                                        phase.value))
        if phase is Phase.STANDBY:
            self._fire_global("turn_start")
        elif phase is Phase.END:
            self._fire_global("turn_end")
        elif phase is Phase.DRAW:
            self._draw_phase()

    def _end_turn(self) -> None:
        turn = self.turn
        if self.timed:  # only cards that got an "until end of turn" change
            for uid in self.timed:
                card = self.cards[uid]
                card.mods = [m for m in card.mods if m[2] < 0 or m[2] > turn]
                card.flags = [f for f in card.flags if f[1] < 0 or f[1] > turn]
            self.timed = set()
        self.field_version += 1
        self._health_dirty = False
        self._state_check()  # a Health bonus that ran out can leave 0 Health
        if self.winner is not None:
            return
        if self.turn_player == self.first_player:
            self._enter_phase(Phase.DRAW)
        else:
            self._begin_round()

    def _draw_phase(self) -> None:
        empty = [p for p in (0, 1) if len(self.players[p].deck) < self.rules.draw_phase_cards]
        if empty:
            if len(empty) == 2:
                self._end(-1, "both players had to draw from an empty deck")
            else:
                self._end(1 - empty[0], f"player {empty[0] + 1} had to draw from an empty deck")
            return
        for p in (self.first_player, 1 - self.first_player):
            self._draw(p, self.rules.draw_phase_cards, "draw")
        for p in (self.first_player, 1 - self.first_player):
            self._change_sp(p, self.rules.sp_per_draw_phase, "draw_phase")
        self._fire_global("draw_phase")

    def _end(self, winner: int, reason: str) -> None:
        if self.winner is not None:
            return
        self.winner = winner
        self.end_reason = reason
        self.choice = None
        self.out.append(ev.DuelEnded(winner, reason))

    # ------------------------------------------------------------- resolving
    def _start_resolving(self) -> None:
        self.resolving = True
        self.out.append(ev.LineResolving(len(self.lines)))

    def _resolve_some(self) -> None:
        while self.winner is None:
            if self._checked_version != self.field_version:
                self._maybe_state_check()
                continue
            if self.current is not None:
                if self.work:
                    run_work(self)
                    if self.choice is not None:
                        return
                    continue
                self._finish_step(self.current)
                self.current = None
                continue
            line = self.lines[-1]
            if not line:
                self.lines.pop()
                self.out.append(ev.LineClosed(len(self.lines) + 1))
                self.resolving = False
                if self.lines:
                    top = self.lines[-1][-1]
                    self.priority = 1 - top.player
                    self.passes = 0
                    self.out.append(ev.WindowOpened(len(self.lines), self.priority))
                return
            self.cur_line = len(self.lines)
            self.cur_step = len(line)
            step = line.pop()
            self._begin_step(step)

    def _begin_step(self, step: Step) -> None:
        card = self.cards[step.card]
        cid = card.cid
        if step.negated:
            self.out.append(ev.StepNegated(self.cur_line, self.cur_step, step.player, cid,
                                           not card.face_up))
            self._after_negated(step)
            return
        reason = self._fizzle_reason(step)
        if reason:
            self.out.append(ev.StepFizzled(self.cur_line, self.cur_step, step.player, cid, reason,
                                           not card.face_up))
            if step.kind == "ability" and not step.trigger:
                self._discard_spent(step)
            return
        kind = step.kind
        if kind == "ability":
            ab = self.pool[cid].ability(step.ability)
            self.current = step
            self.work = [(i,) for i in range(len(ab.effects))]
            return
        if kind in ("summon", "special_summon"):
            self.out.append(ev.Summoned(card.uid, cid, step.player, kind == "special_summon",
                                        not card.face_up))
            self._fire("summoned", card)
            self._fire("opponent_summons", card, player=step.player)
        elif kind == "attack":
            resolve_attack(self, step)
        elif kind == "position":
            if health(self, card) > 0:
                card.attack_pos = not card.attack_pos
                self.field_version += 1
                self.out.append(ev.PositionChanged(card.uid, card.cid, card.attack_pos,
                                                   card.face_up, "change", not card.face_up))
        elif kind == "flip":
            self._set_face(card, True, "flip")
        elif kind == "unsummon":
            refund = card.sp_paid
            self._move(card, Zone.HAND, -1, card.owner, False, True, "unsummon")
            if refund:
                self._change_sp(step.player, refund, "unsummon")
        self.out.append(ev.StepResolved(self.cur_line, self.cur_step, step.player, cid,
                                        not card.face_up))

    def _fizzle_reason(self, step: Step) -> str:
        card = self.cards[step.card]
        if step.kind == "ability":
            if not step.trigger and card.moves != step.card_moves:
                return "its card left the field"
        elif card.moves != step.card_moves:
            return "its card is gone"
        if step.targets:
            cards = self.cards
            for uid, moves in zip(step.targets, step.target_moves, strict=True):
                if cards[uid].moves != moves:
                    return "its target is gone"
        if step.kind == "attack":
            if not card.attack_pos or health(self, card) == 0:
                return "the attacker can no longer attack"
        return ""

    def _finish_step(self, step: Step) -> None:
        card = self.cards[step.card]
        self.out.append(ev.StepResolved(self.cur_line, self.cur_step, step.player, card.cid,
                                        not card.face_up))
        if not step.trigger:
            self._discard_spent(step)

    def _discard_spent(self, step: Step) -> None:
        """A normal Spirit or Counter goes to the Graveyard once its Step is done."""
        card = self.cards[step.card]
        cdef = self.pool[card.cid]
        if cdef.type in (CardType.SPIRIT, CardType.COUNTER) and not cdef.lasting:
            if on_field(card) and card.moves == step.card_moves:
                self._move(card, Zone.GRAVE, -1, card.owner, True, True, "resolved")

    def _after_negated(self, step: Step) -> None:
        card = self.cards[step.card]
        if step.kind in ("summon", "special_summon", "environment", "set"):
            if card.moves == step.card_moves and step.negate_break:
                self._break(card, "negated")
        elif step.kind == "ability" and not step.trigger:
            cdef = self.pool[card.cid]
            if cdef.type in (CardType.SPIRIT, CardType.COUNTER):
                if on_field(card) and card.moves == step.card_moves:
                    self._move(card, Zone.GRAVE, -1, card.owner, True, True, "negated")

    # -------------------------------------------------------------- triggers
    def _trigger_ok(self, card: Card, ab_index: int, user: int, event_card: int) -> bool:
        ab = self.pool[card.cid].abilities[ab_index]
        if ab.once_per_turn and (card.uid, ab_index) in self.used:
            return False
        if self.counts.get(("ability", card.uid, ab_index), 0) >= self.rules.loop_limit:
            return False
        return check(self, ab.condition, user, card.uid)

    def _fire(self, trigger: str, subject: Card, player: int = -1) -> None:
        """An event about card `subject` happened: queue every trigger watching for it."""
        self_trigger = trigger in SELF_TRIGGERS
        from_grave = trigger == "broken" or trigger == "sent_to_grave"
        if self_trigger:  # the card's own "when this card ..." abilities
            for i, ab in self.pool[subject.cid].trigger_map.get(trigger, ()):
                if ab.of is not None:
                    continue
                if not from_grave and (not on_field(subject)
                                       or (not subject.face_up and not ab.face_down)):
                    continue
                user = subject.controller
                if self._trigger_ok(subject, i, user, subject.uid):
                    self.pending_triggers.append(PendingTrigger(subject.uid, i, user, subject.uid))
        watchers = self.trigger_cards.get(trigger)
        if not watchers:
            return
        for uid in watchers:
            card = self.cards[uid]
            if not on_field(card):
                continue
            for i, ab in self.pool[card.cid].trigger_map.get(trigger, ()):
                if self_trigger and ab.of is None:
                    continue
                if not card.face_up and not ab.face_down:
                    continue
                for user in card_users(self, card):
                    if not self_trigger and player == user:
                        continue  # opponent_summons / opponent_activates
                    if ab.of is not None and not matches(self, ab.of, subject, user, uid,
                                                         any_zone=from_grave):
                        continue
                    if self._trigger_ok(card, i, user, subject.uid):
                        self.pending_triggers.append(PendingTrigger(uid, i, user, subject.uid))

    def _fire_global(self, trigger: str) -> None:
        """Phase triggers: draw_phase, turn_start, turn_end."""
        watchers = self.trigger_cards.get(trigger)
        if not watchers:
            return
        for uid in watchers:
            card = self.cards[uid]
            if not on_field(card):
                continue
            for i, ab in enumerate(self.pool[card.cid].abilities):
                if ab.start is not Start.TRIGGER or ab.trigger != trigger:
                    continue
                if not card.face_up and not ab.face_down:
                    continue
                for user in card_users(self, card):
                    if ab.whose == "you" and self.turn_player != user and trigger != "draw_phase":
                        continue
                    if ab.whose == "opponent" and self.turn_player == user and trigger != "draw_phase":
                        continue
                    if self._trigger_ok(card, i, user, -1):
                        self.pending_triggers.append(PendingTrigger(uid, i, user, -1))

    def _queue_pending(self, all_speeds: bool, start: int = 0) -> None:
        """Move waiting triggers into the queue, the turn player's first. With `all_speeds`
        off, only those from index `start` on whose speed can answer the top Step."""
        tp = self.turn_player
        pend = self.pending_triggers
        if all_speeds:
            take, keep = pend, []
        else:
            top = self.lines[-1][-1].speed if self.lines else 0
            take = [t for t in pend[start:]
                    if self.pool[self.cards[t.card].cid].abilities[t.ability].speed >= top]
            keep = [t for t in pend if t not in take]
        take = [t for t in take if t.user == tp] + [t for t in take if t.user != tp]
        self.trigger_queue.extend(take)
        self.pending_triggers = keep

    def _flush_immediate_triggers(self, start: int = 0) -> None:
        """Triggers whose events a command caused while Lines are open (not resolving) join
        them at once when their speed allows; older waiting triggers keep waiting."""
        if len(self.pending_triggers) > start and not self.resolving and self.lines:
            self._queue_pending(all_speeds=False, start=start)

    def _process_trigger(self) -> None:
        trig = self.trigger_queue.pop(0)
        card = self.cards[trig.card]
        ab = self.pool[card.cid].abilities[trig.ability]
        if not self._trigger_ok(card, trig.ability, trig.user, trig.event_card):
            return
        if ab.optional:
            self.choice = Choice(trig.user, "trigger_optional",
                                 f"Use {self.pool[card.cid].name}'s ability?", [1, 0],
                                 ["Yes", "No"], context={"trigger": trig})
            self._emit_choice()
            return
        self._trigger_targets(trig)

    def _trigger_targets(self, trig: PendingTrigger, chosen: tuple = ()) -> None:
        card = self.cards[trig.card]
        ab = self.pool[card.cid].abilities[trig.ability]
        if ab.target is not None and len(chosen) < ab.target.count:
            options = [u for u in target_candidates(self, card.uid, ab, trig.user) if u not in chosen]
            if len(options) < ab.target.count - len(chosen):
                self.out.append(ev.AbilityDeclined(card.uid, card.cid))
                return
            self.choice = Choice(trig.user, "trigger_target",
                                 f"Choose a target for {self.pool[card.cid].name}", options,
                                 [self.pool[self.cards[u].cid].name for u in options],
                                 context={"trigger": trig, "chosen": chosen})
            self._emit_choice()
            return
        self._count(("ability", card.uid, trig.ability))
        if ab.once_per_turn:
            self.used.add((card.uid, trig.ability))
        step = Step(self.next_sid, trig.user, "ability", ab.speed, card.uid, trig.ability,
                    trigger=True)
        self.next_sid += 1
        step.user = trig.user
        step.event_card = trig.event_card
        step.card_moves = card.moves
        step.targets = chosen
        step.target_moves = tuple(self.cards[u].moves for u in chosen)
        self._push_step(step)

    # ---------------------------------------------------------------- choices
    def _emit_choice(self) -> None:
        c = self.choice
        self.out.append(ev.ChoiceRequested(c.player, c.kind, c.prompt, tuple(c.options),
                                           tuple(c.labels)))

    def _answer(self, option: int) -> None:
        c = self.choice
        kind = c.kind
        if kind in ("discard_end", "cost_discard", "discard"):
            card = self.cards[option]
            self._move(card, Zone.GRAVE, -1, card.owner, True, True, "discard")
            self._next_of_choice(c, option)
            if self.choice is None and kind == "cost_discard":
                step = c.context["step"]
                self._push_step(step)
                self._fire_activates(step)
            elif self.choice is None and kind == "discard" and c.context.get("rest"):
                from .effects import discard_players

                discard_players(self, list(c.context["rest"]), c.context["count"])
            return
        if kind == "materials":
            card = self.cards[option]
            self._move(card, Zone.GRAVE, -1, card.owner, True, True, "material")
            self._next_of_choice(c, option)
            if self.choice is None:
                ctx = c.context
                self._finish_special_summon(self.cards[ctx["card"]], c.player, _ZONES[ctx["zone"]],
                                            ctx["index"], ctx["attack"])
            return
        self.choice = None
        if kind == "trigger_optional":
            trig = c.context["trigger"]
            if option == 1:
                self._trigger_targets(trig)
            else:
                self.out.append(ev.AbilityDeclined(trig.card, self.cards[trig.card].cid))
            return
        if kind == "trigger_target":
            self._trigger_targets(c.context["trigger"], c.context["chosen"] + (option,))
            return
        answer_effect_choice(self, c, option)

    def _next_of_choice(self, c: Choice, option: int) -> None:
        """One answer of a multi-answer choice is in: ask again or close it."""
        c.count -= 1
        c.options = [o for o in c.options if o != option]
        if c.count <= 0 or not c.options:
            self.choice = None
            return
        c.labels = [self.pool[self.cards[u].cid].name for u in c.options]
        self._emit_choice()

    # ------------------------------------------------------------ primitives
    def _move(self, card: Card, zone: Zone, index: int, controller: int, face_up: bool,
              attack_pos: bool, reason: str) -> None:
        """Move a card; piles belong to the owner, slots to `controller`."""
        from_zone, from_index = card.zone, card.index
        src = self.players[card.controller]
        if from_zone in PILE_ZONES:
            self.players[card.owner].pile(from_zone).remove(card.uid)
        else:
            src.slots[from_zone][from_index] = None
            self.field_version += 1
        leaving_field = from_zone not in PILE_ZONES
        cdef = self.pool[card.cid]
        if zone is Zone.HAND and cdef.extra:
            zone = Zone.EXTRA  # Extra Deck Phantoms go back to the Extra Deck
        if zone in PILE_ZONES:
            owner = self.players[card.owner]
            owner.pile(zone).append(card.uid)
            card.controller = card.owner
            card.index = -1
            card.face_up = zone is Zone.GRAVE or (zone is Zone.EXTRA and face_up)
            card.attack_pos = True
            if leaving_field:
                card.reset()
        else:
            self.players[controller].slots[zone][index] = card.uid
            card.controller = controller
            card.index = index
            card.face_up = face_up
            card.attack_pos = attack_pos
            self.field_version += 1
        card.zone = zone
        card.moves += 1
        if card.uid in self.static_cards:
            if zone in PILE_ZONES:
                self.static_on_field.discard(card.uid)
            else:
                self.static_on_field.add(card.uid)
        if card.cid in self.response_cids:  # where cards that can answer a Step stand
            if zone is Zone.HAND or zone not in PILE_ZONES:
                self.responders.add(card.uid)
            else:
                self.responders.discard(card.uid)
        self.out.append(ev.CardMoved(card.uid, card.cid, card.owner, card.controller,
                                     from_zone.value, from_index, zone.value, card.index,
                                     card.face_up, card.attack_pos, reason))
        if zone is Zone.GRAVE:
            self._fire("sent_to_grave", card)

    def _draw(self, player: int, n: int, reason: str) -> int:
        deck = self.players[player].deck
        drawn = 0
        for _ in range(n):
            if not deck:
                break
            self._move(self.cards[deck[-1]], Zone.HAND, -1, player, False, True, reason)
            drawn += 1
        return drawn

    def _set_face(self, card: Card, face_up: bool, reason: str) -> None:
        if card.face_up == face_up:
            return
        card.face_up = face_up
        self.field_version += 1
        self.out.append(ev.PositionChanged(card.uid, card.cid, card.attack_pos, face_up, reason,
                                           not face_up))
        if face_up:
            self.out.append(ev.Revealed(card.uid, card.cid, card.controller))
            if self.pool[card.cid].is_phantom:
                self._fire("flipped", card)

    def _change_lp(self, player: int, delta: int, reason: str, check: bool = True) -> None:
        """Change LP; `check=False` lets one effect hit both players before anyone loses."""
        ps = self.players[player]
        before = ps.lp
        ps.lp = max(0, before + delta)
        if ps.lp != before:
            self.out.append(ev.LpChanged(player, before, ps.lp, reason))
        if check:
            self._check_lp()

    def _check_lp(self) -> None:
        zero = [p for p in (0, 1) if self.players[p].lp == 0]
        if len(zero) == 2:
            self._end(-1, "both players reached 0 LP")
        elif zero:
            self._end(1 - zero[0], f"player {zero[0] + 1} reached 0 LP")

    def _change_sp(self, player: int, delta: int, reason: str) -> None:
        ps = self.players[player]
        before = ps.sp
        after = max(0, before + delta)
        cap = self.rules.sp_cap
        if cap is not None and delta > 0:
            after = min(after, max(cap, before))
        ps.sp = after
        if after != before:
            self.out.append(ev.SpChanged(player, before, after, reason))

    def _apply_damage(self, card: Card, amount: int) -> bool:
        """Lower a Phantom's Health (not below 0); True if it is now at 0."""
        if amount <= 0 or not on_field(card):
            return False
        before = health(self, card)
        mh = max_health(self, card)
        card.damage = min(mh, card.damage + amount)
        after = max(0, mh - card.damage)
        self.out.append(ev.HealthChanged(card.uid, before, after, mh))
        return after == 0

    def _damage_card(self, card: Card, amount: int) -> None:
        if self._apply_damage(card, amount):
            self._break(card, "health")

    def _heal_card(self, card: Card, amount: int) -> None:
        if amount <= 0 or not on_field(card) or card.damage == 0:
            return
        before = health(self, card)
        card.damage = max(0, card.damage - amount)
        if health(self, card) > 0:
            card.zero_ok = False
        self.out.append(ev.HealthChanged(card.uid, before, health(self, card), max_health(self, card)))

    def _maybe_state_check(self) -> None:
        """Run the 0-Health check only when something could have lowered a Health: damage
        handles its own Break, so that leaves lowered stats (modify, end of turn) and
        continuous Health bonuses that may have stopped applying."""
        active_statics(self)  # a change in Health bonuses marks Health dirty
        if self._health_dirty:
            self._health_dirty = False
            self._state_check()
        else:
            self._checked_version = self.field_version

    def reindex_field(self) -> None:
        """Rebuild what the duel keeps about the field after cards were placed directly
        (position builder, loading a save)."""
        self.static_on_field = {u for u in self.static_cards
                                if self.cards[u].zone not in PILE_ZONES}
        self.responders = {c.uid for c in self.cards if c.cid in self.response_cids
                           and (c.zone is Zone.HAND or c.zone not in PILE_ZONES)}
        self.field_version += 1

    def free_slots(self, player: int, backrow: bool) -> tuple:
        """Empty (zone name, index) slots where a Phantom (or, `backrow`, a Spirit or
        Counter) may go; recomputed only after the field changed."""
        key = player * 2 + backrow
        if self._free_version[key] != self.field_version:
            slots = self.players[player].slots
            found = []
            for zone, names in (_BACKROW_SLOT_NAMES if backrow else _PHANTOM_SLOT_NAMES):
                for i, uid in enumerate(slots[zone]):
                    if uid is None:
                        found.append(names[i])
            found = tuple(found)  # interned: one object per distinct set of free slots
            self._free[key] = self._slot_sets.setdefault(found, found)
            self._free_version[key] = self.field_version
        return self._free[key]

    def _state_check(self) -> None:
        """A Phantom at 0 Health that has not survived a Break is Broken now, whatever took
        its Health there (damage, a lost bonus, a lowered stat); survivors lock in Defense."""
        self._checked_version = self.field_version
        active_statics(self)
        weakening = self._statics_weaken
        for ps in self.players:
            for zone in PHANTOM_ZONES:
                for uid in ps.slots[zone]:
                    if uid is None:
                        continue
                    card = self.cards[uid]
                    if not card.damage and not card.mods and not weakening:
                        continue  # full Health, nothing lowering it
                    if not self.pool[card.cid].is_phantom or health(self, card) > 0:
                        continue
                    if card.zero_ok:
                        self._lock_defense(card)
                    else:
                        self._break(card, "health")
                    if self.winner is not None:
                        return

    def _lock_defense(self, card: Card) -> None:
        if card.attack_pos and self.pool[card.cid].is_phantom and health(self, card) == 0:
            card.attack_pos = False
            self.field_version += 1
            self.out.append(ev.PositionChanged(card.uid, card.cid, False, card.face_up,
                                               "zero_health", not card.face_up))

    def _break(self, card: Card, reason: str) -> bool:
        """Break a card; True if it left the field, False if it survived."""
        if not on_field(card):
            return False
        if has_status(self, card, "protected"):
            self.out.append(ev.CardBroken(card.uid, card.cid, True))
            if self.pool[card.cid].is_phantom and health(self, card) == 0:
                card.zero_ok = True
                self._lock_defense(card)
            return False
        self.out.append(ev.CardBroken(card.uid, card.cid, False))
        self._move(card, Zone.GRAVE, -1, card.owner, True, True, "break")
        self._fire("broken", card)
        return True
