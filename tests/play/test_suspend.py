"""The suspended-duel file (game/play/suspend.py): round trip, refusals that leave the file as it
was, atomic writes."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.decks.deck import load_deck
from game.engine import Concede, state_hash
from game.engine.views import view_to_plain
from game.files.fileio import FileError
from game.files.resources import STARTER_DECK_DIR
from game.play import suspend
from game.play.match import Match
from tests.kit import base_pool, rules

PATHS = (STARTER_DECK_DIR / "ember_rush.yaml", STARTER_DECK_DIR / "veil_control.yaml")


def played(steps: int = 40, seed: int = 7, results: tuple[int, ...] = ()):
    """A best-of-3 match whose duel (after `results`) is `steps` random commands in."""
    decks = [load_deck(p) for p in PATHS]
    match = Match(base_pool(), rules(), decks[0], decks[1], seed, first=0)
    for winner in results:  # earlier duels, conceded by the loser
        match.start_duel(auto_pass=False).apply(Concede(1 - winner))
        match.finish_duel()
    duel = match.start_duel(auto_pass=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if duel.over:
            break
        duel.apply(rng.choice(duel.legal_actions()))
    assert not duel.over
    return match, duel


def capture(match, duel, mode="versus_ai"):
    decks = (match.decks[0], match.decks[1])
    return suspend.capture(
        match, duel, mode=mode, ai_level="normal" if mode == "versus_ai" else None,
        ai_seat=1 if mode == "versus_ai" else None, names=("Player 1", "AI (Normal)"),
        deck_paths=(str(PATHS[0]), str(PATHS[1])), setup_decks=decks, best_of=3, first=0,
        speed="fast", responses=("always", "when_able"))


def test_a_duel_round_trips_through_the_file(home):
    match, duel = played(results=(1,))
    saved = capture(match, duel)
    suspend.save(saved)
    assert suspend.path() == home / "suspended.json" and suspend.available()
    data = json.loads(suspend.path().read_text("utf-8"))
    assert data["kind"] == suspend.MAGIC and data["duel"]["history"]
    loaded = suspend.load()
    assert loaded == saved
    assert loaded.describe().startswith("Player 1 vs AI (Normal), duel 2 of 3, saved ")
    match2, duel2 = suspend.restore(loaded, base_pool())
    assert state_hash(duel2) == state_hash(duel) and duel2.history == duel.history
    for seat in (0, 1):  # the log comes back too: the duel is replayed, not just loaded
        assert view_to_plain(duel2.view(seat)) == view_to_plain(duel.view(seat))
    assert match2.results == [1] and match2.firsts == match.firsts and match2.duel is duel2
    assert match2.decks == match.decks and match2.duel_seed(1) == duel.seed
    # and the duel goes on, to the same future
    for _ in range(30):
        if duel.over:
            break
        cmd = duel.legal_actions()[0]
        duel.apply(cmd)
        duel2.apply(cmd)
    assert state_hash(duel2) == state_hash(duel)


def test_only_a_duel_in_progress_is_captured(home):
    match, duel = played(steps=3)
    duel.apply(Concede(0))
    with pytest.raises(ValueError):
        capture(match, duel)


def _tampered(saved_text: str, change) -> str:
    data = json.loads(saved_text)
    change(data)
    return json.dumps(data)


def _bad_files(good: str) -> list[tuple[str, bytes, str]]:
    def history(d):
        d["duel"]["history"] = d["duel"]["history"][:-2]

    def unknown_card(d):
        d["decks"][0]["main"][0] = "no_such_card"

    def seed(d):
        d["duel"]["seed"] = d["duel"]["seed"] + 1

    def over(d):
        d["match"]["results"], d["match"]["firsts"] = [0, 0], [0, 1, 1]

    return [
        ("not json", b"{this is not json", "not valid JSON"),
        ("not utf-8", b"\xff\xfe\x00garbage", "not UTF-8"),
        ("foreign", json.dumps({"deck": "x"}).encode(), "not a suspended duel of Phantom Duel"),
        ("a list", b"[1, 2, 3]", "not a suspended duel"),
        ("newer", _tampered(good, lambda d: d.update(format=99)).encode(), "format 99, this version"),
        ("bad mode", _tampered(good, lambda d: d.update(mode="chess")).encode(), "mode"),
        ("bad seat", _tampered(good, lambda d: d.update(ai_seat=True)).encode(), "ai_seat"),
        ("deep", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        ("huge number", _tampered(good, lambda d: d["match"].update(seed=10**40)).encode(),
         "match.seed"),
        ("short history", _tampered(good, history).encode(), "does not replay"),
        ("unknown card", _tampered(good, unknown_card).encode(), "no longer legal"),
        ("wrong seed", _tampered(good, seed).encode(), "seed differs"),
        ("match over", _tampered(good, over).encode(), "already over"),
        ("no duel", _tampered(good, lambda d: d.update(duel=None)).encode(), "duel"),
        ("broken duel", _tampered(good, lambda d: d["duel"].update(cards=5)).encode(),
         "cannot be read"),
    ]


def test_a_file_that_cannot_be_used_is_refused_by_name_and_left_as_it_was(home):
    match, duel = played()
    suspend.save(capture(match, duel))
    good = suspend.path().read_text("utf-8")
    for label, raw, needle in _bad_files(good):
        suspend.path().write_bytes(raw)
        with pytest.raises(FileError) as info:
            suspend.restore(suspend.load(), base_pool())
        message = str(info.value)
        assert str(suspend.path()) in message and needle in message, (label, message)
        assert "\n" not in message
        assert suspend.path().read_bytes() == raw, label  # untouched
        assert suspend.available() and suspend.peek() is None or label in (
            "short history", "unknown card", "wrong seed", "broken duel", "match over")


def test_an_oversized_file_is_refused_before_it_is_read(home):
    suspend.path().parent.mkdir(parents=True)
    with open(suspend.path(), "wb") as fh:
        fh.truncate(4 * 1024 * 1024 + 1)
    with pytest.raises(FileError, match="a suspended duel may be at most 4 MiB"):
        suspend.load()
    assert os.path.getsize(suspend.path()) == 4 * 1024 * 1024 + 1


def test_a_folder_or_a_link_to_a_device_is_offered_so_continue_can_say_why(home):
    assert not suspend.available() and suspend.peek() is None  # nothing there: no Continue
    suspend.path().mkdir(parents=True)
    assert suspend.available() and suspend.peek() is None
    with pytest.raises(FileError) as info:
        suspend.load()
    assert str(suspend.path()) in str(info.value)
    suspend.path().rmdir()
    os.symlink("/dev/zero", suspend.path())
    assert suspend.available()
    with pytest.raises(FileError):
        suspend.load()
    assert suspend.path().is_symlink()  # left as it was


def _resume_problem(home):
    """What Continue shows for the file now in place: the question's text (no crash)."""
    from game.ui.duel.resume import ResumeProblem, resume_scene

    scene = resume_scene()
    assert isinstance(scene, ResumeProblem)
    return scene.dialog


def test_continue_on_setup_decks_naming_a_card_the_set_no_longer_has_is_a_message(home):
    match, duel = played()
    suspend.save(capture(match, duel, mode="hotseat"))
    data = json.loads(suspend.path().read_text("utf-8"))
    data["setup_decks"][0]["main"][0] = "card_removed_since"
    raw = json.dumps(data).encode()
    suspend.path().write_bytes(raw)
    with pytest.raises(FileError):
        suspend.restore(suspend.load(), base_pool())
    _resume_problem(home)
    assert suspend.path().read_bytes() == raw


def test_continue_on_any_other_failure_is_a_message_not_a_crash(home, monkeypatch):
    from game.play.match import MatchError
    from game.ui.duel import flow

    match, duel = played()
    suspend.save(capture(match, duel, mode="hotseat"))

    def broken(*args, **kwargs):
        raise MatchError("something the resume did not expect")
    monkeypatch.setattr(flow.MatchFlow, "resume", broken)
    _resume_problem(home)
    assert suspend.available()


def test_a_non_boolean_auto_pass_or_a_name_with_a_nul_is_refused(home):
    match, duel = played()
    suspend.save(capture(match, duel))
    good = suspend.path().read_text("utf-8")
    for change in (lambda d: d["duel"].update(auto_pass="yes"),
                   lambda d: d["duel"].update(auto_pass=1),
                   lambda d: d.update(names=["Player\u0000 1", "AI"]),
                   lambda d: d["decks"][0].update(name="Deck\nTwo")):
        raw = _tampered(good, change).encode()
        suspend.path().write_bytes(raw)
        with pytest.raises(FileError):
            suspend.restore(suspend.load(), base_pool())
        assert suspend.path().read_bytes() == raw


def test_saving_is_atomic_and_replaces_the_old_file_whole_or_not_at_all(home, monkeypatch):
    match, duel = played(steps=10)
    first = capture(match, duel)
    suspend.save(first)
    before = suspend.path().read_bytes()
    duel.apply(duel.legal_actions()[0])
    second = capture(match, duel)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")
    with monkeypatch.context() as patched:
        patched.setattr(os, "replace", broken_replace)
        with pytest.raises(FileError, match="the old file is unchanged"):
            suspend.save(second)
    assert suspend.path().read_bytes() == before
    assert sorted(p.name for p in home.iterdir()) == ["suspended.json"]  # no temp file left
    suspend.save(second)
    assert suspend.load() == second


def test_a_save_too_big_to_read_back_is_never_written(home, monkeypatch):
    match, duel = played(steps=5)
    monkeypatch.setattr(suspend, "to_data", lambda s: {"pad": "x" * (4 * 1024 * 1024)})
    with pytest.raises(FileError, match="at most 4 MiB"):
        suspend.save(capture(match, duel))
    assert not suspend.path().exists()


def test_discard_deletes_and_a_missing_file_is_fine(home):
    match, duel = played(steps=5)
    suspend.save(capture(match, duel, mode="hotseat"))
    assert suspend.load().ai_level is None and suspend.load().humans == (True, True)
    suspend.discard()
    assert not suspend.available()
    suspend.discard()


def test_a_huge_damaged_field_is_told_in_one_bounded_line(home):
    """The engine's own error quotes the whole value (a 5,000-character card id): the
    player's message is one line of bounded length (found by tests/fuzz_files.py)."""
    match, duel = played(steps=10)
    suspend.save(capture(match, duel))
    data = json.loads(suspend.path().read_text("utf-8"))
    data["duel"]["cards"][5]["cid"] = "x" * 5000
    suspend.path().write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileError) as info:
        suspend.restore(suspend.load(), base_pool())
    message = str(info.value)
    assert "the saved duel cannot be read: unknown card id 'xxx" in message
    assert "\n" not in message and len(message) < len(str(suspend.path())) + 400
