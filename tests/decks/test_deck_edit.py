"""The deck model: limits checked on every addition, counts, undo and redo, stats, test hand."""

from __future__ import annotations

from game.cards import load_card_set
from game.decks.deck import Deck
from game.decks.edit import DeckEditor
from game.decks.stats import TestHand, deck_stats
from game.engine.carddefs import CardType

POOL = load_card_set()
PHANTOMS = sorted(c.id for c in POOL.values() if c.is_phantom and not c.extra)
EXTRAS = sorted(c.id for c in POOL.values() if c.extra)
SPELLS = sorted(c.id for c in POOL.values() if not c.is_phantom)


def empty() -> DeckEditor:
    return DeckEditor(Deck("Test", ()), POOL)


def test_a_fourth_copy_is_refused_with_the_reason() -> None:
    ed = empty()
    for lname in ("main", "main", "side"):
        assert ed.add("ember_imp", lname) is None
    reason = ed.add("ember_imp", "main")
    assert reason is not None and "at most 3" in reason and "Ember Imp" in reason
    assert ed.count("ember_imp") == 3 and ed.size("main") == 2


def test_list_limits_and_extra_deck_rules() -> None:
    ed = empty()
    assert "not an Extra Deck Phantom" in ed.add("ember_imp", "extra")
    assert "Extra Deck Phantom" in ed.add(EXTRAS[0], "main")
    for cid in EXTRAS[:4]:
        for _ in range(3):
            ed.add(cid, "extra")
    assert ed.size("extra") == 10
    assert "Extra Deck is full" in ed.add(EXTRAS[4], "extra")
    for cid in SPELLS[:7]:
        for _ in range(3):
            ed.add(cid, "side")
    assert ed.size("side") == 20
    assert "Side Deck is full" in ed.add(SPELLS[8], "side")
    for cid in PHANTOMS[:17]:
        for _ in range(3):
            ed.add(cid, "main")
    assert ed.size("main") == 50
    assert "Main Deck is full" in ed.add(PHANTOMS[20], "main")


def test_moves_keep_copies_and_check_the_target() -> None:
    ed = empty()
    for _ in range(3):
        ed.add("ember_imp", "main")
    assert ed.move("ember_imp", "main", "side") is None
    assert (ed.count("ember_imp", "main"), ed.count("ember_imp", "side")) == (2, 1)
    assert "not an Extra Deck Phantom" in ed.move("ember_imp", "main", "extra")
    assert "has no" in ed.move("kindle", "main", "side")
    assert ed.remove("ember_imp", "side") is None and ed.count("ember_imp") == 2


def test_legality_and_problems_follow_the_deck() -> None:
    ed = empty()
    assert not ed.legal and any("at least 30" in p for p in ed.problems())
    for cid in PHANTOMS[:10]:
        for _ in range(3):
            ed.add(cid, "main")
    assert ed.legal and ed.problems() == []
    assert ed.deck().main.count(PHANTOMS[0]) == 3


def test_undo_and_redo() -> None:
    ed = empty()
    ed.add("ember_imp", "main")
    ed.add("kindle", "side")
    ed.rename("Burn")
    assert ed.dirty
    assert ed.undo() and ed.name == "Test"
    assert ed.undo() and ed.count("kindle") == 0
    assert ed.redo() and ed.count("kindle") == 1
    ed.add("ember_imp", "main")  # a new edit clears redo
    assert not ed.can_redo
    while ed.undo():
        pass
    assert not ed.dirty and ed.size("main") == 0


def test_a_broken_deck_opens_and_can_be_fixed() -> None:
    ed = DeckEditor(Deck("Broken", ("ember_imp",) * 5 + ("no_such_card",)), POOL)
    problems = ed.problems()
    assert any("unknown card 'no_such_card'" in p for p in problems)
    assert any("5 copies" in p for p in problems)
    assert "at most 3" in ed.add("ember_imp", "side")
    assert ed.remove("no_such_card", "main") is None
    assert ed.move("ember_imp", "main", "side") is None  # moving never adds copies


def test_stats_and_test_hand() -> None:
    deck = Deck("D", ("ember_imp",) * 3 + ("kindle",) * 2, (), (EXTRAS[0],))
    st = deck_stats(deck, POOL)
    assert st.main_curve == {POOL["ember_imp"].level: 3}
    assert st.types[CardType.PHANTOM] == 3 and st.types[CardType.SPIRIT] == 2
    assert st.avg_atk == POOL["ember_imp"].atk
    assert st.extra_curve == {POOL[EXTRAS[0]].level: 1}
    hand = TestHand(deck.main, hand_size=4, seed=7)
    assert len(hand.hand) == 4 and hand.left == 1
    assert hand.draw() is not None and hand.draw() is None
    assert sorted(hand.hand) == sorted(deck.main)
    again = TestHand(deck.main, hand_size=4, seed=7)
    assert again.hand == hand.hand[:4]
