"""Rebuilding a duel from one player's view (game.engine.sampling): what the view shows is
copied exactly, what it hides is sampled, and nothing else goes in."""

from __future__ import annotations

import random

import pytest

from game.engine import ChoiceKind, Duel
from game.engine.sampling import HiddenGuess, Memory, NotRebuildable, rebuild
from game.engine.views import view_to_plain
from tests.ai.kit import STARTERS, cards_of, starter, with_hidden_cards_shuffled
from tests.kit import base_pool
from tests.kit import shipped_rules as rules


def _random_duel(a: str, b: str, seed: int) -> Duel:
    return Duel(base_pool(), rules(), [starter(a).spec(), starter(b).spec()], seed)


@pytest.mark.parametrize("a, b, seed", [(STARTERS[i], STARTERS[(i + 1) % 4], 40 + i)
                                        for i in range(4)])
def test_the_rebuilt_duel_shows_the_viewer_exactly_its_view(a, b, seed) -> None:
    """At every decision a rebuild can serve (open states, response windows, the End
    Phase discard), the rebuilt duel's view for the viewer equals the real one and offers
    the same legal actions; other choices say they cannot be rebuilt."""
    duel = _random_duel(a, b, seed)
    rng = random.Random(seed)
    memories = [Memory(0, base_pool()), Memory(1, base_pool())]
    guess = HiddenGuess((cards_of(starter(a)), cards_of(starter(b))))
    served = refused = 0
    while not duel.over:
        seat = duel.deciding_player
        view = duel.view(seat)
        try:
            got = rebuild(view, base_pool(), rules(), guess, seed, memories[seat])
        except NotRebuildable:
            assert view.choice is not None and view.choice.kind is not ChoiceKind.DISCARD_END
            refused += 1
        else:
            served += 1
            assert got.exact
            assert view_to_plain(got.duel.view(seat)) == view_to_plain(view)
            assert set(got.duel.legal_actions()) == set(view.legal_actions)
        acts = duel.legal_actions()
        duel.apply(acts[rng.randrange(len(acts))])
    assert served > 50


def test_a_rebuild_depends_only_on_the_view() -> None:
    """Two duels that differ only in cards hidden from seat 0 rebuild alike for it."""
    duel = _random_duel("veil_control", "hive_swarm", 3)
    rng = random.Random(3)
    checked = 0
    while not duel.over and checked < 12:
        seat = duel.deciding_player
        if seat == 0 and duel.choice is None and len(duel.legal_actions()) > 1:
            other = with_hidden_cards_shuffled(duel, 0, rng)
            assert [c.cid for c in other.cards] != [c.cid for c in duel.cards] or \
                other.players[1].deck != duel.players[1].deck
            views = [d.view(0) for d in (duel, other)]
            assert view_to_plain(views[0]) == view_to_plain(views[1])
            built = [rebuild(v, base_pool(), rules(), HiddenGuess(), 5) for v in views]
            assert [c.cid for c in built[0].duel.cards] == [c.cid for c in built[1].duel.cards]
            assert built[0].guessed == built[1].guessed
            checked += 1
        acts = duel.legal_actions()
        duel.apply(acts[rng.randrange(len(acts))])
    assert checked >= 5


def test_guessed_cards_are_the_hidden_ones_and_follow_the_decklist() -> None:
    duel = _random_duel("ember_rush", "bastion_wall", 9)
    view = duel.view(0)
    deck_b = cards_of(starter("bastion_wall"))
    got = rebuild(view, base_pool(), rules(), HiddenGuess((None, deck_b)), 1)
    shown = {c.uid for side in view.sides for c in (*side.hand, *side.extra, *side.grave)
             if c.card_id is not None}
    assert not (got.guessed & shown)
    for uid in got.guessed:
        card = got.duel.cards[uid]
        if card.owner == 1:
            assert card.cid in deck_b


def test_no_rebuild_without_the_duel_start_in_the_log() -> None:
    from tests.kit import position

    duel = position({"players": [{"hand": ["iron_hound"]}, {}]})
    with pytest.raises(NotRebuildable):
        rebuild(duel.view(0), base_pool(), rules(), HiddenGuess(), 0)
