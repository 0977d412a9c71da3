"""Rules grids (`simulate --rules-grid FILE`): candidates from a small YAML file, every pairing
and mirror under each, one row of balance figures per candidate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from game.cards import load_card_set
from game.decks.deck import load_deck
from game.designer.balance import grid_pairs, pairing_seed, run_rules_grid
from game.designer.rules_grid import MAX_CANDIDATES, grid_from_data, load_rules_grid
from game.designer.sim import level_players, simulate
from game.engine import Rules
from game.files.resources import starter_deck
from game.rules.file import RulesFileError, load_rules


def _decks(*names: str):
    return [load_deck(starter_deck(name)) for name in names]


def test_every_combination_is_one_candidate_over_the_base() -> None:
    base = Rules(starting_lp=7000, sp_cap=5)
    cands = grid_from_data({"starting_sp": [6, 7, 8], "sp_per_draw_phase": [1, 2],
                            "sp_cap": 9}, base)
    assert [c.values for c in cands][:3] == [
        (("starting_sp", 6), ("sp_per_draw_phase", 1), ("sp_cap", 9)),
        (("starting_sp", 6), ("sp_per_draw_phase", 2), ("sp_cap", 9)),
        (("starting_sp", 7), ("sp_per_draw_phase", 1), ("sp_cap", 9))]
    assert len(cands) == 6
    last = cands[-1].rules
    assert (last.starting_sp, last.sp_per_draw_phase, last.sp_cap) == (8, 2, 9)
    assert last.starting_lp == 7000  # the base's other numbers stay
    assert cands[-1].label() == "8 / 2 / 9"


@pytest.mark.parametrize("data, expect", [
    ({"starting_spp": [6]}, "unknown rule 'starting_spp'"),
    ({"starting_sp": []}, "starting_sp: expected 1 to"),
    ({"starting_sp": [6, 6]}, "starting_sp: a number is listed twice"),
    ({"starting_sp": [6, -1]}, "starting_sp: expected a whole number >= 0"),
    ({"opening_hand": [5, 99]}, "opening_hand: expected at most 60"),
    ({"starting_sp": "many"}, "starting_sp: expected a whole number"),
    ([6, 7], "expected a mapping"),
    ({}, "expected a mapping"),
    ({"starting_sp": list(range(17)), "sp_cap": list(range(8, 24))},
     f"at most {MAX_CANDIDATES} in one grid"),
])
def test_bad_grids_name_the_key(data, expect: str) -> None:
    with pytest.raises(ValueError, match=expect):
        grid_from_data(data, Rules())


def test_a_bad_grid_file_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "grid.yaml"
    bad.write_text("starting_sp: [6, 7\n", encoding="utf-8")
    with pytest.raises(RulesFileError, match="grid.yaml"):
        load_rules_grid(bad, Rules())
    bad.write_text("sp_per_draw_phase: [1, x]\n", encoding="utf-8")
    with pytest.raises(RulesFileError, match=r"grid\.yaml: rules: sp_per_draw_phase"):
        load_rules_grid(bad, Rules())


def test_a_candidate_plays_what_a_plain_run_with_its_rules_plays() -> None:
    """Each candidate's pairing is the same duels as `simulate --rules` with those numbers."""
    pool, base = load_card_set(), load_rules()
    decks = _decks("ember_rush", "hive_swarm")
    cands = grid_from_data({"starting_sp": [6, 9]}, base)
    grid = run_rules_grid(pool, cands, decks, 3, 17, jobs=1)
    assert grid.pairs == grid_pairs(2) == [(0, 1), (0, 0), (1, 1)]
    for c, cand in enumerate(cands):
        for k, (a, b) in enumerate(grid.pairs):
            alone = simulate(pool, cand.rules, decks[a], decks[b], 3, pairing_seed(17, k),
                             players=level_players(("random", "random"), decks[a], decks[b]))
            assert grid.results[c][k].to_dict(timing=False) == alone.to_dict(timing=False)
    data = grid.to_dict(timing=False)
    assert [row["values"] for row in data["candidates"]] == [{"starting_sp": 6},
                                                              {"starting_sp": 9}]
    row = data["candidates"][0]
    assert row["duels"] == 9
    mirror = grid.results[0][1]
    assert row["mirror_first_player_win_rate"]["Ember Rush"] == mirror.first_player_wins / 3
    draws = sum(r.draws for r in grid.results[0])
    assert row["draw_rate"] == draws / 9
    worst = row["worst_pairing"]
    pair = grid.results[0][0]
    assert worst["wins"] == max(pair.wins.values())


def test_the_table_has_one_row_per_candidate() -> None:
    pool, base = load_card_set(), load_rules()
    decks = _decks("ember_rush", "hive_swarm")
    cands = grid_from_data({"starting_sp": [6, 9], "sp_cap": 9}, base)
    table = run_rules_grid(pool, cands, decks, 2, 1, jobs=2).format_report().splitlines()
    head = next(line for line in table if line.startswith("| starting_sp"))
    assert head == ("| starting_sp | sp_cap | worst pairing | Ember Rush mirror | "
                    "Hive Swarm mirror | draws |")
    rows = [line for line in table if line.startswith("| 6 |") or line.startswith("| 9 |")]
    assert len(rows) == 2 and all(row.count("|") == head.count("|") for row in rows)


def test_cli_rules_grid_json(tmp_path: Path, capsys) -> None:
    grid = tmp_path / "grid.yaml"
    grid.write_text("starting_sp: [6, 8]\nsp_per_draw_phase: 2\n", encoding="utf-8")
    assert main.main(["simulate", "--rules-grid", str(grid), "--decks", "ember_rush",
                      "hive_swarm", "--games", "1", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "rules_grid"
    assert [row["rules"]["starting_sp"] for row in data["candidates"]] == [6, 8]
    assert all(row["duels"] == 3 for row in data["candidates"])


@pytest.mark.parametrize("extra, expect", [
    (["--png", "x.png"], "--png"),
    (["--matches", "2"], "--matches"),
])
def test_cli_refuses_what_a_grid_cannot_do(tmp_path: Path, capsys, extra, expect) -> None:
    grid = tmp_path / "grid.yaml"
    grid.write_text("starting_sp: [6, 8]\n", encoding="utf-8")
    assert main.main(["simulate", "--rules-grid", str(grid), "--games", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert expect in err and err.startswith("simulate: ")
