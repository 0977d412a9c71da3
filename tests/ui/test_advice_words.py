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


# ----------------------------------------------------------- the hint's words (issue 40)
STONES = ["stone_sentry"] * 3
# Siege Titan and Iron Hound in the Battle Phase before a Stone Sentry in Attack Position at
# 4,000 LP: the Titan Breaks it with 1,700 to spare, then the Hound hits for 1,100.
OPEN = {1: {"lp": 3000, "sp": 0, "deck": STONES, "phantom": ["siege_titan", "iron_hound"]},
        2: {"lp": 4000, "sp": 0, "deck": STONES, "hand": ["stone_sentry"],
            "phantom": ["stone_sentry"]}}
# issue 40's position (tests/ai/test_strength.py CROWDED): the win runs through an Unsummon
CROWDED = {1: {"lp": 3000, "sp": 0, "deck": STONES, "extra": ["brood_tyrant"],
               "phantom": ["brood_scout", "brood_scout", "larva_swarmling"],
               "side": [{"card": "stone_sentry", "position": "defense", "health": 0},
                        "iron_hound"]},
           2: {"lp": 1100, "sp": 0, "deck": STONES,
               "phantom": [{"card": "shield_bearer", "position": "defense"}]}}


def _hint(players: dict, phase: str, seed: int = 3):
    """The hint for seat 0 (player 1's turn) in a written position: the Advisor as the duel
    screen runs it, Hard by its budget alone."""
    import math

    from game.ai.levels import make_player
    from game.play.scenario import Runner, load_scenario
    from game.ui.duel.advice import Advisor

    sc = load_scenario({"name": "hint", "start": {
        "turn": 3, "round": 2, "turn_player": 1, "first_player": 1, "phase": phase,
        "players": players}, "commands": []})
    runner = Runner(sc)
    runner.run()
    advisor = Advisor(lambda: make_player("hard", seed, pool=sc.pool, rules=sc.rules,
                                          max_seconds=math.inf), sc.pool, 0)
    advisor.choose(runner.duel.view(0))
    assert advisor.advice is not None
    return advisor.advice


def test_the_hint_says_what_the_move_breaks_and_where_hards_line_leads_in_words() -> None:
    import re

    from game.engine import Attack, Unsummon

    hint = _hint(OPEN, "battle")
    assert isinstance(hint.command, Attack) and hint.command.target >= 0
    words = hint.words
    assert "breaks Stone Sentry" in words and "1,700 damage" in words, words
    assert "your opponent falls to 1,200 LP" in words, words  # 4,000 - 1,700 - 1,100
    assert "evaluation" not in words and not re.search(r"[-−]\s?\d", words), words
    # a move that only sets the win up says where Hard's own line goes from it
    hint = _hint(CROWDED, "main1")
    assert isinstance(hint.command, Unsummon)
    for part in ("Special Summon Brood Tyrant", "breaks Shield Bearer",
                 "your Iron Hound then attacks directly for 1,100", "you win the duel"):
        assert part in hint.words, hint.words
    assert not re.search(r"[-−]\s?\d", hint.words), hint.words


def test_the_hints_words_name_no_hidden_card_of_the_opponent() -> None:
    """Two positions that differ only in the opponent's hand (hidden from seat 0) give the
    same words, and they name neither hidden card."""
    one = {**OPEN, 2: {**OPEN[2], "hand": ["shield_bearer"]}}
    other = {**OPEN, 2: {**OPEN[2], "hand": ["chapel_medic"]}}
    a, b = _hint(one, "main1"), _hint(other, "main1")
    assert a.words == b.words
    assert "Shield Bearer" not in a.words and "Chapel Medic" not in a.words
    assert "breaks Stone Sentry" in a.words, a.words
