"""Every way the engine ends a duel reads as a sentence with the players' names."""

from __future__ import annotations

import pytest

from game.engine import Concede, DeckSpec, Duel
from game.engine import events as ev
from game.play.end_words import end_sentence
from tests.kit import base_pool, rules

NAMES = ("Ada", "AI (Hard)")


@pytest.mark.parametrize(("reason", "winner", "sentence"), [
    ("concede", 1, "Ada conceded the duel."),
    ("concede", 0, "AI (Hard) conceded the duel."),
    ("player 2 reached 0 LP", 0, "AI (Hard) ran out of LP."),
    ("both players reached 0 LP", -1, "Both players ran out of LP at once."),
    ("player 1 had to draw from an empty deck", 1, "Ada had to draw from an empty Deck."),
    ("both players had to draw from an empty deck", -1, "Both players had to draw from an empty Deck."),
    ("round limit (40) reached", -1, "The round limit (40) was reached."),
    ("both players lost by the same Step", -1, "Both players lost by the same Step."),
    ("player 2 slipped on a banana", 0, "AI (Hard) slipped on a banana."),  # not in the table
    ("", None, ""),
])
def test_each_reason_is_a_sentence(reason, winner, sentence) -> None:
    assert end_sentence(reason, winner, NAMES) == sentence


DECK = DeckSpec(tuple(["stone_sentry", "iron_hound", "dusk_fox"] * 10))


def test_the_engines_own_reasons_are_in_the_table() -> None:
    """A concession and an empty Deck, from real duels (LP and the round limit are above)."""
    duel = Duel(base_pool(), rules(), [DECK, DECK], 3, first_player=0)
    ended = duel.apply(Concede(0))[-1]
    assert isinstance(ended, ev.DuelEnded)
    assert end_sentence(ended.reason, ended.winner) == "Player 1 conceded the duel."
    thin = DeckSpec(("stone_sentry",) * 5)
    duel = Duel(base_pool(), rules(), [thin, DECK], 3, first_player=0)
    for _ in range(200):
        if duel.over:
            break
        duel.apply(duel.legal_actions()[-1] if duel.deciding_player is not None else None)
    assert duel.over, "the thin Deck should run out"
    assert end_sentence(duel.end_reason, duel.winner) == "Player 1 had to draw from an empty Deck."
