"""Where duel setup hands over to the duel screen.

`start_duel(setup)` returns the scene that plays the duel, or None while there is none yet
(the setup screen then says the duel screen is coming). The duel screen replaces the body;
the setup scene looks the function up on this module at call time, so tests can patch it.
"""

from __future__ import annotations

from game.play.duel_setup import DuelSetup
from game.ui.scene import Scene


def start_duel(setup: DuelSetup) -> Scene | None:
    """The duel scene for `setup`: the first duel of its match (game/ui/duel/flow.py)."""
    from game.files import folders
    from game.ui import loaded
    from game.ui.duel.flow import MatchFlow

    return MatchFlow(setup, loaded.card_pool(), settings=folders.load_settings()).first_scene()
