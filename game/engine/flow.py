"""Turn flow: advancing the duel until someone must decide; rounds, turns and phases."""

from __future__ import annotations

from . import events as ev
from .commands import Pass
from .legal import legal_actions, response_actions
from .model import Choice, ChoiceKind, Phase


class TurnFlow:
    """Mixin of Duel: the loop that runs the duel between decisions."""

    # ----------------------------------------------------------------- flow
    def _run(self) -> None:
        """Advance automatically until a player must decide or the duel ends."""
        while self.state.winner is None:
            if self._checked_version != self.field_version:
                self._maybe_state_check()
                continue
            if self.state.choice is not None:
                return
            if self.state.resolving:
                self._resolve_some()
                continue
            if self.state.trigger_queue:
                self._process_trigger()
                continue
            if self.state.lines:
                if self.state.passes >= 2:
                    self._start_resolving()
                    continue
                if self.state.auto_pass:
                    answers = response_actions(self, self.state.priority)
                    if not answers:
                        self._pass(self.state.priority, auto=True)
                        continue
                    # what the player is offered once apply() returns: no second listing
                    self._legal_cache = (Pass(self.state.priority), *answers)
                    self._legal_version = self.version + 1
                return
            if self.state.pending_triggers:
                self._queue_pending(all_speeds=True)
                continue
            phase = self.state.phase
            if phase is Phase.END:
                hand = self.state.players[self.state.turn_player].hand
                if len(hand) > self.rules.hand_limit:
                    self.state.choice = Choice(
                        self.state.turn_player, ChoiceKind.DISCARD_END,
                        f"Discard down to {self.rules.hand_limit} cards",
                        list(hand), [self.pool[self.state.cards[u].cid].name for u in hand],
                        count=len(hand) - self.rules.hand_limit,
                    )
                    self._emit_choice()
                    return
                self._end_turn()
                continue
            if phase is Phase.DRAW:
                self._begin_turn(1 - self.state.first_player)
                continue
            self.state.priority = self.state.turn_player
            self.state.passes = 0
            if phase is Phase.STANDBY:
                acts = legal_actions(self)
                if len(acts) <= 1:  # only Next Phase: nothing to do in this Standby
                    self._enter_phase(Phase.MAIN1)
                    continue
                self._legal_cache = tuple(acts)  # what the player is offered once apply() returns
                self._legal_version = self.version + 1
            return

    def _begin_round(self) -> None:
        self.state.round += 1
        if self.state.round >= self.rules.round_limit:
            self._end(-1, f"round limit ({self.rules.round_limit}) reached")
            return
        self.out.append(ev.RoundStarted(self.state.round))
        self._begin_turn(self.state.first_player)

    def _begin_turn(self, player: int) -> None:
        self.state.turn += 1
        self.state.turn_player = player
        self.state.priority = player
        self.state.passes = 0
        self.state.counts.clear()
        self.state.used.clear()
        self.out.append(ev.TurnStarted(player, self.state.turn, self.state.round))
        self._enter_phase(Phase.STANDBY)

    def _enter_phase(self, phase: Phase) -> None:
        self.state.phase = phase
        self.out.append(ev.PhaseChanged(self.state.turn_player if phase is not Phase.DRAW else -1,
                                        phase.value))
        if phase is Phase.STANDBY:
            self._fire_global("turn_start")
        elif phase is Phase.END:
            self._fire_global("turn_end")
        elif phase is Phase.DRAW:
            self._draw_phase()

    def _end_turn(self) -> None:
        turn = self.state.turn
        if self.timed:  # only cards that got an "until end of turn" change
            for uid in sorted(self.timed):
                card = self.state.cards[uid]
                card.mods = [m for m in card.mods if m[2] < 0 or m[2] > turn]
                kept = [f for f in card.flags if f[1] < 0 or f[1] > turn]
                for flag, _ in card.flags:
                    if not any(k[0] == flag for k in kept):
                        self.out.append(ev.StatusLost(uid, flag))
                card.flags = kept
                self.stats_dirty.add(uid)
            self.timed = set()
        self.field_version += 1
        self._health_dirty = False
        self._state_check()  # a Health bonus that ran out can leave 0 Health
        if self.state.winner is not None:
            return
        if self.state.turn_player == self.state.first_player:
            self._enter_phase(Phase.DRAW)
        else:
            self._begin_round()

    def _draw_phase(self) -> None:
        empty = [p for p in (0, 1) if len(self.state.players[p].deck) < self.rules.draw_phase_cards]
        if empty:
            if len(empty) == 2:
                self._end(-1, "both players had to draw from an empty deck")
            else:
                self._end(1 - empty[0], f"player {empty[0] + 1} had to draw from an empty deck")
            return
        for p in (self.state.first_player, 1 - self.state.first_player):
            self._draw(p, self.rules.draw_phase_cards, "draw")
        for p in (self.state.first_player, 1 - self.state.first_player):
            self._change_sp(p, self.rules.sp_per_draw_phase, "draw_phase")
        self._fire_global("draw_phase")

    def _end(self, winner: int, reason: str) -> None:
        if self.state.winner is not None:
            return
        self.state.winner = winner
        self.state.end_reason = reason
        self.state.choice = None
        self.out.append(ev.DuelEnded(winner, reason))
