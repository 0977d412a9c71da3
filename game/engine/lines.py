"""The Lines as Steps are added: opening a Line, extending it or breaking it, priority,
and the bookkeeping every Step or choice needs (the loop guard's count, asking a choice).
Below triggers, resolution and the Duel, which all add Steps through `push_step`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .model import ActionKey, Choice, Step
from .query import sees

if TYPE_CHECKING:
    from .core import DuelCore


def push_step(duel: DuelCore, step: Step) -> None:
    """Add a Step. A game action starts a Line; an ability of equal speed extends the
    top Line and a higher speed makes a Line Break. Nothing slower is ever added to an open
    Line: legality refuses a slower answer and a slower trigger waits (`triggers`)."""
    lines = duel.state.lines
    if step.kind != "ability" or not lines:
        lines.append([step])
        duel.out.append(ev.line_opened(len(lines), step.speed, step.player))
    else:
        top = lines[-1]
        if step.responds_to < 0:
            step.responds_to = top[-1].sid
        if step.speed > top[-1].speed:
            lines.append([step])
            duel.out.append(ev.LineBreak(len(lines), step.speed))
            duel.out.append(ev.line_opened(len(lines), step.speed, step.player))
        else:
            top.append(step)
    duel.out.append(ev.step_added(
        len(lines), len(lines[-1]), step.speed, step.player, step.kind, step.card,
        duel.state.cards[step.card].cid, step.ability, step.targets, step.trigger,
        not duel.state.cards[step.card].face_up,
    ))
    duel.state.priority = 1 - step.player
    duel.state.passes = 0


def pass_priority(duel: DuelCore, player: int, auto: bool) -> None:
    duel.out.append(ev.PRIORITY_PASSED[player][auto])
    duel.state.passes += 1
    duel.state.priority = 1 - player


def count_action(duel: DuelCore, key: ActionKey) -> None:
    """One more of this game action or ability this turn (the loop guard counts them)."""
    counts = duel.state.counts
    counts[key] = counts.get(key, 0) + 1


def ask(duel: DuelCore) -> None:
    """Tell the players the choice now waiting in the state."""
    c = duel.state.choice
    assert c is not None
    duel.out.append(ev.choice_requested(c.player, c.kind._value_, c.prompt, tuple(c.options),
                                       tuple(c.labels), min(c.count, len(c.options)),
                                       prompt_hidden_from(duel, c)))


def prompt_hidden_from(duel: DuelCore, choice: Choice) -> int:
    """The seat (2: both, -1: none) that cannot see the card `choice`'s prompt names: a
    trigger's prompt names its card ("Activate X's ability?"), which may be face down or in
    a hand (RULES.md I13)."""
    trig = choice.context.get("trigger") if choice.context else None
    if trig is None:
        return -1
    card = duel.state.cards[trig.card]
    blind = [seat for seat in (0, 1) if not sees(card, seat)]
    return -1 if not blind else blind[0] if len(blind) == 1 else 2
