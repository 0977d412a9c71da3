"""battle_ahead's offer reads no hidden card: moving from Main Phase 1 to the Battle Phase
is a plain step in every position (no card answers or triggers on a phase change), so
whether the Main 1 attack is offered depends on public facts only (RULES.md, hidden
information; docs/ui.md "Attacking from Main 1")."""

from __future__ import annotations

import random

from game.cards import load_card_set
from game.decks.deck import load_deck
from game.engine import DeckSpec, Duel, NextPhase
from game.files.resources import starter_deck
from game.rules.file import load_rules
from game.ui.duel import battle_ahead

STARTERS = ("ember_rush", "hive_swarm", "bastion_wall", "veil_control")


def test_moving_to_battle_is_a_plain_step_wherever_main_1_may_move_on() -> None:
    pool, rules = load_card_set(), load_rules()
    starters = [load_deck(starter_deck(n)).spec() for n in STARTERS]
    main = sorted(cid for cid, c in pool.items() if not c.extra)
    extra = sorted(cid for cid, c in pool.items() if c.extra)
    looked = 0
    for k in range(8):
        rng = random.Random(k)
        if k % 2 == 0:
            specs = [starters[k // 2], starters[(k // 2 + 1) % 4]]
        else:  # the whole pool: every card that might answer gets its chance
            specs = [DeckSpec(tuple(rng.choice(main) for _ in range(40)),
                              tuple(rng.sample(extra, min(8, len(extra))))) for _ in range(2)]
        duel = Duel(pool, rules, specs, 100 + k, auto_pass=False)
        for _ in range(1500):
            if duel.over:
                break
            acts = duel.legal_actions()
            if duel.phase.value == "main1" and any(isinstance(c, NextPhase) for c in acts):
                assert battle_ahead._battle(duel, duel.deciding_player) is not None
                looked += 1
            duel.apply(rng.choice(acts))
    assert looked > 200
