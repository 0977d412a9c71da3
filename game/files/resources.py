"""Where the game's own data lives: the one home of every shipped file's location.

The card set, the rules file, the font, the starter decks, the plain test decks and the
shipped puzzles are package data under `game/data/`, found through `importlib.resources`, so
the same code reads them from a checkout and from an installed wheel (`pip install .`). No
other module builds a path from `__file__` or from the checkout's root.

Decision: the package must be installed as files (a normal wheel install or a checkout), not
imported from a zip; the game globs folders and hands paths to pygame and to its own file
reader, so a data folder that is not on disk is refused with one sentence at import time.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _data_dir() -> Path:
    root = files("game") / "data"
    if not isinstance(root, Path) or not root.is_dir():
        raise RuntimeError(f"Phantom Duel's data folder is not on disk ({root}); "
                           "install the package as files, not as a zip")
    return root


DATA_DIR = _data_dir()
# The folder that holds the `game` package: the checkout, or site-packages once installed.
# Messages name shipped files relative to it (`game/data/cards/ember.yaml`).
SOURCE_ROOT = DATA_DIR.parents[1]
CARD_DIR = DATA_DIR / "cards"
RULES_PATH = DATA_DIR / "rules.yaml"
FONT_DIR = DATA_DIR / "fonts"
FONT_REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
PUZZLE_DIR = DATA_DIR / "puzzles"
STARTER_DECK_DIR = DATA_DIR / "decks"
TEST_DECK_DIR = STARTER_DECK_DIR / "test"
# The plain decks `simulate` and the engine benchmark use when no deck is named.
TEST_DECKS = (TEST_DECK_DIR / "basic_giants.yaml", TEST_DECK_DIR / "basic_swarm.yaml")


def starter_deck(stem: str) -> Path:
    """A starter deck's file from its stem (`ember_rush`)."""
    return STARTER_DECK_DIR / f"{stem}.yaml"


def game_version() -> str:
    """The installed game's version (pyproject.toml), "checkout" when it was never installed:
    what a crash log and a replay say they were made by."""
    try:
        from importlib.metadata import version

        return version("phantom-duel")
    except Exception:  # a checkout that was never installed
        return "checkout"
