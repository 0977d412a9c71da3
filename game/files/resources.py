"""Where the game's own data lives: the one home of every shipped file's location.

The card set, the rules file, the font and the shipped puzzles are in `assets/`, the starter
decks and the plain test decks in `decks/`, both at the top of the repository. An installed
wheel carries them inside the package as `game/_assets/` and `game/_decks/` (pyproject.toml
maps the two folders there), so this module looks inside the package first and then beside
it: the same code reads them from a checkout and from an installed wheel (`pip install .`).
No other module builds a path from `__file__` or from the checkout's root.

Decision: the package must be installed as files (a normal wheel install or a checkout), not
imported from a zip; the game globs folders and hands paths to pygame and to its own file
reader, so a data folder that is not on disk is refused with one sentence at import time.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _package_dir() -> Path:
    package = files("game")
    if not isinstance(package, Path) or not package.is_dir():
        raise RuntimeError(f"Phantom Duel's package is not on disk ({package}); "
                           "install the package as files, not as a zip")
    return package


def _shipped(inside: str, checkout: str) -> Path:
    """The data folder `game/<inside>` of an installed wheel, else `<checkout>` beside the
    package (a checkout). Inside first: site-packages may hold another project's `assets/`."""
    for folder in (PACKAGE_DIR / inside, PACKAGE_DIR.parent / checkout):
        if folder.is_dir():
            return folder
    raise RuntimeError(f"Phantom Duel's {checkout}/ folder is missing (looked for "
                       f"{PACKAGE_DIR / inside} and {PACKAGE_DIR.parent / checkout})")


PACKAGE_DIR = _package_dir()
# The folder that holds the `game` package: the checkout, or site-packages once installed.
# Messages name shipped files relative to it (`assets/cards/ember.yaml` in a checkout,
# `game/_assets/cards/ember.yaml` once installed).
SOURCE_ROOT = PACKAGE_DIR.parent
ASSETS_DIR = _shipped("_assets", "assets")
CARD_DIR = ASSETS_DIR / "cards"
RULES_PATH = ASSETS_DIR / "rules.yaml"
FONT_DIR = ASSETS_DIR / "fonts"
FONT_REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
PUZZLE_DIR = ASSETS_DIR / "puzzles"
LESSON_DIR = ASSETS_DIR / "lessons"  # How to play (game/play/lessons.py)
STARTER_DECK_DIR = _shipped("_decks", "decks")
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
