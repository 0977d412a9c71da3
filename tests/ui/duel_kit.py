"""Building duel scenes for tests: starter decks, a seed, instant animations."""

from __future__ import annotations

from pathlib import Path

from game.decks.deck import load_deck
from game.engine import Duel, state_hash
from game.files.resources import STARTER_DECK_DIR
from game.ui.duel.scene import DuelScene
from game.ui.duel.seats import make_ai
from game.ui.duel.session import DuelSession
from tests.kit import base_pool, rules

REPO = Path(__file__).resolve().parents[2]
DECKS = ("ember_rush", "veil_control")


def specs(names=DECKS):
    return [load_deck(STARTER_DECK_DIR / f"{n}.yaml").spec() for n in names]


def duel_scene(seed: int = 1, humans=(True, True), speed: str = "instant", names=DECKS,
               first: int | None = None, duel: Duel | None = None) -> DuelScene:
    duel = duel or Duel(base_pool(), rules(), specs(names), seed, first_player=first, auto_pass=False)
    ai = {s: make_ai("random", seed + s) for s in (0, 1) if not humans[s]}
    labels = tuple("AI" if not h else f"Player {i + 1}"
                   for i, h in enumerate(humans))
    session = DuelSession(duel, tuple(humans), labels, ai, threaded=False)
    return DuelScene(session, base_pool(), speed=speed)


def replay_hash(seed: int, history, names=DECKS, first: int | None = None) -> str:
    duel = Duel(base_pool(), rules(), specs(names), seed, first_player=first, auto_pass=False)
    for cmd in history:
        duel.apply(cmd)
    return state_hash(duel)
