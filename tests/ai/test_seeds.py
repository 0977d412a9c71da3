"""Player seeds are one way: a seat's own seed gives away neither the duel's nor the other's."""

from __future__ import annotations

from game.ai.seeds import player_seed
from game.sim import duel_seed
from game.sim import player_seed as sim_player_seed


def test_the_same_inputs_give_the_same_seed_and_labels_keep_seats_apart() -> None:
    assert player_seed(7, "match", 0, 1) == player_seed(7, "match", 0, 1)
    seeds = {player_seed(7, "match", n, s) for n in range(3) for s in (0, 1)}
    assert len(seeds) == 6
    assert player_seed(7, "simulate", 0) != player_seed(7, "puzzle", 0)


def test_no_simple_relation_links_a_seat_to_the_duel_or_to_the_other_seat() -> None:
    # the old derivations were `duel * 2 + seat` (simulate) and `match + 101 * n + seat`
    # (the client): from one seat's seed both the duel seed and the other seat's followed
    differences = set()
    for game in range(200):
        ds = duel_seed(2024, game)
        a, b = sim_player_seed(ds, 0), sim_player_seed(ds, 1)
        assert a // 2 != ds and a - ds not in (0, 1) and (a - 1) // 2 != ds
        assert b - a not in (1, -1, 101)
        differences.add(b - a)
    assert len(differences) == 200  # the two seats' seeds are unrelated from duel to duel


def test_a_one_bit_change_of_the_parent_changes_about_half_the_bits() -> None:
    flips = [bin(player_seed(s, 0) ^ player_seed(s ^ 1, 0)).count("1") for s in range(0, 400, 2)]
    assert 24 <= sum(flips) / len(flips) <= 40  # 32 of 64 expected from a good hash
    assert max(player_seed(s, 0) for s in range(100)) >= 2 ** 60  # the whole 64-bit range
