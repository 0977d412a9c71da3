"""Which own-turn plays the solvers count as the same, and the order they try them in: one
home for the key both the "win this turn" solver (lethal.py) and the survival solver
(survival.py) fold their moves by, and for the loop that sorts a turn's commands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.engine import (
    Activate,
    Attack,
    ChangePosition,
    Command,
    Duel,
    EndTurn,
    Flip,
    NextPhase,
    Phase,
    PlayEnvironment,
    SpecialSummon,
    Summon,
    Unsummon,
)
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


def turn_moves(duel: Duel, legal: Sequence[Command],
               place: Mapping[str, str]) -> tuple[list[Command], dict[str, list[Command]]]:
    """A turn player's open-state commands sorted for a solver: the attacks in
    `attack_rank` order, and every other command of distinct effect (folded by `play_key`)
    in a bucket, in the order `legal` lists them. `place` names the bucket of each kind a
    solver searches (kinds it leaves out are not searched): "play" (an ability, a Summon,
    an Extra Deck Summon, an Environment), "burn" (an ability that deals damage to a
    player, `Verb.burns`), "position" (a Phantom's change toward Attack Position, Main
    Phase 1 only), "undo" (an Unsummon or a Flip), "next" (the next phase, but never from
    Main Phase 2 to the End) and "end" (ending the turn)."""
    st = duel.state
    cards = st.cards
    burns_apart = "burn" in place and place["burn"] != place.get("play")
    attacks: list[tuple[int, Command]] = []
    buckets: dict[str, list[Command]] = {name: [] for name in place.values()}
    seen: set[object] = set()
    for cmd in legal:
        key: object = cmd
        if isinstance(cmd, Attack):
            attacks.append((attack_rank(duel, cmd), cmd))
            continue
        if isinstance(cmd, (Activate, Summon, SpecialSummon, PlayEnvironment)):
            key = play_key(duel, cmd)
            if key is SKIP:
                continue
            kind = "play"
            if burns_apart and isinstance(cmd, Activate):
                ab = duel.defs[cards[cmd.card].cid].ability(cmd.ability)
                if any(e.impl.burns for e in ab.effects):
                    kind = "burn"
        elif isinstance(cmd, (Unsummon, Flip)):
            kind = "undo"
        elif isinstance(cmd, ChangePosition):
            if cards[cmd.card].attack_pos or st.phase is not Phase.MAIN1:
                continue
            kind = "position"
        elif isinstance(cmd, NextPhase):
            if st.phase is Phase.MAIN2:
                continue  # on to the End Phase: the solvers move on by ending the turn
            kind = "next"
        elif isinstance(cmd, EndTurn):
            key = EndTurn
            kind = "end"
        else:
            continue
        bucket = place.get(kind)
        if bucket is None or key in seen:
            continue
        seen.add(key)
        buckets[bucket].append(cmd)
    attacks.sort(key=lambda x: x[0])
    return [c for _, c in attacks], buckets
