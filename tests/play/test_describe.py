"""The log's sentences (issue 38): one row per thing a player cares about, Lines numbered
per duel, owners worded from the reader's seat, a shared Environment under its owner, and
why an ability is not used."""

from __future__ import annotations

from game.engine import Activate, Attack, NextPhase, Pass, Summon
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
    assert "Line 1 resolved: AI used your Volcanic Rift's ability, you losing 200 LP." in \
        told(duel, 0, you=0)
    replay = told(duel, 1, you=None)  # no reader: both by name, as `main.py replay` says it
    assert "Line 1 resolved: AI used Ann's Volcanic Rift's ability, Ann losing 200 LP." in replay, replay
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
