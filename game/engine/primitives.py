"""The small state changes every rule is built from: moving cards, LP, SP, Health, Break."""

from __future__ import annotations

from . import events as ev
from .model import BACKROW_ZONES, PHANTOM_ZONES, PILE_ZONES, Card, Zone
from .query import active_statics, has_status, health, max_health, on_field, stats_of

_SLOT_NAME_CAP = 16  # more slots than any rules file sets
_PHANTOM_SLOT_NAMES = tuple((z, tuple((z.value, i) for i in range(_SLOT_NAME_CAP)))
                            for z in PHANTOM_ZONES)
_BACKROW_SLOT_NAMES = tuple((z, tuple((z.value, i) for i in range(_SLOT_NAME_CAP)))
                            for z in BACKROW_ZONES)


class Primitives:
    """Mixin of Duel: each primitive emits the events a client animates from."""

    # ------------------------------------------------------------ primitives
    def _move(self, card: Card, zone: Zone, index: int, controller: int, face_up: bool,
              attack_pos: bool, reason: str) -> None:
        """Move a card; piles belong to the owner, slots to `controller`."""
        from_zone, from_index = card.zone, card.index
        src = self.state.players[card.controller]
        if from_zone in PILE_ZONES:
            self.state.players[card.owner].pile(from_zone).remove(card.uid)
        else:
            src.slots[from_zone][from_index] = None
            self.field_version += 1
        leaving_field = from_zone not in PILE_ZONES
        cdef = self.pool[card.cid]
        if zone is Zone.HAND and cdef.extra:
            zone = Zone.EXTRA  # Extra Deck Phantoms go back to the Extra Deck
        if zone in PILE_ZONES:
            owner = self.state.players[card.owner]
            owner.pile(zone).append(card.uid)
            card.controller = card.owner
            card.index = -1
            card.face_up = zone is Zone.GRAVE or (zone is Zone.EXTRA and face_up)
            card.attack_pos = True
            if leaving_field:
                card.reset()
        else:
            self.state.players[controller].slots[zone][index] = card.uid
            card.controller = controller
            card.index = index
            card.face_up = face_up
            card.attack_pos = attack_pos
            self.field_version += 1
        card.zone = zone
        card.moves += 1
        self.shown_stats.pop(card.uid, None)
        if zone is not Zone.DECK:
            self.stats_dirty.add(card.uid)
        if card.uid in self.static_cards:
            if zone in PILE_ZONES:
                self.static_on_field.discard(card.uid)
            else:
                self.static_on_field.add(card.uid)
        if card.cid in self.response_cids:  # where cards that can answer a Step stand
            if zone not in PILE_ZONES or (zone is Zone.HAND and card.cid in self.spirit_cids):
                self.responders.add(card.uid)
            else:
                self.responders.discard(card.uid)
        self.out.append(ev.CardMoved(card.uid, card.cid, card.owner, card.controller,
                                     from_zone.value, from_index, zone.value, card.index,
                                     card.face_up, card.attack_pos, reason))
        if zone is Zone.GRAVE:
            self._fire("sent_to_grave", card)

    def _draw(self, player: int, n: int, reason: str) -> int:
        deck = self.state.players[player].deck
        drawn = 0
        for _ in range(n):
            if not deck:
                break
            self._move(self.state.cards[deck[-1]], Zone.HAND, -1, player, False, True, reason)
            drawn += 1
        return drawn

    def _set_face(self, card: Card, face_up: bool, reason: str) -> None:
        if card.face_up == face_up:
            return
        card.face_up = face_up
        self.field_version += 1
        self.out.append(ev.PositionChanged(card.uid, card.cid, card.attack_pos, face_up, reason,
                                           not face_up, card.controller))
        self.shown_stats.pop(card.uid, None)  # who may see it changed: tell its stats anew
        self.stats_dirty.add(card.uid)
        if face_up:
            self.out.append(ev.Revealed(card.uid, card.cid, card.controller))
            if self.pool[card.cid].is_phantom:
                self._fire("flipped", card)

    def _change_lp(self, player: int, delta: int, reason: str, check: bool = True) -> None:
        """Change LP; `check=False` lets one effect hit both players before anyone loses."""
        ps = self.state.players[player]
        before = ps.lp
        ps.lp = max(0, before + delta)
        if ps.lp != before:
            self.out.append(ev.LpChanged(player, before, ps.lp, reason))
        if check:
            self._check_lp()

    def _check_lp(self) -> None:
        zero = [p for p in (0, 1) if self.state.players[p].lp == 0]
        if len(zero) == 2:
            self._end(-1, "both players reached 0 LP")
        elif zero:
            self._end(1 - zero[0], f"player {zero[0] + 1} reached 0 LP")

    def _change_sp(self, player: int, delta: int, reason: str) -> None:
        ps = self.state.players[player]
        before = ps.sp
        after = max(0, before + delta)
        cap = self.rules.sp_cap
        if cap is not None and delta > 0:
            after = min(after, max(cap, before))
        ps.sp = after
        if after != before:
            self.out.append(ev.SpChanged(player, before, after, reason))

    def _apply_damage(self, card: Card, amount: int) -> bool:
        """Lower a Phantom's Health (not below 0); True if it is now at 0."""
        if amount <= 0 or not on_field(card):
            return False
        before = health(self, card)
        mh = max_health(self, card)
        card.damage = min(mh, card.damage + amount)
        self.stats_dirty.add(card.uid)
        after = max(0, mh - card.damage)
        self.out.append(ev.HealthChanged(card.uid, before, after, mh))
        return after == 0

    def _damage_card(self, card: Card, amount: int) -> None:
        if self._apply_damage(card, amount):
            self._break(card, "health")

    def _heal_card(self, card: Card, amount: int) -> None:
        if amount <= 0 or not on_field(card) or card.damage == 0:
            return
        before = health(self, card)
        card.damage = max(0, card.damage - amount)
        self.stats_dirty.add(card.uid)
        if health(self, card) > 0:
            card.zero_ok = False
        self.out.append(ev.HealthChanged(card.uid, before, health(self, card), max_health(self, card)))

    def _maybe_state_check(self) -> None:
        """Run the 0-Health check only when something could have lowered a Health: damage
        handles its own Break, so that leaves lowered stats (modify, end of turn) and
        continuous Health bonuses that may have stopped applying."""
        active_statics(self)  # a change in Health bonuses marks Health dirty
        if self._health_dirty:
            self._health_dirty = False
            self._state_check()
        else:
            self._checked_version = self.field_version

    def reindex_field(self) -> None:
        """Rebuild what the duel keeps about the field after cards were placed directly
        (position builder, loading a save)."""
        self.static_on_field = {u for u in self.static_cards
                                if self.state.cards[u].zone not in PILE_ZONES}
        self.responders = {c.uid for c in self.state.cards if c.cid in self.response_cids
                           and (c.zone not in PILE_ZONES
                                or (c.zone is Zone.HAND and c.cid in self.spirit_cids))}
        self.field_version += 1
        # a loaded or built position is shown whole by its view: nothing is left to tell
        self.shown_stats = {c.uid: stats_of(self, c) for c in self.state.cards
                            if c.zone is not Zone.DECK}
        self.stats_dirty = set()
        self._stats_all = False
        self.view_cache = ({}, {})

    def free_slots(self, player: int, backrow: bool) -> tuple:
        """Empty (zone name, index) slots where a Phantom (or, `backrow`, a Spirit or
        Counter) may go; recomputed only after the field changed."""
        key = player * 2 + backrow
        if self._free_version[key] != self.field_version:
            slots = self.state.players[player].slots
            found = []
            for zone, names in (_BACKROW_SLOT_NAMES if backrow else _PHANTOM_SLOT_NAMES):
                for i, uid in enumerate(slots[zone]):
                    if uid is None:
                        found.append(names[i])
            self._free[key] = tuple(found)
            self._free_version[key] = self.field_version
        return self._free[key]

    def _state_check(self) -> None:
        """A Phantom at 0 Health that has not survived a Break is Broken now, whatever took
        its Health there (damage, a lost bonus, a lowered stat); survivors lock in Defense."""
        self._checked_version = self.field_version
        active_statics(self)
        weakening = self._statics_weaken
        for ps in self.state.players:
            for zone in PHANTOM_ZONES:
                for uid in ps.slots[zone]:
                    if uid is None:
                        continue
                    card = self.state.cards[uid]
                    if not card.damage and not card.mods and not weakening:
                        continue  # full Health, nothing lowering it
                    if not self.pool[card.cid].is_phantom or health(self, card) > 0:
                        continue
                    if card.zero_ok:
                        self._lock_defense(card)
                    else:
                        self._break(card, "health")
                    if self.state.winner is not None:
                        return

    def _lock_defense(self, card: Card) -> None:
        if card.attack_pos and self.pool[card.cid].is_phantom and health(self, card) == 0:
            card.attack_pos = False
            self.field_version += 1
            self.out.append(ev.PositionChanged(card.uid, card.cid, False, card.face_up,
                                               "zero_health", not card.face_up, card.controller))

    def _break(self, card: Card, reason: str) -> bool:
        """Break a card; True if it left the field, False if it survived."""
        if not on_field(card):
            return False
        if has_status(self, card, "protected"):
            self.out.append(ev.CardBroken(card.uid, card.cid, True))
            if self.pool[card.cid].is_phantom and health(self, card) == 0:
                card.zero_ok = True
                self._lock_defense(card)
            return False
        self.out.append(ev.CardBroken(card.uid, card.cid, False))
        self._move(card, Zone.GRAVE, -1, card.owner, True, True, "break")
        self._fire("broken", card)
        return True
