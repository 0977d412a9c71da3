"""Computer opponents. Each plays one seat through the `Player` protocol: it gets that
seat's `PlayerView` (never the duel) and answers with one of `view.legal_actions`.

The levels are listed once, in `game.ai.levels` (name, label, description, factory);
`make_player(level, seed)` is the one door the UI, `simulate` and the benchmarks use, so a
level is a name everywhere. Importing `game.ai` stays cheap: players are imported when built.

May import game.engine, game.files and the data beside the engine (game.cards, game.rules,
game.decks); never what sits above the AI (play, designer, ui) (docs/architecture.md).
"""

from __future__ import annotations

from .levels import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS, Level, level, make_player

__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_NAMES", "Level", "level", "make_player"]
