"""Hypothesis: deck, scenario and rules files mutated field by field always get a clear message.

Real files are parsed, one field (or key) is replaced by a value of the wrong type, a huge
number, something empty or something nested, and the file is written back. Loading it must
either work or fail with messages that are single lines starting with the file's name and
quoting only bounded excerpts; running a scenario never raises. How long a mutant takes is
measured by scripts/bench_files.py (every huge value at every field), not here.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.decks.deck import DeckError, load_deck, validate_deck
from game.files.resources import STARTER_DECK_DIR
from game.files.yamlio import dump_yaml, load_yaml
from game.play.scenario import run_scenario
from game.rules.file import RULES_PATH, RulesFileError, load_rules
from tests.kit import base_pool

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = ("counter_on_own_turn_after_set_turn", "duel_hand_limit_discard_at_end",
             "effect_choose_option", "extra_deck_special_summon_with_materials",
             "lines_three_lines_break_and_resolution_order", "phantom_protected_survives_at_zero_health",
             "effect_change_position_and_flip", "lines_loop_guard_eleventh_activation_refused")
FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@cache
def source(path: Path):
    return load_yaml(path.read_text(encoding="utf-8"))


def paths(data, here=()) -> list[tuple]:
    """Every place in the data: the root, each mapping value, each list item."""
    out = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, (*here, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += paths(value, (*here, i))
    return out


def get(data, path):
    for step in path:
        data = data[step]
    return data


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 10), st.floats(allow_nan=True),
    st.text(max_size=8), st.sampled_from(["", "iron_hound", "phantom 0", "this_turn", "yes"]),
)
HUGE = [10**9, 10**10, 10**20, -10**20, 2**64, 10**300, 1e308, float("inf"), -1, 0, "x" * 5000,
        "9" * 4000]  # scripts/bench_files.py times each of these at every field
huge = st.sampled_from(HUGE)
empty = st.sampled_from([None, "", [], {}])
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


@st.composite
def mutated(draw, path: Path):
    """(mutated data, what was done) for the file at `path`."""
    data = copy.deepcopy(source(path))
    where = draw(st.sampled_from(paths(data)))
    old = get(data, where)
    kind = draw(st.sampled_from(["type", "huge", "empty", "nested", "any", "key", "drop"]))
    if kind == "type":
        new = draw(scalars)
    elif kind == "huge":
        new = draw(huge)
    elif kind == "empty":
        new = draw(empty)
    elif kind == "nested":
        new = draw(st.sampled_from([[old], [[[old]]], {"a": {"b": old}}, [old] * 3,
                                    {"card": old, "count": old}]))
    else:
        new = draw(values)
    if not where:
        return (new if kind not in ("key", "drop") else data), (kind, where)
    parent, last = get(data, where[:-1]), where[-1]
    if kind == "key" and isinstance(parent, dict):
        parent[draw(st.one_of(st.text(max_size=6), st.integers(-2, 3), st.none()))] = \
            parent.pop(last)
    elif kind == "drop":
        del parent[last]
    else:
        parent[last] = new
    return data, (kind, where)


def write(tmp_path_factory, name: str, data) -> Path:
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_text(dump_yaml(data), encoding="utf-8")
    return path


def assert_clear(message: str, path: Path) -> None:
    assert isinstance(message, str) and message
    assert "\n" not in message and "Traceback" not in message, message
    assert message.startswith(str(path)), message
    assert len(message.replace(str(path), "F")) < 600, message


@FUZZ
@given(case=mutated(STARTER_DECK_DIR / "hive_swarm.yaml"))
def test_a_deck_file_mutated_field_by_field_gets_a_clear_message(tmp_path_factory, case):
    data, _how = case
    path = write(tmp_path_factory, "deck.yaml", data)
    try:
        deck = load_deck(path)
    except DeckError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert_clear(problem, path)
    else:
        for problem in validate_deck(deck, base_pool()):
            assert "\n" not in problem and len(problem) < 300


@FUZZ
@given(name=st.sampled_from(SCENARIOS), data=st.data())
def test_a_scenario_file_mutated_field_by_field_gets_a_clear_message(tmp_path_factory, name,
                                                                     data):
    mutant, _how = data.draw(mutated(REPO / "tests" / "scenarios" / f"{name}.yaml"))
    path = write(tmp_path_factory, f"{name}.yaml", mutant)
    result = run_scenario(path)  # never raises
    assert result.status in ("PASS", "FAIL", "XFAIL", "XPASS", "ERROR")
    if result.status == "ERROR":
        assert_clear(result.error, path)
    for failure in result.failures:
        assert isinstance(failure, str) and failure


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=mutated(RULES_PATH))
def test_a_rules_file_mutated_field_by_field_gets_a_clear_message(tmp_path_factory, case):
    data, _how = case
    path = write(tmp_path_factory, "rules.yaml", data)
    try:
        load_rules(path)
    except RulesFileError as exc:
        for line in str(exc).splitlines():
            assert_clear(line, path)
