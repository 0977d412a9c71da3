"""The Board model follows redacted events to exactly the seat's view, for whole random duels."""

from __future__ import annotations

from pathlib import Path

from game.ai.random_player import RandomPlayer
from game.decks.deck import load_deck
from game.engine import Duel
from game.files.resources import STARTER_DECK_DIR
from game.ui.duel.board import Board
from tests.kit import base_pool, rules

REPO = Path(__file__).resolve().parents[2]


def _decks():
    return [load_deck(STARTER_DECK_DIR / n).spec() for n in ("ember_rush.yaml", "veil_control.yaml")]


def test_board_follows_events_to_the_view_in_random_duels() -> None:
    for seed in range(3):
        duel = Duel(base_pool(), rules(), _decks(), seed, auto_pass=seed % 2 == 0)
        boards = [Board.from_view(duel.view(s), base_pool()) for s in (0, 1)]
        players = [RandomPlayer(seed), RandomPlayer(seed + 100)]
        steps = 0
        while not duel.over and steps < 3000:
            d = duel.deciding_player
            duel.apply(players[d].choose(duel.view(d)))
            for s in (0, 1):
                for e in duel.events_for(s):
                    boards[s].apply(e)
                want = Board.from_view(duel.view(s)).snapshot()
                assert boards[s].snapshot() == want, (seed, steps, s)
            steps += 1


def test_the_graveyard_count_leaves_its_top_cards_atk_and_health_readable(window) -> None:
    """The count badge of a pile that shows a face (the Graveyard) sits in its top-left corner:
    the face's bottom line (ATK and Health) is drawn exactly as the cached face has it."""
    from pathlib import Path

    import pygame

    from game.engine import Zone
    from game.ui.duel import demo

    scene = demo.scenario_scene(Path(__file__).parents[2] / "docs/screens/battle.yaml", seat=0)
    for _ in range(5):
        scene.update(1 / 60)
    scene.draw(window)
    seat = scene.board.seat
    top = scene.board.cards[scene.board.sides[seat].grave[-1]].card_id
    r = scene.geo.pile_rect(seat, Zone.GRAVE)
    face = scene.sprites.face(top, r.w)
    shown = window.subsurface(r).copy()
    strip = pygame.Rect(8, r.h - 26, r.w - 16, 18)  # the stats line, clear of the round corners
    assert pygame.image.tobytes(shown.subsurface(strip), "RGB") == \
        pygame.image.tobytes(face.subsurface(strip), "RGB")
    assert pygame.image.tobytes(shown.subsurface((0, 0, 40, 30)), "RGB") != \
        pygame.image.tobytes(face.subsurface((0, 0, 40, 30)), "RGB")  # the badge is there


def test_a_defense_position_card_fits_its_slot_and_reads_upright(window) -> None:
    """Issue 38 item 23: a card turned sideways was 112 px wide in a 96 px slot, over its
    neighbours, with the printed Health pill sideways at its edge."""
    import dataclasses

    import pygame

    from game.engine import Zone
    from game.engine.views import CardView
    from game.ui.duel.layout import LAYOUT
    from game.ui.duel.sprites import CardSprites

    pool = base_pool()
    for side in (0, 1):
        for zone in (Zone.PHANTOM, Zone.BACK):
            rects = [LAYOUT.card_rect(side, zone, i, attack=False) for i in range(3)]
            for i, r in enumerate(rects):
                assert LAYOUT.slot(side, zone, i).contains(r) and r.w > r.h
            assert rects[0].collidelist(rects[1:]) == -1 and not rects[1].colliderect(rects[2])
        for i in range(2):
            assert LAYOUT.slot(side, Zone.SIDE, i).contains(LAYOUT.card_rect(side, Zone.SIDE, i, False))
    sprites = CardSprites(pool)
    cid = next(c.id for c in pool.values() if c.is_phantom and c.health >= 1000)
    cdef = pool[cid]
    fields = {f.name for f in dataclasses.fields(CardView)}
    values = {"uid": 1, "card_id": cid, "owner": 0, "controller": 0, "zone": Zone.PHANTOM, "index": 0,
              "face_up": True, "attack_pos": False, "atk": cdef.atk, "health": cdef.health,
              "max_health": cdef.health, "statuses": ()}
    card = CardView(**{k: v for k, v in values.items() if k in fields})
    img = sprites.field(card, 0)
    assert img.get_size() == LAYOUT.card_rect(0, Zone.PHANTOM, 0, attack=False).size
    # the right edge (where the turned face printed its stats) holds no pale digits: the
    # stats are written upright in the strip along the bottom
    edge = [img.get_at((img.get_width() - 6, y)) for y in range(4, img.get_height() - 36)]
    assert not any(min(c.r, c.g, c.b) > 200 and c.a > 200 for c in edge)
    pygame.display.flip()
