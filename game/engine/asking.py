"""Whether a player might answer the top Step, judged only from what the other seat sees.

A client asks a player to answer (the hotseat curtain, the computer's pause) by this, never by
their real legal actions: being asked only when an answer is really there would tell the
other player that a face-down card is live or that a hand holds an answer (RULES.md I15,
rules-decisions.md "Hidden information"). It over-approximates the engine's own answers
(`legal.response_actions`): every player with a legal answer is one this says might answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from .carddefs import CardDef, CardType, Start
from .model import Zone
from .views import PlayerView


def _answers(cdef: CardDef, speed: int) -> bool:
    """Has the card an ability that could answer a Step of `speed` (costs, conditions and
    targets aside: those may hang on what the other seat cannot see)?"""
    return any(ab.start is Start.RESPONSE and ab.speed >= speed for _, ab in cdef.activatable)


def _hand_speed(pool: Mapping[str, CardDef]) -> int:
    """The highest Speed any Spirit of the pool can answer with from hand (-1: none)."""
    return max((ab.speed for cdef in pool.values() if cdef.type is CardType.SPIRIT
                for _, ab in cdef.activatable if ab.start is Start.RESPONSE), default=-1)


def _face_down_speed(pool: Mapping[str, CardDef], zone: Zone, own_turn: bool) -> int:
    """The highest Speed a face-down card in `zone` could answer with, by the card pool: in a
    Phantom slot it is a Phantom (I17), answering only with an ability that works face down;
    in the back row a Counter, or a Spirit on its player's own turn; a Side Balance slot holds
    either (-1: nothing in the pool could)."""
    phantom = zone is not Zone.BACK
    setcard = zone is not Zone.PHANTOM
    return max((ab.speed for cdef in pool.values() for _, ab in cdef.activatable
                if ab.start is Start.RESPONSE and (
                    (phantom and cdef.type is CardType.PHANTOM and ab.face_down)
                    or (setcard and cdef.type is CardType.COUNTER)
                    or (setcard and own_turn and cdef.type is CardType.SPIRIT))), default=-1)


def might_answer(view: PlayerView, seat: int, pool: Mapping[str, CardDef]) -> bool:
    """Could `seat` answer the top Step of the Lines, as far as `view`'s seat can tell?

    Yes when `seat` controls a face-down card that the card pool says could answer from its
    slot at that Speed (`_face_down_speed`: a face-down Phantom only if the pool has a Phantom
    answering face down; a back-row card only if it has a Counter, or on their own turn a
    Spirit, that answers); a face-up card of theirs, or a face-up Environment either player may use, with an ability
    able to answer at that Speed (a Spirit only on its player's own turn); or, on their own
    turn, any card in hand while the card pool holds a Spirit that could answer from hand."""
    if not view.lines:
        return False
    speed = view.lines[-1][-1].speed
    own_turn = view.turn_player == seat
    side = view.sides[seat]
    for zone, cards in side.slots.items():
        for c in cards:
            if c is None:
                continue
            if not c.face_up or c.card_id is None:
                if _face_down_speed(pool, zone, own_turn) >= speed:
                    return True
                continue
            cdef = pool.get(c.card_id)
            if cdef is None:
                return True
            if cdef.type is CardType.SPIRIT and not own_turn:
                continue
            if _answers(cdef, speed):
                return True
    for c in view.sides[1 - seat].slots.get(Zone.ENV, ()):  # an Environment both may use
        if c is not None and c.card_id is not None and c.card_id in pool \
                and _answers(pool[c.card_id], speed):
            return True
    return own_turn and bool(side.hand) and _hand_speed(pool) >= speed
