"""Headless UI tests: a dummy video driver, a fresh window, and a private user data folder."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(folder))
    return folder


@pytest.fixture
def window(home):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 720))
    pygame.event.clear()
    yield surface
    pygame.display.quit()
