"""Replays that last (issue 19): a replay keeps its card data, rules and events, so a duel
saved before a card changes is still shown step for step with the views it had; today's game
re-plays it as a check that says where it first differs; `main.py replay --check` says the same
headless; old (format 1) files are still read and shown by re-play."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path

import pytest
import yaml

from game.ai.random_player import RandomPlayer
from game.cards import load_card_set
from game.decks.deck import load_deck
from game.engine import Duel, state_hash
from game.engine.views import view_to_plain
from game.files.resources import CARD_DIR, STARTER_DECK_DIR
from game.files.yamlio import dump_yaml
from game.play import replay as R
from game.play.replay import file as replay_file
from game.play.replay.codec import pack_events, plain_events, unpack_events
from game.play.replay.file import load_header, replay_from_data
from game.replay_cli import main as replay_main
from game.rules.file import load_rules
from tests.kit import base_pool

DECKS = ("ember_rush", "veil_control")
SEED = 21


def _decks():
    return [load_deck(STARTER_DECK_DIR / f"{n}.yaml") for n in DECKS]


def _play(pool, seed: int = SEED, views: list | None = None,
          each: Callable[[Duel], None] | None = None) -> Duel:
    """Random players on the starter decks; `views` gets both seats' views after each command
    (and the start), `each` is called with the duel then."""
    duel = Duel(pool, load_rules(), [d.spec() for d in _decks()], seed, first_player=0,
                auto_pass=False)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))

    def look() -> None:
        if views is not None:
            views.append(tuple(view_to_plain(duel.view(s)) for s in (0, 1)))
        if each is not None:
            each(duel)
    look()
    while not duel.over and len(duel.history) < 400:
        seat = duel.deciding_player
        assert seat is not None
        duel.apply(players[seat].choose(duel.view(seat)))
        look()
    return duel


def _record(duel: Duel) -> R.Replay:
    decks = _decks()
    return R.record(duel, [d.spec() for d in decks],
                    [R.ReplayPlayer("Player 1", None, decks[0].name),
                     R.ReplayPlayer("Player 2", None, decks[1].name)], "hotseat")


def changed_pool(tmp_path: Path, card_id: str, **numbers: int):
    """The shipped card set with one card's numbers changed, from a temporary folder."""
    folder = tmp_path / "cards"
    shutil.copytree(CARD_DIR, folder)
    for path in folder.glob("*.yaml"):
        data = yaml.safe_load(path.read_text("utf-8"))
        cards = data["cards"] if isinstance(data, dict) else data
        for card in cards:
            if card["id"] == card_id:
                card.update(numbers)
                path.write_text(dump_yaml(data), "utf-8")
                return load_card_set(folder)
    raise AssertionError(f"no card {card_id}")


def first_summoned(duel: Duel) -> str:
    cmd = next(c for c in duel.history if type(c).__name__ == "Summon")
    return duel.cards[cmd.card].cid


@pytest.fixture(scope="module")
def reference() -> Duel:
    return _play(base_pool())


@pytest.fixture
def before_the_change(reference, tmp_path):
    """A replay saved while a card had other numbers: (the file, the card id, the views
    both seats had after each command while it was played)."""
    cid = first_summoned(reference)
    then = changed_pool(tmp_path, cid, atk=base_pool()[cid].atk + 900,
                        health=base_pool()[cid].health + 500)
    views: list = []
    duel = _play(then, views=views)
    path = R.save_replay(_record(duel), tmp_path / "replays")
    return path, cid, views, duel


def test_a_replay_saved_before_a_card_changed_shows_the_original_duel_with_its_views(
        before_the_change) -> None:
    path, cid, views, played = before_the_change
    today = base_pool()
    replay = R.load_replay(path, today)
    assert replay.kept is not None and replay.kept[cid] != today[cid]  # the card did change
    run = R.ReplayRun.play(replay, today)
    assert run.reproduced and not run.warnings and run.length == len(played.history)
    assert state_hash(run.final) == state_hash(played)
    for i in range(run.length + 1):  # every step, both seats: the views they had
        duel = run.duel_at(i)
        assert tuple(view_to_plain(duel.view(s)) for s in (0, 1)) == views[i], f"step {i}"
    # the log each seat saw: the engine's redaction of the recorded events
    assert run.log_for(1) == played.log_for(1) and run.log_for(0) == played.log_for(0)


def test_today_s_game_says_where_it_first_differs_and_what_changed(before_the_change) -> None:
    path, cid, _views, _played = before_the_change
    replay = R.load_replay(path)
    verdict = R.check_replay(replay, base_pool(), load_rules())
    assert not verdict.reproduced
    name = base_pool()[cid].name
    assert verdict.changes.startswith(f"cards changed since: {name} (atk ")
    assert "at command" in verdict.difference and "event" in verdict.difference
    assert name in verdict.sentence() and verdict.difference in verdict.sentence()


def test_today_s_game_reproduces_a_replay_of_today(reference, tmp_path) -> None:
    path = R.save_replay(_record(reference), tmp_path)
    verdict = R.check_replay(R.load_replay(path), base_pool(), load_rules())
    assert verdict.reproduced and verdict.difference == "" and verdict.changes == ""


def test_a_rules_change_is_named(reference, tmp_path) -> None:
    path = R.save_replay(_record(reference), tmp_path)
    today = replace(load_rules(), starting_lp=load_rules().starting_lp + 1000)
    verdict = R.check_replay(R.load_replay(path), base_pool(), today)
    assert not verdict.reproduced
    assert f"starting_lp {load_rules().starting_lp} -> {today.starting_lp}" in verdict.changes
    assert "(LpChanged): before recorded 10000, now 11000" in verdict.difference


def test_check_prints_reproduced_and_exits_0(reference, tmp_path, capsys) -> None:
    path = R.save_replay(_record(reference), tmp_path)
    assert replay_main([str(path), "--check"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}: reproduced: ")


def test_check_prints_where_it_differs_and_exits_1(before_the_change, capsys) -> None:
    path, cid, _views, _played = before_the_change
    assert replay_main([str(path), "--check"]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith(f"{path}: differs (format 2, recorded by version ")
    assert "at command" in out[0]
    assert out[1].strip().startswith(f"Cards changed since: {base_pool()[cid].name} (atk")
    assert "the difference comes from the cards or the rules" in out[2]


def test_check_of_an_unreadable_file_exits_2(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("replay: 2\n")
    assert replay_main([str(bad), "--check"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0]


def _format_1(replay: R.Replay) -> R.Replay:
    return R.Replay(**{f.name: getattr(replay, f.name) for f in fields(R.Replay)
                       if f.name not in ("cards", "events", "kept", "game_version")})


def test_a_format_1_replay_is_still_read_and_shown_by_re_play(reference, tmp_path, capsys) -> None:
    old = _format_1(_record(reference))
    path = tmp_path / "old.yaml"
    path.write_text(dump_yaml(old.to_data()), "utf-8")
    assert path.read_text().startswith("replay: 1\n")
    back = R.load_replay(path, base_pool())
    assert back.format == 1 and back.events is None and back.kept is None
    run = R.ReplayRun.play(back, base_pool())
    assert run.reproduced and state_hash(run.final) == state_hash(reference)
    assert R.check_replay(back, base_pool(), load_rules()).reproduced
    assert replay_main([str(path), "--check"]) == 0
    assert "(format 1)" in capsys.readouterr().out


def test_the_file_keeps_the_card_data_events_and_version_after_the_commands(reference,
                                                                               tmp_path) -> None:
    path = R.save_replay(_record(reference), tmp_path)
    text = path.read_text("utf-8")
    assert text.index("\ncommands:") < text.index("\nevents: ") < text.index("\nmarks: ") \
        < text.index("\ncards:")
    data = yaml.safe_load(text)
    assert data["replay"] == 2 and data["game_version"]
    deck_ids = {cid for d in data["start"]["decks"] for cid in d["main"] + d["extra"]}
    assert {c["id"] for c in data["cards"]} == deck_ids
    events = unpack_events(data["events"])
    assert len(events) == reference.log_size and events[0]["type"] == "DuelStarted"
    header = load_header(path, base_pool())  # the list reads it like any other
    assert header.winner == (reference.winner if reference.winner in (0, 1) else None)


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d.update(events="AAAA"), "events: not zlib data"),
    (lambda d: d.update(events=[1, 2]), "events: expected the packed events"),
    (lambda d: d.update(events=pack_events([{"no": "type"}])), "events: event 1: expected a mapping"),
    (lambda d: d.update(cards=[{"id": "x"}]), "cards: "),
    (lambda d: d.pop("cards"), "replay file: missing cards"),
    (lambda d: d.pop("game_version"), "replay file: missing game_version"),
    (lambda d: d.update(marks="AAAA"), "marks: not zlib data"),
    (lambda d: d.update(marks=pack_events([{"type": "x"}])), "marks: count 1: expected a whole"),
    (lambda d: d.pop("events"), "marks: event counts without the events they count"),
])
def test_a_damaged_event_stream_or_card_data_is_one_line(reference, tmp_path, change,
                                                           expected) -> None:
    path = R.save_replay(_record(reference), tmp_path)
    data = yaml.safe_load(path.read_text("utf-8"))
    change(data)
    path.write_text(dump_yaml(data), "utf-8")
    with pytest.raises(R.ReplayError) as err:
        R.load_replay(path, base_pool())
    message = str(err.value)
    assert message.startswith(f"{path}: {expected}") and "\n" not in message, message


def test_a_replay_too_big_with_its_events_is_kept_without_them(reference, monkeypatch) -> None:
    from game.files import fileio

    rp = _record(reference)
    whole = len(R.replay_text(rp).encode())
    without = len(R.replay_text(replace(rp, events=None)).encode())
    limit = replace(fileio.kind_of("replay"), max_bytes=(whole + without) // 2)
    monkeypatch.setattr(replay_file, "kind_of", lambda kind: limit)
    text = R.replay_text(rp)
    assert "\nevents: " not in text and "\ncards:" in text
    back = replay_from_data(yaml.safe_load(text))
    assert back.events is None and back.kept is not None
    assert R.ReplayRun.play(back, base_pool()).reproduced


def test_the_file_keeps_where_each_command_s_events_end(tmp_path) -> None:
    """`marks`: the events told by the start and by each command, as the live duel told them
    (the viewer cuts the recorded events into steps with them, whatever today's engine does)."""
    duel = Duel(base_pool(), load_rules(), [d.spec() for d in _decks()], SEED, first_player=0,
                auto_pass=False)
    told = [duel.log_size]
    players = (RandomPlayer(SEED), RandomPlayer(SEED + 1))
    while not duel.over and len(duel.history) < 150:
        seat = duel.deciding_player
        assert seat is not None
        duel.apply(players[seat].choose(duel.view(seat)))
        told.append(duel.log_size)
    back = R.load_replay(R.save_replay(_record(duel), tmp_path), base_pool())
    assert back.marks == tuple(told) and back.marks[-1] == len(back.events or ())
    header = load_header(R.replay_files(tmp_path)[0], base_pool())
    assert header.marks is None and header.command_count == len(duel.history)


def test_marks_that_no_longer_fit_the_commands_are_left_out(reference, tmp_path) -> None:
    path = R.save_replay(_record(reference), tmp_path)
    data = yaml.safe_load(path.read_text("utf-8"))
    data["commands"].pop()  # edited by hand: the counts no longer fit
    path.write_text(dump_yaml(data), "utf-8")
    back = R.load_replay(path, base_pool())
    assert back.marks is None and back.events is not None


def test_recorded_events_come_back_as_the_engine_told_them_to_each_seat(reference) -> None:
    from game.engine.events import event_from_dict
    from game.engine.views import recorded_for

    plain = plain_events(reference.event_log)
    assert [event_from_dict(e) for e in plain] == list(reference.event_log)
    for seat in (0, 1):
        assert recorded_for(plain, seat) == reference.told_for(seat)
        assert tuple(e for e in recorded_for(plain, seat) if e is not None) == reference.log_for(seat)
    newer = [*plain[:3], {"type": "SomeNewerEvent", "card": 1}, *plain[3:]]
    assert recorded_for(newer, 0)[3] is None  # a newer game's event: nothing to show
    for bad, says in (({"type": "LpChanged", "player": 0}, "LpChanged: missing"),
                      ({**plain[1], "spare": 1}, "unknown field 'spare'"),
                      ({"type": "TurnStarted", "player": "0", "turn": 1, "round": 1},
                       "player is str")):
        with pytest.raises(ValueError, match=says):
            recorded_for([bad], 0)


def test_a_field_the_engine_added_to_an_event_since_is_not_a_difference() -> None:
    """Recorded events keep their fields; one the engine added later (what each seat may be
    told, RULES.md I12) is not compared, while any recorded field that changed still is."""
    from game.play.replay.rerun import same_event

    recorded = {"type": "ChoiceMade", "player": 0, "kind": "discard", "option": 3, "label": "X"}
    assert same_event(recorded, {**recorded, "secret": True})
    assert not same_event(recorded, {**recorded, "label": "Y", "secret": True})
    assert not same_event({**recorded, "gone": 1}, recorded)


def test_the_replay_command_prints_the_recorded_duel_after_an_engine_change(
        reference, tmp_path, capsys, monkeypatch) -> None:
    """`main.py replay` prints the duel as recorded (its events), as the viewer shows it,
    even where today's engine plays the same commands differently; the change is a warning
    and exit code 1."""
    from game.engine import primitives as prims

    path = R.save_replay(_record(reference), tmp_path)

    def printed(*args: str) -> tuple[int, list[str]]:
        code = replay_main([str(path), *args])
        lines = capsys.readouterr().out.splitlines()
        end = len(lines) - 1 - lines[::-1].index("")  # the footer after the last blank line
        return code, lines[:end]

    before = {args: printed(*args) for args in ((), ("--seat", "2"), ("--seat", "1", "--no-commands"))}
    change_lp = prims.change_lp

    def halved(duel, player, delta, reason, check=True):  # an engine fix: LP losses halved
        change_lp(duel, player, delta // 2 if delta < 0 and reason != "cost" else delta, reason, check)
    monkeypatch.setattr(prims, "change_lp", halved)
    assert R.ReplayRun.play(R.load_replay(path), base_pool()).difference is not None
    for args, (code, lines) in before.items():
        assert code == 0 and len(lines) > 10
        assert printed(*args) == (1, lines), args


def test_a_card_set_read_again_keeps_its_card_data_after_the_first_is_dropped(tmp_path) -> None:
    """The card files read twice (a second screen, a puzzle list read again), the first set
    dropped: the second's cards still have the data a replay keeps, so the duel is saved."""
    import gc

    from game.play.played_under import keep_cards

    first = load_card_set()
    second = load_card_set()
    assert second["iron_hound"] == first["iron_hound"] and second["iron_hound"] is not first["iron_hound"]
    del first
    gc.collect()
    kept = keep_cards(second, second)
    assert [c["id"] for c in kept] == sorted(second)
    duel = _play(second)
    path = R.save_replay(_record(duel), tmp_path / "replays")
    assert R.load_replay(path).cards
