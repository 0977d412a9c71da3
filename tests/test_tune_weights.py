"""scripts/tune_weights.py: the positions it gathers and the fit it makes (docs/ai.md
"Seventh look"). The weights it found are judged by duels (a script), never here."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))

import tune_weights  # noqa: E402

from game.ai.evaluate import DEFAULT  # noqa: E402


def test_every_turn_start_is_kept_for_both_seats_with_how_the_duel_ended() -> None:
    data = tune_weights.collect(2, ("normal", "normal"), 7, only=[1])  # Ember against Hive
    assert len(data) >= 2 * 2 * 4
    by_position: dict[int, list[float]] = {}
    for duel, _seat, y, gid in data:
        assert gid in (1 * 2 + 0, 1 * 2 + 1)  # pairing 1, games 0 and 1
        assert y in (0.0, 0.5, 1.0)
        by_position.setdefault(id(duel), []).append(y)
        assert {tune_weights.deck_index(duel, s) for s in (0, 1)} == {0, 1}  # Ember, Hive
    # each position is labelled for both seats, and one seat's win is the other's loss
    assert all(len(ys) == 2 and sum(ys) == 1.0 for ys in by_position.values())
    # a duel's positions come in turn order, its first at turn 1
    first = data[0][0]
    assert first.state.turn == 1 and not first.over


def test_the_fit_never_raises_the_training_loss_and_names_what_it_changed() -> None:
    data = tune_weights.collect(5, ("normal", "normal"), 11, only=[0, 5])
    base = replace(DEFAULT, hand=2000.0)  # a poor start: a hand card worth 2,000 LP
    rows = [(d, s, y, g, tune_weights.deck_index(d, s), tune_weights.deck_index(d, 1 - s))
            for d, s, y, g in data]
    train = [r for r in rows if r[3] % 5]
    before = tune_weights.loss(train, base, 2000.0, [0.0] * 4)
    w, k, strength = tune_weights.fit(data, base, passes=1, decks_too=True)
    after = tune_weights.loss(train, w, k, strength)
    assert after < before
    assert w.lp == 1.0 and w.goal is None  # the unit and the goal are never tuned
    assert w.latent_clock == base.latent_clock  # reasoned, not fitted (tune_weights.FIXED)
