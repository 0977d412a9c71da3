"""`python -m game ARGS` is `phantom-duel ARGS` (game/cli.py)."""

from __future__ import annotations

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
