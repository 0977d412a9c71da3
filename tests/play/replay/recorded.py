"""A duel of the two starter decks played by random players, and its replay: what the replay
tests record, save and read back."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import yaml

from game.ai.random_player import RandomPlayer
from game.decks.deck import Deck, load_deck
from game.engine import Duel
from game.files.resources import STARTER_DECK_DIR
from game.files.yamlio import dump_yaml
from game.play import replay as R
from tests.kit import base_pool, rules

WHEN = datetime(2026, 11, 30, 17, 51, 34, tzinfo=timezone.utc)


def starter_decks() -> list[Deck]:
    return [load_deck(STARTER_DECK_DIR / f"{n}.yaml") for n in ("ember_rush", "veil_control")]


def play_duel(seed: int = 4, first: int | None = 0, limit: int = 100_000) -> Duel:
    decks = starter_decks()
    duel = Duel(base_pool(), rules(), [d.spec() for d in decks], seed, first_player=first, auto_pass=False)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    while not duel.over and len(duel.history) < limit:
        seat = duel.deciding_player
        duel.apply(players[seat].choose(duel.view(seat)))
    return duel


def record_duel(duel: Duel, when: datetime = WHEN) -> R.Replay:
    decks = starter_decks()
    return R.record(duel, [d.spec() for d in decks],
                    [R.ReplayPlayer("Player 1", None, decks[0].name),
                     R.ReplayPlayer("AI (Normal)", "normal", decks[1].name)],
                    "versus_ai", duel_number=2, best_of=3, date=when)


def edit_saved(path: Path, change: Callable[[Any], object]) -> bytes:
    """Change a saved replay's data (`change(data)`) and write it back as YAML."""
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(dump_yaml(data))
    return path.read_bytes()

