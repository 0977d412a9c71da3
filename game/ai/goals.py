"""What a computer player plays for when winning the duel is not the whole story: a puzzle's
goal for its own side ("survive until round 7", "win by round 6", "keep 2,200 LP this turn").

A `PlayGoal` is plain data (any level may be given one through `make_player(goal=...)`) and
judges a duel the AI rebuilt from its view: met, failed, or still open. The evaluation
(evaluate.py) scores a met goal as a win and a failed one as a loss, so every level that
looks ahead or searches prefers the lines that meet it; while it is open the ordinary
evaluation decides. Deadlines are turns: round R is turns 2R - 1 and 2R, whoever goes first.
Importing this module is cheap (no engine at run time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Duel

WIN_BY = "win_by"
SURVIVE = "survive"
MET, OPEN, FAILED = 1, 0, -1


@dataclass(frozen=True)
class PlayGoal:
    """`win_by`: only a win by the end of turn `turn` counts (or, with `lp_target` > 0,
    bringing the opponent to `lp_target` LP or less by then). `survive`: still standing when
    turn `turn` has ended: not lost, and LP above `lp_floor`. `draw_ok`: a draw meets the goal
    (an opponent denying a "win" puzzle) rather than failing it."""

    kind: str
    turn: int
    lp_floor: int = 0
    lp_target: int = 0
    draw_ok: bool = False

    def __post_init__(self) -> None:
        if self.kind not in (WIN_BY, SURVIVE):
            raise ValueError(f"unknown goal kind {self.kind!r}; one of {WIN_BY}, {SURVIVE}")

    @classmethod
    def win_by_round(cls, rnd: int) -> PlayGoal:
        return cls(WIN_BY, 2 * rnd)

    @classmethod
    def survive_until_round(cls, rnd: int) -> PlayGoal:
        """Still standing when round `rnd` begins (its first turn is 2 * rnd - 1)."""
        return cls(SURVIVE, 2 * rnd - 2)

    def status(self, duel: Duel, seat: int) -> int:
        """MET, FAILED or OPEN in `duel` for the player in `seat`."""
        st = duel.state
        winner = st.winner
        if self.kind == WIN_BY:
            if winner == seat:
                return MET if st.turn <= self.turn else FAILED
            if winner == -1 and self.draw_ok:
                return MET
            if winner is not None or st.turn > self.turn:
                return FAILED
            if self.lp_target and st.players[1 - seat].lp <= self.lp_target:
                return MET
            return OPEN
        if winner == seat or (winner == -1 and self.draw_ok):
            return MET
        if winner is not None or st.players[seat].lp <= self.lp_floor:
            return FAILED
        return MET if st.turn > self.turn else OPEN

    def describe(self) -> str:
        if self.kind == WIN_BY:
            if self.lp_target:
                return f"bring the opponent to {self.lp_target} LP or less by turn {self.turn}"
            return f"win by the end of turn {self.turn}"
        floor = f" above {self.lp_floor} LP" if self.lp_floor else ""
        return f"stay standing{floor} through turn {self.turn}"
