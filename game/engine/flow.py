"""Turn flow: advancing the duel until someone must decide; rounds, turns and phases."""

from __future__ import annotations

from . import events as ev
from .commands import Pass
from .legal import legal_actions, response_actions
from .model import Choice, Phase


class TurnFlow:
    """Mixin of Duel: the loop that runs the duel between decisions."""

    # ----------------------------------------------------------------- flow
    def _run(self) -> None:
        """Advance automatically until a player must decide or the duel ends."""
        while self.winner is None:
            if self._checked_version != self.field_version:
                self._maybe_state_check()
                continue
            if self.choice is not None:
                return
            if self.resolving:
                self._resolve_some()
                continue
            if self.trigger_queue:
                self._process_trigger()
                continue
            if self.lines:
                if self.passes >= 2:
                    self._start_resolving()
                    continue
                if self.auto_pass:
                    answers = response_actions(self, self.priority)
                    if not answers:
                        self._pass(self.priority, auto=True)
                        continue
                    # what the player is offered once apply() returns: no second listing
                    self._legal_cache = [Pass(self.priority), *answers]
                    self._legal_version = self.version + 1
                return
            if self.pending_triggers:
                self._queue_pending(all_speeds=True)
                continue
            phase = self.phase
            if phase is Phase.END:
                hand = self.players[self.turn_player].hand
                if len(hand) > self.rules.hand_limit:
                    self.choice = Choice(
                        self.turn_player, "discard_end",
                        f"Discard down to {self.rules.hand_limit} cards",
                        list(hand), [self.pool[self.cards[u].cid].name for u in hand],
                        count=len(hand) - self.rules.hand_limit,
                    )
                    self._emit_choice()
                    return
                self._end_turn()
                continue
            if phase is Phase.DRAW:
                self._begin_turn(1 - self.first_player)
                continue
            self.priority = self.turn_player
            self.passes = 0
            if phase is Phase.STANDBY:
                acts = legal_actions(self)
                if len(acts) <= 1:  # only Next Phase: nothing to do in this Standby
                    self._enter_phase(Phase.MAIN1)
                    continue
                self._legal_cache = acts  # what the player is offered once apply() returns
                self._legal_version = self.version + 1
            return

    def _begin_round(self) -> None:
        self.round += 1
        if self.round >= self.rules.round_limit:
            self._end(-1, f"round limit ({self.rules.round_limit}) reached")
            return
        self.out.append(ev.RoundStarted(self.round))
        self._begin_turn(self.first_player)

    def _begin_turn(self, player: int) -> None:
        self.turn += 1
        self.turn_player = player
        self.priority = player
        self.passes = 0
        self.counts.clear()
        self.used.clear()
        self.out.append(ev.TurnStarted(player, self.turn, self.round))
        self._enter_phase(Phase.STANDBY)

    def _enter_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.out.append(ev.PhaseChanged(self.turn_player if phase is not Phase.DRAW else -1,
                                        phase.value))
        if phase is Phase.STANDBY:
            self._fire_global("turn_start")
        elif phase is Phase.END:
            self._fire_global("turn_end")
        elif phase is Phase.DRAW:
            self._draw_phase()

    def _end_turn(self) -> None:
        turn = self.turn
        if self.timed:  # only cards that got an "until end of turn" change
            for uid in self.timed:
                card = self.cards[uid]
                card.mods = [m for m in card.mods if m[2] < 0 or m[2] > turn]
                card.flags = [f for f in card.flags if f[1] < 0 or f[1] > turn]
            self.timed = set()
        self.field_version += 1
        self._health_dirty = False
        self._state_check()  # a Health bonus that ran out can leave 0 Health
        if self.winner is not None:
            return
        if self.turn_player == self.first_player:
            self._enter_phase(Phase.DRAW)
        else:
            self._begin_round()

    def _draw_phase(self) -> None:
        empty = [p for p in (0, 1) if len(self.players[p].deck) < self.rules.draw_phase_cards]
        if empty:
            if len(empty) == 2:
                self._end(-1, "both players had to draw from an empty deck")
            else:
                self._end(1 - empty[0], f"player {empty[0] + 1} had to draw from an empty deck")
            return
        for p in (self.first_player, 1 - self.first_player):
            self._draw(p, self.rules.draw_phase_cards, "draw")
        for p in (self.first_player, 1 - self.first_player):
            self._change_sp(p, self.rules.sp_per_draw_phase, "draw_phase")
        self._fire_global("draw_phase")

    def _end(self, winner: int, reason: str) -> None:
        if self.winner is not None:
            return
        self.winner = winner
        self.end_reason = reason
        self.choice = None
        self.out.append(ev.DuelEnded(winner, reason))
