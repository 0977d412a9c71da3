"""Who plays each seat: a person (fed by the screen's input) or a computer player.

A computer player decides off the drawing path, in a worker thread, from its own seat's
view (plain frozen data, safe to hand over), so the window never freezes however long it
thinks. `make_ai` is the one place an AI level becomes a player.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from game.ai.levels import make_player
from game.engine import Command, Player, PlayerView

if TYPE_CHECKING:  # (not run: the AI's modules load with the first computer player)
    from typing_extensions import Unpack

    from game.ai.players import Knowledge

    class AiKnowledge(Knowledge, total=False):
        """What `make_ai` hands on: what the player may know, and the Hard player's limits
        (game.ai.levels.make_player's options)."""

        budget: int
        max_seconds: float


class Responses(str, Enum):
    """When a person is asked to answer a Step (response windows only; choices are always asked)."""

    WHEN_ABLE = "when_able"  # only when they have a legal answer (default)
    ALWAYS = "always"  # every window, even with nothing but Pass
    NEVER = "never"  # pass every window for them

    @property
    def label(self) -> str:
        return {"when_able": "Answers: when I can", "always": "Answers: always ask",
                "never": "Answers: never ask"}[self.value]

    def next(self) -> Responses:
        order = list(Responses)
        return order[(order.index(self) + 1) % len(order)]


def make_ai(level: str | None, seed: int, **knowledge: Unpack[AiKnowledge]) -> Player:
    """The computer player for `level` (game.ai.levels; None: random), with what it may know
    besides its views: `pool`, `rules`, its own `deck`. A level that cannot be made (a name
    no longer listed) plays as the random player, so a duel always starts."""
    try:
        return make_player(level or "random", seed, **knowledge)
    except (ImportError, ValueError, KeyError, TypeError):
        return make_player("random", seed)


class AiWorker:
    """Runs `player.choose(view)` in a thread; `poll()` gives the command once it is ready.

    Nothing here ever waits for the thread: a question cancelled while the player still
    thinks (an undo) is dropped at once, and what must not happen while it thinks (the
    player's memory put back, `cancel(then=...)`) is done once that thread has ended, before
    the next question starts (a question asked meanwhile waits for it, off the drawing path)."""

    def __init__(self, player: Player, threaded: bool = True) -> None:
        self.player = player
        self.threaded = threaded
        self._thread: threading.Thread | None = None
        self._result: Command | None = None
        self._error: BaseException | None = None
        self._view: PlayerView | None = None
        self._old: threading.Thread | None = None  # a cancelled question's thread, still thinking
        self._after: list[Callable[[], None]] = []  # to do once `_old` has ended
        self._queued = False  # `_view` waits for `_old` to end before it is asked

    @property
    def thinking(self) -> bool:
        return self._view is not None

    @property
    def busy_elsewhere(self) -> bool:
        """A cancelled question's thread has not ended yet."""
        return self._old is not None and self._old.is_alive()

    def start(self, view: PlayerView) -> None:
        self._view = view
        self._result = None
        self._error = None
        if not self._ready():
            self._queued = True
            return
        self._launch(view)

    def _ready(self) -> bool:
        """True once no cancelled thread still runs (its deferred work then done)."""
        if self.busy_elsewhere:
            return False
        self._old = None
        after, self._after = self._after, []
        for do in after:
            do()
        return True

    def _launch(self, view: PlayerView) -> None:
        self._queued = False
        if not self.threaded:
            self._run(view)
            return
        self._thread = threading.Thread(target=self._run, args=(view,), daemon=True,
                                        name="phantom-ai")
        self._thread.start()

    def _run(self, view: PlayerView) -> None:
        result: Command | None = None
        error: BaseException | None = None
        try:
            result = self.player.choose(view)
        except Exception as exc:  # an AI bug must not end the duel: play a legal move instead
            error = exc
        if self._view is view:  # still the question asked (not cancelled meanwhile)
            self._result, self._error = result, error

    def poll(self) -> Command | None:
        """The chosen command (a legal one even if the AI failed), or None while it thinks."""
        if self._view is None:
            return None
        if self._queued:
            if self._ready():
                self._launch(self._view)
            if self._queued or self.threaded:
                return None
        if self._thread is not None and self._thread.is_alive():
            return None
        view = self._view
        result = self._result
        self._view = None
        self._thread = None
        if result is None or result not in view.legal_actions:
            return view.legal_actions[0] if view.legal_actions else None
        return result

    def cancel(self, then: Callable[[], None] | None = None) -> None:
        """Forget the question at once (a running thread finishes on its own; its answer is
        dropped). `then`: what must not happen while the player still thinks (an undo puts
        its memory back): done now when no thread runs, else once it has ended."""
        thread = self._thread
        self._view = None
        self._thread = None
        self._queued = False
        if thread is not None and thread.is_alive():
            self._old = thread
        if then is not None:
            self._after.append(then)
        self._ready()
