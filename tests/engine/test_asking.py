"""Whether a player is asked to answer follows only what the other seat sees (RULES.md I15):
`might_answer` reads the other seat's view alone, and says yes whenever the engine would
offer the player a real answer, so being asked never tells that an answer is there."""

from __future__ import annotations

import random

import pytest

from game.decks.deck import load_deck
from game.engine import Activate, Duel, Pass, Summon, might_answer
from game.engine.position import build_position
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool, play, pool_with, uid
from tests.kit import rules as kit_rules
from tests.kit import shipped_rules as rules

STARTERS = ("bastion_wall", "ember_rush", "hive_swarm", "veil_control")

QUICK = """
- id: quick_gift
  name: Quick Gift
  type: spirit
  text: "Response: gain 1 SP."
  abilities:
    - start: response
      effects: [{gain_sp: {amount: 1}}]
"""


@pytest.mark.parametrize("seed", range(8))
def test_every_player_with_a_real_answer_is_one_the_other_seat_thinks_might_answer(seed) -> None:
    rng = random.Random(seed)
    decks = [load_deck(STARTER_DECK_DIR / f"{rng.choice(STARTERS)}.yaml").spec() for _ in (0, 1)]
    duel = Duel(base_pool(), rules(), decks, seed, auto_pass=False)
    windows = answered = 0
    for _ in range(1500):
        if duel.over:
            break
        seat = duel.deciding_player
        if duel.state.lines and duel.state.choice is None:
            windows += 1
            real = any(isinstance(c, Activate) for c in duel.legal_actions())
            thinks = might_answer(duel.view(1 - seat), seat, duel.pool)
            assert thinks or not real, (seed, duel.turn, duel.legal_actions())
            answered += real
        duel.apply(rng.choice(duel.legal_actions()))
    assert windows > 50


def _asking(spec: dict) -> Duel:
    """A position whose players are always asked (as in the client)."""
    return build_position(pool_with(QUICK), kit_rules(), spec, auto_pass=False)


def _window(seat_hand: list[str], back: list, turn_player: int) -> Duel:
    """A position where player 1 (seat 0) is to summon; then seat 1's window is judged."""
    return _asking({"phase": "main1", "turn_player": turn_player, "players": [
        {"sp": 5, "hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3},
        {"sp": 5, "hand": seat_hand, "deck": ["stone_sentry"] * 3, "back": back}]})


def test_a_face_down_card_might_answer_whatever_it_is() -> None:
    for back in (["denial"], ["flare_bolt"]):  # a Counter that answers, a Spirit that cannot
        duel = _window([], back, 0)
        play(duel, Summon(0, uid(duel, 0, "stone_sentry"), "phantom", 0, True, True))
        assert duel.deciding_player == 1
        assert might_answer(duel.view(0), 1, duel.pool)
    bare = _window(["denial"], [], 0)  # a Counter in hand answers nothing: it must be set
    play(bare, Summon(0, uid(bare, 0, "stone_sentry"), "phantom", 0, True, True))
    assert not might_answer(bare.view(0), 1, bare.pool)


def test_a_hand_might_answer_only_on_its_players_own_turn_and_only_if_a_spirit_could() -> None:
    pool = pool_with(QUICK)
    duel = _asking({"phase": "main1", "turn_player": 1, "players": [
        {"sp": 5, "hand": [], "deck": ["stone_sentry"] * 3, "back": ["denial"]},
        {"sp": 5, "hand": ["stone_sentry", "iron_hound"], "deck": ["stone_sentry"] * 3}]})
    play(duel, Summon(1, uid(duel, 1, "stone_sentry"), "phantom", 0, True, True), Pass(0))
    assert duel.deciding_player == 1  # its own Step: it may add to the Line
    assert might_answer(duel.view(0), 1, pool)  # a hand on its own turn: it could hold one
    assert not might_answer(duel.view(0), 1, base_pool())  # no Spirit answers from hand there


@pytest.mark.parametrize("first", STARTERS)
def test_the_card_pool_reading_stays_above_the_real_answers_in_every_starter_pairing(first) -> None:
    """RULES.md I19 (c): `might_answer` reads the pool for face-down cards and public facts
    (LP, SP, the Step's kind and player) for conditions and costs; over random duels of
    every ordered starter pairing, every window with a real answer is still one it says
    might answer, and the reading does pass for some set cards (it is not a yes always)."""
    windows = spared = 0
    for k, second in enumerate(STARTERS):
        for seed in range(3):
            rng = random.Random(seed * 31 + k)
            decks = [load_deck(STARTER_DECK_DIR / f"{d}.yaml").spec() for d in (first, second)]
            duel = Duel(base_pool(), rules(), decks, seed, auto_pass=False)
            for _ in range(1200):
                if duel.over:
                    break
                seat = duel.deciding_player
                if duel.state.lines and duel.state.choice is None:
                    windows += 1
                    real = any(isinstance(c, Activate) for c in duel.legal_actions())
                    other = duel.view(1 - seat)
                    thinks = might_answer(other, seat, duel.pool)
                    assert thinks or not real, (first, second, seed, duel.turn,
                                                duel.legal_actions())
                    face_down = any(c is not None and not c.face_up
                                    for cards in other.sides[seat].slots.values() for c in cards)
                    spared += face_down and not thinks
                duel.apply(rng.choice(duel.legal_actions()))
    assert windows > 400 and spared > 20, (windows, spared)
