"""Issue 22's rough edges found in play, each pinned through the real screens."""

from __future__ import annotations

import pygame

from game.ui.duel.interaction import Mode
from game.ui.duel.panels import scroll_note
from game.ui.duel.pause import PauseMenu
from tests.ui.drawn import strings
from tests.ui.events import feed, key, motion, settle, wheel
from tests.ui.test_pause_menu import flow, play_a_little, press


def test_15_the_log_scroll_note_points_down_to_the_newer_rows() -> None:
    assert scroll_note(90) == "90 newer rows \u2193" and scroll_note(1) == "1 newer row \u2193"


def test_20_a_single_duel_versus_the_computer_pauses_as_the_duel_and_concedes_plainly(window) -> None:
    scene = flow("versus_ai").first_scene()
    feed(scene, key(pygame.K_ESCAPE))
    assert isinstance(scene.dialog, PauseMenu)
    drawn = strings(scene, window)
    assert "The duel waits until you resume." in drawn, drawn
    assert "Concede\u2026" in [b.label for b in scene.dialog.buttons]
    assert not any("Duel 1" in s for s in drawn)


def test_22_and_21_a_best_of_3_shows_the_duel_and_score_and_ends_in_plain_words(window) -> None:
    f = flow("versus_ai", best_of=3)
    scene = f.first_scene()
    settle(scene, 5)
    assert "Duel 1 \u00b7 0\u20130" in strings(scene, window)
    f.match.results.extend([1, 1])  # as if AI had won two duels: the match is over
    assert f.last_duel_words(1) == "AI (Easy) won duel 2."
    assert f.score_note() == "Duel 3 \u00b7 0\u20132"


def test_27_paying_sp_says_what_is_left() -> None:
    from game.engine import events as ev
    from game.play.describe import Describer
    from tests.kit import base_pool

    d = Describer(base_pool(), lambda s: ("Player 1", "AI")[s])
    # issue 38: a Summon's SP is told in the Summon's one row, with what is left
    assert d(ev.SpChanged(0, 4, 2, "summon")) is None
    moved = ev.CardMoved(5, "blaze_lancer", 0, 0, "hand", 0, "phantom", 0, True, True, "summon")
    assert d(moved).text == ("Player 1 summons Blaze Lancer to a Phantom slot (Attack, face up) "
                             "for 2 SP (2 SP left).")
    assert d(ev.SpChanged(0, 4, 2, "cost")).text == "Player 1 pays 2 SP (2 SP left)."


def test_29_a_concede_with_the_log_scrolled_up_shows_the_end_on_the_board(window) -> None:
    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 6)
    feed(scene, motion(scene.log.rect.center), wheel(3), wheel(3))
    assert scene.log.scroll > 0
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Concede")
    press(scene, scene.dialog, "Concede")
    settle(scene, 60)
    assert scene.session.over and scene.log.scroll == 0
    drawn = strings(scene, window)
    assert any(s.startswith("Duel over") and "AI (Easy) wins" in s for s in drawn), drawn


def test_04_a_default_name_is_selected_so_typing_replaces_it_and_ctrl_a_selects_all(window) -> None:
    from game.ui.widgets import TextField, WidgetGroup, prompt
    from tests.ui.events import click, text

    got = []
    ask = prompt("Save deck", "A name:", "New deck", lambda v: got.append(v))
    feed(ask, text("My Ember"))
    assert ask.field.value == "My Ember"
    ctrl = pygame.KMOD_CTRL
    f = TextField((10, 10, 300, 40))
    g = WidgetGroup([f])
    feed(g, *click((50, 30)), text("hello world"))
    assert f.selection == (11, 11)
    feed(g, key(pygame.K_a, ctrl))
    assert f.selection == (0, 11)
    g.draw(window)  # the selection is drawn under the text
    feed(g, text("x"))
    assert f.value == "x"
    feed(g, text("yz"), key(pygame.K_LEFT, pygame.KMOD_SHIFT), key(pygame.K_LEFT, pygame.KMOD_SHIFT),
         key(pygame.K_BACKSPACE))
    assert f.value == "x"
    other = TextField((10, 60, 300, 40), "Ember")
    g.add(other)
    feed(g, key(pygame.K_TAB))  # focus gained by Tab: the whole text is selected
    assert g.focus is other and other.selection == (0, 5)


SPIRIT = {"phase": "main1", "players": [
    {"sp": 5, "hand": ["mending_light"], "deck": ["stone_sentry"] * 3},
    {"deck": ["stone_sentry"] * 3}]}


def test_17_a_spirit_dropped_on_the_back_row_offers_activate_first(window) -> None:
    from game.engine import Activate, Zone
    from tests.ui.events import drag
    from tests.ui.test_duel_features import position_scene, uid_of

    scene = position_scene(SPIRIT)
    light = uid_of(scene, 0, "mending_light")
    feed(scene, *drag(scene.geo.rect_of(light).center, scene.geo.slot_rect(0, Zone.BACK, 1).center))
    popup = scene.input.popup
    assert popup is not None and len(popup.entries) == 2, popup and popup.entries
    assert isinstance(popup.entries[0].commands[0], Activate)
    assert popup.entries[1].label == "Set face down"
    menu = scene.gest.menu(light)
    assert [isinstance(e.commands[0], Activate) for e in menu] == [True, False]


def test_19_a_card_menu_shows_every_label_whole_inside_its_box(window) -> None:
    from game.ui.duel.gestures import Entry
    from game.ui.duel.popups import Popup
    from tests.ui.drawn import drawn_text

    labels = ["Change to Attack Position", "Activate: pay 2 SP: deal 300 damage to each Phantom "
              "your opponent controls, then draw 1 card", "Set face down\u2026"]
    popup = Popup("Blazing Chimera", [Entry(s, [], "now") for s in labels], (300, 200),
                  pygame.Rect(0, 0, 1280, 720))
    with drawn_text() as seen:
        popup.draw(window)
    shown = [s for s, _ in seen]
    assert not any("\u2026" in s for s in shown if s != "Set face down\u2026"), shown
    assert " ".join(shown[1:]).replace("  ", " ").count("then draw 1 card") == 1
    for s, rect in seen:
        assert popup.rect.contains(rect), (s, rect, popup.rect)
    for i in range(len(labels)):  # each row holds its own lines
        row = popup.row(i)
        rows = [r for s, r in seen[1:] if row.colliderect(r)]
        assert rows and all(row.contains(r) for r in rows)


def test_10_and_11_a_spirit_that_can_only_be_set_says_why_and_what_it_costs(window) -> None:
    from tests.ui.drawn import strings
    from tests.ui.test_duel_features import position_scene, uid_of

    scene = position_scene({"phase": "main1", "players": [
        {"sp": 0, "hand": ["firestorm", ], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3, "phantom": ["stone_sentry"]}]})
    storm = uid_of(scene, 0, "firestorm")
    assert storm in scene.input.playable()  # it glows: it can be Set
    feed(scene, motion(scene.geo.rect_of(storm).center))
    settle(scene, 3)
    drawn = " ".join(strings(scene, window))
    assert "SP Cost 0 + discard 1" in drawn, drawn
    assert "Only Set now" in drawn and "discard" in drawn


def test_11_a_spirit_in_hand_names_its_sp_cost(window) -> None:
    from tests.ui.drawn import strings
    from tests.ui.test_duel_features import position_scene, uid_of

    scene = position_scene(SPIRIT)
    light = uid_of(scene, 0, "mending_light")
    feed(scene, motion(scene.geo.rect_of(light).center))
    settle(scene, 3)
    assert any(s.startswith("SP Cost 0") for s in strings(scene, window))


def test_16_four_digit_health_shows_whole_on_a_field_card(window) -> None:
    from game.ui import text as txt
    from game.ui.duel import sprites
    from game.ui.duel.layout import CARD_W

    captured: list[str] = []
    real = txt.text

    def spy(s, px, colour, bold=False):
        captured.append(s)
        return real(s, px, colour, bold)

    room = sprites.stat_room(CARD_W - 6)  # the strip inside the card (the bar runs along its top)
    for hp, mh in ((1900, 1900), (12000, 12000), (450, 450)):
        shown, px = sprites.fit_stat((f"HP {hp}/{mh}", f"{hp}/{mh}", f"{hp}"), room)
        assert txt.width(shown, px, True) <= room, shown
        assert shown.endswith(str(hp) if shown == str(hp) else str(mh))
    txt.text = spy
    try:
        from game.engine import Zone
        from tests.ui.test_duel_features import position_scene, uid_of

        scene = position_scene({"phase": "main1", "players": [
            {"phantom": ["blazing_chimera"], "deck": ["stone_sentry"] * 3},
            {"deck": ["stone_sentry"] * 3}]})
        chimera = uid_of(scene, 0, "blazing_chimera")
        import dataclasses

        card = dataclasses.replace(scene.board.cards[chimera], health=1900, max_health=1900)
        assert card.zone is Zone.PHANTOM
        captured.clear()
        scene.sprites.field(card, 0)
    finally:
        txt.text = real
    health = [s for s in captured if "1900" in s]
    assert health and all(txt.width(s, 13, True) <= room for s in health), health
    assert any(s.endswith("1900/1900") for s in health), health  # current and max, both whole


def test_26_a_long_step_name_keeps_clear_of_its_speed_and_state_tags(window) -> None:
    from game.engine.views import StepView
    from game.ui.duel import panels
    from tests.kit import base_pool
    from tests.ui.drawn import SpySurface, named_text

    pool = base_pool()
    long_id = max(pool, key=lambda c: len(pool[c].name))
    step = StepView(3, 2, 1, "summon", 3, 7, long_id, -1, (), False)
    for state in ("resolving", "negated", "waiting"):
        surface = SpySurface((240, 28))
        with named_text(surface):
            panels._step_row(surface, pygame.Rect(0, 0, 240, 28), pool, step, long_id, state, False)
        placed = [(s, r) for s, r in surface.placed if s is not None]
        speed = next(r for s, r in placed if s == "S3")
        name = next(r for s, r in placed if s.startswith("3.2"))
        assert name.right + 6 <= speed.left, (state, placed)
        for s, r in placed:
            if s == "NEGATED":
                assert name.right + 6 <= r.left and r.right + 6 <= speed.left, placed


def test_18_the_pick_instruction_names_an_attack_and_covers_no_lit_place(window) -> None:
    from game.ui.duel.hits import target_rect
    from tests.ui.events import click
    from tests.ui.test_duel_features import position_scene, uid_of

    scene = position_scene({"phase": "battle", "players": [
        {"phantom": ["blazing_chimera", "stone_sentry"], "hand": ["stone_sentry"],
         "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry", "iron_hound", "stone_sentry"], "deck": ["stone_sentry"] * 3}]})
    chimera = uid_of(scene, 0, "blazing_chimera")
    feed(scene, *click(scene.geo.rect_of(chimera).center))
    popup = scene.input.popup
    assert popup is not None
    attack = next(i for i, e in enumerate(popup.entries) if e.label.startswith("Attack"))
    feed(scene, *click(popup.row(attack).center))
    assert scene.input.mode is Mode.HOLDING
    assert scene.toast.message.startswith("Now choose what to attack"), scene.toast.message
    lit = [target_rect(scene.geo, t) for t in scene.input.lit_targets()]
    assert lit and not any(scene.toast.box().colliderect(r) for r in lit if r is not None)
    scene.draw(window)


def test_01_the_main_and_extra_deck_piles_are_labelled_and_say_what_they_are_on_hover(window) -> None:
    from game.engine import Zone
    from tests.ui.drawn import SpySurface, named_text
    from tests.ui.test_duel_features import position_scene

    scene = position_scene({"phase": "main1", "players": [
        {"deck": ["stone_sentry"] * 3, "extra": ["blazing_chimera"]},
        {"deck": ["stone_sentry"] * 4, "extra": ["blazing_chimera"] * 2}]})
    surface = SpySurface((1280, 720))
    with named_text(surface):
        scene.draw(surface)
    for seat in (0, 1):
        for zone, label in ((Zone.DECK, "MAIN DECK"), (Zone.EXTRA, "EXTRA DECK")):
            pile = scene.geo.pile_rect(seat, zone)
            assert any(s == label and pile.contains(r) for s, r in surface.placed), (seat, label)
    feed(scene, motion(scene.geo.pile_rect(1, Zone.DECK).center))
    drawn = " ".join(strings(scene, window))
    assert "Player 2's Main Deck: 4 cards" in drawn, drawn
    feed(scene, motion(scene.geo.pile_rect(1, Zone.EXTRA).center))
    drawn = " ".join(strings(scene, window))
    assert "Player 2's Extra Deck: 2 Extra Deck Phantoms" in drawn and "Blazing" not in drawn


def test_13_the_deck_list_with_the_keys_is_marked_and_the_mark_follows_tab(window) -> None:
    from game.ui.setup_scene import DuelSetupScene
    from tests.kit import base_pool

    setup = DuelSetupScene("hotseat", base_pool())
    first = [s for s in strings(setup, window) if s.startswith("PLAYER")]
    assert first == ["PLAYER 1  \u00b7  \u2191\u2193 Enter", "PLAYER 2"], first
    feed(setup, key(pygame.K_TAB))
    assert setup.group.focus is setup.lists[1]
    second = [s for s in strings(setup, window) if s.startswith("PLAYER")]
    assert second == ["PLAYER 1", "PLAYER 2  \u00b7  \u2191\u2193 Enter"], second


def test_23_the_zoom_lets_go_of_a_card_that_left_play_and_shows_long_terms_whole(window) -> None:
    from game.engine import Attack
    from game.ui.duel import panels
    from game.ui.duel.layout import LAYOUT
    from tests.ui.test_duel_features import position_scene, uid_of

    scene = position_scene({"phase": "battle", "players": [
        {"phantom": ["blazing_chimera"], "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]})
    sentry = uid_of(scene, 1, "stone_sentry", "phantom")
    feed(scene, motion(scene.geo.rect_of(sentry).center))
    assert scene.zoom.target()[0] == "stone_sentry"
    chimera = uid_of(scene, 0, "blazing_chimera")
    scene.send([Attack(0, chimera, sentry)])
    settle(scene, 200)
    assert scene.board.where(sentry)[1].value == "grave"  # Broken, the pointer has not moved
    assert scene.zoom.target()[0] is None
    # a card with many terms: every row drawn whole, inside the (grown) panel, which takes
    # room from the zoom above it, never from the log below it (issue 38 item 24)
    from tests.kit import base_pool
    from tests.ui.drawn import drawn_text

    pool = base_pool()
    many = max(pool.values(), key=lambda c: len(panels.terms_in(c)))
    with drawn_text() as seen:
        panels.draw_zoom(window, LAYOUT.zoom, LAYOUT.terms, None, many, None, "")
    rows = [(s, r) for s, r in seen if r.x == LAYOUT.terms.x + 8]
    assert rows and all(r.right <= LAYOUT.terms.right for _, r in rows)
    assert all(r.bottom <= LAYOUT.terms.bottom and r.y >= LAYOUT.zoom.y for _, r in seen)
    told = " ".join(s for s, _ in rows)
    for term, meaning in panels.terms_in(many):
        assert meaning.split()[-1] in told, (term, told)


def test_09_a_graveyard_list_lights_the_row_under_the_pointer_and_zooms_its_card(window) -> None:
    from game.engine import Zone
    from tests.ui.events import click
    from tests.ui.test_duel_features import position_scene

    scene = position_scene({"phase": "main1", "players": [
        {"grave": ["stone_sentry", "iron_hound", "mending_light"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3}]})
    feed(scene, *click(scene.geo.pile_rect(0, Zone.GRAVE).center))
    popup = scene.input.popup
    assert popup is not None and len(popup.entries) == 3
    for i, want in ((2, "stone_sentry"), (1, "iron_hound")):  # newest first
        feed(scene, motion(popup.row(i).center))
        assert popup.index == i and popup.hover == i
        assert scene.zoom.target()[0] == want
    scene.draw(window)


def test_08_the_open_extra_deck_viewer_is_drawn_over_the_hand(window) -> None:
    from tests.ui.drawn import SpySurface
    from tests.ui.test_duel_features import position_scene

    scene = position_scene({"phase": "main1", "players": [
        {"hand": ["stone_sentry"] * 5, "extra": ["blazing_chimera"] * 2, "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3}]})
    feed(scene, key(pygame.K_x))
    assert scene.geo.tray_open
    surface = SpySurface((1280, 720))
    scene.draw(surface)
    tray = scene.geo.tray_rects()
    hand = scene.geo.hand_rects(scene.shown)
    order = [r for _, r in surface.placed]
    last_tray = max(i for i, r in enumerate(order) if r in tray)
    overlapping = [i for i, r in enumerate(order) if r in hand and any(r.colliderect(t) for t in tray)]
    assert overlapping and all(i < last_tray for i in overlapping)


def test_14_a_summon_nobody_could_answer_plays_its_line_in_a_short_beat(window) -> None:
    from game.engine import Summon
    from tests.ui.test_duel_features import position_scene, uid_of

    scene = position_scene({"phase": "main1", "players": [
        {"sp": 5, "hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3}]}, speed="normal")
    seen: list[tuple[str, float]] = []
    clock = [0.0]
    applied = scene.anim.on_applied

    def spy(e):
        seen.append((type(e).__name__, clock[0]))
        applied(e)

    scene.anim.on_applied = spy
    sentry = uid_of(scene, 0, "stone_sentry", "hand")
    scene.send([Summon(0, sentry, "phantom", 0, True, True)])
    for _ in range(600):
        scene.update(1 / 60)
        clock[0] += 1 / 60
        if not scene.anim.busy:
            break
    names = [n for n, _ in seen]
    assert "LineOpened" in names and "LineClosed" in names and "PriorityPassed" in names
    start = next(t for n, t in seen if n == "LineOpened")
    end = next(t for n, t in seen if n == "LineClosed")
    assert end - start <= 0.4, (end - start, seen)


def test_03_a_negation_is_said_on_the_board_when_the_negating_step_resolves(window) -> None:
    from game.engine import Activate, Pass, Summon
    from tests.ui.test_duel_features import HOUND, position_scene, uid_of

    spec = {**HOUND, "players": [{**HOUND["players"][0], "sp": 5}, HOUND["players"][1]]}
    scene = position_scene(spec)
    said: list[str] = []
    real = scene.say
    scene.say = lambda text, kind="info", **kw: (said.append(text), real(text, kind, **kw))
    hound = uid_of(scene, 0, "iron_hound")
    scene.send([Summon(0, hound, "phantom", 0, True, True)])
    settle(scene, 30)
    scene.send([Activate(1, uid_of(scene, 1, "denial"), 0)])
    for _ in range(20):
        if not scene.session.duel.state.lines:
            break
        seat = scene.session.deciding
        scene.send([Pass(seat)])
        settle(scene, 30)
    negations = [t for t in said if "negated" in t]
    assert scene.shown == 0  # hotseat: the seat at the screen is "you" in the log (issue 38)
    assert negations == ["Line 2 resolved: Player 2's Denial negated your Iron Hound's Summon."], said


def _versus_computer(spec: dict):
    """A duel screen where seat 1 is a computer player (one that passes when it may only pass)."""
    from game.ai.random_player import RandomPlayer
    from game.engine.position import build_position
    from game.ui.duel.scene import DuelScene
    from game.ui.duel.seats import Responses
    from game.ui.duel.session import DuelSession
    from tests.kit import base_pool, rules

    duel = build_position(base_pool(), rules(), spec, seed=1, auto_pass=False)
    session = DuelSession(duel, (True, False), ("Player 1", "AI"), {1: RandomPlayer(3)},
                          responses=(Responses.WHEN_ABLE, Responses.WHEN_ABLE), threaded=False)
    scene = DuelScene(session, base_pool(), speed="normal")
    scene.ai_pause = 0.5
    return scene


def _frames_until_the_computer_passes(scene) -> int:
    from game.engine import Summon
    from tests.ui.test_duel_features import uid_of

    sentry = uid_of(scene, 0, "stone_sentry", "hand")
    scene.send([Summon(0, sentry, "phantom", 0, True, True)])
    for frame in range(600):
        scene.update(1 / 60)
        if len(scene.session.history) > 1:
            return frame
    raise AssertionError("the computer never passed")


def test_14_the_pace_never_tells_that_a_face_down_card_cannot_answer(window) -> None:
    """A computer that may only pass is hurried only when it holds no face-down card: one that
    holds a set card waits its usual pause, whether or not the card could answer now (here
    Denial's 1,000 LP cost cannot be paid), so the pace gives nothing away."""
    me = {"sp": 5, "hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3}
    bare = _versus_computer({"phase": "main1", "players": [
        me, {"deck": ["stone_sentry"] * 3}]})
    assert _frames_until_the_computer_passes(bare) == 0  # nothing it could hold: one short beat
    holding = _versus_computer({"phase": "main1", "players": [
        me, {"lp": 500, "deck": ["stone_sentry"] * 3, "back": ["denial"]}]})
    frames = _frames_until_the_computer_passes(holding)
    assert frames >= 0.5 * 60 - 1  # the computer's pause, as when it could answer


def _hotseat_after_a_summon(other: dict):
    """A hotseat duel: player 1 summons; what happens for player 2 (RULES.md I15)."""
    from game.engine import Summon
    from tests.ui.test_duel_features import position_scene, settle, uid_of

    scene = position_scene({"phase": "main1", "players": [
        {"sp": 5, "hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3, **other}]})
    assert scene.hotseat and scene.shown == 0 and scene.curtain is None
    scene.send([Summon(0, uid_of(scene, 0, "stone_sentry", "hand"), "phantom", 0, True, True)])
    settle(scene)
    return scene


def test_15_the_hotseat_curtain_follows_what_the_attacker_sees_not_what_the_cards_can_do(window) -> None:
    """The curtain hands the screen to player 2 when a set card of theirs might answer, live
    (Denial, its cost paid) or dead (Denial at 500 LP, a Spirit on the other's turn) alike;
    with nothing face down and nothing face up that answers, nobody is asked."""
    from tests.ui.events import feed, key

    live = _hotseat_after_a_summon({"back": ["denial"]})
    dead = _hotseat_after_a_summon({"lp": 500, "back": ["denial"]})
    spirit = _hotseat_after_a_summon({"back": ["flare_bolt"]})
    bare = _hotseat_after_a_summon({"hand": ["denial", "flare_bolt"]})
    for scene in (live, dead, spirit):
        assert scene.curtain is not None and scene.curtain.seat == 1
        assert scene.curtain.reason == live.curtain.reason
    assert bare.curtain is None and not bare.session.duel.state.lines  # passed for: resolved
    # seated, the player whose card cannot answer is asked all the same (only Pass), not
    # passed for at once: the pace behind the curtain tells nothing either
    feed(dead, key(pygame.K_RETURN))
    for _ in range(120):
        dead.update(1 / 60)
    assert dead.session.deciding == 1 and dead.shown == 1 and dead.can_act()
    legal = dead.session.view(1).legal_actions
    assert len(legal) == 1 and type(legal[0]).__name__ == "Pass"

