"""The rules as data outside the engine: the rules file (assets/rules.yaml) read and
bounded into the engine's Rules (file), and the words of the rules a refusal cites, copied
from RULES.md for the client (texts).

Sits beside game.cards and game.decks: may import game.engine and game.files, nothing else,
so the AI, the player's features, the designer's tools and the screens all read one rules
file the same way (docs/architecture.md).
"""
