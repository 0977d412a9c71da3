"""What a player starts: matches, duel setups, saves (suspend, autosave), replays, puzzles and
the scenario files they are made from, the end-of-duel wording and the duel log's sentences.

Plain Python, no pygame: the screens in game.ui and the command line drive these. May import
game.ai, game.decks, game.cards, game.rules, game.engine and game.files; never game.designer
or game.ui (docs/architecture.md).
"""
