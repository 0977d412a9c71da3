"""A suspended or autosaved duel whose cards or rules changed since (issue 19) goes on under
the card data and rules it was started with, and the resumed screen says so once."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game.decks.deck import load_deck
from game.engine import state_hash
from game.engine.views import view_to_plain
from game.play import autosave, suspend
from game.play.match import Match
from tests.kit import base_pool, rules
from tests.play.replay.test_lasting import changed_pool
from tests.play.test_suspend import PATHS, capture

CARD = "cinder_pup"  # in Ember Rush: changed in the pool the duel was started with


def _played(pool, steps: int = 60, seed: int = 7):
    decks = [load_deck(p) for p in PATHS]
    match = Match(pool, rules(), decks[0], decks[1], seed, first=0)
    duel = match.start_duel(auto_pass=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if duel.over:
            break
        duel.apply(rng.choice(duel.legal_actions()))
    assert not duel.over
    return match, duel


@pytest.fixture
def then(tmp_path):
    today = base_pool()[CARD]
    return changed_pool(tmp_path, CARD, atk=today.atk + 800, health=today.health + 400)


def _go_on(a, b, steps: int = 200) -> None:
    """Both duels take the same commands: they must stay the same duel."""
    rng = random.Random(3)
    for _ in range(steps):
        if a.over:
            break
        cmd = rng.choice(a.legal_actions())
        a.apply(cmd)
        b.apply(cmd)
        assert state_hash(a) == state_hash(b)


def test_a_suspended_duel_resumes_with_its_old_card_data(home, then) -> None:
    match, duel = _played(then)
    suspend.save(capture(match, duel))
    data = json.loads(suspend.path().read_text("utf-8"))
    kept = {c["id"]: c for c in data["cards"]}
    assert kept[CARD]["atk"] == then[CARD].atk != base_pool()[CARD].atk
    loaded = suspend.load()
    match2, duel2 = suspend.restore(loaded, base_pool())  # today's cards are handed in
    assert match2.pool[CARD] == then[CARD]
    assert state_hash(duel2) == state_hash(duel)
    for seat in (0, 1):
        assert view_to_plain(duel2.view(seat)) == view_to_plain(duel.view(seat))
    _go_on(duel, duel2)
    words = suspend.changes_since(loaded, base_pool(), rules())
    assert words.startswith(f"cards changed since: {then[CARD].name} (atk {then[CARD].atk} -> "
                            f"{base_pool()[CARD].atk}, health ")


def test_a_rules_change_since_is_named_and_the_old_rules_kept(home) -> None:
    match, duel = _played(base_pool())
    saved = capture(match, duel)
    assert suspend.changes_since(saved, base_pool(), rules()) == ""
    today = replace(rules(), starting_lp=rules().starting_lp + 500)
    assert suspend.changes_since(saved, base_pool(), today) == \
        f"rules changed since: starting_lp {rules().starting_lp} -> {today.starting_lp}"
    match2, _ = suspend.restore(saved, base_pool())
    assert match2.rules == rules()


def test_an_old_file_without_card_data_resumes_on_today_s_cards(home) -> None:
    match, duel = _played(base_pool())
    suspend.save(capture(match, duel))
    data = json.loads(suspend.path().read_text("utf-8"))
    del data["cards"]
    suspend.path().write_text(json.dumps(data), "utf-8")
    loaded = suspend.load()
    assert loaded.cards is None
    match2, duel2 = suspend.restore(loaded, base_pool())
    assert dict(match2.pool) == dict(base_pool())
    assert state_hash(duel2) == state_hash(duel)


def test_damaged_kept_card_data_is_one_line_and_the_file_is_left(home) -> None:
    match, duel = _played(base_pool())
    suspend.save(capture(match, duel))
    data = json.loads(suspend.path().read_text("utf-8"))
    data["cards"][0]["atk"] = "lots"
    suspend.path().write_text(json.dumps(data), "utf-8")
    before = suspend.path().read_bytes()
    with pytest.raises(suspend.SuspendError) as err:
        suspend.load()
    message = str(err.value)
    assert message.startswith(f"{suspend.path()}: the suspended duel is damaged: ")
    assert "atk" in message and "\n" not in message
    assert suspend.path().read_bytes() == before


def test_an_autosaved_duel_resumes_with_its_old_card_data(home, then) -> None:
    match, duel = _played(then, steps=30)
    journal = autosave.Journal(autosave.match_header(capture(match, duel, mode="hotseat")))
    rng = random.Random(9)
    for _ in range(20):
        if duel.over:
            break
        cmd = rng.choice(duel.legal_actions())
        duel.apply(cmd)
        journal.append(cmd)
    journal.flush()
    save = autosave.load()
    match2, duel2 = autosave.restore_match(save, base_pool())
    assert match2.pool[CARD] == then[CARD] and state_hash(duel2) == state_hash(duel)
    assert save.match is not None
    assert suspend.changes_since(save.match, base_pool(), rules()).startswith(
        f"cards changed since: {then[CARD].name} (atk ")
