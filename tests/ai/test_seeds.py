"""Player seeds are one way: a seat's own seed gives away neither the duel's nor the other's."""

from __future__ import annotations

from game.ai.seeds import player_seed
from game.designer.sim import duel_seed
from game.designer.sim import player_seed as sim_player_seed


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


def test_the_attack_of_issue_21_no_longer_rebuilds_the_opponents_hand() -> None:
    """Issue 21: from its own player seed, a seat guessed the duel seed by the old derivations
    (simulate: `duel * 2 + seat`; the client: `match + 101 * n + seat`) and rebuilt the
    opponent's hand and deck order in 20 of 20 duels. The same attack on today's seeds finds
    nothing; on the old ones it still works (so the test can tell)."""
    from game.engine import Duel
    from tests.ai.kit import starter
    from tests.kit import base_pool
    from tests.kit import shipped_rules as rules

    decks = [starter("ember_rush").spec(), starter("veil_control").spec()]

    def opponents_cards(seed: int) -> tuple:
        st = Duel(base_pool(), rules(), decks, seed).state
        return tuple(st.cards[u].cid for u in (*st.players[1].hand, *st.players[1].deck))

    def guesses(own: int) -> set[int]:
        return {own // 2, (own - 1) // 2, *(own - 101 * n - s for n in range(3) for s in (0, 1))}

    rebuilt = {"old": 0, "now": 0}
    for game in range(20):
        ds = duel_seed(2024, game)
        real = opponents_cards(ds)
        for name, own in (("old", ds * 2), ("now", sim_player_seed(ds, 0))):
            rebuilt[name] += any(opponents_cards(g) == real for g in guesses(own) if g >= 0)
    assert rebuilt == {"old": 20, "now": 0}
