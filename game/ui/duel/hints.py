"""The Hint (a player aid): the Hard level's move for the person's own decision, asked in the
worker thread (never on the drawing path) and drawn on the board with why once it answers.
What a hint says comes from advice.py; how it is drawn, from aids.py. Versus the computer
and in puzzles only (a puzzle shows its written hint first: `hooks.on_hint`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

import pygame

from game.engine import CardDef, Player
from game.play.describe import LogEntry
from game.ui.widgets.toast import Toast

from . import aids
from .advice import HINT_MAX_SECONDS, Advice, Advisor, hint_seed
from .hooks import DuelHooks
from .interaction import Interaction
from .popups import Curtain
from .seats import AiWorker
from .session import DuelSession
from .table import DuelTable

THINKING = "Hint: the Hard level is thinking\u2026"


class HintHost(Protocol):
    """What the hint asks of the duel screen."""

    session: DuelSession
    pool: Mapping[str, CardDef]
    hooks: DuelHooks[Any]
    hotseat: bool
    finished: bool
    curtain: Curtain | None
    shown: int
    input: Interaction
    table: DuelTable
    toast: Toast

    def aid_seat(self) -> int: ...
    def say(self, text: str, kind: str = "info", over_far_hand: bool = False,
            detail: str = "", seconds: float | None = None, whole: bool = False) -> None: ...


class Hints:
    """The hint shown (`hint`, for one position) and the one being thought about."""

    def __init__(self, host: HintHost) -> None:
        self.host = host
        self.hint: Advice | None = None
        self.asking: tuple[AiWorker, Advisor] | None = None
        self.said = ""  # the hint's words as last toasted (cleared with the hint)

    def clear(self) -> None:
        """An undo: no hint stands, none is awaited."""
        self.hint = None
        self.asking = None
        self._unsay()

    def _unsay(self) -> None:
        """The hint's toast goes with the hint (the move was made, the board moved on)."""
        toast = self.host.toast
        if self.said and toast.visible and toast.message == self.said:
            toast.clear()
        self.said = ""

    def _default_player(self, seat: int, seed: int) -> Player:
        """Hard for `seat`, knowing its own decklist (every card it owns in this duel)."""
        from game.ai.levels import make_player

        duel = self.host.session.duel
        deck = [c.cid for c in duel.cards if c.owner == seat]
        return make_player("hard", seed, pool=self.host.pool, rules=duel.rules, deck=deck,
                           max_seconds=HINT_MAX_SECONDS)

    def refusal(self) -> str:
        """Why no hint now ("" when one may be asked)."""
        h = self.host
        if h.hotseat:
            return "Hints are for duels against the computer and for puzzles."
        if h.finished or h.session.over:
            return "The duel is over."
        seat = h.aid_seat()
        if h.session.deciding != seat or h.table.stale or h.curtain is not None:
            return "A hint is for your own decision: wait until you decide."
        return ""

    def request(self) -> None:
        """The Hint button or H: a puzzle's written hint first (it then calls `start`)."""
        if self.host.hooks.on_hint is not None:
            self.host.hooks.on_hint()
            return
        self.start()

    def start(self) -> None:
        h = self.host
        why = self.refusal()
        if why:
            h.say(why, "warn")
            return
        seat = h.aid_seat()
        sent = len(h.session.history)
        if self.hint is not None and self.hint.sent == sent:
            self.say()
            return
        if self.asking is not None and self.asking[1].sent == sent:
            return  # already thinking
        seed = hint_seed(h.session.duel.seed, seat, sent)
        maker: Callable[[int, int], Player] = h.hooks.hint_maker or self._default_player
        advisor = Advisor(lambda: maker(seat, seed), h.pool, sent)
        worker = AiWorker(advisor, threaded=h.session.threaded)
        self.asking = (worker, advisor)
        self.said = THINKING
        h.say(THINKING, "info", seconds=8.0)
        worker.start(h.session.view(seat))
        self.poll()

    def poll(self) -> None:
        """Each frame: drop a hint the position has left; take the answer once it is there."""
        h = self.host
        if self.hint is not None and self.hint.sent != len(h.session.history):
            self.hint = None  # the position moved on: the hint was for another one
            self._unsay()
        got = self.asking
        if got is None:
            return
        worker, advisor = got
        if worker.poll() is None and worker.thinking:
            return
        self.asking = None
        advice = advisor.advice
        if advice is None or advice.sent != len(h.session.history):
            self._unsay()  # "thinking…" ends with the thinking
            if advice is None:
                h.say("No hint this time: the Hard level could not decide.", "warn")
            return
        self.hint = advice
        h.table.log.add(LogEntry("Hint: " + advice.words, -1))
        self.say()

    def say(self) -> None:
        """The hint's words over the far hand, the one row a hint never points at (in a
        puzzle its banner lies there: then at the middle line)."""
        if self.hint is not None:
            self.said = "Hint: " + self.hint.words
            self.host.say(self.said, "ok", over_far_hand=self.host.hooks.overlay is None,
                          seconds=12.0, whole=True)  # every word of it, the box grows

    def _drawn(self) -> tuple[Advice, list[pygame.Rect] | None] | None:
        """The hint drawn on the board now, with the prompt rows it rings (None: none)."""
        h = self.host
        if self.hint is None or h.curtain is not None or h.shown != self.hint.seat:
            return None
        rows = None
        p = h.input.prompt
        if p is not None:
            rows = [r for i, row in enumerate(p.rows) if getattr(row, "value", None) == getattr(
                self.hint.command, "option", object()) and (r := h.input.panel.row_rect(p, i)) is not None]
        return self.hint, rows

    def area(self) -> list[pygame.Rect]:
        """Where the hint's rings and arrow lie (a toast keeps off them), [] with none drawn."""
        got = self._drawn()
        return aids.hint_area(self.host.table.geo, got[0].command, got[1]) if got is not None else []

    def draw(self, surface: pygame.Surface) -> None:
        got = self._drawn()
        if got is not None:
            aids.draw_hint(surface, self.host.table.geo, got[0].command,
                           self.host.table.renderer.clock, got[1])
