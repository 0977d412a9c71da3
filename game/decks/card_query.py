"""The deck builder's search box: words and filters in one line, parsed to a card filter.

Pure (no pygame), so it is tested on its own and fast enough to run on every keystroke.

    fire imp                 name or rules text contains "fire" and "imp"
    "deal 300"               a phrase
    type:counter             phantom, spirit, counter, environment (or a prefix: env);
                             type:extra = Extra Deck Phantoms
    level>=4  atk>1500  health<=500  speed:2     numbers: : = != < <= > >=
    family:ember             the card's family tag (ember, bastion, hive, veil, neutral, basic)
    extra  lasting           flags: Extra Deck Phantoms; Spirits/Counters that stay
    in:deck  in:main/side/extra     cards in the deck being built
    name:imp  text:damage    only the name / only the rules text
    -word  -type:phantom     "-" in front of any term means "not"

A term it cannot read is reported (`Query.problems`) and ignored, never silently matched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from game.engine.carddefs import CardDef, CardType

NUM_FIELDS = {"level": "level", "lvl": "level", "lv": "level", "l": "level",
              "atk": "atk", "attack": "atk", "health": "health", "hp": "health",
              "speed": "speed", "spd": "speed"}
TEXT_FIELDS = {"type": "type", "t": "type", "family": "family", "fam": "family", "f": "family",
               "tag": "family", "name": "name", "n": "name", "text": "text", "o": "text",
               "in": "in", "is": "is"}
FLAGS = ("extra", "lasting")
TYPES = ("phantom", "spirit", "counter", "environment")
SORTS = ("name", "level", "atk", "health", "type")
TYPE_ORDER = {CardType.PHANTOM: 0, CardType.SPIRIT: 1, CardType.COUNTER: 2,
              CardType.ENVIRONMENT: 3}
_TERM = re.compile(r'(-?)(?:"([^"]*)"?|(\S+))')
_FILTER = re.compile(r"^([a-z]+)(>=|<=|!=|:|=|>|<)(.*)$")
_OPS: dict[str, Callable[[int, int], bool]] = {
    ":": lambda a, b: a == b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b}


def speeds(cdef: CardDef) -> frozenset[int]:
    """The speeds of the abilities a player activates from this card."""
    return frozenset(ab.speed for _, ab in cdef.activatable)


@dataclass(frozen=True)
class CardFacts:
    """What the filter reads from a card, lower-cased once."""

    card: CardDef
    name: str
    text: str
    family: frozenset[str]
    speeds: frozenset[int]

    @classmethod
    def of(cls, cdef: CardDef) -> CardFacts:
        return cls(cdef, cdef.name.lower(), cdef.text.lower(),
                   frozenset(t.lower() for t in cdef.tags) or frozenset({"neutral"}),
                   speeds(cdef))


Test = Callable[[CardFacts, Mapping[str, int]], bool]


@dataclass
class Query:
    """A parsed search: every test must pass (`matches`); `problems` name unread terms."""

    source: str = ""
    tests: list[Test] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # plain text terms, for highlighting

    def matches(self, facts: CardFacts, in_deck: Mapping[str, int] | None = None) -> bool:
        deck = in_deck or {}
        return all(t(facts, deck) for t in self.tests)


def parse_query(source: str) -> Query:
    """Parse the search box's text; see the module docstring for the language."""
    q = Query(source)
    for m in _TERM.finditer(source):
        negate, phrase, word = m.group(1) == "-", m.group(2), m.group(3)
        test: Test | None
        if phrase is not None:
            test = _text_test(phrase.lower(), "any")
            q.words.append(phrase.lower())
        else:
            test = _term(word, q)
        if test is None:
            continue
        q.tests.append(_negated(test) if negate else test)
    return q


def _negated(test: Test) -> Test:
    return lambda facts, deck: not test(facts, deck)


def _term(word: str, q: Query) -> Test | None:
    low = word.lower()
    m = _FILTER.match(low)
    if m is None:
        if low in FLAGS:
            return _flag(low)
        if not low:
            return None
        q.words.append(low)
        return _text_test(low, "any")
    key, op, value = m.groups()
    if key in NUM_FIELDS:
        return _number_test(NUM_FIELDS[key], op, value, word, q)
    if key in TEXT_FIELDS:
        if op not in (":", "=", "!="):
            q.problems.append(f"{word}: use {key}:VALUE (not {op})")
            return None
        test = _field_test(TEXT_FIELDS[key], value, word, q)
        return _negated(test) if test is not None and op == "!=" else test
    known = ", ".join(sorted({*NUM_FIELDS.values(), *TEXT_FIELDS.values()}))
    q.problems.append(f"{word}: unknown filter {key!r} (filters: {known})")
    return None


def _text_test(value: str, where: str) -> Test:
    if where == "name":
        return lambda f, _d: value in f.name
    if where == "text":
        return lambda f, _d: value in f.text
    return lambda f, _d: value in f.name or value in f.text


def _flag(name: str) -> Test:
    if name == "extra":
        return lambda f, _d: f.card.extra
    return lambda f, _d: f.card.lasting


def _number_test(stat: str, op: str, value: str, word: str, q: Query) -> Test | None:
    try:
        n = int(value.replace(",", ""))
    except ValueError:
        q.problems.append(f"{word}: {stat} needs a whole number after {op!r}")
        return None
    cmp = _OPS[op]
    if stat == "speed":
        return lambda f, _d: any(cmp(s, n) for s in f.speeds)
    if stat == "level":
        return lambda f, _d: f.card.is_phantom and cmp(f.card.level, n)
    return lambda f, _d: f.card.is_phantom and cmp(getattr(f.card, stat), n)


def _field_test(key: str, value: str, word: str, q: Query) -> Test | None:
    if not value:
        q.problems.append(f"{word}: {key} needs a value")
        return None
    if key in ("name", "text"):
        q.words.append(value)
        return _text_test(value, key)
    if key == "family":
        return lambda f, _d: any(tag.startswith(value) for tag in f.family)
    if key == "type":
        if "extra".startswith(value) and len(value) >= 2:
            return lambda f, _d: f.card.extra
        kinds = [t for t in TYPES if t.startswith(value)]
        if not kinds:
            q.problems.append(f"{word}: type is one of {', '.join(TYPES)} or extra")
            return None
        return lambda f, _d: f.card.type.value in kinds
    if key == "is":
        if value in FLAGS:
            return _flag(value)
        if value == "main":
            return lambda f, _d: not f.card.extra
        q.problems.append(f"{word}: is:extra, is:lasting or is:main")
        return None
    # in:deck / in:main / in:side / in:extra: the counts the caller passes per list
    if value not in ("deck", "main", "side", "extra"):
        q.problems.append(f"{word}: in:deck, in:main, in:side or in:extra")
        return None
    return lambda f, d: d.get(f"{value}:{f.card.id}", 0) > 0


# ----------------------------------------------------------------- sorting
def sort_key(name: str) -> Callable[[CardDef], tuple[object, ...]]:
    """A sort key for `name` in SORTS; ties break on type, then name, then id."""
    keys: dict[str, Callable[[CardDef], tuple[object, ...]]] = {
        "name": lambda c: (),
        "level": lambda c: (not c.is_phantom, c.level),
        "atk": lambda c: (not c.is_phantom, -c.atk),
        "health": lambda c: (not c.is_phantom, -c.health),
        "type": lambda c: (TYPE_ORDER[c.type], c.extra),
    }
    base = keys[name]
    return lambda c: (*base(c), c.name.lower(), c.id)


class CardIndex:
    """The card set ready for searching: facts computed once, results sorted on demand."""

    def __init__(self, pool: Mapping[str, CardDef]) -> None:
        self.facts = [CardFacts.of(c) for c in pool.values()]

    def search(self, query: str | Query, sort: str = "name",
               in_deck: Mapping[str, int] | None = None) -> list[CardDef]:
        q = parse_query(query) if isinstance(query, str) else query
        found = [f.card for f in self.facts if q.matches(f, in_deck)]
        found.sort(key=sort_key(sort if sort in SORTS else "name"))
        return found


def deck_counts(lists: Mapping[str, Iterable[tuple[str, int]]]) -> dict[str, int]:
    """`in:` lookup table from {list name: [(card id, count)]}: keys "main:ID", "deck:ID"."""
    out: dict[str, int] = {}
    for lname, entries in lists.items():
        for cid, n in entries:
            out[f"{lname}:{cid}"] = out.get(f"{lname}:{cid}", 0) + n
            out[f"deck:{cid}"] = out.get(f"deck:{cid}", 0) + n
    return out
