"""`Duel.events_for(seat, since=)`: the one door by which events leave the engine for a
player, redacted by default; `apply`'s raw return is the omniscient side of the same events."""

from __future__ import annotations

import random

import pytest

from game.engine import HIDDEN, Duel
from game.engine import events as ev
from game.engine.views import redact_event
from tests.engine.test_fuzz import decks
from tests.kit import base_pool, rules


def _told(raw, seat: int) -> tuple:
    """What the seat is told of raw events: each redacted, those it may not learn of left out."""
    return tuple(e for e in (redact_event(x, seat) for x in raw) if e is not None)


def _duel(seed: int = 2) -> Duel:
    found = decks()
    return Duel(base_pool(), rules(), [found[0].spec(), found[-1].spec()], seed)


def test_the_seats_events_are_the_last_commands_redacted() -> None:
    duel = _duel()
    for seat in (0, 1):  # at first: what setup did
        assert duel.events_for(seat) == _told(duel.start_events, seat)
    rng = random.Random(2)
    hidden = 0
    since = [0, 0]  # each seat's log size when it last sent a command
    for _ in range(300):
        if duel.over:
            break
        mark = duel.log_size
        cmd = rng.choice(duel.legal_actions())
        since[cmd.player] = mark
        raw = duel.apply(cmd)
        assert duel.log_size == mark + len(raw)
        for seat in (0, 1):
            mine = duel.events_for(seat)
            assert mine == _told(raw, seat)
            assert duel.events_for(seat, since=mark) == mine
            # a view's events: all since the seat's own last command (RULES.md I14)
            assert duel.view(seat).events == duel.events_for(seat, since=since[seat])
            if seat == cmd.player:
                assert duel.view(seat).events == mine
            hidden += sum(getattr(e, "card_id", None) == HIDDEN for e in mine)
    assert hidden > 0  # the opponent's draws, at least


def test_since_reads_from_a_mark_and_a_clone_starts_its_own_log() -> None:
    duel = _duel()
    rng = random.Random(5)
    start = duel.log_size
    for _ in range(20):
        duel.apply(rng.choice(duel.legal_actions()))
    assert duel.events_for(0, since=0) == duel.log_for(0)
    assert duel.events_for(1, since=start) == duel.log_for(1)[start:]
    copy = duel.clone()
    assert copy.log_size == 0 and copy.events_for(0) == ()
    cmd = copy.legal_actions()[0]
    assert copy.apply(cmd) == duel.apply(cmd)
    assert copy.events_for(1) == duel.events_for(1)


def test_the_start_hides_the_seed_and_the_other_extra_deck() -> None:
    duel = _duel()
    for seat in (0, 1):
        started = next(e for e in duel.events_for(seat) if isinstance(e, ev.DuelStarted))
        assert started.seed == -1
        assert all(cid == HIDDEN for _, cid in started.extras[1 - seat])


@pytest.mark.parametrize("seat", [-1, 2, None])
def test_only_a_seat_has_events(seat) -> None:
    with pytest.raises(ValueError):
        _duel().events_for(seat)
