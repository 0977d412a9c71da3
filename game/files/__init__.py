"""The plumbing every layer above the engine uses to touch the disk: the one reading path and
the one atomic writer (fileio), the one YAML reader and writer (yamlio), where the shipped
data lives (resources), the player's folders and settings.yaml (folders), and the crash log
(crash).

Imports nothing of the game's other packages (not even the engine), so cards, rules, decks,
ai, play, designer and ui may all use it (docs/architecture.md).
"""
