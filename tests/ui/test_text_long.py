"""Wrapping and fitting text is linear in its length (game/ui/text.py): a card name of
100,000 characters read from a saved file once hung Continue for minutes (issue 39)."""

from __future__ import annotations

import os
import time

import pygame
import pytest

from game.ui import text as txt


@pytest.fixture(autouse=True)
def fonts():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    yield


def test_a_100000_character_word_wraps_in_well_under_a_second():
    word = "W" * 100_000
    start = time.process_time()
    lines = txt.wrap(word, 14, 300)
    took = time.process_time() - start
    assert took < 0.5, took
    assert "".join(lines) == word
    f = txt.font(14)
    assert all(f.size(line)[0] <= 300 for line in lines)
    assert all(f.size(line + "W")[0] > 300 for line in lines[:-1])  # each line as full as it fits


def test_a_100000_character_name_fits_in_well_under_a_second():
    name = "Cinder " + "x" * 100_000
    start = time.process_time()
    shown = txt.fit(name, 14, 240)
    assert time.process_time() - start < 0.5
    assert shown.endswith(txt.ELLIPSIS) and txt.width(shown, 14) <= 240
    assert txt.width(name[:len(shown)] + txt.ELLIPSIS, 14) > 240  # the longest that fits


def test_a_long_word_is_cut_where_it_was_before():
    """Each line of a cut word is the longest prefix that fits, as the one-at-a-time search
    found it; a line's words are unchanged."""
    f = txt.font(13)
    text = "short words then " + "abcdefghij" * 40 + " and more"
    lines = txt.wrap(text, 13, 120)
    assert lines[0].startswith("short") and lines[-1].endswith("and more")
    for line in lines:
        assert f.size(line)[0] <= 120
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
