"""game.play.match: best of 3, who goes first, draws, side-decking between duels, saves."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.decks.deck import LISTS, Deck, load_deck, validate_deck
from game.engine import Attack, Choose, EndTurn, NextPhase, Pass, Summon
from game.engine import events as ev
from game.files.resources import STARTER_DECK_DIR
from game.play.match import DRAW, MAX_DUELS, Match, MatchError, play_match
from tests.kit import base_pool, of_type, rules

DECKS = STARTER_DECK_DIR


def deck(name: str) -> Deck:
    return load_deck(DECKS / f"{name}.yaml")


def new_match(seed: int = 1) -> Match:
    return Match(base_pool(), rules(), deck("ember_rush"), deck("bastion_wall"), seed)


class Passive:
    """Never summons or attacks: two of them deck out together, a drawn duel."""

    def choose(self, view):
        acts = view.legal_actions
        for kind in (EndTurn, NextPhase, Pass):
            for act in acts:
                if isinstance(act, kind):
                    return act
        return acts[0]


class Rusher(Passive):
    """Summons whatever it can face up in Attack Position and attacks with everything."""

    def choose(self, view):
        acts = view.legal_actions
        attacks = [a for a in acts if isinstance(a, Attack)]
        if attacks:
            return attacks[0]
        summons = [a for a in acts if isinstance(a, Summon) and a.attack and a.face_up]
        if summons:
            return summons[0]
        if any(isinstance(a, Choose) for a in acts):
            return acts[0]
        phase = view.phase.value
        if phase in ("main1", "battle"):
            nxt = [a for a in acts if isinstance(a, NextPhase)]
            if nxt:
                return nxt[0]
        return super().choose(view)


def finish(match: Match, result: int) -> None:
    """Play the next duel to the wanted result (0, 1 or DRAW)."""
    duel = match.start_duel()
    players = [Passive(), Passive()]
    if result != DRAW:
        players[result] = Rusher()
    while not duel.over:
        duel.apply(players[duel.deciding_player].choose(duel.view(duel.deciding_player)))
    assert duel.winner == result, duel.end_reason
    match.finish_duel()


# --------------------------------------------------------------------------- best of 3


@pytest.mark.parametrize("results, winner, played", [
    ([0, 0], 0, 2),
    ([1, 1], 1, 2),
    ([0, 1, 0], 0, 3),
    ([1, 0, 1], 1, 3),
    ([0, 1, DRAW], DRAW, 3),  # 1-1-1 is a draw
    ([0, DRAW, DRAW], 0, 3),  # one win and draws wins
    ([DRAW, 1, DRAW], 1, 3),
    ([DRAW, DRAW, DRAW], DRAW, 3),
    ([DRAW, 0, 0], 0, 3),
])
def test_best_of_three(results, winner, played):
    match = new_match()
    for i, result in enumerate(results):
        assert not match.over and match.winner is None
        finish(match, result)
        assert match.results == results[: i + 1]
    assert match.over and match.winner == winner
    assert len(match.results) == played <= MAX_DUELS
    with pytest.raises(MatchError, match="over"):
        match.start_duel()


def test_a_duel_must_end_before_it_is_recorded_or_another_starts():
    match = new_match()
    with pytest.raises(MatchError, match="No duel"):
        match.finish_duel()
    match.start_duel()
    with pytest.raises(MatchError, match="not over"):
        match.finish_duel()
    with pytest.raises(MatchError, match="in progress"):
        match.start_duel()


# --------------------------------------------------------------------------- first player


def test_first_duel_is_a_coin_toss_from_the_match_seed():
    firsts = set()
    for seed in range(12):
        a, b = new_match(seed), new_match(seed)
        assert a.start_duel().first_player == b.start_duel().first_player
        firsts.add(a.firsts[0])
        assert not of_type(a.duel.start_events, ev.CoinTossed)  # the match tossed, not the duel
    assert firsts == {0, 1}


def test_the_loser_chooses_and_by_default_goes_first():
    match = new_match(3)
    finish(match, 0)
    assert match.chooser == 1
    assert match.next_first_player() == 1  # default: the loser goes first
    with pytest.raises(MatchError, match="Player 2 lost"):
        match.choose_first(0, True)
    match.choose_first(1, False)
    assert match.start_duel().first_player == 0
    with pytest.raises(MatchError, match="between duels"):
        match.choose_first(1, True)


def test_the_loser_may_choose_to_go_first():
    match = new_match(4)
    finish(match, 1)
    match.choose_first(0, True)
    assert match.start_duel().first_player == 0 and match.firsts[1] == 0


def test_nobody_chooses_before_the_first_duel_or_after_a_draw():
    match = new_match(5)
    with pytest.raises(MatchError, match="coin toss"):
        match.choose_first(0, True)
    finish(match, DRAW)
    assert match.chooser is None
    with pytest.raises(MatchError, match="drawn duel"):
        match.choose_first(1, True)
    expected = match.next_first_player()
    assert new_match(5).next_first_player() in (0, 1)
    assert match.start_duel().first_player == expected


def test_after_a_draw_the_coin_toss_depends_on_the_seed_only():
    seen = set()
    for seed in range(10):
        match = new_match(seed)
        finish(match, DRAW)
        other = new_match(seed)
        finish(other, DRAW)
        assert match.next_first_player() == other.next_first_player()
        seen.add(match.next_first_player())
    assert seen == {0, 1}


def test_duel_seeds_derive_from_the_match_seed():
    a, b = new_match(42), new_match(42)
    assert [a.duel_seed(i) for i in range(3)] == [b.duel_seed(i) for i in range(3)]
    assert len({a.duel_seed(i) for i in range(3)}) == 3
    assert a.duel_seed(0) != new_match(43).duel_seed(0)
    assert a.start_duel().seed == a.duel_seed(0)


# --------------------------------------------------------------------------- side decking


def moved(d: Deck, card: str, src: str, dst: str) -> Deck:
    lists = {name: list(getattr(d, name)) for name in LISTS}
    lists[src].remove(card)
    lists[dst].append(card)
    return Deck(d.name, *(tuple(lists[n]) for n in LISTS))


def test_side_decking_accepts_a_legal_rearrangement_of_the_same_cards():
    match = new_match()
    finish(match, 0)
    before = match.decks[0]
    new = moved(moved(before, "kiln_tyrant", "main", "side"), "scorch_trap", "side", "main")
    assert match.side_deck(0, new) == []
    assert match.decks[0] == new
    duel = match.start_duel()
    mine = [c.cid for c in duel.cards if c.owner == 0 and c.zone.value != "extra"]
    assert sorted(mine) == sorted(new.main)  # the next duel uses the new Main Deck


@pytest.mark.parametrize("change, needle", [
    (lambda d: Deck(d.name, (*d.main, "stone_sentry"), d.side, d.extra),
     "Stone Sentry (stone_sentry): not one of your cards"),
    (lambda d: Deck(d.name, d.main[1:], d.side, d.extra), "no card may leave"),
    (lambda d: Deck(d.name, (*d.main, "flare_bolt"), d.side, d.extra), "no card may enter"),
    (lambda d: moved(d, "blazing_chimera", "extra", "main"), "cannot be in the Main Deck"),
    (lambda d: moved(d, "flare_bolt", "main", "extra"), "only Extra Deck Phantoms"),
])
def test_side_decking_refuses_and_changes_nothing(change, needle):
    match = new_match()
    finish(match, 1)
    saved = match.to_dict()
    problems = match.side_deck(0, change(match.decks[0]))
    assert any(needle in p for p in problems), problems
    assert match.to_dict() == saved


def test_side_decking_reports_every_problem_at_once():
    match = new_match()
    finish(match, 1)
    d = match.decks[0]
    thin = Deck(d.name, d.main[:29], (*d.side, *d.main[29:]), d.extra)
    bad = Deck(thin.name, (*thin.main, "stone_sentry"), thin.side, thin.extra)
    problems = match.side_deck(0, bad)
    assert any("stone_sentry" in p for p in problems)
    assert not any("Main Deck has" in p for p in problems)  # 30 after the extra card
    thin_problems = match.side_deck(0, thin)
    assert any("Main Deck has 29 cards" in p for p in thin_problems)
    side_full = Deck(d.name, d.main[:30], (*d.side, *d.main[30:]), d.extra)
    assert len(side_full.side) == 18 and match.side_deck(0, side_full) == []


def test_side_decking_only_between_duels():
    match = new_match()
    same = match.decks[0]
    assert "after the first duel" in match.side_deck(0, same)[0]
    duel = match.start_duel()
    assert "in progress" in match.side_deck(0, same)[0]
    assert "in progress" in match.move_card(0, "kindle", "main", "side")[0]
    players = [Rusher(), Passive()]
    while not duel.over:
        duel.apply(players[duel.deciding_player].choose(duel.view(duel.deciding_player)))
    match.finish_duel()
    finish(match, 0)
    assert match.over
    assert "over" in match.side_deck(0, same)[0]


def test_move_card_goes_through_the_same_check():
    match = new_match()
    finish(match, 0)
    assert match.move_card(1, "parry", "main", "side") == []
    assert match.decks[1].side.count("parry") == 1 and match.decks[1].main.count("parry") == 1
    assert match.move_card(1, "parry", "side", "main") == []
    assert match.move_card(1, "kindle", "main", "side") == [
        "Kindle (kindle): not in the Main Deck."]
    assert "Parry (parry): not in the Extra Deck." in match.move_card(1, "parry", "extra", "main")
    assert "'graveyard' is not a Deck list" in match.move_card(1, "parry", "graveyard", "main")[0]
    problems = match.move_card(1, "parry", "main", "extra")
    assert problems == ["Parry (parry): only Extra Deck Phantoms go in the Extra Deck"]
    assert match.decks[1].extra.count("parry") == 0
    assert match.move_card(2, "parry", "main", "side")


def test_an_illegal_deck_cannot_enter_a_match():
    d = deck("ember_rush")
    with pytest.raises(MatchError, match="Main Deck has 10 cards"):
        Match(base_pool(), rules(), Deck("thin", d.main[:10]), d, 1)


# --------------------------------------------------------------------------- saves and play


def test_to_dict_is_plain_data_and_round_trips():
    match = new_match(9)
    finish(match, 0)
    match.move_card(0, "kiln_tyrant", "main", "side")
    match.choose_first(1, False)
    data = match.to_dict()
    assert json.loads(json.dumps(data)) == data
    back = Match.from_dict(data, base_pool(), rules())
    assert back.to_dict() == data
    assert back.next_first_player() == 0
    for name in LISTS:
        assert Counter(getattr(back.decks[0], name)) == Counter(getattr(match.decks[0], name))
    with pytest.raises(MatchError):
        Match.from_dict({"seed": 1}, base_pool(), rules())


def test_play_match_plays_to_the_end_and_the_loser_goes_first():
    match = play_match(base_pool(), rules(), deck("ember_rush"), deck("bastion_wall"), 11,
                       [Rusher(), Passive()])
    assert match.results == [0, 0] and match.winner == 0
    assert match.firsts[1] == 1  # the loser of duel 1 went first in duel 2
    again = play_match(base_pool(), rules(), deck("ember_rush"), deck("bastion_wall"), 11,
                       [Rusher(), Passive()])
    assert again.to_dict() == match.to_dict()


def test_play_match_with_draws_runs_all_three_duels():
    match = play_match(base_pool(), rules(), deck("bastion_wall"), deck("ember_rush"), 2,
                       [Passive(), Passive()])
    assert match.results == [DRAW, DRAW, DRAW] and match.winner == DRAW


# --------------------------------------------------------------------------- property


@cache
def sided_start() -> dict:
    """A match between duels 1 and 2, as plain data (built once)."""
    match = new_match(77)
    finish(match, 0)
    return match.to_dict()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 60), st.sampled_from(LISTS),
                          st.sampled_from(LISTS)), max_size=25))
def test_random_side_deck_moves_keep_decks_legal_with_the_same_cards_or_are_refused(moves):
    match = Match.from_dict(sided_start(), base_pool(), rules())
    totals = [Counter(d.all_cards()) for d in match.decks]
    for player, pick, src, dst in moves:
        before = match.to_dict()
        source = getattr(match.decks[player], src)
        card = source[pick % len(source)] if source else "stone_sentry"
        problems = match.move_card(player, card, src, dst)
        if problems:
            assert match.to_dict() == before
        for p, d in enumerate(match.decks):
            assert validate_deck(d, base_pool()) == []
            assert d.all_cards() == totals[p]
