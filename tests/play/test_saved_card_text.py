"""Card names and texts kept in saved files (a suspended duel, the autosave's header, a
replay's card data) are held to the card files' limits (game/cards/loader.py MAX_NAME,
MAX_TEXT): a 100,000-character name is one line of refusal, at once, never a screen that
wraps it for minutes (issue 39)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.cards import CardDataError, parse_cards
from game.cards.loader import MAX_NAME, MAX_TEXT
from game.play import autosave, suspend
from game.play.replay import load_replay
from tests.kit import base_pool
from tests.play.test_suspend import capture, played

LONG = "x" * 100_000
REPLAYS = Path(__file__).resolve().parents[1] / "replays"


def _card(**over: object) -> dict:
    card = {"id": "plain", "name": "Plain", "type": "phantom", "text": "", "level": 1,
            "atk": 100, "health": 100}
    card.update(over)
    return card


@pytest.mark.parametrize("field, value, says", [
    ("name", "n" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
    ("name", "two\nlines", "one printable line"),
    ("text", "t" * (MAX_TEXT + 1), f"at most {MAX_TEXT:,} characters"),
    ("id", "i" * 65, "at most 64 characters"),
])
def test_a_card_file_s_words_are_bounded(field, value, says):
    parse_cards([_card()], "cards")  # the plain card reads
    with pytest.raises(CardDataError, match=says):
        parse_cards([_card(**{field: value})], "cards")


def _kept_with_long_name(data: dict) -> dict:
    data = json.loads(json.dumps(data))
    data["cards"][0]["name"] = LONG
    return data


def test_a_suspended_duel_with_a_huge_card_name_is_refused_at_once(home):
    match, duel = played(steps=4)
    suspend.save(capture(match, duel))
    data = json.loads(suspend.path().read_text("utf-8"))
    suspend.path().write_text(json.dumps(_kept_with_long_name(data)), "utf-8")
    start = time.process_time()
    with pytest.raises(suspend.SuspendError) as err:
        suspend.load()
    assert time.process_time() - start < 1.0
    assert f"at most {MAX_NAME} characters" in str(err.value) and len(str(err.value)) < 600


def test_an_autosave_header_with_a_huge_card_name_is_refused(home):
    match, duel = played(steps=4)
    journal = autosave.Journal(autosave.match_header(capture(match, duel, mode="hotseat")))
    journal.flush()
    head, _, rest = autosave.path().read_bytes().partition(b"\n")
    header = json.loads(head)
    header["match"] = _kept_with_long_name(header["match"])
    autosave.path().write_bytes(json.dumps(header).encode() + b"\n" + rest)
    with pytest.raises(autosave.AutosaveError, match=f"at most {MAX_NAME} characters"):
        autosave.load()


def test_a_replay_with_a_huge_card_name_is_refused(tmp_path):
    path = tmp_path / "concede.yaml"
    lines = (REPLAYS / "concede.yaml").read_text("utf-8").splitlines()
    load_replay(REPLAYS / "concede.yaml", base_pool())  # as it was recorded, it reads
    i = next(n for n, line in enumerate(lines) if line.startswith("- {") and '"name"' in line)
    card = json.loads(lines[i][2:])
    card["name"] = LONG
    lines[i] = "- " + json.dumps(card)
    path.write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(ValueError, match=f"at most {MAX_NAME} characters"):
        load_replay(path, base_pool())
