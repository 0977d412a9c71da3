"""What a saved duel was played under: the data of its cards and its rules, kept with it.

The game is tuned between versions (card numbers, rules numbers), so a replay, a suspended
duel and the autosave keep the definition of every card their decks hold, as its card file
wrote it (the docs/cards.md vocabulary: the very mapping, `on:` spelt "on"), next to the
rules they already keep. Played again on that data, today's engine puts the duel back as it
was; compared with today's data, it says what changed since (docs/files.md, "Replays").

The kept data is read back by the one card reader (game.cards.parse_cards): a kept card is
checked like a card file's. A card built in code (a test's plain Phantom, no abilities) is
kept as the plain mapping that reads back to it. No pygame, no files here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.engine import CardDef, CardType, Rules
from game.engine.index import CardPool

# one card's kept data: its mapping as its card file had it (the card reader checks it)
CardData = dict[str, Any]
MAX_KEPT = 400  # distinct cards a saved duel may keep: far above two decks


class KeptDataError(ValueError):
    """Kept card data that cannot be read back; the message is one line."""


def _plain_source(card: CardDef) -> dict[str, Any] | None:
    """A card without abilities as the mapping a card file would write for it."""
    if card.abilities or card.summon_condition is not None or card.materials is not None:
        return None
    data: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type.value,
                            "text": card.text}
    if card.type is CardType.PHANTOM:
        data.update(level=card.level, atk=card.atk, health=card.health)
        if card.extra:
            return None  # an Extra Deck Phantom needs a summon condition
    if card.lasting:
        data["lasting"] = True
    if card.tags:
        data["tags"] = list(card.tags)
    return data


def keep_cards(pool: Mapping[str, CardDef], ids: Iterable[str]) -> list[CardData]:
    """The kept data of every distinct card of `ids` (sorted by id): each card's own mapping.
    KeptDataError if a card is unknown or was not read from card data (and is not plain)."""
    from game.cards.loader import card_source

    out = []
    for cid in sorted(set(ids)):
        card = pool.get(cid)
        if card is None:
            raise KeptDataError(f"card {cid!r} is not in the card set")
        data = card_source(pool, cid)
        if data is None:
            data = _plain_source(card)
        if data is None:
            raise KeptDataError(f"card {cid!r}: its card data is not known (it was not read "
                                "from a card file)")
        out.append(data)
    if len(out) > MAX_KEPT:
        raise KeptDataError(f"more than {MAX_KEPT} distinct cards")
    return out


def read_cards(data: object, where: str = "cards") -> CardPool:
    """Kept card data back as a card pool (id -> CardDef), checked by the card reader;
    KeptDataError naming the first problem otherwise."""
    from game.cards import CardDataError, parse_card_pool

    if not isinstance(data, list) or not data or len(data) > MAX_KEPT:
        raise KeptDataError(f"{where}: expected a list of 1 to {MAX_KEPT} cards")
    try:
        return parse_card_pool(data, where)
    except CardDataError as exc:
        raise KeptDataError(" ".join(str(exc).splitlines()[0].split())[:300]) from None
    except RecursionError:
        raise KeptDataError(f"{where}: nested too deeply") from None


def changed_cards(kept: Mapping[str, CardDef], today: Mapping[str, CardDef]) -> list[str]:
    """What changed since, card by card, in words: "Ember Imp (atk 1200 -> 1400)",
    "Old Card (no longer in the card set)"."""
    out = []
    for cid in sorted(kept):
        then, now = kept[cid], today.get(cid)
        if now is None:
            out.append(f"{then.name} (no longer in the card set)")
        elif now != then:
            out.append(f"{then.name} ({_card_change(then, now)})")
    return out


def _card_change(then: CardDef, now: CardDef) -> str:
    parts = []
    for name in ("name", "type", "level", "atk", "health", "extra", "lasting", "tags"):
        a, b = getattr(then, name), getattr(now, name)
        if a != b:
            a, b = (x.value if isinstance(x, CardType) else x for x in (a, b))
            parts.append(f"{name} {a} -> {b}")
    if then.abilities != now.abilities or then.summon_condition != now.summon_condition \
            or then.materials != now.materials:
        parts.append("its abilities changed")
    elif then.text != now.text and not parts:
        parts.append("its text changed")
    return ", ".join(parts) or "its data changed"


def changed_rules(kept: Rules, today: Rules) -> list[str]:
    """The rules numbers that changed since, in words: "starting_lp 8000 -> 10000"."""
    a, b = kept.to_dict(), today.to_dict()
    return [f"{k} {a[k]} -> {b[k]}" for k in a if a[k] != b.get(k)]


def what_changed(kept_cards: Mapping[str, CardDef] | None, kept_rules: Rules,
                 today_cards: Mapping[str, CardDef], today_rules: Rules) -> str:
    """One sentence of what changed since ("" when nothing did): the cards, then the rules."""
    cards = changed_cards(kept_cards, today_cards) if kept_cards is not None else []
    rules = changed_rules(kept_rules, today_rules)
    parts = []
    if cards:
        parts.append("cards changed since: " + "; ".join(cards[:6])
                     + (f" and {len(cards) - 6} more" if len(cards) > 6 else ""))
    if rules:
        parts.append("rules changed since: " + ", ".join(rules))
    return "; ".join(parts)
