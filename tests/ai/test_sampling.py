"""Rebuilding a duel from one player's view (game.ai.sampling): what the view shows is
copied exactly, what it hides is sampled, and nothing else goes in."""

from __future__ import annotations

import random

import pytest

from game.ai.sampling import HiddenGuess, Memory, NotRebuildable, rebuild
from game.engine import ChoiceKind, Duel
from game.engine.views import view_to_plain
from game.files.resources import PUZZLE_DIR
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


PUZZLES = sorted(PUZZLE_DIR.glob("*.yaml"))


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_a_position_is_rebuilt_from_its_first_view(path) -> None:
    """A puzzle's duel starts from a position (no DuelStarted): its first view is taken as
    the start, and every later decision a rebuild can serve is served exactly."""
    from game.play.scenario import load_scenario

    sc = load_scenario(path)
    duel = sc.build()
    rng = random.Random(7)
    memories = [Memory(0, sc.pool), Memory(1, sc.pool)]
    served = 0
    for _ in range(150):
        if duel.over:
            break
        seat = duel.deciding_player
        view = duel.view(seat)
        try:
            got = rebuild(view, sc.pool, sc.rules, HiddenGuess(), 3, memories[seat])
        except NotRebuildable:
            assert view.choice is not None and view.choice.kind is not ChoiceKind.DISCARD_END
        else:
            served += 1
            assert got.exact
            assert view_to_plain(got.duel.view(seat)) == view_to_plain(view)
        acts = duel.legal_actions()
        duel.apply(acts[rng.randrange(len(acts))])
    assert served >= 1


def test_a_computer_opponent_in_a_position_plays_from_a_rebuild_not_a_fallback() -> None:
    """Puzzle 10: the opponent (seat 1) has two Phantoms and the puzzle player 1,000 LP and no
    Phantom: every level attacks at once (before positions were rebuilt, each fell back to
    the first legal command: a position change and an Unsummon)."""
    from game.ai import make_player
    from game.engine import Attack, Pass
    from game.play.scenario import load_scenario

    sc = load_scenario(next(p for p in PUZZLES if p.name.startswith("10_")))
    for level in ("easy", "normal", "hard"):
        duel = sc.build()
        ai = make_player(level, 1, pool=sc.pool, rules=sc.rules)
        seen = []
        while not duel.over and duel.turn_player == 1 and len(seen) < 20:
            if duel.deciding_player == 1:
                cmd = ai.choose(duel.view(1))
                seen.append(cmd)
            else:  # the puzzle player never answers
                cmd = next(c for c in duel.legal_actions() if isinstance(c, Pass))
            duel.apply(cmd)
        assert ai.fallbacks == 0, level
        assert any(isinstance(c, Attack) and c.target == -1 for c in seen), (level, seen)
        assert duel.winner == 1, level
