"""Trigger abilities: noticing events, queueing, asking optional triggers and targets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from . import resolution as resolver
from .carddefs import SELF_TRIGGERS
from .legal import target_candidates
from .model import Card, Choice, ChoiceKind, PendingTrigger, Step
from .query import card_users, check, could_change, matches, on_field

if TYPE_CHECKING:
    from .duel import Duel

# Triggers from events to Steps.


# -------------------------------------------------------------- triggers
def trigger_ok(duel: Duel, card: Card, ab_index: int, user: int, event_card: int) -> bool:
    ab = duel.pool[card.cid].abilities[ab_index]
    if ab.once_per_turn and (card.uid, ab_index) in duel.state.used:
        return False
    if duel.state.counts.get(("ability", card.uid, ab_index), 0) >= duel.rules.loop_limit:
        return False
    return check(duel, ab.condition, user, card.uid)


def fire(duel: Duel, trigger: str, subject: Card, player: int = -1) -> None:
    """An event about card `subject` happened: queue every trigger watching for it."""
    self_trigger = trigger in SELF_TRIGGERS
    from_grave = trigger == "broken" or trigger == "sent_to_grave"
    if self_trigger:  # the card's own "when this card ..." abilities
        for i, ab in duel.pool[subject.cid].trigger_map.get(trigger, ()):
            if ab.of is not None:
                continue
            if not from_grave and (not on_field(subject)
                                   or (not subject.face_up and not ab.face_down)):
                continue
            user = subject.controller
            if trigger_ok(duel, subject, i, user, subject.uid):
                duel.state.pending_triggers.append(PendingTrigger(subject.uid, i, user, subject.uid))
    watchers = duel.trigger_cards.get(trigger)
    if not watchers:
        return
    for uid in watchers:
        card = duel.state.cards[uid]
        if not on_field(card):
            continue
        for i, ab in duel.pool[card.cid].trigger_map.get(trigger, ()):
            if self_trigger and ab.of is None:
                continue
            if not card.face_up and not ab.face_down:
                continue
            for user in card_users(duel, card):
                if not self_trigger and player == user:
                    continue  # opponent_summons / opponent_activates
                if ab.of is not None and not matches(duel, ab.of, subject, user, uid,
                                                     any_zone=from_grave):
                    continue
                if trigger_ok(duel, card, i, user, subject.uid):
                    duel.state.pending_triggers.append(PendingTrigger(uid, i, user, subject.uid))


def fire_global(duel: Duel, trigger: str) -> None:
    """Phase triggers: draw_phase, turn_start, turn_end."""
    watchers = duel.trigger_cards.get(trigger)
    if not watchers:
        return
    for uid in watchers:
        card = duel.state.cards[uid]
        if not on_field(card):
            continue
        for i, ab in duel.pool[card.cid].trigger_map.get(trigger, ()):
            if not card.face_up and not ab.face_down:
                continue
            for user in card_users(duel, card):
                if ab.whose == "you" and duel.state.turn_player != user and trigger != "draw_phase":
                    continue
                if ab.whose == "opponent" and duel.state.turn_player == user and trigger != "draw_phase":
                    continue
                if trigger_ok(duel, card, i, user, -1):
                    duel.state.pending_triggers.append(PendingTrigger(uid, i, user, -1))


def queue_pending(duel: Duel, all_speeds: bool, start: int = 0) -> None:
    """Move waiting triggers into the queue, the turn player's first. With `all_speeds`
    off, only those from index `start` on whose speed can answer the top Step."""
    tp = duel.state.turn_player
    pend = duel.state.pending_triggers
    if all_speeds:
        take, keep = pend, []
    else:
        top = duel.state.lines[-1][-1].speed if duel.state.lines else 0
        take = [t for t in pend[start:]
                if duel.pool[duel.state.cards[t.card].cid].abilities[t.ability].speed >= top]
        keep = [t for t in pend if t not in take]
    take = [t for t in take if t.user == tp] + [t for t in take if t.user != tp]
    duel.state.trigger_queue.extend(take)
    duel.state.pending_triggers = keep


def flush_immediate_triggers(duel: Duel, start: int = 0) -> None:
    """Triggers whose events a command caused while Lines are open (not resolving) join
    them at once when their speed allows; older waiting triggers keep waiting."""
    if len(duel.state.pending_triggers) > start and not duel.state.resolving and duel.state.lines:
        queue_pending(duel, all_speeds=False, start=start)


def process_trigger(duel: Duel) -> None:
    trig = duel.state.trigger_queue.pop(0)
    card = duel.state.cards[trig.card]
    ab = duel.pool[card.cid].abilities[trig.ability]
    if not trigger_ok(duel, card, trig.ability, trig.user, trig.event_card):
        return
    if ab.optional:
        if not could_change(duel, card, ab, trig.user, trig.event_card):
            return  # an optional trigger that could change nothing is not offered (rulings)
        duel.state.choice = Choice(trig.user, ChoiceKind.TRIGGER_OPTIONAL,
                                   f"Activate {duel.pool[card.cid].name}'s ability?", [1, 0],
                                   ["Yes", "No"], context={"trigger": trig})
        duel.emit_choice()
        return
    trigger_targets(duel, trig)


def trigger_targets(duel: Duel, trig: PendingTrigger, chosen: tuple = ()) -> None:
    card = duel.state.cards[trig.card]
    ab = duel.pool[card.cid].abilities[trig.ability]
    if ab.target is not None and len(chosen) < ab.target.count:
        options = [u for u in target_candidates(duel, card.uid, ab, trig.user) if u not in chosen]
        if len(options) < ab.target.count - len(chosen):
            duel.out.append(ev.AbilityDeclined(card.uid, card.cid))
            return
        duel.state.choice = Choice(trig.user, ChoiceKind.TRIGGER_TARGET,
                             f"Choose a target for {duel.pool[card.cid].name}", options,
                             [duel.pool[duel.state.cards[u].cid].name for u in options],
                             context={"trigger": trig, "chosen": chosen})
        duel.emit_choice()
        return
    duel.count_action(("ability", card.uid, trig.ability))
    if ab.once_per_turn:
        duel.state.used.add((card.uid, trig.ability))
    step = Step(duel.state.next_sid, trig.user, "ability", ab.speed, card.uid, trig.ability,
                trigger=True)
    duel.state.next_sid += 1
    step.user = trig.user
    step.event_card = trig.event_card
    step.card_moves = card.moves
    step.targets = chosen
    step.target_moves = tuple(duel.state.cards[u].moves for u in chosen)
    resolver.push_step(duel, step)
    duel.fire_activates(step)  # a trigger becoming a Step is an activation too (rulings)
