"""Plain text deck lists: round trips, headings, and every bad line reported by number."""

from __future__ import annotations

from game.cards import load_card_set
from game.decks.deck import load_deck
from game.decks.library import STARTER_DIR
from game.decks.text import deck_to_text, text_to_deck

POOL = load_card_set()


def same(a, b) -> bool:
    return a.name == b.name and all(sorted(getattr(a, n)) == sorted(getattr(b, n))
                                     for n in ("main", "side", "extra"))


def test_every_starter_deck_round_trips_through_text() -> None:
    for path in sorted(STARTER_DIR.glob("*.yaml")):
        deck = load_deck(path)
        back = text_to_deck(deck_to_text(deck, POOL), POOL)
        assert back.problems == ()
        assert same(back.deck, deck), path


def test_count_styles_ids_and_headings() -> None:
    text = """Name: Mine
    3 Ember Imp
    2x cinder_pup
    Kindle x2
    Flare Bolt   # one copy, comment ignored

    Sideboard:
    1 scorch trap
    Extra Deck:
    1 Blazing Chimera
    """
    got = text_to_deck(text, POOL)
    assert got.problems == ()
    assert got.deck.name == "Mine"
    assert sorted(got.deck.main) == sorted(["ember_imp"] * 3 + ["cinder_pup"] * 2
                                           + ["kindle"] * 2 + ["flare_bolt"])
    assert got.deck.side == ("scorch_trap",) and got.deck.extra == ("blazing_chimera",)


def test_bad_lines_and_unknown_names_are_reported_with_line_numbers() -> None:
    text = "3 Ember Imp\n2 Embr Imp\n0 Kindle\n-1 Kindle\nWeird:\n3 Nothing Like It\n"
    got = text_to_deck(text, POOL)
    assert got.deck.main == ("ember_imp",) * 3
    msgs = list(got.problems)
    assert msgs[0].startswith("line 2: unknown card 'Embr Imp'") and "did you mean Ember Imp" in msgs[0]
    assert msgs[1].startswith("line 3:") and "not a card count" in msgs[1]
    assert msgs[2].startswith("line 4:") and "cannot read" in msgs[2]
    assert msgs[3].startswith("line 5: unknown heading")
    assert msgs[4].startswith("line 6: unknown card")


def test_a_card_under_the_wrong_heading_for_its_kind_is_refused_with_its_line() -> None:
    """Issue 22 edge 6: "Extra: 2 Ember Imp" put a Main Deck Phantom in the Extra Deck."""
    got = text_to_deck("3 Ember Imp\n2 Blazing Chimera\nExtra:\n2 Ember Imp\n1 Blazing Chimera\n", POOL)
    assert got.deck.main == ("ember_imp",) * 3 and got.deck.extra == ("blazing_chimera",)
    assert got.problems == (
        "line 2: Blazing Chimera is an Extra Deck Phantom: list it under Extra:",
        "line 4: Ember Imp is not an Extra Deck Phantom: list it under Main: or Side:")
