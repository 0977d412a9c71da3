"""A whole best-of-3 hotseat match through the screens: duels, results, the loser's choice,
side-decking by drag with live legality, the match result."""

from __future__ import annotations

from collections import Counter

import pygame

from game.decks.deck import load_deck
from game.files.resources import STARTER_DECK_DIR
from game.play.duel_setup import DuelSetup
from game.ui.duel.flow import MatchFlow
from game.ui.duel.result import ResultScene
from game.ui.duel.scene import DuelScene
from game.ui.duel.sidedeck import SideDeckScene
from game.ui.scene import Replace, apply_transition
from tests.kit import base_pool
from tests.ui.duel_driver import GestureDriver
from tests.ui.events import click, drag, feed, key


def _setup(mode: str = "hotseat") -> DuelSetup:
    paths = (STARTER_DECK_DIR / "ember_rush.yaml", STARTER_DECK_DIR / "veil_control.yaml")
    return DuelSetup(mode, paths, (load_deck(paths[0]), load_deck(paths[1])), best_of=3, first=0,
                     ai_level="random" if mode == "versus_ai" else None)


def _side_deck(scene: SideDeckScene, window) -> None:
    """Drag a Side card into the Main Deck and a Main card out; try an illegal move first."""
    feed(scene, *click(scene.curtain.button.center)) if scene.curtain else None
    extra, main, side = scene.views["extra"], scene.views["main"], scene.views["side"]
    feed(scene, *drag(extra.screen_rect(0).center, main.screen_rect(0).center))
    assert not scene.done.enabled  # an Extra Deck Phantom in the Main Deck: not legal
    assert any("Extra Deck Phantom" in p for p in scene.problems()[1])
    scene.draw(window)
    cid = next(c for c, _n in main.items if scene.pool[c].extra)
    i = [c for c, _n in main.items].index(cid)
    feed(scene, *drag(main.screen_rect(i).center, extra.screen_rect(0).center))
    assert scene.done.enabled
    feed(scene, *drag(side.screen_rect(0).center, main.screen_rect(0).center))
    feed(scene, *drag(main.screen_rect(0).center, side.screen_rect(0).center))
    assert scene.done.enabled and not scene.problems()[0]
    scene.draw(window)


def test_whole_hotseat_match_with_side_decking(window, home) -> None:
    flow = MatchFlow(_setup(), base_pool(), seed=21, threaded=False, speed="instant")
    before = [Counter(d.main) for d in flow.match.decks]
    stack = [flow.first_scene()]
    results_seen = 0
    for step in range(40):
        top = stack[-1]
        top.update(1 / 60)
        top.draw(window)
        if isinstance(top, DuelScene):
            GestureDriver(top, seed=step).play()
            got = feed(top, key(pygame.K_SPACE))
        elif isinstance(top, ResultScene):
            results_seen += 1
            if flow.over:
                assert [b.label for b in top.buttons] == ["Rematch", "Back to the menu", "Watch replay"]
                again = feed(top, *click(top.buttons[0].rect.center))
                assert isinstance(again[0], Replace) and isinstance(again[0].scene, DuelScene)
                break
            # between hotseat duels the replay waits for the match's end
            assert "Watch replay" not in [b.label for b in top.buttons]
            got = feed(top, *click(top.buttons[0].rect.center))  # the loser goes first
        else:
            assert isinstance(top, SideDeckScene)
            assert top.curtain is not None  # a Deck is private in hotseat
            _side_deck(top, window)
            got = feed(top, *click(top.done.rect.center))
        assert len(got) == 1
        apply_transition(stack, got[0])
    assert flow.over and results_seen >= 2
    assert len(flow.match.results) >= 2
    assert flow.match.firsts[1] == 1 - flow.match.results[0] or flow.match.results[0] == -1
    assert all(sum(c.values()) == sum(b.values()) for c, b in
               zip((Counter(d.main) for d in flow.match.decks), before, strict=True))


def test_versus_ai_match_flow_has_no_curtains(window, home) -> None:
    flow = MatchFlow(_setup("versus_ai"), base_pool(), seed=8, threaded=False, speed="instant")
    scene = flow.first_scene()
    assert scene.curtain is None and scene.session.humans == (True, False)
    GestureDriver(scene, seed=8).play()
    result = feed(scene, key(pygame.K_RETURN))[0].scene
    assert isinstance(result, ResultScene)
    result.draw(window)
    side = feed(result, key(pygame.K_RETURN))[0].scene
    assert isinstance(side, SideDeckScene) and side.curtain is None and side.seat == 0
    # keyboard side-decking: Enter sends the picked card to its other list, E to the Extra Deck
    side.group.set_focus(side.views["side"])
    feed(side, key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert len(side.lists["main"]) == len(flow.match.decks[0].main) + 1
    feed(side, key(pygame.K_UP))
    side.group.set_focus(side.views["main"])
    feed(side, key(pygame.K_DOWN), key(pygame.K_s))
    assert side.done.enabled
    side.group.set_focus(side.done)
    nxt = feed(side, key(pygame.K_RETURN))[0].scene
    assert isinstance(nxt, DuelScene) and len(flow.match.firsts) == 2
