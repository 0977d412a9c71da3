"""Paired duels: two duels equal in all one seat has seen, different in what it has not.

`fork(duel, seat, rng)` copies a duel at an open state twice through plain data: once as it
is, once with the cards `seat` has never seen dealt differently (the opponent's hand and Main
Deck shuffled together, whole or kind for kind; the seat's own Main Deck below its top cards).
`PairRun` then plays both with the same commands: the seat picks from its own view (equal in
both, or the test fails), the other seat from the commands legal in both duels. After every
command the seat's views (legal actions, events and log included) must be byte-identical, for
as long as what the seat may know is still the same in both: `public_sig`, written here from
the rules (who may see which card) and not from the engine's redaction, says when a difference
became public (a hidden card turned face up, a different SP payment for a face-down Summon, a
card of different stats in view); from then on the pair has legitimately parted.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from game.engine import HIDDEN, Duel, Pass, from_dict, to_dict
from game.engine.query import stats_of

PILES = ("deck", "extra", "hand", "grave")


def _sees(card, seat: int) -> bool:
    """The rules' own answer (rules-decisions.md, Hidden information), written apart from
    the engine's `visible_to` on purpose."""
    zone = card.zone.value
    if zone == "deck":
        return False
    if zone in ("hand", "extra"):
        return card.owner == seat
    if zone == "grave":
        return True
    return card.face_up or card.controller == seat


def public_sig(duel: Duel, seat: int) -> tuple:
    """What `seat` may know of the duel now, from the state itself."""
    st = duel.state
    out: list = [st.turn, st.round, st.turn_player, st.phase.value, st.priority, st.winner,
                 st.end_reason, duel.deciding_player]
    cards = st.cards

    def shown(uid: int) -> tuple:
        c = cards[uid]
        if not _sees(c, seat):
            return (uid, c.zone.value, c.index, c.face_up, c.attack_pos)
        return (uid, c.zone.value, c.index, c.face_up, c.attack_pos, c.cid, stats_of(duel, c))

    for p, ps in enumerate(st.players):
        out.append((p, ps.lp, ps.sp, len(ps.deck), len(ps.extra)))
        out.append(tuple(shown(u) for u in ps.hand))
        if p == seat:
            out.append(tuple(shown(u) for u in ps.extra))
        out.append(tuple(shown(u) for u in ps.grave))
        for zone, uids in ps.slots.items():
            out.append((zone.value, tuple(None if u is None else shown(u) for u in uids)))
    for line in st.lines:
        out.append(tuple((s.player, s.kind, s.speed, s.ability, s.targets,
                          shown(s.card)) for s in line))
    ch = st.choice
    if ch is not None:
        # the chooser may know which cards are offered, not in which order: the order of
        # cards picked from a Main Deck is the pile's only if it leaks (RULES.md I20)
        out.append((ch.player, ch.kind.value, ch.prompt,
                    tuple(sorted(zip(ch.options, ch.labels, strict=True)))
                    if ch.player == seat else None))
    return tuple(out)


def _revealed(events, seat: int, duel: Duel) -> set[tuple[int, str]]:
    """Cards the raw events of one command showed `seat` on the way (turned face up, moved
    to a place the seat sees, revealed), even if they are hidden again at its end."""
    out = set()
    for e in events:
        name = type(e).__name__
        if name == "Revealed":
            out.add((e.card, e.card_id))
        elif name == "CardMoved":
            to = e.to_zone
            if to == "grave" or (to in ("hand", "extra") and e.owner == seat) or (
                    to not in PILES and (e.face_up or e.controller == seat)):
                out.add((e.card, e.card_id))
        elif name == "PositionChanged" and e.face_up:
            out.add((e.card, e.card_id))
    return out


def _deal_again(data: dict, seat: int, rng: random.Random, by_kind: bool,
                keep_top: int, pool, seen: set[int]) -> list[int]:
    """Swap a few card ids among cards `seat` never saw: the opponent's hand, Main Deck and
    face-down cards together, and the seat's own Main Deck below its top `keep_top` (with
    `by_kind`, and always for a card on the field, only cards that look the same face down:
    a Phantom of the same Level, a Spirit or Counter for either). Returns the uids whose card
    changed."""
    cards = data["cards"]

    def kind(u: int) -> tuple:
        cdef = pool[cards[u]["cid"]]
        if cdef.is_phantom:
            return ("phantom", cdef.level)
        return ("environment", 0) if cdef.type.value == "environment" else ("set", 0)

    other = data["players"][1 - seat]
    own_deck = data["players"][seat]["deck"]
    down = [u for z, uids in other["slots"].items() for u in uids if u is not None
            and not cards[u]["face_up"] and not cards[u]["damage"]]
    groups = [[u for u in other["hand"] + other["deck"] + down if u not in seen],
              [u for u in own_deck[:max(0, len(own_deck) - keep_top)] if u not in seen]]
    changed = []
    for uids in groups:
        # a few swaps, not a whole new deal: the fewer cards differ, the longer the pair
        # stays in step (each differing card played face up parts it)
        for _ in range(rng.randint(1, 5)):
            if len(uids) < 2:
                break
            hand = [x for x in uids if x in other["hand"] or x in down]
            u = rng.choice(hand if hand and rng.random() < 0.7 else uids)  # soon played
            strict = by_kind or u in down
            same = [v for v in uids if v != u and cards[v]["cid"] != cards[u]["cid"]
                    and (kind(v) == kind(u) if strict or v in down else True)]
            if not same:
                continue
            v = rng.choice(same)
            cards[u]["cid"], cards[v]["cid"] = cards[v]["cid"], cards[u]["cid"]
            changed += [u, v]
    return sorted(set(changed))


def reorder_own_deck(data: dict, seat: int, rng: random.Random, keep_top: int) -> list[int]:
    """Shuffle `seat`'s own Main Deck below its top `keep_top` cards (its order is hidden
    from its owner too, RULES.md I5): the same cards, each keeping its number and card id,
    in another pile order. Returns the uids that moved."""
    deck = data["players"][seat]["deck"]  # the last is the top
    below = deck[:max(0, len(deck) - keep_top)]
    moved = list(below)
    rng.shuffle(moved)
    deck[:len(below)] = moved
    return sorted(u for u, v in zip(below, moved, strict=True) if u != v)


def seen_by(duel: Duel, seat: int) -> set[int]:
    """Every card whose identity `seat` was ever told, by its log (the engine's redaction
    only makes this set bigger if it leaks: a smaller pair, never a false alarm)."""
    out = set()
    for e in duel.log_for(seat):
        cid = getattr(e, "card_id", None)
        if cid is not None and cid != HIDDEN and hasattr(e, "card"):
            out.add(e.card)
        if type(e).__name__ == "DuelStarted":
            for extras in e.extras:
                out.update(u for u, c in extras if c != HIDDEN)
    return out


def fork(duel: Duel, seat: int, rng: random.Random, pool,
         reorder_own: bool = False) -> tuple[Duel, Duel, list[int]]:
    """The pair; with `reorder_own`, the second duel's own Main Deck of `seat` is shuffled
    below its top cards instead of cards being dealt differently."""
    data = to_dict(duel)
    a = from_dict(data, pool)
    b_data = to_dict(duel)
    if reorder_own:
        changed = reorder_own_deck(b_data, seat, rng, rng.randint(4, 14))
    else:
        changed = _deal_again(b_data, seat, rng, rng.random() < 0.5, rng.randint(4, 14), pool,
                              seen_by(duel, seat))
    return a, from_dict(b_data, pool), changed


@dataclass
class PairRun:
    """Both duels stepped with the same commands; `diffs` lists every command after which
    the seat's views differed while what it may know was still equal (a leak)."""

    a: Duel
    b: Duel
    seat: int
    rng: random.Random
    steps: int = 0
    parted: str = ""
    diffs: list[str] = field(default_factory=list)
    changed: frozenset[int] = frozenset()  # the uids dealt differently
    marks: tuple[int, int] = (0, 0)  # both logs' sizes when last found equal

    def equal_knowledge(self) -> bool:
        return public_sig(self.a, self.seat) == public_sig(self.b, self.seat)

    def _sync(self, ra: list, rb: list) -> None:
        """With the engine's auto-pass on, the other seat is asked in one duel (it has an
        answer there) and passed for in the other: there it passes too, as it may, and the
        seat must not be able to tell the two apart."""
        other = 1 - self.seat
        for _ in range(50):
            a, b = self.a, self.b
            if a.deciding_player == b.deciding_player:
                return
            for d, raw, e in ((a, ra, b), (b, rb, a)):
                if (d.deciding_player == other and e.deciding_player != other
                        and d.state.lines and d.state.choice is None):
                    raw += d.apply(Pass(other))
                    break
            else:
                return

    def pick(self) -> object | None:
        a, b, seat = self.a, self.b, self.seat
        if a.deciding_player == seat:
            return self.rng.choice(a.view(seat).legal_actions)
        theirs = b.legal_actions()
        both = [c for c in a.legal_actions() if c in theirs]
        if not both:
            return None
        # the cards dealt differently stay unseen as long as they can: played face down only
        quiet = [c for c in both if getattr(c, "face_up", True) is False
                 or not self.changed.intersection(_named(c))]
        hidden = [c for c in quiet if getattr(c, "face_up", True) is False]
        dealt = [c for c in hidden if self.changed.intersection(_named(c))]
        if dealt and self.rng.random() < 0.7:  # a card dealt differently, played face down
            return self.rng.choice(dealt)
        if hidden and self.rng.random() < 0.5:  # face-down plays are what the pair is for
            return self.rng.choice(hidden)
        return self.rng.choice(quiet or both)

    def step(self) -> bool:
        """One command in both duels; False once the pair has parted or ended."""
        a, b, seat = self.a, self.b, self.seat
        if a.over or b.over:
            self.parted = "over"
            return False
        cmd = self.pick()
        if cmd is None:
            self.parted = "no common command"
            return False
        ra, rb = a.apply(cmd), b.apply(cmd)
        self.steps += 1
        self._sync(ra, rb)
        shown_a, shown_b = _revealed(ra, seat, a), _revealed(rb, seat, b)
        if shown_a != shown_b or not self.equal_knowledge():
            who = "seat" if cmd.player == seat else "other"
            self.parted = f"public difference after {who} {type(cmd).__name__}"
            return False
        va, vb = a.view(seat), b.view(seat)
        # the log grows by what this command told: compared alone (all before it was equal)
        if repr(replace(va, log=())) != repr(replace(vb, log=())) or \
                repr(a.events_for(seat, since=self.marks[0])) != repr(b.events_for(seat, since=self.marks[1])):
            self.diffs.append(describe(cmd, va, vb))
            return False
        self.marks = (a.log_size, b.log_size)
        return True


def _named(cmd) -> set[int]:
    out = {getattr(cmd, f) for f in ("card", "attacker", "target", "option") if hasattr(cmd, f)}
    return out | set(getattr(cmd, "targets", ()))


def describe(cmd, va, vb) -> str:
    """The first place the two views differ, in words a failing test can print."""
    for name in ("legal_actions", "events", "log"):
        xa, xb = getattr(va, name), getattr(vb, name)
        if repr(xa) != repr(xb):
            for i, (ea, eb) in enumerate(zip(xa, xb, strict=False)):
                if repr(ea) != repr(eb):
                    return f"after {cmd!r}: {name}[{i}]: {ea!r} != {eb!r}"
            return f"after {cmd!r}: {name} lengths {len(xa)} != {len(xb)}: " \
                   f"{xa[min(len(xa), len(xb)):]!r} / {xb[min(len(xa), len(xb)):]!r}"
    return f"after {cmd!r}: views differ: {va!r} / {vb!r}"


def open_state(duel: Duel) -> bool:
    """No Line, choice, resolution or trigger pending: where a pair may be forked."""
    st = duel.state
    return not (st.lines or st.choice or st.resolving or st.trigger_queue
                or st.pending_triggers or duel.over)


def forked_runs(duel: Duel, rng: random.Random, pool, forks: int,
                reorder_own: bool = False, seat: int | None = None) -> Iterator[PairRun]:
    """Plays `duel` on at random and, at up to `forks` open states along the way, forks a pair
    for a random seat (dealt differently where that seat has not looked): each pair is yielded
    as a `PairRun` for the caller to step and judge, then the duel plays on. `reorder_own`
    forks by `seat`'s (or a random seat's) own Main Deck in another order (`fork`)."""
    for _ in range(forks):
        for _ in range(rng.randint(5, 60)):
            if duel.over:
                break
            duel.apply(rng.choice(duel.legal_actions()))
        while not duel.over and not open_state(duel):
            duel.apply(rng.choice(duel.legal_actions()))
        if duel.over:
            return
        who = rng.randrange(2) if seat is None else seat
        a, b, changed = fork(duel, who, rng, pool, reorder_own)
        if changed:
            yield PairRun(a, b, who, random.Random(rng.random()), changed=frozenset(changed))
