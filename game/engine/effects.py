"""Effect verbs: what a resolving Step does, one Effect at a time.

A Step's effects are a work list of paths into its ability's effect tree, so a verb that
needs a player's answer (discard, search, special_summon, choose) can pause the resolution
as a pending Choice and the engine can serialise the state mid-resolution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from . import primitives as prims
from . import triggers as trigs
from .carddefs import Ability, Effect, Selector
from .model import PHANTOM_ZONES, Card, Choice, ChoiceKind, Step, Zone
from .query import check, health, on_field, select, source_selector

if TYPE_CHECKING:
    from .duel import Duel

_ZONES = {z.value: z for z in Zone}


def effect_at(ab: Ability, path: tuple) -> Effect:
    eff = ab.effects[path[0]]
    i = 1
    while i < len(path):
        tag = path[i]
        if tag == "t":
            eff = eff.then[path[i + 1]]
            i += 2
        elif tag == "e":
            eff = eff.otherwise[path[i + 1]]
            i += 2
        else:  # "o": option, index
            eff = eff.options[path[i + 1]][path[i + 2]]
            i += 3
    return eff


def _ability(duel: Duel, step: Step) -> Ability:
    return duel.pool[duel.state.cards[step.card].cid].ability(step.ability)


def run_work(duel: Duel) -> None:
    """Execute the next effect of the resolving Step."""
    step = duel.state.current
    assert step is not None  # work exists only while a Step resolves
    path = duel.state.work.pop(0)
    execute(duel, step, effect_at(_ability(duel, step), path), path)


def _players(step: Step, who: str) -> tuple[int, ...]:
    you = step.user
    if who == "both":
        return (you, 1 - you)
    return (you,) if who == "you" else (1 - you,)


def _responding(duel: Duel, step: Step) -> Step | None:
    for line in duel.state.lines:
        for s in line:
            if s.sid == step.responds_to:
                return s
    return None


def targets(duel: Duel, step: Step, eff: Effect) -> list[Card]:
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


def _phantom_on_field(duel: Duel, card: Card) -> bool:
    return on_field(card) and duel.pool[card.cid].is_phantom


def _first_empty_phantom_slot(duel: Duel, player: int) -> tuple[Zone, int] | None:
    slots = duel.state.players[player].slots
    for zone in PHANTOM_ZONES:
        for i, uid in enumerate(slots[zone]):
            if uid is None:
                return zone, i
    return None


def _ask(duel: Duel, player: int, kind: ChoiceKind, prompt: str, options: list, count: int,
         context: dict) -> None:
    labels = [duel.pool[duel.state.cards[u].cid].name for u in options] if kind is not ChoiceKind.CHOOSE_OPTION \
        else context.pop("labels")
    duel.state.choice = Choice(player, kind, prompt, options, labels, count=count, context=context)
    duel.emit_choice()


def special_summon(duel: Duel, card: Card, player: int, eff: Effect) -> bool:
    slot = _first_empty_phantom_slot(duel, player)
    if slot is None or not duel.pool[card.cid].is_phantom:
        return False
    prims.move(duel, card, slot[0], slot[1], player, eff.face_up, eff.position != "defense",
               "special_summon")
    card.summoned_turn = duel.state.turn
    card.sp_paid = 0
    duel.out.append(ev.Summoned(card.uid, card.cid, player, True))
    trigs.fire(duel, "summoned", card)
    trigs.fire(duel, "opponent_summons", card, player=player)
    return True


def execute(duel: Duel, step: Step, eff: Effect, path: tuple) -> None:
    verb = eff.verb
    you = step.user
    if verb == "damage_player":
        for p in _players(step, eff.player):
            prims.change_lp(duel, p, -eff.amount, "effect", check=False)
        prims.check_lp(duel)  # both at 0 from one effect: a draw
    elif verb == "heal_player":
        for p in _players(step, eff.player):
            prims.change_lp(duel, p, eff.amount, "effect")
    elif verb == "damage":
        for card in targets(duel, step, eff):
            if _phantom_on_field(duel, card):
                prims.damage_card(duel, card, eff.amount)
    elif verb == "heal":
        for card in targets(duel, step, eff):
            if _phantom_on_field(duel, card):
                prims.heal_card(duel, card, eff.amount)
    elif verb == "break":
        for card in targets(duel, step, eff):
            prims.break_card(duel, card, "effect")
    elif verb == "draw":
        for p in _players(step, eff.player):
            prims.draw(duel, p, eff.count, "effect")
    elif verb == "discard":
        discard_players(duel, list(_players(step, eff.player)), eff.count)
    elif verb == "search":
        options = select(duel, source_selector(eff), you, step.card)
        if len(options) == 1:
            _to_hand_from(duel, duel.state.cards[options[0]], you, eff.source)
        elif options:
            _ask(duel, you, ChoiceKind.SEARCH, "Choose a card to add to your hand", options, 1,
                 {"source": eff.source})
    elif verb == "mill":
        for p in _players(step, eff.player):
            deck = duel.state.players[p].deck
            for _ in range(min(eff.count, len(deck))):
                prims.move(duel, duel.state.cards[deck[-1]], Zone.GRAVE, -1, p, True, True, "mill")
    elif verb == "return_to_hand":
        for card in targets(duel, step, eff):
            if on_field(card) or card.zone is Zone.GRAVE:
                prims.move(duel, card, Zone.HAND, -1, card.owner, False, True, "return")
    elif verb == "special_summon":
        if eff.select is None:
            for card in targets(duel, step, eff):
                if not on_field(card):
                    special_summon(duel, card, you, eff)
            return
        if _first_empty_phantom_slot(duel, you) is None:
            return
        options = [u for u in select(duel, source_selector(eff), you, step.card)
                   if duel.pool[duel.state.cards[u].cid].is_phantom]
        if len(options) == 1:
            special_summon(duel, duel.state.cards[options[0]], you, eff)
        elif options:
            _ask(duel, you, ChoiceKind.SUMMON_PICK, "Choose a Phantom to Special Summon", options, 1,
                 {"path": list(path)})
    elif verb == "change_position":
        for card in targets(duel, step, eff):
            if not _phantom_on_field(duel, card) or health(duel, card) == 0:
                continue
            want = (not card.attack_pos) if eff.position == "toggle" else eff.position == "attack"
            if want != card.attack_pos:
                card.attack_pos = want
                duel.field_version += 1
                duel.stats_dirty.add(card.uid)  # "Attack Position" effects may apply now
                duel.out.append(ev.PositionChanged(card.uid, card.cid, want, card.face_up,
                                                   "effect", not card.face_up, card.controller))
    elif verb == "flip":
        for card in targets(duel, step, eff):
            if on_field(card):
                prims.set_face(duel, card, eff.face_up, "effect")
    elif verb == "modify":
        expires = duel.state.turn if eff.duration == "turn" else -1
        for card in targets(duel, step, eff):
            if not (on_field(card) or card.zone is Zone.HAND):
                continue
            card.mods.append((eff.stat, eff.amount, expires))
            if expires >= 0:
                duel.timed.add(card.uid)
            duel.field_version += 1
            duel._health_dirty = True
            duel.out.append(ev.StatModified(card.uid, eff.stat, eff.amount, eff.duration))
            duel.stats_dirty.add(card.uid)
            if eff.stat == "health" and _phantom_on_field(duel, card) and health(duel, card) == 0:
                prims.break_card(duel, card, "health")
    elif verb == "gain_sp":
        for p in _players(step, eff.player):
            prims.change_sp(duel, p, eff.amount, "effect")
    elif verb == "lose_sp":
        for p in _players(step, eff.player):
            prims.change_sp(duel, p, -eff.amount, "effect")
    elif verb == "negate":
        target = _responding(duel, step)
        if target is not None and not target.negated:
            target.negated = True
            target.negate_break = eff.amount != 0
    elif verb in ("protect", "cannot_attack"):
        status = "protected" if verb == "protect" else "cannot_attack"
        expires = duel.state.turn if eff.duration == "turn" else -1
        for card in targets(duel, step, eff):
            if on_field(card):
                card.flags.append((status, expires))
                if expires >= 0:
                    duel.timed.add(card.uid)
                duel.field_version += 1
                duel.out.append(ev.StatusGained(card.uid, status, eff.duration))
                duel.stats_dirty.add(card.uid)
    elif verb == "if":
        branch = eff.then if check(duel, eff.condition, you, step.card,
                                   _responding(duel, step)) else eff.otherwise
        tag = "t" if branch is eff.then else "e"
        duel.state.work[0:0] = [path + (tag, k) for k in range(len(branch))]
    elif verb == "choose":
        _ask(duel, you, ChoiceKind.CHOOSE_OPTION, "Choose one", list(range(len(eff.options))), 1,
             {"path": list(path), "labels": list(eff.labels)})
    else:  # pragma: no cover - the loader only admits known verbs
        raise ValueError(f"unknown effect verb {verb!r}")


def discard_players(duel: Duel, players: list[int], count: int) -> None:
    """Each player in turn discards `count` cards of their choice (all, if they hold fewer)."""
    while players:
        p = players.pop(0)
        hand = duel.state.players[p].hand
        if len(hand) <= count:
            for uid in list(hand):
                prims.move(duel, duel.state.cards[uid], Zone.GRAVE, -1, p, True, True, "discard")
            continue
        _ask(duel, p, ChoiceKind.DISCARD, f"Discard {count} card{'s' if count != 1 else ''}",
             list(hand), count,
             {"rest": players, "count": count})
        return


def _to_hand_from(duel: Duel, card: Card, player: int, source: str) -> None:
    prims.move(duel, card, Zone.HAND, -1, card.owner, False, True, "search")
    duel.out.append(ev.Revealed(card.uid, card.cid, card.owner))
    if source == "deck":
        duel.state.rng.shuffle(duel.state.players[player].deck)


def answer_effect_choice(duel: Duel, c: Choice, option: int) -> None:
    """Finish the effect that paused on choice `c`."""
    kind = c.kind
    if kind is ChoiceKind.SEARCH:
        _to_hand_from(duel, duel.state.cards[option], c.player, c.context["source"])
    elif kind is ChoiceKind.SUMMON_PICK:
        step = duel.state.current
        assert step is not None
        eff = effect_at(_ability(duel, step), tuple(c.context["path"]))
        special_summon(duel, duel.state.cards[option], step.user, eff)
    elif kind is ChoiceKind.CHOOSE_OPTION:
        path = tuple(c.context["path"])
        assert duel.state.current is not None
        eff = effect_at(_ability(duel, duel.state.current), path)
        duel.state.work[0:0] = [path + ("o", option, k) for k in range(len(eff.options[option]))]
