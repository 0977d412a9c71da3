"""Legality: which commands may be sent now, and why a given one may not.

Every function here is side-effect free. `activation_targets` is the ygopro-style "can this
ability be activated now, and with which targets" check the UI and AI use to light up plays.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from . import primitives as prims
from .carddefs import Ability, CardType, Start
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
from .model import (
    BACKROW_ZONES,
    FIELD_SLOT_ZONES,
    PHANTOM_ZONES,
    PILE_ZONES,
    Card,
    Phase,
    Step,
    Zone,
)
from .query import (
    card_users,
    check,
    could_change,
    has_real_condition,
    has_status,
    health,
    is_main_phase,
    select,
    sp_cost,
)
from .reasons import Code, Refusal

if TYPE_CHECKING:
    from .duel import Duel

MAX_TARGET_SETS = 64  # more target combinations than this are cut (keeps listing fast)


_ZONE_OF = {z.value: z for z in Zone}


# Refusals with fixed words are built once: refusing is the hot path of listing.
_NOTHING_TO_DO = Refusal(Code.NOTHING_TO_DO, "It would do nothing now: nothing to summon, "
                         "search, return or draw, and no card its effects reach.")
_R0 = Refusal(Code.NO_SUCH_ABILITY, "That card has no such ability.")
_R1 = Refusal(Code.NOTHING_TO_ANSWER, "That ability can only start a Line, not answer one.")
_R2 = Refusal(Code.WRONG_PHASE, "That ability can only be activated in your own Main Phase.")
_R3 = Refusal(Code.NOT_ACTIVATED, "That ability is not activated: it is a trigger or a continuous effect.")
_R4 = Refusal(Code.WRONG_PLACE, "Only a Phantom you control on the field can use its ability.")
_R5 = Refusal(Code.FACE_DOWN, "A face-down Phantom's abilities are off.")
_R6 = Refusal(Code.WRONG_PHASE, "Spirits can only be activated on your own turn.")
_R7 = Refusal(Code.WRONG_PLACE, "That card is not in your hand.")
_R8 = Refusal(Code.NO_FREE_SLOT, "There is no empty back-row or Side Balance slot to play it into.")
_R9 = Refusal(Code.WRONG_PLACE, "That Spirit is not yours to activate.")
_R10 = Refusal(Code.SET_THIS_TURN, "A Spirit set this turn can be activated on a later turn.")
_R11 = Refusal(Code.ALREADY_ACTIVE, "That Spirit is already active.")
_R12 = Refusal(Code.WRONG_PLACE, "Counters must be set on the field before they can be activated.")
_R13 = Refusal(Code.WRONG_PLACE, "That Counter is not yours to activate.")
_R14 = Refusal(Code.ALREADY_ACTIVE, "That Counter is already active.")
_R15 = Refusal(Code.SET_THIS_TURN, "A Counter cannot be activated on the turn it was set unless its Condition is met.")
_R16 = Refusal(Code.WRONG_PLACE, "An Environment works from an Environment slot.")
_R17 = Refusal(Code.WRONG_PLACE, "With two Environments out, each only works for its own player.")
_R18 = Refusal(Code.ONCE_PER_TURN, "That ability can only be used once per turn.")
_R19 = Refusal(Code.NOTHING_TO_ANSWER, "There is nothing to negate.")
_R20 = Refusal(Code.CONDITION, "Its condition is not met.")
_R21 = Refusal(Code.WRONG_PLACE, "That card is not in your Extra Deck.")
_R22 = Refusal(Code.CONDITION, "Its summon condition is not met.")
_R23 = Refusal(Code.LOOP_GUARD, "Loop guard: that card was already Special Summoned too often this turn.")
_R24 = Refusal(Code.SLOT_TAKEN, "That slot is already taken.")
_R25 = Refusal(Code.DUEL_OVER, "The duel is over.")
_R26 = Refusal(Code.MALFORMED, "That is not a command from player 1 or 2.")
_R27 = Refusal(Code.NOT_AN_OPTION, "That is not one of the options.")
_R28 = Refusal(Code.NO_CHOICE, "There is no choice to answer.")
_R29 = Refusal(Code.LINE_OPEN, "A Line is open: you may only respond with an ability or pass.")
_R30 = Refusal(Code.NOTHING_TO_PASS, "There is nothing to pass on: no Line is open.")
_R31 = Refusal(Code.WRONG_PHASE, "Use Next Phase: Main Phase 2 moves to the End Phase.")
_R32 = Refusal(Code.WRONG_PHASE, "The turn cannot move on now.")
_R33 = Refusal(Code.NO_SUCH_CARD, "There is no such card.")
_R34 = Refusal(Code.TARGETS, "There are not enough legal targets.")
_R35 = Refusal(Code.TARGETS, "Those are not legal targets for that ability.")
_R36 = Refusal(Code.WRONG_PHASE, "That can only be done in your Main Phase.")
_R37 = Refusal(Code.WRONG_PHASE, "Attacks are declared in the Battle Phase.")
_R38 = Refusal(Code.WRONG_PLACE, "Only a Phantom you control on the field can attack.")
_R39 = Refusal(Code.DEFENSE_POSITION, "Defense Position Phantoms cannot attack.")
_R40 = Refusal(Code.ZERO_HEALTH, "A Phantom with 0 Health cannot attack.")
_R41 = Refusal(Code.ALREADY_ATTACKED, "That Phantom has already attacked this turn.")
_R42 = Refusal(Code.CANNOT_ATTACK, "That Phantom cannot attack.")
_R43 = Refusal(Code.LOOP_GUARD, "Loop guard: that Phantom attacked too often this turn.")
_R44 = Refusal(Code.DIRECT_ATTACK, "You can only attack directly when your opponent controls no Phantom.")
_R45 = Refusal(Code.SUMMONED_THIS_TURN, "A Phantom cannot attack directly on the turn it was summoned.")
_R46 = Refusal(Code.TARGETS, "That is not a Phantom your opponent controls.")
_R47 = Refusal(Code.WRONG_PLACE, "You can only Summon a Phantom from your hand.")
_R48 = Refusal(Code.WRONG_CARD_TYPE, "Only Phantoms are Summoned.")
_R49 = Refusal(Code.LOOP_GUARD, "Loop guard: that card was already Summoned too often this turn.")
_R_UNSUMMONED = Refusal(Code.UNSUMMONED_THIS_TURN,
                        "That Phantom was Unsummoned this turn; it can be Summoned again next turn.")


_PER_COPY = (Code.LOOP_GUARD, Code.UNSUMMONED_THIS_TURN)  # refusals that bar one copy, not all


def unsummoned_this_turn(duel: Duel, uid: int) -> bool:
    """RULES.md P5a: a Phantom Unsummoned this turn cannot be Summoned (or Special Summoned
    from the Extra Deck) again this turn, so a "When this card is Summoned" trigger cannot be
    repeated for free (Unsummon refunds the SP). The turn's action counts already know it."""
    return ("unsummon", uid) in duel.state.counts
_R50 = Refusal(Code.WRONG_PHASE, "Extra Deck Phantoms cannot be Special Summoned in the End Phase.")
_R51 = Refusal(Code.WRONG_PLACE, "You can only set a card from your hand.")
_R52 = Refusal(Code.WRONG_CARD_TYPE, "Only Spirits and Counters are set.")
_R53 = Refusal(Code.WRONG_PLACE, "You can only play an Environment from your hand.")
_R54 = Refusal(Code.WRONG_CARD_TYPE, "Only Environment cards go into the Environment slot.")
_R55 = Refusal(Code.WRONG_PLACE, "That is not a Phantom you control on the field.")
_R56 = Refusal(Code.BATTLED, "A Phantom cannot be Unsummoned on a turn it battled.")
_R57 = Refusal(Code.LOOP_GUARD, "Loop guard: that Phantom was already Unsummoned too often this turn.")
_R58 = Refusal(Code.SUMMONED_THIS_TURN, "A Phantom cannot change position on the turn it was summoned.")
_R59 = Refusal(Code.POSITION_CHANGED, "A Phantom can change position (or Flip) only once per turn.")
_R60 = Refusal(Code.ALREADY_FACE_UP, "That Phantom is already face up.")
_R61 = Refusal(Code.ZERO_HEALTH, "A Phantom with 0 Health is locked in Defense Position.")
_R62 = Refusal(Code.NOT_LEGAL, "That is not a legal action now.")
_R63 = Refusal(Code.NOT_LEGAL, "That summon is not legal now.")
_R64 = Refusal(Code.NOT_LEGAL, "That Special Summon is not legal now.")
_R65 = Refusal(Code.NOT_LEGAL, "That card cannot be set now.")


def _empty_slots(duel: Duel, player: int, zones) -> tuple[tuple[str, int], ...]:
    """Free (zone name, index) slots for Phantoms or for Spirits/Counters (kept by the duel)."""
    return prims.free_slots(duel, player, zones is BACKROW_ZONES)


def phantoms_of(duel: Duel, player: int) -> list[Card]:
    """The Phantoms `player` controls (Phantom slots hold only Phantoms; Side Balance
    slots may hold Spirits and Counters too)."""
    slots = duel.state.players[player].slots
    cards = duel.state.cards
    out = [cards[u] for u in slots[Zone.PHANTOM] if u is not None]
    phantom_cids = duel.phantom_cids
    for u in slots[Zone.SIDE]:
        if u is not None and cards[u].cid in phantom_cids:
            out.append(cards[u])
    return out


def _under_limit(duel: Duel, key: tuple) -> bool:
    return duel.state.counts.get(key, 0) < duel.rules.loop_limit


def target_candidates(duel: Duel, uid: int, ab: Ability, user: int) -> list[int]:
    assert ab.target is not None  # only asked of a targeted ability
    return select(duel, ab.target.select, user, uid)


def activation_block(duel: Duel, card: Card, index: int, player: int,
                     responding: Step | None) -> Refusal | None:
    """Why `player` may not activate ability `index` of `card` now (None: they may,
    targets permitting). Pure: reads the state only."""
    cdef = duel.pool[card.cid]
    if index >= len(cdef.abilities) or (index < 0 and not (index == -1 and cdef.playable_alone)):
        return _R0
    ab = cdef.ability(index)
    own_turn = duel.state.turn_player == player
    if ab.start is Start.MAIN:
        if responding is not None:
            return _R1
        if not own_turn or not is_main_phase(duel.state.phase):
            return _R2
    elif ab.start is Start.RESPONSE:
        if responding is not None and ab.speed < responding.speed:
            return Refusal(Code.SPEED, (f"Its speed {ab.speed} is lower than the last Step's speed "
                    f"{responding.speed}."))
    else:
        return _R3
    ctype = cdef.type
    zone = card.zone
    if ctype is CardType.PHANTOM:
        if zone in PILE_ZONES or card.controller != player:
            return _R4
        if not card.face_up and not ab.face_down:
            return _R5
    elif ctype is CardType.SPIRIT:
        if not own_turn:
            return _R6
        if zone is Zone.HAND:
            if card.owner != player:
                return _R7
            if not _empty_slots(duel, player, BACKROW_ZONES):
                return _R8
        elif zone in PILE_ZONES or card.controller != player:
            return _R9
        elif not card.face_up and card.set_turn == duel.state.turn:
            return _R10
        elif card.face_up and (index == -1 or not cdef.lasting):
            return _R11
    elif ctype is CardType.COUNTER:
        if zone is Zone.HAND:
            return _R12
        if zone in PILE_ZONES or card.controller != player:
            return _R13
        if card.face_up and not cdef.lasting:
            return _R14
        if not card.face_up and card.set_turn == duel.state.turn:
            if not (has_real_condition(ab.condition)
                    and check(duel, ab.condition, player, card.uid, responding)):
                return _R15
    else:  # environment
        if zone is not Zone.ENV:
            return _R16
        if player not in card_users(duel, card):
            return _R17
    if ab.once_per_turn and (card.uid, index) in duel.state.used:
        return _R18
    if not _under_limit(duel, ("ability", card.uid, index)):
        return Refusal(Code.LOOP_GUARD, f"Loop guard: that ability was already used {duel.rules.loop_limit} times this turn.")
    ps = duel.state.players[player]
    cost = ab.cost
    if cost.sp > ps.sp:
        return Refusal(Code.COST, f"It costs {cost.sp} SP and you have {ps.sp}.")
    if cost.lp and cost.lp >= ps.lp:
        return Refusal(Code.COST, f"It costs {cost.lp} LP and you have {ps.lp}.")
    if cost.discard:
        in_hand = len(ps.hand) - (1 if zone is Zone.HAND else 0)
        if in_hand < cost.discard:
            return Refusal(Code.COST, f"It costs a discard of {cost.discard} card(s) and you have {in_hand}.")
    if responding is None and ab.negates:
        return _R19
    if not check(duel, ab.condition, player, card.uid, responding):
        return _R20
    if ab.effects and not could_change(duel, card, ab, player):
        return _NOTHING_TO_DO
    return None


def activation_targets(duel: Duel, card: Card, index: int, player: int,
                       responding: Step | None) -> list[tuple]:
    """Every target set the ability may be activated with now ([] if it may not)."""
    if activation_block(duel, card, index, player, responding) is not None:
        return []
    ab = duel.pool[card.cid].ability(index)
    if ab.target is None:
        return [()]
    cands = target_candidates(duel, card.uid, ab, player)
    if ab.cost.break_self or card.zone is Zone.HAND:
        cands = [u for u in cands if u != card.uid]
    n = ab.target.count
    if len(cands) < n:
        return []
    sets = []
    for combo in combinations(cands, n):
        sets.append(combo)
        if len(sets) >= MAX_TARGET_SETS:
            break
    return sets


_STEP_KIND = {"ability": "activate", "special_summon": "summon"}


def answers_step(need, step: Step, player: int) -> bool:
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


def _activation_cards(duel: Duel, player: int) -> list[Card]:
    """Cards `player` might activate now: only those with an activatable ability."""
    active = duel.active_cids
    cards = duel.state.cards
    found = []
    slots = duel.state.players[player].slots
    for zone in FIELD_SLOT_ZONES:
        for uid in slots[zone]:
            if uid is not None and cards[uid].cid in active:
                found.append(cards[uid])
    other_env = duel.state.players[1 - player].slots[Zone.ENV][0]
    if other_env is not None and cards[other_env].cid in active:
        found.append(cards[other_env])
    if duel.state.turn_player == player:
        spirits = duel.spirit_cids
        for uid in duel.state.players[player].hand:
            cid = cards[uid].cid
            if cid in active and cid in spirits:
                found.append(cards[uid])
    return found


def activations(duel: Duel, player: int, responding: Step | None, out: list,
                first_only: bool = False, cards: list[Card] | None = None) -> None:
    """Append every legal Activate for `player` (answering `responding`, or at an open state)."""
    main_ok = (responding is None and duel.state.turn_player == player
               and is_main_phase(duel.state.phase))
    if cards is None:
        cards = _response_cards(duel, player) if responding is not None \
            else _activation_cards(duel, player)
    used = duel.state.used
    sp = duel.state.players[player].sp
    for card in cards:
        cdef = duel.pool[card.cid]
        acts = cdef.activatable
        if not acts:
            continue
        for i, ab in acts:
            if ab.start is Start.MAIN and not main_ok:
                continue
            if ab.cost.sp > sp or (ab.once_per_turn and (card.uid, i) in used):
                continue  # cheap refusals first (activation_block says why, for explain)
            if responding is None:
                if ab.negates or ab.answers is not None:
                    continue  # needs a Step to answer
            else:
                if ab.speed < responding.speed:
                    continue
                need = ab.answers
                if need is not None and not answers_step(need, responding, player):
                    continue
            sets = activation_targets(duel, card, i, player, responding)
            if not sets:
                continue
            if card.zone is Zone.HAND:
                for zone, idx in _empty_slots(duel, player, BACKROW_ZONES):
                    for ts in sets:
                        out.append(Activate(player, card.uid, i, ts, zone, idx))
            else:
                for ts in sets:
                    out.append(Activate(player, card.uid, i, ts))
            if first_only and out:
                return


def _response_cards(duel: Duel, player: int) -> list[Card]:
    """Cards of `player` that have an ability able to answer a Step (cheap pre-filter): their
    field cards, the other player's Environment, and on their own turn Spirits in hand."""
    responders = duel.responders
    if not responders:
        return []
    cards = duel.state.cards
    own_turn = duel.state.turn_player == player
    found = []
    for uid in sorted(responders):  # a stable order, whatever the set's
        card = cards[uid]
        zone = card.zone
        if zone is Zone.HAND:  # only Spirits are kept here
            if own_turn and card.owner == player:
                found.append(card)
        elif card.controller == player or zone is Zone.ENV:
            found.append(card)
    return found


def response_actions(duel: Duel, player: int) -> list:
    """Every Activate `player` may answer the top Step with (empty: only Pass)."""
    cards = _response_cards(duel, player)
    if not cards:
        return []
    out: list = []
    activations(duel, player, duel.state.lines[-1][-1], out, cards=cards)
    return out


def extra_summon_ok(duel: Duel, card: Card, player: int) -> Refusal | None:
    cdef = duel.pool[card.cid]
    if card.zone is not Zone.EXTRA or card.owner != player:
        return _R21
    cond = cdef.summon_condition
    mats_spec = cdef.materials
    if cdef.materials_as_condition:  # "send N of these": one selection answers both
        assert cond is not None and mats_spec is not None
        mats = select(duel, mats_spec.select, player, card.uid)
        if not (cond.min or 0) <= len(mats) <= (cond.max if cond.max is not None else len(mats)):
            return _R22
        if len(mats) < mats_spec.count:
            return Refusal(Code.MATERIALS, f"It needs {mats_spec.count} material(s) and you have {len(mats)}.")
    else:
        if not check(duel, cond, player, card.uid):
            return _R22
        if mats_spec is not None:
            mats = [u for u in select(duel, mats_spec.select, player, card.uid) if u != card.uid]
            if len(mats) < mats_spec.count:
                return Refusal(Code.MATERIALS, f"It needs {mats_spec.count} material(s) and you have {len(mats)}.")
    if not _under_limit(duel, ("special_summon", card.uid)):
        return _R23
    if unsummoned_this_turn(duel, card.uid):
        return _R_UNSUMMONED
    return None


def can_attack(duel: Duel, card: Card) -> bool:
    return (card.attack_pos and card.attacked_turn != duel.state.turn and health(duel, card) > 0
            and not has_status(duel, card, "cannot_attack")
            and _under_limit(duel, ("attack", card.uid)))


def _summons(duel: Duel, p: int, uid: int, slots: tuple) -> list:
    """The four position/face Summons into each free slot, built once and reused: command
    objects are immutable, and building them is the hot path of random play."""
    key = (p, uid, id(slots))  # slot tuples are interned by the pool index: ids are stable
    cached = duel.command_cache.get(key)
    if cached is None:
        cached = []
        for zone, idx in slots:
            cached.append(Summon(p, uid, zone, idx, True, True))
            cached.append(Summon(p, uid, zone, idx, False, True))
            cached.append(Summon(p, uid, zone, idx, True, False))
            cached.append(Summon(p, uid, zone, idx, False, False))
        duel.command_cache[key] = cached
    return cached


def _sets(duel: Duel, p: int, uid: int, slots: tuple) -> list:
    key = (p, uid, id(slots), 1)
    cached = duel.command_cache.get(key)
    if cached is None:
        cached = [SetCard(p, uid, zone, idx) for zone, idx in slots]
        duel.command_cache[key] = cached
    return cached


_NEXT = (NextPhase(0), NextPhase(1))  # commands are immutable: share the constant ones
_END = (EndTurn(0), EndTurn(1))
_PASS = (Pass(0), Pass(1))


def _card_cmd(duel: Duel, cls, p: int, uid: int):
    """An interned one-card command (ChangePosition, Flip, Unsummon, PlayEnvironment)."""
    key = (cls, p, uid)
    cmd = duel.command_cache.get(key)
    if cmd is None:
        cmd = duel.command_cache[key] = cls(p, uid)
    return cmd


def legal_actions(duel: Duel) -> list:
    if duel.state.winner is not None:
        return []
    c = duel.state.choice
    if c is not None:
        return [Choose(c.player, o) for o in c.options]
    p = duel.state.priority
    acts: list = []
    if duel.state.lines:
        acts.append(_PASS[p])
        acts.extend(response_actions(duel, p))
        return acts
    phase = duel.state.phase
    if phase is Phase.END or phase is Phase.DRAW:
        return acts
    ps = duel.state.players[p]
    pool = duel.pool
    cards = duel.state.cards
    turn = duel.state.turn
    counts = duel.state.counts
    limit = duel.rules.loop_limit
    if phase is Phase.MAIN1 or phase is Phase.MAIN2:
        ph_slots = _empty_slots(duel, p, PHANTOM_ZONES)
        back_slots = _empty_slots(duel, p, BACKROW_ZONES)
        sp = ps.sp
        for uid in ps.hand:
            card = cards[uid]
            ctype = pool[card.cid].type
            if ctype is CardType.PHANTOM:
                if (ph_slots and sp_cost(duel, card) <= sp and counts.get(("summon", uid), 0) < limit
                        and ("unsummon", uid) not in counts):
                    acts.extend(_summons(duel, p, uid, ph_slots))
            elif ctype is CardType.ENVIRONMENT:
                if _under_limit(duel, ("environment", uid)):
                    acts.append(_card_cmd(duel, PlayEnvironment, p, uid))
            elif back_slots and _under_limit(duel, ("set", uid)):
                acts.extend(_sets(duel, p, uid, back_slots))
        for card in phantoms_of(duel, p):
            uid = card.uid
            if card.summoned_turn != turn and card.pos_changed_turn != turn:
                if health(duel, card) > 0 and _under_limit(duel, ("position", uid)):
                    acts.append(_card_cmd(duel, ChangePosition, p, uid))
                if not card.face_up and _under_limit(duel, ("flip", uid)):
                    acts.append(_card_cmd(duel, Flip, p, uid))
            if (card.battled_turn != turn and card.attacked_turn != turn
                    and _under_limit(duel, ("unsummon", uid))):
                acts.append(_card_cmd(duel, Unsummon, p, uid))
    if phase is Phase.BATTLE:
        foes = phantoms_of(duel, 1 - p)
        for card in phantoms_of(duel, p):
            if can_attack(duel, card):
                for foe in foes:
                    acts.append(Attack(p, card.uid, foe.uid))
                if not foes and card.summoned_turn != turn:
                    acts.append(Attack(p, card.uid, -1))
    if ps.extra:
        ph_slots = _empty_slots(duel, p, PHANTOM_ZONES)
        if ph_slots:
            refused: set[str] = set()  # copies of a card share their summon condition
            for uid in ps.extra:
                cid = cards[uid].cid
                if cid in refused:
                    continue
                why = extra_summon_ok(duel, cards[uid], p)
                if why is not None:
                    if why.code not in _PER_COPY:
                        refused.add(cid)
                else:
                    for zone, idx in ph_slots:
                        acts.append(SpecialSummon(p, uid, zone, idx, True))
                        acts.append(SpecialSummon(p, uid, zone, idx, False))
    activations(duel, p, None, acts)
    acts.append(_NEXT[p])
    if phase is Phase.MAIN1 or phase is Phase.BATTLE:
        acts.append(_END[p])
    return acts


# ------------------------------------------------------------------ explanations
def _card(duel: Duel, uid) -> Card | None:
    if isinstance(uid, int) and 0 <= uid < len(duel.state.cards):
        return duel.state.cards[uid]
    return None


def _slot_problem(duel: Duel, player: int, zone: str, index: int,
                  allowed) -> Refusal | None:
    names = [z.value for z in allowed]
    if zone not in names:
        return Refusal(Code.BAD_SLOT, f"That card can only go into a {' or '.join(names)} slot.")
    slots = duel.state.players[player].slots[Zone(zone)]
    if not isinstance(index, int) or not 0 <= index < len(slots):
        return Refusal(Code.BAD_SLOT, f"There is no {zone} slot {index}.")
    if slots[index] is not None:
        return _R24
    return None


def explain(duel: Duel, cmd) -> Refusal:
    """Why `cmd` is not legal now: a code, and a reason a person understands."""
    if duel.state.winner is not None:
        return _R25
    player = getattr(cmd, "player", None)
    if player not in (0, 1):
        return _R26
    decider = duel.deciding_player
    if player != decider and decider is not None:
        return Refusal(Code.NOT_YOUR_DECISION, f"It is player {decider + 1}'s decision now, not player {player + 1}'s.")
    if duel.state.choice is not None:
        if not isinstance(cmd, Choose):
            return Refusal(Code.ANSWER_CHOICE_FIRST, f"First answer the pending choice: {duel.state.choice.prompt}.")
        return _R27
    if isinstance(cmd, Choose):
        return _R28
    t = type(cmd)
    if duel.state.lines and t not in (Pass, Activate):
        return _R29
    if t is Pass:
        return _R30
    if t in (NextPhase, EndTurn):
        if duel.state.phase is Phase.MAIN2 and t is EndTurn:
            return _R31
        return _R32
    turn = duel.state.turn
    if t is Activate:
        card = _card(duel, cmd.card)
        if card is None:
            return _R33
        responding = duel.state.lines[-1][-1] if duel.state.lines else None
        why = activation_block(duel, card, cmd.ability, player, responding)
        if why:
            return why
        if card.zone is Zone.HAND:
            slot = _slot_problem(duel, player, cmd.zone, cmd.index, BACKROW_ZONES)
            if slot:
                return slot
        if not activation_targets(duel, card, cmd.ability, player, responding):
            return _R34
        return _R35
    main = is_main_phase(duel.state.phase)
    if t in (Summon, SetCard, PlayEnvironment, ChangePosition, Flip, Unsummon) and not main:
        return _R36
    if t is Attack:
        if duel.state.phase is not Phase.BATTLE:
            return _R37
        card = _card(duel, cmd.attacker)
        if card is None or card.controller != player or card.zone not in PHANTOM_ZONES:
            return _R38
        if not card.attack_pos:
            return _R39
        if health(duel, card) == 0:
            return _R40
        if card.attacked_turn == turn:
            return _R41
        if has_status(duel, card, "cannot_attack"):
            return _R42
        if not _under_limit(duel, ("attack", card.uid)):
            return _R43
        if cmd.target == -1:
            if phantoms_of(duel, 1 - player):
                return _R44
            if card.summoned_turn == turn:
                return _R45
        return _R46
    card = _card(duel, cmd.card)
    if card is None:
        return _R33
    cdef = duel.pool[card.cid]
    ps = duel.state.players[player]
    if t is Summon:
        if card.zone is not Zone.HAND or card.owner != player:
            return _R47
        if not cdef.is_phantom:
            return _R48
        cost = sp_cost(duel, card)
        if cost > ps.sp:
            return Refusal(Code.COST, f"Its SP Cost is {cost} and you have {ps.sp} SP.")
        if not _under_limit(duel, ("summon", card.uid)):
            return _R49
        if unsummoned_this_turn(duel, card.uid):
            return _R_UNSUMMONED
        return _slot_problem(duel, player, cmd.zone, cmd.index, PHANTOM_ZONES) or \
            _R63
    if t is SpecialSummon:
        if duel.state.phase is Phase.END:
            return _R50
        return extra_summon_ok(duel, card, player) or \
            _slot_problem(duel, player, cmd.zone, cmd.index, PHANTOM_ZONES) or \
            _R64
    if t is SetCard:
        if card.zone is not Zone.HAND or card.owner != player:
            return _R51
        if cdef.type not in (CardType.SPIRIT, CardType.COUNTER):
            return _R52
        return _slot_problem(duel, player, cmd.zone, cmd.index, BACKROW_ZONES) or \
            _R65
    if t is PlayEnvironment:
        if card.zone is not Zone.HAND or card.owner != player:
            return _R53
        return _R54
    if card.controller != player or card.zone not in PHANTOM_ZONES or not cdef.is_phantom:
        return _R55
    if t is Unsummon:
        if card.battled_turn == turn or card.attacked_turn == turn:
            return _R56
        return _R57
    if card.summoned_turn == turn:
        return _R58
    if card.pos_changed_turn == turn:
        return _R59
    if t is Flip and card.face_up:
        return _R60
    if t is ChangePosition and health(duel, card) == 0:
        return _R61
    return _R62
