"""`main.py bench --quick --json`: one run gathers every speed figure (scripts/bench_all.py).
Numbers are not judged here (speed is measured by scripts, never by tests): only that each
figure is there and is a positive number, or says plainly that it is not available."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))

import bench_all  # noqa: E402


def test_bench_quick_json_has_every_figure_and_the_machine(tmp_path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PHANTOM_DUEL_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "bench", "--quick", "--json"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    figures = result["figures"]
    assert set(figures) >= {key for key, _, _ in bench_all.ROWS}
    for key, _, _ in bench_all.ROWS:
        value = figures[key]
        if key == "autosave_us" and value == "not available":
            continue
        assert isinstance(value, (int, float)) and value > 0, (key, value)
    assert result["quick"] is True and result["machine"]["cores"] >= 1
    assert result["machine"]["cpu"] and result["machine"]["python"]
    # the run used a temp folder: nothing was written to the player's (here: the test's) home
    assert not (tmp_path / "home").exists()


def test_the_markdown_table_names_each_figure_with_its_unit() -> None:
    figures = {key: 1.5 for key, _, _ in bench_all.ROWS} | {"autosave_us": "not available"}
    result = {"figures": figures, "machine": {"cpu": "Test CPU", "cores": 2, "python": "3.11",
                                              "os": "Linux"}, "quick": False, "run_s": 9.0}
    table = bench_all.markdown(result).splitlines()
    assert table[0].startswith("Machine: Test CPU, 2 cores")
    rows = [line for line in table if line.startswith("| ") and "`" in line]
    assert len(rows) == len(bench_all.ROWS)
    clone_row = next(r for r in rows if "`clone_us`" in r)
    assert clone_row.endswith("| 1.5 µs |")
    assert any("`autosave_us`" in r and "not available" in r for r in rows)


def test_bench_ai_hands_each_latency_player_a_seed_derived_one_way(monkeypatch) -> None:
    """The levels timed by scripts/bench_ai.py get their seeds as the client's do
    (game/ai/seeds.py, RULES.md I11): neither is the duel seed nor a simple formula of it
    (as `duel_seed * 2` was, which gives the duel seed and the other seat's deal back)."""
    import bench_ai

    from game.ai.seeds import player_seed
    from game.designer.sim import duel_seed

    handed, pool, rules, decks = _recording_players(bench_ai, monkeypatch)
    bench_ai.latency(pool, rules, decks, "easy", 2, 2024, max_decisions=None)
    assert [lv for lv, _ in handed] == ["easy", "normal"] * 2
    mask = (1 << 64) - 1
    for game in (0, 1):
        ds = duel_seed(2024, game)
        seat = game % 2
        mine, theirs = handed[2 * game][1], handed[2 * game + 1][1]
        assert mine == player_seed(ds, "bench_latency", seat)
        assert theirs == player_seed(ds, "bench_latency", 1 - seat)
        simple = {(ds * a + b) & mask for a in range(-4, 5) for b in range(-8, 9)}
        simple |= {ds ^ b for b in range(256)} | {(ds >> k) for k in range(8)}
        assert mine not in simple and theirs not in simple, (ds, mine, theirs)
        assert mine != theirs and (mine ^ theirs) not in {1, ds}


def test_bench_help_names_the_command_and_says_how_long_it_takes(tmp_path) -> None:
    env = {**os.environ, "PHANTOM_DUEL_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "bench", "--help"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: main.py bench ")
    text = " ".join(proc.stdout.split())
    assert f"about {bench_all.QUICK_S} s instead of about {bench_all.FULL_S} s" in text
    assert "your own files are neither read nor written" in text


def test_figures_are_shown_for_people() -> None:
    shown = bench_all.shown
    assert shown(0.04850662600028954, "s") == "0.0485 s"
    assert shown(29125.3, "/s") == "29,125 /s" and shown(83.4, "/s") == "83.4 /s"
    assert shown(1.5, "µs") == "1.5 µs" and shown(0.00001234, "s") == "0.000012 s"
    assert shown("not available", "µs") == "not available"
    figures = {key: 0.023917384000014863 for key, _, _ in bench_all.ROWS}
    result = {"figures": figures, "machine": {"cpu": "Test CPU", "cores": 2, "python": "3.11",
                                              "os": "Linux"}, "quick": True, "run_s": 5.5}
    assert "0.023917" not in bench_all.markdown(result)
    assert "| 0.0239 s |" in bench_all.markdown(result)


# ------------------------------------------------- deals: tuning and held-out (issue 40)
def _simple_of(ds: int) -> set[int]:
    """Seeds a simple formula makes of the duel seed `ds` (from which the deal follows)."""
    mask = (1 << 64) - 1
    simple = {(ds * a + b) & mask for a in range(-4, 5) for b in range(-8, 9)}
    return simple | {ds ^ b for b in range(256)} | {(ds >> k) for k in range(8)}


def test_bench_ai_hands_each_level_of_a_strength_run_a_seed_derived_one_way(monkeypatch) -> None:
    """Both levels of a strength duel get seeds derived one way from the duel seed (as the
    client's, game/ai/seeds.py): neither is the duel seed nor a simple formula of it, nor
    one of the other's, so no level can work out the other seat's deal."""
    import bench_ai

    from game.designer import sim

    handed, pool, rules, decks = _recording_players(bench_ai, monkeypatch)
    seed = bench_ai.fresh_held_out_seed()
    prs = bench_ai.pairings(decks, ("hard", "normal"), seed)
    for k, g in ((0, 0), (6, 1)):
        handed.clear()
        sim.play_tasks((pool, ((rules, tuple(prs)),)), [(0, k, g)])
        ds = sim.duel_seed(prs[k].seed, g)
        assert sorted(lv for lv, _ in handed) == ["hard", "normal"]
        seeds = [s for _, s in handed]
        assert set(seeds) == {sim.player_seed(ds, 0), sim.player_seed(ds, 1)}
        for s in seeds:
            assert s not in _simple_of(ds) and s not in {seed, prs[k].seed}
        mine, theirs = seeds
        assert theirs not in _simple_of(mine) and (mine ^ theirs) not in {1, ds}


def test_bench_ai_draws_a_fresh_held_out_seed_by_default_and_labels_every_figure(
        monkeypatch, capsys) -> None:
    import bench_ai

    tuning = {bench_ai.DEFAULT_SEED, 1, 3, 7, 11, 7777}  # seeds fitted on, designed from, reported
    drawn = {bench_ai.fresh_held_out_seed() for _ in range(20)}
    assert len(drawn) == 20  # fresh each time
    for s in drawn:
        assert bench_ai.deal_kind(s) == "held-out" and s not in tuning
        # its pairings' seeds stay clear of every tuning run's
        assert bench_ai.HELD_OUT_FROM <= s and s + 7919 * 15 < (1 << 63)
    assert all(bench_ai.deal_kind(s) == "tuning" for s in tuning)
    monkeypatch.setattr(bench_ai, "pin_one_core", lambda: "not pinned (test)")
    argv = ["--json", "--only", "normal_vs_random", "--duels", "1", "--jobs", "1"]
    assert bench_ai.main(argv) == 0
    out = capsys.readouterr()
    result = json.loads(out.out)
    seed = result["meta"]["seed"]
    assert result["meta"]["deal"] == "held-out" and seed not in tuning
    assert bench_ai.HELD_OUT_FROM <= seed
    assert f"held-out seed {seed}" in out.err and "--seed" in out.err
    assert result["normal_vs_random"]["deal"] == f"held-out seed {seed}"
    # --seed plays a run again and says which kind of deal it is
    assert bench_ai.main([*argv, "--seed", str(bench_ai.DEFAULT_SEED)]) == 0
    out = capsys.readouterr()
    assert f"tuning seed {bench_ai.DEFAULT_SEED}" in out.err
    assert json.loads(out.out)["normal_vs_random"]["deal"] == f"tuning seed {bench_ai.DEFAULT_SEED}"
    assert bench_ai.main([*argv, "--seed", str(seed)]) == 0
    assert f"held-out seed {seed}" in capsys.readouterr().err


def test_tuning_refuses_held_out_seeds() -> None:
    import bench_ai
    import pytest
    import tune_weights

    held_out = bench_ai.fresh_held_out_seed()
    with pytest.raises(ValueError, match="held-out"):
        tune_weights.collect(1, ("normal", "normal"), held_out, only=[0])
    with pytest.raises(ValueError, match="held-out"):
        bench_ai.require_tuning(bench_ai.HELD_OUT_FROM)
    bench_ai.require_tuning(bench_ai.DEFAULT_SEED)  # a tuning seed passes
    proc = subprocess.run([sys.executable, str(REPO / "scripts" / "tune_weights.py"), "collect",
                           "--games", "1", "--seed", str(held_out), "--out", os.devnull],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "held-out" in proc.stderr


class _First:
    """A player that takes the first legal command: only the seeds it is handed matter."""

    def choose(self, view):
        return view.legal_actions[0]


def _recording_players(bench_ai, monkeypatch):
    """bench_ai's players replaced by `_First`, each (level, seed) it is handed recorded;
    with the card set, rules and starter decks the benchmark plays."""
    handed: list[tuple[str, int]] = []

    def fake_player(level, seed, **_kw):
        handed.append((level, seed))
        return _First()

    monkeypatch.setattr(bench_ai, "make_player", fake_player)
    pool, rules = bench_ai.load_card_set(), bench_ai.load_rules()
    decks = [bench_ai.load_deck(bench_ai.starter_deck(name)) for name in bench_ai.STARTERS]
    return handed, pool, rules, decks
