"""The search box language: words, phrases, filters, flags, negation and sorting."""

from __future__ import annotations

import pytest

from game.cards import load_card_set
from game.decks.card_query import CardIndex, deck_counts, parse_query

POOL = load_card_set()
INDEX = CardIndex(POOL)


def ids(query: str, sort: str = "name", in_deck=None) -> list[str]:
    return [c.id for c in INDEX.search(query, sort, in_deck)]


def test_empty_query_lists_the_whole_set_by_name() -> None:
    found = INDEX.search("")
    assert len(found) == len(POOL) == 112
    names = [c.name.lower() for c in found]
    assert names == sorted(names)


def test_words_match_name_or_rules_text_case_insensitively() -> None:
    assert "ember_imp" in ids("EMBER imp")
    by_text = ids("battle damage")
    assert by_text and all("battle" in (POOL[c].name + POOL[c].text).lower() for c in by_text)
    assert all("deal 300" in POOL[c].text.lower() for c in ids('"deal 300"'))


def test_type_level_atk_family_filters() -> None:
    for cid in ids("type:counter"):
        assert POOL[cid].type.value == "counter"
    big = ids("level>=4 atk>1500")
    assert big and all(POOL[c].level >= 4 and POOL[c].atk > 1500 for c in big)
    assert all("ember" in POOL[c].tags for c in ids("family:ember"))
    assert all(POOL[c].health <= 500 and POOL[c].is_phantom for c in ids("hp<=500"))
    assert ids("type:env") == ids("type:environment") != []


def test_speed_and_flag_words() -> None:
    fast = ids("speed:2")
    assert fast and all(any(ab.speed == 2 for _, ab in POOL[c].activatable) for c in fast)
    extra = ids("extra")
    assert len(extra) == sum(1 for c in POOL.values() if c.extra)
    assert set(ids("type:extra")) == set(extra)
    assert set(ids("-extra")) == set(POOL) - set(extra)


def test_the_brief_example_combines_every_kind_of_term() -> None:
    q = parse_query("type:counter level>=4 atk>1500 family:ember speed:2 extra")
    assert q.problems == []
    assert ids(q.source) == []  # a Counter is never an Extra Deck Phantom with ATK
    assert set(ids("family:ember extra atk>1500")) <= set(ids("extra"))


def test_minus_means_not() -> None:
    assert set(ids("-type:phantom")) == {c for c in POOL if not POOL[c].is_phantom}
    assert "ember_imp" not in ids("ember -imp")


def test_unreadable_terms_are_reported_not_matched() -> None:
    q = parse_query("colour:red atk>lots type:wizard")
    assert len(q.problems) == 3
    assert "unknown filter 'colour'" in q.problems[0]
    assert "whole number" in q.problems[1]
    assert "type is one of" in q.problems[2]
    assert len(INDEX.search(q)) == len(POOL)  # ignored, so everything still shows


@pytest.mark.parametrize("sort,key", [
    ("level", lambda c: (not c.is_phantom, c.level)),
    ("atk", lambda c: (not c.is_phantom, -c.atk)),
    ("health", lambda c: (not c.is_phantom, -c.health)),
])
def test_sorts(sort, key) -> None:
    found = INDEX.search("", sort)
    assert [key(c) for c in found] == sorted(key(c) for c in found)


def test_in_deck_filter_uses_the_counts_given() -> None:
    table = deck_counts({"main": [("ember_imp", 3)], "side": [("kindle", 1)], "extra": []})
    assert ids("in:deck", in_deck=table) == ["ember_imp", "kindle"]
    assert ids("in:side", in_deck=table) == ["kindle"]
    assert ids("-in:deck", in_deck=table).count("ember_imp") == 0
