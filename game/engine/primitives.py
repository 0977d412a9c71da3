"""The small state changes every rule is built from: moving cards, LP, SP, Health, Break."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .members import zones as Zones
from .model import PILE_ZONES, Card, Zone
from .notice import fire
from .query import (
    active_statics,
    field_phantoms,
    has_status,
    health,
    health_bonus,
    max_health,
    on_field,
    stats_of,
)
from .views import hidden_from

if TYPE_CHECKING:
    from .core import DuelCore

# Each primitive emits the events a client animates from.


# ------------------------------------------------------------ primitives
def move(duel: DuelCore, card: Card, zone: Zone, index: int, controller: int, face_up: bool,
          attack_pos: bool, reason: str) -> Card:
    """Move a card; piles belong to the owner, slots to `controller`. Returns the card as the
    duel now holds it: a card leaving the Deck becomes a new object (`DuelState.copy`
    shares Deck cards between a duel and its clones, so none is ever changed in place);
    a caller that reads the card after moving it reads the one returned."""
    from_zone, from_index = card.zone, card.index
    if from_zone is Zones.DECK:
        card = duel.state.cards[card.uid] = card.copy()
    src = duel.state.players[card.controller]
    caches = duel.caches
    if from_zone in PILE_ZONES:
        duel.state.players[card.owner].pile(from_zone).remove(card.uid)
    else:
        src.slots[from_zone][from_index] = None
        caches.slot_changed(card.controller, from_zone)
    leaving_field = from_zone not in PILE_ZONES
    cdef = duel.defs[card.cid]
    if zone is Zones.HAND and cdef.extra:
        zone = Zones.EXTRA  # Extra Deck Phantoms go back to the Extra Deck
    if zone in PILE_ZONES:
        owner = duel.state.players[card.owner]
        owner.pile(zone).append(card.uid)
        card.controller = card.owner
        card.index = -1
        card.face_up = zone is Zones.GRAVE or (zone is Zones.EXTRA and face_up)
        card.attack_pos = True
        if leaving_field:
            card.reset()
    else:
        duel.state.players[controller].slots[zone][index] = card.uid
        card.controller = controller
        card.index = index
        card.face_up = face_up
        card.attack_pos = attack_pos
        caches.slot_changed(controller, zone)
    card.zone = zone
    card.moves += 1
    facts = duel.index
    cid = card.cid
    caches.moved(card.uid, zone, facts.printed[cid],  # printed: the clients' default
                 card.uid in caches.static_cards or zone is Zones.ENV or from_zone is Zones.ENV,
                 cid in facts.active_cids, _responder(duel, cid, zone))
    # `_value_`, not `.value`: the same string, without Python 3.11's slow enum property
    duel.out.append(ev.card_moved(card.uid, card.cid, card.owner, card.controller,
                                 from_zone._value_, from_index, zone._value_, card.index,
                                 card.face_up, card.attack_pos, reason,
                                 *(_held(card) if card.mods or card.flags else ())))
    if zone is Zones.GRAVE:
        fire(duel, "sent_to_grave", card)
    return card


def _held(card: Card) -> tuple[tuple[tuple[str, int, int], ...], tuple[tuple[str, int], ...]]:
    """A card's modifiers and statuses as its move or turn tells them: a seat that could not
    see it was told none of them, and learns them when it comes into sight (RULES.md I12)."""
    return card.mods, card.flags


def _turned(card: Card, reason: str) -> ev.PositionChanged:
    return ev.position_changed(card.uid, card.cid, card.attack_pos, card.face_up, reason,
                               not card.face_up, card.controller,
                              *(_held(card) if card.mods or card.flags else ()))


def _responder(duel: DuelCore, cid: str, zone: Zone) -> bool:
    """Can a card of `cid` answer a Step from `zone` (a field slot, or a Spirit in hand)?"""
    index = duel.index
    return cid in index.response_cids and (
        zone not in PILE_ZONES or (zone is Zones.HAND and cid in index.spirit_cids))


def draw(duel: DuelCore, player: int, n: int, reason: str) -> int:
    deck = duel.state.players[player].deck
    drawn = 0
    for _ in range(n):
        if not deck:
            break
        move(duel, duel.state.cards[deck[-1]], Zones.HAND, -1, player, False, True, reason)
        drawn += 1
    return drawn


def set_face(duel: DuelCore, card: Card, face_up: bool, reason: str) -> None:
    if card.face_up == face_up:
        return
    card.face_up = face_up
    duel.caches.field_changed()
    if card.uid in duel.caches.static_cards:
        duel.caches.statics_moved()
    duel.out.append(_turned(card, reason))
    # who may see it changed: a revealed card is shown as printed until told otherwise
    duel.caches.shown_printed(card.uid, duel.index.printed[card.cid])
    duel.caches.stats_changed(card.uid)
    if face_up:
        duel.out.append(ev.Revealed(card.uid, card.cid, card.controller))
        if duel.defs[card.cid].is_phantom:
            fire(duel, "flipped", card)


def change_lp(duel: DuelCore, player: int, delta: int, reason: str, check: bool = True) -> None:
    """Change LP; `check=False` lets one effect hit both players before anyone loses."""
    duel.caches.conditions_changed()
    ps = duel.state.players[player]
    before = ps.lp
    ps.lp = max(0, before + delta)
    if ps.lp != before:
        duel.out.append(ev.LpChanged(player, before, ps.lp, reason))
    if check:
        check_lp(duel)


def check_lp(duel: DuelCore) -> None:
    players = duel.state.players
    zero0 = players[0].lp == 0
    zero1 = players[1].lp == 0
    if zero0 and zero1:
        end(duel, -1, "both players reached 0 LP")
    elif zero0 or zero1:
        loser = 0 if zero0 else 1
        end(duel, 1 - loser, f"player {loser + 1} reached 0 LP")


def end(duel: DuelCore, winner: int, reason: str) -> None:
    """The duel is decided: recorded in the state (`ending`); it ends once the Step (or
    game action, or Draw Phase) that decided it is complete with all its consequences and
    state checks (`flow.finish`). Both players losing by the same Step is a draw."""
    st = duel.state
    if st.winner is not None:
        return
    pending = st.ending
    if pending is None or pending[0] == winner:
        st.ending = (winner, reason)
    elif pending[0] != -1:
        st.ending = (-1, "both players lost by the same Step")


def change_sp(duel: DuelCore, player: int, delta: int, reason: str) -> None:
    duel.caches.conditions_changed()
    ps = duel.state.players[player]
    before = ps.sp
    after = max(0, before + delta)
    cap = duel.rules.sp_cap
    if cap is not None and delta > 0 and reason == "draw_phase":  # the cap cuts only this (S1a)
        after = min(after, max(cap, before))
    ps.sp = after
    if after != before:
        duel.out.append(ev.sp_changed(player, before, after, reason))


def apply_damage(duel: DuelCore, card: Card, amount: int) -> bool:
    """Lower a Phantom's Health (not below 0); True if it is now at 0."""
    if amount <= 0 or not on_field(card):
        return False
    settle_health(duel, card)  # damage meets the bonuses it has now
    before = health(duel, card)
    mh = max_health(duel, card)
    card.damage = min(mh, card.damage + amount)
    duel.caches.conditions_changed()  # what a heal could do (query.could_change) changed
    duel.caches.stats_changed(card.uid)
    after = max(0, mh - card.damage)
    duel.out.append(ev.HealthChanged(card.uid, before, after, mh, False, hidden_from(duel, card.uid)))
    return after == 0


def damage_card(duel: DuelCore, card: Card, amount: int) -> None:
    if apply_damage(duel, card, amount):
        break_card(duel, card, "health")


def heal_card(duel: DuelCore, card: Card, amount: int) -> None:
    if amount <= 0 or not on_field(card) or (card.damage == 0 and card.face_up):
        return  # a face-down Phantom is told healed either way: its opponent may not learn
        # from the event's absence that it was at full Health (RULES.md I13)
    before = health(duel, card)
    card.damage = max(0, card.damage - amount)
    duel.caches.conditions_changed()
    duel.caches.stats_changed(card.uid)
    if health(duel, card) > 0:
        card.zero_ok = False
    duel.out.append(ev.HealthChanged(card.uid, before, health(duel, card), max_health(duel, card),
                                     True, hidden_from(duel, card.uid)))


def maybe_state_check(duel: DuelCore) -> None:
    """Run the 0-Health check only when something could have lowered a Health: damage
    handles its own Break, so that leaves lowered stats (modify, end of turn) and
    continuous Health bonuses that may have stopped applying."""
    active_statics(duel)  # a change in Health bonuses marks Health dirty
    if duel.caches.health_dirty:
        duel.caches.state_checked(health_too=True)
        state_check(duel)
    else:
        duel.caches.state_checked(health_too=False)


def reindex_field(duel: DuelCore) -> None:
    """Rebuild what the duel keeps about the field after cards were placed directly
    (position builder, loading a save)."""
    caches = duel.caches
    cards = duel.state.cards
    on_field = {u for u in caches.static_cards if cards[u].zone not in PILE_ZONES}
    responders = {c.uid for c in cards if _responder(duel, c.cid, c.zone)}
    caches.reindex(on_field, responders)
    # a loaded or built position is shown whole by its view: nothing is left to tell
    caches.all_told({c.uid: stats_of(duel, c) for c in cards if c.zone is not Zones.DECK})


def state_check(duel: DuelCore) -> None:
    """A Phantom at 0 Health that has not survived a Break is Broken now, whatever took
    its Health there (damage, a lost bonus, a lowered stat); survivors lock in Defense."""
    duel.caches.state_checked(health_too=False)
    active_statics(duel)
    weakening = duel.caches.statics_weaken
    for p in (0, 1):
        # the Phantoms as they stand now: a Break empties a slot, and nothing here fills one
        for card in field_phantoms(duel, p):
            if card.damage or card.health_bonus:  # damage meets a bonus only once taken
                settle_health(duel, card)
            if not card.damage and not card.mods and not weakening:
                continue  # full Health, nothing lowering it
            if health(duel, card) > 0:
                continue
            if card.zero_ok:
                lock_defense(duel, card)
            else:
                break_card(duel, card, "health")
            if duel.state.winner is not None:
                return


def settle_health(duel: DuelCore, card: Card) -> None:
    """Health bonuses (rulings): a gained bonus raises current and max Health; when it ends
    the max falls back and the current Health falls only to that max if it is above it, so
    the end of a bonus never Breaks by itself. Damage taken meanwhile stays taken."""
    if not duel.defs[card.cid].is_phantom:
        return
    bonus = health_bonus(duel, card)
    lost = card.health_bonus - bonus
    if lost > 0 and card.damage:
        card.damage = max(0, card.damage - lost)
        duel.caches.conditions_changed()
        duel.caches.stats_changed(card.uid)
    card.health_bonus = bonus


def set_position(duel: DuelCore, card: Card, attack: bool, reason: str) -> None:
    """Turn a field Phantom to Attack (`attack`) or Defense Position."""
    card.attack_pos = attack
    duel.caches.field_changed()
    duel.caches.stats_changed(card.uid)  # "Attack Position" effects may apply now
    duel.out.append(_turned(card, reason))


def add_modifier(duel: DuelCore, card: Card, stat: str, amount: int, expires: int) -> None:
    """A stat modifier until the end of turn `expires` (-1: lasting); it may lower a
    Health, so the state check runs."""
    card.mods = (*card.mods, (stat, amount, expires))
    caches = duel.caches
    if expires >= 0:
        caches.timed_change(card.uid)
    caches.health_may_drop()
    caches.stats_changed(card.uid)


def add_status(duel: DuelCore, card: Card, status: str, expires: int) -> None:
    """A status (protected, cannot_attack) until the end of turn `expires` (-1: lasting)."""
    card.flags = (*card.flags, (status, expires))
    caches = duel.caches
    if expires >= 0:
        caches.timed_change(card.uid)
    caches.field_changed()
    caches.stats_changed(card.uid)


def lock_defense(duel: DuelCore, card: Card) -> None:
    if card.attack_pos and duel.defs[card.cid].is_phantom and health(duel, card) == 0:
        card.attack_pos = False
        duel.caches.field_changed()
        duel.caches.stats_changed(card.uid)
        duel.out.append(_turned(card, "zero_health"))


def break_card(duel: DuelCore, card: Card, reason: str) -> bool:
    """Break a card; True if it left the field, False if it survived."""
    if not on_field(card):
        return False
    if has_status(duel, card, "protected"):
        duel.out.append(ev.CardBroken(card.uid, card.cid, True, not card.face_up, card.controller))
        if duel.defs[card.cid].is_phantom and health(duel, card) == 0:
            card.zero_ok = True
            lock_defense(duel, card)
        return False
    duel.out.append(ev.CardBroken(card.uid, card.cid, False, not card.face_up, card.controller))
    move(duel, card, Zones.GRAVE, -1, card.owner, True, True, "break")
    fire(duel, "broken", card)
    return True
