"""Duel Info: setup, rounds, the shared Draw Phase, phases, hand limit, round limit."""

from __future__ import annotations

import pytest

from game.engine import Choose, DeckSpec, Duel, EndTurn, NextPhase, Phase, Rejected, Rules
from game.engine import events as ev
from tests.kit import base_pool, of_type, play, position, rules, shipped_rules

DECK = DeckSpec(tuple(["stone_sentry", "lantern_moth", "iron_hound"] * 10))


def new_duel(seed: int = 1, first: int | None = None, **changes) -> Duel:
    r = rules() if not changes else Rules.from_dict({**rules().to_dict(), **changes})
    return Duel(base_pool(), r, [DECK, DECK], seed, first_player=first)


def end_turn(duel: Duel) -> list:
    """The turn player goes straight to End (answering no discard choice)."""
    return play(duel, EndTurn(duel.turn_player))


def test_setup_starting_lp_sp_and_opening_hand_come_from_the_rules():
    duel = new_duel()
    for ps in duel.players:
        assert ps.lp == 10000
        assert ps.sp == 3
        assert len(ps.hand) == 5
        assert len(ps.deck) == 25
    changed = new_duel(starting_lp=4000, starting_sp=1, opening_hand=4)
    assert [ps.lp for ps in changed.players] == [4000, 4000]
    assert [ps.sp for ps in changed.players] == [1, 1]
    assert [len(ps.hand) for ps in changed.players] == [4, 4]


def test_the_shipped_rules_file_sets_up_the_duel():
    shipped = shipped_rules()
    duel = Duel(base_pool(), shipped, [DECK, DECK], 1)
    for ps in duel.players:
        assert ps.lp == shipped.starting_lp
        assert ps.sp == shipped.starting_sp
        assert len(ps.hand) == shipped.opening_hand
        assert len(ps.deck) == 30 - shipped.opening_hand


def test_sp_cap_stops_the_draw_phase_gain():
    duel = new_duel(first=0, starting_sp=5, sp_per_draw_phase=2, sp_cap=6)
    events = end_turn(duel)
    assert [ps.sp for ps in duel.players] == [6, 6]
    assert {(e.player, e.before, e.after) for e in of_type(events, ev.SpChanged)} == {
        (0, 5, 6), (1, 5, 6)}
    end_turn(duel)
    end_turn(duel)
    assert [ps.sp for ps in duel.players] == [6, 6]


def test_zones_three_phantom_three_back_two_side_balance_one_environment_slot():
    duel = new_duel()
    for ps in duel.players:
        assert {z.value: len(s) for z, s in ps.slots.items()} == {
            "phantom": 3, "back": 3, "side": 2, "env": 1}
        assert ps.grave == [] and ps.extra == []


def test_coin_toss_picks_the_first_player_from_the_seed():
    firsts = {new_duel(seed=s).first_player for s in range(20)}
    assert firsts == {0, 1}
    duel = new_duel(seed=7)
    toss = of_type(duel.start_events, ev.CoinTossed)
    assert toss and toss[0].winner == duel.first_player
    assert duel.turn_player == duel.first_player
    assert new_duel(seed=7).first_player == duel.first_player


def test_first_player_can_be_given_by_a_match():
    duel = new_duel(seed=3, first=1)
    assert duel.first_player == 1 and duel.turn_player == 1
    assert not of_type(duel.start_events, ev.CoinTossed)


def test_first_turn_starts_in_main_phase_after_an_empty_standby():
    duel = new_duel()
    phases = [e.phase for e in of_type(duel.start_events, ev.PhaseChanged)]
    assert phases == ["standby", "main1"]
    assert duel.phase is Phase.MAIN1
    assert len(duel.players[duel.first_player].hand) == 5  # no draw in a turn


def test_round_is_player1_turn_then_shared_draw_phase_then_player2_turn():
    duel = new_duel(first=0)
    events = end_turn(duel)
    kinds = [(type(e).__name__, getattr(e, "phase", None)) for e in events
             if isinstance(e, (ev.PhaseChanged, ev.TurnStarted, ev.RoundStarted))]
    assert kinds == [("PhaseChanged", "end"), ("PhaseChanged", "draw"),
                     ("TurnStarted", None), ("PhaseChanged", "standby"), ("PhaseChanged", "main1")]
    assert duel.turn_player == 1 and duel.round == 1 and duel.turn == 2
    events = end_turn(duel)
    assert of_type(events, ev.RoundStarted)[0].round == 2
    assert not [e for e in events if isinstance(e, ev.PhaseChanged) and e.phase == "draw"]
    assert duel.turn_player == 0 and duel.round == 2 and duel.turn == 3


def test_draw_phase_both_players_draw_one_card_and_gain_sp():
    duel = new_duel(first=0)
    events = end_turn(duel)
    draws = [e for e in of_type(events, ev.CardMoved) if e.reason == "draw"]
    assert sorted(e.owner for e in draws) == [0, 1]
    assert [len(ps.hand) for ps in duel.players] == [6, 6]
    assert [ps.sp for ps in duel.players] == [6, 6]
    assert {(e.player, e.before, e.after) for e in of_type(events, ev.SpChanged)} == {
        (0, 3, 6), (1, 3, 6)}


def test_sp_is_a_bank_unspent_sp_carries_over_rounds():
    duel = new_duel(first=0)
    for _ in range(4):
        end_turn(duel)
        while duel.choice is not None:  # hand over 6: discard
            play(duel, Choose(duel.choice.player, duel.choice.options[0]))
    assert [ps.sp for ps in duel.players] == [9, 9]


def test_drawing_from_an_empty_deck_in_the_draw_phase_loses():
    duel = position({"players": [{"deck": []}, {"deck": ["stone_sentry"]}]})
    events = play(duel, EndTurn(0))
    assert duel.winner == 1
    assert of_type(events, ev.DuelEnded)[0].winner == 1
    assert duel.legal_actions() == ()


def test_both_players_with_empty_decks_in_the_draw_phase_is_a_draw():
    duel = position({"players": [{"deck": []}, {"deck": []}]})
    play(duel, EndTurn(0))
    assert duel.winner == -1


def test_empty_deck_only_matters_in_the_draw_phase():
    duel = position({"turn": 2, "turn_player": 1, "first_player": 0,
                     "players": [{"deck": []}, {"deck": []}]})
    play(duel, EndTurn(1))  # Player 2's turn ends: a new round, no Draw Phase yet
    assert duel.winner is None and duel.round == 2


def test_turn_phases_go_standby_main1_battle_main2_end():
    duel = new_duel(first=0)
    seen = []
    for _ in range(3):
        seen += [e.phase for e in of_type(play(duel, NextPhase(0)), ev.PhaseChanged)]
    assert seen[:3] == ["battle", "main2", "end"]


def test_end_turn_skips_straight_to_end_from_main1_or_battle_only():
    duel = new_duel(first=0)
    assert EndTurn(0) in duel.legal_actions()
    play(duel, NextPhase(0), NextPhase(0))
    assert duel.phase is Phase.MAIN2
    assert EndTurn(0) not in duel.legal_actions()
    with pytest.raises(Rejected):
        duel.apply(EndTurn(0))


def test_hand_over_limit_discards_down_to_six_at_end_owners_choice():
    hand = ["stone_sentry"] * 8
    duel = position({"players": [{"hand": hand, "deck": ["iron_hound"] * 3},
                                 {"deck": ["iron_hound"] * 3}]})
    events = play(duel, EndTurn(0))
    asks = of_type(events, ev.ChoiceRequested)
    assert asks and asks[0].kind == "discard_end" and asks[0].player == 0
    assert duel.phase is Phase.END
    legal = duel.legal_actions()
    assert all(isinstance(c, Choose) and c.player == 0 for c in legal)
    assert {c.option for c in legal} == set(duel.players[0].hand)
    first, second = legal[3].option, legal[5].option
    play(duel, Choose(0, first))
    play(duel, Choose(0, second))
    assert duel.players[0].grave == [first, second]
    assert duel.turn_player == 1
    assert len(duel.players[0].hand) == 7  # 6, then the Draw Phase card


def test_hand_at_limit_keeps_all_cards():
    duel = position({"players": [{"hand": ["stone_sentry"] * 6, "deck": ["iron_hound"]},
                                 {"deck": ["iron_hound"]}]})
    play(duel, EndTurn(0))
    assert duel.choice is None and duel.players[0].grave == []


def test_reaching_the_round_limit_is_a_draw():
    duel = position({"round": 4, "turn": 8, "turn_player": 1,
                     "players": [{"deck": ["iron_hound"] * 3}, {"deck": ["iron_hound"] * 3}]},
                    round_limit=5)
    events = play(duel, EndTurn(1))
    assert duel.winner == -1
    assert "round limit" in of_type(events, ev.DuelEnded)[0].reason


def test_no_command_is_legal_after_the_duel_ends():
    duel = position({"players": [{"deck": []}, {"deck": ["stone_sentry"]}]})
    play(duel, EndTurn(0))
    with pytest.raises(Rejected, match="over"):
        duel.apply(NextPhase(1))
