"""A client-side model of one seat's view, built from that seat's redacted events alone.

Tests feed it a duel's start events and each command's events (as `redact_event` gives them
to the seat) and compare its picture with `view_to_plain(duel.view(seat))` after every
command: if the engine changed anything that seat may see without an event saying so, or an
event told the seat more than its view shows, the two differ.
"""

from __future__ import annotations

from game.engine.model import ChoiceKind
from game.engine.query import stats_of
from game.engine.views import HIDDEN, redact_event, view_to_plain

PILES = ("deck", "extra", "hand", "grave")


class ViewMirror:
    """`pool` is the card data a client has anyway: a card it sees is shown with its
    printed stats until a CardStatsChanged says otherwise."""

    def __init__(self, rules, seat: int, pool) -> None:
        self.seat = seat
        self.pool = pool
        self.cards: dict[int, dict] = {}
        self.piles = [{z: [] for z in PILES} for _ in range(2)]
        self.slots = [{"phantom": [None] * rules.phantom_slots, "back": [None] * rules.back_slots,
                       "side": [None] * rules.side_slots, "env": [None]} for _ in range(2)]
        self.lp = [rules.starting_lp] * 2
        self.sp = [rules.starting_sp] * 2
        self.turn = self.round = self.turn_player = self.first_player = self.priority = 0
        self.phase = "standby"
        self.lines: list[list[dict]] = []
        self.choice: dict | None = None
        self.winner = None
        self.end_reason = ""

    # ------------------------------------------------------------------ events
    def feed(self, events) -> None:
        for raw in events:
            e = redact_event(raw, self.seat)
            if e is None:  # the seat is not told of it at all
                continue
            handler = getattr(self, "_on_" + type(e).__name__, None)
            if handler is not None:
                handler(e)

    def _card(self, uid: int, owner: int) -> dict:
        if uid not in self.cards:
            self.cards[uid] = {"uid": uid, "owner": owner, "controller": owner, "zone": "deck",
                               "index": -1, "face_up": False, "attack_pos": True,
                               "card_id": None, "atk": None, "health": None,
                               "max_health": None, "sp_cost": None, "statuses": []}
        return self.cards[uid]

    def _printed(self, c: dict) -> None:
        if c["card_id"] is None:
            c["atk"] = c["health"] = c["max_health"] = c["sp_cost"] = None
            c["statuses"] = []
            return
        cdef = self.pool[c["card_id"]]
        if cdef.is_phantom:
            c["atk"], c["health"], c["max_health"], c["sp_cost"] = (
                cdef.atk, cdef.health, cdef.health, cdef.level)
        else:
            c["atk"] = c["health"] = c["max_health"] = c["sp_cost"] = None
        c["statuses"] = []

    def _on_DuelStarted(self, e) -> None:
        self.first_player = e.first_player
        for p, n in enumerate(e.deck_counts):
            self.piles[p]["deck"] = [f"deck{p}-{i}" for i in range(n)]  # placeholders
        for p, extras in enumerate(e.extras):
            for uid, cid in extras:
                c = self._card(uid, p)
                c["zone"] = "extra"
                c["card_id"] = None if cid == HIDDEN else cid
                self._printed(c)
                self.piles[p]["extra"].append(uid)

    def _on_CardMoved(self, e) -> None:
        c = self._card(e.card, e.owner)
        if e.from_zone in PILES:
            pile = self.piles[e.owner][e.from_zone]
            if e.from_zone == "deck":
                pile.pop()  # the deck's order is unknown; only its size matters
            else:
                pile.remove(e.card)
        else:
            self.slots[c["controller"]][e.from_zone][e.from_index] = None
        if e.to_zone in PILES:
            self.piles[e.owner][e.to_zone].append(e.card if e.to_zone != "deck" else "back")
            c["controller"], c["index"], c["attack_pos"] = e.owner, -1, True
        else:
            self.slots[e.controller][e.to_zone][e.to_index] = e.card
            c["controller"], c["index"], c["attack_pos"] = e.controller, e.to_index, e.attack_pos
        c["zone"], c["face_up"] = e.to_zone, e.face_up
        c["card_id"] = None if e.card_id == HIDDEN else e.card_id
        self._printed(c)

    def _on_PositionChanged(self, e) -> None:
        c = self.cards[e.card]
        turned = c["face_up"] != e.face_up  # a card turned over is shown as printed anew
        c["attack_pos"], c["face_up"] = e.attack_pos, e.face_up
        known = None if e.card_id == HIDDEN else e.card_id
        if turned or known != c["card_id"]:
            c["card_id"] = known
            self._printed(c)

    def _on_CardStatsChanged(self, e) -> None:
        c = self.cards[e.card]
        if c["card_id"] is None:
            return
        c["atk"], c["health"], c["max_health"], c["sp_cost"] = (
            e.atk, e.health, e.max_health, e.sp_cost)
        c["statuses"] = list(e.statuses)

    def _on_LpChanged(self, e) -> None:
        assert self.lp[e.player] == e.before, e
        self.lp[e.player] = e.after

    def _on_SpChanged(self, e) -> None:
        assert self.sp[e.player] == e.before, e
        self.sp[e.player] = e.after

    def _on_PhaseChanged(self, e) -> None:
        self.phase = e.phase

    def _on_TurnStarted(self, e) -> None:
        self.turn, self.round, self.turn_player = e.turn, e.round, e.player
        self.priority = e.player

    def _on_LineOpened(self, e) -> None:
        assert e.line == len(self.lines) + 1, e
        self.lines.append([])

    def _on_StepAdded(self, e) -> None:
        assert e.step == len(self.lines[e.line - 1]) + 1, e
        self.lines[e.line - 1].append({"line": e.line, "step": e.step, "player": e.player,
                                       "kind": e.kind, "speed": e.speed, "card": e.card,
                                       "ability": e.ability, "targets": list(e.targets),
                                       "trigger": e.trigger})
        self.priority = 1 - e.player

    def _on_StepResolving(self, e) -> None:
        line = self.lines[e.line - 1]
        assert len(line) == e.step, e
        line.pop()

    def _on_LineClosed(self, e) -> None:
        assert e.line == len(self.lines) and not self.lines[-1], e
        self.lines.pop()
        if not self.lines:
            self.priority = self.turn_player

    def _on_PriorityPassed(self, e) -> None:
        self.priority = 1 - e.player

    def _on_WindowOpened(self, e) -> None:
        self.priority = e.player

    def _on_ChoiceRequested(self, e) -> None:
        cards = ChoiceKind(e.kind).picks_cards
        self.choice = {"player": e.player, "kind": e.kind, "prompt": e.prompt,
                       "options": [{"value": o, "label": lbl, "card": o if cards else None}
                                   for o, lbl in zip(e.options, e.labels, strict=True)],
                       "count": e.count}

    def _on_ChoiceMade(self, e) -> None:
        self.choice = None

    def _on_DuelEnded(self, e) -> None:
        self.winner, self.end_reason = e.winner, e.reason
        self.choice = None

    # ----------------------------------------------------------------- compare
    def _view_card(self, uid) -> dict:
        return dict(self.cards[uid])

    def plain(self) -> dict:
        sides = []
        for p in range(2):
            piles = self.piles[p]
            sides.append({
                "player": p, "lp": self.lp[p], "sp": self.sp[p],
                "deck_count": len(piles["deck"]),
                "hand": [self._view_card(u) for u in piles["hand"]],
                "extra": [self._view_card(u) for u in piles["extra"]] if p == self.seat else [],
                "extra_count": len(piles["extra"]),
                "grave": [self._view_card(u) for u in piles["grave"]],
                "slots": {z: [None if u is None else self._view_card(u) for u in v]
                          for z, v in self.slots[p].items()},
            })
        lines = [[{**s, "card_id": self.cards[s["card"]]["card_id"] if s["card"] in self.cards
                   else None} for s in line] for line in self.lines]
        deciding = None if self.winner is not None else (
            self.choice["player"] if self.choice else self.priority)
        return {"seat": self.seat, "turn": self.turn, "round": self.round,
                "turn_player": self.turn_player, "first_player": self.first_player,
                "phase": self.phase, "priority": self.priority, "deciding_player": deciding,
                "sides": sides, "lines": lines, "choice": self.choice, "winner": self.winner,
                "end_reason": self.end_reason}

    def differences(self, duel) -> list[str]:
        """Where this seat's picture differs from the engine's view, and where either shows
        stats the state does not give (the view shows what players were told: a change
        nobody was told of would leave both alike and both wrong)."""
        want = view_to_plain(duel.view(self.seat))
        got = self.plain()
        if want["winner"] is not None:  # after the end only the outcome matters
            for key in ("priority", "phase"):
                want.pop(key)
                got.pop(key)
        return _diff(got, want, "view") + self._untold(duel)

    def _untold(self, duel) -> list[str]:
        out = []
        for uid, c in self.cards.items():
            if c["card_id"] is None or c["zone"] == "deck":
                continue
            a, h, mh, cost, statuses = stats_of(duel, duel.cards[uid])
            now = {"atk": a, "health": h, "max_health": mh, "sp_cost": cost,
                   "statuses": list(statuses)}
            told = {k: c[k] for k in now}
            if told != now:
                out.append(f"card {uid} ({c['card_id']}): events say {told}, the state {now}")
        return out


def _diff(got, want, path: str) -> list[str]:
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for k in sorted(set(want) | set(got), key=str):
            out += _diff(got.get(k, "<missing>"), want.get(k, "<missing>"), f"{path}.{k}")
        return out
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        out = []
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            out += _diff(g, w, f"{path}[{i}]")
        return out
    return [] if got == want else [f"{path}: events say {got!r}, the view says {want!r}"]
