"""The duel log's owner words and Line summaries, told from one seat's redacted events."""

from __future__ import annotations

from game.engine import Activate, Attack, Pass, Summon
from game.play.describe import Describer
from game.ui.duel.board import Board
from tests.kit import play, position, uid

DECK = ["stone_sentry"] * 6
NAMES = ("Ann", "AI")
STARTS: dict = {}


def begin(duel):
    for seat in (0, 1):
        STARTS[id(duel), seat] = Board.from_view(duel.view(seat), duel.pool)
    return duel


def spec(me: dict, foe: dict, **kw) -> dict:
    return {"players": [{"deck": DECK, **me}, {"deck": DECK, **foe}], **kw}


def told(duel, seat: int, you: int | None) -> list[str]:
    """Every log sentence `seat` reads: its redacted events through a fresh Describer that
    knows the start position's cards as the duel screen does (from the seat's view)."""
    describe = Describer(duel.pool, lambda s: NAMES[s], you)
    for u, card in STARTS[id(duel), seat].cards.items():
        describe.learn(u, card.card_id, card.controller)
    out = []
    for e in duel.log_for(seat):
        entry = describe(e)
        if entry is not None:
            out.append(entry.text)
    return out


def chimera_duel():
    duel = begin(position(spec({"phantom": ["blazing_chimera"]}, {"phantom": ["blazing_chimera"]},
                               phase="battle")))
    play(duel, Attack(0, uid(duel, 0, "blazing_chimera"), uid(duel, 1, "blazing_chimera")))
    while duel.state.lines:
        play(duel, Pass(duel.deciding_player))
    return duel


def test_two_cards_of_one_name_are_told_apart_by_owner_against_the_computer() -> None:
    texts = told(chimera_duel(), 0, you=0)
    assert "Your Blazing Chimera attacks AI's Blazing Chimera." in texts, texts


def test_hotseat_and_replays_name_both_owners() -> None:
    texts = told(chimera_duel(), 1, you=None)
    assert "Ann's Blazing Chimera attacks AI's Blazing Chimera." in texts, texts


def denial_duel():
    duel = begin(position(spec({"hand": ["blaze_lancer"], "sp": 9}, {"back": ["denial"]})))
    play(duel, Summon(0, uid(duel, 0, "blaze_lancer"), "phantom", 0, True, True))
    play(duel, Activate(1, uid(duel, 1, "denial"), 0))
    while duel.state.lines:
        play(duel, Pass(duel.deciding_player))
    return duel


def test_a_line_ends_with_one_sentence_that_says_what_it_did() -> None:
    texts = told(denial_duel(), 0, you=0)
    assert "Line 2 resolved: AI's Denial negated your Blaze Lancer's Summon." in texts, texts
    assert "Line 1 resolved: your Blaze Lancer's Summon was negated." in texts, texts
    assert texts.index("Line 2 resolved: AI's Denial negated your Blaze Lancer's Summon.") < \
        texts.index("Your Blaze Lancer is Broken.")  # said when Denial resolves, not a Line later


def test_a_summary_never_names_a_card_the_seat_cannot_see() -> None:
    duel = begin(position(spec({"hand": ["stone_sentry"]}, {})))
    play(duel, Summon(0, uid(duel, 0, "stone_sentry"), "phantom", 0, False, False))  # set face down
    while duel.state.lines:
        play(duel, Pass(duel.deciding_player))
    mine, theirs = told(duel, 0, you=0), told(duel, 1, you=1)
    # issue 38: the Set Summon nobody answered is its one row, its Line's summary folded in
    assert mine == ["You summon Stone Sentry to a Phantom slot (Defense, face down) for 1 SP (2 SP left)."]
    assert theirs == ["Ann summons a card to a Phantom slot (Defense, face down) for 1 SP (2 SP left)."]
    assert not any("Stone Sentry" in t for t in theirs)


def test_an_answered_line_keeps_a_summary_that_never_names_a_hidden_card() -> None:
    duel = begin(position(spec({"hand": ["stone_sentry"], "sp": 9}, {"back": ["denial"]})))
    play(duel, Summon(0, uid(duel, 0, "stone_sentry"), "phantom", 0, False, False))  # set face down
    play(duel, Activate(1, uid(duel, 1, "denial"), 0))
    while duel.state.lines:
        play(duel, Pass(duel.deciding_player))
    mine, theirs = told(duel, 0, you=0), told(duel, 1, you=1)
    assert "Line 2 resolved: your Denial negated Ann's face-down card's Summon." in theirs, theirs
    assert "Line 1 resolved: Ann's face-down card's Summon was negated." in theirs, theirs
    assert "Line 1 resolved: your Stone Sentry's Summon was negated." in mine, mine
