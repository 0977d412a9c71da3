"""Hotseat: what a seat missed while it looked away, and the curtain's one line about it.

Each seat's view is remembered when it leaves the screen (`SeatMemory.leave`). When the seat
takes the screen again, the screen shows the board it last saw and plays the events of its
own redacted log since then (`missed`), as versus the computer the animator plays them live;
nothing else is used, so what that seat may not see stays hidden (the engine redacted it).
`summary` words the same events for the curtain, from that seat's side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import HIDDEN, PlayerView, StepView
from game.engine import events as ev

COUNT = {1: "once", 2: "twice"}
MOST = 4  # clauses in the curtain's one line
STEP_WORDS = {"summon": "Summon", "attack": "attack", "set": "Set", "flip": "Flip",
              "position": "position change", "unsummon": "Unsummon",
              "environment": "Environment"}


class SeatMemory:
    """Per seat, the view it saw last before another seat took the screen."""

    def __init__(self) -> None:
        self._seen: dict[int, PlayerView] = {}

    def leave(self, seat: int, view: PlayerView) -> None:
        """`seat` looks away now, having seen `view` (its board settled, its log read)."""
        self._seen[seat] = view

    def forget(self) -> None:
        self._seen.clear()

    def missed(self, seat: int, now: PlayerView) -> tuple[PlayerView, tuple[ev.Event, ...]] | None:
        """The view `seat` last saw and the events of its own log since then, or None when
        there is nothing to catch up on: never seen, nothing new, or a past no longer this
        duel's (an undo since took back what it saw: its log is no longer a prefix)."""
        old = self._seen.get(seat)
        if old is None:
            return None
        n = len(old.log)
        if len(now.log) <= n or (n and now.log[n - 1] is not old.log[n - 1]):
            return None
        return old, now.log[n:]


def summary(events: Sequence[object], seat: int, name: Callable[[int], str],
            card_name: Callable[[str], str], lines: Sequence[Sequence[StepView]] = ()) -> str:
    """One sentence on what `events` (seat `seat`'s own, redacted) show happening: the other
    player's game actions counted, Line Breaks and how the seat's own Steps ended told in
    order ("Player 2 answered with a Line Break, then your Summon was negated"); "" when
    nothing worth telling happened (draws, phases and passes are not news). `lines`: the
    Lines the seat saw before, whose Steps the events may end."""
    clauses: list[str] = []
    kinds = {(s.line, s.step): _step_words(s, card_name) for line in lines for s in line}
    played = attacks = 0
    one = ""  # the other player's one game action in words, while it is the only one
    broke = False

    def who(player: int) -> str:
        return "you" if player == seat else name(player)

    def flush() -> None:
        nonlocal played, attacks, one
        if not (played or attacks):
            return
        if played + attacks == 1 and one:
            clauses.append(f"{name(1 - seat)} {one}")
            played = attacks = 0
            return
        parts = []
        if played:
            parts.append(f"played {played} card{'s' if played != 1 else ''}")
        if attacks:
            parts.append(f"attacked {COUNT.get(attacks, f'{attacks} times')}")
        clauses.append(f"{name(1 - seat)} {' and '.join(parts)}")
        played = attacks = 0

    for e in events:
        if isinstance(e, ev.LineBreak):
            broke = True
        elif isinstance(e, ev.StepAdded):
            kinds[(e.line, e.step)] = _step_words(e, card_name)
            if broke:
                flush()
                clauses.append(f"{who(e.player)} answered with a Line Break")
                broke = False
            elif e.player != seat and e.line == 1 and e.step == 1 and not e.trigger \
                    and e.kind != "position":
                if e.kind == "attack":
                    attacks += 1
                else:
                    played += 1
                one = _action_words(e, card_name)
        elif isinstance(e, (ev.StepResolved, ev.StepNegated, ev.StepFizzled)) and e.player == seat:
            what = kinds.get((e.line, e.step), "Step")
            if e.secret and what not in STEP_WORDS.values():
                what = "Step"  # its card is hidden from the other player, who may see the curtain
            flush()
            ended = {ev.StepResolved: "resolved", ev.StepNegated: "was negated",
                     ev.StepFizzled: "fizzled"}[type(e)]
            clauses.append(f"your {what} {ended}")
        elif isinstance(e, ev.DuelEnded):
            flush()
            clauses.append("the duel ended")
    flush()
    if not clauses:
        return ""
    if len(clauses) > MOST:  # one line, not the whole turn: the log and the catch-up tell it all
        clauses = [*clauses[:MOST - 1], "more (the log has it all)"]
    text = clauses[0]
    if len(clauses) > 1:
        text += ", then " + ", then ".join(clauses[1:])
    return text[:1].upper() + text[1:] + "."


def _action_words(e: ev.StepAdded, card_name: Callable[[str], str]) -> str:
    """A game action as a verb phrase, naming its card only when the seat may see it."""
    card = card_name(e.card_id) if e.card_id and e.card_id != HIDDEN and not e.secret else ""
    if e.kind == "attack":
        return "attacked"
    if e.kind == "set":
        return "set a card"
    if e.kind == "summon":
        return f"summoned {card}" if card else "summoned a Phantom face down"
    if e.kind in STEP_WORDS:
        return "played a card"
    return f"activated {card}" if card else "played a card"


def _step_words(step: ev.StepAdded | StepView, card_name: Callable[[str], str]) -> str:
    """A Step named as its owner's log would: its card when it is an activation."""
    if step.kind in STEP_WORDS:
        return STEP_WORDS[step.kind]
    if step.card_id and step.card_id != HIDDEN and not getattr(step, "secret", False):
        return card_name(step.card_id)
    return "Step"
