"""How scenes are made: the menu's buttons open scenes through here (and the snapshots,
game/ui/snapshots.py).

Card data and the rules are loaded once per process (game/ui/loaded.py). A scene that cannot
open raises a RouteError with a message the menu can show, never a crash. The menu imports
this module, never the reverse: the title menu itself is made by game/cli.py and by
game/ui/snapshots.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.loaded import card_pool, hand_size

if TYPE_CHECKING:
    from game.ui.scene import Scene


def deck_builder(open_path: Path | None = None, open_last: bool = True) -> Scene:
    from game.ui.deckbuilder.scene import DeckBuilderScene

    return DeckBuilderScene(card_pool(), hand_size(), open_path=open_path, open_last=open_last)


def duel_setup(mode: str) -> Scene:
    from game.ui.setup_scene import DuelSetupScene

    return DuelSetupScene(mode, card_pool())


def how_to_play() -> Scene:
    """How to play: the lessons (assets/lessons/), at the first one not yet finished."""
    from game.ui.lessons import how_to_play as first_lesson

    return first_lesson()


def puzzles() -> Scene:
    """The puzzles list: the shipped puzzles and the player's own, with their progress."""
    from game.ui.puzzles_scene import PuzzlesScene

    return PuzzlesScene()


def replays() -> Scene:
    """The replays list: every recorded duel, newest first (game/ui/replays/)."""
    from game.ui.replays.list_scene import ReplaysScene

    return ReplaysScene(card_pool())


def settings() -> Scene:
    """The settings screen: duel and display settings, saved as they change."""
    from game.ui.settings_scene import SettingsScene

    return SettingsScene()


def resume_available() -> bool:
    """True when there is something to continue: the autosave of a duel that was on screen
    when the game was closed or killed (game/play/autosave.py), or a suspended duel
    (game/play/suspend.py). Anything at either name counts, so a broken one is reported."""
    from game.play import autosave, suspend

    return autosave.available() or suspend.available()


def what_continues() -> str:
    """What Continue would open, in one line ("hotseat, Ember Rush v Veil Control, round 3";
    "" when nothing readable waits): the saved file's header only (game/play/continue_line.py)."""
    from game.play import continue_line

    return continue_line.what_continues()


def resume_duel() -> Scene:
    """The suspended duel, back where it was left; a file that cannot be used gets a
    question naming the problem (keep it or discard it), never a crash."""
    from game.ui.duel.resume import resume_scene

    return resume_scene()
