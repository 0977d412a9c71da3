"""Lines: adding Steps, priority, and resolving a Line last Step first."""

from __future__ import annotations

from . import events as ev
from .battle import resolve_attack
from .carddefs import CardType
from .effects import run_work
from .model import Step, Zone
from .query import health, on_field


class Resolution:
    """Mixin of Duel: Steps onto Lines and Lines off them."""

    def _push_step(self, step: Step) -> None:
        """Add a Step. A game action starts a Line; an ability of equal speed extends the
        top Line and a higher speed makes a Line Break (a trigger of lower speed joins it)."""
        lines = self.state.lines
        if step.kind != "ability" or not lines:
            lines.append([step])
            self.out.append(ev.LineOpened(len(lines), step.speed, step.player))
        else:
            top = lines[-1]
            if step.responds_to < 0:
                step.responds_to = top[-1].sid
            if step.speed > top[-1].speed:
                lines.append([step])
                self.out.append(ev.LineBreak(len(lines), step.speed))
                self.out.append(ev.LineOpened(len(lines), step.speed, step.player))
            else:
                top.append(step)
        self.out.append(ev.StepAdded(
            len(lines), len(lines[-1]), step.speed, step.player, step.kind, step.card,
            self.state.cards[step.card].cid, step.ability, step.targets, step.trigger,
            not self.state.cards[step.card].face_up,
        ))
        self.state.priority = 1 - step.player
        self.state.passes = 0

    # ------------------------------------------------------------ priority
    def _pass(self, player: int, auto: bool) -> None:
        self.out.append(ev.PriorityPassed(player, auto))
        self.state.passes += 1
        self.state.priority = 1 - player

    # ------------------------------------------------------------- resolving
    def _start_resolving(self) -> None:
        self.state.resolving = True
        self.out.append(ev.LineResolving(len(self.state.lines)))

    def _resolve_some(self) -> None:
        while self.state.winner is None:
            if self._checked_version != self.field_version:
                self._maybe_state_check()
                continue
            if self.state.current is not None:
                if self.state.work:
                    run_work(self)
                    if self.state.choice is not None:
                        return
                    continue
                self._finish_step(self.state.current)
                self.state.current = None
                continue
            line = self.state.lines[-1]
            if not line:
                self.state.lines.pop()
                self.out.append(ev.LineClosed(len(self.state.lines) + 1))
                self.state.resolving = False
                if not self.state.lines:  # an open state: the turn player acts first
                    self.state.priority = self.state.turn_player
                if self.state.lines:
                    top = self.state.lines[-1][-1]
                    self.state.priority = 1 - top.player
                    self.state.passes = 0
                    self.out.append(ev.WindowOpened(len(self.state.lines), self.state.priority))
                return
            self.state.cur_line = len(self.state.lines)
            self.state.cur_step = len(line)
            step = line.pop()
            card = self.state.cards[step.card]
            self.out.append(ev.StepResolving(self.state.cur_line, self.state.cur_step, step.player,
                                             card.cid, not card.face_up))
            self._begin_step(step)

    def _begin_step(self, step: Step) -> None:
        card = self.state.cards[step.card]
        cid = card.cid
        if step.negated:
            self.out.append(ev.StepNegated(self.state.cur_line, self.state.cur_step, step.player, cid,
                                           not card.face_up))
            self._after_negated(step)
            return
        reason = self._fizzle_reason(step)
        if reason:
            self.out.append(ev.StepFizzled(self.state.cur_line, self.state.cur_step, step.player, cid, reason,
                                           not card.face_up))
            if step.kind == "ability" and not step.trigger:
                self._discard_spent(step)
            return
        kind = step.kind
        if kind == "ability":
            ab = self.pool[cid].ability(step.ability)
            self.state.current = step
            self.state.work = [(i,) for i in range(len(ab.effects))]
            return
        if kind in ("summon", "special_summon"):
            self.out.append(ev.Summoned(card.uid, cid, step.player, kind == "special_summon",
                                        not card.face_up))
            self._fire("summoned", card)
            self._fire("opponent_summons", card, player=step.player)
        elif kind == "attack":
            resolve_attack(self, step)
        elif kind == "position":
            if health(self, card) > 0:
                card.attack_pos = not card.attack_pos
                self.field_version += 1
                self.out.append(ev.PositionChanged(card.uid, card.cid, card.attack_pos,
                                                   card.face_up, "change", not card.face_up,
                                                   card.controller))
        elif kind == "flip":  # the OCG flip summon: face up in Attack Position
            if not card.face_up:
                if health(self, card) > 0:
                    card.attack_pos = True
                self._set_face(card, True, "flip")
        elif kind == "unsummon":
            refund = card.sp_paid
            self._move(card, Zone.HAND, -1, card.owner, False, True, "unsummon")
            if refund:
                self._change_sp(step.player, refund, "unsummon")
        self.out.append(ev.StepResolved(self.state.cur_line, self.state.cur_step, step.player, cid,
                                        not card.face_up))

    def _fizzle_reason(self, step: Step) -> str:
        card = self.state.cards[step.card]
        if step.kind == "ability":
            if not step.trigger and card.moves != step.card_moves:
                return "its card left the field"
        elif card.moves != step.card_moves:
            return "its card is gone"
        if step.targets:
            cards = self.state.cards
            for uid, moves in zip(step.targets, step.target_moves, strict=True):
                if cards[uid].moves != moves:
                    return "its target is gone"
        if step.kind == "attack":
            if not card.attack_pos or health(self, card) == 0:
                return "the attacker can no longer attack"
        return ""

    def _finish_step(self, step: Step) -> None:
        card = self.state.cards[step.card]
        self.out.append(ev.StepResolved(self.state.cur_line, self.state.cur_step, step.player, card.cid,
                                        not card.face_up))
        if not step.trigger:
            self._discard_spent(step)

    def _discard_spent(self, step: Step) -> None:
        """A normal Spirit or Counter goes to the Graveyard once its Step is done."""
        card = self.state.cards[step.card]
        cdef = self.pool[card.cid]
        if cdef.type in (CardType.SPIRIT, CardType.COUNTER) and not cdef.lasting:
            if on_field(card) and card.moves == step.card_moves:
                self._move(card, Zone.GRAVE, -1, card.owner, True, True, "resolved")

    def _after_negated(self, step: Step) -> None:
        card = self.state.cards[step.card]
        if step.kind in ("summon", "special_summon", "environment", "set"):
            if card.moves == step.card_moves and step.negate_break:
                self._break(card, "negated")
        elif step.kind == "ability" and not step.trigger:
            cdef = self.pool[card.cid]
            if cdef.type in (CardType.SPIRIT, CardType.COUNTER):
                if on_field(card) and card.moves == step.card_moves:
                    self._move(card, Zone.GRAVE, -1, card.owner, True, True, "negated")
