"""Noticing events: which trigger abilities an event wakes. They are recorded as waiting
triggers in the state (`pending_triggers`); the flow queues them and `triggers` turns them
into Steps. Only queries below this module: primitives call it as they change the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .carddefs import SELF_TRIGGERS
from .model import Card, PendingTrigger, Step
from .query import card_users, check, judged_blind, matches, on_field, sees

if TYPE_CHECKING:
    from .core import DuelCore


def trigger_ok(duel: DuelCore, card: Card, ab_index: int, user: int, event_card: int) -> bool:
    ab = duel.defs[card.cid].abilities[ab_index]
    if ab.once_per_turn and (card.uid, ab_index) in duel.state.used:
        return False
    if duel.state.counts.get(("ability", card.uid, ab_index), 0) >= duel.rules.loop_limit:
        return False
    return check(duel, ab.condition, user, card.uid)


def fire(duel: DuelCore, trigger: str, subject: Card, player: int = -1) -> None:
    """An event about card `subject` happened: queue every trigger watching for it."""
    self_trigger = trigger in SELF_TRIGGERS
    from_grave = trigger == "broken" or trigger == "sent_to_grave"
    if self_trigger:  # the card's own "when this card ..." abilities
        for i, ab in duel.defs[subject.cid].trigger_map.get(trigger, ()):
            if ab.of is not None:
                continue
            if not from_grave and (not on_field(subject)
                                   or (not subject.face_up and not ab.face_down)):
                continue
            user = subject.controller
            if trigger_ok(duel, subject, i, user, subject.uid):
                duel.state.pending_triggers.append(PendingTrigger(subject.uid, i, user, subject.uid))
    watchers = duel.caches.trigger_cards.get(trigger)
    if not watchers:
        return
    for uid in watchers:
        card = duel.state.cards[uid]
        if not on_field(card):
            continue
        for i, ab in duel.defs[card.cid].trigger_map.get(trigger, ()):
            if self_trigger and ab.of is None:
                continue
            if not card.face_up and not ab.face_down:
                continue
            for user in card_users(duel, card):
                if not self_trigger and player == user:
                    continue  # opponent_summons / opponent_activates
                if ab.of is not None and not (
                        matches(duel, ab.of, subject, user, uid, any_zone=from_grave)
                        and (sees(subject, user) or judged_blind(duel, ab.of, subject))):
                    continue  # a face-down Summon wakes no "of" it cannot be seen to meet (I17)
                if trigger_ok(duel, card, i, user, subject.uid):
                    duel.state.pending_triggers.append(PendingTrigger(uid, i, user, subject.uid))


def fire_global(duel: DuelCore, trigger: str) -> None:
    """Phase triggers: draw_phase, turn_start, turn_end."""
    watchers = duel.caches.trigger_cards.get(trigger)
    if not watchers:
        return
    for uid in watchers:
        card = duel.state.cards[uid]
        if not on_field(card):
            continue
        for i, ab in duel.defs[card.cid].trigger_map.get(trigger, ()):
            if not card.face_up and not ab.face_down:
                continue
            for user in card_users(duel, card):
                if ab.whose == "you" and duel.state.turn_player != user and trigger != "draw_phase":
                    continue
                if ab.whose == "opponent" and duel.state.turn_player == user and trigger != "draw_phase":
                    continue
                if trigger_ok(duel, card, i, user, -1):
                    duel.state.pending_triggers.append(PendingTrigger(uid, i, user, -1))


def activated(duel: DuelCore, step: Step) -> None:
    """An ability became a Step (a trigger too: rulings): "when your opponent activates"."""
    fire(duel, "opponent_activates", duel.state.cards[step.card], player=step.player)
