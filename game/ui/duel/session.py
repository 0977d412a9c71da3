"""One duel being played on the screen: the engine, who sits in each seat, and what was sent.

The screen only ever talks to the engine through here: views for a seat, `apply` for a
command (its events back as the seat shown sees them: the engine redacts them,
`Duel.events_for`), `refusal` to say why a command is not legal. Every accepted command is kept in `history`, so seed + history replays the duel.
Duels run with the engine's auto-pass off: the session passes for a person as their
response setting says (or their yield to a Step, `yields`), and a computer player passes
for itself. A person's decisions are marked so they can be taken back (`undo`, undo.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.engine import (
    CardDef,
    Choose,
    Command,
    Duel,
    Event,
    Pass,
    Player,
    PlayerView,
    Refusal,
    StepView,
    might_answer,
    state_hash,
)
from game.ui import cite

from .seats import AiWorker, Responses
from .undo import Mark, UndoStack, learned_since, learned_words

OVER_RULE = "U2"  # RULES.md: a finished duel's result stands (the pause menu cites it too)


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
        # told each accepted command (the autosave journal, game/play/autosave.py): must be cheap
        self.on_apply: Callable[[Command], None] | None = None
        self.threaded = threaded
        self.workers = {seat: AiWorker(p, threaded) for seat, p in (ai_players or {}).items()}
        self._views: dict[int, tuple[int, PlayerView]] = {}
        self.undos = UndoStack()
        # after an undo, no pass is sent for a person at the restored position (the history
        # length it had): they decide there themselves
        self.hold: int | None = None
        # what the screen keeps with each mark and gets back on an undo (a puzzle's goal)
        self.memo: Callable[[], object] = lambda: None
        self.on_rewind: list[Callable[[Mark], None]] = []  # told after each undo
        self.yields: list[YieldTo | None] = [None, None]  # "pass until this Step resolves"
        # a puzzle (RULES.md "Player aids", Undo in a puzzle): its position and its opponent's
        # cards are the author's, the same at every Retry, so an undo may cross what a
        # decision showed and the end of the duel, to try the turn again
        self.practice = False
        # hotseat "Quick hotseat" (setup): a person is asked only with a real answer, which the
        # curtain then tells the other seat (RULES.md I19; game/play/seat_turns.py)
        self.quick = False

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

    def apply(self, cmd: Command, seat: int, decision: str = "") -> tuple[Event, ...]:
        """Apply one command (raises Rejected with a reason); returns its events as seat
        `seat` may see them. `decision`: a person's own decision in words (not a pass sent
        for them): marked first, so it can be taken back."""
        mark = None
        if decision and not self.duel.over and self.humans[cmd.player]:
            players = tuple((s, w.player.undo_state()) for s, w in self.workers.items()
                            if isinstance(w.player, KeepsUndoState))
            mark = Mark(self.duel.checkpoint(), len(self.history), cmd.player, self.duel.turn,
                        self.view(cmd.player), decision, self.memo(), players)
        self.duel.apply(cmd)
        if mark is not None:
            self.undos.keep(mark)
        self.history.append(cmd)
        self.hold = None
        if self.on_apply is not None:
            self.on_apply(cmd)
        self._check_yields()
        return self.duel.events_for(seat)

    # ------------------------------------------------------------------ undo
    def rebuild_undo(self, start: Duel, words: Callable[[Command, PlayerView], str]) -> bool:
        """A resumed duel (Continue, a reload after a kill): the marks of this turn's
        decisions made again, by playing `history` once more from `start` (the duel as it
        began: same card data, rules, decks, seed and first player) and marking, before each
        person's command of the current turn, the position then, as `apply` would have.
        A Pass is not marked (the journal does not tell a person's Pass from one sent for
        them), nor the second pick of one multi-pick choice. False (and no marks) when the
        replay does not reach this very position."""
        turn = self.duel.turn
        marks: list[Mark] = []
        asked: object = None  # the pending choice the last person's Choose answered
        for i, cmd in enumerate(self.history):
            choice = start.state.choice
            again = isinstance(cmd, Choose) and choice is not None and choice is asked
            if start.turn == turn and self.humans[cmd.player] and not isinstance(cmd, Pass) \
                    and not again:
                view = start.view(cmd.player)
                marks.append(Mark(start.checkpoint(), i, cmd.player, turn, view, words(cmd, view)))
            asked = choice if isinstance(cmd, Choose) else None
            start.apply(cmd)
        if state_hash(start) != state_hash(self.duel):
            return False
        for mark in marks:
            self.undos.keep(mark)
        return True

    def undo_refusal(self, seat: int, pool: Mapping[str, CardDef]) -> str:
        """Why `seat` cannot take back a decision now ("" when it can)."""
        if self.duel.over and not self.practice:
            return f"The duel is over: its result stands. {cite.tag_of(OVER_RULE)}"
        i = self.undos.latest(seat)
        if i is None:
            return "Nothing to undo: you have made no decision this turn."
        seen = learned_since(self.undos.marks[i], self.view(seat)) if not self.practice else []
        if seen:
            return (f"Cannot undo: since then you have seen {learned_words(seen, pool)} "
                    "(an undo takes back decisions, never what they showed).")
        return ""

    def undo_words(self, seat: int) -> str:
        """The decision an undo by `seat` would take back, in words ("" if none)."""
        i = self.undos.latest(seat)
        return self.undos.marks[i].words if i is not None else ""

    def undo(self, seat: int) -> Mark:
        """Take back `seat`'s latest decision and everything after it (call `undo_refusal`
        first). The duel is back at the position before it, exactly (same state hash);
        computer players forget what they read since, and nobody is passed for there."""
        i = self.undos.latest(seat)
        if i is None:
            raise ValueError("nothing to undo")
        mark = self.undos.marks[i]
        self.undos.drop_from(i)
        kept = dict(mark.players)
        for seat, worker in self.workers.items():
            # never waits: a move still being thought out is dropped now, and the player's
            # memory is put back once that thinking has ended (before its next question)
            worker.cancel(then=_restorer(worker.player, kept.get(seat, _NOTHING)))
        self.duel.rewind(mark.checkpoint)
        del self.history[mark.sent:]
        self._views.clear()
        self.yields = [None, None]
        self.hold = len(self.history)
        for tell in self.on_rewind:
            tell(mark)
        return mark

    # ------------------------------------------------------------ yielding
    def yield_to(self, seat: int, step: StepView) -> None:
        """`seat` passes every answer window until `step` (on a Line now) has resolved."""
        self.yields[seat] = YieldTo(step.line, step.step, step.card, step.ability, step.kind)

    def _check_yields(self) -> None:
        """A yield ends once its Step is no longer on a Line (resolved, or gone)."""
        for seat in (0, 1):
            y = self.yields[seat]
            if y is not None and not y.on(self.view(seat)):
                self.yields[seat] = None

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
        if not passes or self.hold == len(self.history):
            return None
        waiting = self.yields[seat]
        if waiting is not None and waiting.on(view):
            return passes[0]
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


@runtime_checkable
class KeepsUndoState(Protocol):
    """A computer player whose script has state a person's undo puts back (a puzzle's
    scripted opponent, game.play.puzzles): kept with the undo mark."""

    def undo_state(self) -> object: ...
    def undo_restore(self, state: object) -> None: ...


_NOTHING = object()


def _restorer(player: Player, state: object) -> Callable[[], None]:
    """What an undo does to a computer player: its script's state back, its memory forgotten."""
    def restore() -> None:
        if state is not _NOTHING and isinstance(player, KeepsUndoState):
            player.undo_restore(state)
        forget = getattr(player, "forget", None)
        if callable(forget):
            forget()
    return restore


@dataclass(frozen=True)
class YieldTo:
    """A Step a person waits for: where it stands on the Lines and what it is. Steps keep
    their place until they resolve, so finding it there means it has not resolved yet."""

    line: int
    step: int
    card: int
    ability: int
    kind: str

    def on(self, view: PlayerView) -> bool:
        if self.line > len(view.lines) or self.step > len(view.lines[self.line - 1]):
            return False
        s = view.lines[self.line - 1][self.step - 1]
        return (s.card, s.ability, s.kind) == (self.card, self.ability, self.kind)

    def words(self, view: PlayerView, pool: Mapping[str, CardDef],
              line_no: Callable[[int], int] | None = None) -> str:
        """"Pyre Hound (Line 7, Step 2)": the Line as `line_no` numbers it (the log's count
        per duel, as the Line panel shows it), else the engine's open-Line number."""
        cid = next((s.card_id for line in view.lines for s in line
                    if (s.line, s.step) == (self.line, self.step)), None)
        name = pool[cid].name if cid is not None and cid in pool else "a face-down card"
        shown = self.line if line_no is None else line_no(self.line)
        return f"{name} (Line {shown}, Step {self.step})"
