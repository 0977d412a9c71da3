"""The log's sentences (issue 38): one row per thing a player cares about, Lines numbered
per duel, owners worded from the reader's seat, a shared Environment under its owner, why
an ability is not used, an Extra Deck Summon in one row with its materials, an effect's LP
said once, and no row that says the row before it again."""

from __future__ import annotations

from game.engine import Activate, Attack, Choose, NextPhase, Pass, SpecialSummon, Summon
from game.play.glossary import GLOSSARY, term_of
from tests.ui.test_log_words import begin, play, position, spec, told, uid


def passes(duel) -> None:
    while duel.state.lines:
        play(duel, Pass(duel.deciding_player))


def test_a_summon_nobody_answered_is_one_row_and_two_are_never_alike() -> None:
    """Before: eleven rows (SP paid, summons, Line 1 opens, Line 1 Step 1, two passes,
    Line 1 resolves, Step 1.1 resolves, is Summoned, Step 1.1 is done, Line 1 resolved)."""
    duel = begin(position(spec({"hand": ["blaze_lancer", "blaze_lancer"], "sp": 9}, {})))
    a, b = (c.uid for c in duel.cards if c.owner == 0 and c.zone.value == "hand")
    play(duel, Summon(0, a, "phantom", 0, True, True))
    passes(duel)
    assert told(duel, 0, you=0) == [
        "You summon Blaze Lancer to a Phantom slot (Attack, face up) for 4 SP (5 SP left)."]
    play(duel, Summon(0, b, "phantom", 1, True, True))
    passes(duel)
    texts = told(duel, 0, you=0)
    assert len(texts) == 2 and texts[0] != texts[1], texts


def two_denials_duel():
    duel = begin(position(spec({"hand": ["blaze_lancer", "stone_sentry"], "sp": 9},
                               {"back": ["denial", "denial"]})))
    play(duel, Summon(0, uid(duel, 0, "blaze_lancer"), "phantom", 0, True, True))
    play(duel, Activate(1, uid(duel, 1, "denial", "back"), 0))
    passes(duel)
    play(duel, Summon(0, uid(duel, 0, "stone_sentry"), "phantom", 0, True, True))
    play(duel, Activate(1, uid(duel, 1, "denial", "back"), 0))
    passes(duel)
    return duel


def test_lines_are_numbered_per_duel_so_no_two_summaries_read_alike() -> None:
    texts = told(two_denials_duel(), 0, you=0)
    summaries = [t for t in texts if t.startswith("Line ") and " resolved: " in t]
    assert len(summaries) == 4 and len(set(summaries)) == 4, summaries
    assert "Line 3 resolved: your Stone Sentry's Summon was negated." in texts, texts
    assert "Line 4 resolved: AI's Denial negated your Stone Sentry's Summon." in texts, texts
    # the bookkeeping rows of a Line are not told
    assert not any(t.startswith(("Step ", "Window")) or " passes" in t or t.endswith(" opens (Speed 0).")
                   for t in texts), texts


def test_jargon_rows_point_to_their_glossary_words() -> None:
    texts = told(two_denials_duel(), 0, you=0)
    broke = next(t for t in texts if t.startswith("Line Break!"))
    assert term_of(broke) == "Line Break" and GLOSSARY["Line Break"]
    assert term_of("Line 3 resolved: your Stone Sentry's Summon was negated.") == "Line"
    assert term_of("You draw a card.") is None
    assert all(term in GLOSSARY for term in ("Line", "Step", "Speed", "SP", "Break"))


def test_the_reader_is_you_in_every_sentence_and_the_other_goes_by_name() -> None:
    """Before: "AI's Veil Arbiter attacked your Cinder Witch, Player 1 losing 1,400 LP"."""
    duel = begin(position(spec({"phantom": ["blazing_chimera"]}, {"phantom": ["stone_sentry"]},
                               phase="battle")))
    play(duel, Attack(0, uid(duel, 0, "blazing_chimera"), uid(duel, 1, "stone_sentry")))
    passes(duel)
    theirs = told(duel, 1, you=1)
    assert not any("AI" in t for t in theirs), theirs  # the reader is never named
    assert any(t.startswith("You lose ") and "LP in battle" in t for t in theirs), theirs
    mine = told(duel, 0, you=0)
    assert not any("Ann" in t for t in mine), mine
    assert any(t.startswith("AI loses ") for t in mine), mine


def test_a_shared_environment_is_told_under_its_owner_with_its_user() -> None:
    """Before: "AI's Volcanic Rift's ability resolved" for Ann's card at the end of AI's turn."""
    duel = begin(position(spec({"env": ["volcanic_rift"]}, {}, turn_player=1, phase="main2", turn=2)))
    play(duel, NextPhase(1))
    passes(duel)
    assert "Your Volcanic Rift's ability (used by AI): you lose 200 LP (9,800)." in \
        told(duel, 0, you=0)
    replay = told(duel, 1, you=None)  # no reader: both by name, as `main.py replay` says it
    assert "Ann's Volcanic Rift's ability (used by AI): Ann loses 200 LP (9,800)." in replay, replay
    assert not any("AI's Volcanic Rift" in t for t in replay)


def test_an_ability_not_used_says_why() -> None:
    """Before: "Your Cinder Witch's ability is not used." (no Phantom to target)."""
    duel = begin(position(spec({"hand": ["cinder_witch"], "sp": 9}, {})))
    play(duel, Summon(0, uid(duel, 0, "cinder_witch"), "phantom", 0, True, True))
    passes(duel)
    assert "Your Cinder Witch's ability is not used: it has no target." in told(duel, 0, you=0)
    assert "Ann's Cinder Witch's ability is not used: it has no target." in told(duel, 1, you=None)


def test_an_optional_ability_its_player_refused_says_so() -> None:
    from game.engine import events as ev
    from game.play.describe import Describer
    from tests.kit import base_pool

    d = Describer(base_pool(), lambda s: ("Ann", "AI")[s], you=0)
    d.learn(5, "cinder_witch", 0)
    d(ev.ChoiceRequested(0, "trigger_optional", "Activate Cinder Witch's ability?", (1, 0), ("Yes", "No")))
    d(ev.ChoiceMade(0, "trigger_optional", 0, "No"))
    said = d(ev.AbilityDeclined(5, "cinder_witch", player=0))
    assert said is not None and said.text == \
        "Your Cinder Witch's ability is not used: you chose not to use it."


def answer_all(duel) -> None:
    """Every choice answered with its first option, every Line passed, till nothing waits."""
    while duel.state.choice is not None or duel.state.lines:
        c = duel.state.choice
        play(duel, Choose(c.player, c.options[0]) if c is not None else Pass(duel.deciding_player))


def chimera_summoned():
    duel = begin(position(spec({"phantom": ["pyre_hound", "ember_imp"], "extra": ["blazing_chimera"]},
                               {"phantom": ["stone_sentry"]})))
    play(duel, SpecialSummon(0, uid(duel, 0, "blazing_chimera"), "phantom", 2, True))
    answer_all(duel)
    return duel


def test_an_extra_deck_summon_is_one_row_with_its_materials() -> None:
    """Before: seven rows: "You must choose: Choose a material for Blazing Chimera." and
    "You choose Pyre Hound." and "You send Pyre Hound to the Graveyard as a material." per
    material, then "You Special Summon Blazing Chimera to a Phantom slot (Attack)."
    """
    duel = chimera_summoned()
    mine = told(duel, 0, you=0)
    assert mine[0] == ("You Special Summon Blazing Chimera from your Extra Deck to a Phantom slot "
                       "(Attack), sending Pyre Hound and Ember Imp to the Graveyard."), mine
    assert not any("choose" in t.lower() or "material" in t for t in mine), mine
    theirs = told(duel, 1, you=1)  # the other seat sees the Summon and the Graveyard: all public
    assert theirs[0] == ("Ann Special Summons Blazing Chimera from the Extra Deck to a Phantom slot "
                         "(Attack), sending Pyre Hound and Ember Imp to the Graveyard."), theirs


def test_a_choice_row_for_several_cards_says_how_many_and_is_told_once() -> None:
    """Before: "Choose a material for Blazing Chimera" while two were needed, once per pick."""
    from game.engine import events as ev
    from game.play.describe import Describer, counted
    from tests.kit import base_pool

    assert counted("Choose a material for Blazing Chimera", 2) == "Choose 2 materials for Blazing Chimera"
    assert counted("Choose a material for Blazing Chimera", 1) == "Choose a material for Blazing Chimera"
    d = Describer(base_pool(), lambda s: ("Ann", "AI")[s], you=0)
    first = d(ev.ChoiceRequested(0, "discard", "Discard a card", (3, 4, 5), ("A", "B", "C"), count=2))
    assert first is not None and first.text == "You must choose: Discard 2 cards.", first
    assert d(ev.ChoiceMade(0, "discard", 3, "Stone Sentry")) is not None
    assert d(ev.ChoiceRequested(0, "discard", "Discard a card", (4, 5), ("B", "C"), count=1)) is None


def test_an_effect_that_costs_lp_says_it_once_with_its_cause() -> None:
    """Before: "AI loses 600 LP (9,400)." then "Line 1 resolved: your Flare Bolt's ability
    resolved, AI losing 600 LP." (and Blazing Chimera's 800 the same way)."""
    duel = begin(position(spec({"hand": ["flare_bolt"], "sp": 9}, {})))
    play(duel, Activate(0, uid(duel, 0, "flare_bolt"), 0, zone="back", index=0))
    passes(duel)
    mine = told(duel, 0, you=0)
    assert [t for t in mine if "600" in t] == ["Your Flare Bolt's ability: AI loses 600 LP (9,400)."], mine
    assert not any(" resolved" in t for t in mine), mine
    chimera = told(chimera_summoned(), 1, you=1)
    assert [t for t in chimera if "800" in t] == ["Ann's Blazing Chimera's ability: you lose 800 LP (9,200)."]


def test_a_battle_is_told_without_rows_that_repeat_it() -> None:
    """Before: after "X deals 2600 to Y; Y deals 300 back; 1,700 goes through to AI." came
    "Y takes 1000 damage", "X takes 300 damage", "Y is Broken.", "Stone Sentry goes to AI's
    Graveyard." and a stats row "X is now ATK 2600, Health 1100/1400."
    """
    duel = begin(position(spec({"phantom": ["blazing_chimera"]}, {"phantom": ["stone_sentry"]},
                               phase="battle")))
    play(duel, Attack(0, uid(duel, 0, "blazing_chimera"), uid(duel, 1, "stone_sentry")))
    passes(duel)
    assert told(duel, 0, you=0) == [
        "Your Blazing Chimera attacks AI's Stone Sentry.",
        "Your Blazing Chimera deals 2,600 to AI's Stone Sentry; Stone Sentry deals 300 back.",
        "AI loses 1,700 LP in battle (8,300).",
        "AI's Stone Sentry is Broken."]


def test_a_card_turned_face_up_is_not_also_revealed() -> None:
    """Before: "AI's Denial is turned face up." then "AI reveals Denial."
    """
    texts = told(two_denials_duel(), 0, you=0)
    assert "AI's Denial is turned face up." in texts, texts
    assert not any(t.startswith("AI reveals") for t in texts), texts


def test_a_line_break_is_one_row_with_the_step_that_made_it() -> None:
    """Before: "Line Break! Line 2 begins on top of Line 1 at Speed 2." then "AI's Denial's
    ability answers your Blaze Lancer's Summon (Line 2, Speed 2)."
    """
    texts = told(two_denials_duel(), 0, you=0)
    assert ("Line Break! AI's Denial's ability answers your Blaze Lancer's Summon: Line 2 begins "
            "on top of Line 1 at Speed 2.") in texts, texts
    assert not any(" answers " in t and not t.startswith("Line Break!") for t in texts), texts


def test_a_line_whose_steps_told_themselves_adds_no_closing_row_and_a_boost_is_said_once() -> None:
    """Before: "Your Kindle's ability: your Blaze Lancer: +600 ATK until the end of the turn."
    was followed by "Your Blaze Lancer is now ATK 2300, Health 400/400."; an answered Line
    whose Steps' rows told everything ended in "Line 2 is closed."
    """
    duel = begin(position(spec({"hand": ["kindle"], "phantom": ["blaze_lancer"], "sp": 9},
                               {"phantom": ["stone_sentry"]})))
    lancer = uid(duel, 0, "blaze_lancer")
    play(duel, Activate(0, uid(duel, 0, "kindle"), 0, (lancer,), zone="back", index=0))
    passes(duel)
    play(duel, NextPhase(0))  # its attack's trigger breaks the attack's Line: both answered
    play(duel, Attack(0, lancer, uid(duel, 1, "stone_sentry")))
    passes(duel)
    texts = told(duel, 0, you=0)
    assert "Your Kindle's ability: your Blaze Lancer: +600 ATK until the end of the turn." in texts, texts
    assert not any(t.startswith("Your Blaze Lancer is now ATK") for t in texts), texts
    assert not any(t.endswith(" is closed.") for t in texts), texts


def test_a_duel_opens_without_a_row_per_hidden_card_or_a_second_first_player_row() -> None:
    """Before: "The duel begins. AI goes first.", "Coin toss: AI goes first." and "AI draws
    a card." five times; the reader's own cards are still named one by one."""
    from game.engine import HIDDEN
    from game.engine import events as ev
    from game.play.describe import Describer
    from tests.kit import base_pool

    d = Describer(base_pool(), lambda s: ("Ann", "AI")[s], you=0)
    said = [d(ev.DuelStarted(1, 1, (35, 35), ((), ()))), d(ev.CoinTossed(1))]
    said += [d(ev.CardMoved(10 + i, HIDDEN, 1, 1, "deck", 0, "hand", i, False, True, "opening"))
             for i in range(5)]
    said += [d(ev.CardMoved(20 + i, "stone_sentry", 0, 0, "deck", 0, "hand", i, True, True, "opening"))
             for i in range(2)]
    assert [e.text for e in said if e is not None] == [
        "The duel begins. AI goes first.", "AI draws their opening hand.",
        "You draw Stone Sentry.", "You draw Stone Sentry."]


BITING_DENIAL = """
- id: biting_denial
  name: Biting Denial
  type: counter
  text: "When your opponent Summons: negate the Summon and deal 300 damage to them."
  abilities:
    - start: response
      condition: {responding_to: {kind: summon, player: opponent}}
      effects:
        - negate: {}
        - damage_player: {player: opponent, amount: 300}
"""


def test_a_negation_is_still_summed_up_when_its_ability_also_has_rows() -> None:
    """The Line's summary is dropped only for what rows told: no row tells a negation."""
    duel = begin(position(spec({"hand": ["blaze_lancer"], "sp": 9}, {"back": ["biting_denial"]}),
                          BITING_DENIAL))
    play(duel, Summon(0, uid(duel, 0, "blaze_lancer"), "phantom", 0, True, True))
    play(duel, Activate(1, uid(duel, 1, "biting_denial", "back"), 0))
    passes(duel)
    texts = told(duel, 0, you=0)
    assert "AI's Biting Denial's ability: you lose 300 LP (9,700)." in texts, texts
    assert "Line 2 resolved: AI's Biting Denial negated your Blaze Lancer's Summon." in texts, texts
