"""The replay corpus (tests/replays/*.yaml, saved by the client: see README.md): each replay
must be played as recorded by today's game, or be listed in KNOWN_DIFFERENCES.yaml with the
rule or card change that made it differ. A change that breaks old replays without saying so
fails here. Every replay must also still be shown as it was played (its own card data and
rules on today's engine), unless its entry says how the engine changed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from game.ai.levels import LEVEL_NAMES
from game.cards import load_card_set
from game.engine import CardDef, Rules
from game.play import replay as R
from game.play.replay.model import FORMAT
from game.rules.file import load_rules

HERE = Path(__file__).resolve().parent
KNOWN = HERE / "KNOWN_DIFFERENCES.yaml"
FILES = sorted(p for p in HERE.glob("*.yaml") if p != KNOWN)


def known() -> dict[str, dict]:
    data = yaml.safe_load(KNOWN.read_text("utf-8"))
    assert isinstance(data, dict) and isinstance(data.get("known"), list), "known: a list"
    out = {}
    for entry in data["known"]:
        assert isinstance(entry, dict) and set(entry) <= {"file", "change", "engine"}, entry
        assert isinstance(entry.get("change"), str) and entry["change"].strip(), \
            f"{entry}: name the rule or card change that made it differ"
        assert (HERE / entry["file"]).is_file(), f"{entry['file']}: no such replay here"
        out[entry["file"]] = entry
    return out


def corpus_problems(pool: Mapping[str, CardDef], rules: Rules, listed: dict[str, dict]) -> list[str]:
    """What is wrong with the corpus against the game `pool` and `rules`, in words."""
    problems = []
    for path in FILES:
        replay = R.load_replay(path)
        entry = listed.get(path.name)
        own = R.ReplayRun.play(replay, pool)  # as played: its own card data and rules
        if not own.reproduced and not (entry and entry.get("engine")):
            why = own.difference.words(replay) if own.difference else (own.stopped or own.warnings)
            problems.append(f"{path.name}: the engine no longer plays it on its own card data "
                            f"and rules ({why}); say how the engine changed (`engine:`) in "
                            f"{KNOWN.name}")
        verdict = R.check_replay(replay, pool, rules)
        if not verdict.reproduced and entry is None:
            problems.append(f"{path.name}: {verdict.sentence()} List it in {KNOWN.name} with "
                            "the rule or card change that made it differ.")
        if verdict.reproduced and entry is not None:
            problems.append(f"{path.name}: listed in {KNOWN.name} but today's game plays it "
                            "as recorded: remove the entry")
    return problems


def test_every_replay_of_the_corpus_is_reproduced_or_its_difference_is_named() -> None:
    assert FILES, "the corpus is empty: see tests/replays/README.md"
    problems = corpus_problems(load_card_set(), load_rules(), known())
    assert not problems, "\n".join(problems)


def test_the_corpus_covers_every_kind_of_duel_the_client_saves() -> None:
    replays = [R.load_replay(p) for p in FILES]
    assert all(r.format == FORMAT and r.events is not None and r.kept for r in replays)
    assert any(r.mode == "hotseat" for r in replays)
    assert {r.players[1].level for r in replays if r.mode == "versus_ai"} >= set(LEVEL_NAMES)
    assert {r.duel_number for r in replays if r.best_of == 3} == {1, 2, 3}
    assert any(r.reason == "concede" for r in replays)
    assert any(r.mode == "puzzle" and r.position is not None for r in replays)
    # files saved with `marks` (where each command's events end), and at least one saved
    # before they existed, kept to test the reader and viewer of old replays
    assert any(r.marks is not None for r in replays)
    old = [p.name for p, r in zip(FILES, replays, strict=True) if r.marks is None]
    assert old and all(name.startswith("before_marks_") for name in old), old


def test_a_card_change_that_breaks_old_replays_without_saying_so_fails(tmp_path) -> None:
    from tests.play.replay.test_lasting import changed_pool

    hotseat = R.load_replay(HERE / "hotseat.yaml")
    summon = next(c for c in hotseat.commands if type(c).__name__ == "Summon")
    duel = R.ReplayRun.play(hotseat, load_card_set()).duel_at(0)
    cid = duel.cards[summon.card].cid
    pool = changed_pool(tmp_path, cid, atk=load_card_set()[cid].atk + 1000)
    problems = corpus_problems(pool, load_rules(), known())
    assert any(p.startswith("hotseat.yaml: Today's game plays it differently (cards changed "
                            f"since: {pool[cid].name} (atk ") for p in problems), problems
    said = {"hotseat.yaml": {"file": "hotseat.yaml", "change": "a test's card change"}}
    assert not any(p.startswith("hotseat.yaml") for p in corpus_problems(pool, load_rules(), said))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_rules_change_that_breaks_a_replay_is_caught(path) -> None:
    rules = replace(load_rules(), starting_lp=load_rules().starting_lp + 1)
    verdict = R.check_replay(R.load_replay(path), load_card_set(), rules)
    assert not verdict.reproduced and "starting_lp" in verdict.changes


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_the_viewer_shows_each_replay_from_its_recorded_events_with_the_views_it_had(path) -> None:
    """Each is cut into commands by its `marks` (one saved before they existed by its
    re-play, which agrees with the record here): each seat's board built from the recorded
    events alone equals, after every command, the view that seat had (what today's engine
    rebuilds)."""
    from game.ui.duel.board import Board
    from game.ui.replays.shown import RECORDED, shown_for

    replay = R.load_replay(path)
    run = R.ReplayRun.play(replay, load_card_set())
    shown = shown_for(run)
    assert shown.source == RECORDED and shown.note == "" and shown.length == len(replay.commands)
    if replay.marks is not None:
        assert list(shown.marks) == list(replay.marks) == list(run.event_counts)
    pool = run.pool
    for i in range(shown.length + 1):
        duel = run.duel_at(i)
        for seat in (0, 1):
            assert shown.board(seat, i).snapshot() == \
                Board.from_view(duel.view(seat), pool).snapshot(), (i, seat)
