"""What a player starts: duel setups (duel_setup), best-of-3 matches (match), saved duels
(suspend, autosave, played_under), replays (replay), puzzles (puzzles, puzzle_spec) and the
scenario files they are written in (scenario: model, reader, notation, runner, checks), the
end-of-duel wording (end_words), the duel log's sentences (describe) and who the hotseat
screen is handed to (seat_turns).

Plain Python, no pygame: the screens in game.ui and the command line drive these. May import
game.ai, game.decks, game.cards, game.rules, game.engine and game.files; never
game.designer or game.ui (docs/architecture.md).
"""
