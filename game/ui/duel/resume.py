""""Continue" on the menu: the suspended duel back on screen, or why it cannot be.

The file is deleted once the duel screen is rebuilt (one suspended duel at a time; "Save and
leave" writes a new one). A file that cannot be used (corrupt, too big, not ours, or no longer
replaying with today's card data) is left exactly as it is: a question names the file and the
problem and offers to discard it.
"""

from __future__ import annotations

import pygame

from game import storage, suspend
from game.fileio import FileError
from game.ui.scene import Pop, Scene, Transition
from game.ui.widgets.dialog import Dialog, DialogButton


def resume_scene() -> Scene:
    """The suspended duel's screen, exactly where it was left (the computer player made again
    with the same level), or a `ResumeProblem` question. RouteError if the cards cannot load."""
    from game.ui import routes

    from .flow import MatchFlow

    pool = routes.card_pool()
    try:
        saved = suspend.load()
        _flow, scene = MatchFlow.resume(saved, pool, settings=storage.load_settings())
    except FileError as exc:
        return ResumeProblem(str(exc))
    try:
        suspend.discard()
    except FileError as exc:
        scene.say(f"{exc}: Continue will offer this duel again", "error")
    return scene


class ResumeProblem:
    """A question over the menu: the suspended file cannot be used; keep it or discard it."""

    is_overlay = True

    def __init__(self, problem: str) -> None:
        self.pending: Transition | None = None
        self.dialog = Dialog(
            "The suspended duel cannot be continued",
            f"{problem}. The file is left as it is: discard it, or keep it and look at it.",
            [DialogButton("Discard it", self._discard, "danger"),
             DialogButton("Keep the file", self._keep)], default=1, cancel=1, width=640)

    def _discard(self) -> str | None:
        try:
            suspend.discard()
        except FileError as exc:
            return str(exc)
        self.pending = Pop()
        return None

    def _keep(self) -> None:
        self.pending = Pop()

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        self.dialog.handle_event(event)
        if self.dialog.closed and self.pending is None:
            self.pending = Pop()
        out, self.pending = self.pending, None
        return out

    def update(self, dt: float) -> Transition | None:
        self.dialog.update(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.dialog.draw(surface)
