"""Card text lint: does each card's rules text say what its data does, in the style's words?

The style is "Card text style" in docs/cards.md: one fixed phrase per verb, trigger, cost,
duration, once-per-turn and Speed. This module derives, from a card's data, the phrases its
text must contain and reports each one that is missing (and a few wordings the style bans).
It is pure: it takes the loaded card set and returns warnings as data; `python main.py check`
prints them (`--strict` makes them errors).

Phrases are matched with their first letter in either case (a phrase may open a sentence or
follow "Once per turn, "), at word boundaries. A phrase two abilities of a card both need must
appear twice (two "Once per turn" abilities need it written twice). An ability with its own
`text` is checked against that text, every other ability against the card's `text`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.engine.carddefs import (
    Ability,
    CardDef,
    CardType,
    Condition,
    Cost,
    Effect,
    Selector,
    Start,
    has_real_condition,
)

# Kinds of phrase, in the order the style lists them.
KINDS = (
    "speed",  # "Speed 3" (only when not the card type's default)
    "once_per_turn",  # "Once per turn"
    "trigger",  # "When this card is Summoned", "At the start of your turn", ...
    "answer",  # what a response answers: "When your opponent's Phantom declares an attack"
    "condition",  # a Counter's Condition: "Condition:"
    "cost",  # "Pay 2 SP:", "Pay 1000 LP:", "Discard 1 card:"
    "verb",  # "deal 300 damage to", "draw 1 card", "Special Summon", ...
    "target",  # what a verb or a continuous effect applies to: "target", "your opponent controls"
    "duration",  # "until the end of this turn", "for as long as it stays on the field"
    "choice",  # a choose option's label, in the card's own words
    "lasting",  # "Lasting."
    "summon",  # an Extra Deck Phantom's "Special Summon from the Extra Deck ... by sending"
    "wording",  # a wording the style replaces
)

DEFAULT_SPEED = {CardType.COUNTER: 2}  # every other card type: 1

TURN = "until the end of this turn"
LASTING = "for as long as it stays on the field"
LASTING_PLURAL = "for as long as they stay on the field"

# Wordings the style replaces: (pattern, what to write instead).
BANNED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b[Aa]n opponent's\b"), "'your opponent's'"),
    (re.compile(r"\b[Yy]ou may pay\b"), "a cost written first: 'Pay 2 SP: ...'"),
    (re.compile(r"\bSummons? or Special Summons?\b"), "'Summons' (it covers Special Summons)"),
    (re.compile(r"\bMain Deck (?:[a-z]+ )?Phantoms?\b"),
     "'Main Deck' is a place ('from your Main Deck'); for the kind of card write "
     "'(not an Extra Deck Phantom)'"),
    (re.compile(r"\b[Ee]very (?:Phantom|card|Spirit|Counter)\b"), "'each'"),
)


@dataclass(frozen=True)
class TextWarning:
    """One missing phrase (or banned wording) of one card; `ability` is None for the card."""

    card: str
    ability: int | None
    kind: str
    phrase: str
    message: str

    def __str__(self) -> str:
        where = f"card {self.card!r}"
        if self.ability is not None:
            where += f": abilities[{self.ability}]"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class Phrase:
    """Words the text must contain: `label` is the style's wording, `regex` what is accepted."""

    kind: str
    label: str
    regex: str


# --------------------------------------------------------------------------- phrase helpers


def _flex(text: str) -> str:
    """A literal phrase as a regex whose first letter may be either case."""
    first = text[0]
    head = f"[{first.upper()}{first.lower()}]" if first.isalpha() else re.escape(first)
    return head + re.escape(text[1:])


def _bounded(body: str) -> str:
    return rf"(?<![\w-])(?:{body})(?![\w-])"


def lit(kind: str, label: str, *alternatives: str) -> Phrase:
    """The exact words `label` (or one of `alternatives`), first letter in either case."""
    body = "|".join(_flex(t) for t in (label, *alternatives))
    return Phrase(kind, label, _bounded(body))


def raw(kind: str, label: str, regex: str) -> Phrase:
    return Phrase(kind, label, _bounded(regex))


def _plural(word: str, n: int) -> str:
    return word if n == 1 else f"{word}s"


def _cards(n: int) -> str:
    return f"{n} {_plural('card', n)}"


def _verb_s(base: str, rest: str, kind: str = "verb") -> Phrase:
    """'gain 200 ATK' or 'gains 200 ATK' (the subject decides)."""
    third = base + ("es" if base.endswith(("s", "sh", "ch")) else "s")
    return lit(kind, f"{base} {rest}", f"{third} {rest}")


# --------------------------------------------------------------------------- selectors

_NOUNS = {"phantom": "Phantom", "spirit": "Spirit", "counter": "Counter",
          "environment": "Environment"}
_ZONE_WORDS = {"hand": "hand", "grave": "Graveyard", "deck": "Main Deck", "extra": "Extra Deck"}
_DEFAULT_ZONES = {"phantom": {"phantom", "side"}, "spirit": {"back", "side"},
                  "counter": {"back", "side"}, "environment": {"env"}}
_STAT_WORDS = {"atk": "ATK", "health": "Health", "max_health": "maximum Health",
               "sp_cost": "SP Cost"}


def _default_zones(sel: Selector) -> set[str]:
    zones: set[str] = set()
    for t in sel.types or ("phantom",):
        zones |= _DEFAULT_ZONES[t]
    return zones


def _noun(sel: Selector) -> Phrase:
    if not sel.types:
        return raw("target", "card", r"cards?")
    words = [_NOUNS[t] for t in sel.types]
    regex = " or ".join(re.escape(w) + "s?" for w in words)
    return raw("target", " or ".join(words), regex)


def _stat_phrase(stat: str, op: str, value: int, base: bool) -> Phrase:
    if stat == "level":
        label = {"<=": f"Level {value} or lower", ">=": f"Level {value} or higher",
                 "<": f"Level {value - 1} or lower", ">": f"Level {value + 1} or higher",
                 "==": f"Level {value}", "!=": f"not Level {value}"}[op]
        return lit("target", label)
    word = ("original " if base else "") + _STAT_WORDS[stat]
    label = {"<=": f"{value} or less {word}", ">=": f"{value} or more {word}",
             "<": f"{value - 1} or less {word}", ">": f"{value + 1} or more {word}",
             "==": f"exactly {value} {word}", "!=": f"not {value} {word}"}[op]
    return lit("target", label)


def selector_phrases(sel: Selector, *, base: bool = False, place: bool = True,
                     names: Mapping[str, str] | None = None, phantoms: bool = False) -> list[Phrase]:
    """Every restriction of a selector as words: whose, where, which kind, tag, position, face,
    stats, other/this card, Extra Deck. `place=False` when a source phrase ("from your
    Graveyard") already says whose and where. `base`: stats are printed values (continuous
    effects read printed stats: "original ATK"). `phantoms`: only Phantoms can qualify (a
    Special Summon), so a selector naming no card type still reads "Phantom"."""
    out: list[Phrase] = []
    if sel.this == "only":
        return [lit("target", "this card")]
    if place:
        if sel.side == "you":
            out.append(raw("target", "you control", r"you control|[Yy]our(?! opponent)"))
        elif sel.side == "opponent":
            out.append(raw("target", "your opponent controls",
                           r"your opponent controls|[Yy]our opponent's"))
        for zone in sel.zones:
            if zone not in _default_zones(sel) and zone in _ZONE_WORDS:
                out.append(lit("target", _ZONE_WORDS[zone]))
    if phantoms and not sel.types:
        out.append(_noun(Selector(types=("phantom",))))
    elif sel.types or not place:
        out.append(_noun(sel))
    if sel.tags:
        out.append(raw("target", " or ".join(sel.tags),
                       " or ".join(_flex(t) for t in sel.tags)))
    if sel.position:
        out.append(lit("target", f"{sel.position.capitalize()} Position"))
    if sel.face:
        out.append(lit("target", f"face-{sel.face}"))
    for test in sel.stats:
        out.append(_stat_phrase(test.stat, test.op, test.value, base))
    if sel.this == "exclude":
        out.append(raw("target", "other", r"other|another"))
    if sel.extra is True:
        out.append(lit("target", "Extra Deck Phantom"))
    elif sel.extra is False:
        out.append(lit("target", "(not an Extra Deck Phantom)"))
    if sel.card is not None:
        out.append(lit("target", (names or {}).get(sel.card, sel.card)))
    return out


# --------------------------------------------------------------------------- ability parts

_TRIGGERS_SELF = {
    "summoned": "When this card is Summoned",
    "flipped": "When this card is flipped face up",
    "attacks": "When this card declares an attack",
    "attacked": "When this card is attacked",
    "battle_damage": "When this card deals battle damage",
    "broken": "When this card is Broken",
    "sent_to_grave": "When this card is sent to the Graveyard",
}
_TRIGGERS_OF = {  # with `of:` the card is described by its selector instead of "this card"
    "summoned": "is Summoned",
    "flipped": "is flipped face up",
    "attacks": "declares an attack",
    "attacked": "is attacked",
    "battle_damage": "deals battle damage",
    "broken": "is Broken",
    "sent_to_grave": "is sent to the Graveyard",
}
_WHOSE = {"you": "your turn", "opponent": "your opponent's turn", "any": "each turn"}


def trigger_phrases(ab: Ability, names: Mapping[str, str] | None = None) -> list[Phrase]:
    trig = ab.trigger or ""
    out: list[Phrase] = []
    if trig in _TRIGGERS_SELF:
        if ab.of is None:
            out.append(lit("trigger", _TRIGGERS_SELF[trig]))
        else:
            out.append(lit("trigger", _TRIGGERS_OF[trig]))
            out += selector_phrases(ab.of, names=names)
    elif trig == "draw_phase":
        out.append(lit("trigger", "During each Draw Phase"))
    elif trig == "turn_start":
        out.append(lit("trigger", f"At the start of {_WHOSE[ab.whose]}"))
    elif trig == "turn_end":
        out.append(lit("trigger", f"At the end of {_WHOSE[ab.whose]}"))
    elif trig == "opponent_summons":
        out.append(lit("trigger", "When your opponent Summons a Phantom"))
        if ab.of is not None:
            out += selector_phrases(ab.of, names=names)
    elif trig == "opponent_activates":
        out.append(lit("trigger", "When your opponent activates"))
        if ab.of is not None and ab.of.types:
            out += selector_phrases(ab.of, names=names)
        else:
            out.append(lit("trigger", "When your opponent activates an ability"))
    if ab.optional:
        out.append(lit("trigger", "you may"))
    return out


def _answers(cond: Condition | None) -> list[Condition]:
    """Every `responding_to` test a condition requires (top level or inside `all`)."""
    if cond is None:
        return []
    if cond.kind == "responding_to":
        return [cond]
    if cond.kind == "all":
        return [c for child in cond.children for c in _answers(child)]
    return []


_OWNERS = {"opponent": "your opponent's Phantom", "you": "your Phantom", "any": "a Phantom"}
_SUMMONERS = {"opponent": "your opponent Summons", "you": "you Summon", "any": "a player Summons"}
_ACTIVATORS = {"opponent": "your opponent activates", "you": "you activate",
               "any": "a player activates"}
_ACTORS = {"opponent": "your opponent takes", "you": "you take", "any": "a player takes"}


def answer_phrases(ab: Ability, names: Mapping[str, str] | None = None) -> list[Phrase]:
    """What a response ability answers, from its `responding_to` condition."""
    out: list[Phrase] = []
    for cond in _answers(ab.condition):
        who = cond.player
        sel = cond.select
        for kind in cond.values or ("any",):
            if kind == "attack":
                out.append(lit("answer", f"When {_OWNERS[who]}"))
                out.append(lit("answer", "declares an attack"))
            elif kind == "summon":
                out.append(lit("answer", f"When {_SUMMONERS[who]} a Phantom as a game action"))
            elif kind == "activate":
                what = "an ability"
                if sel is not None and len(sel.types) == 1:
                    what = f"a {_NOUNS[sel.types[0]]}"
                out.append(lit("answer", f"When {_ACTIVATORS[who]} {what}"))
            elif kind == "action":
                out.append(lit("answer", f"When {_ACTORS[who]} a game action"))
        if sel is not None:
            keep = [p for p in selector_phrases(sel, names=names) if p.label not in
                    ("you control", "your opponent controls", "Phantom", "Counter", "Spirit")]
            out += [Phrase("answer", p.label, p.regex) for p in keep]
    return out


def cost_phrase(cost: Cost) -> Phrase | None:
    """The cost clause, written before the effect and ended by a colon: 'Pay 2 SP:'."""
    if cost.empty:
        return None
    parts: list[str] = []
    pays = [f"{n} {unit}" for n, unit in ((cost.sp, "SP"), (cost.lp, "LP")) if n]
    if pays:
        parts.append("pay " + " and ".join(pays))
    if cost.discard:
        parts.append(f"discard {_cards(cost.discard)}")
    if cost.break_self:
        parts.append("Break this card")
    label = " and ".join(parts) + ":"
    return lit("cost", label[0].upper() + label[1:])


def _duration(duration: str) -> Phrase:
    if duration == "turn":
        return lit("duration", TURN)
    return lit("duration", LASTING, LASTING_PLURAL)


_WHO = {"you": "", "opponent": "your opponent ", "both": "each player "}


def _player_verb(eff: Effect, rest: str) -> Phrase:
    """'draw 1 card' / 'your opponent draws 1 card' / 'each player draws 1 card': the
    verb's own words (`Verb.words`: base form, third person)."""
    words = eff.impl.words
    if not words:
        raise ValueError(f"verb {eff.verb!r} writes a player's verb but declares no `words`")
    base, third = words
    if eff.player == "you":
        return lit("verb", f"{base} {rest}")
    return lit("verb", f"{_WHO[eff.player]}{third} {rest}")


_REFS = {
    "self": lit("target", "this card"),
    "attacker": lit("target", "the attacking Phantom"),
    "attack_target": lit("target", "the attacked Phantom"),
    "event_card": raw("target", "that Phantom", r"that Phantom|that card"),
}


def _target(eff: Effect, ab: Ability, names: Mapping[str, str] | None) -> list[Phrase]:
    t = eff.target
    if t is None:
        return []
    if isinstance(t, Selector):
        return [lit("target", "each"), *selector_phrases(t, names=names)]
    if t == "chosen":
        return target_phrases(ab, names)
    return [_REFS[t]]


def target_phrases(ab: Ability, names: Mapping[str, str] | None = None) -> list[Phrase]:
    """An ability's chosen targets: 'target' (or '2 target') and every restriction."""
    if ab.target is None:
        return []
    n = ab.target.count
    word = lit("target", "target") if n == 1 else lit("target", f"{n} target")
    return [word, *selector_phrases(ab.target.select, names=names)]


_STAT_NAMES = {"atk": "ATK", "health": "Health"}


def _modify_words(stats: list[tuple[str, int]]) -> Phrase:
    """'gain 200 ATK and 200 Health' / 'lose 300 ATK' / 'cost 1 less SP' (either verb form)."""
    if len(stats) == 1 and stats[0][0] == "sp_cost":
        n = stats[0][1]
        return _verb_s("cost", f"{abs(n)} {'less' if n < 0 else 'more'} SP")
    gains = all(n >= 0 for _, n in stats if _ != "sp_cost")
    words = " and ".join(f"{abs(n)} {_STAT_NAMES.get(s, s)}" for s, n in stats)
    return _verb_s("gain" if gains else "lose", words)


def effect_phrases(effects: Iterable[Effect], ab: Ability,
                   names: Mapping[str, str] | None = None) -> list[Phrase]:
    """The words of each effect (verb, its targets and duration), effects in order: each
    verb says its own words (`Verb.phrases`, game/engine/verbs). Consecutive effects a verb
    groups (the loader split `modify: {atk, health}` in two) share one phrase."""
    kit = _Kit(ab, names)
    out: list[Phrase] = []
    effects = list(effects)
    i = 0
    while i < len(effects):
        eff = effects[i]
        group = [eff]
        key = eff.impl.group
        if key is not None:
            while (i + 1 < len(effects) and effects[i + 1].impl is eff.impl
                   and key(effects[i + 1]) == key(eff)):
                i += 1
                group.append(effects[i])
        out += eff.impl.phrases(group, kit)
        i += 1
    return out


class _Kit:
    """The style's building blocks a verb's `phrases` use (base.TextKit), bound to the
    ability being read and the set's card names."""

    def __init__(self, ab: Ability, names: Mapping[str, str] | None) -> None:
        self.ab = ab
        self.names = names

    def lit(self, label: str, *alternatives: str) -> Phrase:
        return lit("verb", label, *alternatives)

    def raw(self, label: str, regex: str) -> Phrase:
        return raw("verb", label, regex)

    def choice(self, label: str) -> Phrase:
        return lit("choice", label)

    def verb_s(self, base: str, rest: str) -> Phrase:
        return _verb_s(base, rest)

    def player_verb(self, eff: Effect, rest: str) -> Phrase:
        return _player_verb(eff, rest)

    def target(self, eff: Effect) -> list[Phrase]:
        return _target(eff, self.ab, self.names)

    def duration(self, duration: str) -> Phrase:
        return _duration(duration)

    def effects(self, effects: Sequence[Effect]) -> list[Phrase]:
        return effect_phrases(effects, self.ab, self.names)

    def selector(self, sel: Selector, *, place: bool = True,
                 phantoms: bool = False) -> list[Phrase]:
        return selector_phrases(sel, place=place, names=self.names, phantoms=phantoms)

    def modify(self, stats: list[tuple[str, int]]) -> Phrase:
        return _modify_words(stats)

    def answers(self) -> set[str]:
        return {k for c in _answers(self.ab.condition) for k in c.values}

    def cards(self, n: int) -> str:
        return _cards(n)

    def zone_word(self, zone: str) -> str:
        return _ZONE_WORDS[zone]


def static_phrases(ab: Ability, names: Mapping[str, str] | None = None) -> list[Phrase]:
    st = ab.static
    if st is None:
        return []
    out: list[Phrase] = []
    stats = [(s, getattr(st, s)) for s in ("atk", "health") if getattr(st, s)]
    if stats:
        out.append(_modify_words(stats))
    if st.sp_cost:
        out.append(_modify_words([("sp_cost", st.sp_cost)]))
    if st.cannot_attack:
        out.append(lit("verb", "cannot attack"))
    if st.protected:
        out.append(_verb_s("survive", "being Broken"))
    return out + selector_phrases(st.affects, base=True, names=names)


def ability_phrases(card: CardDef, ab: Ability,
                    names: Mapping[str, str] | None = None) -> list[Phrase]:
    """Every phrase the text of one ability needs, each once."""
    out: list[Phrase] = []
    if ab.start is Start.STATIC:
        out += static_phrases(ab, names)
    else:
        if ab.speed != DEFAULT_SPEED.get(card.type, 1):
            out.append(lit("speed", f"Speed {ab.speed}"))
        if ab.once_per_turn:
            out.append(lit("once_per_turn", "Once per turn"))
        if ab.start is Start.TRIGGER:
            out += trigger_phrases(ab, names)
        if ab.start is Start.RESPONSE:
            out += answer_phrases(ab, names)
            if card.type is CardType.COUNTER and has_real_condition(ab.condition):
                out.append(lit("condition", "Condition:"))
        cost = cost_phrase(ab.cost)
        if cost is not None:
            out.append(cost)
        out += target_phrases(ab, names)
        out += effect_phrases(ab.effects, ab, names)
    seen: set[str] = set()
    unique = []
    for p in out:  # one ability needs each phrase once, whatever kind asked for it
        if p.regex not in seen:
            seen.add(p.regex)
            unique.append(p)
    return unique


def card_phrases(card: CardDef, names: Mapping[str, str] | None = None) -> list[Phrase]:
    """Phrases of the card as a whole: Lasting, and how an Extra Deck Phantom is summoned."""
    out: list[Phrase] = []
    if card.lasting:
        out.append(lit("lasting", "Lasting."))
    if card.is_phantom and card.extra:
        out.append(lit("summon", "Special Summon from the Extra Deck"))
        if card.materials is not None:
            n = card.materials.count
            out.append(lit("summon", f"by sending {n}"))
            out += [Phrase("summon", p.label, p.regex)
                    for p in selector_phrases(card.materials.select, names=names)]
            out.append(lit("summon", "to the Graveyard"))
    return out


# --------------------------------------------------------------------------- the lint


def _count(regex: str, text: str, cache: dict[str, int]) -> int:
    if regex not in cache:
        cache[regex] = len(re.findall(regex, text))
    return cache[regex]


def lint_card(card: CardDef, names: Mapping[str, str] | None = None) -> list[TextWarning]:
    """Warnings for one card: each phrase its data needs that its text lacks, and banned words."""
    warnings: list[TextWarning] = []
    needed: Counter[tuple[str, str]] = Counter()
    counts: dict[str, dict[str, int]] = {}

    def need(index: int | None, phrase: Phrase, text: str) -> None:
        key = (text, phrase.regex)
        needed[key] += 1
        have = _count(phrase.regex, text, counts.setdefault(text, {}))
        if needed[key] > have:
            again = " (once more: another ability needs it too)" if have else ""
            warnings.append(TextWarning(
                card.id, index, phrase.kind, phrase.label,
                f"missing {phrase.kind.replace('_', '-')} phrase {phrase.label!r}{again}"))

    for phrase in card_phrases(card, names):
        need(None, phrase, card.text)
    for i, ab in enumerate(card.abilities):
        text = ab.text or card.text
        for phrase in ability_phrases(card, ab, names):
            need(i, phrase, text)
    texts = [card.text, *(ab.text for ab in card.abilities if ab.text)]
    for pattern, instead in BANNED:
        for text in texts:
            found = pattern.search(text)
            if found:
                warnings.append(TextWarning(card.id, None, "wording", found.group(0),
                                            f"wording {found.group(0)!r}: write {instead}"))
    return warnings


def lint_cards(cards: Mapping[str, CardDef] | Iterable[CardDef],
               only: Iterable[str] | None = None) -> list[TextWarning]:
    """Warnings for every card of a set (or only the ids in `only`), in the set's order."""
    pool = list(cards.values()) if isinstance(cards, Mapping) else list(cards)
    names = {c.id: c.name for c in pool}
    wanted = None if only is None else set(only)
    out: list[TextWarning] = []
    for card in pool:
        if wanted is None or card.id in wanted:
            out += lint_card(card, names)
    return out
