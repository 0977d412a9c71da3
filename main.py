"""Run Phantom Duel from a checkout: `python main.py ARGS` is `phantom-duel ARGS`.

The command line lives in game/cli.py; the names below are what tests and scripts use.
"""

from __future__ import annotations

import sys

from game.cli import LATER_COMMANDS, build_parser, main, save_png

__all__ = ["LATER_COMMANDS", "build_parser", "main", "save_png"]

if __name__ == "__main__":
    sys.exit(main())
