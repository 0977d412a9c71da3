"""Target arrows: what a Step on the Line reaches, drawn from its card to each target.

A Step's targets are the cards it chose (`StepView.targets`), the opponent's LP for a direct
attack, a player's panel for each effect that names a player ("deal 300 damage to your
opponent", "draw a card"), the Step it answers for a negation, for an effect on "the attacking
Phantom" or "the attacked one" (Backdraft) the battle's card the engine keeps, and, for an
effect on "every card matching" (no target chosen), each card it would affect at that moment:
the engine's own query (`game.engine.query.select`) on the duel, never a judgement made here. A card the viewer
cannot see into (face down, not theirs) is pointed at only when the effect's filter asks
nothing it hides (its type, tags, numbers or name): the arrows never tell what it is. A game action whose
subject is its own card (a Summon, a Set, a position change) points at the card's slot. The
arrow starts at the card where the board shows it; a card the board does not show (or the
card itself as the target) starts from the Step's row on the Line panel.

`StepArrows` is what the duel screen and the replay viewer share: the arrows of the Step lit
on the Line panel (under the pointer or the keyboard's focus) and of each Step while it
resolves, with the matching cards worked out when the board settles.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pygame

from game.engine import CardDef, Duel, StepView
from game.engine.carddefs import Effect, Selector
from game.engine.query import select

from . import style
from .board import Board
from .geometry import Geometry

BATTLE_REFS = ("attacker", "attack_target")  # the engine's names of the battle's cards (a Step's target)
OWN_CARD_KINDS = ("summon", "special_summon", "set", "environment", "position", "flip",
                  "unsummon")


@dataclass(frozen=True)
class Arrow:
    """One arrow: from `start` to `end`; `kind` is card | slot | lp | step (what it points
    at), `target` the card uid or the seat (for lp), `seat` whose Step it is."""

    start: tuple[int, int]
    end: tuple[int, int]
    kind: str
    target: int
    seat: int
    box: tuple[int, int, int, int] | None = None  # the target's rect, ringed


def _players(effects: Iterable[Effect], owner: int) -> list[int]:
    """The seats the effects name as players (you, opponent, both), in order, once each."""
    seats: list[int] = []
    for eff in effects:
        if "player" in eff.impl.param_names:
            named = {"you": [owner], "opponent": [1 - owner], "both": [owner, 1 - owner]}
            for seat in named.get(eff.player, []):
                if seat not in seats:
                    seats.append(seat)
        seats.extend(s for s in _players((*eff.then, *eff.otherwise), owner) if s not in seats)
    return seats


def answered(board: Board, step: StepView) -> StepView | None:
    """The Step `step` answers: the one before it on its Line, or for the first Step of a
    broken Line the last Step of the Line below."""
    lines = board.lines
    if step.step > 1 and step.line <= len(lines):
        line = lines[step.line - 1]
        return line[step.step - 2] if step.step - 2 < len(line) else None
    if step.line > 1 and step.line - 1 <= len(lines) and lines[step.line - 2]:
        return lines[step.line - 2][-1]
    return None


StepKey = tuple[int, int, int, int]  # (line, step, card, ability): one Step while it is on a Line


def step_key(step: StepView) -> StepKey:
    return (step.line, step.step, step.card, step.ability)


def _selectors(effects: Iterable[Effect]) -> list[Selector]:
    """The "every card matching" filters of these effects (no target chosen), in order."""
    return [e.target for e in effects if isinstance(e.target, Selector)]


def _refs(effects: Iterable[Effect]) -> list[str]:
    """The battle's cards these effects name ("attacker", "attack_target"), nested ones too."""
    out: list[str] = []
    for eff in effects:
        if eff.target in BATTLE_REFS and eff.target not in out:
            out.append(str(eff.target))
        out.extend(r for r in _refs((*eff.then, *eff.otherwise)) if r not in out)
    return out


def _asks_hidden(sel: Selector) -> bool:
    """Whether matching `sel` depends on what a face-down card is (not just where it is)."""
    return bool(sel.types or sel.tags or sel.stats or sel.card or sel.extra is not None)


def matching(duel: Duel, board: Board, pool: Mapping[str, CardDef], step: StepView) -> tuple[int, ...]:
    """The cards `step`'s effects on "every card matching" would affect in `duel` now (the
    engine's query), as far as `board`'s seat may know: a card it cannot see into only when
    the filter asks nothing hidden."""
    cid = board.step_card_id(step) or step.card_id
    cdef = pool.get(cid) if cid else None
    if step.kind != "ability" or cdef is None or not 0 <= step.ability < len(cdef.abilities):
        return ()
    found: list[int] = []
    effects = cdef.abilities[step.ability].effects
    # "the attacking Phantom" (Backdraft): the battle the engine keeps, as it will resolve it
    attack = dict(zip(BATTLE_REFS, duel.state.last_attack, strict=True))
    for ref in _refs(effects):
        uid = attack[ref]
        if uid >= 0 and uid in board.cards and uid not in found:
            found.append(uid)
    for sel in _selectors(effects):
        try:
            uids = select(duel, sel, step.player, step.card)
        except Exception:  # an arrow never takes the screen down
            continue
        for uid in uids:
            card = board.cards.get(uid)
            if card is None or uid in found:
                continue
            if card.card_id is None and _asks_hidden(sel):
                continue
            found.append(uid)
    return tuple(found)


def step_arrows(board: Board, geo: Geometry, pool: Mapping[str, CardDef], step: StepView,
                row: pygame.Rect | None = None, matched: Iterable[int] = ()) -> list[Arrow]:
    """The arrows of `step` (`row`: its row on the Line panel, where an arrow starts when the
    board does not show the card; `matched`: the cards its effects on every matching card
    reach, `matching`)."""
    card_rect = geo.rect_of(step.card) if step.card in board.cards else None
    panel_start = (row.x - 2, row.centery) if row is not None else None
    start = card_rect.center if card_rect is not None else panel_start
    if start is None:
        return []
    out: list[Arrow] = []
    seen: set[tuple[str, int]] = set()

    def add(kind: str, target: int, box: pygame.Rect, origin: tuple[int, int] | None) -> None:
        end = box.center
        if origin is None or (kind, target) in seen or math.dist(origin, end) < 12:
            return
        seen.add((kind, target))
        out.append(Arrow(origin, end, kind, target, step.player, (box.x, box.y, box.w, box.h)))

    for uid in step.targets:
        r = geo.rect_of(uid) if uid in board.cards else None
        if r is not None:
            add("card", uid, r, start if uid != step.card else panel_start)
    if step.kind == "attack" and not step.targets:  # a direct attack: the opponent's LP
        add("lp", 1 - step.player, geo.lp_rect(1 - step.player), start)
    if step.kind in OWN_CARD_KINDS and card_rect is not None:
        add("slot", step.card, card_rect, panel_start)
    cdef = pool.get(step.card_id) if step.card_id else None
    if step.kind == "ability" and cdef is not None and 0 <= step.ability < len(cdef.abilities):
        ability = cdef.abilities[step.ability]
        for seat in _players(ability.effects, step.player):
            add("lp", seat, geo.lp_rect(seat), start)
        # the engine's "negates" (a top-level negation: the Step it answers)
        before = answered(board, step) if ability.negates else None
        if before is not None:
            r = geo.rect_of(before.card) if before.card in board.cards else None
            if r is not None:
                add("step", before.card, r, start)
    for uid in matched:
        r = geo.rect_of(uid) if uid in board.cards else None
        if r is not None:
            add("card", uid, r, start if uid != step.card else panel_start)
    return out


class StepArrows:
    """The target arrows of a screen that shows Lines (the duel screen, the replay viewer):
    each resolving Step's and the lit Step's. `note` (when the board is the duel's position
    again) works out every Step's matching cards, so a Step resolving later still points at
    what it reached; `arrows` is what the last frame drew."""

    def __init__(self) -> None:
        self.matched: dict[StepKey, tuple[int, ...]] = {}
        self.arrows: list[Arrow] = []

    def note(self, duel: Duel, board: Board, pool: Mapping[str, CardDef]) -> None:
        """The board shows `duel` now: the matching cards of each Step on its Lines."""
        kept = {step_key(st): matching(duel, board, pool, st) for line in board.lines for st in line}
        # a Step that just left its Line keeps its cards while its resolving is shown
        self.matched = {**{k: v for k, v in self.matched.items() if k not in kept}, **kept} \
            if len(self.matched) < 64 else kept

    def clear(self) -> None:
        self.matched = {}

    def draw(self, surface: pygame.Surface, board: Board, geo: Geometry,
             pool: Mapping[str, CardDef], resolving: Iterable[StepView],
             line_hits: list[tuple[pygame.Rect, StepView]], lit: tuple[int, int] | None) -> list[Arrow]:
        """Draw the arrows of the `resolving` Steps and of the `lit` one (line, step) on the
        panel's rows `line_hits`; returns (and keeps) them."""
        rows = {(st.line, st.step): r for r, st in line_hits}
        shown: list[tuple[StepView, pygame.Rect | None]] = [
            (st, rows.get((st.line, st.step))) for st in resolving]
        if lit is not None and lit in rows:
            step = next(st for r, st in line_hits if (st.line, st.step) == lit)
            if all(st is not step for st, _ in shown):
                shown.append((step, rows[lit]))
        self.arrows = [a for st, row in shown
                       for a in step_arrows(board, geo, pool, st, row, self.matched.get(step_key(st), ()))]
        for arrow in self.arrows:
            draw(surface, arrow)
        return self.arrows


def draw(surface: pygame.Surface, arrow: Arrow) -> pygame.Rect:
    """A slim arrow in the Step's player's colour, dark-edged so it reads over cards;
    returns the rect it covers."""
    (x0, y0), (x1, y1) = arrow.start, arrow.end
    colour = style.player_colour(arrow.seat)
    dark = (8, 10, 16)
    if arrow.box is not None:  # the target ringed in the Step's colour
        ring = pygame.Rect(arrow.box).inflate(6, 6)
        pygame.draw.rect(surface, dark, ring.inflate(4, 4), 5, border_radius=9)
        pygame.draw.rect(surface, colour, ring, 3, border_radius=8)
    dist = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / dist, (y1 - y0) / dist
    base = (x1 - ux * 22, y1 - uy * 22)
    left = (base[0] - uy * 12, base[1] + ux * 12)
    right = (base[0] + uy * 12, base[1] - ux * 12)
    pygame.draw.line(surface, dark, arrow.start, base, 10)
    pygame.draw.line(surface, colour, arrow.start, base, 6)
    pygame.draw.polygon(surface, dark, [arrow.end, left, right], 0)
    tip = [(x1 - ux * 2, y1 - uy * 2), (left[0] + ux * 2, left[1] + uy * 2),
           (right[0] + ux * 2, right[1] + uy * 2)]
    pygame.draw.polygon(surface, colour, tip)
    pygame.draw.circle(surface, dark, arrow.start, 6)
    pygame.draw.circle(surface, colour, arrow.start, 4)
    return pygame.Rect(min(x0, x1) - 10, min(y0, y1) - 10, abs(x1 - x0) + 20, abs(y1 - y0) + 20)
