"""The scenario format's later additions, one test each (docs/scenarios.md): a brand-new
duel as the start, `end_reason`, the pending choice's kind and count, `legal`/`not_legal`,
the event log, `concede`, refusals naming their reason code, start positions that
contradict themselves, and answering a choice that is not (or no longer) pending."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from game.engine import events as ev
from game.play.scenario import load_scenario, run_scenario
from game.play.scenario.notation import event_entry

DOCS = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"
DECK_1 = ["iron_hound", "stone_sentry", "storm_rider", "dusk_fox", "thorn_sprite", "flare_bolt",
          "parry"]
NEW_DUEL = {
    "name": "new duel",
    "start": {"new_duel": True, "first_player": 2,
              "players": {1: {"deck": DECK_1}, 2: {"deck": ["stone_sentry"] * 7}}},
}
MID = {
    "name": "mid duel",
    "start": {"players": {1: {"sp": 3, "hand": ["iron_hound"], "deck": ["stone_sentry"]},
                          2: {"phantom": ["storm_rider"], "deck": ["stone_sentry"]}}},
}


def run(base: dict, **changes):
    return run_scenario({**base, **changes})


# ------------------------------------------------------------------ a new duel
def test_a_new_duel_deals_the_written_decks_and_the_first_draw_phase_can_be_checked() -> None:
    result = run(NEW_DUEL, commands=[
        {"player": 2, "end_turn": True,
         "expect": {"hand": {1: DECK_1[:5] + ["flare_bolt"], 2: 6}, "deck": {1: ["parry"]},
                    "turn": 2, "turn_player": 1, "round": 1,
                    "events_contains": ["phase draw", "moved stone_sentry@2 deck -> hand (draw)",
                                        "moved flare_bolt@1 deck -> hand (draw)"]}}],
        expect={"events_contains": ["duel started first player 2",
                                    "moved iron_hound@1 deck -> hand (opening)", "turn 1 player 2"]})
    assert result.status == "PASS", result.failures or result.error
    wrong = run(NEW_DUEL, expect={"turn_player": 1, "hand": {1: 5, 2: 5}})
    assert wrong.failures == ["expect.turn_player: expected 1, got 2"]


def test_a_new_duel_refuses_mid_duel_fields_and_bad_decks() -> None:
    bad = run(NEW_DUEL, start={**NEW_DUEL["start"], "turn": 3})
    assert bad.status == "ERROR" and "start: unknown field(s) ['turn'] for a new duel" in bad.error
    hand = run(NEW_DUEL, start={**NEW_DUEL["start"], "players": {1: {"hand": ["parry"]}}})
    assert "start: players.1: unknown field(s) ['hand'] for a new duel" in hand.error
    extra = run(NEW_DUEL, start={**NEW_DUEL["start"], "players": {1: {"extra": ["parry"]}}})
    assert "start: players.1.extra[0]: 'parry' is not an Extra Deck Phantom" in extra.error


def test_a_shuffled_new_duel_follows_the_seed() -> None:
    def hands(shuffle: bool) -> set[tuple[str, ...]]:
        out = set()
        for seed in range(8):
            duel = load_scenario({**NEW_DUEL, "seed": seed,
                                  "start": {**NEW_DUEL["start"], "shuffle": shuffle}}).build()
            out.add(tuple(sorted(duel.cards[u].cid for u in duel.players[0].hand)))
        return out

    assert hands(False) == {tuple(sorted(DECK_1[:5]))}
    assert len(hands(True)) > 1


# ------------------------------------------------------------------ end_reason and concede
def test_concede_ends_the_duel_and_end_reason_names_why() -> None:
    result = run(MID, commands=[{"player": 1, "concede": True}],
                 expect={"winner": 2, "end_reason": "concede", "deciding_player": "none"})
    assert result.status == "PASS", result.failures
    wrong = run(MID, commands=[{"player": 1, "concede": True}], expect={"end_reason": "lp"})
    assert wrong.failures == ["expect.end_reason: expected 'lp', got 'concede' (concede)"]
    live = run(MID, expect={"end_reason": "none"})
    assert live.passed
    unknown = run(MID, expect={"end_reason": "tired"})
    assert unknown.status == "ERROR" and "expect.end_reason: expected one of" in unknown.error


def test_every_end_kind_is_written_in_the_docs() -> None:
    from game.play.end_words import END_KINDS

    text = DOCS.read_text(encoding="utf-8")
    assert all(f"`{kind}`" in text for kind in END_KINDS)


# ------------------------------------------------------------------ choices
HAND_LIMIT = {
    "name": "hand limit",
    "start": {"phase": "main2", "players": {
        1: {"hand": ["stone_sentry"] * 8, "deck": ["stone_sentry"]},
        2: {"deck": ["stone_sentry"]}}},
}


def test_a_pending_choice_is_checked_by_kind_count_and_player() -> None:
    commands = [{"player": 1, "next_phase": True}]
    ok = run(HAND_LIMIT, commands=commands,
             expect={"choice": {"kind": "discard_end", "pick": 2, "player": 1}})
    assert ok.status == "PASS", ok.failures
    wrong = run(HAND_LIMIT, commands=commands,
                expect={"choice": {"kind": "discard", "pick": 1, "player": 2}})
    assert wrong.failures == ["expect.choice.kind: expected 'discard', got 'discard_end'",
                              "expect.choice.pick: expected 1, got 2",
                              "expect.choice.player: expected 2, got 1"]
    none = run(HAND_LIMIT, expect={"choice": "discard_end"})
    assert none.failures == ["expect.choice: expected 'discard_end', got 'none'"]
    bad = run(HAND_LIMIT, expect={"choice": {"kind": "guess"}})
    assert bad.status == "ERROR" and "expect.choice.kind: expected one of" in bad.error


def test_choose_with_no_choice_pending_says_so() -> None:
    result = run(MID, commands=[{"player": 1, "choose": "iron_hound"}])
    assert result.status == "FAIL"
    assert result.failures == ["commands[0] (player 1 choose iron_hound): there is no choice to "
                               "answer: no choice is pending"]
    refused = run(MID, commands=[{"player": 1, "choose": "iron_hound", "expect_rejected": True,
                                  "reason": "no_choice"}])
    assert refused.status == "PASS", refused.failures


SEARCH = {
    "name": "single-option search",
    "start": {"players": {1: {"sp": 4, "hand": ["brood_scout"],
                              "deck": ["stone_sentry", "nest_weaver", "iron_hound"]},
                          2: {"deck": ["stone_sentry"]}}},
}


def test_an_explicit_answer_matching_the_only_option_is_accepted() -> None:
    """Brood Scout's search has one match: the engine takes it without asking."""
    ok = run(SEARCH, commands=[{"player": 1, "summon": "brood_scout"},
                               {"player": 1, "choose": "nest_weaver"}],
             expect={"hand": {1: ["nest_weaver"]}})
    assert ok.status == "PASS", ok.failures
    other = run(SEARCH, commands=[{"player": 1, "summon": "brood_scout"},
                                  {"player": 1, "choose": "iron_hound"}])
    assert other.status == "FAIL" and "no choice is pending" in other.failures[0]


# ------------------------------------------------------------------ legal / not legal
def test_legal_and_not_legal_are_judged_without_doing_them() -> None:
    ok = run(MID, expect={
        "legal": [{"player": 1, "summon": "iron_hound"}, {"player": 1, "next_phase": True}],
        "not_legal": [{"player": 1, "attack": "iron_hound", "target": "direct",
                       "reason": "wrong_phase"},
                      {"player": 2, "end_turn": True, "reason": "not_your_decision"}],
        "hand": {1: ["iron_hound"]}, "sp": {1: 3}})
    assert ok.status == "PASS", ok.failures
    wrong = run(MID, expect={
        "legal": [{"player": 2, "pass": True}],
        "not_legal": [{"player": 1, "summon": "iron_hound", "reason": "cost"},
                      {"player": 2, "end_turn": True, "reason": "wrong_phase"}]})
    assert wrong.failures == [
        "expect.legal[0] (player 2 pass): expected legal now, but it is refused "
        "(not_your_decision): It is player 1's decision now, not player 2's.",
        "expect.not_legal[0] (player 1 summon iron_hound): expected not legal now (cost), but "
        "it is legal",
        "expect.not_legal[1].reason: expected a refusal for wrong_phase, got not_your_decision "
        "(\"It is player 1's decision now, not player 2's.\")"]


def test_not_legal_needs_a_reason_code() -> None:
    result = run(MID, expect={"not_legal": [{"player": 2, "pass": True}]})
    assert result.status == "ERROR" and "expect.not_legal[0].reason: required" in result.error
    extra = run(MID, expect={"legal": [{"player": 1, "pass": True, "repeat": 2}]})
    assert extra.status == "ERROR" and "expect.legal[0]: unknown field(s) ['repeat']" in extra.error


# ------------------------------------------------------------------ refusals by code
def test_a_refusal_for_another_reason_code_fails() -> None:
    right = run(MID, commands=[{"player": 2, "pass": True, "expect_rejected": True,
                                "reason": "not_your_decision"}])
    assert right.status == "PASS", right.failures
    wrong = run(MID, commands=[{"player": 2, "pass": True, "expect_rejected": True,
                                "reason": "nothing_to_pass"}])
    assert wrong.status == "FAIL"
    assert wrong.failures == ["commands[0].reason: expected a refusal for nothing_to_pass, got "
                              "not_your_decision (\"It is player 1's decision now, not player "
                              "2's.\")"]


@pytest.mark.parametrize("command,needle", [
    ({"player": 2, "pass": True, "expect_rejected": True}, "commands[0].reason: required"),
    ({"player": 2, "pass": True, "expect_rejected": True, "reason": "nope"},
     "commands[0].reason: expected a reason code"),
    ({"player": 2, "pass": True, "reason": "speed"}, "commands[0].reason: only with expect_rejected"),
])
def test_a_refusal_expectation_names_a_known_reason_code(command, needle) -> None:
    result = run(MID, commands=[command])
    assert result.status == "ERROR" and needle in result.error, result.error


# ------------------------------------------------------------------ the start position
@pytest.mark.parametrize("start,needle", [
    ({"turn": 3, "turn_player": 2}, "start.turn, start.turn_player, start.first_player: turn 3 "
                                     "is player 1's turn when player 1 goes first"),
    ({"turn": 2, "turn_player": 1, "first_player": 1}, "turn 2 is player 2's turn"),
    ({"turn": 4, "round": 3, "turn_player": 2}, "start.round, start.turn: round 3 does not fit "
                                                 "turn 4: turn 4 is in round 2"),
])
def test_a_start_that_contradicts_itself_names_the_fields(start, needle) -> None:
    result = run(MID, start={**MID["start"], **start})
    assert result.status == "ERROR" and needle in result.error, result.error


def test_a_missing_turn_is_the_first_that_fits() -> None:
    result = run(MID, start={**MID["start"], "turn_player": 2},
                 expect={"turn": 2, "round": 1, "turn_player": 2})
    assert result.status == "PASS", result.failures or result.error


# ------------------------------------------------------------------ the event log
def test_the_event_log_writes_flips_battle_damage_positions_and_stats() -> None:
    data = {
        "name": "events",
        "start": {"phase": "battle", "players": {
            1: {"phantom": ["storm_rider"], "deck": ["stone_sentry"]},
            2: {"phantom": [{"card": "stone_sentry", "face": "down", "position": "defense"}],
                "deck": ["stone_sentry"]}}},
        "commands": [{"player": 1, "attack": "storm_rider", "target": "stone_sentry"}],
    }
    result = run_scenario({**data, "expect": {"events_contains": [
        "attack storm_rider@1 -> stone_sentry@2", "position stone_sentry@2 defense up *",
        "battle storm_rider@1 -> stone_sentry@2 target * attacker * lp * player *"],
        "events_excludes": ["ended *"]}})
    assert result.status == "PASS", result.failures
    missing = run_scenario({**data, "expect": {"events_contains": ["flip nothing"]}})
    assert missing.failures[0].startswith("expect.events_contains: expected 'flip nothing'")


def test_every_event_type_has_a_string_and_the_docs_name_it() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for cls in typing.get_args(ev.Event):
        assert f"`{cls.__name__}`" in text, cls.__name__
    # no event falls through to its bare type name
    sample = ev.StatModified(0, "atk", 300, "turn")
    assert event_entry(sample, []) == "modified card#0 atk +300 (turn)"


def _sample(cls):
    """An instance of event type `cls` with plain values (0, "x", False, ())."""
    import dataclasses

    hints = typing.get_type_hints(cls)

    def value(tp) -> object:
        text = str(tp)
        for word, v in (("tuple", ()), ("bool", False), ("int", 0), ("str", "x")):
            if word in text:
                return v
        return None
    return cls(**{f.name: value(hints[f.name]) for f in dataclasses.fields(cls)
                  if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING})


def test_every_event_type_is_written_as_its_documented_string() -> None:
    """Each event type's string starts with the word its row of the docs' tables gives it
    (the event log's, or the Line log's for a Line event), never the bare type name an event
    the table does not know falls through to."""
    import re

    rows = dict(re.findall(r"^\| `(\w+)` \| `([a-z_]+)", DOCS.read_text(encoding="utf-8"),
                           flags=re.M))
    for cls in typing.get_args(ev.Event):
        entry = event_entry(_sample(cls), [])
        assert entry != cls.__name__ and entry.split()[0] == rows[cls.__name__], (cls, entry)


def _refusals() -> list[tuple[Path, int]]:
    from game.files.fileio import load_yaml_file
    from game.play.scenario import scenario_files

    out = []
    for path in scenario_files([Path(__file__).resolve().parent]):
        data = load_yaml_file(path, "scenario")
        out += [(path, i) for i, c in enumerate(data.get("commands") or [])
                if isinstance(c, dict) and c.get("expect_rejected")]
    return out


REFUSALS = _refusals()


@pytest.mark.parametrize("path,index", REFUSALS,
                         ids=[f"{p.stem}[{i}]" for p, i in REFUSALS])
def test_each_refusal_expectation_fails_for_a_wrong_reason_code(path: Path, index: int) -> None:
    """Every `expect_rejected` of every scenario file, given another reason code, fails."""
    from game.files.fileio import load_yaml_file

    data = dict(load_yaml_file(path, "scenario"))
    commands = [dict(c) for c in data["commands"]]
    right = commands[index]["reason"]
    commands[index]["reason"] = "loop_guard" if right != "loop_guard" else "speed"
    result = run_scenario({**data, "commands": commands})
    assert result.status in ("FAIL", "XPASS", "XFAIL") and not result.passed
    assert any(f.startswith(f"commands[{index}].reason: expected a refusal for "
                            f"{commands[index]['reason']}, got {right}") for f in result.failures)
