"""Who plays each seat: a person (fed by the screen's input) or a computer player.

A computer player decides off the drawing path, in a worker thread, from its own seat's
view (plain frozen data, safe to hand over), so the window never freezes however long it
thinks. `make_ai` is the one place an AI level becomes a player.
"""

from __future__ import annotations

import threading
from enum import Enum

from game.ai.levels import make_player
from game.engine import Command, Player, PlayerView


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


def make_ai(level: str | None, seed: int, **knowledge) -> Player:
    """The computer player for `level` (game.ai.levels; None: random), with what it may know
    besides its views: `pool`, `rules`, its own `deck`. A level that cannot be made (a name
    no longer listed) plays as the random player, so a duel always starts."""
    try:
        return make_player(level or "random", seed, **knowledge)
    except (ImportError, ValueError, KeyError, TypeError):
        return make_player("random", seed)


class AiWorker:
    """Runs `player.choose(view)` in a thread; `poll()` gives the command once it is ready."""

    def __init__(self, player: Player, threaded: bool = True) -> None:
        self.player = player
        self.threaded = threaded
        self._thread: threading.Thread | None = None
        self._result: Command | None = None
        self._error: BaseException | None = None
        self._view: PlayerView | None = None

    @property
    def thinking(self) -> bool:
        return self._view is not None

    def start(self, view: PlayerView) -> None:
        self._view = view
        self._result = None
        self._error = None
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
        if self._thread is not None and self._thread.is_alive():
            return None
        view = self._view
        result = self._result
        self._view = None
        self._thread = None
        if result is None or result not in view.legal_actions:
            return view.legal_actions[0] if view.legal_actions else None
        return result

    def cancel(self, wait: float = 0.0) -> None:
        """Forget the question (the thread finishes on its own; its answer is dropped).
        `wait`: seconds to let a running thread finish first (an undo changes what the
        player remembers, which must not happen while it still thinks)."""
        thread = self._thread
        self._view = None
        self._thread = None
        if wait and thread is not None:
            thread.join(wait)
