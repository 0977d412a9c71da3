"""Ready-made duel screens for snapshots, the benchmark and the README.

`busy_duel()` is the benchmark's busy board: every slot filled, six cards in hand, three open
Lines (a Summon, a Counter breaking it, a Speed 3 Counter breaking again), a long log.
`scenario_scene(path)` opens a scenario file's start position; `played_match()` plays a first
duel of a best-of-3 with random players so the result and side-decking screens have a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from game.ai.random_player import RandomPlayer
from game.engine import Activate, CardDef, Duel, Summon, Zone
from game.engine.position import build_position
from game.files.resources import starter_deck
from game.play.duel_setup import DuelSetup

from .flow import MatchFlow, end_text, rules
from .scene import DuelScene
from .seats import Responses
from .session import DuelSession

BUSY = {
    "turn_player": 0, "phase": "main1", "round": 6, "turn": 11,
    "players": [
        {"lp": 6400, "sp": 9,
         "hand": ["iron_hound", "flare_bolt", "kindle", "stone_sentry", "war_drums", "backdraft"],
         "deck": ["cinder_pup"] * 12, "extra": ["blazing_chimera", "ashen_overlord"],
         "grave": ["ember_imp", "spark_runner", "ash_hurler", "cinder_pup", "flare_bolt"],
         "phantom": [{"card": "magma_brute", "health": 350}, None,
                     {"card": "pyre_hound", "position": "defense"}],
         "side": ["blaze_lancer", {"card": "sudden_collapse"}],
         "back": ["final_word", "backdraft", {"card": "war_drums", "face": "up"}],
         "env": "volcanic_rift"},
        {"lp": 3150, "sp": 4,
         "hand": ["stone_sentry", "mending_light", "parry", "iron_hound", "denial", "silence"],
         "deck": ["stone_sentry"] * 10, "extra": ["mirrorwall_golem"],
         "grave": ["stone_skin", "truce_decree", "iron_resolve"],
         "phantom": [{"card": "stone_sentry", "position": "defense", "face": "down"},
                     {"card": "iron_hound", "health": 300}, "stone_sentry"],
         "side": [{"card": "stone_sentry", "position": "defense"}, "parry"],
         "back": ["denial", "iron_resolve", "parry"], "env": "sacred_grove"},
    ],
}


def busy_duel(pool: Mapping[str, CardDef]) -> Duel:
    """The busy board with three open Lines (player 2 to answer)."""
    duel = build_position(pool, rules(), BUSY, seed=7, auto_pass=False)
    p1_hand = duel.players[0].hand
    hound = next(u for u in p1_hand if duel.cards[u].cid == "iron_hound")
    duel.apply(Summon(0, hound, "phantom", 1, True, True))
    denial = duel.players[1].slots[Zone.BACK][0]
    denial_cmd = next(c for c in duel.legal_actions() if isinstance(c, Activate) and c.card == denial)
    duel.apply(denial_cmd)
    final = duel.players[0].slots[Zone.BACK][0]
    final_cmd = next(c for c in duel.legal_actions() if isinstance(c, Activate) and c.card == final)
    duel.apply(final_cmd)
    return duel


def busy_scene(pool: Mapping[str, CardDef], seat: int = 1, speed: str = "normal", long_log: bool = False) -> DuelScene:
    duel = busy_duel(pool)
    session = DuelSession(duel, (True, True), ("Player 1", "Player 2"),
                          responses=(Responses.ALWAYS, Responses.ALWAYS))
    scene = DuelScene(session, pool, speed)
    scene.curtain = None
    if scene.shown != seat:
        scene.load_seat(seat)
    if long_log:
        _fill_log(scene)
    return scene


def _fill_log(scene: DuelScene) -> None:
    """A long log, as after a long duel (the panel draws only what fits)."""
    from game.play.describe import LogEntry

    entries = list(scene.log.entries)
    scene.log.clear()
    for i in range(400):
        scene.log.add(LogEntry(f"Earlier: Player {1 + i % 2} plays a card ({i}).", i % 2))
    for e in entries:
        scene.log.add(e)


def scenario_scene(path: str | Path, seat: int | None = None, speed: str = "normal") -> DuelScene:
    """The scenario file's start position on the duel screen (with the file's own card pool)."""
    from game.play.scenario import load_scenario

    sc = load_scenario(Path(path))
    duel = sc.build()
    session = DuelSession(duel, (True, True), ("Player 1", "Player 2"))
    scene = DuelScene(session, sc.pool, speed, title=sc.name)
    scene.curtain = None
    if seat is not None and seat != scene.shown:
        scene.load_seat(seat)
    from game.play.describe import LogEntry

    scene.log.add(LogEntry(f"Start position: {sc.name}.", -1))
    return scene


def played_match(pool: Mapping[str, CardDef], seed: int = 3, versus_ai: bool = False) -> MatchFlow:
    """A best-of-3 hotseat match after its first duel, played by random players (with
    `versus_ai`: a single duel against the computer, over)."""
    from game.decks.deck import load_deck

    paths = (starter_deck("ember_rush"), starter_deck("veil_control"))
    decks = (load_deck(paths[0]), load_deck(paths[1]))
    setup = DuelSetup("versus_ai", paths, decks, best_of=1, ai_level="easy") if versus_ai \
        else DuelSetup("hotseat", paths, decks, best_of=3)
    flow = MatchFlow(setup, pool, seed=seed, threaded=False)
    duel = flow.match.start_duel(auto_pass=False)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    while not duel.over:
        seat = duel.deciding_player
        assert seat is not None, "a duel that is not over waits on a player"
        duel.apply(players[seat].choose(duel.view(seat)))
    flow.last_reason = end_text(duel, flow.names)
    flow.match.finish_duel()
    return flow
