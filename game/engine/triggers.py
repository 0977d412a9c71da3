"""Trigger abilities from waiting to Steps: queueing them, asking optional triggers and
targets, and putting each on the Lines (`lines.push_step`). Noticing the events that wake
them is `notice`'s job, below the primitives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .legal import target_candidates
from .lines import ask, count_action, push_step
from .members import choice_kinds as ChoiceKinds
from .model import Choice, PendingTrigger, new_step
from .notice import activated, trigger_ok
from .query import could_change
from .views import card_label, declined

if TYPE_CHECKING:
    from .core import DuelCore

def _speed(duel: DuelCore, trig: PendingTrigger) -> int:
    return duel.defs[duel.state.cards[trig.card].cid].abilities[trig.ability].speed


def _top_speed(duel: DuelCore) -> int:
    lines = duel.state.lines
    return lines[-1][-1].speed if lines else 0


def queue_pending(duel: DuelCore, all_speeds: bool, start: int = 0) -> None:
    """Move waiting triggers into the queue. Triggers that fire together enter the Lines in
    ascending Speed, the turn player's first within one Speed, so a faster one after a
    slower one is a Line Break like any faster answer (rules-decisions.md "Lines"). With
    `all_speeds` off, only those from index `start` on whose speed can answer the top Step.
    Triggers still queued stay ahead of new ones of their Speed."""
    st = duel.state
    tp = st.turn_player
    pend = st.pending_triggers
    if all_speeds:
        take, keep = pend, []
    else:
        top = _top_speed(duel)
        take = [t for t in pend[start:] if _speed(duel, t) >= top]
        keep = [t for t in pend if t not in take]
    take = sorted(take, key=lambda t: (_speed(duel, t), t.user != tp))
    queue = st.trigger_queue + take
    if st.trigger_queue:
        queue.sort(key=lambda t: _speed(duel, t))  # stable: the queued first within a Speed
    st.trigger_queue = queue
    st.pending_triggers = keep


def flush_immediate_triggers(duel: DuelCore, start: int = 0) -> None:
    """Triggers whose events a command caused while Lines are open (not resolving) join
    them at once when their speed allows; older waiting triggers keep waiting."""
    if len(duel.state.pending_triggers) > start and not duel.state.resolving and duel.state.lines:
        queue_pending(duel, all_speeds=False, start=start)


def process_trigger(duel: DuelCore) -> None:
    """The next queued trigger becomes a Step (asking first if it is optional or targets).
    One slower than the top Step now cannot join that Line (no Step ever joins a Line of
    higher Speed): it waits until every Line has resolved, like a trigger of the resolution."""
    trig = duel.state.trigger_queue.pop(0)
    card = duel.state.cards[trig.card]
    ab = duel.defs[card.cid].abilities[trig.ability]
    if not trigger_ok(duel, card, trig.ability, trig.user, trig.event_card):
        return
    if ab.speed < _top_speed(duel):
        duel.state.pending_triggers.append(trig)
        return
    if ab.optional:
        if not could_change(duel, card, trig.ability, ab, trig.user, trig.event_card):
            return  # an optional trigger that could change nothing is not offered (rulings)
        duel.state.choice = Choice(trig.user, ChoiceKinds.TRIGGER_OPTIONAL,
                                   f"Activate {duel.defs[card.cid].name}'s ability?", [1, 0],
                                   ["Yes", "No"], context={"trigger": trig})
        ask(duel)
        return
    trigger_targets(duel, trig)


def trigger_targets(duel: DuelCore, trig: PendingTrigger, chosen: tuple[int, ...] = ()) -> None:
    card = duel.state.cards[trig.card]
    ab = duel.defs[card.cid].abilities[trig.ability]
    if ab.target is not None and len(chosen) < ab.target.count:
        options = [u for u in target_candidates(duel, card.uid, ab, trig.user) if u not in chosen]
        if len(options) < ab.target.count - len(chosen):
            duel.out.append(declined(duel, card.uid))
            return
        duel.state.choice = Choice(trig.user, ChoiceKinds.TRIGGER_TARGET,
                             f"Choose a target for {duel.defs[card.cid].name}", options,
                             [card_label(duel, u, trig.user) for u in options],
                             context={"trigger": trig, "chosen": chosen})
        ask(duel)
        return
    count_action(duel, ("ability", card.uid, trig.ability))
    if ab.once_per_turn:
        duel.state.used.add((card.uid, trig.ability))
    step = new_step(duel.state.next_sid, trig.user, "ability", ab.speed, card.uid, trig.ability,
                trigger=True)
    duel.state.next_sid += 1
    step.user = trig.user
    step.event_card = trig.event_card
    step.card_moves = card.moves
    step.targets = chosen
    step.target_moves = tuple(duel.state.cards[u].moves for u in chosen)
    push_step(duel, step)
    activated(duel, step)  # a trigger becoming a Step is an activation too (rulings)
