"""Frozen card definitions: the normalised form every card file is loaded into.

The engine only ever sees these objects; `game.cards.loader` builds them from YAML
once at start-up (see docs/cards.md for the vocabulary). Nothing here reads files.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .model import Card, EffectPath, Step, Zone


class CardType(str, Enum):
    PHANTOM = "phantom"
    SPIRIT = "spirit"
    COUNTER = "counter"
    ENVIRONMENT = "environment"


class Start(str, Enum):
    """How an ability starts."""

    MAIN = "main"  # activated by its controller in their own Main Phase, at an open state
    TRIGGER = "trigger"  # added to a Line by the engine when its event happens
    RESPONSE = "response"  # activated whenever its controller holds priority (speed permitting)
    STATIC = "static"  # continuous: applies while the card is face up on the field


_SPIRIT = CardType.SPIRIT  # read by CardDef.ability (a module global reads fastest)


# Zones a selector can name. "field" is shorthand for phantom+back+side+env.
FIELD_ZONES = ("phantom", "back", "side", "env")
ALL_ZONES = ("phantom", "back", "side", "env", "hand", "grave", "deck", "extra")
STATS = ("atk", "health", "max_health", "level", "sp_cost")
OPS = ("<", "<=", "==", "!=", ">=", ">")

TRIGGERS = (
    "summoned",  # this card was Summoned or Special Summoned (its summon Step resolved)
    "flipped",  # this card was turned face up
    "attacks",  # this card declared an attack
    "attacked",  # this card was chosen as an attack target
    "battle_damage",  # this card dealt battle damage to a player
    "broken",  # this card was Broken
    "sent_to_grave",  # this card went to the Graveyard from anywhere
    "draw_phase",  # the shared Draw Phase (after both draws)
    "turn_start",  # a turn's Standby Phase begins (see `whose`)
    "turn_end",  # a turn's End Phase begins (see `whose`)
    "opponent_summons",  # the opponent Summoned or Special Summoned a Phantom
    "opponent_activates",  # the opponent activated an ability (added a Step that is not a game action)
)

# Triggers that by default watch this very card; `of:` widens them to any matching card.
SELF_TRIGGERS = ("summoned", "flipped", "attacks", "attacked", "battle_damage", "broken", "sent_to_grave")

# What a `responding_to` condition calls each kind of Step (model.Step.kind, with an ability
# "activate" and a Special Summon a "summon": the book).
STEP_KINDS = ("summon", "set", "environment", "attack", "position", "flip", "unsummon",
              "activate")

# Where a verb's `target` may point. A Selector means "every card matching it".
TARGET_REFS = ("chosen", "self", "event_card", "attacker", "attack_target")


# Derived facts: what the engine reads of card data beyond its fields (a card's gates and
# trigger map, an ability's gate, a selector's zone keys, ...) is worked out once, in
# `__post_init__` when the object is made, and kept as a plain attribute (a dataclass field
# with `init=False, compare=False`: equality, `replace` and pickling are as for the data).
# Not `functools.cached_property`: it keeps its value in the instance's `__dict__`, and
# once an object's `__dict__` has been touched CPython 3.11 reads every attribute of that
# object by its slow generic path (docs/engine.md "Speed", seventh round).

PlanT = TypeVar("PlanT")


class Planned:
    """Card data that the engine's queries turn into a small function the first time they
    read it (`query`'s plans: a selector's card test, a condition's test), kept on the object
    as `plan_`. Card data is frozen, so the function never goes stale; it is not part of the
    data (not a field: equality, hashing and repr ignore it) and is never pickled (a copy
    makes its own on first use)."""

    plan_: Any = None  # no plan yet

    def keep_plan(self, plan: PlanT) -> PlanT:
        """Keep `plan` as this object's plan (the one write to frozen card data)."""
        object.__setattr__(self, "plan_", plan)
        return plan

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("plan_", None)
        return state


@dataclass(frozen=True)
class StatTest:
    stat: str
    op: str
    value: int


@dataclass(frozen=True)
class Selector(Planned):
    """A filter over cards, relative to the ability's controller ("you").

    All given fields must match (AND); `tags` matches a card with any of the tags.
    """

    side: str = "any"  # you | opponent | any
    zones: tuple[str, ...] = ("phantom", "side")
    types: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    position: str | None = None  # attack | defense
    face: str | None = None  # up | down
    stats: tuple[StatTest, ...] = ()
    card: str | None = None  # a card id
    this: str = "any"  # any | only | exclude  (the card that owns the ability)
    extra: bool | None = None  # Extra Deck Phantom or not

    # derived facts ("Derived facts" above)
    zone_keys: tuple[tuple[Zone, bool], ...] = field(init=False, repr=False, compare=False)
    only_where: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "zone_keys", self._zone_keys())
        object.__setattr__(self, "only_where", self._only_where())

    def _zone_keys(self) -> tuple[tuple[Zone, bool], ...]:
        """(Zone, is a pile) per zone name, resolved once (the engine's model owns Zone)."""
        from .model import PILE_ZONES, Zone

        return tuple((Zone(z), Zone(z) in PILE_ZONES) for z in self.zones)

    def _only_where(self) -> bool:
        """Nothing to test but side and zone (selection can skip the card tests)."""
        return (not self.types and not self.tags and self.position is None
                and self.face is None and not self.stats and self.card is None
                and self.this == "any" and self.extra is None)


def answers_kinds(kinds: tuple[str, ...], step_kind: str) -> bool:
    """Does a Step of `step_kind` meet a `responding_to` condition's `kinds` (empty: any)?
    An ability's Step is "activate", a Special Summon is a "summon" (book), and "action" is
    any game action (not an activation). The engine's check (query) and the client's
    might-answer judgment (asking) both read this one mapping."""
    said = "activate" if step_kind == "ability" else \
        "summon" if step_kind == "special_summon" else step_kind
    return not kinds or said in kinds or ("action" in kinds and said != "activate")


@dataclass(frozen=True)
class Condition(Planned):
    """A yes/no question about the duel; `kind` picks which (docs/cards.md)."""

    kind: str  # all | any | not | count | lp | sp | hand | grave | phase | turn | responding_to | round
    children: tuple[Condition, ...] = ()
    select: Selector | None = None
    player: str = "you"
    min: int | None = None
    max: int | None = None
    values: tuple[str, ...] = ()  # phases, turn owner, step kinds


def _own_field_selector(sel: Selector) -> bool:
    """Does `sel` look only at its user's own Phantom and Side Balance slots?"""
    return sel.side == "you" and set(sel.zones) <= {"phantom", "side"}


def _own_field_need(cond: Condition | None) -> int:
    """How many cards its user's Phantom and Side Balance slots must hold for `cond` to
    hold (0: it sets no such bound)."""
    if cond is None:
        return 0
    if cond.kind == "all":
        return max((_own_field_need(c) for c in cond.children), default=0)
    if cond.kind == "count" and cond.select is not None and cond.min is not None \
            and _own_field_selector(cond.select):
        return cond.min
    return 0


def has_real_condition(cond: Condition | None) -> bool:
    """A Condition about the duel, not only about what it answers (RULES.md C3): a Counter
    with one may be activated the turn it was set, and its text says `Condition:`."""
    if cond is None:
        return False
    if cond.kind == "responding_to":
        return False
    if cond.kind in ("all", "any", "not"):
        return any(has_real_condition(c) for c in cond.children)
    return True


@dataclass(frozen=True)
class TargetSpec:
    select: Selector
    count: int = 1


@dataclass(frozen=True)
class Cost:
    sp: int = 0
    lp: int = 0
    discard: int = 0  # cards from hand, chosen by the activating player
    break_self: bool = False  # send this card to the Graveyard as the cost

    @property
    def empty(self) -> bool:
        return not (self.sp or self.lp or self.discard or self.break_self)


class EffectVerb(Protocol):
    """What card data and its readers ask of an effect's verb (`Effect.impl`): what it
    does, whether it could change anything (RULES.md L13), its card-text words and what it
    gives a player. `verbs/base.py`'s `Verb` is the one real kind; naming the shape here
    keeps the card data below the verbs (which name `Effect` in their own signatures)
    without an import circle. The duel a verb runs on is a `core.DuelCore`, which sits
    above the card data, hence `Any` for it here; `Verb` itself types it."""

    @property
    def name(self) -> str: ...
    @property
    def run(self) -> Callable[[Any, Step, Effect, EffectPath], None]: ...
    @property
    def could(self) -> Callable[[Any, Card, Ability, Effect, int, int], bool]: ...
    @property
    def always(self) -> Callable[[Effect], bool]: ...
    @property
    def phrases(self) -> Callable[[Sequence[Effect], Any], list[Any]]: ...
    @property
    def group(self) -> Callable[[Effect], object] | None: ...
    @property
    def gives(self) -> str: ...
    # what the AI, the arrows and the text lint read of a verb (verbs/base.py `Verb`)
    @property
    def harms(self) -> Callable[[Effect], bool]: ...
    @property
    def burns(self) -> bool: ...
    @property
    def draws(self) -> bool: ...
    @property
    def atk_gain(self) -> Callable[[Effect], int]: ...
    @property
    def negates(self) -> bool: ...
    @property
    def words(self) -> tuple[str, str] | tuple[()]: ...
    @property
    def param_names(self) -> tuple[str, ...]: ...


class _Unbound:
    """The verb of an Effect built by hand (tests comparing loaded data): it cannot run,
    could always change something, never acts regardless and has no words."""

    name = ""
    gives = ""
    group = None
    burns = False
    draws = False
    negates = False
    words: tuple[str, str] | tuple[()] = ()
    param_names: tuple[str, ...] = ()

    @staticmethod
    def harms(eff: Effect) -> bool:
        return False

    @staticmethod
    def atk_gain(eff: Effect) -> int:
        return 0

    @staticmethod
    def run(duel: Any, step: Step, eff: Effect, path: EffectPath) -> None:
        raise RuntimeError(f"effect {eff.verb!r} was not loaded through a verb registry")

    @staticmethod
    def could(duel: Any, card: Card, ab: Ability, eff: Effect, user: int,
              event_card: int) -> bool:
        return True

    @staticmethod
    def always(eff: Effect) -> bool:
        return False

    @staticmethod
    def phrases(effects: Sequence[Effect], kit: Any) -> list[Any]:
        return []


UNBOUND: EffectVerb = _Unbound()


@dataclass(frozen=True)
class Effect:
    """One verb with its parameters. Unused fields keep their defaults."""

    verb: str
    target: str | Selector | None = None  # a TARGET_REFS name or a Selector (all matching)
    player: str = "you"  # you | opponent | both
    amount: int = 0
    count: int = 1
    stat: str = ""  # modify: atk | health | sp_cost
    duration: str = "turn"  # modify/protect/cannot_attack: turn | lasting
    source: str = "hand"  # special_summon: hand | deck | grave | extra ; search: deck | grave
    select: Selector | None = None  # special_summon/search: which cards qualify
    position: str = "attack"  # special_summon: attack | defense ; change_position: attack|defense|toggle
    face_up: bool = True
    condition: Condition | None = None  # if
    then: tuple[Effect, ...] = ()  # if
    otherwise: tuple[Effect, ...] = ()  # if
    options: tuple[tuple[Effect, ...], ...] = ()  # choose
    labels: tuple[str, ...] = ()  # choose: what each option is called
    # The verb object (game/engine/verbs) the loader resolved `verb` to: run, could, words.
    impl: EffectVerb = field(default=UNBOUND, compare=False, repr=False)

    # derived facts ("Derived facts" above)
    source_selector: Selector = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "source_selector", self._source_selector())

    def _source_selector(self) -> Selector:
        """The cards a special_summon or search picks from: its `select` in its `source`
        zone, on its user's side unless it says otherwise (built once per effect)."""
        sel = self.select or Selector(types=())
        return replace(sel, zones=(self.source,), side="you" if sel.side == "any" else sel.side)


@dataclass(frozen=True)
class StaticEffect:
    """A continuous effect: modifiers and flags for every card `affects` selects."""

    affects: Selector
    atk: int = 0
    health: int = 0
    sp_cost: int = 0
    cannot_attack: bool = False
    protected: bool = False

    # derived facts ("Derived facts" above)
    shows: bool = field(init=False, repr=False, compare=False)
    own_cards_only: StaticEffect = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "shows", self._shows())
        object.__setattr__(self, "own_cards_only", self._own_cards_only())

    def _shows(self) -> bool:
        """Changes something a field card shows (a stat or a status): worked out once."""
        return bool(self.atk or self.health or self.sp_cost or self.protected
                    or self.cannot_attack)

    def _own_cards_only(self) -> StaticEffect:
        """The same effect limited to its user's own cards (an Environment's effect on
        every card, with two Environments out): itself when it already is."""
        if self.affects.side == "you":
            return self
        return replace(self, affects=replace(self.affects, side="you"))


@dataclass(frozen=True)
class Ability:
    start: Start
    speed: int
    effects: tuple[Effect, ...] = ()
    trigger: str | None = None
    of: Selector | None = None  # trigger: which cards' events count (default: this card)
    whose: str = "any"  # turn_start / turn_end: you | opponent | any
    cost: Cost = field(default_factory=Cost)
    condition: Condition | None = None
    target: TargetSpec | None = None
    once_per_turn: bool = False
    optional: bool = False
    face_down: bool = False  # works while this Phantom is face down
    static: StaticEffect | None = None
    text: str = ""

    # derived facts ("Derived facts" above)
    negates: bool = field(init=False, repr=False, compare=False)
    answers: Condition | None = field(init=False, repr=False, compare=False)
    always_acts: bool = field(init=False, repr=False, compare=False)
    gate: tuple[bool, int, bool, bool, int, Condition | None, int, frozenset[str] | None] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "negates", self._negates())
        object.__setattr__(self, "answers", self._answers())
        object.__setattr__(self, "always_acts", self._always_acts())
        object.__setattr__(self, "gate", self._gate())

    def _always_acts(self) -> bool:
        """Some effect changes something whatever the position (LP, SP, negation), so the
        ability never "could change nothing" (RULES.md L13); computed once per ability."""
        return any(e.impl.always(e) for e in self.effects)

    def _negates(self) -> bool:
        """Has a negating effect (`Verb.negates`) at its top level: it needs a Step to
        answer. The one definition of "negates" (the duel screen's arrows read it too); a
        negation inside an `if` or `choose` does not count."""
        return any(e.impl.negates for e in self.effects)

    def _gate(self) -> tuple[bool, int, bool, bool, int, Condition | None, int,
                            frozenset[str] | None]:
        """What listing reads first, in one tuple (worked out once): starts only a Line in
        its Main Phase, SP cost, once per turn, needs a Step to answer (a negation or a
        `responding_to` test), speed, the `responding_to` test, then that test's quick
        form: whose Step it answers (0 anyone's, 1 its user's, 2 the opponent's) and the
        Step kinds it answers (`STEP_KINDS` names; None: any)."""
        need = self.answers
        whose = 0 if need is None or need.player not in ("you", "opponent") else \
            1 if need.player == "you" else 2
        kinds = None if need is None or not need.values else frozenset(
            k for k in STEP_KINDS
            if k in need.values or ("action" in need.values and k != "activate"))
        return (self.start is Start.MAIN, self.cost.sp, self.once_per_turn,
                self.negates or need is not None, self.speed, need, whose, kinds)

    def _answers(self) -> Condition | None:
        """The `responding_to` test its condition requires (top level or inside `all`):
        a cheap pre-filter so listing legal actions skips what cannot answer this Step."""
        cond = self.condition
        if cond is None:
            return None
        if cond.kind == "responding_to":
            return cond
        if cond.kind == "all":
            for child in cond.children:
                if child.kind == "responding_to":
                    return child
        return None


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    type: CardType
    level: int = 0
    atk: int = 0
    health: int = 0
    extra: bool = False
    lasting: bool = False  # Spirit/Counter: stays on the field after its ability resolves
    tags: tuple[str, ...] = ()
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    summon_condition: Condition | None = None  # Extra Deck Phantoms
    materials: TargetSpec | None = None  # Extra Deck Phantoms: sent to the Graveyard to summon

    # derived facts ("Derived facts" above)
    is_phantom: bool = field(init=False, repr=False, compare=False)
    materials_as_condition: bool = field(init=False, repr=False, compare=False)
    field_cards_needed: int = field(init=False, repr=False, compare=False)
    playable_alone: bool = field(init=False, repr=False, compare=False)
    activatable: tuple[tuple[int, Ability], ...] = field(init=False, repr=False, compare=False)
    open_gates: tuple[tuple[int, Ability, bool, int, bool], ...] = field(
        init=False, repr=False, compare=False)
    answer_gates: tuple[tuple[int, Ability, int, bool, int, Condition | None, int, frozenset[str] | None], ...] = field(
        init=False, repr=False, compare=False)
    trigger_map: dict[str, tuple[tuple[int, Ability], ...]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_phantom", self._is_phantom())
        object.__setattr__(self, "materials_as_condition", self._materials_as_condition())
        object.__setattr__(self, "field_cards_needed", self._field_cards_needed())
        object.__setattr__(self, "playable_alone", self._playable_alone())
        object.__setattr__(self, "activatable", self._activatable())
        object.__setattr__(self, "open_gates", self._open_gates())
        object.__setattr__(self, "answer_gates", self._answer_gates())
        object.__setattr__(self, "trigger_map", self._trigger_map())

    def _is_phantom(self) -> bool:  # read all over the hot path
        return self.type is CardType.PHANTOM

    def _materials_as_condition(self) -> bool:
        """The summon condition only counts the very cards its materials come from (the
        usual "send 2 ember Phantoms" shape), and this card cannot be one of them."""
        cond, mats = self.summon_condition, self.materials
        return (cond is not None and mats is not None and cond.kind == "count"
                and cond.select == mats.select and "extra" not in mats.select.zones)

    def _field_cards_needed(self) -> int:
        """The fewest cards its player's Phantom and Side Balance slots must hold for its
        summon condition and materials to be met (0: no such bound): a count of their own
        cards there, or materials taken from there, cannot find more cards than are there.
        Listing refuses on this before judging the condition (the same refusal)."""
        need = _own_field_need(self.summon_condition)
        mats = self.materials
        if mats is not None and _own_field_selector(mats.select):
            need = max(need, mats.count)
        return need

    def _playable_alone(self) -> bool:
        """A Spirit or Counter with no ability to activate is activated as itself (index -1):
        it comes face up, and its continuous and trigger abilities work from then on."""
        if self.type not in (CardType.SPIRIT, CardType.COUNTER):
            return False
        if self.type is CardType.SPIRIT and self.lasting:
            return True  # a Lasting Spirit can always start its continuous effect (rulings)
        return not any(ab.start in (Start.MAIN, Start.RESPONSE) for ab in self.abilities)

    def _activatable(self) -> tuple[tuple[int, Ability], ...]:
        """(index, ability) of every ability a player may activate (computed once)."""
        own = tuple((i, ab) for i, ab in enumerate(self.abilities)
                    if ab.start in (Start.MAIN, Start.RESPONSE))
        if self.playable_alone:
            return ((-1, self.ability(-1)), *own)
        return own

    def _open_gates(self) -> tuple[tuple[int, Ability, bool, int, bool], ...]:
        """(index, ability, starts only a Line in its Main Phase, SP cost, once per turn) of
        every activatable ability that may start a Line (needs no Step to answer): what
        listing at an open state walks (read from `Ability.gate`, computed once)."""
        return tuple((i, ab, ab.gate[0], ab.gate[1], ab.gate[2]) for i, ab in self.activatable
                     if not ab.gate[3])

    def _answer_gates(self) -> tuple[tuple[int, Ability, int, bool, int, Condition | None, int,
                                          frozenset[str] | None], ...]:
        """(index, ability, SP cost, once per turn, speed, the `responding_to` test, whose
        Step, which kinds) of every ability that may answer a Step (not one that only starts
        a Line in its Main Phase): what listing walks while a Line is open."""
        return tuple((i, ab, *ab.gate[1:3], *ab.gate[4:]) for i, ab in self.activatable
                     if not ab.gate[0])

    def _trigger_map(self) -> dict[str, tuple[tuple[int, Ability], ...]]:
        """trigger name -> (index, ability) of this card's trigger abilities (computed once)."""
        found: dict[str, list[tuple[int, Ability]]] = {}
        for i, ab in enumerate(self.abilities):
            if ab.start is Start.TRIGGER and ab.trigger is not None:
                found.setdefault(ab.trigger, []).append((i, ab))
        return {k: tuple(v) for k, v in found.items()}

    def ability(self, index: int) -> Ability:
        """Ability `index`; -1 is the card's own activation (see `playable_alone`)."""
        if index >= 0:
            return self.abilities[index]
        if self.type is _SPIRIT:
            return _PLAY_SPIRIT
        return _PLAY_COUNTER


def plain_phantom(card_id: str, name: str, level: int, atk: int, health: int,
                  **kw: Any) -> CardDef:
    """A Phantom with no abilities; handy for tests and the test decks."""
    return CardDef(id=card_id, name=name, type=CardType.PHANTOM, level=level, atk=atk, health=health, **kw)


_PLAY_SPIRIT = Ability(start=Start.MAIN, speed=1, text="Play this card face up.")
_PLAY_COUNTER = Ability(start=Start.RESPONSE, speed=2, text="Turn this card face up.")
