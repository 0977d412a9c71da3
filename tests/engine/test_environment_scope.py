"""Environments (book): one alone on the field affects and may be used by both players, once;
with two out, each affects only its controller and that player's cards."""

from __future__ import annotations

from game.engine import Zone
from game.engine.query import atk
from tests.kit import position, uid

ENVS = """
- id: field_of_glory
  name: Field of Glory
  type: environment
  text: "Every Phantom gains 300 ATK."
  abilities:
    - start: static
      affects: {side: any}
      modify: {atk: 300}
- id: field_of_dread
  name: Field of Dread
  type: environment
  text: "Your opponent's Phantoms lose 200 ATK."
  abilities:
    - start: static
      affects: {side: opponent}
      modify: {atk: -200}
"""

HOUND = 1100  # iron_hound's printed ATK


def _atk(duel, player: int) -> int:
    return atk(duel, duel.cards[uid(duel, player, "iron_hound")])


def _spec(env0, env1=None) -> dict:
    return {"players": [{"deck": ["stone_sentry"] * 3, "phantom": ["iron_hound"], "env": env0},
                        {"deck": ["stone_sentry"] * 3, "phantom": ["iron_hound"], "env": env1}]}


def test_printed_atk_is_what_the_tests_assume():
    duel = position(_spec(None), ENVS)
    assert _atk(duel, 0) == _atk(duel, 1) == HOUND


def test_an_environment_alone_that_reaches_every_phantom_applies_once_to_both_sides():
    duel = position(_spec("field_of_glory"), ENVS)
    assert _atk(duel, 0) == HOUND + 300  # not +600: one Environment, applied once
    assert _atk(duel, 1) == HOUND + 300


def test_with_two_environments_each_affects_only_its_controllers_cards():
    duel = position(_spec("field_of_glory", "field_of_dread"), ENVS)
    assert _atk(duel, 0) == HOUND + 300  # Glory: only its controller's Phantoms now
    assert _atk(duel, 1) == HOUND  # Dread affects nobody: it only reaches the opponent's


def test_an_environment_alone_on_your_opponents_cards_works_for_both_players():
    duel = position(_spec("field_of_dread"), ENVS)
    # alone, both players use it: each player's opponent loses 200 ATK
    assert _atk(duel, 0) == HOUND - 200
    assert _atk(duel, 1) == HOUND - 200


def test_your_phantoms_environment_alone_helps_both_players():
    duel = position(_spec("ancient_battlefield"), ENVS)
    assert _atk(duel, 0) == _atk(duel, 1) == HOUND + 300
    two = position(_spec("ancient_battlefield", "field_of_dread"), ENVS)
    assert _atk(two, 0) == HOUND + 300 and _atk(two, 1) == HOUND
    assert two.cards[uid(two, 1, "field_of_dread")].zone is Zone.ENV
