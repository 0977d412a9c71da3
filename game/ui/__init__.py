"""The window: pygame scenes, widgets and animation, on top of everything else.

May import every package of the game (play, designer, ai, decks, cards, rules, engine,
files); none of them imports it (docs/architecture.md).
"""
