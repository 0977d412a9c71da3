"""Running a resolving Step's effects, one Effect at a time, and the helpers verbs share.

What each verb does is its `Verb.run` (game/engine/verbs/builtin.py); this module walks the
effect tree, calls it, and finishes effects that paused on a player's choice.

A Step's effects are a work list of paths into its ability's effect tree, so a verb that
needs a player's answer (discard, search, special_summon, choose) can pause the resolution
as a pending Choice and the engine can serialise the state mid-resolution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from . import events as ev
from . import primitives as prims
from .carddefs import Ability, Effect, Selector
from .lines import ask as announce
from .members import choice_kinds as ChoiceKinds
from .members import zones as Zones
from .model import PHANTOM_ZONES, Card, Choice, ChoiceKind, EffectPath, Step, Zone
from .notice import fire
from .query import on_field, select
from .views import card_label

if TYPE_CHECKING:
    from .core import DuelCore

_ZONES = {z.value: z for z in Zone}


def effect_at(ab: Ability, path: EffectPath) -> Effect:
    # indexes sit where the path's shape says (EffectPath); casts cost nothing at run time
    eff = ab.effects[cast(int, path[0])]
    i = 1
    while i < len(path):
        tag = path[i]
        if tag == "t":
            eff = eff.then[cast(int, path[i + 1])]
            i += 2
        elif tag == "e":
            eff = eff.otherwise[cast(int, path[i + 1])]
            i += 2
        else:  # "o": option, index
            eff = eff.options[cast(int, path[i + 1])][cast(int, path[i + 2])]
            i += 3
    return eff


def _ability(duel: DuelCore, step: Step) -> Ability:
    return duel.defs[duel.state.cards[step.card].cid].ability(step.ability)


def run_work(duel: DuelCore) -> None:
    """Execute the next effect of the resolving Step."""
    step = duel.state.current
    assert step is not None  # work exists only while a Step resolves
    path = duel.state.work.pop(0)
    execute(duel, step, effect_at(_ability(duel, step), path), path)


def players_of(step: Step, who: str) -> tuple[int, ...]:
    you = step.user
    if who == "both":
        return (you, 1 - you)
    return (you,) if who == "you" else (1 - you,)


def responding_step(duel: DuelCore, step: Step) -> Step | None:
    for line in duel.state.lines:
        for s in line:
            if s.sid == step.responds_to:
                return s
    return None


def targets(duel: DuelCore, step: Step, eff: Effect) -> list[Card]:
    t = eff.target
    cards = duel.state.cards
    if t is None or t == "self":
        return [cards[step.card]]
    if t == "chosen":
        return [cards[u] for u in step.targets]
    if t == "event_card":
        return [cards[step.event_card]] if step.event_card >= 0 else []
    if t == "attacker":
        return [cards[duel.state.last_attack[0]]] if duel.state.last_attack[0] >= 0 else []
    if t == "attack_target":
        return [cards[duel.state.last_attack[1]]] if duel.state.last_attack[1] >= 0 else []
    assert isinstance(t, Selector)
    return [cards[u] for u in select(duel, t, step.user, step.card)]


def phantom_on_field(duel: DuelCore, card: Card) -> bool:
    return on_field(card) and duel.defs[card.cid].is_phantom


def first_empty_phantom_slot(duel: DuelCore, player: int) -> tuple[Zone, int] | None:
    slots = duel.state.players[player].slots
    for zone in PHANTOM_ZONES:
        for i, uid in enumerate(slots[zone]):
            if uid is None:
                return zone, i
    return None


def blind_order(duel: DuelCore, options: list[int]) -> list[int]:
    """Cards picked from a Main Deck, which nobody sees (labelled as unseen, I12), listed by
    number: numbers are dealt in random order, apart from the card and from the pile's
    shuffle, so the list tells neither where each lies nor what it is, as pile order would
    (RULES.md I20). Other cards keep their order, ahead of them."""
    cards = duel.state.cards
    if not any(cards[u].zone is Zones.DECK for u in options):
        return options
    # a stable sort: the others keep their order
    return sorted(options, key=lambda u: (1, u) if cards[u].zone is Zones.DECK else (0, 0))


def ask(duel: DuelCore, player: int, kind: ChoiceKind, prompt: str, options: list[int], count: int,
        context: dict[str, Any]) -> None:
    options = blind_order(duel, options)
    labels = [card_label(duel, u, player) for u in options] if kind is not ChoiceKinds.CHOOSE_OPTION \
        else context.pop("labels")
    duel.state.choice = Choice(player, kind, prompt, options, labels, count=count, context=context)
    announce(duel)  # lines.ask: tell the players the choice now waiting


def special_summon(duel: DuelCore, card: Card, player: int, eff: Effect) -> bool:
    slot = first_empty_phantom_slot(duel, player)
    if slot is None or not duel.defs[card.cid].is_phantom:
        return False
    from_deck = card.zone is Zones.DECK
    card = prims.move(duel, card, slot[0], slot[1], player, eff.face_up,
                      eff.position != "defense", "special_summon")
    card.summoned_turn = duel.state.turn
    card.sp_paid = 0
    duel.out.append(ev.summoned(card.uid, card.cid, player, True))
    if from_deck:  # a deck that was looked at is shuffled, as after a search (RULES.md)
        duel.state.rng.shuffle(duel.state.players[card.owner].deck)
    fire(duel, "summoned", card)
    fire(duel, "opponent_summons", card, player=player)
    return True


def execute(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    """Do one effect: its verb's `run`, bound to the Effect when its card was loaded
    (game/engine/verbs)."""
    eff.impl.run(duel, step, eff, path)


def discard_players(duel: DuelCore, players: list[int], count: int) -> None:
    """Each player in turn discards `count` cards of their choice (all, if they hold fewer)."""
    while players:
        p = players.pop(0)
        hand = duel.state.players[p].hand
        if len(hand) <= count:
            for uid in list(hand):
                prims.move(duel, duel.state.cards[uid], Zones.GRAVE, -1, p, True, True, "discard")
            continue
        ask(duel, p, ChoiceKinds.DISCARD, f"Discard {count} card{'s' if count != 1 else ''}",
             list(hand), count,
             {"rest": players, "count": count})
        return


def to_hand_from(duel: DuelCore, card: Card, player: int, source: str) -> None:
    card = prims.move(duel, card, Zones.HAND, -1, card.owner, False, True, "search")
    duel.out.append(ev.Revealed(card.uid, card.cid, card.owner))
    if source == "deck":
        duel.state.rng.shuffle(duel.state.players[player].deck)


def answer_effect_choice(duel: DuelCore, c: Choice, option: int) -> None:
    """Finish the effect that paused on choice `c`."""
    kind = c.kind
    if kind is ChoiceKinds.SEARCH:
        to_hand_from(duel, duel.state.cards[option], c.player, c.context["source"])
    elif kind is ChoiceKinds.SUMMON_PICK:
        step = duel.state.current
        assert step is not None
        eff = effect_at(_ability(duel, step), tuple(c.context["path"]))
        special_summon(duel, duel.state.cards[option], step.user, eff)
    elif kind is ChoiceKinds.CHOOSE_OPTION:
        path = tuple(c.context["path"])
        assert duel.state.current is not None
        eff = effect_at(_ability(duel, duel.state.current), path)
        duel.state.work[0:0] = [path + ("o", option, k) for k in range(len(eff.options[option]))]
