"""A full duel rebuilt from what one player may know: a search AI plans on these.

An AI may not hold the real duel (it would see the opponent's hand and the deck order), so a
searching player rebuilds one from its own `PlayerView`: everything the view shows is copied,
what only the event log tells (when a Phantom was summoned, attacked or changed position,
modifiers and statuses: told as they come for a card the player sees, all at once by the move
or turn that brings a card into its sight; the loop-guard counts, the Lines' Step details) is
replayed from the log, and every card the player cannot see is *sampled*: its own deck from its own decklist,
the opponent's hidden cards from the opponent's decklist when it is known, else from the card
pool of the families the opponent has shown, minus every card already seen. Two views that
differ only in hidden cards therefore rebuild the same way for the same seed.

Pure: no clock, no global random; the sample comes from the given seed.

What cannot be rebuilt exactly raises `NotRebuildable`: a pending choice in the middle of a
resolution (its context is not in the view). A duel built from a position (a scenario or a
puzzle) has no `DuelStarted`: there the first view read is taken as the start (what it shows,
with no history before it), and the cards it does not show (both Main Decks, the opponent's
Extra Deck) are handed the remaining uids by count: no command ever names a card in a deck,
so which uid is whose does not change a decision. Triggers waiting for the Lines to resolve are
not in the view either; a rebuilt duel simply has none (`Rebuilt.exact` says whether the
rebuilt duel offers the viewer exactly the view's legal actions).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import (
    HIDDEN,
    CardDef,
    CardType,
    CardView,
    ChoiceKind,
    Duel,
    PlayerView,
    Rules,
    from_dict,
)
from game.engine import events as ev
from game.engine.carddefs import SELF_TRIGGERS
from game.engine.position import settle_health_bonuses
from game.engine.serialize import card_defaults

_SLOTS = ("phantom", "back", "side", "env")
_PILES = ("deck", "extra", "hand", "grave")
_CountKey = tuple[str | int, ...]  # ("ability", uid, ability) or (kind, uid): the loop guard
_COUNT_KEY = {"summon": "summon", "special_summon": "special_summon", "set": "set",
              "environment": "environment", "attack": "attack", "position": "position",
              "flip": "flip", "unsummon": "unsummon"}


class NotRebuildable(ValueError):
    """The view holds a state the rebuild cannot reproduce (the caller plays by rules)."""


@dataclass(frozen=True)
class HiddenGuess:
    """What the viewer knows of each seat's cards: every card id of that player's Main and
    Extra Deck (a decklist), or None to guess from the card pool."""

    decks: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)


@dataclass
class _CardMemo:
    """What the log told about one card since it last left the field."""

    summoned: int = -1
    attacked: int = -1
    battled: int = -1
    pos_changed: int = -1
    set_turn: int = -1
    sp_paid: int = 0
    entered: str = ""  # the reason of its last move onto the field
    mods: list[tuple[str, int, int]] = field(default_factory=list)  # stat, amount, turn or -1
    flags: list[tuple[str, int]] = field(default_factory=list)  # status, turn or -1
    health: tuple[int, int] | None = None  # (Health, max Health) last told


@dataclass
class _StepMemo:
    sid: int
    player: int
    kind: str
    speed: int
    card: int
    ability: int
    trigger: bool
    targets: tuple[int, ...]
    target_moves: tuple[int, ...]
    card_moves: int
    responds_to: int
    event_card: int
    negated: bool = False
    negate_break: bool = True


class Memory:
    """Everything a player remembers from the events it saw, fed incrementally so a player
    that decides often scans each event once. Pure bookkeeping over redacted events."""

    def __init__(self, seat: int, pool: Mapping[str, CardDef] | None = None) -> None:
        self.seat = seat
        self.pool = pool
        self.tables = _PoolTables(pool or {})
        self._reset()

    def _reset(self) -> None:
        """Forget the duel read so far (a new duel, or a rebuilt log)."""
        self.seen = 0
        self.first_event: ev.Event | None = None
        self.started = False
        self.from_position = False  # no DuelStarted: the first view read is the start
        self.first_player = 0
        self.owner: dict[int, int] = {}
        self.zone: dict[int, str] = {}
        self.known: dict[int, str] = {}
        self.moves: dict[int, int] = {}
        self.memo: dict[int, _CardMemo] = {}
        self.turn = 0
        self.counts: dict[_CountKey, int] = {}
        self.used: set[tuple[int, int]] = set()
        self.pending_sp = [0, 0]
        self.cost_moved: set[int] = set()
        self.last_attack: tuple[int, int] = (-1, -1)
        self.lines: list[list[int]] = []
        self.steps: dict[int, _StepMemo] = {}
        self.next_sid = 1
        self.passes = 0
        self.resolving: int = -1
        self.subject: dict[str, int] = {}

    def feed(self, log: Sequence[ev.Event]) -> Memory:
        """Read the events not read yet (a shorter log means a new duel: start over)."""
        if len(log) < self.seen or (self.seen and log[0] is not self.first_event):
            self._reset()  # another duel (or a rebuilt log)
        if log and not self.seen:
            self.first_event = log[0]
        for e in log[self.seen:]:
            handler = _HANDLERS.get(type(e))
            if handler is not None:
                handler(self, e)
        self.seen = len(log)
        return self

    def card(self, uid: int) -> _CardMemo:
        got = self.memo.get(uid)
        if got is None:
            got = self.memo[uid] = _CardMemo()
        return got


# ------------------------------------------------------------------------ event handlers
def _started(m: Memory, e: ev.DuelStarted) -> None:
    m.started = True
    m.first_player = e.first_player
    uid = 0
    for p in (0, 1):
        for _ in range(e.deck_counts[p]):
            m.owner[uid], m.zone[uid], m.moves[uid] = p, "deck", 0
            uid += 1
        for u, cid in e.extras[p]:
            m.owner[u], m.zone[u], m.moves[u] = p, "extra", 0
            if cid != HIDDEN:
                m.known[u] = cid
            uid = max(uid, u + 1)


def _moved(m: Memory, e: ev.CardMoved) -> None:
    uid = e.card
    m.owner[uid] = e.owner
    m.moves[uid] = m.moves.get(uid, 0) + 1
    if e.card_id != HIDDEN:
        m.known[uid] = e.card_id
    leaving_field = e.from_zone in _SLOTS
    m.zone[uid] = e.to_zone
    if e.to_zone in _PILES:
        if leaving_field:
            m.memo.pop(uid, None)
        memo = m.memo.get(uid)
        if memo is not None:
            memo.health = None
    else:
        memo = m.card(uid)
        memo.entered = e.reason
        if e.reason == "summon":
            memo.summoned = m.turn
            memo.sp_paid = m.pending_sp[e.controller]
            m.pending_sp[e.controller] = 0
        elif e.reason == "special_summon":
            memo.summoned = m.turn
            memo.sp_paid = 0
        elif e.reason == "set":
            memo.set_turn = m.turn
    if e.card_id != HIDDEN:
        _held(m, e)
    if e.reason == "cost":
        m.cost_moved.add(uid)
    if e.to_zone == "grave":
        m.subject["sent_to_grave"] = uid


def _held(m: Memory, e: ev.CardMoved | ev.PositionChanged) -> None:
    """A card the seat sees as it moves or turns: its modifiers and statuses are those the
    event carries (while it was hidden, the seat was told none of them: RULES.md I12)."""
    if e.mods or e.flags or e.card in m.memo:
        memo = m.card(e.card)
        memo.mods = [(stat, amount, until) for stat, amount, until in e.mods]
        memo.flags = [(status, until) for status, until in e.flags]


def _turn(m: Memory, e: ev.TurnStarted) -> None:
    m.turn = e.turn
    m.counts = {}
    m.used = set()
    m.passes = 0


def _sp(m: Memory, e: ev.SpChanged) -> None:
    if e.reason == "summon":
        m.pending_sp[e.player] = e.before - e.after


def _step_added(m: Memory, e: ev.StepAdded) -> None:
    sid = m.next_sid
    m.next_sid += 1
    uid = e.card
    top = m.lines[-1][-1] if m.lines and m.lines[-1] else -1
    responds = top if e.kind == "ability" else -1
    moves = m.moves.get(uid, 0)
    if uid in m.cost_moved:  # its cost moved it after the Step noted where it was
        moves -= 1
    m.cost_moved.clear()
    event_card = -1
    if e.trigger:
        event_card = _event_card(m, uid, e.ability)
    step = _StepMemo(sid, e.player, e.kind, e.speed, uid, e.ability, e.trigger,
                     tuple(e.targets), tuple(m.moves.get(t, 0) for t in e.targets), moves,
                     responds, event_card)
    m.steps[sid] = step
    while len(m.lines) < e.line:
        m.lines.append([])
    m.lines[e.line - 1].append(sid)
    m.passes = 0
    key: _CountKey
    if e.kind == "ability":
        key = ("ability", uid, e.ability)
        m.used.add((uid, e.ability))
        m.subject["opponent_activates"] = uid
    else:
        key = (_COUNT_KEY.get(e.kind, e.kind), uid)
        if e.kind in ("position", "flip"):
            m.card(uid).pos_changed = m.turn
        elif e.kind == "attack":
            m.card(uid).attacked = m.turn
    m.counts[key] = m.counts.get(key, 0) + 1


# which recent event a trigger's "that card" points at, by trigger name
_SUBJECT = {"opponent_summons": "summoned", "opponent_activates": "opponent_activates",
            "broken": "broken", "sent_to_grave": "sent_to_grave", "summoned": "summoned",
            "flipped": "flipped", "attacks": "attacks", "attacked": "attacked",
            "battle_damage": "battle_damage"}


def _event_card(m: Memory, uid: int, ability: int) -> int:
    """The card whose event set off a trigger: the card itself for its own triggers, else
    the latest card of that kind of event (the log does not name it)."""
    cid = m.known.get(uid)
    if cid is None:
        return uid
    from_pool = m.tables.triggers.get(cid)
    if from_pool is None or ability >= len(from_pool):
        return uid
    trigger, of = from_pool[ability]
    if trigger in SELF_TRIGGERS and not of:
        return uid
    key = _SUBJECT.get(trigger) if trigger is not None else None
    return m.subject.get(key, -1) if key else -1


def _resolving(m: Memory, e: ev.StepResolving) -> None:
    line = m.lines[e.line - 1] if 0 < e.line <= len(m.lines) else None
    m.resolving = line.pop() if line else -1


def _resolved(m: Memory, e: ev.StepResolved) -> None:
    step = m.steps.get(m.resolving)
    if step is not None and step.kind == "ability":
        neg = m.tables.negates.get(m.known.get(step.card, ""), {}).get(step.ability)
        target = m.steps.get(step.responds_to)
        if neg is not None and target is not None and not target.negated:
            target.negated = True
            target.negate_break = neg
    m.resolving = -1


def _closed(m: Memory, e: ev.LineClosed) -> None:
    if m.lines:
        m.lines.pop()
    if not m.lines:
        m.steps.clear()


def _window(m: Memory, e: ev.WindowOpened) -> None:
    m.passes = 0


def _passed(m: Memory, e: ev.PriorityPassed) -> None:
    m.passes += 1


def _attack(m: Memory, e: ev.AttackDeclared) -> None:
    m.last_attack = (e.attacker, e.target)
    m.card(e.attacker).attacked = m.turn
    m.subject["attacks"] = e.attacker
    if e.target >= 0:
        m.subject["attacked"] = e.target


def _battle(m: Memory, e: ev.BattleDamage) -> None:
    m.card(e.attacker).battled = m.turn
    if e.target >= 0:
        m.card(e.target).battled = m.turn
    if e.to_player > 0:
        m.subject["battle_damage"] = e.attacker


def _health(m: Memory, e: ev.HealthChanged) -> None:
    if e.max_health >= 0:  # -1: a face-down Phantom of the other side, its Health untold
        m.card(e.card).health = (e.after, e.max_health)


def _modified(m: Memory, e: ev.StatModified) -> None:
    m.card(e.card).mods.append((e.stat, e.amount, m.turn if e.duration == "turn" else -1))


def _status(m: Memory, e: ev.StatusGained) -> None:
    m.card(e.card).flags.append((e.status, m.turn if e.duration == "turn" else -1))


def _named(m: Memory, e: ev.Revealed | ev.Summoned | ev.CardBroken | ev.PositionChanged) -> None:
    if e.card_id != HIDDEN:
        m.known[e.card] = e.card_id


def _summoned(m: Memory, e: ev.Summoned) -> None:
    _named(m, e)
    m.subject["summoned"] = e.card


def _broken(m: Memory, e: ev.CardBroken) -> None:
    _named(m, e)
    if not e.survived:
        m.subject["broken"] = e.card


def _position(m: Memory, e: ev.PositionChanged) -> None:
    _named(m, e)
    if e.card_id != HIDDEN:
        _held(m, e)
    if e.face_up:
        m.subject["flipped"] = e.card


_HANDLERS: dict[type, Callable[[Memory, Any], None]] = {
    ev.DuelStarted: _started, ev.CardMoved: _moved, ev.TurnStarted: _turn, ev.SpChanged: _sp,
    ev.StepAdded: _step_added, ev.StepResolving: _resolving, ev.StepResolved: _resolved,
    ev.LineClosed: _closed, ev.WindowOpened: _window, ev.PriorityPassed: _passed,
    ev.AttackDeclared: _attack, ev.BattleDamage: _battle, ev.HealthChanged: _health,
    ev.StatModified: _modified, ev.StatusGained: _status, ev.Summoned: _summoned,
    ev.CardBroken: _broken, ev.PositionChanged: _position, ev.Revealed: _named,
}


class _PoolTables:
    """Per card id, what the log handlers need to know of its abilities."""

    def __init__(self, pool: Mapping[str, CardDef]) -> None:
        # cid -> per ability (trigger, has `of`)
        self.triggers: dict[str, tuple[tuple[str | None, bool], ...]] = {}
        self.negates: dict[str, dict[int, bool]] = {}  # cid -> {ability: also Breaks}
        for cid, cdef in pool.items():
            self.triggers[cid] = tuple((ab.trigger, ab.of is not None) for ab in cdef.abilities)
            negs = {i: eff.amount != 0 for i, ab in enumerate(cdef.abilities)
                    for eff in ab.effects if eff.impl.negates}
            if negs:
                self.negates[cid] = negs


# ------------------------------------------------------------------------------ sampling
def _fits(cdef: CardDef, need: str) -> bool:
    if need == "extra":
        return cdef.is_phantom and cdef.extra
    if cdef.extra:
        return False
    if need == "phantom":
        return cdef.is_phantom
    if need == "backrow":
        return cdef.type in (CardType.SPIRIT, CardType.COUNTER)
    return True  # hand or deck: any Main Deck card


def _pool_guess(pool: Mapping[str, CardDef], seen: Iterable[str]) -> list[str]:
    """Two copies of every card of the families this player has shown (and neutral ones);
    the whole pool when nothing is known yet."""
    families = {t for cid in seen if cid in pool for t in pool[cid].tags} - {"neutral"}
    out = []
    for cid in sorted(pool):
        tags = set(pool[cid].tags)
        if not families or tags & families or "neutral" in tags:
            out += [cid, cid]
    return out


def _assign(needs: list[tuple[int, str]], candidates: list[str], pool: Mapping[str, CardDef],
            rng: random.Random) -> dict[int, str]:
    """A card id per unknown uid, each drawn from the candidates that fit where it is."""
    rng.shuffle(candidates)
    order = {"extra": 0, "phantom": 1, "backrow": 1, "any": 2}
    out: dict[int, str] = {}
    fallback = sorted(pool)
    for uid, need in sorted(needs, key=lambda n: (order[n[1]], n[0])):
        for i, cid in enumerate(candidates):
            if cid in pool and _fits(pool[cid], need):
                out[uid] = candidates.pop(i)
                break
        else:
            fits = [c for c in fallback if _fits(pool[c], need)] or fallback
            out[uid] = fits[rng.randrange(len(fits))]
    return out


@dataclass
class Rebuilt:
    """A rebuilt duel, which of its cards are guesses, and whether it offers the viewer
    exactly the view's legal actions."""

    duel: Duel
    guessed: frozenset[int]
    exact: bool


def _visible_cards(view: PlayerView) -> dict[int, CardView]:
    out: dict[int, CardView] = {}
    for side in view.sides:
        for pile in (side.hand, side.extra, side.grave):
            for c in pile:
                out[c.uid] = c
        for cards in side.slots.values():
            for sc in cards:
                if sc is not None:
                    out[sc.uid] = sc
    return out


def rebuild(view: PlayerView, pool: Mapping[str, CardDef], rules: Rules, guess: HiddenGuess,
            seed: int, memory: Memory | None = None) -> Rebuilt:
    """A full duel consistent with `view` (see the module docstring); raises NotRebuildable."""
    me = view.seat
    if memory is None or memory.seat != me or memory.pool is not pool:
        memory = Memory(me, pool)
    if not memory.seen:
        # a position's log starts within its turn (no TurnStarted before its first events):
        # what it tells (an attack declared, a card set) happened in that turn, the one
        # before the first TurnStarted in the log (or the view's, when none came yet)
        first = next((e for e in view.log if isinstance(e, ev.TurnStarted)), None)
        memory.turn = view.turn if first is None else first.turn - 1
    memory.feed(view.log)
    visible = _visible_cards(view)
    if not memory.started:
        _start_from_view(memory, view, visible)
    if memory.from_position:
        _place_unseen(memory, view, visible)
    if view.winner is not None:
        raise NotRebuildable("the duel is over")
    choice = view.choice
    if choice is not None and not (choice.kind is ChoiceKind.DISCARD_END and choice.player == me):
        raise NotRebuildable(f"a {choice.kind.value} choice in the middle of a resolution")
    if len(memory.lines) != len(view.lines) or any(
            len(a) != len(b) for a, b in zip(memory.lines, view.lines, strict=False)):
        raise NotRebuildable("the Lines in the log do not match the view")
    rng = random.Random(seed)
    n = len(memory.owner)
    if any(u >= n for u in visible):
        raise NotRebuildable("a card the log never introduced")
    # where each card is: the view for what it shows, the log for decks and hidden piles
    decks: list[list[int]] = [[], []]
    extras: list[list[int]] = [list(c.uid for c in view.me.extra), []] if me == 0 else \
        [[], list(c.uid for c in view.me.extra)]
    for uid in range(n):
        if uid in visible:
            continue
        zone, owner = memory.zone.get(uid), memory.owner[uid]
        if zone == "deck":
            decks[owner].append(uid)
        elif zone == "extra" and owner != me:
            extras[owner].append(uid)
        else:
            raise NotRebuildable(f"card {uid} is nowhere in the view ({zone})")
    for p, side in enumerate(view.sides):
        if len(decks[p]) != side.deck_count or len(extras[p]) != side.extra_count:
            raise NotRebuildable("deck or Extra Deck sizes differ from the view")
    # the hidden cards: what each needs to be, and what it may be
    needs: list[list[tuple[int, str]]] = [[], []]
    for p in (0, 1):
        needs[p] += [(u, "any") for u in decks[p]]
        needs[p] += [(u, "extra") for u in extras[p] if u not in memory.known]
    for uid, c in visible.items():
        if c.card_id is None and uid not in memory.known:
            if c.zone.value in ("phantom",):
                need = "phantom"
            elif c.zone.value in ("back",):
                need = "backrow"
            elif c.zone.value == "side":
                entered = memory.memo.get(uid, _CardMemo()).entered
                need = "phantom" if entered in ("summon", "special_summon") else "backrow"
            else:
                need = "any"
            needs[c.owner].append((uid, need))
    cids: dict[int, str] = {}
    for uid, c in visible.items():
        if c.card_id is not None:
            cids[uid] = c.card_id
    for uid, cid in memory.known.items():
        cids.setdefault(uid, cid)
    # a remembered card now in a deck: the deck holds it, but where is unknown (sampled)
    for p in (0, 1):
        for uid in decks[p]:
            cids.pop(uid, None)
    guessed: set[int] = set()
    for p in (0, 1):
        known_of_p = [cid for uid, cid in cids.items() if memory.owner.get(uid) == p]
        listed = guess.decks[p]
        candidates = list(listed) if listed is not None else _pool_guess(pool, known_of_p)
        for cid in known_of_p:
            if cid in candidates:
                candidates.remove(cid)
        todo = [(u, need) for u, need in needs[p] if u not in cids]
        cids.update(_assign(todo, candidates, pool, rng))
        guessed.update(u for u, _ in todo)
    for p in (0, 1):
        rng.shuffle(decks[p])
    data = _plain(view, memory, cids, visible, decks, extras, rules, pool, rng)
    duel = from_dict(data, pool)
    settle_health_bonuses(duel)
    legal = duel.legal_actions() if duel.deciding_player == me else ()
    exact = set(legal) == set(view.legal_actions)
    return Rebuilt(duel, frozenset(guessed), exact)


def _start_from_view(memory: Memory, view: PlayerView, visible: dict[int, CardView]) -> None:
    """A position's duel (no DuelStarted in the log): what the view shows now is the start."""
    memory.started = True
    memory.from_position = True
    memory.first_player = view.first_player
    memory.turn = view.turn
    for uid, c in visible.items():
        memory.owner[uid] = c.owner
        memory.zone[uid] = c.zone.value
        memory.moves.setdefault(uid, 0)
        if c.card_id is not None:
            memory.known.setdefault(uid, c.card_id)
            cdef = memory.pool.get(c.card_id) if memory.pool is not None else None
            if c.zone.value in ("phantom", "side") and cdef is not None and cdef.is_phantom \
                    and not cdef.extra:
                # the log never said what was paid: the likeliest history, a Summon that
                # paid the SP Cost it shows (an Unsummon refunds it)
                memory.card(uid).sp_paid = c.sp_cost if c.sp_cost is not None else cdef.level


def _place_unseen(memory: Memory, view: PlayerView, visible: dict[int, CardView]) -> None:
    """Hand the uids the view does not show to both Main Decks and the opponent's Extra Deck,
    by count (a position's duel: the log never said which is whose)."""
    opp = 1 - view.seat
    unseen = sum(side.deck_count for side in view.sides) + view.sides[opp].extra_count
    n = len(visible) + unseen
    if any(u >= n for u in visible):
        raise NotRebuildable("the position's cards are not numbered from 0")
    free = iter(u for u in range(n) if u not in visible)
    places = [(p, "deck") for p in (0, 1) for _ in range(view.sides[p].deck_count)]
    places += [(opp, "extra")] * view.sides[opp].extra_count
    for (owner, zone), uid in zip(places, free, strict=True):
        memory.owner[uid] = owner
        memory.zone[uid] = zone
        memory.moves.setdefault(uid, 0)


def duel_from_view(view: PlayerView, pool: Mapping[str, CardDef], rules: Rules,
                   hidden_guess: HiddenGuess, seed: int, memory: Memory | None = None) -> Duel:
    """A full Duel consistent with `view`, hidden cards sampled (see `rebuild`)."""
    return rebuild(view, pool, rules, hidden_guess, seed, memory).duel


def _plain(view: PlayerView, memory: Memory, cids: dict[int, str], visible: dict[int, CardView],
           decks: list[list[int]], extras: list[list[int]], rules: Rules,
           pool: Mapping[str, CardDef], rng: random.Random) -> dict[str, Any]:
    """The rebuilt state as `serialize.to_dict` data."""
    turn = view.turn
    cards = []
    for uid in range(len(memory.owner)):
        c = visible.get(uid)
        owner = memory.owner[uid]
        memo = memory.memo.get(uid) or _CardMemo()
        on_field = c is not None and c.zone.value in _SLOTS
        cdef = pool[cids[uid]]
        damage = 0
        zero_ok = False
        if on_field and cdef.is_phantom:
            assert c is not None  # on_field says it is visible
            if c.health is not None and c.max_health is not None:
                damage = max(0, c.max_health - c.health)
                zero_ok = c.health == 0
            elif memo.health is not None:
                damage = max(0, memo.health[1] - memo.health[0])
                zero_ok = memo.health[0] == 0
        card = card_defaults()
        if c is None:
            zone = "deck" if uid in decks[owner] else "extra"
            card.update(controller=owner, zone=zone, index=-1, attack_pos=True,
                        face_up=False)
        else:
            card.update(controller=c.controller, zone=c.zone.value, index=c.index,
                        attack_pos=c.attack_pos, face_up=c.face_up)
        keep = on_field or (c is not None and c.zone.value == "hand")
        card.update(
            uid=uid, cid=cids[uid], owner=owner, damage=damage,
            summoned_turn=memo.summoned if on_field else -1,
            battled_turn=memo.battled if on_field else -1,
            attacked_turn=memo.attacked if on_field else -1,
            pos_changed_turn=memo.pos_changed if on_field else -1,
            set_turn=memo.set_turn if on_field else -1,
            sp_paid=memo.sp_paid if on_field else 0,
            moves=memory.moves.get(uid, 0), zero_ok=zero_ok,
            mods=[list(x) for x in memo.mods] if keep else [],
            flags=[list(x) for x in memo.flags] if on_field else [])
        cards.append(card)
    players = []
    for p, side in enumerate(view.sides):
        players.append({
            "deck": decks[p], "extra": [c.uid for c in side.extra] if p == view.seat
            else extras[p], "hand": [c.uid for c in side.hand],
            "grave": [c.uid for c in side.grave], "lp": side.lp, "sp": side.sp,
            "slots": {z.value: [None if c is None else c.uid for c in cs]
                      for z, cs in side.slots.items()},
        })
    lines = []
    for ln, steps in enumerate(view.lines):
        out = []
        for k, sv in enumerate(steps):
            sid = memory.lines[ln][k]
            m = memory.steps.get(sid)
            if m is None or m.card != sv.card:
                raise NotRebuildable("a Step of the view is not in the log")
            out.append({
                "sid": sid, "player": m.player, "kind": m.kind, "speed": m.speed,
                "card": m.card, "ability": m.ability, "trigger": m.trigger,
                "targets": list(m.targets), "target_moves": list(m.target_moves),
                "card_moves": m.card_moves, "responds_to": m.responds_to,
                "negated": m.negated, "negate_break": m.negate_break, "user": m.player,
                "event_card": m.event_card,
                "extra": m.targets[0] if m.kind == "attack" and m.targets else -1})
        lines.append(out)
    choice: dict[str, Any] | None = None
    if view.choice is not None:
        ch = view.choice
        choice = {"player": ch.player, "kind": ch.kind.value, "prompt": ch.prompt,
                  "options": [o.value for o in ch.options],
                  "labels": [o.label for o in ch.options], "count": ch.count, "context": {}}
    used = sorted([u, a] for u, a in memory.used
                  if a >= 0 and a < len(pool[cids[u]].abilities)
                  and pool[cids[u]].abilities[a].once_per_turn)
    return {
        "format": 1, "seed": 0, "rules": rules.to_dict(), "auto_pass": True,
        "rng": rng.getrandbits(64), "players": players, "cards": cards, "turn": turn,
        "round": view.round, "turn_player": view.turn_player,
        "first_player": view.first_player, "phase": view.phase.value, "lines": lines,
        "priority": view.priority, "passes": memory.passes if view.lines else 0,
        "choice": choice, "pending_triggers": [], "trigger_queue": [], "resolving": False,
        "current": None, "cur_line": 0, "cur_step": 0, "work": [], "winner": None,
        "end_reason": "", "counts": [[list(k), v] for k, v in memory.counts.items()],
        "used": used, "next_sid": memory.next_sid,
        "last_attack": list(memory.last_attack), "history": [],
    }
