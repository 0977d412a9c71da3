"""`python main.py check FILE...` (game.designer.check): good files pass, bad ones are explained."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.designer.check import main
from game.files.resources import STARTER_DECK_DIR

ROOT = Path(__file__).resolve().parents[2]
STARTERS = sorted(str(p.relative_to(ROOT)) for p in STARTER_DECK_DIR.glob("*.yaml"))


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text
    return code, text


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_starter_decks_and_the_card_set_are_ok(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, text = run(capsys, "assets/cards", "assets/rules.yaml", *STARTERS)
    assert code == 0, text
    assert "ok: assets/rules.yaml (rules file)" in text
    cards = len(list((ROOT / "assets/cards").glob("*.yaml")))
    assert text.count("ok: ") == cards + 1 + len(STARTERS)


def test_a_folder_is_checked_file_by_file(capsys):
    code, text = run(capsys, str(STARTER_DECK_DIR))
    assert code == 0, text
    assert "Ember Rush" in text and "Veil Control" in text


def test_a_good_extra_card_file_is_checked_with_the_whole_set(capsys, tmp_path):
    cards = write(tmp_path, "more.yaml", """\
- id: ember_scout
  name: Ember Scout
  type: phantom
  level: 2
  atk: 700
  health: 600
  tags: [ember]
  text: "When this card is Summoned: deal 100 damage to your opponent."
  abilities:
    - start: trigger
      on: summoned
      effects:
        - damage_player: {player: opponent, amount: 100}
    - start: main
      condition: {count: {select: {card: flare_bolt, zone: hand}, min: 1}}
      effects:
        - draw: {}
""")
    deck = write(tmp_path, "deck.yaml", "name: Scouts\nmain:\n"
                 "  - {card: ember_scout, count: 3}\n"
                 + "".join(f"  - {{card: {c}, count: 3}}\n" for c in (
                     "cinder_pup", "ember_imp", "spark_runner", "ash_hurler", "flame_dancer",
                     "pyre_hound", "blaze_lancer", "flare_bolt", "iron_hound")))
    code, text = run(capsys, cards, deck)
    assert code == 0, text
    assert "ok: " + cards in text and "ok: " + deck in text


@pytest.mark.parametrize("name, content, needles", [
    ("empty.yaml", "", ["empty.yaml: the file is empty"]),
    ("broken.yaml", "main: [1,\n", ["broken.yaml: not valid YAML: line 2"]),
    ("neither.yaml", "colour: blue\n", ["neither.yaml: not a card file", "nor a rules file"]),
    ("rules.yaml", "starting_lp: -5\nopening_hand: lots\n",
     ["rules.yaml: rules: starting_lp: expected a whole number >= 0, got -5",
      "rules.yaml: rules: opening_hand: expected a whole number >= 0, got 'lots'"]),
    ("scalar.yaml", "42\n", ["scalar.yaml: not a card file"]),
    ("binary.yaml", None, ["binary.yaml: not a text file"]),
    ("deck_types.yaml", "name: T\nmain: 5\n",
     ["deck_types.yaml: main: expected a list"]),
    ("deck_entry.yaml", "name: T\nmain: [{card: stone_sentry, count: lots}]\n",
     ["deck_entry.yaml: main[0].count: expected a whole number"]),
    ("deck_rules.yaml",
     "name: T\nmain: [{card: nope, count: 1}, {card: stone_sentry, count: 3}, stone_sentry]\n"
     "extra: [{card: iron_hound, count: 1}]\n",
     ["deck_rules.yaml: main: unknown card 'nope'",
      "deck_rules.yaml: Stone Sentry (stone_sentry): 4 copies",
      "deck_rules.yaml: Main Deck has 5 cards; it needs at least 30",
      "deck_rules.yaml: Iron Hound (iron_hound): only Extra Deck Phantoms"]),
    ("card_fields.yaml", "- id: Bad Id\n  name: X\n  type: phantom\n  level: 99\n  text: t\n",
     ["card_fields.yaml: card 'Bad Id': id: expected lowercase",
      "card_fields.yaml: card 'Bad Id': level: expected an integer from 1 to 12, got 99",
      "card_fields.yaml: card 'Bad Id': atk: required"]),
    ("card_dup.yaml", "cards:\n  - {id: stone_sentry, name: D, type: spirit, text: t}\n",
     ["card_dup.yaml: card 'stone_sentry': id: duplicate id, already defined in "
      "assets/cards/basics.yaml"]),
    ("card_ref.yaml", "- id: seeker\n  name: Seeker\n  type: spirit\n  text: t\n"
     "  abilities:\n    - start: main\n      effects:\n"
     "        - search: {select: {zone: deck, card: flare_blot}}\n",
     ["card_ref.yaml: card 'seeker'", "unknown card id 'flare_blot'", "did you mean 'flare_bolt'"]),
])
def test_bad_files_are_explained_and_fail(capsys, tmp_path, name, content, needles):
    if content is None:
        path = tmp_path / name
        path.write_bytes(b"\xff\xfe\x00bad")
        path = str(path)
    else:
        path = write(tmp_path, name, content)
    code, text = run(capsys, path)
    assert code == 1
    for needle in needles:
        assert needle in text, text
    assert "ok: " not in text


def test_missing_files_and_empty_folders(capsys, tmp_path):
    code, text = run(capsys, str(tmp_path / "nowhere.yaml"), str(tmp_path))
    assert code == 1
    assert "nowhere.yaml: cannot read the file: no such file" in text
    assert "a folder with no *.yaml files" in text


def test_every_problem_of_several_files_is_printed_and_good_files_still_say_ok(capsys, tmp_path):
    bad = write(tmp_path, "bad.yaml", "name: T\nmain: [{card: nope, count: 3}]\n")
    code, text = run(capsys, bad, str(STARTER_DECK_DIR / "hive_swarm.yaml"), str(tmp_path / "x.yml"))
    assert code == 1
    assert "unknown card 'nope'" in text and "x.yml: cannot read the file: no such file" in text
    assert "ok: " in text and "Hive Swarm" in text


def test_no_arguments_checks_the_whole_project_and_help_prints_usage(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, text = run(capsys)
    assert code == 0, text
    assert "ok: assets/rules.yaml" in text and "ok: assets/cards/ember.yaml" in text
    assert "Ember Rush" in text and "warning" not in text
    code, text = run(capsys, "--help")
    assert code == 0 and "usage" in text


def test_command_line_via_subprocess(tmp_path):
    bad = write(tmp_path, "bad.yaml", "main: [1,\n")
    proc = subprocess.run([sys.executable, "-m", "game.designer.check", bad, "decks/ember_rush.yaml"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "not valid YAML" in proc.stdout
    assert "ok: decks/ember_rush.yaml" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr
    good = subprocess.run([sys.executable, "-m", "game.designer.check", "decks"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert good.returncode == 0 and "Traceback" not in good.stderr


def _export_text(deck_file: str) -> str:
    """A starter deck as the deck builder's Export text writes it."""
    from game.cards import load_card_set
    from game.decks.deck import load_deck
    from game.decks.text import deck_to_text

    return deck_to_text(load_deck(STARTER_DECK_DIR / deck_file), load_card_set())


def test_the_deck_builders_text_export_is_a_deck(capsys, tmp_path):
    text = _export_text("ember_rush.yaml")
    assert text.startswith("Name: Ember Rush\n")
    txt = write(tmp_path, "ember.txt", text)
    plain = write(tmp_path, "ember_export", text)  # no .txt: still no YAML, still a card list
    code, out = run(capsys, txt, plain)
    assert code == 0, out
    assert f"ok: {txt} (deck text 'Ember Rush': Main 40" in out
    assert f"ok: {plain} (deck text 'Ember Rush'" in out and "not valid YAML" not in out
    bad = write(tmp_path, "bad.txt", text.replace("Cinder Pup", "Cindr Pup"))
    code, out = run(capsys, bad)
    assert code == 1 and "ok: " not in out
    assert "bad.txt: line " in out and "unknown card 'Cindr Pup' (did you mean Cinder Pup?)" in out


def test_a_deck_name_is_checked_as_simulate_decks_finds_it(capsys, home):
    from game.decks.library import resolve_deck

    code, out = run(capsys, "Veil Control", "hive_swarm")
    assert code == 0, out
    assert f"ok: {resolve_deck('Veil Control')} (deck 'Veil Control'" in out
    assert "(deck 'Hive Swarm'" in out
    (home / "decks").mkdir(parents=True)
    (home / "decks" / "mine.yaml").write_text("name: My Swarm\nmain: [{card: nope, count: 3}]\n")
    code, out = run(capsys, "My Swarm")  # the player's decks by the name a list shows
    assert code == 1 and "mine.yaml: main: unknown card 'nope'" in out
    code, out = run(capsys, "No Such Deck")
    assert code == 1 and "No Such Deck: cannot read the file: no such file" in out


def test_no_arguments_also_checks_the_players_own_decks(capsys, monkeypatch, home):
    monkeypatch.chdir(ROOT)
    (home / "decks").mkdir(parents=True)
    (home / "decks" / "mine.yaml").write_text("name: Mine\nmain: [{card: nope, count: 3}]\n")
    code, out = run(capsys)
    assert code == 1
    assert "ok: assets/rules.yaml" in out and "Ember Rush" in out
    assert f"{home / 'decks' / 'mine.yaml'}: main: unknown card 'nope'" in out


def test_help_says_what_it_checks_and_how_to_name_files(capsys):
    code, out = run(capsys, "--help")
    assert code == 0 and out.startswith("usage: ")
    for needle in ("card file", "rules file", "deck file", "Export text", ".txt", "deck name",
                   "simulate --decks", "With no arguments", "your own decks", "--strict"):
        assert needle in out, needle
