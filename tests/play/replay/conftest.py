"""The replay tests' recorded duel (once per module) and its saved file."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Duel
from game.play import replay as R
from tests.play.replay.recorded import play_duel, record_duel


@pytest.fixture(scope="module")
def duel() -> Duel:
    return play_duel()


@pytest.fixture
def saved(duel, tmp_path) -> Path:
    return R.save_replay(record_duel(duel), tmp_path / "replays")

