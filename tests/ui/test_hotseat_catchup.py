"""Issue 37: a hotseat duel both players can watch. A seat taking the screen is played what
it missed, from its own redacted events; the curtain says it in one line that fits at every
text size; an old toast never comes back; a toast never covers the card a prompt is about.
All through real posted pygame events."""

from __future__ import annotations

import pygame

from game.engine import Activate, EndTurn, Summon
from game.files import folders
from game.ui import look
from game.ui import text as txt
from game.ui.duel.catchup import summary
from game.ui.duel.popups import Curtain, Prompt, PromptPanel
from tests.ui.duel_driver import GestureDriver
from tests.ui.events import click, feed, key
from tests.ui.test_duel_features import HOUND, position_scene, uid_of
from tests.ui.test_pause_menu import press

DENIAL = {**HOUND, "players": [{**HOUND["players"][0], "sp": 5}, HOUND["players"][1]]}
SUMMON = Summon(0, 0, "phantom", 0, True, True)  # Iron Hound, player 1's first card


class Fed:
    """What the scene's animator is given, per push: (seat shown, events)."""

    def __init__(self, scene) -> None:
        self.pushes: list[tuple[int, tuple]] = []
        real = scene.table.play
        scene.table.play = lambda events: (self.pushes.append((scene.shown, tuple(events))), real(events))


def frames(scene, n: int = 600) -> None:
    """Frames until the screen waits for a person (or a curtain), at most `n`."""
    for _ in range(n):
        scene.update(1 / 60)
        if not scene.anim.busy and not scene.stale and (scene.curtain is not None or scene.can_act()):
            return


def lift(scene) -> None:
    assert scene.curtain is not None
    feed(scene, key(pygame.K_RETURN))


def answer_with_denial(scene) -> None:
    prompt = scene.input.prompt
    i = next(k for k, r in enumerate(prompt.rows) if r.label.startswith("Denial"))
    feed(scene, *click(scene.input.panel.row_rect(prompt, i).center))


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def test_each_seat_once_seated_is_played_the_line_it_missed_from_its_own_events(window) -> None:
    """Player 1 summons; Player 2 answers with Denial (a Line Break). Each seat, lifting its
    curtain, is first played from its own redacted log what happened since it looked: Player
    2 the Summon's Line opening, Player 1 the Line Break, Denial's Step and both resolutions,
    animated at the chosen speed; the log says each event once."""
    scene = position_scene(DENIAL, speed="normal")
    fed = Fed(scene)
    GestureDriver(scene).perform(Summon(0, uid_of(scene, 0, "iron_hound"), "phantom", 0, True, True))
    frames(scene)
    # Player 2 is handed the screen mid-Line (it might answer) and sees the Line open
    assert scene.curtain is not None and scene.curtain.seat == 1
    assert scene.curtain.reason.startswith("Player 1 summoned Iron Hound."), scene.curtain.reason
    before = len(fed.pushes)
    start = len(scene.anim.seen)
    lift(scene)
    assert scene.shown == 1 and scene.anim.busy  # the catch-up plays, nothing settled yet
    seat, events = fed.pushes[before]
    log1 = scene.session.view(1).log
    assert seat == 1 and events == log1[len(log1) - len(events):]
    assert all(a is b for a, b in zip(events, log1[len(log1) - len(events):], strict=True))
    assert {"LineOpened", "StepAdded"} <= set(kinds(events))
    frames(scene)
    assert {"line_open", "step_in"} <= set(scene.anim.seen[start:])
    # Player 2 answers: Denial's Line Break plays live on its own screen
    answer_with_denial(scene)
    frames(scene)
    assert scene.curtain is not None and scene.curtain.seat == 0
    assert scene.curtain.reason == ("Player 2 answered with a Line Break, then your Summon was "
                                    "negated. Round 1: your turn."), scene.curtain.reason
    remembered = len(scene.memory._seen[0].log)
    before = len(fed.pushes)
    start = len(scene.anim.seen)
    lift(scene)
    seat, events = fed.pushes[before]
    log0 = scene.session.view(0).log
    assert seat == 0 and events == log0[remembered:]  # exactly what Player 1 missed, its own
    assert all(a is b for a, b in zip(events, log0[remembered:], strict=True))
    assert kinds(events)[:6] == ["PositionChanged", "Revealed", "LpChanged", "LineBreak",
                                 "LineOpened", "StepAdded"]
    assert {"StepResolving", "StepResolved", "StepNegated", "CardBroken"} <= set(kinds(events))
    assert scene.board.lines == [list(scene.memory._seen[0].lines[0])]  # Player 1's last board
    flash = False  # the Line Break flashes on the new Line, on Player 1's screen, in time
    for _ in range(300):
        scene.update(1 / 60)
        if scene.anim.marker("line_break", 2) is not None:
            flash = True
            break
    assert flash and scene.anim.busy
    frames(scene)
    played = scene.anim.seen[start:]
    for mark in ("line_break", "line_open", "step_in", "resolving", "resolved", "negated", "line_closed"):
        assert mark in played, (mark, played)
    assert scene.can_act() and not scene.board.lines
    # the log says every event once: as a fresh load of Player 1's view says them
    texts = [e.text for e in scene.log.entries]
    scene.load_seat(0)
    assert texts == [e.text for e in scene.log.entries]
    assert sum("Line Break!" in t for t in texts) == 1


def test_a_key_skips_the_catch_up_and_instant_speed_just_settles(window) -> None:
    for speed in ("normal", "instant"):
        scene = position_scene(DENIAL, speed=speed)
        scene.send([SUMMON])
        frames(scene)
        lift(scene)
        frames(scene)
        answer_with_denial(scene)
        frames(scene)
        lift(scene)
        if speed == "normal":
            assert scene.anim.busy
            feed(scene, key(pygame.K_SPACE))
        assert not scene.anim.busy
        scene.update(1 / 60)
        assert scene.can_act() and not scene.board.lines
        assert scene.board.sides[1].lp == scene.session.view(0).sides[1].lp == 9000


def test_an_old_toast_is_never_shown_again_after_an_undo_or_a_curtain(window) -> None:
    """The negation toasts once for each seat, when it sees it happen (Player 2 live, Player
    1 in its catch-up); never again: not after an undo, a curtain lift, a new turn."""
    scene = position_scene(DENIAL, speed="normal")
    shown: list[tuple[int, str]] = []
    real = scene.toast.show
    scene.toast.show = lambda text, *a, **kw: (shown.append((scene.shown, text)), real(text, *a, **kw))

    def negations() -> list[int]:
        return [seat for seat, t in shown if "negated" in t]

    scene.send([SUMMON])
    frames(scene)
    lift(scene)
    frames(scene)
    answer_with_denial(scene)
    frames(scene)
    assert negations() == [1]  # Player 2 saw Denial resolve
    lift(scene)
    frames(scene)
    assert negations() == [1, 0]  # Player 1 saw it in its catch-up
    # Player 1 summons Stone Sentry, asks to take it back, Player 2 agrees
    GestureDriver(scene).perform(Summon(0, uid_of(scene, 0, "stone_sentry", "hand"), "phantom", 2, True, True))
    frames(scene)
    if scene.curtain is not None:  # whoever is asked to answer
        lift(scene)
        frames(scene)
    assert scene.shown == 0 and scene.can_act()
    feed(scene, key(pygame.K_u))
    press(scene, scene.dialog, "Agree: undo")
    assert scene.curtain is not None and "taken back" in scene.curtain.reason
    lift(scene)
    frames(scene)
    assert scene.can_act() and negations() == [1, 0]
    # the turn passes: Player 2's curtain, Player 2's turn, Player 1's curtain again
    scene.send([EndTurn(0)])
    for _ in range(6):
        frames(scene)
        if scene.curtain is not None:
            lift(scene)
            frames(scene)
        if scene.shown == 1 and scene.can_act():
            break
    assert scene.shown == 1 and scene.session.view(1).turn_player == 1
    scene.send([EndTurn(1)])
    frames(scene)
    if scene.curtain is not None:
        lift(scene)
        frames(scene)
    assert negations() == [1, 0], shown
    # Continue: a new screen on the same duel says the old lines, toasts none of them
    from game.ui.duel.scene import DuelScene
    from tests.kit import base_pool

    again = DuelScene(scene.session, base_pool(), speed="normal")
    said: list[str] = []
    real_again = again.toast.show
    again.toast.show = lambda text, *a, **kw: (said.append(text), real_again(text, *a, **kw))
    lift(again)
    frames(again)
    assert any("negated" in e.text for e in again.log.entries)
    assert not any("negated" in t for t in said), said


def test_the_curtain_and_the_answer_prompt_fit_at_130_percent(window) -> None:
    """Every line the curtain draws fits its box at 130 % text (measured with the font as
    drawn), the reason whole; Player 2's answer prompt is never cut mid-sentence."""
    settings = folders.Settings()
    settings.set("access", "text_scale", 130)  # Settings' text size, as a player sets it
    look.apply(settings)
    try:
        assert txt.scale() == 1.3
        reason = ("Player 2 played 3 cards and attacked twice, then Player 2 answered with a Line "
                  "Break, then your Flare Bolt was negated, then your attack resolved. Round 3: "
                  "your turn.")
        name = "Ada Lovelace-Byron the Second"
        curtain = Curtain(0, name, "Player 2", reason, (1280, 720))
        lines = curtain.texts()
        for s, px, bold, _tint, box in lines:
            assert txt.width(s, px, bold) <= box.w, (s, txt.width(s, px, bold), box.w)
            assert txt.ELLIPSIS not in s, s
        spans = [(box.centery - txt.font(txt.drawn_px(s, px), bold).get_linesize() // 2,
                  box.centery + txt.font(txt.drawn_px(s, px), bold).get_linesize() // 2)
                 for s, px, bold, _tint, box in lines]
        for (_, bottom), (top, _) in zip(spans, spans[1:], strict=False):
            assert bottom <= top + 1, spans  # no line over the next
        assert spans[-3][1] <= curtain.button.top  # the words above the button
        words = " ".join(s for s, *_ in lines)
        assert reason in words and f"I am {name}: show my side" in words
        curtain.draw(pygame.Surface((1280, 720)))
        panel = PromptPanel(pygame.Rect(1014, 400, 260, 200))
        text = "Nothing can answer Backdraft (Line 1, Speed 0). Pass to let it resolve."
        prompt = Prompt("Answer?", text, [])
        panel.fit(prompt, pygame.Rect(1014, 220, 260, 330))
        px, wrapped = panel.text_layout(prompt)
        assert " ".join(wrapped) == text
        assert all(txt.width(s, px) <= panel.rect.w - 24 for s in wrapped)
        assert panel.rows_top(prompt) <= panel.rect.bottom
        panel.draw(pygame.Surface((1280, 720)), prompt, (200, 200, 200))
    finally:
        look.reset()
    assert txt.scale() == 1.0  # back as it was, for the tests after


def test_a_toast_moves_off_the_card_the_prompt_is_about(window) -> None:
    """Player 2 answering Player 1's Summon: a toast at the middle line would cover Iron
    Hound's ATK (Player 1's card, at the far front row); it is drawn where it covers none."""
    scene = position_scene(DENIAL, speed="instant")
    scene.send([SUMMON])
    frames(scene)
    lift(scene)
    frames(scene)
    assert scene.shown == 1 and scene.input.prompt is not None
    hound = scene.geo.rect_of(0)
    scene.say("A long warning that would lie across the middle line of the board for a while.", "warn")
    assert scene.toast.box().colliderect(hound)  # where it was said
    scene.draw(pygame.Surface((1280, 720)))
    assert not scene.toast.box().colliderect(hound)
    for r in scene._toast_avoids():
        assert not scene.toast.box().colliderect(r)


def test_the_curtain_line_names_what_happened_from_the_seat_s_side() -> None:
    from game.engine import events as ev

    def name(seat: int) -> str:
        return f"Player {seat + 1}"

    def card(cid: str) -> str:
        return cid.replace("_", " ").title()

    def step(line, n, player, kind, cid="x", secret=False):
        return ev.StepAdded(line, n, 0, player, kind, 1, cid, 0, (), False, secret)

    assert summary([], 0, name, card) == ""
    assert summary([ev.PhaseChanged(1, "main1")], 0, name, card) == ""
    turn = [step(1, 1, 1, "summon", "iron_hound"), step(1, 1, 1, "set", "denial", True),
            step(1, 1, 1, "activate", "flare_bolt"), step(1, 1, 1, "attack"), step(1, 1, 1, "attack")]
    assert summary(turn, 0, name, card) == "Player 2 played 3 cards and attacked twice."
    assert summary(turn[1:2], 0, name, card) == "Player 2 set a card."
    assert summary([step(1, 1, 1, "summon", "?", True)], 0, name, card) == \
        "Player 2 summoned a Phantom face down."
    broke = [ev.LineBreak(2, 2), step(2, 1, 1, "activate", "denial"),
             ev.StepResolved(2, 1, 1, "denial"), ev.StepNegated(1, 1, 0, "iron_hound")]
    from game.engine import StepView
    mine = ((StepView(1, 1, 0, "summon", 0, 1, "iron_hound", 0, (), False),),)
    assert summary(broke, 0, name, card, mine) == \
        "Player 2 answered with a Line Break, then your Summon was negated."
    assert summary([ev.StepResolved(1, 1, 0, "iron_hound")], 0, name, card, mine) == \
        "Your Summon resolved."
    # the curtain is in sight of both: a card hidden from the other player is not named
    bolt = ((StepView(1, 1, 0, "activate", 0, 4, "flare_bolt", 0, (), False),),)
    assert summary([ev.StepNegated(1, 1, 0, "flare_bolt")], 0, name, card, bolt) == \
        "Your Flare Bolt was negated."
    assert summary([ev.StepNegated(1, 1, 0, "flare_bolt", True)], 0, name, card, bolt) == \
        "Your Step was negated."
    assert summary([step(1, 1, 1, "activate", "?", True)], 0, name, card) == "Player 2 played a card."
    many = [x for n in range(2, 8) for x in (ev.LineBreak(n, 2), step(n, 1, n % 2, "activate", "denial"))]
    said = summary(many, 0, name, card)
    assert said.count("then") == 3 and said.endswith("then more (the log has it all)."), said


def test_the_denial_command_used_here_is_the_one_player_2_sends(window) -> None:
    """The scenario's answer is Denial's ability 0 (the row the tests click)."""
    scene = position_scene(DENIAL, speed="instant")
    scene.send([SUMMON])
    frames(scene)
    assert Activate(1, uid_of(scene, 1, "denial"), 0) in scene.session.view(1).legal_actions
