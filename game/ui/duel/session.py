"""One duel being played on the screen: the engine, who sits in each seat, and what was sent.

The screen only ever talks to the engine through here: views for a seat, `apply` for a
command (its events back as the seat shown sees them: the engine redacts them,
`Duel.events_for`), `refusal` to say why a command is not legal. Every accepted command is kept in `history`, so seed + history replays the duel.
Duels run with the engine's auto-pass off: the session passes for a person as their
response setting says, and a computer player passes for itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import Command, Duel, Event, Pass, Player, PlayerView, Refusal, might_answer

from .seats import AiWorker, Responses


class DuelSession:
    def __init__(self, duel: Duel, humans: tuple[bool, bool], names: tuple[str, str],
                 ai_players: dict[int, Player] | None = None,
                 responses: Sequence[Responses] = (Responses.WHEN_ABLE, Responses.WHEN_ABLE),
                 threaded: bool = True) -> None:
        self.duel = duel
        self.humans = humans
        self.names = names
        self.responses = list(responses)
        self.history: list[Command] = []
        # told each accepted command (the autosave journal, game/autosave.py): must be cheap
        self.on_apply: Callable[[Command], None] | None = None
        self.workers = {seat: AiWorker(p, threaded) for seat, p in (ai_players or {}).items()}
        self._views: dict[int, tuple[int, PlayerView]] = {}

    @property
    def over(self) -> bool:
        return self.duel.over

    @property
    def deciding(self) -> int | None:
        return self.duel.deciding_player

    def is_ai(self, seat: int | None) -> bool:
        return seat is not None and not self.humans[seat]

    def view(self, seat: int) -> PlayerView:
        """Seat `seat`'s view, built once per accepted command."""
        stamp = len(self.history)
        got = self._views.get(seat)
        if got is None or got[0] != stamp:
            got = self._views[seat] = (stamp, self.duel.view(seat))
        return got[1]

    def apply(self, cmd: Command, seat: int) -> tuple[Event, ...]:
        """Apply one command (raises Rejected with a reason); returns its events as seat
        `seat` may see them."""
        self.duel.apply(cmd)
        self.history.append(cmd)
        if self.on_apply is not None:
            self.on_apply(cmd)
        return self.duel.events_for(seat)

    def refusal(self, cmd: Command) -> Refusal | None:
        return self.duel.refusal(cmd)

    def auto_pass(self, seat: int) -> Pass | None:
        """The Pass to send for a person whose setting does not want this window."""
        if self.is_ai(seat) or self.duel.over:
            return None
        view = self.view(seat)
        if view.choice is not None or not view.lines:
            return None
        passes = [c for c in view.legal_actions if isinstance(c, Pass)]
        if not passes:
            return None
        setting = self.responses[seat]
        if setting is Responses.NEVER:
            return passes[0]
        if setting is Responses.WHEN_ABLE and len(view.legal_actions) == 1:
            return passes[0]
        return None


    def seems_asked(self, seat: int) -> bool:
        """Whether `seat` is asked to answer the top Step (the hotseat curtain, a computer's
        pause), judged only by what the other seat sees: they might answer (RULES.md I15,
        `might_answer`), whether or not they really can."""
        return might_answer(self.view(1 - seat), seat, self.duel.pool)
