"""Concede (RULES.md D12): either player, any moment before the end, never a listed action."""

from __future__ import annotations

import json
import random

import pytest

from game.decks.deck import load_deck
from game.engine import Code, Concede, DeckSpec, Duel, EndTurn, Rejected, Summon
from game.engine import events as ev
from game.engine.commands import command_from_dict, command_to_dict
from game.engine.serialize import from_dict, state_hash, to_dict
from game.files.resources import STARTER_DECK_DIR
from game.play.match import Match
from tests.engine.mirror import ViewMirror
from tests.kit import base_pool, play, position, rules

DECK = DeckSpec(tuple(["stone_sentry", "lantern_moth", "iron_hound", "marsh_strider",
                       "dusk_fox", "shield_bearer"] * 5))


def fresh(seed: int = 3, auto_pass: bool = True) -> Duel:
    return Duel(base_pool(), rules(), [DECK, DECK], seed, first_player=0, auto_pass=auto_pass)


def mid_line() -> Duel:
    """Player 1 has summoned: the Summon is a Step on an open Line, player 2 may answer."""
    duel = fresh(auto_pass=False)
    summon = next(c for c in duel.legal_actions() if isinstance(c, Summon))
    duel.apply(summon)
    assert duel.lines and duel.deciding_player == 1
    return duel


@pytest.mark.parametrize("seat", [0, 1])
def test_either_seat_concedes_whoever_decides_and_the_other_wins(seat):
    duel = fresh()
    assert duel.deciding_player == 0  # seat 1 concedes while it is not its decision
    events = duel.apply(Concede(seat))
    assert events[-1] == ev.DuelEnded(1 - seat, "concede")
    assert duel.over and duel.winner == 1 - seat and duel.end_reason == "concede"
    assert duel.legal_actions() == () and duel.deciding_player is None
    assert duel.history[-1] == Concede(seat)


def test_concede_while_a_line_is_open_ends_at_once_and_nothing_resolves():
    duel = mid_line()
    lp = [p.lp for p in duel.players]
    line = [s.sid for s in duel.lines[-1]]
    events = duel.apply(Concede(0))  # player 1, although player 2 holds priority
    assert [type(e) for e in events][-1] is ev.DuelEnded
    assert events == [ev.DuelEnded(1, "concede")]  # no Step resolves, nothing moves
    assert duel.winner == 1 and [p.lp for p in duel.players] == lp
    assert [s.sid for s in duel.lines[-1]] == line  # the Line is left as it was


def test_concede_while_a_choice_waits_closes_the_choice():
    duel = position({"players": [{"hand": ["stone_sentry"] * 7, "deck": ["stone_sentry"]},
                                 {"deck": ["stone_sentry"]}]})
    play(duel, EndTurn(0))
    assert duel.choice is not None and duel.choice.player == 0
    events = duel.apply(Concede(1))
    assert events[-1] == ev.DuelEnded(0, "concede")
    assert duel.choice is None and duel.pending_choice() is None


def test_concede_is_allowed_but_never_listed():
    duel = fresh()
    rng = random.Random(4)
    for _ in range(60):
        if duel.over:
            break
        assert not any(isinstance(c, Concede) for c in duel.legal_actions())
        assert duel.refusal(Concede(0)) is None and duel.refusal(Concede(1)) is None
        duel.apply(rng.choice(duel.legal_actions()))


def test_after_the_end_concede_is_refused_and_says_why():
    duel = fresh()
    duel.apply(Concede(1))
    before, version = state_hash(duel), duel.version
    for seat in (0, 1):
        refusal = duel.refusal(Concede(seat))
        assert refusal is not None and refusal.code is Code.DUEL_OVER
        assert refusal.message == "The duel is over."
        with pytest.raises(Rejected) as info:
            duel.apply(Concede(seat))
        assert info.value.code is Code.DUEL_OVER
    assert state_hash(duel) == before and duel.version == version and duel.winner == 0


def test_a_malformed_concede_is_refused_at_the_door():
    duel = fresh()
    before = state_hash(duel)
    for bad, code in ((Concede(True), Code.MALFORMED), (Concede("0"), Code.MALFORMED),  # type: ignore[arg-type]
                      (Concede(0.0), Code.MALFORMED), (Concede(2), Code.MALFORMED),  # type: ignore[arg-type]
                      (Concede(-1), Code.MALFORMED)):
        refusal = duel.refusal(bad)
        assert refusal is not None and refusal.code is code, bad
        with pytest.raises(Rejected):
            duel.apply(bad)
    assert state_hash(duel) == before and not duel.over


def test_concede_changes_the_hash_and_round_trips_through_plain_data():
    duel = mid_line()
    before = state_hash(duel)
    duel.apply(Concede(1))
    assert state_hash(duel) != before
    data = json.loads(json.dumps(to_dict(duel)))
    assert data["history"][-1] == {"type": "Concede", "player": 1}
    copy = from_dict(data, duel.pool)
    assert state_hash(copy) == state_hash(duel)
    assert copy.over and copy.winner == 0 and copy.end_reason == "concede"
    assert copy.history == duel.history
    assert command_from_dict(command_to_dict(Concede(0))) == Concede(0)
    # seed + commands replay to the same end
    replay = Duel(base_pool(), rules(), [DECK, DECK], 3, first_player=0, auto_pass=False)
    for cmd in duel.history:
        replay.apply(cmd)
    assert state_hash(replay) == state_hash(duel)


def test_a_restored_duel_can_be_conceded():
    duel = mid_line()
    copy = from_dict(json.loads(json.dumps(to_dict(duel))), duel.pool)
    assert copy.apply(Concede(0))[-1] == ev.DuelEnded(1, "concede")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_each_seat_sees_the_concession_through_its_events(seed):
    duel = fresh(seed, auto_pass=False)
    mirrors = [ViewMirror(duel.rules, seat, duel.pool) for seat in (0, 1)]
    for m in mirrors:
        m.feed(duel.start_events)
    rng = random.Random(seed)
    for _ in range(25 + seed * 9):
        if duel.over:
            break
        events = duel.apply(rng.choice(duel.legal_actions()))
        for m in mirrors:
            m.feed(events)
    assert not duel.over
    events = duel.apply(Concede(rng.randrange(2)))
    for m in mirrors:
        m.feed(events)
        assert m.differences(duel) == [], m.seat
        assert m.winner == duel.winner and m.end_reason == "concede"
    for seat in (0, 1):
        view = duel.view(seat)
        assert view.winner == duel.winner and view.legal_actions == ()
        assert view.log[-1] == ev.DuelEnded(duel.winner, "concede")


def test_a_match_counts_a_conceded_duel_as_a_loss_for_the_conceder():

    decks = [load_deck(STARTER_DECK_DIR / f"{n}.yaml") for n in ("ember_rush", "veil_control")]
    match = Match(base_pool(), rules(), decks[0], decks[1], seed=5, first=0)
    duel = match.start_duel()
    duel.apply(Concede(0))
    assert match.finish_duel() == 1 and match.wins == [0, 1]
    assert match.chooser == 0  # the conceder lost: they choose who goes first next
    match.start_duel().apply(Concede(1))
    assert match.finish_duel() == 0 and match.wins == [1, 1] and not match.over
