"""The balance report: AI levels per deck, several decks (every pairing), --jobs giving the
same results as one process, 95 % intervals, per-card figures, the PNG and the progress bar."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.decks.deck import load_deck
from game.designer.balance import BalanceRun, run_balance
from game.designer.sim import Progress, level_players, simulate, wilson
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool, rules

REPO = Path(__file__).resolve().parents[2]
GIANTS = STARTER_DECK_DIR / "test" / "basic_giants.yaml"
SWARM = STARTER_DECK_DIR / "test" / "basic_swarm.yaml"
EMBER = STARTER_DECK_DIR / "ember_rush.yaml"
VEIL = STARTER_DECK_DIR / "veil_control.yaml"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300)


def test_jobs_2_equals_jobs_1() -> None:
    a, b = load_deck(EMBER), load_deck(VEIL)
    players = level_players(("normal", "easy"), a, b)
    one = simulate(base_pool(), rules(), a, b, 6, 5, players, jobs=1)
    two = simulate(base_pool(), rules(), a, b, 6, 5, players, jobs=2)
    assert one.to_dict(timing=False) == two.to_dict(timing=False)
    assert one.players == ("normal", "easy")


def test_cli_jobs_2_equals_jobs_1() -> None:
    outs = []
    for jobs in ("1", "2"):
        proc = run_cli("simulate", "--decks", str(GIANTS), str(SWARM), "--games", "4",
                       "--seed", "9", "--players", "easy", "random", "--jobs", jobs, "--json")
        assert proc.returncode == 0, proc.stderr
        data = json.loads(proc.stdout)
        for key in ("seconds", "duels_per_second", "commands_per_second"):
            data.pop(key)
        outs.append(data)
    assert outs[0] == outs[1]
    assert outs[0]["players"] == ["easy", "random"]


def test_every_pairing_of_several_decks() -> None:
    decks = [load_deck(p) for p in (GIANTS, SWARM, EMBER)]
    run = run_balance(base_pool(), rules(), decks, 2, 3, ("random", "random"), jobs=1)
    assert isinstance(run, BalanceRun)
    assert run.pairs == [(0, 1), (0, 2), (1, 2)]
    assert run.duels == 6
    m = run.matrix()
    for i in range(3):
        assert m[i][i] is None
        for j in range(3):
            if i != j:
                wins_ij, n = run.cell(i, j)
                wins_ji, _ = run.cell(j, i)
                assert n == 2 and wins_ij + wins_ji <= 2
    data = json.loads(json.dumps(run.to_dict()))
    for key in ("decks", "wins", "duels", "draws", "matrix", "pairings", "deck_seats"):
        assert key in data
    assert data["duels"] == 6 and sum(data["wins"].values()) + data["draws"] == 6
    report = run.format_report()
    assert "every pairing" in report and "Per seat" in report


def test_one_deck_is_its_mirror_match() -> None:
    res = run_balance(base_pool(), rules(), [load_deck(GIANTS)], 2, 1)
    assert res.decks == ("Basic Giants (A)", "Basic Giants (B)")


def test_report_has_intervals_and_card_figures() -> None:
    res = simulate(base_pool(), rules(), load_deck(GIANTS), load_deck(SWARM), 6, 2)
    data = res.to_dict()
    for name in res.decks:
        lo, hi = data["ci95"][name]
        assert 0 <= lo <= data["win_rate"][name] <= hi <= 1
        for card in data["cards"][name].values():
            assert card["duels_played"] + card["duels_not_played"] == res.duels
    assert "stone_sentry" in data["cards"]["Basic Giants"]
    report = res.format_report()
    assert "95 %" in report and "when the card was played" in report


@pytest.mark.parametrize("wins, n", [(0, 10), (5, 10), (10, 10), (200, 400), (0, 0)])
def test_wilson_interval(wins: int, n: int) -> None:
    lo, hi = wilson(wins, n)
    assert 0.0 <= lo <= hi <= 1.0
    if n:
        assert lo <= wins / n <= hi
    if n == 400:
        assert hi - lo < 0.1


def test_png_heat_map(tmp_path: Path) -> None:
    out = tmp_path / "balance.png"
    proc = run_cli("simulate", "--decks", str(GIANTS), str(SWARM), str(EMBER), "--games", "1",
                   "--png", str(out), "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_json_with_png_prints_only_the_json(tmp_path: Path) -> None:
    """--png draws with pygame, whose greeting must not land in the JSON on stdout."""
    out = tmp_path / "balance.png"
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "simulate", "--decks",
                           str(GIANTS), str(SWARM), str(EMBER), "--games", "1", "--json",
                           "--png", str(out), "--jobs", "1"], cwd=REPO, capture_output=True,
                          text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["decks"] and out.exists()


def test_progress_bar_counts_duels_and_time_left() -> None:
    stream = io.StringIO()
    bar = Progress(4, True, stream)
    for _ in range(4):
        bar.step()
    text = stream.getvalue()
    assert "4/4 duels" in text and "left" in text and text.endswith("\n")
    quiet = io.StringIO()
    Progress(4, False, quiet).step()
    assert quiet.getvalue() == ""


def test_cli_refuses_matches_with_three_decks() -> None:
    proc = run_cli("simulate", "--decks", str(GIANTS), str(SWARM), str(EMBER), "--matches", "1")
    assert proc.returncode == 2 and "exactly two decks" in proc.stderr


def test_cli_unknown_level() -> None:
    proc = run_cli("simulate", "--players", "normal", "wizard", "--games", "1")
    assert proc.returncode == 2 and "wizard" in proc.stderr
