""""Continue" on the menu: the autosaved or suspended duel back on screen, or why it cannot be.

The autosave (game/play/autosave.py: the duel, match or puzzle that was on screen when the game
was closed or killed) comes first; an autosave that cannot be used is set aside (renamed,
never deleted) and a notice says so, and the game goes on. Then the suspended duel ("Save and
leave"): its file is deleted once the duel screen is rebuilt (one suspended duel at a time);
a file that cannot be used (corrupt, too big, not ours, or no longer replaying with today's
card data) is left exactly as it is: a question names the file and the problem and offers to
discard it. Whatever goes wrong is a message, never a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pygame

from game.engine import CardDef
from game.files import folders
from game.files.fileio import FileError, one_line
from game.play import autosave, suspend
from game.ui.scene import Pop, Scene
from game.ui.screen import Screen
from game.ui.widgets.dialog import Dialog, DialogButton


def resume_scene() -> Scene:
    """The suspended duel's screen, exactly where it was left (the computer player made again
    with the same level), or a `ResumeProblem` question. RouteError if the cards cannot load."""
    from game.ui import loaded

    from .flow import MatchFlow

    pool = loaded.card_pool()
    # what the autosave writer was given is on disk first. Leaving a duel waits up to 2 s for
    # its journal's discard; a disk slower than that must not bring back the journal (its
    # last moves perhaps not yet written) of a duel that "Save and leave" put elsewhere
    autosave.flush_pending()
    if autosave.available():
        target, busy = autosave.pick()
        if target is not None:
            return resume_autosave(pool)
        if not suspend.available():  # another window plays every autosaved duel there is
            return OpenElsewhere(busy)
    try:
        saved = suspend.load()
        _flow, scene = MatchFlow.resume(saved, pool, settings=folders.load_settings())
    except FileError as exc:
        return ResumeProblem(str(exc))
    except Exception as exc:  # a player's file never takes the game down
        return ResumeProblem(f"{suspend.path()}: the saved duel cannot be restored: "
                             f"{one_line(exc)}")
    try:
        suspend.discard()
    except FileError as exc:
        scene.say(f"{exc}: Continue will offer this duel again", "error")
    return scene


def resume_autosave(pool: Mapping[str, CardDef]) -> Scene:
    """The autosaved duel (match or puzzle) where it was at its last accepted command, or a
    notice that the file was set aside."""
    from game.ui.puzzle_play import resume_puzzle

    from .flow import MatchFlow

    try:
        save = autosave.load()
        if save.salvaged:
            autosave.keep_damaged(save)
        if save.match is not None:
            match, duel = autosave.restore_match(save, pool)
            _flow, scene = MatchFlow.continued(save, match, duel, pool,
                                               settings=folders.load_settings())
        else:
            scene = resume_puzzle(save)
        if save.salvaged:
            _say(scene, f"The autosave was damaged: {save.salvaged}.")
        return scene
    except Exception as exc:  # a damaged autosave never takes the game down
        problem = str(exc) if isinstance(exc, FileError) else \
            f"{autosave.path()}: cannot be continued: {one_line(exc)}"
        aside = autosave.set_aside()
        return SetAside(problem.rstrip("."), aside)


def _say(scene: Scene, text: str) -> None:
    """A toast on the continued screen (a duel, a puzzle, or the screen between duels)."""
    say = getattr(scene, "say", None) or getattr(getattr(scene, "duel", None), "say", None)
    if say is not None:
        say(text, "error")
    elif isinstance(scene, Screen):
        scene.toast.show(text, "error", 10.0)


class _DialogOverlay(Screen):
    """A dialog over the menu that pops itself once answered or closed (the shared part of
    the two notices below)."""

    is_overlay = True

    def dialog_closed(self) -> None:
        if self.pending is None:
            self.go(Pop())

    def draw(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)


class SetAside(_DialogOverlay):
    """A notice over the menu: the autosave could not be used and was renamed beside it."""

    def __init__(self, problem: str, aside: Path | None) -> None:
        super().__init__()
        kept = f"It was set aside as {aside.name} (not deleted)." if aside is not None else \
            "It could not be renamed and is left as it is."
        self.message = f"{problem}. {kept}"
        self.dialog = Dialog("The autosaved duel cannot be continued", self.message,
                             [DialogButton("OK", self._ok)], default=0, cancel=0, width=640)

    def _ok(self) -> None:
        self.go(Pop())


class OpenElsewhere(_DialogOverlay):
    """A notice over the menu: the autosaved duel is being played in another window (one duel,
    one owner: game/play/autosave.py); it stays there for that window, or a later Continue."""

    def __init__(self, busy: bool = True) -> None:
        super().__init__()
        self.message = (f"{autosave.OPEN_ELSEWHERE}. It goes on there; once that window is "
                        "closed, Continue here brings it back.")
        self.dialog = Dialog(autosave.OPEN_ELSEWHERE, self.message,
                             [DialogButton("OK", self._ok)], default=0, cancel=0, width=640)

    def _ok(self) -> None:
        self.go(Pop())


class ResumeProblem(_DialogOverlay):
    """A question over the menu: the suspended file cannot be used; keep it or discard it."""

    def __init__(self, problem: str) -> None:
        super().__init__()
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
        self.go(Pop())
        return None

    def _keep(self) -> None:
        self.go(Pop())
