"""What a card verb is: one object that holds everything the project knows about it.

A verb (`draw`, `heal`, ...) is one `Verb`: the parameters a card may give it (what the
loader checks), what it does when its Step resolves, whether it could change anything now
(RULES.md L13) and the words its card text must use (the text lint). The loader, the
executor, the nothing-to-do rule and the lint all read the same `VerbRegistry`, so a new
verb is one entry (see docs/cards.md, "Adding a verb").

It imports nothing of the engine at run time, and the card data does not import it: an
`Effect` holds its verb as a `carddefs.EffectVerb` (the shape a `Verb` has), so the verbs
sit above the card data they name. The built-in verbs are in `builtin.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..carddefs import Ability, CardType, Effect, Selector, Start
    from ..core import DuelCore
    from ..model import Card, EffectPath, Step


class Kind(str, Enum):
    """What a parameter's value is; the loader has one parser per kind."""

    AMOUNT = "amount"  # an integer >= 0
    NUMBER = "number"  # a signed integer
    COUNT = "count"  # a number of cards, 1 to 99
    FLAG = "flag"  # true or false
    CHOICE = "choice"  # one word of the parameter's `choices`
    TARGET = "target"  # a target name (chosen, self, ...) or a selector: every card matching it
    SELECTOR = "selector"  # a selector
    CONDITION = "condition"  # a condition
    EFFECTS = "effects"  # a nested, non-empty effect list
    OPTIONS = "options"  # choose's options: a list of at least 2 {label, effects}


class _Default(Enum):
    NONE = "none"  # the parameter has no default: the Effect field keeps its own
    TARGET = "target"  # `chosen` when the ability has a `target:`, else `self`


NO_DEFAULT = _Default.NONE
DEFAULT_TARGET = _Default.TARGET


@dataclass(frozen=True)
class Param:
    """One parameter of a verb as a card file writes it.

    `field` is the Effect field the value fills ("" = the parameter's own name; None = only
    the verb's own `build` reads it); `convert` turns the checked value into that field's
    value (`face: down` -> `face_up=False`)."""

    name: str
    kind: Kind
    required: bool = False
    choices: tuple[str, ...] = ()
    default: Any = NO_DEFAULT
    field: str | None = ""
    convert: Callable[[Any], Any] | None = None

    @property
    def effect_field(self) -> str | None:
        return self.name if self.field == "" else self.field


@dataclass(frozen=True)
class Scope:
    """What an effect may depend on about the ability it belongs to (loader checks)."""

    start: Start
    has_target: bool
    card_type: CardType | None

    @property
    def default_target(self) -> str:
        return "chosen" if self.has_target else "self"


class TextKit(Protocol):
    """The card-text style's building blocks (game/cards/textlint.py provides them): a verb
    says which words it needs; the lint knows how words are matched."""

    def lit(self, label: str, *alternatives: str) -> Any: ...
    def raw(self, label: str, regex: str) -> Any: ...
    def choice(self, label: str) -> Any: ...  # a `choose` option's own words
    def verb_s(self, base: str, rest: str) -> Any: ...
    def player_verb(self, eff: Effect, rest: str) -> Any: ...  # the verb's own `words`
    def target(self, eff: Effect) -> list[Any]: ...
    def duration(self, duration: str) -> Any: ...
    def effects(self, effects: Sequence[Effect]) -> list[Any]: ...
    def selector(self, sel: Selector, *, place: bool = True, phantoms: bool = False) -> list[Any]: ...
    def modify(self, stats: list[tuple[str, int]]) -> Any: ...
    def answers(self) -> set[str]: ...
    def cards(self, n: int) -> str: ...
    def zone_word(self, zone: str) -> str: ...


RunFn = Callable[["DuelCore", "Step", "Effect", "EffectPath"], None]
CouldFn = Callable[["DuelCore", "Card", "Ability", "Effect", int, int], bool]
PhraseFn = Callable[[Sequence["Effect"], TextKit], list[Any]]
BuildFn = Callable[["Verb", Mapping[str, Any], Scope], "tuple[Effect, ...]"]
CheckFn = Callable[[Mapping[str, Any], Scope], Iterable[tuple[str, str]]]


def could_always(duel: DuelCore, card: Card, ab: Ability, eff: Effect, user: int,
                 event_card: int) -> bool:
    return True


def never(eff: Effect) -> bool:
    return False


def no_problems(values: Mapping[str, Any], scope: Scope) -> Iterable[tuple[str, str]]:
    return ()


def no_atk(eff: Effect) -> int:
    return 0


@dataclass(frozen=True, eq=False)
class Verb:
    """One card verb, everything about it in one place.

    - `params`: what a card may write (names, kinds, required, defaults, allowed words);
      `check(values, scope)` adds rules between parameters, as (sub-path, problem) pairs;
      `build(verb, values, scope)` turns checked values into Effects (usually one).
    - `run(duel, step, effect, path)`: what it does when its Step resolves.
    - `could(duel, card, ability, effect, user, event_card)`: could it change anything now
      (RULES.md L13)? `always(effect)`: `could` would say yes whatever the position (it
      changes something anyway, or it acts on the card itself or on chosen targets, which
      legality checks), so the question is never asked: an ability with such an effect
      could always change something. It only saves work; it never changes an answer.
    - `phrases(effects, kit)`: the words its card text must contain; `group(effect)`, when
      given, makes consecutive effects of this verb with equal keys share one phrase (the
      loader splits `modify: {atk, health}` into two Effects; the text says it once).
    - `gives`: what the effect brings a player, for players that weigh an activation
      without looking ahead (game/ai/policy.py): "lp", "sp", "phantom" (a Phantom onto the
      field, so it needs a free slot) or "" (none of these).

    What the AI, the duel screen's arrows and the text lint know of a verb is declared
    here too, so none of them names a verb:

    - `harms(effect)`: the effect hurts what it acts on (the cards it hits, or the player
      it names), so a player aims it at the opponent (game/ai/worth.py `ability_harms`).
    - `burns`: its `amount` is damage to the LP of its `player` (the "win this turn"
      solver's bound and move order, game/ai/lethal.py).
    - `draws`: its `count` is cards its `player` draws (keeping a thin deck alive).
    - `atk_gain(effect)`: the ATK it adds to Phantoms (0 when none; the solvers' bound).
    - `negates`: it negates the Step its ability answers, so an ability with one at its
      top level needs a Step to answer (`Ability.negates`, the one definition); its
      `amount` says whether it also Breaks that Step's card.
    - `words`: (base, third person) of the verb a `player` verb's text uses ("draw",
      "draws": "draw 1 card" / "your opponent draws 1 card"), read by the text lint's
      `player_verb`.
    """

    name: str
    params: tuple[Param, ...]
    run: RunFn
    build: BuildFn
    phrases: PhraseFn
    could: CouldFn = could_always
    always: Callable[[Effect], bool] = never
    check: CheckFn = no_problems
    group: Callable[[Effect], object] | None = None
    doc: str = field(default="", compare=False)
    gives: str = ""
    harms: Callable[[Effect], bool] = never
    burns: bool = False
    draws: bool = False
    atk_gain: Callable[[Effect], int] = no_atk
    negates: bool = False
    words: tuple[str, str] | tuple[()] = ()

    @property
    def param_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params if p.required)


class VerbRegistry(Mapping[str, Verb]):
    """Verbs by name, frozen. The loader resolves each effect's Verb here once, at load;
    a test may load cards with its own registry (`BUILTIN.with_verbs(toy)`)."""

    def __init__(self, verbs: Iterable[Verb]) -> None:
        found: dict[str, Verb] = {}
        for verb in verbs:
            if not verb.name or verb.name in found:
                raise ValueError(f"verb names must be unique and non-empty: {verb.name!r}")
            found[verb.name] = verb
        self._verbs = found

    def __getitem__(self, name: str) -> Verb:
        return self._verbs[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._verbs)

    def __len__(self) -> int:
        return len(self._verbs)

    def __hash__(self) -> int:  # frozen: usable as a default value and a cache key
        return hash(tuple(self._verbs.items()))

    def with_verbs(self, *verbs: Verb) -> VerbRegistry:
        """A new registry: these verbs added (a verb of the same name is replaced)."""
        merged = dict(self._verbs)
        for verb in verbs:
            merged[verb.name] = verb
        return VerbRegistry(merged.values())
