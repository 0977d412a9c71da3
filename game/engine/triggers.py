"""Trigger abilities: noticing events, queueing, asking optional triggers and targets."""

from __future__ import annotations

from . import events as ev
from .carddefs import SELF_TRIGGERS
from .legal import target_candidates
from .model import Card, Choice, ChoiceKind, PendingTrigger, Step
from .query import card_users, check, matches, on_field


class Triggers:
    """Mixin of Duel: triggers from events to Steps."""

    # -------------------------------------------------------------- triggers
    def _trigger_ok(self, card: Card, ab_index: int, user: int, event_card: int) -> bool:
        ab = self.pool[card.cid].abilities[ab_index]
        if ab.once_per_turn and (card.uid, ab_index) in self.state.used:
            return False
        if self.state.counts.get(("ability", card.uid, ab_index), 0) >= self.rules.loop_limit:
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
                    self.state.pending_triggers.append(PendingTrigger(subject.uid, i, user, subject.uid))
        watchers = self.trigger_cards.get(trigger)
        if not watchers:
            return
        for uid in watchers:
            card = self.state.cards[uid]
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
                        self.state.pending_triggers.append(PendingTrigger(uid, i, user, subject.uid))

    def _fire_global(self, trigger: str) -> None:
        """Phase triggers: draw_phase, turn_start, turn_end."""
        watchers = self.trigger_cards.get(trigger)
        if not watchers:
            return
        for uid in watchers:
            card = self.state.cards[uid]
            if not on_field(card):
                continue
            for i, ab in self.pool[card.cid].trigger_map.get(trigger, ()):
                if not card.face_up and not ab.face_down:
                    continue
                for user in card_users(self, card):
                    if ab.whose == "you" and self.state.turn_player != user and trigger != "draw_phase":
                        continue
                    if ab.whose == "opponent" and self.state.turn_player == user and trigger != "draw_phase":
                        continue
                    if self._trigger_ok(card, i, user, -1):
                        self.state.pending_triggers.append(PendingTrigger(uid, i, user, -1))

    def _queue_pending(self, all_speeds: bool, start: int = 0) -> None:
        """Move waiting triggers into the queue, the turn player's first. With `all_speeds`
        off, only those from index `start` on whose speed can answer the top Step."""
        tp = self.state.turn_player
        pend = self.state.pending_triggers
        if all_speeds:
            take, keep = pend, []
        else:
            top = self.state.lines[-1][-1].speed if self.state.lines else 0
            take = [t for t in pend[start:]
                    if self.pool[self.state.cards[t.card].cid].abilities[t.ability].speed >= top]
            keep = [t for t in pend if t not in take]
        take = [t for t in take if t.user == tp] + [t for t in take if t.user != tp]
        self.state.trigger_queue.extend(take)
        self.state.pending_triggers = keep

    def _flush_immediate_triggers(self, start: int = 0) -> None:
        """Triggers whose events a command caused while Lines are open (not resolving) join
        them at once when their speed allows; older waiting triggers keep waiting."""
        if len(self.state.pending_triggers) > start and not self.state.resolving and self.state.lines:
            self._queue_pending(all_speeds=False, start=start)

    def _process_trigger(self) -> None:
        trig = self.state.trigger_queue.pop(0)
        card = self.state.cards[trig.card]
        ab = self.pool[card.cid].abilities[trig.ability]
        if not self._trigger_ok(card, trig.ability, trig.user, trig.event_card):
            return
        if ab.optional:
            self.state.choice = Choice(trig.user, ChoiceKind.TRIGGER_OPTIONAL,
                                 f"Use {self.pool[card.cid].name}'s ability?", [1, 0],
                                 ["Yes", "No"], context={"trigger": trig})
            self._emit_choice()
            return
        self._trigger_targets(trig)

    def _trigger_targets(self, trig: PendingTrigger, chosen: tuple = ()) -> None:
        card = self.state.cards[trig.card]
        ab = self.pool[card.cid].abilities[trig.ability]
        if ab.target is not None and len(chosen) < ab.target.count:
            options = [u for u in target_candidates(self, card.uid, ab, trig.user) if u not in chosen]
            if len(options) < ab.target.count - len(chosen):
                self.out.append(ev.AbilityDeclined(card.uid, card.cid))
                return
            self.state.choice = Choice(trig.user, ChoiceKind.TRIGGER_TARGET,
                                 f"Choose a target for {self.pool[card.cid].name}", options,
                                 [self.pool[self.state.cards[u].cid].name for u in options],
                                 context={"trigger": trig, "chosen": chosen})
            self._emit_choice()
            return
        self._count(("ability", card.uid, trig.ability))
        if ab.once_per_turn:
            self.state.used.add((card.uid, trig.ability))
        step = Step(self.state.next_sid, trig.user, "ability", ab.speed, card.uid, trig.ability,
                    trigger=True)
        self.state.next_sid += 1
        step.user = trig.user
        step.event_card = trig.event_card
        step.card_moves = card.moves
        step.targets = chosen
        step.target_moves = tuple(self.state.cards[u].moves for u in chosen)
        self._push_step(step)
