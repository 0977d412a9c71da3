"""Which own-turn plays the solvers count as the same: one home for the key both the "win
this turn" solver (lethal.py) and the survival solver (survival.py) fold their moves by."""

from __future__ import annotations

from game.engine import Activate, Attack, Command, Duel, PlayEnvironment, SpecialSummon, Summon
from game.engine.model import Zone
from game.engine.query import atk

SKIP = None  # a play the solvers do not search (a Summon face down or in Defense Position)


def play_key(duel: Duel, cmd: Command) -> object | None:
    """The key of a play of distinct effect, so slots and duplicate copies are searched once:
    an ability by the card (its card id while in the hand), ability and targets; a Summon,
    Extra Deck Summon or Environment by the card id. Summons are searched face up in Attack
    Position only (None for the others: the solvers look for damage this turn). Any other
    command is its own key."""
    cards = duel.state.cards
    if isinstance(cmd, Activate):
        card = cards[cmd.card]
        return (Activate, card.cid if card.zone is Zone.HAND else cmd.card, cmd.ability,
                cmd.targets)
    if isinstance(cmd, Summon):
        return (Summon, cards[cmd.card].cid) if cmd.face_up and cmd.attack else SKIP
    if isinstance(cmd, SpecialSummon):
        return (SpecialSummon, cards[cmd.card].cid) if cmd.attack else SKIP
    if isinstance(cmd, PlayEnvironment):
        return (PlayEnvironment, cards[cmd.card].cid)
    return cmd


def attack_rank(duel: Duel, cmd: Attack) -> int:
    """The order both solvers try attacks in (lower first): direct attacks first, then the
    strongest attacker first, so the likeliest kill is searched before the budget runs out."""
    a = atk(duel, duel.state.cards[cmd.attacker])
    return -(a + 100000 if cmd.target < 0 else a)


def distinct_answers(duel: Duel, cmds: list[Activate]) -> list[Command]:
    """One answer per card id, ability and targets (duplicate copies answer alike)."""
    seen: set[object] = set()
    out: list[Command] = []
    cards = duel.state.cards
    for c in cmds:
        key = (cards[c.card].cid, c.ability, c.targets)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
