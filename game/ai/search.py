"""The Hard level: a search over sampled duels.

Hard does not know the opponent's hand, face-down cards or any deck order, so it samples
them (game.ai.sampling) into several full duels consistent with its view. In each it
tries every candidate command (the Normal level's, ranked by Normal's lookahead when there
are many), lets both players play on by rules of thumb through the rest of this turn and
the next one (so the opponent's replies count), and scores where that leads with the
documented evaluation (evaluate.py). The candidate with the best average over the samples
is played. Choices, response windows and its own turn are searched alike; a choice asked in
the middle of a resolution cannot be rebuilt from a view and is answered by rules of thumb.

The budget is counted in simulated commands, so a seed gives the same moves on any machine;
`max_seconds` is only a safety net for a very slow machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine import Command, Duel, EndTurn, NextPhase, Phase, PlayerView

from .evaluate import DEFAULT, WIN, Weights, evaluate
from .lethal import LethalSolver, plausible
from .players import Knowledge, ViewPlayer
from .policy import NORMAL, PLANNER, QUICK, BySeat, Policy, tried, try_play
from .sampling import Rebuilt
from .survival import SurvivalSolver, threatened

if TYPE_CHECKING:
    from typing_extensions import Unpack

BUDGET = 2500  # simulated commands per decision
MAX_SECONDS = 0.9  # safety net only: the budget decides
TOP = 5  # candidates kept for the search when there are more
MAX_SAMPLES = 12  # sampled duels per decision at most
PLAYOUT_CAP = 300  # commands one playout may take
PLAYOUT_STYLE = QUICK  # who plays on in the playouts, for both seats
PRIOR = 150.0  # Normal's favourite wins unless another candidate scores this much better
LETHAL_BUDGET = 800  # simulated commands the "win this turn" solver may spend per sample
# ... and in the first sample, when it ran out and the search's move would end the turn's
# last chance to find the win (`last_chance`)
LETHAL_WIDE = 4000
LETHAL_SAMPLES = 3  # sampled duels a winning line must win in to be played at once
LETHAL_SLACK = 600  # what effects not read closely may add to lethal.plausible's bound
SURVIVAL_BUDGET = 800  # simulated commands the survival solver may spend per sample
SURVIVAL_SAMPLES = 2  # sampled duels a command must survive in to be called safe
GOAL_REACH = 2  # turns past the usual horizon the playouts run to reach a goal's deadline
# who plays on in the playouts (HardPlayer's `model`): "quick" Hard's rules of thumb for both
# seats; "normal" Normal's play (a lookahead on effects and answers) for the opponent's seat;
# "both" Normal's play for both seats (docs/ai.md "Sixth look")
MODELS = ("quick", "normal", "both")
# Hard's numbers, fitted to how duels end by scripts/tune_weights.py (docs/ai.md "Seventh
# look": the start of every turn of 800 Normal-against-Normal duels, labelled by who won),
# as the fit gave them. Against the hand-set DEFAULT: ATK counts about twice as much, Health
# and Level less than half, a hand card a third (no reward for hoarding), a set card and a
# lasting card about 2.4 times as much, SP 1.4 times
TUNED = replace(
    DEFAULT, low_lp=0.8203125, low_lp_at=6000, atk=1.5625, health=0.18984375, level=18.984375,
    defense_atk=0.87890625, zero_health=0.284765625, no_attack=0.2109375,
    exposed=0.1423828125, open_board=0.9375, on_turn=0.287109375, hand=104.4140625,
    backrow=927.734375, lasting=854.4921875, sp=270.52734375, sp_extra=73.2421875,
    grave=10.546875, deck_low_at=2, deck_low=1281.4453125, latent_extra=0.31640625,
    castable=1.171875)
# Hard's evaluation: those numbers; an Extra Deck Phantom that comes free at an LP threshold
# counts before it comes (`latent_extra`, fitted), wholly while the side facing it has the
# smaller Main Deck (`latent_clock`), so Hard no longer stalls before Bastion's 6,000 LP
# until it decks out; SP and the Phantoms in hand read by when the next Draw Phase comes
# (`sp_by_draw`, `castable`: evaluate.py, docs/ai.md "Fourth look")
HARD_WEIGHTS = replace(TUNED, latent_clock=1.0, sp_by_draw=True)


class HardPlayer(ViewPlayer):
    """Searches every decision over sampled duels within a budget of simulated commands."""

    name = "hard"

    def __init__(self, seed: int = 0, *, budget: int = BUDGET, max_seconds: float = MAX_SECONDS,
                 top: int = TOP, weights: Weights = HARD_WEIGHTS, horizon: int = 2,
                 samples: int = 0, rank_through: bool = True, model: str = "quick",
                 **knowledge: Unpack[Knowledge]) -> None:
        super().__init__(seed, **knowledge)
        # told a goal, the same numbers without it: the best try when every line fails it
        self.plain: Weights | None = None
        if self.goal is not None:
            self.plain = weights
            weights = replace(weights, goal=self.goal)
        self.weights = weights
        self.budget = budget
        self.max_seconds = max_seconds
        self.top = top
        self.horizon = horizon  # turns the playouts run: 2 is this one and the opponent's next
        self.max_samples = samples or MAX_SAMPLES
        self.rank_through = rank_through
        self.w = weights
        self.normal = Policy(NORMAL, random.Random(self.rng.getrandbits(48)), weights)
        self.playout = Policy(PLAYOUT_STYLE, random.Random(0), weights)
        if model not in MODELS:
            raise ValueError(f"model must be one of {', '.join(MODELS)}, not {model!r}")
        self.model = model
        self.models: dict[int, BySeat] = {}
        self.planner = Policy(PLANNER, random.Random(0), weights, then=self.playout)
        self.last_simulations = 0
        self.last_samples = 0
        self.timeouts = 0
        self.lethal_lines = 0  # decisions the "win this turn" solver made
        self.last_scores: list[tuple[Command, float]] = []  # the last search's means
        # the winning line the solver found for the last decision (its first command was
        # played), in the first sample; empty when the search decided (the Hint tells it)
        self.last_line: list[Command] = []

    def decide(self, view: PlayerView, rebuilt: Rebuilt) -> Command:
        self.last_scores = []
        self.last_line = []
        me = view.seat
        legal = view.legal_actions
        duel = rebuilt.duel
        winning, spent, exhausted = self.win_this_turn(view, duel, LETHAL_BUDGET)
        if winning is not None:
            self.lethal_lines += 1
            self.last_simulations = spent
            return winning
        cands = [c for c in self.planner.options(duel, me, legal) if c in legal]
        if len(cands) <= 1:
            return cands[0] if cands else self.normal.choose(duel, me, legal)
        safe, n = self.survive_this_turn(view, duel, cands)
        spent += n
        if safe is not None:
            if len(safe) == 1:
                self.last_simulations = spent
                return safe[0]
            cands = safe
        pick, spent = self.search(view, duel, cands, spent)
        if exhausted and last_chance(duel, pick):
            # the solver ran out of budget, and what the search would play leaves no later
            # decision this turn to find the win at: one more, wider look
            winning, n, _ = self.win_this_turn(view, duel, LETHAL_WIDE)
            spent += n
            if winning is not None:
                self.lethal_lines += 1
                pick = winning
        self.last_simulations = spent
        return pick

    def search(self, view: PlayerView, duel: Duel, cands: list[Command],
               spent: int) -> tuple[Command, int]:
        """The candidate with the best mean over sampled duels played on through the
        opponent's next turn, and the simulated commands spent (`spent` before it). Told a
        goal that every candidate fails in every sample, Hard still makes its best try: the
        candidates are then ranked by the plain evaluation (the goal left out), so it plays
        on for the most it can get rather than doing nothing."""
        me = view.seat
        start = time.perf_counter()
        play = self.playouts(me)
        horizon = self.until(duel.state.turn)

        def score(world: Duel, c: Command) -> tuple[float, float, int]:
            leaf, n = tried(world, c, play, PLAYOUT_CAP, horizon)
            if leaf is None:
                return float("-inf"), float("-inf"), n
            v = evaluate(leaf, me, self.w)
            return v, (v if self.plain is None else evaluate(leaf, me, self.plain)), n

        # the first sample ranks the candidates; the favourite gets a head start, so noise
        # alone never overrules it. `rank_through`: ranked by the search's own playouts
        # (through the opponent's turn), which count as the search's first sample; else by
        # the rest of this turn only
        scored: list[tuple[float, int, Command, float]] = []
        for i, c in enumerate(cands):
            if self.rank_through:
                v, p, n = score(duel, c)
            else:
                v, n = try_play(duel, c, me, self.w, self.playout)
                p = v
            spent += n
            scored.append((v, -i, c, p))
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        cands = [x[2] for x in scored[:self.top]]  # the favourite first
        totals = [0.0] * len(cands)
        plain = [0.0] * len(cands)
        hope = [False] * len(cands)  # some sample where it does not fail the goal
        samples = 0
        world: Duel | None = duel
        if self.rank_through:
            totals = [x[0] for x in scored[:self.top]]
            plain = [x[3] for x in scored[:self.top]]
            hope = [v > -WIN / 2 for v in totals]
            samples = 1
            again = self.rebuild(view) if spent < self.budget else None
            world = again.duel if again is not None else None
        while world is not None:
            for i, c in enumerate(cands):
                v, p, n = score(world, c)
                spent += n
                totals[i] += v
                plain[i] += p
                hope[i] = hope[i] or v > -WIN / 2
            samples += 1
            if spent >= self.budget or samples >= self.max_samples:
                break
            if time.perf_counter() - start > self.max_seconds:
                self.timeouts += 1
                break
            again = self.rebuild(view)
            if again is None:
                break
            world = again.duel
        self.last_samples = samples
        if self.plain is not None and not any(hope):
            totals = plain  # the goal is lost whatever is played: the best try
        means = [t / samples for t in totals]
        means[0] += PRIOR  # the favourite's head start
        self.last_scores = list(zip(cands, means, strict=True))
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        return cands[best], spent

    def until(self, turn: int) -> int:
        """The turn whose start ends the playouts: after this turn and the next (the
        opponent's replies count), or at a goal's deadline when it comes at most
        `GOAL_REACH` turns later, so a plan over two of its own turns (puzzle 09: a burn at
        each End Phase) is scored by the goal it meets rather than by the position on the way."""
        end = turn + self.horizon
        if self.goal is not None and end < self.goal.turn + 1 <= end + GOAL_REACH:
            return self.goal.turn + 1
        return end

    def playouts(self, me: int) -> Policy | BySeat:
        """Who plays on in the playouts (`model`, MODELS): Hard's rules of thumb for both
        seats, or Normal's play for the opponent's seat (with the plain weights, as Normal
        plays) and, with "both", for Hard's own too."""
        if self.model == "quick":
            return self.playout
        if me not in self.models:
            other = Policy(NORMAL, random.Random(0), DEFAULT)
            mine = Policy(NORMAL, random.Random(0), self.w) if self.model == "both" \
                else self.playout
            self.models[me] = BySeat((mine, other) if me == 0 else (other, mine))
        return self.models[me]

    def survive_this_turn(self, view: PlayerView, duel: Duel,
                          cands: list[Command]) -> tuple[list[Command] | None, int]:
        """On the opponent's turn, when it could finish us (or fail our goal) at all: the
        candidates proven to keep us standing to the end of this turn in each of
        `SURVIVAL_SAMPLES` sampled duels against every play it may make there
        (survival.py), when some are and some are not; None otherwise (no restriction).
        Also the simulated commands it spent."""
        if not threatened(duel, view.seat, self.goal):
            return None, 0
        solver = SurvivalSolver(view.seat, self.goal, SURVIVAL_BUDGET)
        safe = solver.safe(duel, cands)
        spent = solver.spent
        if not safe or len(safe) == len(cands):
            return None, spent
        for _ in range(SURVIVAL_SAMPLES - 1):
            again = self.rebuild(view)
            if again is None:
                break
            more = solver.safe(again.duel, safe)
            spent += solver.spent
            if more:
                safe = more
        return safe, spent

    def win_this_turn(self, view: PlayerView, duel: Duel,
                      budget: int) -> tuple[Command | None, int, bool]:
        """The first command of a line that wins this turn (or meets the goal) in every one
        of `LETHAL_SAMPLES` sampled duels, against every answer the opponent may hold there
        (lethal.py), searched within `budget` simulated commands in the first; None when
        there is none. Also the simulated commands it spent, and whether the first sample's
        search ran out of budget before trying every line."""
        me = view.seat
        if duel.state.turn_player != me:
            return None, 0, False
        if self.goal is None and not plausible(duel, me, LETHAL_SLACK):
            return None, 0, False
        solver = LethalSolver(me, self.goal, budget, eager=True)
        line = solver.solve(duel)
        spent = solver.spent
        exhausted = solver.exhausted
        if not line or line[0] not in view.legal_actions:
            return None, spent, exhausted
        cmd = line[0]
        for _ in range(LETHAL_SAMPLES - 1):
            again = self.rebuild(view)
            if again is None:
                break
            ok = solver.wins_with(again.duel, cmd)
            spent += solver.spent
            if not ok:
                return None, spent, exhausted
        self.last_line = line
        return cmd, spent, exhausted


def last_chance(duel: Duel, cmd: Command) -> bool:
    """Would `cmd` leave no later decision of this turn where a win could still be found?
    Ending the turn, and moving on from Main Phase 2 to the End Phase."""
    if isinstance(cmd, EndTurn):
        return True
    return isinstance(cmd, NextPhase) and duel.state.phase is Phase.MAIN2
