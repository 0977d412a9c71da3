"""Every refusal names its rule on the duel screen: a refused drop's toast ends with the
RULES.md id its reason code cites and hovering it shows the rule's words; the zoom's "why
not" note does the same; a card menu that cannot open says why with the rule."""

from __future__ import annotations

from game.engine import Summon, Zone
from game.engine.reasons import rule_of
from game.rules import texts as rule_texts
from tests.ui.drawn import SpySurface, named_text, strings
from tests.ui.events import feed, motion
from tests.ui.test_duel_features import HOUND, drag, position_scene, settle, uid_of


def seen(scene) -> str:
    """Every line of text one frame puts on screen (also those widgets blit themselves)."""
    surface = SpySurface((1280, 720))
    with named_text(surface):
        scene.draw(surface)
    return " ".join(s for s, _ in surface.placed if s)


def test_a_refused_drop_cites_its_rule_and_hovering_it_shows_the_rules_words(window) -> None:
    scene = position_scene(HOUND)
    hound = uid_of(scene, 0, "iron_hound")
    drag(scene, scene.geo.rect_of(hound).center, scene.geo.slot_rect(0, Zone.PHANTOM, 0).center)
    refusal = scene.session.duel.refusal(Summon(0, hound, "phantom", 0, True, True))
    rid = rule_of(refusal.code)
    assert rid == "C9" and scene.toast.message.endswith(f"(Rule {rid})")
    words = rule_texts.words(rid)
    assert words.startswith("Nothing is played on credit")
    feed(scene, motion((5, 5)))
    away = seen(scene)
    assert scene.toast.visible
    assert f"Rule {rid}:" not in away  # the rule's words only on hover
    feed(scene, motion(scene.toast.box().center))
    shown = seen(scene)
    assert f"Rule {rid}: Nothing is played" in shown, shown
    assert words.split()[-1] in shown  # the whole rule, wrapped, not cut


def test_the_zoom_says_why_not_with_the_rule_and_its_words(window) -> None:
    scene = position_scene(HOUND)
    hound = uid_of(scene, 0, "iron_hound")
    feed(scene, motion(scene.geo.rect_of(hound).center))
    settle(scene, 3)
    shown = " ".join(strings(scene, window))
    assert "Not now:" in shown and "(Rule C9)" in shown and "Rule C9: Nothing is played" in shown


def test_a_card_that_cannot_act_says_why_with_its_rule_when_clicked(window) -> None:
    scene = position_scene(HOUND)
    hound = uid_of(scene, 0, "iron_hound")
    scene.input.open_menu(hound)
    assert scene.toast.message.startswith("Iron Hound: ") and "(Rule C9)" in scene.toast.message
    assert scene.toast.detail.startswith("Rule C9: ")
