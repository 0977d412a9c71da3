"""Resolving Lines: the top Line last Step first, the windows on broken Lines below, and
what each kind of Step does (adding Steps is `lines`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from . import primitives as prims
from .battle import resolve_attack
from .effects import run_work
from .members import card_types as CardTypes
from .members import zones as Zones
from .model import Step
from .notice import fire
from .query import health, on_field

if TYPE_CHECKING:
    from .core import DuelCore


# ------------------------------------------------------------- resolving
def start_resolving(duel: DuelCore) -> None:
    duel.state.resolving = True
    duel.out.append(ev.line_resolving(len(duel.state.lines)))


def resolve_some(duel: DuelCore) -> None:
    st = duel.state
    caches = duel.caches
    while st.winner is None:
        if caches.checked_version != caches.field_version:
            prims.maybe_state_check(duel)
            continue
        if st.ending is not None and st.current is None:
            return  # the Step that decided the duel is done: the flow ends it
        if st.current is not None:
            if st.work:
                run_work(duel)
                if st.choice is not None:
                    return
                continue
            finish_step(duel, st.current)
            st.current = None
            continue
        line = st.lines[-1]
        if not line:
            st.lines.pop()
            duel.out.append(ev.line_closed(len(st.lines) + 1))
            st.resolving = False
            if not st.lines:  # an open state: the turn player acts first
                st.priority = st.turn_player
            if st.lines:
                top = st.lines[-1][-1]
                st.priority = 1 - top.player
                st.passes = 0
                duel.out.append(ev.WindowOpened(len(st.lines), st.priority))
            return
        st.cur_line = len(st.lines)
        st.cur_step = len(line)
        step = line.pop()
        card = st.cards[step.card]
        duel.out.append(ev.step_resolving(st.cur_line, st.cur_step, step.player,
                                         card.cid, not card.face_up))
        begin_step(duel, step)


# the top-level effect paths of an ability with n effects: ((0,), (1,), ...), built once
_PATHS = tuple(tuple((i,) for i in range(n)) for n in range(8))


def begin_step(duel: DuelCore, step: Step) -> None:
    card = duel.state.cards[step.card]
    cid = card.cid
    if step.negated:
        duel.out.append(ev.StepNegated(duel.state.cur_line, duel.state.cur_step, step.player, cid,
                                       not card.face_up))
        after_negated(duel, step)
        return
    reason = fizzle_reason(duel, step)
    if reason:
        duel.out.append(ev.StepFizzled(duel.state.cur_line, duel.state.cur_step, step.player, cid, reason,
                                       not card.face_up))
        if step.kind == "ability" and not step.trigger:
            discard_spent(duel, step)
        return
    kind = step.kind
    if kind == "ability":
        ab = duel.defs[cid].ability(step.ability)
        duel.state.current = step
        n = len(ab.effects)
        duel.state.work = list(_PATHS[n] if n < len(_PATHS) else zip(range(n)))
        return
    if kind in ("summon", "special_summon"):
        duel.out.append(ev.summoned(card.uid, cid, step.player, kind == "special_summon",
                                    not card.face_up))
        fire(duel, "summoned", card)
        fire(duel, "opponent_summons", card, player=step.player)
    elif kind == "attack":
        resolve_attack(duel, step)
    elif kind == "position":
        if health(duel, card) > 0:
            prims.set_position(duel, card, not card.attack_pos, "change")
    elif kind == "flip":  # the OCG flip summon: face up in Attack Position
        if not card.face_up:
            if health(duel, card) > 0:
                card.attack_pos = True
            prims.set_face(duel, card, True, "flip")
    elif kind == "unsummon":
        refund = card.sp_paid
        prims.move(duel, card, Zones.HAND, -1, card.owner, False, True, "unsummon")
        if refund:
            prims.change_sp(duel, step.player, refund, "unsummon")
    duel.out.append(ev.step_resolved(duel.state.cur_line, duel.state.cur_step, step.player, cid,
                                    not card.face_up))


def fizzle_reason(duel: DuelCore, step: Step) -> str:
    card = duel.state.cards[step.card]
    if step.kind == "ability":
        if not step.trigger and card.moves != step.card_moves:
            return "its card left the field"
    elif card.moves != step.card_moves:
        return "its card is gone"
    if step.targets:
        cards = duel.state.cards
        for uid, moves in zip(step.targets, step.target_moves, strict=True):
            if cards[uid].moves != moves:
                return "its target is gone"
    if step.kind == "attack":
        if not card.attack_pos or health(duel, card) == 0:
            return "the attacker can no longer attack"
    return ""


def finish_step(duel: DuelCore, step: Step) -> None:
    card = duel.state.cards[step.card]
    duel.out.append(ev.step_resolved(duel.state.cur_line, duel.state.cur_step, step.player, card.cid,
                                    not card.face_up))
    if not step.trigger:
        discard_spent(duel, step)


def discard_spent(duel: DuelCore, step: Step) -> None:
    """A normal Spirit or Counter goes to the Graveyard once its Step is done."""
    card = duel.state.cards[step.card]
    cdef = duel.defs[card.cid]
    if cdef.type in (CardTypes.SPIRIT, CardTypes.COUNTER) and not cdef.lasting:
        if on_field(card) and card.moves == step.card_moves:
            prims.move(duel, card, Zones.GRAVE, -1, card.owner, True, True, "resolved")


def after_negated(duel: DuelCore, step: Step) -> None:
    card = duel.state.cards[step.card]
    if step.kind in ("summon", "special_summon", "environment", "set"):
        if card.moves == step.card_moves and step.negate_break:
            prims.break_card(duel, card, "negated")
    elif step.kind == "ability" and not step.trigger:
        cdef = duel.defs[card.cid]
        if cdef.type in (CardTypes.SPIRIT, CardTypes.COUNTER):
            if on_field(card) and card.moves == step.card_moves:
                prims.move(duel, card, Zones.GRAVE, -1, card.owner, True, True, "negated")
