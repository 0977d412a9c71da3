"""The shipped card verbs (docs/cards.md, "Effects"), one `Verb` each, in `BUILTIN`.

Each entry says, next to each other: the parameters a card may give (the loader checks
them), what the verb does when its Step resolves, whether it could change anything now
(RULES.md L13) and the words its card text uses (docs/cards.md, "Card text style").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import events as ev
from .. import primitives as prims
from ..carddefs import Effect, Selector
from ..effects import (
    ask,
    discard_players,
    first_empty_phantom_slot,
    phantom_on_field,
    players_of,
    responding_step,
    special_summon,
    targets,
    to_hand_from,
)
from ..members import card_types as CardTypes
from ..members import choice_kinds as ChoiceKinds
from ..members import starts as Starts
from ..members import zones as Zones
from ..model import Card, EffectPath, Step
from ..query import any_match, check, choosable, health, on_field, sees, select, source_selector
from ..views import hidden_from
from .base import (
    DEFAULT_TARGET,
    NO_DEFAULT,
    BuildFn,
    CheckFn,
    CouldFn,
    Kind,
    Param,
    PhraseFn,
    RunFn,
    Scope,
    TextKit,
    Verb,
    VerbRegistry,
    could_always,
    never,
    no_atk,
    no_problems,
)

if TYPE_CHECKING:
    from ..carddefs import Ability
    from ..core import DuelCore


# --------------------------------------------------------------------------- building


def plain(verb: Verb, values: Mapping[str, Any], scope: Scope) -> tuple[Effect, ...]:
    """One Effect: each parameter fills its Effect field (given, or its default)."""
    kw: dict[str, Any] = {}
    for p in verb.params:
        name = p.effect_field
        if name is None:
            continue
        if p.name in values:
            kw[name] = values[p.name]
        elif p.default is DEFAULT_TARGET:
            kw[name] = scope.default_target
        elif p.default is not NO_DEFAULT:
            kw[name] = p.convert(p.default) if p.convert else p.default
    return (Effect(verb.name, impl=verb, **kw),)


def verb(name: str, *params: Param, run: RunFn, phrases: PhraseFn,
         harms: bool | Callable[[Effect], bool], could: CouldFn = could_always,
         always: bool | Callable[[Effect], bool] = False, build: BuildFn = plain, check: CheckFn = no_problems,
         group: Any = None, doc: str = "", gives: str = "", burns: bool = False, draws: bool = False,
         atk_gain: Callable[[Effect], int] = no_atk, negates: bool = False,
         words: tuple[str, str] | tuple[()] = ()) -> Verb:
    """A Verb with the usual defaults (one plain Effect; could always change something).
    `harms` has no default: every verb says whether it hurts what it acts on."""
    if not callable(always):
        always = _yes if always else never
    if not callable(harms):
        harms = _yes if harms else never
    return Verb(name, params, run, build, phrases, could, always, check,
                group, doc, gives, harms, burns, draws, atk_gain, negates, words)


def _yes(eff: Effect) -> bool:
    return True


# --------------------------------------------------------------------------- parameters

PLAYERS = ("you", "opponent", "both")
DURATIONS = ("turn", "lasting")
MODIFY_STATS = ("atk", "health", "sp_cost")


def _is_up(face: str) -> bool:
    return face != "down"


PLAYER = Param("player", Kind.CHOICE, choices=PLAYERS)
AMOUNT = Param("amount", Kind.AMOUNT, required=True)
COUNT = Param("count", Kind.COUNT)
TARGET = Param("target", Kind.TARGET, default=DEFAULT_TARGET)
DURATION = Param("duration", Kind.CHOICE, choices=DURATIONS)


# --------------------------------------------------------------------------- could it act?


def _sides(user: int, who: str) -> tuple[int, ...]:
    if who == "both":
        return (user, 1 - user)
    return (user,) if who == "you" else (1 - user,)


def reach(duel: DuelCore, card: Card, eff: Effect, user: int, event_card: int) -> list[Card] | None:
    """The cards the effect would act on now; None when they are chosen targets."""
    t = eff.target
    cards = duel.state.cards
    if t is None or t == "self":
        return [card]
    if t == "chosen":
        return None
    if t == "event_card":
        return [cards[event_card]] if event_card >= 0 else []
    if t in ("attacker", "attack_target"):
        uid = duel.state.last_attack[0 if t == "attacker" else 1]
        return [cards[uid]] if uid >= 0 else []
    assert isinstance(t, Selector)
    return [cards[u] for u in select(duel, t, user, card.uid)]


def _free_phantom_slot(duel: DuelCore, player: int) -> bool:
    slots = duel.state.players[player].slots
    return None in slots[Zones.PHANTOM] or None in slots[Zones.SIDE]


def reaches_self_or_chosen(eff: Effect) -> bool:
    """`could_reach_a_card` says yes whatever the position: the effect acts on its own card
    or on chosen targets (whether those may be chosen is legality's business)."""
    return eff.target is None or eff.target == "self" or eff.target == "chosen"


def could_reach_a_card(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                       event_card: int) -> bool:
    """An effect on cards could act when it reaches any (chosen targets: legality's job)."""
    if isinstance(eff.target, Selector):
        return any_match(duel, eff.target, user, card.uid)
    found = reach(duel, card, eff, user, event_card)
    return found is None or bool(found)


# --------------------------------------------------------------------------- words

_TO_WHOM = {"you": "you", "opponent": "your opponent", "both": "each player"}
_WHOSE_DECK = {"you": "your", "opponent": "your opponent's", "both": "each player's"}


# --------------------------------------------------------------------------- LP


def _run_damage_player(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for p in players_of(step, eff.player):
        prims.change_lp(duel, p, -eff.amount, "effect", check=False)
    prims.check_lp(duel)  # both at 0 from one effect: a draw


def _run_heal_player(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for p in players_of(step, eff.player):
        prims.change_lp(duel, p, eff.amount, "effect")


def _damage_player_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.lit(f"deal {effs[0].amount} damage to {_TO_WHOM[effs[0].player]}")]


def _heal_player_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.player_verb(effs[0], f"{effs[0].amount} LP")]


DAMAGE_PLAYER = verb(
    "damage_player", PLAYER, AMOUNT, run=_run_damage_player, always=True,
    phrases=_damage_player_words, doc="deal `amount` damage to a player's LP",
    harms=True, burns=True)
HEAL_PLAYER = verb(
    "heal_player", PLAYER, AMOUNT, run=_run_heal_player, always=True,
    phrases=_heal_player_words, doc="a player gains `amount` LP", gives="lp",
    harms=False, words=("gain", "gains"))


# --------------------------------------------------------------------------- Health


def _run_damage(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for card in targets(duel, step, eff):
        if phantom_on_field(duel, card):
            prims.damage_card(duel, card, eff.amount)


def _run_heal(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for card in targets(duel, step, eff):
        if phantom_on_field(duel, card):
            prims.heal_card(duel, card, eff.amount)


def _could_heal(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                event_card: int) -> bool:
    """A heal needs a Phantom below full Health among the cards it reaches (or, with chosen
    targets, among the cards it may target): RULES.md L13."""
    found = reach(duel, card, eff, user, event_card)
    if found is None:
        assert ab.target is not None  # `chosen` needs a target (the loader checks)
        cards = duel.state.cards
        found = [cards[u] for u in choosable(duel, ab.target.select, user, card.uid)]
        # a face-down Phantom its chooser cannot see may be below full Health (I13, I17)
        return any((c.damage > 0 or not sees(c, user)) and phantom_on_field(duel, c)
                   for c in found)
    return any(c.damage > 0 and phantom_on_field(duel, c) for c in found)


def _damage_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.lit(f"deal {effs[0].amount} damage to"), *k.target(effs[0])]


def _heal_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.lit(f"restore up to {effs[0].amount} Health to"), *k.target(effs[0])]


DAMAGE = verb(
    "damage", TARGET, AMOUNT, run=_run_damage, could=could_reach_a_card, always=reaches_self_or_chosen, phrases=_damage_words,
    doc="deal `amount` damage to Phantoms' Health (0 Health Breaks)", harms=True)
HEAL = verb(
    "heal", TARGET, AMOUNT, run=_run_heal, could=_could_heal, phrases=_heal_words,
    doc="restore up to `amount` Health to Phantoms (never above their maximum)", harms=False)


# --------------------------------------------------------------------------- cards moving


def _run_break(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for card in targets(duel, step, eff):
        prims.break_card(duel, card, "effect")


def _could_deck(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                event_card: int) -> bool:
    players = duel.state.players
    for p in _sides(user, eff.player):  # a plain loop: listing asks this very often
        if players[p].deck:
            return True
    return False


def _run_draw(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for p in players_of(step, eff.player):
        prims.draw(duel, p, eff.count, "effect")


def _run_discard(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    discard_players(duel, list(players_of(step, eff.player)), eff.count)


def _could_discard(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                   event_card: int) -> bool:
    players = duel.state.players
    for p in _sides(user, eff.player):
        if players[p].hand:
            return True
    return False


def _run_mill(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for p in players_of(step, eff.player):
        deck = duel.state.players[p].deck
        for _ in range(min(eff.count, len(deck))):
            prims.move(duel, duel.state.cards[deck[-1]], Zones.GRAVE, -1, p, True, True, "mill")


def _mill_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    eff = effs[0]
    top = "the top card" if eff.count == 1 else f"the top {eff.count} cards"
    return [k.lit(f"send {top} of {_WHOSE_DECK[eff.player]} Main Deck to the Graveyard")]


def _break_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.lit("Break"), *k.target(effs[0])]


def _draw_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.player_verb(effs[0], k.cards(effs[0].count))]


def _discard_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.player_verb(effs[0], k.cards(effs[0].count))]


BREAK = verb(
    "break", TARGET, run=_run_break, could=could_reach_a_card, always=reaches_self_or_chosen, phrases=_break_words,
    doc="Break cards", harms=True)
DRAW = verb(
    "draw", PLAYER, COUNT, run=_run_draw, could=_could_deck, phrases=_draw_words,
    doc="a player draws `count` cards", harms=False, draws=True, words=("draw", "draws"))
DISCARD = verb(
    "discard", PLAYER, COUNT, run=_run_discard, could=_could_discard, phrases=_discard_words,
    doc="a player discards `count` cards of their choice", harms=True,
    words=("discard", "discards"))
MILL = verb(
    "mill", PLAYER, COUNT, run=_run_mill, could=_could_deck, phrases=_mill_words,
    doc="the top `count` cards of a Main Deck go to the Graveyard", harms=True)


# --------------------------------------------------------------------------- search, return


def _source_zone(values: Mapping[str, Any], sources: tuple[str, ...]) -> Iterable[tuple[str, str]]:
    """`select` must look where `source` is (else it matches nothing)."""
    source = values.get("source", sources[0])
    select_ = values.get("select")
    if select_ is not None and source not in select_.zones:
        yield ("select.zone",
               f"must include {source!r} to match source {source!r} (else it matches nothing)")


_SEARCH_SOURCES = ("deck", "grave")
_SUMMON_SOURCES = ("hand", "deck", "grave", "extra")


def _run_search(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    you = step.user
    options = select(duel, source_selector(eff), you, step.card)
    if len(options) == 1:
        to_hand_from(duel, duel.state.cards[options[0]], you, eff.source)
    elif options:
        ask(duel, you, ChoiceKinds.SEARCH, "Choose a card to add to your hand", options, 1,
            {"source": eff.source})


def _could_search(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                  event_card: int) -> bool:
    return any_match(duel, source_selector(eff), user, card.uid)


def _search_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    eff = effs[0]
    where = "Main Deck" if eff.source == "deck" else "Graveyard"
    out = [k.lit("add")]
    if eff.select is not None:
        out += k.selector(eff.select, place=False)
    return [*out, k.lit(f"from your {where} to your hand")]


def _search_check(values: Mapping[str, Any], scope: Scope) -> Iterable[tuple[str, str]]:
    return _source_zone(values, _SEARCH_SOURCES)


def _return_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.lit("return"), *k.target(effs[0]),
            k.lit("to its owner's hand", "to their owners' hands")]


def _run_return(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for card in targets(duel, step, eff):
        if on_field(card) or card.zone is Zones.GRAVE:
            prims.move(duel, card, Zones.HAND, -1, card.owner, False, True, "return")


def _at_chosen(eff: Effect) -> bool:
    """`_could_return` says yes whatever the position for chosen targets."""
    return eff.target == "chosen"


def _could_return(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                  event_card: int) -> bool:
    found = reach(duel, card, eff, user, event_card)
    return found is None or any(on_field(c) or c.zone is Zones.GRAVE for c in found)


SEARCH = verb(
    "search", Param("select", Kind.SELECTOR, required=True),
    Param("source", Kind.CHOICE, choices=_SEARCH_SOURCES, default="deck"),
    run=_run_search, could=_could_search, phrases=_search_words,
    check=_search_check,
    doc="you add one matching card from your Main Deck or Graveyard to your hand", harms=False)
RETURN_TO_HAND = verb(
    "return_to_hand", TARGET, run=_run_return, could=_could_return, always=_at_chosen,
    phrases=_return_words,
    doc="cards go back to their owner's hand", harms=True)


# --------------------------------------------------------------------------- special summon


def _run_special_summon(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    you = step.user
    if eff.select is None:
        for card in targets(duel, step, eff):
            if not on_field(card):
                special_summon(duel, card, you, eff)
        return
    if first_empty_phantom_slot(duel, you) is None:
        return
    options = [u for u in select(duel, source_selector(eff), you, step.card)
               if duel.defs[duel.state.cards[u].cid].is_phantom]
    if len(options) == 1:
        special_summon(duel, duel.state.cards[options[0]], you, eff)
    elif options:
        ask(duel, you, ChoiceKinds.SUMMON_PICK, "Choose a Phantom to Special Summon", options, 1,
            {"path": list(path)})


def _could_special_summon(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                          event_card: int) -> bool:
    if not _free_phantom_slot(duel, user):
        return False
    if eff.select is None:
        found = reach(duel, card, eff, user, event_card)
        return found is None or any(not on_field(c) for c in found)
    return any_match(duel, source_selector(eff), user, card.uid, phantom=True)


def _summon_check(values: Mapping[str, Any], scope: Scope) -> Iterable[tuple[str, str]]:
    by_source = "source" in values or "select" in values
    if by_source:
        if "target" in values:
            yield ("", "give either target, or source/select, not both")
        yield from _source_zone(values, _SUMMON_SOURCES)
    elif (values.get("target", scope.default_target) == "self"
          and scope.card_type not in (None, CardTypes.PHANTOM)):
        yield ("", "only a Phantom can Special Summon itself; give target or source/select")


def _summon_build(verb_: Verb, values: Mapping[str, Any], scope: Scope) -> tuple[Effect, ...]:
    """Either chosen/listed cards (`target`) or one card you pick from `source` (`select`)."""
    if "source" in values or "select" in values:
        given = {str(p.effect_field): values[p.name] for p in verb_.params
                 if p.name in values and p.name != "target"}
        return (Effect(verb_.name, impl=verb_, target=None, **given),)
    return plain(verb_, values, scope)


def _summon_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    eff = effs[0]
    out = [k.lit("Special Summon")]
    if eff.select is not None:
        out += k.selector(eff.select, place=False, phantoms=True)
        out.append(k.lit(f"from your {k.zone_word(eff.source)}"))
    else:
        out += k.target(eff)
    if eff.position == "defense":
        out.append(k.lit("in Defense Position"))
    if not eff.face_up:
        out.append(k.lit("face down"))
    return out


SPECIAL_SUMMON = verb(
    "special_summon", Param("target", Kind.TARGET, default=DEFAULT_TARGET),
    Param("source", Kind.CHOICE, choices=_SUMMON_SOURCES),
    Param("select", Kind.SELECTOR),
    Param("position", Kind.CHOICE, choices=("attack", "defense")),
    Param("face", Kind.CHOICE, choices=("up", "down"), field="face_up", convert=_is_up),
    run=_run_special_summon, could=_could_special_summon, build=_summon_build,
    check=_summon_check, phrases=_summon_words,
    doc="Special Summon chosen cards, or one Phantom you pick from `source`", gives="phantom",
    harms=False)


# --------------------------------------------------------------------------- position, face


def _run_change_position(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for card in targets(duel, step, eff):
        if not phantom_on_field(duel, card) or health(duel, card) == 0:
            continue
        want = (not card.attack_pos) if eff.position == "toggle" else eff.position == "attack"
        if want != card.attack_pos:
            prims.set_position(duel, card, want, "effect")


def _position_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    eff = effs[0]
    if eff.position == "toggle":
        return [k.lit("change the position of"), *k.target(eff)]
    return [k.lit("change"), *k.target(eff), k.lit(f"to {eff.position.capitalize()} Position")]


def _run_flip(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for card in targets(duel, step, eff):
        if on_field(card):
            prims.set_face(duel, card, eff.face_up, "effect")


def _to_defense(eff: Effect) -> bool:
    """Turning Phantoms to Defense Position takes their attacks away."""
    return eff.position == "defense"


def _face_down(eff: Effect) -> bool:
    """Turning cards face down takes their effects away."""
    return not eff.face_up


def _flip_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.lit("turn"), *k.target(effs[0]), k.lit("face up" if effs[0].face_up else "face down")]


CHANGE_POSITION = verb(
    "change_position", TARGET,
    # docs/cards.md lists toggle first; Effect's own default is "attack"
    Param("position", Kind.CHOICE, choices=("toggle", "attack", "defense"), default="toggle"),
    run=_run_change_position, could=could_reach_a_card, always=reaches_self_or_chosen, phrases=_position_words,
    doc="Phantoms change position", harms=_to_defense)
FLIP = verb(
    "flip", TARGET,
    Param("face", Kind.CHOICE, choices=("up", "down"), field="face_up", convert=_is_up),
    run=_run_flip, could=could_reach_a_card, always=reaches_self_or_chosen,
    phrases=_flip_words,
    doc="cards are turned face up or face down", harms=_face_down)


# --------------------------------------------------------------------------- stats, statuses


def _run_modify(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    expires = duel.state.turn if eff.duration == "turn" else -1
    for card in targets(duel, step, eff):
        if not (on_field(card) or card.zone is Zones.HAND):
            continue
        prims.add_modifier(duel, card, eff.stat, eff.amount, expires)
        duel.out.append(ev.StatModified(card.uid, eff.stat, eff.amount, eff.duration,
                                        hidden_from(duel, card.uid)))
        if eff.stat == "health" and phantom_on_field(duel, card) and health(duel, card) == 0:
            prims.break_card(duel, card, "health")


def _modify_check(values: Mapping[str, Any], scope: Scope) -> Iterable[tuple[str, str]]:
    if not any(s in values for s in MODIFY_STATS):
        yield ("", f"give at least one of {', '.join(MODIFY_STATS)}")


def _modify_build(verb_: Verb, values: Mapping[str, Any], scope: Scope) -> tuple[Effect, ...]:
    """One Effect per stat given: `{atk: 200, health: -100}` becomes two modify Effects."""
    (base,) = plain(verb_, values, scope)
    return tuple(Effect(verb_.name, impl=verb_, target=base.target, stat=s, amount=values[s],
                        duration=base.duration) for s in MODIFY_STATS if s in values)


def _modify_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    eff = effs[0]
    return [k.modify([(e.stat, e.amount) for e in effs]), *k.target(eff), k.duration(eff.duration)]


def _add_status(duel: DuelCore, step: Step, eff: Effect, status: str) -> None:
    expires = duel.state.turn if eff.duration == "turn" else -1
    for card in targets(duel, step, eff):
        if on_field(card):
            prims.add_status(duel, card, status, expires)
            duel.out.append(ev.StatusGained(card.uid, status, eff.duration,
                                            hidden_from(duel, card.uid)))


def _run_protect(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    _add_status(duel, step, eff, "protected")


def _run_cannot_attack(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    _add_status(duel, step, eff, "cannot_attack")


def _weakens(eff: Effect) -> bool:
    """Less ATK or Health hurts (an SP Cost change is the card owner's own matter)."""
    return eff.amount < 0 and eff.stat != "sp_cost"


def _atk_gain(eff: Effect) -> int:
    return eff.amount if eff.stat == "atk" and eff.amount > 0 else 0


def _modify_group(eff: Effect) -> object:
    return (eff.target, eff.duration)


def _protect_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.verb_s("survive", "being Broken"), *k.target(effs[0]), k.duration(effs[0].duration)]


def _cannot_attack_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.lit("cannot attack"), *k.target(effs[0]), k.duration(effs[0].duration)]


MODIFY = verb(
    "modify", TARGET, *(Param(s, Kind.NUMBER, field=None) for s in MODIFY_STATS), DURATION,
    run=_run_modify, could=could_reach_a_card, always=reaches_self_or_chosen, build=_modify_build, check=_modify_check,
    phrases=_modify_words, group=_modify_group,
    doc="cards gain or lose ATK, Health or SP Cost, for the turn or lasting",
    harms=_weakens, atk_gain=_atk_gain)
PROTECT = verb(
    "protect", TARGET, DURATION, run=_run_protect, could=could_reach_a_card, always=reaches_self_or_chosen,
    phrases=_protect_words,
    doc="cards survive a Break, staying at 0 Health", harms=False)
CANNOT_ATTACK = verb(
    "cannot_attack", TARGET, DURATION, run=_run_cannot_attack, could=could_reach_a_card, always=reaches_self_or_chosen,
    phrases=_cannot_attack_words,
    doc="Phantoms cannot attack", harms=True)


# --------------------------------------------------------------------------- SP


def _run_gain_sp(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for p in players_of(step, eff.player):
        prims.change_sp(duel, p, eff.amount, "effect")


def _run_lose_sp(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    for p in players_of(step, eff.player):
        prims.change_sp(duel, p, -eff.amount, "effect")


def _could_lose_sp(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                   event_card: int) -> bool:
    players = duel.state.players
    return any(players[p].sp > 0 for p in _sides(user, eff.player))


def _gain_sp_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.player_verb(effs[0], f"{effs[0].amount} SP")]


def _lose_sp_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    return [k.player_verb(effs[0], f"{effs[0].amount} SP")]


GAIN_SP = verb(
    # always acts: the SP cap cuts only the Draw Phase gain (RULES.md S1a)
    "gain_sp", PLAYER, AMOUNT, run=_run_gain_sp, always=True,
    phrases=_gain_sp_words,
    doc="a player gains `amount` SP (never cut by the SP cap)", gives="sp", harms=False,
    words=("gain", "gains"))
LOSE_SP = verb(
    "lose_sp", PLAYER, AMOUNT, run=_run_lose_sp, could=_could_lose_sp,
    phrases=_lose_sp_words,
    doc="a player loses `amount` SP (not below 0)", harms=True, words=("lose", "loses"))


# --------------------------------------------------------------------------- answers


def _run_negate(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    target = responding_step(duel, step)
    if target is not None and not target.negated:
        target.negated = True
        target.negate_break = eff.amount != 0


def _negate_check(values: Mapping[str, Any], scope: Scope) -> Iterable[tuple[str, str]]:
    if scope.start is not Starts.RESPONSE:
        yield ("", "negate only works in a response ability (it negates the Step responded to)")


def _negate_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    out = [k.lit("negate")]
    if effs[0].amount and k.answers() & {"summon", "action"}:
        out.append(k.lit("Break that Phantom"))
    return out


NEGATE = verb(
    # Effect has no field for `break`: it rides in Effect.amount (1 = also Break the card)
    "negate", Param("break", Kind.FLAG, default=True, field="amount", convert=int),
    run=_run_negate, always=True, check=_negate_check, phrases=_negate_words,
    doc="negate the Step this one responded to (and Break its card)", harms=True, negates=True)


# --------------------------------------------------------------------------- branching


def _run_if(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    branch = eff.then if check(duel, eff.condition, step.user, step.card,
                               responding_step(duel, step)) else eff.otherwise
    tag = "t" if branch is eff.then else "e"
    duel.state.work[0:0] = [path + (tag, k) for k in range(len(branch))]


def _could_if(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
              event_card: int) -> bool:
    return any(e.impl.could(duel, card, ab, e, user, event_card)
               for e in (*eff.then, *eff.otherwise))


def _if_always(eff: Effect) -> bool:
    """Whichever branch is taken acts."""
    return (bool(eff.then) and all(e.impl.always(e) for e in eff.then)
            and bool(eff.otherwise) and all(e.impl.always(e) for e in eff.otherwise))


def _if_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    eff = effs[0]
    out = [k.lit("if"), *k.effects(eff.then)]
    if eff.otherwise:
        out += [k.lit("otherwise"), *k.effects(eff.otherwise)]
    return out


def _run_choose(duel: DuelCore, step: Step, eff: Effect, path: EffectPath) -> None:
    ask(duel, step.user, ChoiceKinds.CHOOSE_OPTION, "Choose one", list(range(len(eff.options))),
        1, {"path": list(path), "labels": list(eff.labels)})


def _could_choose(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                  event_card: int) -> bool:
    return any(e.impl.could(duel, card, ab, e, user, event_card)
               for option in eff.options for e in option)


def _choose_build(verb_: Verb, values: Mapping[str, Any], scope: Scope) -> tuple[Effect, ...]:
    options = values["options"]  # ((label, effects), ...)
    return (Effect(verb_.name, impl=verb_, options=tuple(e for _, e in options),
                   labels=tuple(label for label, _ in options)),)


def _choose_words(effs: Sequence[Effect], k: TextKit) -> list[Any]:
    eff = effs[0]
    out = [k.lit("choose one")]
    for label, option in zip(eff.labels, eff.options, strict=False):
        out.append(k.choice(label))
        out += k.effects(option)
    return out


IF = Verb(
    "if", (Param("condition", Kind.CONDITION, required=True),
           Param("then", Kind.EFFECTS, required=True),
           Param("else", Kind.EFFECTS, field="otherwise")),
    _run_if, plain, _if_words, _could_if, _if_always,
    doc="if `condition` holds, the `then` effects, else the `else` effects")
CHOOSE = verb(
    "choose", Param("options", Kind.OPTIONS, required=True, field=None),
    run=_run_choose, could=_could_choose, build=_choose_build, phrases=_choose_words,
    doc="the controller picks one option's effects when it resolves", harms=False)


BUILTIN = VerbRegistry((
    DAMAGE_PLAYER, HEAL_PLAYER, DAMAGE, HEAL, BREAK, DRAW, DISCARD, SEARCH, MILL,
    RETURN_TO_HAND, SPECIAL_SUMMON, CHANGE_POSITION, FLIP, MODIFY, GAIN_SP, LOSE_SP, NEGATE,
    PROTECT, CANNOT_ATTACK, IF, CHOOSE,
))
"""The verbs of the shipped card vocabulary (docs/cards.md, "Effects")."""

VERBS = tuple(BUILTIN)
