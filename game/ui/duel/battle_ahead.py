"""Main Phase 1 looking ahead to the Battle Phase: which attacks a person could declare
there, so dropping a Phantom on an enemy (or its menu's "Attack… (goes to Battle Phase)")
moves on to the Battle Phase and declares that attack (docs/ui.md, "Attacking from Main 1").

The engine is asked through its command interface only, on a clone of the duel (never the
live one): Next Phase, then the Battle Phase's own legal Attacks, or its refusal of one. When
moving on would not leave the person deciding at once with no Line open and nothing asked
(something answers the phase change), nothing is promised: the attack is then sent only as
the engine allows once the phase has changed, and its refusal said.
"""

from __future__ import annotations

from game.engine import Attack, Command, Duel, NextPhase, Refusal


def _battle(duel: Duel, seat: int) -> Duel | None:
    """A clone of `duel` moved on from Main Phase 1 to the Battle Phase by `seat`, if that is
    a plain step (the seat decides there at once, nothing asked, no Line open), else None."""
    if duel.over or duel.deciding_player != seat or duel.phase.value != "main1":
        return None
    step = next((c for c in duel.legal_actions() if isinstance(c, NextPhase)), None)
    if step is None:
        return None
    ahead = duel.clone()
    ahead.apply(step)
    if ahead.over or ahead.deciding_player != seat or ahead.phase.value != "battle" or \
            ahead.state.choice is not None or ahead.state.lines:
        return None
    return ahead


def attacks(duel: Duel, seat: int) -> dict[int, list[Command]]:
    """The Attacks `seat` could declare once in the Battle Phase, by attacker (empty when not
    in Main Phase 1 or not a plain step there)."""
    ahead = _battle(duel, seat)
    out: dict[int, list[Command]] = {}
    if ahead is None:
        return out
    for cmd in ahead.legal_actions():
        if isinstance(cmd, Attack):
            out.setdefault(cmd.attacker, []).append(cmd)
    return out


def refusal(duel: Duel, cmd: Attack) -> Refusal | None:
    """Why `cmd` would be refused in the Battle Phase (Main Phase 1: the true reason, not
    the phase), else the engine's refusal now."""
    ahead = _battle(duel, cmd.player)
    return (ahead if ahead is not None else duel).refusal(cmd)
