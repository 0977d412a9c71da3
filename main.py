"""Run Phantom Duel from a checkout: `python main.py ARGS` is `phantom-duel ARGS`.

The command line lives in game/cli.py; the names below are what tests and scripts use.
Before anything else, a missing dependency is one line naming it and the README's install
command (not a traceback).
"""

from __future__ import annotations

import importlib.util
import sys

# (module, the package that brings it): requirements.txt's dependencies
REQUIRED = (("pygame", "pygame-ce"), ("yaml", "pyyaml"), ("platformdirs", "platformdirs"))
INSTALL = "pip install -r requirements.txt"  # README.md, "Install and test"


def missing_dependency() -> str | None:
    """The first dependency that cannot be imported, as one line; None when all are there."""
    for module, package in REQUIRED:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a module set to None, a broken package
            found = False
        if not found:
            return (f"Phantom Duel needs the package {package} (module {module}), which is not "
                    f"installed: run `{INSTALL}` in the game's folder (README.md, Install and test)")
    return None


if __name__ == "__main__":
    problem = missing_dependency()
    if problem is not None:
        print(problem, file=sys.stderr)
        sys.exit(1)

from game.cli import LATER_COMMANDS, build_parser, main, save_png  # noqa: E402

__all__ = ["LATER_COMMANDS", "build_parser", "main", "save_png"]

if __name__ == "__main__":
    sys.exit(main())
