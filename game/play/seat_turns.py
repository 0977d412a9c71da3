"""Hotseat: whether the person who must decide now is passed for, or asked (handed the screen).

Two people share one screen, so handing it over (the curtain) is seen by both: whether it
happens may follow only what the other seat sees (RULES.md I15, I19). This is the one place
that decides it; the duel screen (game/ui/duel/scene.py) calls it, and
scripts/bench_curtains.py runs the very same function headless to count curtains. Plain
Python: views in, a yes or no out.

The screen shows one seat at a time; a seat whose window is decided here is either passed for
at once (`True`) or asked, after a curtain if it is not the seat shown (`False`): the
decision never reads which seat is shown, so one curtain serves every window in a row of
the same seat. A choice, or an action with no Line open, is always its player's to make
(never passed for here).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.engine import CardDef, Pass, PlayerView, might_answer

NEW = "new"  # the default (RULES.md I15, I19)
QUICK = "quick"  # "Quick hotseat": asked only with a real answer (tells the other seat so)


def pass_for(own: PlayerView, other: PlayerView, pool: Mapping[str, CardDef], *,
             setting: str, yielding: bool = False, policy: str = NEW) -> bool:
    """Pass now for `own.seat`, the person deciding (hotseat, both seats people)?

    `other`: the other seat's view, all the decision may follow besides whose Step it is and
    the person's own choices: `setting`, their answers setting ("when_able", "always",
    "never"), and `yielding`, they wait for a Step to resolve (a yield passes like "never").
    Not passed for, they are asked, after a curtain if another seat is on screen; asked at
    the same position again once seated, so the pace tells nothing either."""
    legal = own.legal_actions
    if own.choice is not None or not own.lines or not any(isinstance(c, Pass) for c in legal):
        return False
    if yielding or setting == "never":
        return True
    if setting == "always":
        return False
    real = any(not isinstance(c, Pass) for c in legal)
    if policy == QUICK:  # the players agreed that the curtain may tell this
        return not real
    if own.lines[-1][-1].player == own.seat:
        # I19: the top Step is their own, so the other seat has just passed on it (L3, L7):
        # what they would decide now can follow only that pass, which is public, and this
        # reads only whose Step it is, never a card
        return True
    # `real` never decides here: `might_answer` says yes whenever it holds (I15; tested)
    return not (real or might_answer(other, own.seat, pool))
