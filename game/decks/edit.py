"""The deck being edited: counts per list, the book's limits checked on every addition,
undo and redo. Pure (no pygame, no files), so the deck builder's rules are tested alone.

An addition or move that would break a limit (3 copies of a card across the deck, Main at
most 50, Side 20, Extra 10, Extra Deck Phantoms only in the Extra Deck and never in the
Main Deck) is refused with the reason and changes nothing. Limits that an unfinished deck
breaks anyway (Main below 30) are problems of the deck (`problems()`), shown all the time.
A deck read from a file may break any of them; it still opens, and every edit that does
not make things worse is allowed so it can be fixed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from game.decks.deck import (
    COPIES_RULE,
    EXTRA_MAX,
    LISTS,
    LISTS_RULE,
    MAIN_MAX,
    MAIN_MIN,
    MAX_COPIES,
    SIDE_MAX,
    Deck,
    Refused,
    validate_deck,
)
from game.engine.carddefs import CardDef

LIST_MAX = {"main": MAIN_MAX, "side": SIDE_MAX, "extra": EXTRA_MAX}
LIST_TITLES = {"main": "Main Deck", "side": "Side Deck", "extra": "Extra Deck"}
HISTORY = 500


@dataclass(frozen=True)
class DeckState:
    """One moment of the deck, for undo: name and (card id, count) pairs per list."""

    name: str
    main: tuple[tuple[str, int], ...]
    side: tuple[tuple[str, int], ...]
    extra: tuple[tuple[str, int], ...]


RULES_CITED = (COPIES_RULE, LISTS_RULE)  # every rule a deck refusal names (game/rules/texts.py)


class DeckEditor:
    def __init__(self, deck: Deck, pool: Mapping[str, CardDef]) -> None:
        self.pool = pool
        self.name = deck.name
        self.description = deck.description  # kept as the file had it (not edited here)
        self.lists: dict[str, Counter[str]] = {
            name: Counter(getattr(deck, name)) for name in LISTS}
        self._undo: list[DeckState] = []
        self._redo: list[DeckState] = []
        self._saved: DeckState | None = self.state()

    # ------------------------------------------------------------ reading
    def state(self) -> DeckState:
        return DeckState(self.name, *(tuple(self.lists[n].items()) for n in LISTS))

    def deck(self) -> Deck:
        """The deck as the rest of the game knows it (ids repeated by count)."""
        return Deck(self.name, *(tuple(cid for cid, n in self.lists[name].items()
                                       for _ in range(n)) for name in LISTS),
                    description=self.description)

    def count(self, card_id: str, lname: str | None = None) -> int:
        if lname is not None:
            return self.lists[lname][card_id]
        return sum(self.lists[n][card_id] for n in LISTS)

    def size(self, lname: str) -> int:
        return sum(self.lists[lname].values())

    def entries(self, lname: str) -> list[tuple[str, int]]:
        """(card id, count) of one list, in reading order: type, Level, name."""
        def key(item: tuple[str, int]) -> tuple[object, ...]:
            cdef = self.pool.get(item[0])
            if cdef is None:
                return (9, 0, item[0])
            order = {"phantom": 0, "spirit": 1, "counter": 2, "environment": 3}[cdef.type.value]
            return (order, cdef.level, cdef.name.lower())
        return sorted(((c, n) for c, n in self.lists[lname].items() if n > 0), key=key)

    def problems(self) -> list[str]:
        """Everything that keeps the deck from being legal (empty: legal)."""
        return validate_deck(self.deck(), self.pool)

    @property
    def legal(self) -> bool:
        return not self.problems()

    @property
    def dirty(self) -> bool:
        """Changed since it was opened or last saved."""
        return self.state() != self._saved

    def mark_saved(self) -> None:
        self._saved = self.state()

    def mark_unsaved(self) -> None:
        """Treat the deck as not saved anywhere (an import, not yet a file)."""
        self._saved = None

    def card_name(self, card_id: str) -> str:
        cdef = self.pool.get(card_id)
        return cdef.name if cdef is not None else card_id

    # ------------------------------------------------------------- checks
    def check_add(self, card_id: str, lname: str, moving_from: str | None = None) -> str | None:
        """Why one copy of `card_id` may not go into `lname` now (None: it may); a refusal
        by a deck rule is a `Refused`, naming the RULES.md rule it keeps (M1, M2)."""
        if lname not in LISTS:
            return f"there is no {lname!r} list (main, side or extra)"
        cdef = self.pool.get(card_id)
        if cdef is None:
            return f"{card_id!r} is not a card of this set"
        if moving_from is None and self.count(card_id) >= MAX_COPIES:
            return Refused(f"{cdef.name}: the deck already has {self.count(card_id)} copies; at most "
                           f"{MAX_COPIES} of a card across Main, Side and Extra", COPIES_RULE)
        if self.size(lname) >= LIST_MAX[lname]:
            return Refused(f"the {LIST_TITLES[lname]} is full: at most {LIST_MAX[lname]} cards", LISTS_RULE)
        if lname == "extra" and not cdef.extra:
            return Refused(f"{cdef.name} is not an Extra Deck Phantom; only those go in the Extra Deck",
                           LISTS_RULE)
        if lname == "main" and cdef.extra:
            return Refused(f"{cdef.name} is an Extra Deck Phantom: it goes in the Extra Deck, not the "
                           "Main Deck", LISTS_RULE)
        return None

    # -------------------------------------------------------------- edits
    def _push(self) -> None:
        self._undo.append(self.state())
        del self._undo[:-HISTORY]
        self._redo.clear()

    def add(self, card_id: str, lname: str) -> str | None:
        """Add one copy; returns the refusal reason, or None when added."""
        reason = self.check_add(card_id, lname)
        if reason is None:
            self._push()
            self.lists[lname][card_id] += 1
        return reason

    def remove(self, card_id: str, lname: str) -> str | None:
        """Take one copy out of `lname`; returns why not, or None when removed."""
        if lname not in LISTS or self.lists[lname][card_id] <= 0:
            where = LIST_TITLES.get(lname, lname)
            return f"the {where} has no {self.card_name(card_id)}"
        self._push()
        self.lists[lname][card_id] -= 1
        if self.lists[lname][card_id] == 0:
            del self.lists[lname][card_id]
        return None

    def move(self, card_id: str, src: str, dst: str) -> str | None:
        """Move one copy from `src` to `dst` (the copy count stays the same)."""
        if src == dst:
            return None
        if src not in LISTS or self.lists[src][card_id] <= 0:
            return f"the {LIST_TITLES.get(src, src)} has no {self.card_name(card_id)}"
        reason = self.check_add(card_id, dst, moving_from=src)
        if reason is None:
            self._push()
            self.lists[src][card_id] -= 1
            if self.lists[src][card_id] == 0:
                del self.lists[src][card_id]
            self.lists[dst][card_id] += 1
        return reason

    def where(self, card_id: str) -> str | None:
        """The first list holding `card_id` (Main, then Side, then Extra)."""
        return next((n for n in LISTS if self.lists[n][card_id] > 0), None)

    def rename(self, name: str) -> str | None:
        name = " ".join(name.split())
        if not name:
            return "a deck needs a name"
        if name != self.name:
            self._push()
            self.name = name
        return None

    def clear(self) -> None:
        self._push()
        for name in LISTS:
            self.lists[name].clear()

    def replace(self, deck: Deck) -> None:
        """Load `deck` into this editor as one undoable edit (an import)."""
        self._push()
        self.name = deck.name
        for name in LISTS:
            self.lists[name] = Counter(getattr(deck, name))

    # --------------------------------------------------------------- undo
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _restore(self, state: DeckState) -> None:
        self.name = state.name
        for name in LISTS:
            self.lists[name] = Counter(dict(getattr(state, name)))

    def change_words(self, before: DeckState, after: DeckState) -> str:
        """What going from `before` to `after` did, in words: "Ember Imp +1 in the Main Deck"."""
        parts = []
        if before.name != after.name:
            parts.append(f"name \u2192 \u201c{after.name}\u201d")
        for lname in LISTS:
            old, new = dict(getattr(before, lname)), dict(getattr(after, lname))
            for cid in sorted(set(old) | set(new), key=self.card_name):
                d = new.get(cid, 0) - old.get(cid, 0)
                if d:
                    parts.append(f"{self.card_name(cid)} {d:+d} in the {LIST_TITLES[lname]}")
        if len(parts) > 2:
            parts = [*parts[:2], f"{len(parts) - 2} more"]
        return ", ".join(parts)

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self.state())
        self._restore(self._undo.pop())
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self.state())
        self._restore(self._redo.pop())
        return True


def main_needs(editor: DeckEditor) -> str:
    """A short line about the Main Deck's size ("12 more cards needed", "ready")."""
    n = editor.size("main")
    if n < MAIN_MIN:
        return f"{MAIN_MIN - n} more card{'s' if MAIN_MIN - n != 1 else ''} needed"
    return f"{n} of {MAIN_MIN}\u2013{MAIN_MAX}"
