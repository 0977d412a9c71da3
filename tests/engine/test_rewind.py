"""Duel.checkpoint() / rewind(): back to an earlier position of the same duel (a player's undo)."""

from __future__ import annotations

import random

import pytest

from game.engine.serialize import state_hash, to_dict
from tests.engine.test_clone import _random_duel


def test_rewind_gives_back_the_position_its_record_and_its_future():
    for seed in range(8):
        duel, rng = _random_duel(seed, 30 + seed * 13)
        if duel.over:
            continue
        mark = duel.checkpoint()
        before, logs = to_dict(duel), (duel.log_for(0), duel.log_for(1))
        legal = duel.legal_actions()
        sent = []
        for _ in range(25):  # a future that is then taken back
            if duel.over:
                break
            cmd = rng.choice(duel.legal_actions())
            duel.apply(cmd)
            sent.append(cmd)
        duel.rewind(mark)
        assert to_dict(duel) == before  # history included: the undone commands are gone
        assert (duel.log_for(0), duel.log_for(1)) == logs
        assert duel.legal_actions() == legal
        # the same commands lead where they led before, event for event
        again = duel.clone()
        replay = random.Random(seed)
        for _ in range(40):
            if again.over:
                break
            cmd = replay.choice(again.legal_actions())
            assert [repr(e) for e in again.apply(cmd)] == [repr(e) for e in duel.apply(cmd)]
            assert state_hash(again) == state_hash(duel)


def test_a_checkpoint_serves_twice_and_refuses_another_duels_past():
    duel, rng = _random_duel(5, 40)
    mark = duel.checkpoint()
    h = state_hash(duel)
    for _ in range(2):
        for _ in range(10):
            if not duel.over:
                duel.apply(rng.choice(duel.legal_actions()))
        duel.rewind(mark)
        assert state_hash(duel) == h
    short, _ = _random_duel(6, 0)
    with pytest.raises(ValueError):
        short.rewind(mark)
