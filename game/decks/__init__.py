"""Decks: the deck file and the book's deck rules (deck), decks as plain text lists (text),
the deck builder's numbers and test hands (stats), the deck being edited with undo (edit),
the card search language (card_query), and the player's deck files: listed, saved,
renamed, deleted (library).

May import game.engine (card definitions) and game.files; never game.cards, game.rules,
game.ai or anything above them (docs/architecture.md).
"""
