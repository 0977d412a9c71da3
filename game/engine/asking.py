"""Whether a player might answer the top Step, judged only from what the other seat sees.

A client asks a player to answer (the hotseat curtain, the computer's pause) by this, never by
their real legal actions: being asked only when an answer is really there would tell the
other player that a face-down card is live or that a hand holds an answer (RULES.md I15,
rules-decisions.md "Hidden information"). It over-approximates the engine's own answers
(`legal.response_actions`): every player with a legal answer is one this says might answer.
It reads only the other seat's view and the card pool (every card either deck could hold),
never a hidden card: a face-down card stands for every card of the pool that its slot could
hold (RULES.md I19).
"""

from __future__ import annotations

from collections.abc import Mapping

from .carddefs import Ability, CardDef, CardType, Condition, Selector, Start, answers_kinds
from .model import Zone
from .viewdata import PlayerView, StepView


def _could_hold(cond: Condition | None, seat: int, view: PlayerView, step: StepView,
                pool: Mapping[str, CardDef]) -> bool:
    """Might `cond` hold for `seat` answering `step`, by what `view` shows (public facts:
    LP, SP, counts of hands and Graveyards, phase, turn, round, the Step's kind and player)?
    A count is judged by the bounds the visible cards set (`_count_bounds`); any other
    condition about cards (a selector, a "not") might always hold: a hidden card may fit."""
    if cond is None:
        return True
    kind = cond.kind
    if kind == "all":
        return all(_could_hold(c, seat, view, step, pool) for c in cond.children)
    if kind == "any":
        return any(_could_hold(c, seat, view, step, pool) for c in cond.children)
    lo = -(1 << 62) if cond.min is None else cond.min
    hi = 1 << 62 if cond.max is None else cond.max
    side = view.sides[1 - seat if cond.player != "you" else seat]
    if kind == "lp":
        return lo <= side.lp <= hi
    if kind == "sp":
        return lo <= side.sp <= hi
    if kind == "hand":
        return lo <= len(side.hand) <= hi
    if kind == "grave":
        return lo <= len(side.grave) <= hi
    if kind == "phase":
        return view.phase.value in cond.values
    if kind == "turn":
        return (view.turn_player == seat) == (cond.values[0] == "own")
    if kind == "round":
        return lo <= view.round <= hi
    if kind == "responding_to":
        kinds = cond.values
        if not answers_kinds(kinds, step.kind):
            return False
        if cond.player == "you" and step.player != seat:
            return False
        return not (cond.player == "opponent" and step.player == seat)
    if kind == "count" and cond.select is not None:
        least, most = _count_bounds(cond.select, seat, view, pool)
        return least <= hi and most >= lo
    return True  # not, and any kind to come: it might


_MANY = 1 << 30


def _count_bounds(sel: Selector, seat: int, view: PlayerView,
                  pool: Mapping[str, CardDef]) -> tuple[int, int]:
    """The least and most cards a count of `sel` (for `seat`) could find, by what `view`
    shows. Most: every card in the selector's slots (unbounded for a pile); least, for a
    selector that asks only side, slots and card type: the face-up cards of that type, and
    `seat`'s own face-down cards in Phantom slots when it counts Phantoms (a Phantom slot
    holds nothing else, I17); 0 for any other selector."""
    sides = (seat,) if sel.side == "you" else (1 - seat,) if sel.side == "opponent" else (0, 1)
    simple = not (sel.tags or sel.position or sel.face or sel.stats or sel.card
                  or sel.extra is not None or sel.this != "any")
    least = most = 0
    for p in sides:
        slots = view.sides[p].slots
        for name in sel.zones:
            zone = Zone(name)
            if zone not in slots:
                most = _MANY
                continue
            for c in slots[zone]:
                if c is None:
                    continue
                most += 1
                if not simple:
                    continue
                if c.face_up and c.card_id is not None:
                    cdef = pool.get(c.card_id)
                    least += cdef is not None and (not sel.types or cdef.type.value in sel.types)
                elif p == seat and zone is Zone.PHANTOM:
                    least += not sel.types or "phantom" in sel.types
    return (least, most)


def _may_answer_with(ab: Ability, seat: int, view: PlayerView, step: StepView,
                     pool: Mapping[str, CardDef]) -> bool:
    """Could `ab` answer `step` for `seat`: a response ability of that Speed or more whose
    cost `seat` can pay and whose condition might hold (targets aside: they may be hidden)."""
    if ab.start is not Start.RESPONSE or ab.speed < step.speed:
        return False
    side = view.sides[seat]
    cost = ab.cost
    if cost.sp > side.sp or (cost.lp and cost.lp >= side.lp) or cost.discard > len(side.hand):
        return False
    return _could_hold(ab.condition, seat, view, step, pool)


def _answers(cdef: CardDef, seat: int, view: PlayerView, step: StepView,
             pool: Mapping[str, CardDef], face_down: bool = False) -> bool:
    """Has the card an ability that could answer `step` (for a face-down Phantom, one that
    works face down)?"""
    return any(_may_answer_with(ab, seat, view, step, pool) for _, ab in cdef.activatable
               if ab.face_down or not face_down)


def _face_down_answers(pool: Mapping[str, CardDef], zone: Zone, seat: int, view: PlayerView,
                       step: StepView) -> bool:
    """Could a face-down card of `seat` in `zone` answer, being any card of the pool its slot
    could hold: in a Phantom slot a Phantom (I17), answering only with an ability that works
    face down; in the back row a Counter, or on its player's own turn a Spirit; in a Side
    Balance slot either."""
    own_turn = view.turn_player == seat
    phantom = zone is not Zone.BACK
    setcard = zone is not Zone.PHANTOM
    for cdef in pool.values():
        t = cdef.type
        if phantom and t is CardType.PHANTOM and _answers(cdef, seat, view, step, pool, True):
            return True
        if setcard and (t is CardType.COUNTER or (own_turn and t is CardType.SPIRIT)) \
                and _answers(cdef, seat, view, step, pool):
            return True
    return False


def _hand_answers(pool: Mapping[str, CardDef], seat: int, view: PlayerView,
                  step: StepView) -> bool:
    """Could any Spirit of the pool answer `step` from `seat`'s hand?"""
    return any(cdef.type is CardType.SPIRIT and _answers(cdef, seat, view, step, pool)
               for cdef in pool.values())


def might_answer(view: PlayerView, seat: int, pool: Mapping[str, CardDef]) -> bool:
    """Could `seat` answer the top Step of the Lines, as far as `view`'s seat can tell?

    Yes when `seat` controls a face-down card that some card of the pool its slot could hold
    could answer with (`_face_down_answers`); a face-up card of theirs, or a face-up
    Environment either player may use, that could (a Spirit only on its player's own turn);
    or, on their own turn, any card in hand while the pool has a Spirit that could answer
    from hand. "Could answer": a response ability of at least the top Step's Speed, its cost
    payable and its condition possibly met, by what `view` shows (`_may_answer_with`)."""
    if not view.lines:
        return False
    step = view.lines[-1][-1]
    own_turn = view.turn_player == seat
    side = view.sides[seat]
    for zone, cards in side.slots.items():
        for c in cards:
            if c is None:
                continue
            if not c.face_up or c.card_id is None:
                if _face_down_answers(pool, zone, seat, view, step):
                    return True
                continue
            cdef = pool.get(c.card_id)
            if cdef is None:
                return True
            if cdef.type is CardType.SPIRIT and not own_turn:
                continue
            if _answers(cdef, seat, view, step, pool):
                return True
    for c in view.sides[1 - seat].slots.get(Zone.ENV, ()):  # an Environment both may use
        if c is not None and c.card_id is not None and c.card_id in pool \
                and _answers(pool[c.card_id], seat, view, step, pool):
            return True
    return own_turn and bool(side.hand) and _hand_answers(pool, seat, view, step)
