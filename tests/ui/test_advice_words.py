"""`advice.command_words` says a Pass differently with a Line open (the hint's and the undo's words)."""

from __future__ import annotations

import dataclasses

from game.engine import Pass
from game.ui.duel.advice import command_words
from tests.kit import base_pool, position, uid


def test_a_pass_on_an_open_line_says_the_line_resolves_and_a_bare_pass_does_not() -> None:
    pool = base_pool()
    deck = ["iron_hound"] * 20
    duel = position({"players": [{"deck": deck, "hand": ["iron_hound"]}, {"deck": deck}]})
    assert uid(duel, 0, "iron_hound", "hand") >= 0
    view = duel.view(0)
    assert not view.lines
    bare = command_words(Pass(0), view, pool)
    on_line = command_words(Pass(0), dataclasses.replace(view, lines=((),)), pool)
    assert bare == "Pass"
    assert on_line != bare and "Line" in on_line
