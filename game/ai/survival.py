"""The survival solver: the counterpart of the "win this turn" solver (lethal.py) on the
opponent's turn. Which of our commands now keep us standing (and our goal unfailed) to the
end of this turn, whatever the opponent does?

It reads a duel the AI rebuilt from its own view (game.ai.sampling), never the real one. It
is an AND-OR search over the rest of the opponent's turn: at our decisions one of our
options must survive (every answer we hold, Pass, every option of a choice), at the
opponent's every play of distinct effect must be survived (its attacks, abilities, Summons
and Extra Deck Summons, its answers to our answers; its choices by rules of thumb). A line
is proven only when the search finishes within its budget of simulated commands: a command
it could not prove is not called safe. Hard (search.py) keeps only the safe candidates when
some are and some are not, so its playouts' rules of thumb (which may spend a second answer
where a first one was enough, puzzle 04b) cannot talk it into a line that loses this turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import (
    Activate,
    Choose,
    Command,
    Duel,
    Pass,
    Phase,
    Rejected,
)
from game.engine.legal import phantoms_of
from game.engine.query import atk, has_status, health

from .goals import FAILED, MET, PlayGoal
from .lethal import _signature, _top_step
from .moves import distinct_answers, turn_moves
from .policy import static_answer

MAX_DEPTH = 60  # commands in one line at most
CHOICE_OPTIONS = 6  # options of one of our choices tried at most


# where the opponent's moves are kept (ai/moves.py turn_moves): its Unsummons and Flips are
# not searched (they deal no damage this turn)
_PLACES = {"play": "plays", "burn": "plays", "position": "plays", "next": "advance",
           "end": "advance"}


class Exhausted(Exception):
    """The budget ran out: nothing is proven."""


def threatened(duel: Duel, me: int, goal: PlayGoal | None, slack: int = 600) -> bool:
    """Could the opponent, on its own turn, bring us to 0 LP (or to our goal's LP floor)
    this turn at all? A cheap bound before the search: the ATK of its Phantoms that may
    still attack, the damage printed on its cards and `slack`."""
    from .lethal import _printed_damage

    st = duel.state
    foe = 1 - me
    if st.turn_player != foe or st.winner is not None or st.phase is Phase.END:
        return False
    turn = st.turn
    power = slack
    for c in phantoms_of(duel, foe):
        if (health(duel, c) > 0 and c.attacked_turn != turn
                and not has_status(duel, c, "cannot_attack")):
            power += atk(duel, c)
    pool = duel.defs
    cards = st.cards
    ps = st.players[foe]
    for uid in list(ps.hand) + [u for slots in ps.slots.values() for u in slots if u is not None]:
        power += _printed_damage(pool[cards[uid].cid])
    floor = goal.lp_floor if goal is not None else 0
    return st.players[me].lp - floor <= power


class SurvivalSolver:
    """Proves, within `budget` simulated commands, which of our commands survive the rest
    of the opponent's turn against every play of distinct effect it has."""

    def __init__(self, me: int, goal: PlayGoal | None = None, budget: int = 1500) -> None:
        self.me = me
        self.goal = goal
        self.budget = budget
        self.spent = 0
        self.exhausted = False
        self._memo: dict[tuple[object, ...], bool] = {}
        self._turn = -1

    def safe(self, duel: Duel, cands: Sequence[Command]) -> list[Command] | None:
        """The candidates proven to survive this turn, in their order; None when the budget
        ran out before each was judged (nothing to go on)."""
        self.spent = 0
        self.exhausted = False
        self._memo = {}
        self._turn = duel.state.turn
        out: list[Command] = []
        try:
            for cmd in cands:
                child = duel.clone()
                try:
                    child.apply(cmd)
                except Rejected:
                    continue
                self.spent += 1
                if self._survives(child, 1):
                    out.append(cmd)
        except Exhausted:
            self.exhausted = True
            return None
        return out

    # ------------------------------------------------------------------ the search
    def _done(self, duel: Duel) -> bool | None:
        """True once we are safe, False once we have lost (or failed the goal), else None."""
        st = duel.state
        me = self.me
        goal = self.goal
        if goal is not None:
            status = goal.status(duel, me)
            if status == MET:
                return True
            if status == FAILED:
                return False
        if st.winner is not None:
            return st.winner == me
        if st.turn != self._turn:
            return True  # the opponent's turn is over and we stand
        return None

    def _survives(self, duel: Duel, depth: int) -> bool:
        done = self._done(duel)
        if done is not None:
            return done
        if self.spent >= self.budget:
            raise Exhausted
        if depth > MAX_DEPTH:
            raise Exhausted
        seat = duel.deciding_player
        if seat is None:
            return True
        key = (seat, _signature(duel), tuple(len(line) for line in duel.state.lines),
               duel.state.choice is not None)
        got = self._memo.get(key)
        if got is not None:
            return got
        mine = seat == self.me
        moves = self._my_moves(duel) if mine else self._their_moves(duel, seat)
        result = not mine  # OR over ours starts False, AND over theirs starts True
        for cmd in moves:
            child = duel.clone()
            try:
                child.apply(cmd)
            except Rejected:
                continue
            self.spent += 1
            ok = self._survives(child, depth + 1)
            if mine and ok:
                result = True
                break
            if not mine and not ok:
                result = False
                break
        self._memo[key] = result
        return result

    def _my_moves(self, duel: Duel) -> list[Command]:
        st = duel.state
        legal = duel.legal_actions()
        if st.choice is not None:
            first = static_answer(duel, self.me, legal)
            opts = [c for c in legal if isinstance(c, Choose) and c != first]
            return [first, *opts[:CHOICE_OPTIONS - 1]]
        passing: list[Command] = [c for c in legal if isinstance(c, Pass)]
        answers = distinct_answers(duel, [c for c in legal if isinstance(c, Activate)])
        if st.lines:
            return passing + answers
        # an open state of ours on their turn (rare): moving on, or anything distinct
        return passing + answers + [c for c in legal if not isinstance(c, (Pass, Activate))][:4]

    def _their_moves(self, duel: Duel, seat: int) -> list[Command]:
        """Every play of distinct effect the opponent has, the most dangerous first."""
        st = duel.state
        legal = duel.legal_actions()
        if st.choice is not None:
            return [static_answer(duel, seat, legal)]
        if st.lines:
            passing = [c for c in legal if isinstance(c, Pass)]
            top = _top_step(duel)
            answers = distinct_answers(duel, [c for c in legal if isinstance(c, Activate)])
            if top is not None and top.player == seat:
                return passing + answers  # its own Step waits: it may add to it
            return answers + passing
        out, sorted_ = turn_moves(duel, legal, _PLACES)
        plays, advance = sorted_["plays"], sorted_["advance"]
        if st.phase is Phase.MAIN1:
            return plays + advance
        if st.phase is Phase.MAIN2:  # only what deals damage now matters
            plays = [c for c in plays if isinstance(c, Activate)]
        out += plays
        if not out:
            out = advance[:1] or list(legal[:1])
        else:
            out += advance[:1]
        return out
