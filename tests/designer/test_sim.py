"""The balance simulator and its CLI: counts add up, runs replay, bad input fails cleanly."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import main
from game.ai.random_player import RandomPlayer
from game.decks.deck import load_deck
from game.designer.sim import SimResult, duel_seed, player_seed, simulate
from game.engine import Duel
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool, rules

REPO = Path(__file__).resolve().parents[2]
GIANTS = STARTER_DECK_DIR / "test" / "basic_giants.yaml"
SWARM = STARTER_DECK_DIR / "test" / "basic_swarm.yaml"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=REPO,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def result() -> SimResult:
    return simulate(base_pool(), rules(), load_deck(GIANTS), load_deck(SWARM), games=6, seed=7)


def test_counts_add_up(result: SimResult) -> None:
    names = ("Basic Giants", "Basic Swarm")
    assert result.decks == names
    assert result.duels == 6
    assert sum(result.wins.values()) + result.draws == result.duels
    assert result.first_player_wins + result.second_player_wins == result.duels - result.draws
    for name in names:
        seats = result.seats[name]
        assert seats["first"].duels + seats["second"].duels == result.duels
        assert seats["first"].wins + seats["second"].wins == result.wins[name]
    # each duel has exactly one first player, so the decks' "first" counts share the duels
    assert sum(result.seats[n]["first"].duels for n in names) == result.duels
    assert sum(result.end_reasons.values()) == result.duels
    assert result.commands > 0 and result.avg_rounds > 0
    assert result.min_rounds <= result.avg_rounds <= result.max_rounds
    assert result.card_totals()
    assert all(result.card_plays[n] for n in names)
    assert "thorn_sprite" not in result.card_plays["Basic Giants"]  # only Swarm runs it


def test_same_seed_same_result(result: SimResult) -> None:
    again = simulate(base_pool(), rules(), load_deck(GIANTS), load_deck(SWARM), games=6, seed=7)
    assert again.to_dict(timing=False) == result.to_dict(timing=False)


def test_a_single_duel_of_a_run_replays_alone() -> None:
    """Game 3 of the run puts deck A in seat 1; rebuilt alone it must end the same way."""
    giants, swarm = load_deck(GIANTS), load_deck(SWARM)
    one = simulate(base_pool(), rules(), giants, swarm, games=4, seed=7)
    ds = duel_seed(7, 3)
    duel = Duel(base_pool(), rules(), [swarm.spec(), giants.spec()], ds)
    players = [RandomPlayer(player_seed(ds, 1)), RandomPlayer(player_seed(ds, 0))]
    while not duel.over:
        duel.apply(players[duel.deciding_player].choose(duel.view(duel.deciding_player)))
    three = simulate(base_pool(), rules(), giants, swarm, games=3, seed=7)
    assert one.commands - three.commands == len(duel.history)


def test_json_ready_and_report(result: SimResult) -> None:
    data = json.loads(json.dumps(result.to_dict()))
    for key in ("duels", "wins", "draws", "avg_rounds", "duels_per_second",
                "commands_per_second", "seat_wins", "deck_seats", "card_plays", "end_reasons"):
        assert key in data
    report = result.format_report()
    for text in ("Basic Giants", "Basic Swarm", "going first", "Draws", "rounds", "Most played"):
        assert text in report


def test_mirror_match_keeps_decks_apart() -> None:
    giants = load_deck(GIANTS)
    res = simulate(base_pool(), rules(), giants, giants, games=2, seed=1)
    assert len(set(res.decks)) == 2
    assert sum(res.wins.values()) + res.draws == 2


def test_random_player_is_seeded_and_leaves_global_random_alone() -> None:
    random.seed(123)
    before = random.getstate()
    actions = list(range(50))
    picks = [RandomPlayer(5).choose(actions) for _ in range(3)]
    assert len(set(picks)) == 1
    p, q = RandomPlayer(9), RandomPlayer(9)
    assert [p.choose(actions) for _ in range(20)] == [q.choose(actions) for _ in range(20)]
    assert random.getstate() == before
    with pytest.raises(ValueError):
        RandomPlayer(0).choose([])


def test_cli_json() -> None:
    proc = run_cli("simulate", "--decks", str(GIANTS), str(SWARM), "--games", "2", "--seed", "3",
                   "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for key in ("duels", "wins", "draws", "avg_rounds", "duels_per_second",
                "commands_per_second", "seat_wins", "deck_seats", "card_plays", "card_totals"):
        assert key in data
    assert data["duels"] == 2
    assert sum(data["wins"].values()) + data["draws"] == 2


def test_cli_report() -> None:
    proc = run_cli("simulate", "--games", "2")
    assert proc.returncode == 0, proc.stderr
    assert "balance report" in proc.stdout


def test_cli_missing_deck(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    proc = run_cli("simulate", "--decks", str(missing), str(SWARM), "--games", "1")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "nope.yaml" in proc.stderr


@pytest.mark.parametrize("text, expect", [
    ("main: [{card: stone_sentry, count: 3}\n  oops: ]", "not valid YAML"),
    ("- just\n- a list\n", "expected a mapping"),
    ("name: Tiny\nmain: [{card: stone_sentry, count: 3}]\n", "illegal deck"),
    ("name: Odd\nmain: [{card: no_such_card, count: 3}]\n", "unknown card"),
    ("name: Odd\nmain: [{card: stone_sentry, count: 30}]\n", "count: expected a whole number from 1 to 3"),
])
def test_cli_bad_deck_files(tmp_path: Path, text: str, expect: str) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    proc = run_cli("simulate", "--decks", str(GIANTS), str(bad), "--games", "1")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert expect in proc.stderr
    assert all(line.startswith("simulate: ") for line in proc.stderr.splitlines())


def test_later_commands_say_not_available(monkeypatch, capsys) -> None:
    monkeypatch.setitem(main.LATER_COMMANDS, "scenario", "game.no_such_module_yet")
    assert main.main(["scenario", "x.yaml"]) == 2
    assert "not available yet" in capsys.readouterr().err


def test_later_commands_are_handed_their_arguments(monkeypatch) -> None:
    seen = []
    fake = type(sys)("fake_check")
    fake.main = lambda argv: seen.append(argv) or 3
    monkeypatch.setitem(sys.modules, "fake_check", fake)
    monkeypatch.setitem(main.LATER_COMMANDS, "check", "fake_check")
    assert main.main(["check", "--all", "x"]) == 3
    assert seen == [["--all", "x"]]


def test_simulate_runs_best_of_three_matches():
    from game.cards import load_card_set
    from game.decks.deck import load_deck
    from game.designer.sim import simulate_matches
    from game.rules.file import load_rules

    a = load_deck(STARTER_DECK_DIR / "ember_rush.yaml")
    b = load_deck(STARTER_DECK_DIR / "veil_control.yaml")
    res = simulate_matches(load_card_set(), load_rules(), a, b, 4, seed=2)
    data = res.to_dict()
    assert data["matches"] == 4
    assert sum(data["match_wins"].values()) + data["match_draws"] == 4
    assert 2 * 4 <= data["duels"] <= 3 * 4
    assert sum(data["wins"].values()) + data["draws"] == data["duels"]
    again = simulate_matches(load_card_set(), load_rules(), a, b, 4, seed=2).to_dict()
    assert {k: v for k, v in again.items() if k != "matches_per_second"} == \
        {k: v for k, v in data.items() if k != "matches_per_second"}


def test_simulate_cli_matches_json():
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, str(root / "main.py"), "simulate", "--decks",
         str(STARTER_DECK_DIR / "ember_rush.yaml"), str(STARTER_DECK_DIR / "hive_swarm.yaml"),
         "--matches", "2", "--json"], capture_output=True, text=True, cwd=root, check=True)
    data = json.loads(out.stdout)
    assert data["mode"] == "matches" and data["matches"] == 2
