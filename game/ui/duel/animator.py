"""Events in, tweens out: the duel replayed as motion, one event at a time.

Each engine event (already redacted for the seat shown) is applied to the Board by one small
function that also starts its tweens: a card travels, a number floats, a Step slides onto the
Line panel. A blocking tween holds the queue, so the Board shown is always "the view before
this event, plus what has finished". Speed scales time; "instant" applies everything at
once; `skip()` (a click during an animation) finishes the lot. The loop never waits.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import HIDDEN, StepView, Zone
from game.engine import events as ev
from game.ui import look

from . import style
from .board import Board
from .geometry import Geometry
from .sprites import CardSprites
from .tweens import (
    Banner,
    FloatText,
    Marker,
    Move,
    Pulse,
    Shatter,
    Tween,
    Wait,
    ease_in_out,
    lerp_rect,
)

if TYPE_CHECKING:
    from .tweens import MarkKey

SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.6, "instant": 0.0}
QUIET = 0.2  # a Line nobody could answer plays its open/Step/resolve marks this much faster
MOVE = 0.28
JUMP = 0.05  # how long a card's move lasts with reduced motion: a blink, not a journey


@dataclass
class Resolving:
    """A Step that left its Line to resolve: the panel keeps drawing it until it is done."""

    step: StepView
    card_id: str | None
    state: str = "resolving"  # resolving | resolved | fizzled | negated


class Turn(Tween):
    """A card turns over or sideways in place: squeezes to a line, then opens as the new side."""

    def __init__(self, before: pygame.Surface, rect_a: pygame.Rect, after: pygame.Surface,
                 rect_b: pygame.Rect, duration: float, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(duration, on_done)
        self.before, self.after = before, after
        self.rect_a, self.rect_b = pygame.Rect(rect_a), pygame.Rect(rect_b)
        self.layer = 2

    def draw(self, surface: pygame.Surface) -> None:
        t = ease_in_out(self.t)
        rect = lerp_rect(self.rect_a, self.rect_b, t)
        img = self.before if t < 0.5 else self.after
        k = abs(1 - 2 * t)
        w = max(2, round(rect.w * k))
        scaled = pygame.transform.smoothscale(img, (w, rect.h))
        surface.blit(scaled, scaled.get_rect(center=rect.center))


class Animator:
    def __init__(self, board: Board, geometry: Geometry, sprites: CardSprites,
                 speed: str = "normal", names: Callable[[int], str] | None = None,
                 you: int | None = None) -> None:
        self.board = board
        self.you = you  # the one person against the computer: its win is "You win the duel"
        self.geo = geometry
        self.sprites = sprites
        self.speed = speed
        self.queue: deque[object] = deque()  # engine events
        self.tweens: list[Tween] = []
        self.flying: set[int] = set()  # cards drawn by a tween, not in their place
        self.shattered: set[int] = set()
        self.resolving: dict[int, Resolving] = {}  # line -> the Step resolving from it
        self.markers: dict[MarkKey, Marker] = {}
        self.seen: list[str] = []  # kinds of effects played, for tests (bounded)
        self.on_applied: Callable[[object], None] | None = None  # the log listens here
        self.name_of = names or (lambda uid: "")
        self.quiet: set[int] = set()  # ids of waiting events of a Line nobody could answer
        self._quiet_now = False
        geometry.slide.instant = speed == "instant"

    # ------------------------------------------------------------ control
    @property
    def busy(self) -> bool:
        """True while events wait or a blocking tween plays (input then waits or skips)."""
        return bool(self.queue) or any(t.blocks for t in self.tweens)

    def push(self, events: Iterable[object]) -> None:
        self.queue.extend(events)
        self._find_quiet()
        if self.speed == "instant":
            self.skip()

    def _find_quiet(self) -> None:
        """Mark the events of each waiting Line that opened and closed within what was pushed,
        with no Line Break, window or choice: nobody could answer it (the screen sends the
        passes nobody could avoid with the command, DuelScene.send), so it plays as one short
        beat (issue 22: pace)."""
        opened: dict[int, int] = {}  # line -> index of its LineOpened in the queue
        events = list(self.queue)
        for i, e in enumerate(events):
            if isinstance(e, ev.LineOpened):
                opened[e.line] = i
            elif isinstance(e, (ev.LineBreak, ev.WindowOpened, ev.ChoiceRequested)):
                opened.clear()  # someone could act here: this Line plays at its own pace
            elif isinstance(e, ev.LineClosed) and e.line in opened:
                for q in events[opened.pop(e.line):i + 1]:
                    self.quiet.add(id(q))

    def skip(self) -> None:
        """Finish every tween and apply every waiting event at once."""
        for t in self.tweens:
            t.finish()
        self.tweens.clear()
        self.markers.clear()
        while self.queue:
            self._apply(self.queue.popleft(), animate=False)
        for t in self.tweens:
            t.finish()
        self.tweens.clear()
        self.markers.clear()
        self.flying.clear()
        self.shattered.clear()
        self.resolving.clear()
        self.geo.settle_hands()

    def reset(self, board: Board) -> None:
        """A new board (another seat took the screen): forget everything in flight."""
        self.queue.clear()
        self.quiet.clear()
        self.tweens.clear()
        self.markers.clear()
        self.flying.clear()
        self.shattered.clear()
        self.resolving.clear()
        self.board = board
        self.geo.board = board
        self.geo.slide.clear()

    def update(self, dt: float) -> None:
        self.geo.slide.instant = self.speed == "instant" or look.reduced_motion()
        if self.speed == "instant":
            if self.queue or self.tweens:
                self.skip()
            return
        dt *= SPEEDS.get(self.speed, 1.0)
        self.geo.slide.update(dt)
        for t in list(self.tweens):
            t.update(dt)
        self._prune()
        guard = 0
        while self.queue and not any(t.blocks for t in self.tweens) and guard < 200:
            self._apply(self.queue.popleft(), animate=True)
            self._prune()
            guard += 1

    def _prune(self) -> None:
        if any(t.done for t in self.tweens):
            self.tweens = [t for t in self.tweens if not t.done]
            self.markers = {k: m for k, m in self.markers.items() if not m.done}

    def marker(self, kind: str, *key: object) -> Marker | None:
        return self.markers.get((kind, *key))

    def draw(self, surface: pygame.Surface, layer: int) -> None:
        for t in self.tweens:
            if t.layer == layer:
                t.draw(surface)

    # ------------------------------------------------------------ helpers
    def _add(self, tween: Tween) -> Tween:
        if look.reduced_motion():
            tween = self._calm(tween)
        self.tweens.append(tween)
        if isinstance(tween, Marker):
            self.markers[tween.key] = tween
            self.seen.append(tween.key[0])
            del self.seen[:-200]
        return tween

    @staticmethod
    def _calm(tween: Tween) -> Tween:
        """Reduced motion (Settings): a card jumps where it goes (a short blink, no
        travel), an attacker does not lunge, a Broken card goes without flying apart,
        banners, numbers and rings stay where they appear."""
        if isinstance(tween, (Move, Turn)):
            tween.duration = min(tween.duration, JUMP)
        elif isinstance(tween, Shatter):
            tween = Wait(min(tween.duration, 0.2), tween.on_done)
        elif type(tween).__name__ == "Lunge":
            tween = Wait(0.0, tween.on_done)
        tween.still = True
        return tween

    def _mark(self, key: MarkKey, duration: float, blocks: bool = True,
              on_done: Callable[[], None] | None = None) -> None:
        if self._quiet_now:
            duration *= QUIET
        self._add(Marker(key, duration, blocks, on_done))

    def _centre(self, uid: int) -> tuple[int, int] | None:
        r = self.geo.rect_of(uid)
        return r.center if r is not None else None

    def _sprite(self, uid: int, rect: pygame.Rect) -> pygame.Surface:
        c = self.board.cards.get(uid)
        if c is None:
            return self.sprites.back(rect.w)
        if c.zone in (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV):
            return self.sprites.field(c, self.board.seat)
        shown = c.card_id if (c.zone is not Zone.HAND or c.owner == self.board.seat) else None
        width = rect.w if c.attack_pos or c.zone not in (Zone.PHANTOM, Zone.SIDE) else rect.h
        return self.sprites.plain(shown, width)

    # ------------------------------------------------------------ events
    def _apply(self, e: object, animate: bool) -> None:
        self._quiet_now = id(e) in self.quiet
        self.quiet.discard(id(e))
        handler = ANIMATIONS.get(type(e))
        if animate and handler is not None:
            handler(self, e)
        else:
            self.board.apply(e)
        if self.on_applied is not None:
            self.on_applied(e)

    def _on_CardMoved(self, e: ev.CardMoved) -> None:
        b = self.board
        seat_from = b.cards[e.card].controller if e.card in b.cards else e.owner
        if e.from_zone == "deck":
            start = self.geo.deck_rect(e.owner)
        else:
            start = self.geo.rect_of(e.card) or self.geo.zone_rect(seat_from, Zone(e.from_zone), e.from_index)
        before = self._sprite(e.card, start) if e.card in b.cards else self.sprites.back(start.w)
        b.apply(e)
        if e.card in self.shattered:
            self.shattered.discard(e.card)
            end = self.geo.rect_of(e.card)
            if end is not None:
                self._add(Pulse(end, (150, 150, 170), 0.35))
            return
        end = self.geo.rect_of(e.card) if e.to_zone != "deck" else self.geo.deck_rect(e.owner)
        if end is None:
            end = self.geo.zone_rect(e.controller, Zone(e.to_zone), e.to_index)
        after = self._sprite(e.card, end) if e.card in b.cards else self.sprites.back(end.w)
        if start.size != before.get_size():
            before = pygame.transform.smoothscale(before, start.size)
        uid = e.card
        self.flying.add(uid)
        self._add(Move(before, start, end, MOVE, on_done=lambda: self.flying.discard(uid),
                       end_sprite=after))

    def _on_PositionChanged(self, e: ev.PositionChanged) -> None:
        b = self.board
        ra = self.geo.rect_of(e.card)
        a = self._sprite(e.card, ra) if ra is not None else None
        b.apply(e)
        rb = self.geo.rect_of(e.card)
        if ra is None or rb is None or a is None:
            return
        after = self._sprite(e.card, rb)
        uid = e.card
        self.flying.add(uid)
        self._add(Turn(a, ra, after, rb, 0.3, on_done=lambda: self.flying.discard(uid)))

    def _on_Summoned(self, e: ev.Summoned) -> None:
        self.board.apply(e)
        r = self.geo.rect_of(e.card)
        if r is not None:
            self._add(Pulse(r, style.player_colour(e.player), 0.5))

    def _on_HealthChanged(self, e: ev.HealthChanged) -> None:
        self.board.apply(e)
        c = self._centre(e.card)
        if c is not None and e.max_health < 0:  # a face-down Phantom: no numbers to show
            colour = style.HEAL if e.healed else style.DAMAGE
            self._add(FloatText("healed" if e.healed else "hit", c, colour, 1.0))
            self._add(Wait(0.12))
            return
        if c is None or e.after == e.before:
            return
        diff = e.after - e.before
        colour = style.HEAL if diff > 0 else style.DAMAGE
        self._add(FloatText(f"{diff:+d}", c, colour, 1.0))
        self._add(Wait(0.12))

    def _on_StatModified(self, e: ev.StatModified) -> None:
        self.board.apply(e)
        c = self._centre(e.card)
        if c is not None and e.amount:
            colour = style.BUFF if e.amount > 0 else style.DEBUFF
            label = {"atk": "ATK", "health": "Health", "sp_cost": "SP Cost"}.get(e.stat, e.stat)
            self._add(FloatText(f"{e.amount:+d} {label}", (c[0], c[1] + 20), colour, 1.0, px=18))

    def _on_StatusGained(self, e: ev.StatusGained) -> None:
        self.board.apply(e)
        c = self._centre(e.card)
        if c is not None:
            label = {"protected": "Protected", "cannot_attack": "Cannot attack"}.get(e.status, e.status)
            self._add(FloatText(label, c, (150, 200, 250), 1.0, px=18))

    def _on_CardStatsChanged(self, e: ev.CardStatsChanged) -> None:
        b = self.board
        old = b.cards.get(e.card)
        b.apply(e)
        new = b.cards.get(e.card)
        if old is None or new is None or new.zone not in (Zone.PHANTOM, Zone.SIDE):
            return
        if (old.atk, old.health, old.max_health) != (new.atk, new.health, new.max_health):
            r = self.geo.rect_of(e.card)
            if r is not None and e.card not in self.flying:
                self._add(Pulse(r, (240, 220, 150), 0.4))

    def _on_LpChanged(self, e: ev.LpChanged) -> None:
        self.board.apply(e)
        diff = e.after - e.before
        r = self.geo.lp_rect(e.player)
        colour = style.HEAL if diff > 0 else style.DAMAGE
        self._add(FloatText(f"{diff:+,d} LP", (r.centerx, r.y + 40), colour, 1.1, px=24))
        self._mark(("lp", e.player), 0.6, blocks=False)
        self._add(Wait(0.18))

    def _on_SpChanged(self, e: ev.SpChanged) -> None:
        self.board.apply(e)
        self._mark(("sp", e.player), 0.6, blocks=False)

    def _on_AttackDeclared(self, e: ev.AttackDeclared) -> None:
        self.board.apply(e)
        ra = self.geo.rect_of(e.attacker)
        if ra is None:
            return
        if e.target >= 0:
            tc = self._centre(e.target)
        else:
            tc = self.geo.lp_rect(1 - self.board.cards[e.attacker].controller).center
        if tc is None:
            return
        from .tweens import Lunge
        self._mark(("attack", e.attacker, e.target), 0.55, blocks=False)
        self._add(Lunge(self._sprite(e.attacker, ra), ra, tc, 0.45))

    def _on_BattleDamage(self, e: ev.BattleDamage) -> None:
        self.board.apply(e)
        self._add(Wait(0.1))

    def _on_CardBroken(self, e: ev.CardBroken) -> None:
        r = self.geo.rect_of(e.card)
        sprite = self._sprite(e.card, r) if r is not None else None
        self.board.apply(e)
        if r is None or sprite is None:
            return
        if e.survived:
            self._add(FloatText("Survives the Break", r.center, (150, 200, 250), 1.1, px=18))
            return
        self.shattered.add(e.card)
        self.flying.add(e.card)
        uid = e.card
        self._add(Shatter(sprite, r, 0.6, seed=uid))
        self._add(Wait(0.35, on_done=lambda: self.flying.discard(uid)))

    def _on_TurnStarted(self, e: ev.TurnStarted) -> None:
        self.board.apply(e)
        who = self.name_of(e.player)
        self._add(Banner(f"{who}'s turn  \u00b7  Round {e.round}", self.geo.layout.banner,
                         style.player_colour(e.player), 1.0))

    def _on_PhaseChanged(self, e: ev.PhaseChanged) -> None:
        self.board.apply(e)
        self._mark(("phase", e.phase), 0.6, blocks=False)
        if e.phase == "draw":
            self._add(Banner("Draw Phase", self.geo.layout.banner, (220, 220, 230), 0.7))
        else:
            self._add(Wait(0.12))

    def _on_CoinTossed(self, e: ev.CoinTossed) -> None:
        self.board.apply(e)
        self._add(Banner(f"Coin toss: {self.name_of(e.winner)} goes first", self.geo.layout.banner,
                         style.player_colour(e.winner), 1.2))

    def _on_LineOpened(self, e: ev.LineOpened) -> None:
        self.board.apply(e)
        self._mark(("line_open", e.line), 0.3)

    def _on_LineBreak(self, e: ev.LineBreak) -> None:
        """The label lives on while the new Line opens and its Step slides in."""
        self.board.apply(e)
        self._mark(("line_break", e.line), 1.4, blocks=False)
        self._add(Wait(0.25))

    def _on_StepAdded(self, e: ev.StepAdded) -> None:
        self.board.apply(e)
        self._mark(("step_in", e.line, e.step), 0.35)
        r = self.geo.rect_of(e.card)
        if r is not None and e.kind != "summon":
            self._add(Pulse(r, style.player_colour(e.player), 0.45))

    def _on_LineResolving(self, e: ev.LineResolving) -> None:
        self.board.apply(e)
        self._mark(("line_resolving", e.line), 0.25)

    def _on_StepResolving(self, e: ev.StepResolving) -> None:
        b = self.board
        line = b.lines[e.line - 1] if 0 < e.line <= len(b.lines) else []
        step = line[-1] if line else None
        cid = b.step_card_id(step) if step is not None else None
        b.apply(e)
        if step is not None:
            self.resolving[e.line] = Resolving(step, cid)
        self._mark(("resolving", e.line, e.step), 0.45)
        if step is not None:
            r = self.geo.rect_of(step.card)
            if r is not None:
                self._add(Pulse(r, (250, 236, 170), 0.45))

    def _end_step(self, line: int, state: str, hold: float) -> None:
        res = self.resolving.get(line)
        if res is not None:
            res.state = state

        def gone() -> None:
            cur = self.resolving.get(line)
            if cur is res:
                self.resolving.pop(line, None)
        self._mark((state, line), hold, on_done=gone)

    def _on_StepResolved(self, e: ev.StepResolved) -> None:
        self.board.apply(e)
        self._end_step(e.line, "resolved", 0.25)

    def _on_StepFizzled(self, e: ev.StepFizzled) -> None:
        self.board.apply(e)
        self._end_step(e.line, "fizzled", 0.8)

    def _on_StepNegated(self, e: ev.StepNegated) -> None:
        self.board.apply(e)
        self._end_step(e.line, "negated", 0.8)

    def _on_LineClosed(self, e: ev.LineClosed) -> None:
        self.board.apply(e)
        self.resolving.pop(e.line, None)
        self._mark(("line_closed", e.line), 0.2)

    def _on_WindowOpened(self, e: ev.WindowOpened) -> None:
        self.board.apply(e)
        self._mark(("window", e.line), 0.5, blocks=False)
        self._add(Wait(0.15))

    def _on_Revealed(self, e: ev.Revealed) -> None:
        self.board.apply(e)
        r = self.geo.rect_of(e.card)
        if r is not None:
            self._add(Pulse(r, (250, 236, 170), 0.5, blocks=True))

    def _on_DuelEnded(self, e: ev.DuelEnded) -> None:
        self.board.apply(e)
        if e.winner < 0:
            text, colour = "The duel is a draw", (220, 220, 230)
        else:
            who = "You win" if e.winner == self.you else f"{self.name_of(e.winner)} wins"
            text, colour = f"{who} the duel", style.player_colour(e.winner)
        self._add(Banner(text, self.geo.layout.banner, colour, 1.6))


# how each event class animates (typed: keyed by the class, so a renamed event fails the
# import, not silently); an event with none is applied to the board at once
ANIMATIONS: dict[type, Callable[[Animator, Any], None]] = {
    ev.CardMoved: Animator._on_CardMoved,
    ev.PositionChanged: Animator._on_PositionChanged,
    ev.Summoned: Animator._on_Summoned,
    ev.HealthChanged: Animator._on_HealthChanged,
    ev.StatModified: Animator._on_StatModified,
    ev.StatusGained: Animator._on_StatusGained,
    ev.CardStatsChanged: Animator._on_CardStatsChanged,
    ev.LpChanged: Animator._on_LpChanged,
    ev.SpChanged: Animator._on_SpChanged,
    ev.AttackDeclared: Animator._on_AttackDeclared,
    ev.BattleDamage: Animator._on_BattleDamage,
    ev.CardBroken: Animator._on_CardBroken,
    ev.TurnStarted: Animator._on_TurnStarted,
    ev.PhaseChanged: Animator._on_PhaseChanged,
    ev.CoinTossed: Animator._on_CoinTossed,
    ev.LineOpened: Animator._on_LineOpened,
    ev.LineBreak: Animator._on_LineBreak,
    ev.StepAdded: Animator._on_StepAdded,
    ev.LineResolving: Animator._on_LineResolving,
    ev.StepResolving: Animator._on_StepResolving,
    ev.StepResolved: Animator._on_StepResolved,
    ev.StepFizzled: Animator._on_StepFizzled,
    ev.StepNegated: Animator._on_StepNegated,
    ev.LineClosed: Animator._on_LineClosed,
    ev.WindowOpened: Animator._on_WindowOpened,
    ev.Revealed: Animator._on_Revealed,
    ev.DuelEnded: Animator._on_DuelEnded,
}


def hidden(card_id: str | None) -> bool:
    return card_id is None or card_id == HIDDEN
