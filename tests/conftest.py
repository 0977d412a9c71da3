"""Test-wide settings: CI runs Hypothesis derandomized, so a green run stays green on rerun
(local runs keep exploring new random examples)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):
    """No test writes into the real user data folder: the duel screens autosave every duel
    (game/play/autosave.py). A test's own `home` fixture sets its own folder over this one."""
    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A test's own user data folder, to look into: PHANTOM_DUEL_HOME set to tmp_path/home."""
    folder = tmp_path / "home"
    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(folder))
    return folder
