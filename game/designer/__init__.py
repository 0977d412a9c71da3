"""The designer's tools: AI-vs-AI duels and matches (sim, over processes or a Dask cluster:
cluster), the balance report and its picture (balance, balance_png), a sweep over rules
numbers (rules_grid), `main.py check` for card, deck and rules files (check) and
`main.py scenario` (scenario_cli; the scenario files themselves are game.play.scenario,
since the Puzzles screen plays them too).

May import game.play and everything below it (ai, decks, cards, rules, engine, files);
never game.ui (docs/architecture.md).
"""
