"""The zoom on the duel screen's left: the card the pointer or the keyboard is on (a Step row
on the Line panel: that Step's card; or the log picked, `pin`) drawn large with its terms, a hand card's cost and why it cannot be played now
(the engine's own reason, with the rule it cites), or what the pile under the pointer is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from game.engine import CardDef, CardView, Command, Refusal, SetCard, Zone
from game.ui import cite, theme

from . import panels, style
from .gestures import Gestures
from .hooks import DuelHooks
from .interaction import Interaction
from .layout import LAYOUT, ZOOM_W
from .line_panel import STEP_KEY, LinePanel
from .session import DuelSession
from .sprites import CardSprites
from .table import DuelTable


def activation_cost(cdef: CardDef) -> str:
    """A Spirit's, Counter's or Environment's cost in words, SP always named ("SP Cost 0")."""
    costs = [a.cost for a in cdef.abilities if not a.cost.empty]
    if not costs:
        return "SP Cost 0"
    cost = costs[0]
    parts = [f"SP Cost {cost.sp}"]
    if cost.lp:
        parts.append(f"{cost.lp:,} LP")
    if cost.discard:
        parts.append(f"discard {cost.discard}")
    if cost.break_self:
        parts.append("send itself to the Graveyard")
    return " + ".join(parts)


IDLE_NOTE = "Drag a card marked PLAY to play it; click a card for its menu."


class ZoomHost(Protocol):
    """What the zoom asks of the duel screen."""

    session: DuelSession
    hooks: DuelHooks[Any]
    pool: Mapping[str, CardDef]
    shown: int
    hotseat: bool
    gest: Gestures
    sprites: CardSprites
    input: Interaction
    table: DuelTable
    line_panel: LinePanel

    def name(self, seat: int) -> str: ...
    def can_act(self) -> bool: ...


class ZoomPanel:
    """What the zoom shows and the notes it has worked out (once per card per command)."""

    def __init__(self, host: ZoomHost) -> None:
        self.host = host
        self.pin: str | None = None  # the card the log picked
        self.pointed: tuple[int, object] | None = None  # the card the zoom follows, and its zone then
        self._names: dict[str, str] | None = None
        self._note_key: tuple[int, int, bool] | None = None  # card, commands sent, stale table
        self._note: list[tuple[str, theme.Colour]] = []

    def unpoint(self) -> None:
        """The pointer moved: the zoom follows what is under it now."""
        self.pointed = None

    def target(self) -> tuple[str | None, CardView | None]:
        inp = self.host.input
        first, second = (inp.focus, inp.hover) if inp.last == "keys" else (inp.hover, inp.focus)
        key = first if first is not None else second
        if key is None and inp.held is not None:
            key = inp.held.uid
        if inp.popup is not None and inp.popup.entries:
            hint = inp.popup.entries[inp.popup.index].hint
            if hint in self.host.pool:
                return hint, None
        if key is None or (isinstance(key, tuple) and key[:1] == (STEP_KEY,)):
            got = self._step_card()  # a Step row under the pointer or the keys: its card
            if got is not None:
                return got
        if isinstance(key, int) and self._moved_since_pointed(key):
            key = None  # it left the place it was pointed at (Broken, returned): not shown
        if isinstance(key, int):
            c = self.host.table.board.cards.get(key)
            if c is not None and c.card_id is not None:
                return c.card_id, c
        if isinstance(key, tuple) and key and key[0] == "row" and inp.prompt is not None:
            i = key[1]
            if 0 <= i < len(inp.prompt.rows):
                row = inp.prompt.rows[i]
                c = self.host.table.board.cards.get(row.card) if row.card is not None else None
                if c is not None and c.card_id:
                    return c.card_id, c
                named = self._by_name(row.label.split(":")[0])
                if named is not None:  # a card the board does not show (a deck search)
                    return named, None
        if isinstance(key, tuple) and key and key[0] == "grave":
            grave = self.host.table.board.sides[key[1]].grave
            if grave:
                c = self.host.table.board.cards.get(grave[-1])
                if c is not None and c.card_id:
                    return c.card_id, c
        target = getattr(key, "uid", None)
        if target is not None:
            c = self.host.table.board.cards.get(target)
            if c is not None and c.card_id:
                return c.card_id, c
        return self.pin, None

    def _step_card(self) -> tuple[str, CardView | None] | None:
        """The source card of the Step lit on the Line panel, as the shown seat may see it
        (a face-down card's Step shows nothing)."""
        step = self.host.line_panel.lit_step()
        if step is None:
            return None
        board = self.host.table.board
        cid = board.step_card_id(step) or step.card_id
        if cid is None or cid not in self.host.pool:
            return None
        return cid, board.cards.get(step.card)

    def _moved_since_pointed(self, uid: int) -> bool:
        """True once card `uid` has left the zone it was in when the pointer or keys found it."""
        where = self.host.table.board.where(uid)
        zone = where[1] if where is not None else None
        seen = self.pointed
        if seen is None or seen[0] != uid:
            self.pointed = (uid, zone)
            return False
        return seen[1] != zone

    def _by_name(self, name: str) -> str | None:
        if self._names is None:
            self._names = {c.name: cid for cid, c in self.host.pool.items()}
        return self._names.get(name)

    def _shown(self) -> tuple[str | None, CardView | None, CardDef | None, str]:
        """The card shown large (its id, view and definition) and the words under it when
        there is none: the pile's under the pointer, a lesson's own note, else how to play."""
        cid, card = self.target()
        cdef = self.host.pool.get(cid) if cid else None
        hint = self.pile_words(self.host.input.pointer) if cid is None else ""
        note = self.host.hooks.note
        hint = hint or (note() if note is not None else "") or IDLE_NOTE
        return cid, card, cdef, hint

    def note_box(self) -> pygame.Rect:
        """Where the terms box (the words under the zoom) lies this frame, laid out by
        measure as `draw` lays it out (a lesson's coach box ends above it)."""
        _cid, card, cdef, hint = self._shown()
        rows = panels.zoom_rows(LAYOUT.terms, cdef, card, hint, self.notes(card))
        return panels.zoom_boxes(LAYOUT.zoom, LAYOUT.terms, len(rows))[1]

    def draw(self, surface: pygame.Surface) -> None:
        """The zoom and its terms, above the log."""
        cid, card, cdef, hint = self._shown()
        face = self.host.sprites.zoom(cid, ZOOM_W) if cid and cdef is not None else None
        panels.draw_zoom(surface, LAYOUT.zoom, LAYOUT.terms, face, cdef, card, hint,
                         self.notes(card))

    def pile_words(self, pos: tuple[int, int]) -> str:
        """What the pile under the pointer is, for the hover text (counts only: hidden stays hidden)."""
        for seat in (0, 1):
            side = self.host.table.board.sides[seat]
            whose = "Your" if seat == self.host.shown and not self.host.hotseat else f"{self.host.name(seat)}'s"
            if self.host.table.geo.pile_rect(seat, Zone.DECK).collidepoint(pos):
                return (f"{whose} Main Deck: {side.deck_count} card{'s' if side.deck_count != 1 else ''}, "
                        "face down. A card is drawn from it each Draw Phase.")
            if self.host.table.geo.pile_rect(seat, Zone.EXTRA).collidepoint(pos):
                n = side.extra_count
                more = " Click it to see them and Special Summon." if seat == self.host.shown else " Hidden."
                return f"{whose} Extra Deck: {n} Extra Deck Phantom{'s' if n != 1 else ''}.{more}"
            if self.host.table.geo.pile_rect(seat, Zone.GRAVE).collidepoint(pos):
                n = len(side.grave)
                return f"{whose} Graveyard: {n} card{'s' if n != 1 else ''}, face up. Click it to see them."
        return ""

    def notes(self, card: CardView | None) -> list[tuple[str, theme.Colour]]:
        """For a card of the shown seat's hand or Extra Deck: its cost, and why it cannot be
        played now (the engine's own reason), worked out once per card per command."""
        if card is None or card.zone not in (Zone.HAND, Zone.EXTRA) or card.owner != self.host.shown:
            return []
        key = (card.uid, len(self.host.session.history), self.host.table.stale)
        if self._note_key == key:
            return self._note
        notes: list[tuple[str, theme.Colour]] = []
        cdef = self.host.pool.get(card.card_id) if card.card_id else None
        if cdef is not None and cdef.is_phantom and card.zone is Zone.HAND:
            cost = card.sp_cost if card.sp_cost is not None else cdef.level
            notes.append((f"SP Cost {cost}  ·  you have {self.host.table.board.me.sp} SP", theme.ACCENT))
        elif cdef is not None and card.zone is Zone.HAND:
            notes.append((activation_cost(cdef) + f"  ·  you have {self.host.table.board.me.sp} SP", theme.ACCENT))
        mine = self.host.gest.by_source.get(card.uid, [])
        set_only = bool(mine) and all(isinstance(c, SetCard) for c in mine) and \
            cdef is not None and not cdef.is_phantom
        if self.host.can_act() and (card.uid not in self.host.gest.by_source or set_only):
            cmd = self.natural(card)
            refusal = self.host.session.refusal(cmd) if cmd is not None else None
            if refusal is not None:
                lead = "Only Set now" if set_only else "Not now"
                notes.append((cite.said(refusal.code, refusal.message, lead), style.DAMAGE))
                notes.append((cite.words(refusal.code), theme.TEXT_DIM))
        self._note_key, self._note = key, notes
        return notes

    def why_not(self, uid: int) -> str:
        """The engine's reason a card of the hand or Extra Deck cannot be played now, with
        the rule it cites."""
        refusal = self.why_not_refusal(uid)
        return cite.said(refusal.code, refusal.message) if refusal is not None else ""

    def why_not_refusal(self, uid: int) -> Refusal | None:
        """The engine's refusal of what playing a hand or Extra Deck card would mean now."""
        card = self.host.table.board.cards.get(uid)
        if card is None or card.zone not in (Zone.HAND, Zone.EXTRA):
            return None
        cmd = self.natural(card)
        return self.host.session.refusal(cmd) if cmd is not None else None

    def natural(self, card: CardView) -> Command | None:
        """What playing this card would most likely mean (to ask the engine why not)."""
        from .gestures import SlotTarget, guess

        zones = (Zone.PHANTOM, Zone.SIDE) if card.zone is Zone.EXTRA else None
        cdef = self.host.pool.get(card.card_id) if card.card_id is not None else None
        if zones is None and cdef is not None:
            zones = (Zone.PHANTOM, Zone.SIDE) if cdef.is_phantom else (Zone.BACK, Zone.SIDE)
        for zone in zones or ():
            row = self.host.table.board.me.slots[zone]
            for i, uid in enumerate(row):
                if uid is None:
                    return guess(self.host.table.board, self.host.pool, self.host.shown, card.uid, SlotTarget(self.host.shown, zone, i))
        zone = (zones or (Zone.PHANTOM,))[0]
        return guess(self.host.table.board, self.host.pool, self.host.shown, card.uid, SlotTarget(self.host.shown, zone, 0))
