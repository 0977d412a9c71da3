"""The computer players: every level plays whole duels with legal commands only, the same
seed plays the same moves, no level reads a hidden card, and game/ai stays headless."""

from __future__ import annotations

import ast
import random
import subprocess
import sys

import pytest

from game.ai import LEVEL_NAMES, make_player
from game.ai.random_player import RandomPlayer
from game.engine import Duel, PlayerView
from tests.ai.kit import (
    REPO,
    STARTERS,
    knowledge,
    play,
    starter,
    with_hidden_cards_shuffled,
)
from tests.kit import base_pool
from tests.kit import shipped_rules as rules

TINY = dict(budget=150, max_seconds=30.0)  # Hard with a small budget keeps tests quick


def _pairing(k: int) -> tuple[str, str]:
    return STARTERS[k % 4], STARTERS[(k // 4 + k + 1) % 4]


def _players(levels: tuple[str, str], a: str, b: str, seed: int) -> list:
    out = []
    for seat, (level, own, opp) in enumerate(((levels[0], a, b), (levels[1], b, a))):
        extra = TINY if level == "hard" else {}
        out.append(make_player(level, seed * 2 + seat, **knowledge(starter(own), starter(opp)),
                               **extra))
    return out


def _duel(a: str, b: str, seed: int) -> Duel:
    return Duel(base_pool(), rules(), [starter(a).spec(), starter(b).spec()], seed)


def test_make_player_offers_every_level() -> None:
    assert LEVEL_NAMES == ("random", "easy", "normal", "hard")
    for level in LEVEL_NAMES:
        player = make_player(level, 1)
        assert callable(player.choose)
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("grandmaster", 1)


@pytest.mark.parametrize("levels, duels", [
    (("easy", "random"), 60),
    (("easy", "easy"), 40),
    (("normal", "random"), 60),
    (("normal", "easy"), 40),
])
def test_every_level_plays_hundreds_of_duels_legally(levels, duels) -> None:
    """Each command is one of the view's legal actions (kit.play checks) and every duel
    ends; together the cases give Easy and Normal over a hundred duels each (halved when
    Normal's win-this-turn solver made each duel dearer, to keep .ci/run under 10 minutes)."""
    ended = 0
    for k in range(duels):
        a, b = _pairing(k)
        duel = _duel(a, b, 500 + k)
        play(duel, _players(levels, a, b, k))
        assert duel.winner is not None
        ended += 1
    assert ended == duels


def test_hard_plays_whole_duels_legally() -> None:
    for k, (a, b) in enumerate([("ember_rush", "veil_control"), ("hive_swarm", "bastion_wall")]):
        duel = _duel(a, b, 900 + k)
        play(duel, _players(("hard", "normal"), a, b, k))
        assert duel.winner is not None


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_same_moves(level: str) -> None:
    histories = []
    for _ in range(2):
        duel = _duel("bastion_wall", "ember_rush", 77)
        histories.append(play(duel, _players((level, "normal"), "bastion_wall",
                                              "ember_rush", 3)))
    assert histories[0] == histories[1]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_reads_hidden_cards(level: str) -> None:
    """Two duels that differ only in what seat 0 cannot see (the opponent's unrevealed hand
    cards, both decks' order) give seat 0 the same view, and every level decides alike."""
    duel = _duel("veil_control", "ember_rush", 12)
    rng = random.Random(12)
    driver = [RandomPlayer(1), RandomPlayer(2)]
    compared = 0
    while not duel.over and compared < 8:
        seat = duel.deciding_player
        view = duel.view(seat)
        if seat == 0 and len(view.legal_actions) > 1:
            other = with_hidden_cards_shuffled(duel, 0, rng)
            differs = [c.cid for c in other.cards] != [c.cid for c in duel.cards]
            assert differs or other.players[1].deck != duel.players[1].deck
            picks = []
            for d in (duel, other):
                player = make_player(level, 9, **knowledge(starter("veil_control"),
                                                           starter("ember_rush")),
                                     **(TINY if level == "hard" else {}))
                picks.append(player.choose(d.view(0)))
            assert picks[0] == picks[1]
            compared += 1
        duel.apply(driver[seat].choose(view))
    assert compared == 8


def test_players_take_views_never_duels() -> None:
    duel = _duel("hive_swarm", "ember_rush", 4)
    for level in ("easy", "normal", "hard"):
        player = make_player(level, 1)
        with pytest.raises(TypeError):
            player.choose(duel)  # type: ignore[arg-type]
        assert isinstance(duel.view(duel.deciding_player), PlayerView)


def test_game_ai_imports_neither_pygame_nor_the_ui() -> None:
    folder = REPO / "game" / "ai"
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("pygame", "game.ui")), f"{path.name}: {name}"
    code = ("import sys, game.ai, game.ai.players, game.ai.search, game.ai.policy;"
            "bad = [m for m in sys.modules if m.startswith(('pygame', 'game.ui'))];"
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_hard_keeps_to_its_budget() -> None:
    from game.ai.search import HardPlayer

    player = HardPlayer(3, budget=400, max_seconds=60.0,
                        **knowledge(starter("ember_rush"), starter("hive_swarm")))
    duel = _duel("ember_rush", "hive_swarm", 8)
    rng = random.Random(8)
    searched = 0
    while not duel.over and searched < 10:
        seat = duel.deciding_player
        view = duel.view(seat)
        if seat == 0:
            player.last_simulations = 0
            cmd = player.choose(view)
            if player.last_simulations:
                searched += 1
                # one round of samples may finish past the budget, never more than that
                assert player.last_simulations < 400 + 6 * 300
        else:
            cmd = view.legal_actions[rng.randrange(len(view.legal_actions))]
        duel.apply(cmd)
    assert searched


def test_decks_are_optional_knowledge() -> None:
    """Without decklists the hidden cards are guessed from the card pool."""
    duel = _duel("bastion_wall", "veil_control", 21)
    players = [make_player("normal", 1), make_player("easy", 2)]
    play(duel, players)
    assert duel.winner is not None
