"""The Easy and Normal computer players: a view in, a command out.

Each decision rebuilds a duel from the player's own view (game.ai.sampling: its own
deck from its decklist, the opponent's hidden cards sampled from what it could know) and
lets the rule-based policy decide on it. Decisions the view cannot be rebuilt for (a choice
in the middle of a resolution) are answered from the view alone (fallback.py).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

from game.engine import CardDef, Command, PlayerView, Rules

from .evaluate import DEFAULT, Weights
from .fallback import view_answer
from .goals import PlayGoal
from .lethal import LethalSolver, plausible
from .policy import EASY, NORMAL, Policy, Style, for_goal
from .sampling import HiddenGuess, Memory, NotRebuildable, Rebuilt, rebuild

if TYPE_CHECKING:
    from typing_extensions import Unpack


class Knowledge(TypedDict, total=False):
    """What a computer player may know besides its views (see `ViewPlayer`)."""

    pool: Mapping[str, CardDef] | None
    rules: Rules | None
    deck: Sequence[str] | None
    opponent_deck: Sequence[str] | None
    goal: PlayGoal | None  # what it plays for besides the duel (a puzzle's goal, goals.py)


@functools.cache
def _default_pool_and_rules() -> tuple[Mapping[str, CardDef], Rules]:
    from game.cards import load_card_set
    from game.rules.file import load_rules

    return load_card_set(), load_rules()


class ViewPlayer:
    """What every scripted level shares: knowledge (pool, rules, decklists), the memory of
    the log, and rebuilding a duel from each view."""

    name = "view"

    def __init__(self, seed: int = 0, *, pool: Mapping[str, CardDef] | None = None,
                 rules: Rules | None = None, deck: Sequence[str] | None = None,
                 opponent_deck: Sequence[str] | None = None,
                 goal: PlayGoal | None = None) -> None:
        if pool is None or rules is None:
            default_pool, default_rules = _default_pool_and_rules()
            pool = pool if pool is not None else default_pool
            rules = rules if rules is not None else default_rules
        self.pool = pool
        self.rules = rules
        self.deck = tuple(deck) if deck is not None else None
        self.opponent_deck = tuple(opponent_deck) if opponent_deck is not None else None
        self.goal = goal
        # the evaluation's numbers, with the goal it plays for (none: the duel itself)
        self.weights: Weights = DEFAULT if goal is None else Weights(goal=goal)
        self.rng = random.Random(seed)
        self.memory: Memory | None = None
        self.rebuilt = 0  # decisions made on a rebuilt duel
        self.fallbacks = 0  # decisions made from the view alone

    def guess(self, seat: int) -> HiddenGuess:
        decks: list[tuple[str, ...] | None] = [None, None]
        decks[seat] = self.deck
        decks[1 - seat] = self.opponent_deck
        return HiddenGuess((decks[0], decks[1]))

    def rebuild(self, view: PlayerView) -> Rebuilt | None:
        """A duel rebuilt from `view` (hidden cards sampled), or None if it cannot be."""
        if self.memory is None or self.memory.seat != view.seat or self.memory.pool is not self.pool:
            self.memory = Memory(view.seat, self.pool)
        try:
            return rebuild(view, self.pool, self.rules, self.guess(view.seat),
                           self.rng.getrandbits(48), self.memory)
        except NotRebuildable:
            return None

    def forget(self) -> None:
        """The duel was taken back (a person's undo): read the log afresh next time, so
        nothing seen in the future that was undone is remembered."""
        self.memory = None

    def choose(self, view: PlayerView) -> Command:
        if not isinstance(view, PlayerView):
            raise TypeError(f"a computer player takes its seat's PlayerView, not {type(view).__name__}")
        legal = view.legal_actions
        if not legal:
            raise ValueError("no legal commands to choose from")
        if len(legal) == 1:
            return legal[0]
        got = self.rebuild(view)
        if got is None:
            self.fallbacks += 1
            return view_answer(view, self.pool)
        self.rebuilt += 1
        return self.decide(view, got)

    def decide(self, view: PlayerView, rebuilt: Rebuilt) -> Command:  # pragma: no cover - abstract
        raise NotImplementedError


class RulePlayer(ViewPlayer):
    """Easy and Normal: the rule-based policy on one rebuilt duel per decision."""

    style: Style = NORMAL
    name = "normal"

    def __init__(self, seed: int = 0, **knowledge: Unpack[Knowledge]) -> None:
        super().__init__(seed, **knowledge)
        self.policy = Policy(self.style, random.Random(self.rng.getrandbits(48)), self.weights)

    def decide(self, view: PlayerView, rebuilt: Rebuilt) -> Command:
        duel = rebuilt.duel
        me = view.seat
        legal: Sequence[Command] = view.legal_actions
        if self.goal is not None:  # a command that meets the goal now; none that fails it
            meets, legal = for_goal(duel, me, legal, self.weights)
            if meets is not None:
                return meets
        budget = self.style.lethal_budget
        if budget and (self.goal is not None or plausible(duel, me)):
            # Normal looks for a win in its attacks (with a goal: in every play)
            line = LethalSolver(me, self.goal, budget, battle_only=self.goal is None).solve(duel)
            if line and line[0] in legal:
                return line[0]
        cmd = self.policy.choose(duel, me, legal)
        return cmd if cmd in legal else legal[0]


class RandomForGoal(ViewPlayer):
    """The Random level told a goal: a random legal command, but one that meets the goal
    now when there is one, and never one that fails it while another does not (each tried
    on a copy of the rebuilt duel until what it opened has resolved)."""

    name = "random"

    def decide(self, view: PlayerView, rebuilt: Rebuilt) -> Command:
        meets, keep = for_goal(rebuilt.duel, view.seat, view.legal_actions, self.weights)
        if meets is not None:
            return meets
        return keep[self.rng.randrange(len(keep))]


class NormalPlayer(RulePlayer):
    """Rule-based and quick; every play tried on a copy of the rebuilt duel first."""

    style = NORMAL
    name = "normal"


class EasyPlayer(RulePlayer):
    """Rules of thumb only, with a beginner's mistakes: careless plays, answers it does not
    see, attacks that do not trade well, an Extra Deck it often forgets."""

    style = EASY
    name = "easy"
