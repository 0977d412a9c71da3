"""Headless UI tests: a dummy video driver, a fresh window, and a private user data folder."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest


@pytest.fixture
def window(home):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 720))
    pygame.event.clear()
    yield surface
    pygame.display.quit()
