"""Side-effect-free questions about a duel: stats with modifiers, selectors, conditions.

Everything here reads the state and changes nothing, so legality checks, the UI and the AI
can call it freely.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast
from weakref import ref

from .carddefs import Ability, CardDef, Condition, Effect, Selector, StaticEffect, answers_kinds
from .carddefs import has_real_condition as has_real_condition  # its users' old import
from .members import card_types as CardTypes
from .members import phases as Phases
from .members import zones as Zones
from .model import PILE_ZONES, Card, Phase, Stats, Step, Zone

if TYPE_CHECKING:
    from .caches import ActiveStatic
    from .core import DuelCore
    from .index import StaticPair

_ZONE_OF = {z.value: z for z in Zone}


def compare(a: int, op: str, b: int) -> bool:
    if op == ">=":
        return a >= b
    if op == "<=":
        return a <= b
    if op == "==":
        return a == b
    if op == ">":
        return a > b
    if op == "<":
        return a < b
    return a != b


def env_users(duel: DuelCore, card: Card) -> tuple[int, ...]:
    """Who an Environment works for: both players when it is alone, else its controller."""
    envs = 0
    for p in duel.state.players:
        if p.slots[Zones.ENV][0] is not None:
            envs += 1
    return (0, 1) if envs == 1 else (card.controller,)


def card_users(duel: DuelCore, card: Card) -> tuple[int, ...]:
    if card.zone is Zones.ENV:
        return env_users(duel, card)
    return (card.controller,)


def active_statics(duel: DuelCore) -> list[ActiveStatic]:
    """[(card, StaticEffect, user, condition)] for every face-up static ability on the field
    (conditions are checked when the effect is read).

    It answers from `duel.caches` and, after a field change, refills that cache: the one
    write of this module, through `Caches.statics_found`, which also notes the effects that
    came or went (to tell players) and whether a Health bonus may have ended."""
    caches = duel.caches
    if caches.statics_version == caches.field_version:
        return caches.statics
    if caches.statics_read == caches.statics_reads:  # no card it reads moved or turned over
        caches.statics_same()
        return caches.statics
    found: list[ActiveStatic] = []
    cards = duel.state.cards
    static_cards = caches.static_cards
    alone = -1  # is an Environment alone on the field (worked out when first needed)
    for uid in caches.static_on_field:
        card = cards[uid]
        if not card.face_up:
            continue
        effects = static_cards[uid]
        if card.zone is Zones.ENV:
            if alone < 0:
                alone = len(env_users(duel, card)) == 2
            _env_statics(card, effects, found, bool(alone))
            continue
        user = card.controller
        for eff, cond in effects:
            found.append((card, eff, user, cond))
    old = caches.statics
    changed: list[ActiveStatic] = []
    if (found or old) and not _same_effects(old, found):
        # continuous effects came or went: what they reach may differ
        old_keys = _effect_keys(old)
        new_keys = _effect_keys(found)
        changed = ([s for s, k in zip(found, new_keys, strict=True) if k not in old_keys]
                   + [s for s, k in zip(old, old_keys, strict=True) if k not in new_keys])
    cond_any = sp_any = health_now = cond_health = weaken = False
    for _, eff, _, cond in found:
        if cond is not None or eff.affects.stats:
            cond_any = True
        if eff.sp_cost:
            sp_any = True
        if eff.health:
            health_now = True
            if cond is not None:
                cond_health = True
            if eff.health < 0:
                weaken = True
    caches.statics_found(found, changed, cond=cond_any, sp=sp_any, health=health_now,
                         cond_health=cond_health, weaken=weaken)
    return found


def _effect_keys(found: list[ActiveStatic]) -> list[tuple[int, StaticEffect, int]]:
    return [(c.uid, eff, user) for c, eff, user, _ in found]  # compared by identity first


def _same_effects(old: list[ActiveStatic], new: list[ActiveStatic]) -> bool:
    """`_effect_keys(old) == _effect_keys(new)`, without building them (the usual answer)."""
    if len(old) != len(new):
        return False
    for (c1, e1, u1, _), (c2, e2, u2, _) in zip(old, new, strict=True):
        if c1.uid != c2.uid or (e1 is not e2 and e1 != e2) or u1 != u2:
            return False
    return True


def _env_statics(card: Card, effects: tuple[StaticPair, ...], found: list[ActiveStatic],
                 alone: bool) -> None:
    """An Environment alone on the field works for both players: an effect on "your" cards
    applies for each of them, one on every card applies once. With two out, each affects
    only its controller and that player's cards (book)."""
    me = card.controller
    for eff, cond in effects:
        side = eff.affects.side
        if alone:
            if side == "any":
                found.append((card, eff, me, cond))
            else:
                for user in (0, 1):
                    found.append((card, eff, user, cond))
        elif side == "you":
            found.append((card, eff, me, cond))
        elif side == "any":
            found.append((card, eff.own_cards_only, me, cond))
        # side "opponent" with two Environments out: it affects nobody


def _static_applies(duel: DuelCore, src: Card, eff: StaticEffect, user: int,
                    cond: Condition | None, card: Card) -> bool:
    # matches(duel, eff.affects, card, user, src.uid, base=True), written out: the
    # stats of every changed card ask it of every continuous effect
    sel = eff.affects
    mode, _zones, test, _, _ = sel.plan_ or _selector_plan(sel)
    if mode == 0:
        if card.controller != user:
            return False
    elif mode == 1 and card.controller == user:
        return False
    if card.zone not in sel.zones or (test is not None and not test(duel, card, src.uid, True)):
        return False
    if cond is None:
        return True
    caches = duel.caches
    if caches.static_depth:  # a condition that reads stats does not see conditional statics
        return False
    caches.enter_condition()
    try:
        return check(duel, cond, user, src.uid)
    finally:
        caches.leave_condition()


def _static_sum(duel: DuelCore, card: Card, stat: str) -> int:
    total = 0
    caches = duel.caches
    for src, eff, user, cond in (caches.statics if caches.statics_version
                                 == caches.field_version else active_statics(duel)):
        amount = getattr(eff, stat)
        if amount and _static_applies(duel, src, eff, user, cond, card):
            total += amount
    return total


def _mod_sum(duel: DuelCore, card: Card, stat: str) -> int:
    total = 0
    turn = duel.state.turn
    for mstat, amount, expires in card.mods:
        if mstat == stat and (expires < 0 or expires >= turn):
            total += amount
    return total


def field_phantoms(duel: DuelCore, player: int) -> list[Card]:
    """The Phantoms `player` controls, in slot order (Phantom slots hold only Phantoms; Side
    Balance slots may hold Spirits and Counters too), kept per the player's slot version (it
    reads only which card is in which slot): the kept list itself, never to be changed."""
    kept = duel.caches.phantoms[player]
    if kept[0] == duel.caches.slot_versions[player * 2]:
        return kept[1]
    return _field_lists(duel, player)[0]


def field_cards(duel: DuelCore, player: int) -> list[Card]:
    """Every card in `player`'s Phantom and Side Balance slots, in slot order (where a
    selector looks by default), kept as `field_phantoms` is."""
    kept = duel.caches.phantoms[player]
    if kept[0] == duel.caches.slot_versions[player * 2]:
        return kept[2]
    return _field_lists(duel, player)[1]


def _field_lists(duel: DuelCore, player: int) -> tuple[list[Card], list[Card]]:
    caches = duel.caches
    slots = duel.state.players[player].slots
    cards = duel.state.cards
    phantoms = []  # (plain loops: a comprehension is a call of its own on Python 3.11)
    for u in slots[Zones.PHANTOM]:
        if u is not None:
            phantoms.append(cards[u])
    every = phantoms[:]
    phantom_cids = duel.index.phantom_cids
    for u in slots[Zones.SIDE]:
        if u is not None:
            card = cards[u]
            every.append(card)
            if card.cid in phantom_cids:
                phantoms.append(card)
    caches.keep_phantoms(player, caches.slot_versions[player * 2], phantoms, every)
    return phantoms, every


def on_field(card: Card) -> bool:
    return card.zone not in PILE_ZONES


def _field_stat(duel: DuelCore, card: Card, base: int, stat: str) -> int:
    """A printed stat plus modifiers and continuous effects (printed value off the field)."""
    if card.zone in PILE_ZONES:  # on_field, without the call
        return base
    caches = duel.caches
    statics = caches.statics if caches.statics_version == caches.field_version \
        else active_statics(duel)
    if not card.mods and not statics:
        return base
    return max(0, base + _mod_sum(duel, card, stat) + _static_sum(duel, card, stat))


def atk(duel: DuelCore, card: Card) -> int:
    return _field_stat(duel, card, duel.defs[card.cid].atk, "atk")


def max_health(duel: DuelCore, card: Card) -> int:
    """`_field_stat` for Health, skipping the sums when no continuous effect in force
    changes a Health (`Caches.statics_health`) and the card has no modifier."""
    base = duel.defs[card.cid].health
    if card.zone in PILE_ZONES:
        return base
    caches = duel.caches
    if caches.statics_version != caches.field_version:
        active_statics(duel)
    if not card.mods and not caches.statics_health:
        return base
    return max(0, base + _mod_sum(duel, card, "health") + _static_sum(duel, card, "health"))


def health(duel: DuelCore, card: Card) -> int:
    """Max Health less damage (`max_health` written out: listing asks it of every Phantom)."""
    base = duel.defs[card.cid].health
    if card.zone in PILE_ZONES:
        return max(0, base - card.damage)
    caches = duel.caches
    if caches.statics_version != caches.field_version:
        active_statics(duel)
    if card.mods or caches.statics_health:
        base = max(0, base + _mod_sum(duel, card, "health") + _static_sum(duel, card, "health"))
    return max(0, base - card.damage)


def sp_cost(duel: DuelCore, card: Card) -> int:
    cdef = duel.defs[card.cid]
    caches = duel.caches
    if not card.mods and not caches.static_cards:
        return cdef.level
    statics = caches.statics if caches.statics_version == caches.field_version \
        else active_statics(duel)
    if not card.mods and (not statics or not caches.statics_sp):  # nothing changes SP Costs
        return cdef.level
    return max(0, cdef.level + _mod_sum(duel, card, "sp_cost") + _static_sum(duel, card, "sp_cost"))


STATUSES = ("protected", "cannot_attack")


def stats_of(duel: DuelCore, card: Card) -> Stats:
    """(ATK, Health, max Health, SP Cost, statuses) as a player sees them (None for the
    stats of a card that is not a Phantom): the same numbers as atk(), health(), max_health(),
    sp_cost() and has_status(), in one pass over the continuous effects."""
    on = card.zone not in PILE_ZONES
    cdef = duel.defs[card.cid]
    turn = duel.state.turn
    da = dh = dc = 0
    for mstat, amount, expires in card.mods:
        if expires < 0 or expires >= turn:
            if mstat == "atk":
                da += amount
            elif mstat == "health":
                dh += amount
            elif mstat == "sp_cost":
                dc += amount
    prot = cant = False
    for flag, expires in card.flags:
        if expires < 0 or expires >= turn:
            if flag == "protected":
                prot = True
            elif flag == "cannot_attack":
                cant = True
    caches = duel.caches
    if caches.static_cards:
        statics = caches.statics if caches.statics_version == caches.field_version \
            else active_statics(duel)
        for src, eff, user, cond in statics:
            if on:
                if not eff.shows:
                    continue
            elif not eff.sp_cost:
                continue
            if not _static_applies(duel, src, eff, user, cond, card):
                continue
            dc += eff.sp_cost
            if on:
                da += eff.atk
                dh += eff.health
                prot = prot or eff.protected
                cant = cant or eff.cannot_attack
    statuses: tuple[str, ...] = ()
    if on and (prot or cant):
        statuses = ("protected", "cannot_attack") if prot and cant else \
            ("protected",) if prot else ("cannot_attack",)
    if not cdef.is_phantom:
        return (None, None, None, None, statuses)
    if on:
        a = max(0, cdef.atk + da)
        mh = max(0, cdef.health + dh)
    else:
        a = cdef.atk
        mh = cdef.health
    return (a, max(0, mh - card.damage), mh, max(0, cdef.level + dc), statuses)


def health_bonus(duel: DuelCore, card: Card) -> int:
    """The Health a field Phantom has from bonuses now: its live positive Health modifiers
    and the positive Health of the continuous effects that apply to it."""
    total = 0
    turn = duel.state.turn
    for mstat, amount, expires in card.mods:
        if mstat == "health" and amount > 0 and (expires < 0 or expires >= turn):
            total += amount
    if duel.caches.static_cards:
        for src, eff, user, cond in active_statics(duel):
            if eff.health > 0 and _static_applies(duel, src, eff, user, cond, card):
                total += eff.health
    return total


def has_status(duel: DuelCore, card: Card, status: str) -> bool:
    turn = duel.state.turn
    for flag, expires in card.flags:
        if flag == status and (expires < 0 or expires >= turn):
            return True
    if card.zone not in PILE_ZONES:  # on_field, without the call
        for src, eff, user, cond in active_statics(duel):
            if getattr(eff, status) and _static_applies(duel, src, eff, user, cond, card):
                return True
    return False


def stat_value(duel: DuelCore, card: Card, stat: str, base: bool = False) -> int:
    cdef = duel.defs[card.cid]
    if base:
        if stat == "sp_cost":
            return cdef.level
        if stat == "max_health":
            return cdef.health
        if stat == "health":
            return max(0, cdef.health - card.damage)
        return cast(int, getattr(cdef, stat))  # a numeric field of CardDef
    if stat == "atk":
        return atk(duel, card)
    if stat == "health":
        return health(duel, card)
    if stat == "max_health":
        return max_health(duel, card)
    if stat == "sp_cost":
        return sp_cost(duel, card)
    return cdef.level


# ------------------------------------------------------------ selectors
# A selector is planned once (carddefs.Planned): its side as a number, its zones, and a card
# test holding only the tests it has. What depends only on the card's definition (type,
# id, tags, Extra Deck) is worked out once per card id and kept in the plan, checked
# against the duel's definition each time (another pool may define the id differently).

CardTest = Callable[["DuelCore", Card, int, bool], bool]


# card id -> (its definition, weakly, and what the selector's definition tests say of it):
# a selector's kept answers, each checked against the duel's own definition when read
# (another pool may define the id differently; weakly, so card data and its plans never
# hold each other)
Known = dict[str, tuple["ref[CardDef]", bool]]


# (0 you | 1 opponent | 2 both, (Zone, is a pile) per zone, the card test or None: none,
# for a selector that tests only the definition its kept answers and that test, and
# whether its zones are the Phantom and Side Balance slots, in that order: `field_cards`)
SelectorPlan = tuple[int, tuple[tuple[Zone, bool], ...], "CardTest | None",
                     "tuple[Known, Callable[[CardDef], bool]] | None", bool]
_FIELD_KEYS = ((Zone.PHANTOM, False), (Zone.SIDE, False))


def _selector_plan(sel: Selector) -> SelectorPlan:
    side = sel.side
    mode = 0 if side == "you" else 1 if side == "opponent" else 2
    field = sel.zone_keys == _FIELD_KEYS
    if sel.only_where:
        return sel.keep_plan((mode, sel.zone_keys, None, None, field))
    test, static = _card_test(sel)
    return sel.keep_plan((mode, sel.zone_keys, test, static, field))


def _card_test(sel: Selector) -> tuple[CardTest, tuple[Known, Callable[[CardDef], bool]] | None]:
    """The selector's tests about the card itself (side and zone aside), as one function;
    and, if it tests nothing but the card's definition, the kept answers and that test."""
    this_mode = sel.this
    types, card_id, tags, extra = sel.types, sel.card, sel.tags, sel.extra
    position, face, stats = sel.position, sel.face, sel.stats
    want_attack = position == "attack"
    want_up = face == "up"

    def by_definition(cdef: CardDef) -> bool:
        if types and cdef.type not in types:
            return False
        if card_id is not None and cdef.id != card_id:
            return False
        if tags:
            for tag in tags:
                if tag in cdef.tags:
                    break
            else:
                return False
        if extra is not None and cdef.extra != extra:
            return False
        return not (position is not None and cdef.type is not CardTypes.PHANTOM)

    by_cid: Known = {}
    dynamic = position is not None or face is not None or bool(stats)

    def test(duel: DuelCore, card: Card, this: int, base: bool = False) -> bool:
        if this_mode != "any":
            if this_mode == "only":
                if card.uid != this:
                    return False
            elif card.uid == this:
                return False
        cid = card.cid
        cdef = duel.defs[cid]
        got = by_cid.get(cid)
        if got is None or got[0]() is not cdef:
            got = by_cid[cid] = (ref(cdef), by_definition(cdef))
        if not got[1]:
            return False
        if not dynamic:
            return True
        if position is not None:
            if card.zone in PILE_ZONES or card.attack_pos != want_attack:
                return False
        if face is not None and card.face_up != want_up:
            return False
        for st in stats:
            if not compare(stat_value(duel, card, st.stat, base), st.op, st.value):
                return False
        return True

    return test, None if dynamic or this_mode != "any" else (by_cid, by_definition)


def matches(duel: DuelCore, sel: Selector, card: Card, you: int, this: int, base: bool = False,
            any_zone: bool = False) -> bool:
    """Does `card` match `sel`, read from player `you`'s side, for ability card `this`?
    `any_zone` skips the zone test (a Broken card is matched as it was on the field)."""
    mode, _zones, test, _, _ = sel.plan_ or _selector_plan(sel)
    if mode == 0:
        if card.controller != you:
            return False
    elif mode == 1 and card.controller == you:
        return False
    if not any_zone and card.zone not in sel.zones:  # str enums compare equal to their values
        return False
    return test is None or test(duel, card, this, base)


def any_match(duel: DuelCore, sel: Selector, you: int, this: int, phantom: bool = False) -> bool:
    """Does any card match `sel` (and, with `phantom`, is a Phantom)? Stops at the first."""
    mode, zones, test, _, _ = sel.plan_ or _selector_plan(sel)
    sides = (you,) if mode == 0 else (1 - you,) if mode == 1 else (0, 1)
    cards = duel.state.cards
    pool = duel.defs
    for p in sides:
        ps = duel.state.players[p]
        for zone, is_pile in zones:
            for uid in (ps.pile(zone) if is_pile else ps.slots[zone]):
                if uid is None:
                    continue
                card = cards[uid]
                if phantom and not pool[card.cid].is_phantom:
                    continue
                if test is None or test(duel, card, this, False):
                    return True
    return False


def select(duel: DuelCore, sel: Selector, you: int, this: int) -> list[int]:
    """Every card matching `sel`, in a stable order (player, zone, slot or pile order)."""
    mode, zones, test, static, field = sel.plan_ or _selector_plan(sel)
    if field:  # the Phantom and Side Balance slots (the usual): the cards kept there
        cards = field_cards(duel, you if mode == 0 else 1 - you) if mode != 2 else \
            field_cards(duel, 0) + field_cards(duel, 1)
    else:
        cards = _zone_cards(duel, zones, (you,) if mode == 0 else (1 - you,) if mode == 1
                            else (0, 1))
    found: list[int] = []
    # one loop per kind of test (the hot path of listing: no call per card where the
    # selector tests only the card's definition, whose answers the plan keeps)
    if static is not None:
        known, by_definition = static
        pool = duel.defs
        for card in cards:
            cid = card.cid
            cdef = pool[cid]
            got = known.get(cid)
            if got is None or got[0]() is not cdef:
                got = known[cid] = (ref(cdef), by_definition(cdef))
            if got[1]:
                found.append(card.uid)
    elif test is None:
        for card in cards:
            found.append(card.uid)
    else:
        for card in cards:
            if test(duel, card, this, False):
                found.append(card.uid)
    return found


def _zone_cards(duel: DuelCore, zones: tuple[tuple[Zone, bool], ...],
                sides: tuple[int, ...]) -> list[Card]:
    """The cards in `zones` (each with whether it is a pile) of the players `sides`, in
    player, zone and slot or pile order."""
    cards = duel.state.cards
    found: list[Card] = []
    for p in sides:
        ps = duel.state.players[p]
        slots = ps.slots
        for zone, is_pile in zones:
            for uid in (ps.pile(zone) if is_pile else slots[zone]):
                if uid is not None:
                    found.append(cards[uid])
    return found


def count(duel: DuelCore, sel: Selector, you: int, this: int) -> int:
    """How many cards match `sel`: `select`'s answer, but for a selector of the Phantom
    and Side Balance slots with nothing else to test (their kept lists' sizes)."""
    mode, _zones, test, static, field = sel.plan_ or _selector_plan(sel)
    if field and test is None and static is None:
        if mode == 2:
            return len(field_cards(duel, 0)) + len(field_cards(duel, 1))
        return len(field_cards(duel, you if mode == 0 else 1 - you))
    return len(select(duel, sel, you, this))


def sees(card: Card, viewer: int) -> bool:
    """May player `viewer` see what `card` is now (rules-decisions.md, Hidden information)?
    The one answer: views, event redaction and target choices all ask it."""
    zone = card.zone
    if zone is Zones.DECK:
        return False
    if zone is Zones.HAND or zone is Zones.EXTRA:
        return card.owner == viewer
    if zone is Zones.GRAVE:
        return True
    return card.face_up or card.controller == viewer


_BACKROW_TYPES = frozenset((CardTypes.SPIRIT, CardTypes.COUNTER))
_PHANTOM_TYPE = frozenset((CardTypes.PHANTOM,))
_ENV_TYPE = frozenset((CardTypes.ENVIRONMENT,))


def judged_blind(duel: DuelCore, sel: Selector, card: Card) -> bool:
    """Can a player who cannot see `card` tell whether it passes `sel`'s tests (RULES.md
    I17)? They know its side, place, face and position; of a field card also whether it is
    a Phantom (a Summon put it there, not a Set; a Phantom slot holds nothing else); of an
    Extra Deck card that it is an Extra Deck Phantom. Nothing else: not its name, tags or
    stats, nor a Spirit from a Counter."""
    if sel.card is not None or sel.tags or sel.stats:
        return False
    zone = card.zone
    if sel.extra is not None and zone is not Zones.EXTRA:
        return False
    if not sel.types:
        return True
    if zone is Zones.HAND or zone is Zones.DECK:
        return False
    if zone is Zones.EXTRA:
        could = _PHANTOM_TYPE
    elif zone is Zones.ENV:
        could = _ENV_TYPE
    else:
        could = _PHANTOM_TYPE if duel.defs[card.cid].is_phantom else _BACKROW_TYPES
    types = sel.types
    inside = sum(1 for t in could if t in types)
    return inside == 0 or inside == len(could)  # all of them pass, or none does


def choosable(duel: DuelCore, sel: Selector, you: int, this: int) -> list[int]:
    """The cards player `you` may choose as targets of `sel` (for ability card `this`): those
    `select` finds, less every card `you` cannot see whose match depends on what it really
    is (RULES.md I17): a face-down card is offered only as what its chooser can see of it, so
    neither the targets offered nor whether an ability may be used tells what it is."""
    found = select(duel, sel, you, this)
    if not (sel.types or sel.tags or sel.stats or sel.card is not None or sel.extra is not None):
        return found  # side, place, position and face: seen by everyone
    cards = duel.state.cards
    kept: list[int] = []
    for uid in found:
        card = cards[uid]
        if sees(card, you) or judged_blind(duel, sel, card):
            kept.append(uid)
    return kept


def _counted_as_seen(sel: Selector) -> bool:
    """Does `count` give what `sel`'s player can judge of every card it could count (so the
    blind filter of `choosable` may be skipped)? Yes when it asks only what everyone sees
    (side, place, face, position), or only of the player's own cards outside the deck (their
    field, hand, Extra Deck and Graveyard, all seen by them): every shipped count."""
    if not (sel.types or sel.tags or sel.stats or sel.card is not None or sel.extra is not None):
        return True
    return sel.side == "you" and all(zone is not Zones.DECK for zone, _pile in sel.zone_keys)


def reachable(duel: DuelCore, sel: Selector, you: int) -> list[int]:
    """Every card on the sides and in the zones `sel` names, whatever its other tests say:
    the cards a continuous effect with that selector could reach (its stat tests read
    printed stats, its position and face tests change with the card)."""
    found: list[int] = []
    side = sel.side
    sides = (you,) if side == "you" else (1 - you,) if side == "opponent" else (0, 1)
    for p in sides:
        ps = duel.state.players[p]
        slots = ps.slots
        for zone, is_pile in sel.zone_keys:
            for uid in (ps.pile(zone) if is_pile else slots[zone]):
                if uid is not None:
                    found.append(uid)
    return found


# ------------------------------------------------------------ conditions
# A condition is planned once too (carddefs.Planned): a function of (duel, you, this,
# responding) per kind, its numbers and children taken out of the data beforehand.

CondTest = Callable[["DuelCore", int, int, "Step | None"], bool]


def condition_plan(cond: Condition) -> CondTest:
    """The condition's test, planned once (`check` without the call: hot loops read
    `cond.plan_ or condition_plan(cond)` themselves)."""
    return cond.keep_plan(_plan_condition(cond))


_LOWEST, _HIGHEST = -(1 << 62), 1 << 62  # "no bound" (every count, LP or SP is between)


def _plan_condition(cond: Condition) -> CondTest:
    kind = cond.kind
    # the bounds as numbers, compared in the plan itself (a bounds function is a call more)
    lo = _LOWEST if cond.min is None else cond.min
    hi = _HIGHEST if cond.max is None else cond.max
    other = cond.player != "you"  # the player a count of LP, SP, hand or Graveyard reads
    if kind == "all":
        kids = tuple(_plan_condition(c) for c in cond.children)
        if len(kids) == 2:
            first, second = kids
            return lambda duel, you, this, r: first(duel, you, this, r) and \
                second(duel, you, this, r)

        def all_of(duel: DuelCore, you: int, this: int, r: Step | None) -> bool:
            for kid in kids:
                if not kid(duel, you, this, r):
                    return False
            return True
        return all_of
    if kind == "any":
        kids = tuple(_plan_condition(c) for c in cond.children)

        def any_of(duel: DuelCore, you: int, this: int, r: Step | None) -> bool:
            for kid in kids:
                if kid(duel, you, this, r):
                    return True
            return False
        return any_of
    if kind == "not":
        kid = _plan_condition(cond.children[0])
        return lambda duel, you, this, r: not kid(duel, you, this, r)
    if kind == "count":
        sel = cond.select
        assert sel is not None
        if _counted_as_seen(sel):
            return lambda duel, you, this, r: lo <= count(duel, sel, you, this) <= hi
        # a card its player cannot see counts only as what they see of it (RULES.md I17)
        return lambda duel, you, this, r: lo <= len(choosable(duel, sel, you, this)) <= hi
    if kind == "lp":
        return lambda duel, you, this, r: lo <= duel.state.players[1 - you if other else you].lp <= hi
    if kind == "sp":
        return lambda duel, you, this, r: lo <= duel.state.players[1 - you if other else you].sp <= hi
    if kind == "hand":
        return lambda duel, you, this, r: \
            lo <= len(duel.state.players[1 - you if other else you].hand) <= hi
    if kind == "grave":
        return lambda duel, you, this, r: \
            lo <= len(duel.state.players[1 - you if other else you].grave) <= hi
    if kind == "phase":
        values = cond.values
        return lambda duel, you, this, r: duel.state.phase._value_ in values
    if kind == "turn":
        values = cond.values

        def turn(duel: DuelCore, you: int, this: int, r: Step | None) -> bool:
            own = duel.state.turn_player == you
            return own if values[0] == "own" else not own
        return turn
    if kind == "round":
        return lambda duel, you, this, r: lo <= duel.state.round <= hi
    if kind == "responding_to":
        kinds, who, of = cond.values, cond.player, cond.select  # not `cond`: no cycle
        return lambda duel, you, this, r: _responding_to(kinds, who, of, duel, you, this, r)

    def unknown(duel: DuelCore, you: int, this: int, r: Step | None) -> bool:
        raise ValueError(f"unknown condition kind {kind!r}")
    return unknown


def _responding_to(kinds: tuple[str, ...], who: str, sel: Selector | None, duel: DuelCore,
                   you: int, this: int, responding: Step | None) -> bool:
    if responding is None:
        return False
    if not answers_kinds(kinds, responding.kind):
        return False
    if who == "you" and responding.player != you:
        return False
    if who == "opponent" and responding.player == you:
        return False
    if sel is not None:
        card = duel.state.cards[responding.card]
        if not matches(duel, sel, card, you, this):
            return False
        # a face-down Summon answered by what it is would tell it (RULES.md I17)
        return sees(card, you) or judged_blind(duel, sel, card)
    return True


def check(duel: DuelCore, cond: Condition | None, you: int, this: int,
          responding: Step | None = None) -> bool:
    """Evaluate a condition for player `you`; `responding` is the Step being answered."""
    if cond is None:
        return True
    return (cond.plan_ or condition_plan(cond))(duel, you, this, responding)


def is_main_phase(phase: Phase) -> bool:
    return phase is Phases.MAIN1 or phase is Phases.MAIN2


# ------------------------------------------------------------ could it change anything?


def could_change(duel: DuelCore, card: Card, index: int, ab: Ability, user: int,
                 event_card: int = -1) -> bool:
    """Could the ability's effects change anything now (rulings: an ability that could not
    is not activated, an optional trigger not used)? `ab` is ability `index` of the card.
    Each verb answers for its own effects
    (`Verb.could`, game/engine/verbs). Chosen targets are the legality check's business;
    everything else is looked at as the effects would find it."""
    if ab.always_acts:
        return True
    # What the effects reach changes only with the field, a card move, LP, SP, damage or an
    # attack: the answer is kept until one of those changes (listing asks it again and again).
    caches = duel.caches
    answers = caches.could_for((caches.field_version, caches.cond_version,
                                duel.state.last_attack))
    key = (card.uid, index, user, event_card)
    got = answers.get(key)
    if got is None:
        got = False
        for eff in ab.effects:
            if eff.impl.could(duel, card, ab, eff, user, event_card):
                got = True
                break
        answers[key] = got
    return got


def source_selector(eff: Effect) -> Selector:
    """The cards a special_summon or search effect picks from (see Effect.source_selector)."""
    return eff.source_selector
