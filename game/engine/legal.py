"""Legality: may this player send this command now, and if not, why.

One judgment per command kind (`may_summon`, `may_attack`, ... `may_concede`), each built
from the same small pieces: the door (`_door`: whose decision, a pending choice, an open
Line, the phase) and the kind's card test (`summon_refusal`, `attacker_refusal`, ...).
`judge(duel, cmd)` picks the kind's judgment; `legal_actions(duel)` enumerates candidates
and keeps those the same pieces accept: it opens the door once, asks each card's test once
and places the card in the free slots, so the list and `judge` cannot disagree (the tests
check both ways over many random positions). Every refusal is a named one (`reasons.py`).

Listing is the hot path of every AI and of random play, so what cannot have changed since
the last command is not judged again: expensive judgments (Extra Deck summon conditions and
materials, the free slots, the order of responders) are kept in the duel's `Caches` under
the state versions they read. `fresh_legal_actions` lists from scratch (the tests compare
the two after every command).

Every function here is side-effect free apart from those caches.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypeVar

from . import reasons as R
from .builders import builder
from .carddefs import Ability, CardDef, Condition
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
from .index import Slots
from .members import card_types as CardTypes
from .members import phases as Phases
from .members import starts as Starts
from .members import zones as Zones
from .model import (
    BACKROW_ZONES,
    FIELD_SLOT_ZONES,
    PHANTOM_ZONES,
    PILE_ZONES,
    ActionKey,
    Card,
    Step,
    Zone,
)
from .query import (
    card_users,
    check,
    choosable,
    condition_plan,
    could_change,
    count,
    field_cards,
    field_phantoms,
    has_real_condition,
    has_status,
    health,
    is_main_phase,
    select,
    sp_cost,
)
from .reasons import Code, Refusal
from .slots import free_slots

if TYPE_CHECKING:
    from .caches import ExtraKey
    from .core import DuelCore

MAX_TARGET_SETS = 64  # more target combinations than this are cut (keeps listing fast)

# (refusal, target sets, the Activates they make): what `_ability_tail` answers
AbilityTail = tuple["Refusal | None", tuple[tuple[int, ...], ...], tuple[Activate, ...]]
# the one-card commands `_card_cmd` interns
CardCommand = TypeVar("CardCommand", ChangePosition, Flip, Unsummon, PlayEnvironment)
SlotCommand = TypeVar("SlotCommand", Summon, SetCard, SpecialSummon)  # `_per_slot`'s

_PER_COPY = (Code.LOOP_GUARD, Code.UNSUMMONED_THIS_TURN)  # refusals that bar one copy, not all
_MAIN_KINDS = (Summon, SetCard, PlayEnvironment, ChangePosition, Flip, Unsummon)


# ------------------------------------------------------------------ small reads
def _empty_slots(duel: DuelCore, player: int, backrow: bool) -> tuple[tuple[str, int], ...]:
    """Free (zone name, index) slots for Phantoms or for Spirits/Counters, kept per the
    player's slot version (only a card entering or leaving a slot frees or fills one)."""
    caches = duel.caches
    key = player * 2 + backrow
    got = caches.free[key]
    fv = caches.slot_versions[key]
    if got[0] != fv:
        return caches.keep_free(key, fv, free_slots(duel.state.players[player], backrow))
    return got[1]


def phantoms_of(duel: DuelCore, player: int) -> list[Card]:
    """The Phantoms `player` controls (Phantom slots hold only Phantoms; Side Balance
    slots may hold Spirits and Counters too): a new list."""
    return field_phantoms(duel, player)[:]


def _under_limit(duel: DuelCore, key: ActionKey) -> bool:
    return duel.state.counts.get(key, 0) < duel.rules.loop_limit


def unsummoned_this_turn(duel: DuelCore, uid: int) -> bool:
    """RULES.md P5a: a Phantom Unsummoned this turn cannot be Summoned (or Special Summoned
    from the Extra Deck) again this turn, so a "When this card is Summoned" trigger cannot be
    repeated for free (Unsummon refunds the SP). The turn's action counts already know it."""
    return ("unsummon", uid) in duel.state.counts


def target_candidates(duel: DuelCore, uid: int, ab: Ability, user: int) -> list[int]:
    assert ab.target is not None  # only asked of a targeted ability
    return choosable(duel, ab.target.select, user, uid)  # only what `user` can judge (I17)


def _card(duel: DuelCore, uid: int) -> Card | None:
    if isinstance(uid, int) and 0 <= uid < len(duel.state.cards):
        return duel.state.cards[uid]
    return None


def _slot_problem(duel: DuelCore, player: int, zone: str, index: int,
                  allowed: tuple[Zone, ...]) -> Refusal | None:
    """Why (zone, index) is not a slot of `allowed` zones the card may go into now."""
    names = [z.value for z in allowed]
    if zone not in names:
        return R.wrong_slot_zone(names)
    slots = duel.state.players[player].slots[Zone(zone)]
    if not 0 <= index < len(slots):
        return R.no_such_slot(zone, index)
    if slots[index] is not None:
        return R.SLOT_TAKEN
    return None


# ------------------------------------------------------------------ what a judgment reads
def _condition_reads(cond: Condition | None, out: set[str]) -> None:
    """What beyond the field and card moves (`field_version`, `cond_version`) a condition
    reads: "phase", "round", "responding", or "stats" (a stat test: Health can drop with
    no version moving, so a judgment that reads stats is never kept)."""
    if cond is None:
        return
    kind = cond.kind
    if kind in ("all", "any", "not"):
        for child in cond.children:
            _condition_reads(child, out)
    elif kind in ("phase", "round"):
        out.add(kind)
    elif kind == "responding_to":
        out.add("responding")
    if cond.select is not None and cond.select.stats:
        out.add("stats")


# ------------------------------------------------------------------ the door
def _door(duel: DuelCore, player: int, kind: type[Command]) -> Refusal | None:
    """Whose decision it is, and what a pending choice or an open Line leaves possible."""
    st = duel.state
    if st.winner is not None:
        return R.DUEL_IS_OVER
    if player not in (0, 1):
        return R.NOT_A_SEAT
    choice = st.choice
    decider = choice.player if choice is not None else st.priority
    if player != decider:
        return R.not_your_decision(decider, player)
    if choice is not None:
        return None if kind is Choose else R.answer_choice_first(choice.prompt)
    if kind is Choose:
        return R.NO_CHOICE_TO_ANSWER
    if st.lines:
        return None if kind is Pass or kind is Activate else R.LINE_IS_OPEN
    if kind is Pass:
        return R.NOTHING_TO_PASS_ON
    phase = st.phase
    if kind in _MAIN_KINDS:
        return None if is_main_phase(phase) else R.ONLY_IN_MAIN_PHASE
    if kind is Attack:
        return None if phase is Phases.BATTLE else R.ATTACKS_IN_BATTLE_PHASE
    if phase is Phases.END or phase is Phases.DRAW:  # the turn is passing: nothing to decide
        if kind is NextPhase or kind is EndTurn:
            return R.TURN_CANNOT_MOVE_ON
        if kind is SpecialSummon and phase is Phases.END:
            return R.NO_SPECIAL_SUMMON_IN_END_PHASE
        return R.NOTHING_IN_THIS_PHASE
    if kind is EndTurn and phase is not Phases.MAIN1 and phase is not Phases.BATTLE:
        return R.END_TURN_FROM_MAIN_2 if phase is Phases.MAIN2 else R.TURN_CANNOT_MOVE_ON
    return None


# ------------------------------------------------------------------ card tests
def summon_refusal(duel: DuelCore, player: int, card: Card) -> Refusal | None:
    """May `player` Summon `card` now (the door open, a slot aside)?"""
    if card.zone is not Zones.HAND or card.owner != player:
        return R.SUMMON_FROM_HAND_ONLY
    if card.cid not in duel.index.phantom_cids:
        return R.ONLY_PHANTOMS_SUMMONED
    st = duel.state
    caches = duel.caches
    if card.mods or (caches.static_cards and (caches.statics_version != caches.field_version
                                              or caches.statics_sp)):
        cost = sp_cost(duel, card)
    else:  # nothing changes SP Costs now (sp_cost's own first answer, without the call)
        cost = duel.defs[card.cid].level
    sp = st.players[player].sp
    if cost > sp:  # built once per (cost, sp): listing asks this of every card in hand
        refusals = caches.refusals
        why = refusals.get((cost, sp))
        if why is None:
            why = refusals[(cost, sp)] = R.summon_cost_unpaid(cost, sp)
        return why
    counts = st.counts
    uid = card.uid
    if counts and counts.get(("summon", uid), 0) >= duel.rules.loop_limit:
        return R.SUMMON_LOOP_GUARD
    if counts and ("unsummon", uid) in counts:  # unsummoned_this_turn
        return R.UNSUMMONED_THIS_TURN
    return None


def set_refusal(duel: DuelCore, player: int, card: Card) -> Refusal | None:
    if card.zone is not Zones.HAND or card.owner != player:
        return R.SET_FROM_HAND_ONLY
    if duel.defs[card.cid].type not in (CardTypes.SPIRIT, CardTypes.COUNTER):
        return R.ONLY_SPIRITS_AND_COUNTERS_SET
    if duel.state.counts.get(("set", card.uid), 0) >= duel.rules.loop_limit:
        return R.SET_LOOP_GUARD
    return None


def environment_refusal(duel: DuelCore, player: int, card: Card) -> Refusal | None:
    if card.zone is not Zones.HAND or card.owner != player:
        return R.ENVIRONMENT_FROM_HAND_ONLY
    if duel.defs[card.cid].type is not CardTypes.ENVIRONMENT:
        return R.ONLY_ENVIRONMENTS_IN_ENV_SLOT
    if not _under_limit(duel, ("environment", card.uid)):
        return R.ENVIRONMENT_LOOP_GUARD
    return None


def _own_field_phantom(duel: DuelCore, player: int, card: Card) -> bool:
    return (card.controller == player and card.zone in PHANTOM_ZONES
            and card.cid in duel.index.phantom_cids)


def unsummon_refusal(duel: DuelCore, card: Card) -> Refusal | None:
    """May this Phantom (its controller's, on the field) be Unsummoned now?"""
    st = duel.state
    turn = st.turn
    if card.battled_turn == turn or card.attacked_turn == turn:
        return R.UNSUMMON_AFTER_BATTLE
    if st.counts.get(("unsummon", card.uid), 0) >= duel.rules.loop_limit:
        return R.UNSUMMON_LOOP_GUARD
    return None


def position_refusal(duel: DuelCore, card: Card) -> Refusal | None:
    """May this Phantom (its controller's, on the field) change position now?"""
    turn = duel.state.turn
    if card.summoned_turn == turn:
        return R.POSITION_ON_SUMMON_TURN
    if card.pos_changed_turn == turn:
        return R.POSITION_CHANGED_THIS_TURN
    if health(duel, card) == 0:
        return R.ZERO_HEALTH_LOCKED
    if duel.state.counts.get(("position", card.uid), 0) >= duel.rules.loop_limit:
        return R.POSITION_LOOP_GUARD
    return None


def flip_refusal(duel: DuelCore, card: Card) -> Refusal | None:
    """May this Phantom (its controller's, on the field) be flipped face up now?"""
    turn = duel.state.turn
    if card.summoned_turn == turn:
        return R.POSITION_ON_SUMMON_TURN
    if card.pos_changed_turn == turn:
        return R.POSITION_CHANGED_THIS_TURN
    if card.face_up:
        return R.ALREADY_FACE_UP
    if duel.state.counts.get(("flip", card.uid), 0) >= duel.rules.loop_limit:
        return R.FLIP_LOOP_GUARD
    return None


def attacker_refusal(duel: DuelCore, player: int, card: Card) -> Refusal | None:
    """May `card` declare an attack for `player` now (the Battle Phase door open)?"""
    if not _own_field_phantom(duel, player, card):
        return R.ATTACKER_NOT_ON_FIELD
    if not card.attack_pos:
        return R.DEFENSE_CANNOT_ATTACK
    if health(duel, card) == 0:
        return R.ZERO_HEALTH_CANNOT_ATTACK
    if card.attacked_turn == duel.state.turn:
        return R.ALREADY_ATTACKED
    if has_status(duel, card, "cannot_attack"):
        return R.CANNOT_ATTACK
    if not _under_limit(duel, ("attack", card.uid)):
        return R.ATTACK_LOOP_GUARD
    return None


def can_attack(duel: DuelCore, card: Card) -> bool:
    """May its controller declare an attack with this Phantom now (Battle Phase aside)?"""
    return attacker_refusal(duel, card.controller, card) is None


def attack_target_refusal(duel: DuelCore, attacker: Card, target: int,
                          foes: list[Card]) -> Refusal | None:
    """May `attacker` attack `target` (-1: directly) when the opponent has `foes`?"""
    if target == -1:
        if foes:
            return R.DIRECT_ATTACK_BLOCKED
        if attacker.summoned_turn == duel.state.turn:
            return R.DIRECT_ATTACK_ON_SUMMON_TURN
        return None
    for foe in foes:
        if foe.uid == target:
            return None
    return R.NOT_AN_OPPOSING_PHANTOM


def extra_summon_ok(duel: DuelCore, card: Card, player: int) -> Refusal | None:
    """May `player` Special Summon `card` from the Extra Deck now (door and slot aside)?"""
    if card.zone is not Zones.EXTRA or card.owner != player:
        return R.NOT_IN_EXTRA_DECK
    why = _summon_condition(duel, card, player)
    if why is not None:
        return why
    counts = duel.state.counts
    if counts.get(("special_summon", card.uid), 0) >= duel.rules.loop_limit:
        return R.SPECIAL_SUMMON_LOOP_GUARD
    if ("unsummon", card.uid) in counts:  # unsummoned_this_turn
        return R.UNSUMMONED_THIS_TURN
    return None


def _extra_key(duel: DuelCore, player: int) -> ExtraKey | None:
    """What the Extra Deck listing of `player` reads (None: never keep it). Summon
    conditions and materials read the field (`field_version`) and card moves, LP and SP
    (`cond_version`); a Special Summon or an Unsummon that changes a copy's counts moves a
    card too. Phase and round join the key only if some summon condition of the pool reads
    them; a stat test (Health moves no version) means never keeping it."""
    reads = duel.caches.pool_reads
    pool_reads = reads.get("extra")
    if pool_reads is None:
        found: set[str] = set()
        for cdef in duel.defs.values():
            if cdef.extra:
                _condition_reads(cdef.summon_condition, found)
                if cdef.materials is not None and cdef.materials.select.stats:
                    found.add("stats")
        pool_reads = reads["extra"] = frozenset(found)
    if "stats" in pool_reads:
        return None
    st = duel.state
    caches = duel.caches
    return (caches.field_version, caches.cond_version, st.turn, st.turn_player,
            st.phase if "phase" in pool_reads else None,
            st.round if "round" in pool_reads else None, len(st.players[player].extra))


def _extra_summons(duel: DuelCore, p: int, ph_slots: Slots) -> list[SpecialSummon]:
    """The SpecialSummons `p` may send now (free Phantom slots given), kept per
    `_extra_key`: a summon condition is only judged again when what it reads changed."""
    key = _extra_key(duel, p)
    cache = duel.caches.extra
    if key is not None:
        got = cache.get(p)
        if got is not None and got[0] == key and got[1] == ph_slots:
            return got[2]
    cards = duel.state.cards
    out: list[SpecialSummon] = []
    refused: set[str] = set()  # copies of a card share their summon condition
    pool = duel.defs
    on_field = len(field_cards(duel, p))
    for uid in duel.state.players[p].extra:
        cid = cards[uid].cid
        if cid in refused:
            continue
        if pool[cid].field_cards_needed > on_field:  # its condition cannot be met: that
            refused.add(cid)  # refusal's cheap answer, asked first
            continue
        why = extra_summon_ok(duel, cards[uid], p)
        if why is None:
            out.extend(_special_summons(duel, p, uid, ph_slots))
        elif why.code not in _PER_COPY:
            refused.add(cid)
    if key is not None:
        duel.caches.keep_extra(p, key, ph_slots, out)
    return out


def _summon_condition(duel: DuelCore, card: Card, player: int) -> Refusal | None:
    cdef = duel.defs[card.cid]
    cond = cdef.summon_condition
    mats_spec = cdef.materials
    if cdef.materials_as_condition:  # "send N of these": one selection answers both
        assert cond is not None and mats_spec is not None
        n = count(duel, mats_spec.select, player, card.uid)
        if not (cond.min or 0) <= n <= (cond.max if cond.max is not None else n):
            return R.SUMMON_CONDITION_NOT_MET
        if n < mats_spec.count:
            return R.too_few_materials(mats_spec.count, n)
        return None
    if not check(duel, cond, player, card.uid):
        return R.SUMMON_CONDITION_NOT_MET
    if mats_spec is not None:
        mats = [u for u in select(duel, mats_spec.select, player, card.uid) if u != card.uid]
        if len(mats) < mats_spec.count:
            return R.too_few_materials(mats_spec.count, len(mats))
    return None


# ------------------------------------------------------------------ abilities
def activation_block(duel: DuelCore, card: Card, index: int, player: int,
                     responding: Step | None, ab: Ability | None = None) -> Refusal | None:
    """Why `player` may not activate ability `index` of `card` now, before its condition,
    effects and targets are looked at (`_ability_tail`). Pure: reads the state only.
    `ab`: the ability, when the caller has it already (then `index` is known to exist)."""
    cdef = duel.defs[card.cid]
    if ab is None:
        if index >= len(cdef.abilities) or (
                index < 0 and not (index == -1 and cdef.playable_alone)):
            return R.NO_SUCH_ABILITY
        ab = cdef.ability(index)
    st = duel.state
    if ab.start is Starts.MAIN:
        if responding is not None:
            return R.ONLY_STARTS_A_LINE
        if st.turn_player != player or (st.phase is not Phases.MAIN1
                                        and st.phase is not Phases.MAIN2):
            return R.ABILITY_IN_OWN_MAIN_PHASE
    elif ab.start is Starts.RESPONSE:
        if responding is not None and ab.speed < responding.speed:
            return R.speed_too_low(ab.speed, responding.speed)
    else:
        return R.NOT_AN_ACTIVATED_ABILITY
    return _use_block(duel, card, index, player, responding, ab, cdef)


def _use_block(duel: DuelCore, card: Card, index: int, player: int, responding: Step | None,
               ab: Ability, cdef: CardDef) -> Refusal | None:
    """`activation_block` once the ability's start and speed allow it now (listing asks
    this directly, having read those in `Ability.gate`): where the card is, its use
    this turn and its cost."""
    st = duel.state
    own_turn = st.turn_player == player
    ctype = cdef.type
    zone = card.zone
    if ctype is CardTypes.PHANTOM:
        if zone in PILE_ZONES or card.controller != player:
            return R.PHANTOM_ABILITY_OFF_FIELD
        if not card.face_up and not ab.face_down:
            return R.FACE_DOWN_ABILITIES_OFF
    elif ctype is CardTypes.SPIRIT:
        if not own_turn:
            return R.SPIRIT_ON_OWN_TURN
        if zone is Zones.HAND:
            if card.owner != player:
                return R.SPIRIT_NOT_IN_HAND
            if not _empty_slots(duel, player, True):
                return R.NO_SLOT_FOR_SPIRIT
        elif zone in PILE_ZONES or card.controller != player:
            return R.NOT_YOUR_SPIRIT
        elif not card.face_up and card.set_turn == st.turn:
            return R.SPIRIT_SET_THIS_TURN
        elif card.face_up and (index == -1 or not cdef.lasting):
            return R.SPIRIT_ALREADY_ACTIVE
    elif ctype is CardTypes.COUNTER:
        if zone is Zones.HAND:
            return R.COUNTER_IN_HAND
        if zone in PILE_ZONES or card.controller != player:
            return R.NOT_YOUR_COUNTER
        if card.face_up and not cdef.lasting:
            return R.COUNTER_ALREADY_ACTIVE
        if not card.face_up and card.set_turn == st.turn:
            if not (has_real_condition(ab.condition)
                    and check(duel, ab.condition, player, card.uid, responding)):
                return R.COUNTER_SET_THIS_TURN
    else:  # environment
        if zone is not Zones.ENV:
            return R.ENVIRONMENT_OFF_ITS_SLOT
        if player not in card_users(duel, card):
            return R.ENVIRONMENT_NOT_YOURS
    if ab.once_per_turn and (card.uid, index) in st.used:
        return R.ONCE_PER_TURN_USED
    counts = st.counts
    if counts and counts.get(("ability", card.uid, index), 0) >= duel.rules.loop_limit:
        return R.ability_loop_guard(duel.rules.loop_limit)
    ps = st.players[player]
    cost = ab.cost
    if cost.sp > ps.sp:
        return R.sp_cost_unpaid(cost.sp, ps.sp)
    if cost.lp and cost.lp >= ps.lp:
        return R.lp_cost_unpaid(cost.lp, ps.lp)
    if cost.discard:
        in_hand = len(ps.hand) - (1 if zone is Zones.HAND else 0)
        if in_hand < cost.discard:
            return R.discard_cost_unpaid(cost.discard, in_hand)
    if responding is None and ab.negates:
        return R.NOTHING_TO_NEGATE
    return None


def _ability_tail(duel: DuelCore, card: Card, index: int, player: int,
                  responding: Step | None) -> AbilityTail:
    """(refusal, target sets, commands) once `activation_block` let the ability through:
    its condition, whether it could change anything (query keeps that per field and card
    moves), its targets and the Activates they make. Not kept here: nearly every command
    moves the field these read, so keeping them cost more than it saved (measured)."""
    return _ability_tail_now(duel, card, index, duel.defs[card.cid].ability(index), player,
                             responding)


def _ability_tail_now(duel: DuelCore, card: Card, index: int, ab: Ability, player: int,
                      responding: Step | None) -> AbilityTail:
    if not check(duel, ab.condition, player, card.uid, responding):
        return R.CONDITION_NOT_MET, (), ()
    return _after_condition(duel, card, index, ab, player)


def _after_condition(duel: DuelCore, card: Card, index: int, ab: Ability,
                     player: int) -> AbilityTail:
    """`_ability_tail_now` once the ability's condition holds."""
    if ab.effects and not could_change(duel, card, index, ab, player):
        return R.WOULD_DO_NOTHING, (), ()
    if ab.target is None:
        sets: tuple[tuple[int, ...], ...] = ((),)
    else:
        cands = target_candidates(duel, card.uid, ab, player)
        if ab.cost.break_self or card.zone is Zones.HAND:
            cands = [u for u in cands if u != card.uid]
        n = ab.target.count
        if len(cands) < n:
            return R.TOO_FEW_TARGETS, (), ()
        found: list[tuple[int, ...]] = []
        for combo in combinations(cands, n):
            found.append(combo)
            if len(found) >= MAX_TARGET_SETS:
                break
        sets = tuple(found)
    # built once and shared, as `_per_slot` (commands are immutable)
    uid = card.uid
    commands = duel.index.commands
    kept: tuple[Activate, ...] | None
    if card.zone is Zones.HAND:
        slots = _empty_slots(duel, player, True)
        key: tuple[object, ...] = (Activate, player, uid, index, sets, slots)
        kept = commands.get(key)
        if kept is None:
            made: list[Activate] = []
            for zone, idx in slots:
                for ts in sets:
                    made.append(new_activate(player, uid, index, ts, zone, idx))
            kept = commands[key] = tuple(made)
    elif ab.target is None:
        key = (Activate, player, uid, index)
        kept = commands.get(key)
        if kept is None:
            kept = commands[key] = (new_activate(player, uid, index, ()),)
    else:
        key = (Activate, player, uid, index, sets)
        kept = commands.get(key)
        if kept is None:
            made = []
            for ts in sets:
                made.append(new_activate(player, uid, index, ts))
            kept = commands[key] = tuple(made)
    return None, sets, kept


def activation_targets(duel: DuelCore, card: Card, index: int, player: int,
                       responding: Step | None) -> list[tuple[int, ...]]:
    """Every target set the ability may be activated with now ([] if it may not)."""
    if activation_block(duel, card, index, player, responding) is not None:
        return []
    return list(_ability_tail(duel, card, index, player, responding)[1])


_STEP_KIND = {"ability": "activate", "special_summon": "summon"}


def answers_step(need: Condition, step: Step, player: int) -> bool:
    """Quick form of the `responding_to` condition test (query.check has the full one)."""
    if need.player == "you":
        if step.player != player:
            return False
    elif need.player == "opponent" and step.player == player:
        return False
    kinds = need.values
    if kinds:
        kind = _STEP_KIND.get(step.kind, step.kind)
        if kind not in kinds and not ("action" in kinds and kind != "activate"):
            return False
    return True


def _activation_cards(duel: DuelCore, player: int) -> list[Card]:
    """Cards `player` might activate now: only those with an activatable ability (their
    field cards, the other player's Environment, on their own turn Spirits in hand). Kept
    per `active_version` (bumped whenever such a card moves) and whose turn it is: the kept
    list itself, never to be changed."""
    caches = duel.caches
    st = duel.state
    own_turn = st.turn_player == player
    version = caches.active_version
    kept = caches.field_active[player * 2 + own_turn]
    if kept[0] == version and kept[1] is own_turn:
        return kept[2]
    active = duel.index.active_cids
    cards = st.cards
    found = []
    slots = st.players[player].slots
    for zone in FIELD_SLOT_ZONES:
        for uid in slots[zone]:
            if uid is not None and cards[uid].cid in active:
                found.append(cards[uid])
    other_env = st.players[1 - player].slots[Zones.ENV][0]
    if other_env is not None and cards[other_env].cid in active:
        found.append(cards[other_env])
    if own_turn:
        spirits = duel.index.spirit_cids
        for uid in st.players[player].hand:
            cid = cards[uid].cid
            if cid in active and cid in spirits:
                found.append(cards[uid])
    return caches.keep_field_active(player, version, own_turn, found)


def activations(duel: DuelCore, player: int, responding: Step | None, out: list[Command],
                cards: list[Card] | None = None) -> None:
    """Append every legal Activate for `player` (answering `responding`, or at an open state).
    The skips before `activation_block` are that judgment's own cheap answers, asked first
    from each definition's gates (`CardDef.open_gates`, `CardDef.answer_gates`)."""
    st = duel.state
    used = st.used
    sp = st.players[player].sp
    pool = duel.defs
    if responding is None:
        main_ok = st.turn_player == player and (st.phase is Phases.MAIN1
                                                or st.phase is Phases.MAIN2)
        for card in (_activation_cards(duel, player) if cards is None else cards):
            cdef = pool[card.cid]
            # a face-up Spirit is not played again (SPIRIT_ALREADY_ACTIVE, or a refusal before)
            replay_barred = card.face_up and cdef.type is CardTypes.SPIRIT
            for i, ab, main, cost_sp, once in cdef.open_gates:
                if (i < 0 and replay_barred) or (main and not main_ok) or cost_sp > sp or (
                        once and (card.uid, i) in used):
                    continue  # ABILITY_IN_OWN_MAIN_PHASE, sp_cost_unpaid, ONCE_PER_TURN_USED
                _rest_of_judgment(duel, card, i, ab, cdef, player, None, out)
        return
    top_speed = responding.speed
    top_player = responding.player
    top_kind = _STEP_KIND.get(responding.kind, responding.kind)
    for card in (_response_cards(duel, player) if cards is None else cards):
        cdef = pool[card.cid]
        replay_barred = card.face_up and cdef.type is CardTypes.SPIRIT
        for i, ab, cost_sp, once, speed, need, whose, kinds in cdef.answer_gates:
            if (i < 0 and replay_barred) or speed < top_speed or cost_sp > sp or (
                    once and (card.uid, i) in used):
                continue  # speed_too_low, sp_cost_unpaid, ONCE_PER_TURN_USED
            if need is not None and (  # answers_step, read from the gate
                    (whose == 1 and top_player != player)
                    or (whose == 2 and top_player == player)
                    or (kinds is not None and top_kind not in kinds)):
                continue  # CONDITION_NOT_MET
            _rest_of_judgment(duel, card, i, ab, cdef, player, responding, out)


def _rest_of_judgment(duel: DuelCore, card: Card, i: int, ab: Ability, cdef: CardDef,
                      player: int, responding: Step | None, out: list[Command]) -> None:
    """Once the gate let ability `i` through: its condition first (a listing needs every
    test to pass, in any order, and a failing condition is the usual refusal here), then
    the rest of activation_block (the gate read the start and speed), then the tail."""
    cond = ab.condition
    if cond is not None and not (cond.plan_ or condition_plan(cond))(
            duel, player, card.uid, responding):
        return
    if _use_block(duel, card, i, player, responding, ab, cdef) is not None:
        return
    why, _target_sets, cmds = _after_condition(duel, card, i, ab, player)
    if why is None:
        out.extend(cmds)


def _response_cards(duel: DuelCore, player: int) -> list[Card]:
    """Cards of `player` that have an ability able to answer a Step (cheap pre-filter): their
    field cards, the other player's Environment, and on their own turn Spirits in hand. Kept
    per `responders_version` (bumped whenever one of those cards moves, comes or goes) and
    whose turn it is: the kept list itself, never to be changed."""
    caches = duel.caches
    own_turn = duel.state.turn_player == player
    version = caches.responders_version
    kept = caches.response_cards[player * 2 + own_turn]
    if kept[0] == version and kept[1] is own_turn:
        return kept[2]
    found = []
    cards = duel.state.cards
    for uid in sorted(caches.responders):  # a stable order, whatever the set's
        card = cards[uid]
        zone = card.zone
        if zone is Zones.HAND:  # only Spirits are kept here
            if own_turn and card.owner == player:
                found.append(card)
        elif card.controller == player or zone is Zones.ENV:
            found.append(card)
    return caches.keep_response_cards(player, version, own_turn, found)


def response_actions(duel: DuelCore, player: int) -> list[Command]:
    """Every Activate `player` may answer the top Step with (empty: only Pass)."""
    cards = _response_cards(duel, player)
    if not cards:
        return []
    out: list[Command] = []
    activations(duel, player, duel.state.lines[-1][-1], out, cards=cards)
    return out


# ------------------------------------------------------------------ one judgment per kind
def may_pass(duel: DuelCore, cmd: Pass) -> Refusal | None:
    return _door(duel, cmd.player, Pass)


def may_next_phase(duel: DuelCore, cmd: NextPhase) -> Refusal | None:
    return _door(duel, cmd.player, NextPhase)


def may_end_turn(duel: DuelCore, cmd: EndTurn) -> Refusal | None:
    return _door(duel, cmd.player, EndTurn)


def may_choose(duel: DuelCore, cmd: Choose) -> Refusal | None:
    why = _door(duel, cmd.player, Choose)
    if why is not None:
        return why
    choice = duel.state.choice
    assert choice is not None  # the door let a Choose through
    return None if cmd.option in choice.options else R.NOT_AN_OPTION


def may_concede(duel: DuelCore, cmd: Concede) -> Refusal | None:
    """Either player, at any moment before the duel is over (RULES.md D12)."""
    if duel.state.winner is not None:
        return R.DUEL_IS_OVER
    return None if cmd.player in (0, 1) else R.NOT_A_SEAT


def _hand_door(duel: DuelCore, player: int, uid: int, kind: type) -> Card | Refusal:
    """The door for a command that plays a card, then the card itself."""
    why = _door(duel, player, kind)
    if why is not None:
        return why
    card = _card(duel, uid)
    return R.NO_SUCH_CARD if card is None else card


def may_summon(duel: DuelCore, cmd: Summon) -> Refusal | None:
    got = _hand_door(duel, cmd.player, cmd.card, Summon)
    if isinstance(got, Refusal):
        return got
    return summon_refusal(duel, cmd.player, got) or \
        _slot_problem(duel, cmd.player, cmd.zone, cmd.index, PHANTOM_ZONES)


def may_special_summon(duel: DuelCore, cmd: SpecialSummon) -> Refusal | None:
    got = _hand_door(duel, cmd.player, cmd.card, SpecialSummon)
    if isinstance(got, Refusal):
        return got
    return extra_summon_ok(duel, got, cmd.player) or \
        _slot_problem(duel, cmd.player, cmd.zone, cmd.index, PHANTOM_ZONES)


def may_set(duel: DuelCore, cmd: SetCard) -> Refusal | None:
    got = _hand_door(duel, cmd.player, cmd.card, SetCard)
    if isinstance(got, Refusal):
        return got
    return set_refusal(duel, cmd.player, got) or \
        _slot_problem(duel, cmd.player, cmd.zone, cmd.index, BACKROW_ZONES)


def may_play_environment(duel: DuelCore, cmd: PlayEnvironment) -> Refusal | None:
    got = _hand_door(duel, cmd.player, cmd.card, PlayEnvironment)
    return got if isinstance(got, Refusal) else environment_refusal(duel, cmd.player, got)


def _own_phantom_door(duel: DuelCore, player: int, uid: int, kind: type) -> Card | Refusal:
    """The door for a command about one of the player's Phantoms, then the card itself."""
    why = _door(duel, player, kind)
    if why is not None:
        return why
    card = _card(duel, uid)
    if card is None:
        return R.NO_SUCH_CARD
    if not _own_field_phantom(duel, player, card):
        return R.NOT_YOUR_PHANTOM_ON_FIELD
    return card


def may_change_position(duel: DuelCore, cmd: ChangePosition) -> Refusal | None:
    got = _own_phantom_door(duel, cmd.player, cmd.card, ChangePosition)
    return got if isinstance(got, Refusal) else position_refusal(duel, got)


def may_flip(duel: DuelCore, cmd: Flip) -> Refusal | None:
    got = _own_phantom_door(duel, cmd.player, cmd.card, Flip)
    return got if isinstance(got, Refusal) else flip_refusal(duel, got)


def may_unsummon(duel: DuelCore, cmd: Unsummon) -> Refusal | None:
    got = _own_phantom_door(duel, cmd.player, cmd.card, Unsummon)
    return got if isinstance(got, Refusal) else unsummon_refusal(duel, got)


def may_attack(duel: DuelCore, cmd: Attack) -> Refusal | None:
    why = _door(duel, cmd.player, Attack)
    if why is not None:
        return why
    card = _card(duel, cmd.attacker)
    if card is None:
        return R.ATTACKER_NOT_ON_FIELD
    return attacker_refusal(duel, cmd.player, card) or \
        attack_target_refusal(duel, card, cmd.target, field_phantoms(duel, 1 - cmd.player))


def may_activate(duel: DuelCore, cmd: Activate) -> Refusal | None:
    player = cmd.player
    why = _door(duel, player, Activate)
    if why is not None:
        return why
    card = _card(duel, cmd.card)
    if card is None:
        return R.NO_SUCH_CARD
    lines = duel.state.lines
    responding = lines[-1][-1] if lines else None
    why = activation_block(duel, card, cmd.ability, player, responding)
    sets: tuple[tuple[int, ...], ...] = ()
    if why is None:
        why, sets, _cmds = _ability_tail(duel, card, cmd.ability, player, responding)
    if why is not None and why.code is not Code.TARGETS:
        return why
    if card.zone is Zones.HAND:
        slot = _slot_problem(duel, player, cmd.zone, cmd.index, BACKROW_ZONES)
        if slot is not None:
            return slot
    elif cmd.zone != "" or cmd.index != -1:
        return R.NO_SLOT_FROM_FIELD
    if why is not None:
        return why
    return None if cmd.targets in sets else R.NOT_LEGAL_TARGETS


_JUDGES: dict[type, Callable[[DuelCore, Any], Refusal | None]] = {
    Pass: may_pass, NextPhase: may_next_phase, EndTurn: may_end_turn, Choose: may_choose,
    Concede: may_concede, Summon: may_summon, SpecialSummon: may_special_summon,
    SetCard: may_set, PlayEnvironment: may_play_environment,
    ChangePosition: may_change_position, Flip: may_flip, Unsummon: may_unsummon,
    Attack: may_attack, Activate: may_activate,
}


def judge(duel: DuelCore, cmd: Command) -> Refusal | None:
    """None if the (well-formed: `validate.command_problem`) command is legal now, else
    why not. The one legality: `legal_actions` lists exactly what this accepts."""
    return _JUDGES[type(cmd)](duel, cmd)


def explain(duel: DuelCore, cmd: Command) -> Refusal:
    """Why `cmd` is not legal now (only asked of a command `judge` refuses)."""
    why = judge(duel, cmd)
    assert why is not None, f"{cmd!r} is legal"
    return why


# ------------------------------------------------------------------ listing
def _per_slot(kind: type[SlotCommand],
              ways: Callable[[int, int, str, int], tuple[SlotCommand, ...]]
              ) -> Callable[[DuelCore, int, int, Slots], list[SlotCommand]]:
    """The lister of the commands of `kind` putting a card into each free slot (`ways` of
    one slot: the four position/face Summons, the one Set, the two Special Summons). They
    are built once and reused: command objects are immutable, and building them is the hot
    path of random play. Kept per set of free slots, built from the commands kept per slot
    (a card meets many sets). One body for the three kinds; each lister holds its kind in
    its closure, so a call costs what a hand-written one did."""
    def listed(duel: DuelCore, p: int, uid: int, slots: Slots) -> list[SlotCommand]:
        commands = duel.index.commands
        key = (kind, p, uid, slots)
        cached: list[SlotCommand] | None = commands.get(key)
        if cached is None:
            cached = []
            for zone, idx in slots:
                one: tuple[SlotCommand, ...] | None = commands.get((kind, p, uid, zone, idx))
                if one is None:
                    one = commands[(kind, p, uid, zone, idx)] = ways(p, uid, zone, idx)
                cached.extend(one)
            commands[key] = cached
        return cached
    return listed


def _summon_ways(p: int, uid: int, zone: str, idx: int) -> tuple[Summon, ...]:
    return (Summon(p, uid, zone, idx, True, True), Summon(p, uid, zone, idx, False, True),
            Summon(p, uid, zone, idx, True, False), Summon(p, uid, zone, idx, False, False))


def _set_ways(p: int, uid: int, zone: str, idx: int) -> tuple[SetCard, ...]:
    return (SetCard(p, uid, zone, idx),)


def _special_summon_ways(p: int, uid: int, zone: str, idx: int) -> tuple[SpecialSummon, ...]:
    return (SpecialSummon(p, uid, zone, idx, True), SpecialSummon(p, uid, zone, idx, False))


_summons = _per_slot(Summon, _summon_ways)
_sets = _per_slot(SetCard, _set_ways)
_special_summons = _per_slot(SpecialSummon, _special_summon_ways)


def _chooses(duel: DuelCore, player: int, options: list[int]) -> list[Command]:
    """The Choose commands answering a choice, each built once per player and option."""
    commands = duel.index.commands
    out: list[Command] = []
    for option in options:
        cmd: Choose | None = commands.get((Choose, player, option))
        if cmd is None:
            cmd = commands[(Choose, player, option)] = Choose(player, option)
        out.append(cmd)
    return out


# commands built on the hot path, faster than calling the class (builders.py)
new_activate = builder(Activate)
new_attack = builder(Attack)

_NEXT = (NextPhase(0), NextPhase(1))  # commands are immutable: share the constant ones
_END = (EndTurn(0), EndTurn(1))
_PASS = (Pass(0), Pass(1))


def _card_cmd(duel: DuelCore, cls: type[CardCommand], p: int, uid: int) -> CardCommand:
    """An interned one-card command (ChangePosition, Flip, Unsummon, PlayEnvironment)."""
    key = (cls, p, uid)
    cmd: CardCommand | None = duel.index.commands.get(key)
    if cmd is None:
        cmd = duel.index.commands[key] = cls(p, uid)
    return cmd


def legal_actions(duel: DuelCore) -> list[Command]:
    """Every command the deciding player may send now, in a stable order: each kind's
    candidates kept by the kind's own judgment (the door is opened once for all)."""
    st = duel.state
    if st.winner is not None:
        return []
    c = st.choice
    if c is not None:
        return _chooses(duel, c.player, c.options)
    p = st.priority
    acts: list[Command] = []
    if st.lines:
        acts.append(_PASS[p])
        acts.extend(response_actions(duel, p))
        return acts
    phase = st.phase
    if phase is Phases.END or phase is Phases.DRAW:
        return acts
    ps = st.players[p]
    cards = st.cards
    ph_slots: Slots | None = None  # free Phantom slots, read once
    if phase is Phases.MAIN1 or phase is Phases.MAIN2:
        ph_slots = _empty_slots(duel, p, False)
        back_slots = _empty_slots(duel, p, True)
        pool = duel.defs
        sp = ps.sp
        caches = duel.caches
        # SP Costs are the printed Levels unless a card has a modifier (summon_refusal's
        # cheap answer, asked first: a Phantom that costs more than `sp` is refused)
        printed_costs = not caches.static_cards or (
            caches.statics_version == caches.field_version and not caches.statics_sp)
        for uid in ps.hand:
            card = cards[uid]
            cdef = pool[card.cid]
            ctype = cdef.type
            if ctype is CardTypes.PHANTOM:
                if printed_costs and cdef.level > sp and not card.mods:
                    continue  # summon_cost_unpaid
                if ph_slots and summon_refusal(duel, p, card) is None:
                    acts.extend(_summons(duel, p, uid, ph_slots))
            elif ctype is CardTypes.ENVIRONMENT:
                if environment_refusal(duel, p, card) is None:
                    acts.append(_card_cmd(duel, PlayEnvironment, p, uid))
            elif back_slots and set_refusal(duel, p, card) is None:
                acts.extend(_sets(duel, p, uid, back_slots))
        turn = st.turn
        for card in field_phantoms(duel, p):
            uid = card.uid
            # Summoned or turned this turn: both judgments' first refusal, asked once here
            if card.summoned_turn != turn and card.pos_changed_turn != turn:
                if position_refusal(duel, card) is None:
                    acts.append(_card_cmd(duel, ChangePosition, p, uid))
                if flip_refusal(duel, card) is None:
                    acts.append(_card_cmd(duel, Flip, p, uid))
            if unsummon_refusal(duel, card) is None:
                acts.append(_card_cmd(duel, Unsummon, p, uid))
    elif phase is Phases.BATTLE:
        foes = field_phantoms(duel, 1 - p)
        for card in field_phantoms(duel, p):
            if attacker_refusal(duel, p, card) is None:
                for foe in foes:
                    acts.append(new_attack(p, card.uid, foe.uid))
                if attack_target_refusal(duel, card, -1, foes) is None:
                    acts.append(new_attack(p, card.uid, -1))
    if ps.extra:
        if ph_slots is None:
            ph_slots = _empty_slots(duel, p, False)
        if ph_slots:
            acts.extend(_extra_summons(duel, p, ph_slots))
    activations(duel, p, None, acts)
    acts.append(_NEXT[p])
    if phase is Phases.MAIN1 or phase is Phases.BATTLE:
        acts.append(_END[p])
    return acts


def fresh_legal_actions(duel: DuelCore) -> list[Command]:
    """`legal_actions` computed from scratch, ignoring every kept judgment (for tests that
    pin the incremental listing to it). Leaves the duel's caches as they were."""
    caches = duel.caches
    kept = caches.set_aside_judgments()
    try:
        return legal_actions(duel)
    finally:
        caches.restore_judgments(kept)
