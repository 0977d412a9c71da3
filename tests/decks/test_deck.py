"""game.decks.deck: the book's deck rules, deck files (malformed ones too) and atomic saving."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from game.decks.deck import (
    EXTRA_MAX,
    MAIN_MAX,
    MAIN_MIN,
    MAX_COPIES,
    SIDE_MAX,
    Deck,
    DeckError,
    FileError,
    load_deck,
    parse_deck,
    save_deck,
    validate_deck,
)
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool

ROOT = Path(__file__).resolve().parents[2]
STARTERS = sorted(STARTER_DECK_DIR.glob("*.yaml"))

# 30 distinct-enough Main Deck cards: 3 copies each of ten basics.
BASIC_MAIN = tuple(cid for cid in ("stone_sentry", "lantern_moth", "iron_hound", "marsh_strider",
                                   "granite_golem", "storm_rider", "ancient_wyrm", "thorn_sprite",
                                   "dusk_fox", "shield_bearer") for _ in range(3))


def legal(**changes) -> Deck:
    base = {"name": "Test", "main": BASIC_MAIN, "side": ("flare_bolt",) * 2,
            "extra": ("blazing_chimera",) * 2}
    base.update(changes)
    return Deck(**base)


def test_the_book_numbers():
    assert (MAX_COPIES, MAIN_MIN, MAIN_MAX, SIDE_MAX, EXTRA_MAX) == (3, 30, 50, 20, 10)


def test_a_legal_deck_has_no_problems():
    assert validate_deck(legal(), base_pool()) == []
    assert validate_deck(legal(main=BASIC_MAIN + ("river_serpent",) * 3), base_pool()) == []


@pytest.mark.parametrize("starter", STARTERS, ids=lambda p: p.stem)
def test_starter_decks_are_legal_with_a_side_and_extra_deck(starter):
    deck = load_deck(starter)
    assert validate_deck(deck, base_pool()) == []
    assert MAIN_MIN <= len(deck.main) <= MAIN_MAX
    assert 5 <= len(deck.side) <= 10
    assert 1 <= len(deck.extra) <= EXTRA_MAX


def test_there_is_a_starter_deck_for_every_family():
    pool = base_pool()
    families = set()
    for starter in STARTERS:
        tags = Counter(t for cid in load_deck(starter).main for t in pool[cid].tags)
        families.add(tags.most_common(1)[0][0])
    assert {"ember", "bastion", "hive", "veil"} <= families


# ---------------------------------------------------------------------------- each rule


@pytest.mark.parametrize("deck, needle", [
    (legal(side=("stone_sentry",)), "Stone Sentry (stone_sentry): 4 copies across Main, Side and "
                                    "Extra; at most 3"),
    (legal(main=BASIC_MAIN[:29]), "Main Deck has 29 cards; it needs at least 30"),
    (legal(main=BASIC_MAIN[:1]), "Main Deck has 1 card; it needs at least 30"),
    (legal(main=BASIC_MAIN + tuple(f"{c}" for c in ("river_serpent", "siege_titan", "flare_bolt",
                                                    "kindle", "parry", "silence", "denial")
                                   for _ in range(3))),
     "Main Deck has 51 cards; at most 50"),
    (legal(side=tuple(c for c in ("river_serpent", "siege_titan", "flare_bolt", "kindle",
                                  "parry", "silence", "denial") for _ in range(3))),
     "Side Deck has 21 cards; at most 20"),
    (legal(extra=tuple(c for c in ("blazing_chimera", "ashen_overlord", "wildfire_djinn",
                                   "brood_tyrant") for _ in range(3))),
     "Extra Deck has 12 cards; at most 10"),
    (legal(extra=("iron_hound",)), "Iron Hound (iron_hound): only Extra Deck Phantoms go in the "
                                   "Extra Deck"),
    (legal(main=BASIC_MAIN + ("brood_tyrant",)), "Brood Tyrant (brood_tyrant): an Extra Deck "
                                                  "Phantom cannot be in the Main Deck"),
    (legal(side=("no_such_card",)), "side: unknown card 'no_such_card'"),
])
def test_each_rule_refuses_its_failing_example(deck, needle):
    problems = validate_deck(deck, base_pool())
    assert needle in problems, problems


def test_every_violation_is_reported_at_once_naming_card_and_rule():
    deck = Deck(
        "Everything wrong",
        main=("stone_sentry",) * 4 + ("brood_tyrant", "mystery_card"),
        side=("flare_bolt",) * 21,
        extra=("iron_hound",) * 11,
    )
    problems = validate_deck(deck, base_pool())
    expected = [
        "main: unknown card 'mystery_card'",
        "Flare Bolt (flare_bolt): 21 copies across Main, Side and Extra; at most 3",
        "Iron Hound (iron_hound): 11 copies across Main, Side and Extra; at most 3",
        "Stone Sentry (stone_sentry): 4 copies across Main, Side and Extra; at most 3",
        "Main Deck has 6 cards; it needs at least 30",
        "Side Deck has 21 cards; at most 20",
        "Extra Deck has 11 cards; at most 10",
        "Iron Hound (iron_hound): only Extra Deck Phantoms go in the Extra Deck",
        "Brood Tyrant (brood_tyrant): an Extra Deck Phantom cannot be in the Main Deck",
    ]
    for line in expected:
        assert line in problems, (line, problems)
    assert len(problems) == len(expected)



def test_each_problem_names_the_deck_rule_it_breaks_and_keeps_it_through_pickling():
    """A screen cites the rule (M1, M2) from the problem itself; a worker's report keeps it."""
    import pickle

    deck = Deck("Everything wrong", main=("stone_sentry",) * 4 + ("brood_tyrant", "mystery_card"),
                side=("flare_bolt",) * 21, extra=("iron_hound",) * 11)
    rules = {str(p): getattr(p, "rule", None) for p in validate_deck(deck, base_pool())}
    assert rules["Stone Sentry (stone_sentry): 4 copies across Main, Side and Extra; at most 3"] == "M1"
    assert rules["Main Deck has 6 cards; it needs at least 30"] == "M2"
    assert rules["Side Deck has 21 cards; at most 20"] == "M2"
    assert rules["Iron Hound (iron_hound): only Extra Deck Phantoms go in the Extra Deck"] == "M2"
    assert rules["main: unknown card 'mystery_card'"] is None  # a file problem, no deck rule
    again = pickle.loads(pickle.dumps(validate_deck(deck, base_pool())))
    assert [getattr(p, "rule", None) for p in again] == list(rules.values())


# ---------------------------------------------------------------------------- files


@pytest.mark.parametrize("text, needle", [
    ("", "the deck file is empty"),
    ("- stone_sentry\n", "expected a mapping with name, main, side and extra"),
    ("name: X\nmian: []\n", "unknown key 'mian'"),
    ("name: 5\nmain: []\n", "name: expected a non-empty text"),
    ("name: X\nmain: {card: stone_sentry}\n", "main: expected a list"),
    ("name: X\nmain: [[stone_sentry]]\n", "main[0]: expected {card: <id>, count: <n>}"),
    ("name: X\nmain: [{card: stone_sentry, copies: 2}]\n", "main[0]: expected {card:"),
    ("name: X\nside: [{card: 7, count: 1}]\n", "side[0].card: expected a card id"),
    ("name: X\nextra: [{card: x, count: -1}]\n", "extra[0].count: expected a whole number from 1 to 3"),
    ("name: X\nmain: [{card: x, count: yes}]\n", "main[0].count: expected a whole number"),
    ("name: X\nmain: [{card: x, count: 1}\n", "not valid YAML"),
    ("name: X\ndescription: [a, b]\n", "description: expected one line of at most 80"),
    ("name: X\ndescription: \"two\\nlines\"\n", "description: expected one line"),
    (f"name: X\ndescription: {'x' * 81}\n", "description: expected one line of at most 80"),
])
def test_malformed_deck_files_raise_deck_error(tmp_path, text, needle):
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as err:
        load_deck(path)
    assert any(needle in p for p in err.value.problems), err.value.problems
    assert all(str(path) in p for p in err.value.problems)


def test_every_shape_problem_of_a_file_is_reported_together():
    with pytest.raises(DeckError) as err:
        parse_deck({"name": "", "main": 3, "side": [{"card": 1}], "bogus": 1}, "d.yaml")
    assert len(err.value.problems) == 4


def test_missing_and_binary_files_raise_deck_error(tmp_path):
    with pytest.raises(DeckError, match="cannot read the file: no such file"):
        load_deck(tmp_path / "absent.yaml")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(DeckError, match="not a text file"):
        load_deck(binary)


def test_bare_ids_count_as_one_copy_and_a_count_is_one_to_three():
    deck = parse_deck({"main": ["iron_hound", {"card": "iron_hound", "count": 2}]},
                      "decks/my_deck.yaml")
    assert deck.name == "my_deck"
    assert deck.main == ("iron_hound",) * 3
    for count in (0, 4, 10**9):
        with pytest.raises(DeckError, match="count: expected a whole number from 1 to 3"):
            parse_deck({"main": [{"card": "dusk_fox", "count": count}]}, "d.yaml")


# ---------------------------------------------------------------------------- saving


def test_save_deck_round_trips(tmp_path):
    deck = load_deck(STARTER_DECK_DIR / "veil_control.yaml")
    path = tmp_path / "sub" / "copy.yaml"
    save_deck(deck, path)
    back = load_deck(path)
    assert back.name == deck.name
    for name in ("main", "side", "extra"):
        assert Counter(getattr(back, name)) == Counter(getattr(deck, name))
    save_deck(back, path)
    assert load_deck(path) == back  # a saved deck is stable


def test_save_deck_is_atomic_when_writing_fails(tmp_path, monkeypatch):
    path = tmp_path / "deck.yaml"
    old = legal(name="Old")
    save_deck(old, path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(FileError, match="no space left on the disk; the old file is unchanged"):
        save_deck(legal(name="New"), path)
    assert path.read_bytes() == before  # the old file is untouched
    assert [p.name for p in tmp_path.iterdir()] == ["deck.yaml"]  # no temp file left behind


def test_a_description_is_one_bounded_line_kept_through_saving_and_not_part_of_the_deck(tmp_path):
    deck = load_deck(STARTER_DECK_DIR / "ember_rush.yaml")
    assert deck.description and len(deck.description) <= 80
    path = tmp_path / "copy.yaml"
    save_deck(deck, path)
    assert load_deck(path).description == deck.description
    plain = parse_deck({"name": "X", "main": ["iron_hound"]}, "d.yaml")
    assert plain.description == "" and "description" not in plain.to_data()
    # two decks of the same cards are the same deck whatever their words say
    assert parse_deck({"name": "X", "description": "Words.", "main": ["iron_hound"]}, "d") == plain


def test_the_deck_builder_keeps_a_deck_files_description_when_it_saves(tmp_path):
    from game.decks.edit import DeckEditor

    deck = load_deck(STARTER_DECK_DIR / "hive_swarm.yaml")
    editor = DeckEditor(deck, base_pool())
    path = tmp_path / "mine.yaml"
    save_deck(editor.deck(), path)
    assert load_deck(path).description == deck.description != ""
