"""Every deck test gets its own user data folder (PHANTOM_DUEL_HOME)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(folder))
    return folder
