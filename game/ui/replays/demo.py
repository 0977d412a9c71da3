"""Replays made on the spot for snapshots and the README: random players on the starter decks,
kept in memory (nothing is written), plus one broken file's row to show how it is listed."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta, timezone
from pathlib import Path

from game.ai.random_player import RandomPlayer
from game.decks.deck import load_deck
from game.engine import CardDef, Duel
from game.files.resources import starter_deck
from game.play.replay import Replay, ReplayEntry, ReplayPlayer, record
from game.ui.duel.flow import rules

PAIRS = (("ember_rush", "veil_control", "hotseat", None),
         ("veil_control", "ember_rush", "versus_ai", "normal"),
         ("ember_rush", "ember_rush", "versus_ai", "hard"))


def demo_replay(pool: Mapping[str, CardDef], seed: int = 11,
                names: tuple[str, str] = ("ember_rush", "veil_control"), mode: str = "hotseat",
                level: str | None = None, date: datetime | None = None) -> Replay:
    decks = [load_deck(starter_deck(n)) for n in names]
    duel = Duel(pool, rules(), [d.spec() for d in decks], seed, first_player=seed % 2, auto_pass=False)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    while not duel.over and len(duel.history) < 3000:
        seat = duel.deciding_player
        assert seat is not None
        duel.apply(players[seat].choose(duel.view(seat)))
    who = ("Player 1", "Player 2") if level is None else ("Player 1", f"AI ({level.capitalize()})")
    return record(duel, [d.spec() for d in decks],
                  [ReplayPlayer(who[0], None, decks[0].name), ReplayPlayer(who[1], level, decks[1].name)],
                  mode, date=date or datetime(2026, 11, 30, 17, 51, tzinfo=timezone.utc))


def demo_entries(pool: Mapping[str, CardDef]) -> list[ReplayEntry]:
    start = datetime(2026, 11, 30, 18, 40, tzinfo=timezone.utc)
    out = []
    for i, (a, b, mode, level) in enumerate(PAIRS):
        rp = demo_replay(pool, 11 + i, (a, b), mode, level, start - timedelta(minutes=23 * i))
        out.append(ReplayEntry(Path(f"demo-{i}.yaml"), rp))
    out.append(ReplayEntry(Path("2026-11-28_210512_my-swarm_vs_veil-control.yaml"), None,
                           "commands[41] (command 42): Summon: index must be a whole number "
                           "(at most 1,000,000,000), got 'two'"))
    return out
