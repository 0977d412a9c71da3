"""A client-side model built from events alone: proves events tell every visible change.

Tests start it from a state snapshot, feed it each command's events, and compare it with the
real state: if the engine changed something without an event, the mirror drifts.
"""

from __future__ import annotations

from game.engine import events as ev
from game.engine.model import PILE_ZONES


class Mirror:
    def __init__(self, duel) -> None:
        self.cards = {c.uid: self._card_tuple(c) for c in duel.cards}
        self.lp = [p.lp for p in duel.players]
        self.sp = [p.sp for p in duel.players]
        self.phase = duel.phase.value
        self.turn = duel.turn
        self.round = duel.round
        self.turn_player = duel.turn_player
        self.winner = duel.winner

    @staticmethod
    def _card_tuple(c) -> tuple:
        if c.zone in PILE_ZONES:
            return (c.zone.value, -1, c.controller, None, None)
        return (c.zone.value, c.index, c.controller, c.face_up, c.attack_pos)

    def feed(self, events) -> None:
        for e in events:
            t = type(e)
            if t is ev.CardMoved:
                if e.to_zone in ("deck", "extra", "hand", "grave"):
                    self.cards[e.card] = (e.to_zone, -1, e.owner, None, None)
                else:
                    self.cards[e.card] = (e.to_zone, e.to_index, e.controller, e.face_up,
                                          e.attack_pos)
            elif t is ev.PositionChanged:
                z, i, ctl, _, _ = self.cards[e.card]
                self.cards[e.card] = (z, i, ctl, e.face_up, e.attack_pos)
            elif t is ev.LpChanged:
                assert self.lp[e.player] == e.before, e
                self.lp[e.player] = e.after
            elif t is ev.SpChanged:
                assert self.sp[e.player] == e.before, e
                self.sp[e.player] = e.after
            elif t is ev.PhaseChanged:
                self.phase = e.phase
            elif t is ev.TurnStarted:
                self.turn, self.round, self.turn_player = e.turn, e.round, e.player
            elif t is ev.DuelEnded:
                self.winner = e.winner

    def differences(self, duel) -> list[str]:
        diffs = []
        for c in duel.cards:
            want = self._card_tuple(c)
            if self.cards[c.uid] != want:
                diffs.append(f"card {c.uid} {c.cid}: events say {self.cards[c.uid]}, state {want}")
        if self.lp != [p.lp for p in duel.players]:
            diffs.append(f"lp {self.lp} vs {[p.lp for p in duel.players]}")
        if self.sp != [p.sp for p in duel.players]:
            diffs.append(f"sp {self.sp} vs {[p.sp for p in duel.players]}")
        if duel.winner is None and self.phase != duel.phase.value:
            diffs.append(f"phase {self.phase} vs {duel.phase.value}")
        if (self.turn, self.round, self.turn_player) != (duel.turn, duel.round, duel.turn_player):
            diffs.append("turn/round/turn player differ")
        if self.winner != duel.winner:
            diffs.append(f"winner {self.winner} vs {duel.winner}")
        return diffs
