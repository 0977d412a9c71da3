"""A best-of-3 match over the engine: duel results, who goes first, side-decking between duels.

Rules (rules-decisions.md, "Decks and match"; OCG where the book is silent):

- A match is at most ``MAX_DUELS`` (3) duels. It ends as soon as a player has two duel wins,
  or when three duels have been played. A drawn duel counts as a played duel.
  After three duels the player with more wins takes the match (so one win plus draws wins);
  equal wins (1-1-1, or three draws) is a drawn match.
- First player: the first duel's is a coin toss from the match seed. After a duel that someone
  won, the loser chooses (``choose_first``); if they have not chosen when the next duel starts,
  the loser goes first. After a drawn duel nobody chooses: a fresh coin toss from the match
  seed decides, so a draw favours no one.
- Between duels (after the first duel and before the next starts) each player may rearrange
  their Deck (``side_deck``/``move_card``): the same cards in total across Main, Side and
  Extra, and every list legal by ``validate_deck``. A refused rearrangement changes nothing.
- Every duel's seed is derived from the match seed and the duel's number, so the match seed
  and the commands replay the whole match.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.decks.deck import LISTS, Deck, parse_deck, validate_deck
from game.engine import Duel, Player, Rules
from game.engine.carddefs import CardDef

MAX_DUELS = 3
WINS_NEEDED = 2
DRAW = -1
MAX_COMMANDS_PER_DUEL = 200_000  # play_match's guard against a player that never ends a turn

_LIST_NAMES = {"main": "Main Deck", "side": "Side Deck", "extra": "Extra Deck"}


class MatchError(ValueError):
    """A match command that is not allowed now; the message says why."""


def derive(seed: int, *parts: object) -> int:
    """A 63-bit number from the match seed and a label: stable across runs and platforms."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


class Match:
    """Two players (0 plays deck_a, 1 plays deck_b; the seats never change) over up to 3 duels."""

    def __init__(self, pool: Mapping[str, CardDef], rules: Rules, deck_a: Deck, deck_b: Deck,
                 seed: int, first: int | None = None) -> None:
        self.pool = pool
        self.rules = rules
        self.seed = seed
        self.first = first  # who goes first in the first duel (None: the coin toss)
        self.decks: list[Deck] = [deck_a, deck_b]
        self.results: list[int] = []  # per finished duel: 0, 1 or DRAW
        self.firsts: list[int] = []  # who went first in each started duel
        self.choice: tuple[int, int] | None = None  # (chooser, chosen first player)
        self.duel: Duel | None = None  # the duel in progress (None between duels)
        for player, deck in enumerate(self.decks):
            problems = validate_deck(deck, pool)
            if problems:
                raise MatchError(f"player {player + 1}'s deck is not legal: " + "; ".join(problems))

    # ------------------------------------------------------------------ state
    @property
    def wins(self) -> list[int]:
        return [self.results.count(0), self.results.count(1)]

    @property
    def over(self) -> bool:
        return max(self.wins) >= WINS_NEEDED or len(self.results) >= MAX_DUELS

    @property
    def winner(self) -> int | None:
        """0 or 1, DRAW (-1) for a drawn match, None while it goes on."""
        if not self.over:
            return None
        a, b = self.wins
        return 0 if a > b else 1 if b > a else DRAW

    @property
    def between_duels(self) -> bool:
        """Side-decking time: a duel has been played, the next has not started."""
        return self.duel is None and bool(self.results) and not self.over

    @property
    def chooser(self) -> int | None:
        """The player who may choose who goes first in the next duel (the last duel's loser)."""
        if self.duel is not None or self.over or not self.results or self.results[-1] == DRAW:
            return None
        return 1 - self.results[-1]

    def duel_seed(self, number: int) -> int:
        """Seed of duel `number` (0-based)."""
        return derive(self.seed, "duel", number)

    def next_first_player(self) -> int:
        """Who goes first in the next duel, as things stand now."""
        number = len(self.results)
        if number == 0 and self.first is not None:
            return self.first
        if number == 0 or self.results[-1] == DRAW:
            return derive(self.seed, "coin", number) % 2
        loser = 1 - self.results[-1]
        if self.choice is not None and self.choice[0] == loser:
            return self.choice[1]
        return loser

    # ------------------------------------------------------------------ flow
    def choose_first(self, player: int, goes_first: bool) -> None:
        """The last duel's loser says whether they go first in the next duel."""
        chooser = self.chooser
        if chooser is None:
            if self.duel is not None:
                raise MatchError("The next duel's first player can only be chosen between duels.")
            if self.over:
                raise MatchError("The match is over.")
            if not self.results:
                raise MatchError("The first duel's first player is decided by a coin toss.")
            raise MatchError("After a drawn duel a coin toss decides who goes first.")
        if player != chooser:
            raise MatchError(f"Player {chooser + 1} lost the last duel and chooses, "
                             f"not player {player + 1}.")
        self.choice = (player, player if goes_first else 1 - player)

    def start_duel(self, auto_pass: bool = True) -> Duel:
        """Start the next duel with both players' current Decks. `auto_pass=False`: the
        client passes for a player itself (it asks as each player's setting says)."""
        if self.over:
            raise MatchError("The match is over.")
        if self.duel is not None:
            raise MatchError("A duel is already in progress; finish it first.")
        first = self.next_first_player()
        number = len(self.results)
        self.duel = Duel(self.pool, self.rules, [d.spec() for d in self.decks],
                         self.duel_seed(number), first_player=first, auto_pass=auto_pass)
        self.firsts.append(first)
        self.choice = None
        return self.duel

    def finish_duel(self) -> int:
        """Record the result of the duel in progress (it must be over); returns its winner."""
        if self.duel is None:
            raise MatchError("No duel is in progress.")
        if not self.duel.over:
            raise MatchError("The duel is not over yet.")
        result: int | None = self.duel.winner
        assert result is not None
        self.results.append(result)
        self.duel = None
        return result

    # ------------------------------------------------------------ side decking
    def side_deck(self, player: int, new_deck: Deck) -> list[str]:
        """Replace `player`'s Deck with a rearrangement of the same cards; [] if accepted.

        Otherwise every problem is returned (each naming the card and the rule) and nothing
        changes.
        """
        if player not in (0, 1):
            return [f"There is no player {player!r} in a match (0 or 1)."]
        if not isinstance(new_deck, Deck):
            return ["Expected a Deck."]
        if not self.between_duels:
            if self.over:
                return ["The match is over: Decks can no longer change."]
            if self.duel is not None:
                return ["A duel is in progress: Decks can only change between duels."]
            return ["Decks can only change between duels, after the first duel."]
        problems = same_cards_problems(self.decks[player], new_deck, self.pool)
        problems += validate_deck(new_deck, self.pool)
        if problems:
            return problems
        self.decks[player] = new_deck
        return []

    def move_card(self, player: int, card_id: str, from_list: str, to_list: str) -> list[str]:
        """Move one copy of `card_id` between `player`'s Main, Side and Extra Decks."""
        if player not in (0, 1):
            return [f"There is no player {player!r} in a match (0 or 1)."]
        problems = []
        for name in (from_list, to_list):
            if name not in LISTS:
                problems.append(f"{name!r} is not a Deck list (main, side or extra).")
        if problems:
            return problems
        deck = self.decks[player]
        source = list(getattr(deck, from_list))
        if card_id not in source:
            label = self.pool[card_id].name if card_id in self.pool else card_id
            return [f"{label} ({card_id}): not in the {_LIST_NAMES[from_list]}."]
        if from_list == to_list:
            return []
        source.remove(card_id)
        target = [*getattr(deck, to_list), card_id]
        lists: dict[str, tuple[str, ...]] = {name: getattr(deck, name) for name in LISTS}
        lists[from_list], lists[to_list] = tuple(source), tuple(target)
        moved = replace(deck, main=lists["main"], side=lists["side"], extra=lists["extra"])
        return self.side_deck(player, moved)

    # ---------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, object]:
        """Plain data for a save. A duel in progress is not included (save it with
        game.engine.serialize); `duel_in_progress` says whether there was one."""
        return {
            "seed": self.seed,
            "decks": [d.to_data() for d in self.decks],
            "results": list(self.results),
            "firsts": list(self.firsts),
            "choice": list(self.choice) if self.choice is not None else None,
            "duel_in_progress": self.duel is not None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], pool: Mapping[str, CardDef], rules: Rules) -> Match:
        """Inverse of to_dict (between duels: a duel that was in progress is not restored)."""
        try:
            decks = [parse_deck(d, f"match deck {i + 1}") for i, d in enumerate(data["decks"])]
            match = cls(pool, rules, decks[0], decks[1], int(data["seed"]))
            match.results = [int(r) for r in data["results"]]
            match.firsts = [int(f) for f in data["firsts"]]
            choice = data.get("choice")
            match.choice = (int(choice[0]), int(choice[1])) if choice else None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise MatchError(f"not a saved match: {exc}") from None
        return match


def same_cards_problems(old: Deck, new: Deck, pool: Mapping[str, CardDef]) -> list[str]:
    """Problems if `new` does not hold exactly the cards of `old` (Main + Side + Extra)."""
    before, after = old.all_cards(), new.all_cards()
    problems = []
    for cid in sorted(set(before) | set(after)):
        had, has = before[cid], after[cid]
        if had == has:
            continue
        label = f"{pool[cid].name} ({cid})" if cid in pool else repr(cid)
        if had == 0:
            problems.append(f"{label}: not one of your cards in this match; "
                            "no card may enter your Deck between duels")
        elif has > had:
            problems.append(f"{label}: {has} copies but you have {had}; "
                            "no card may enter your Deck between duels")
        else:
            problems.append(f"{label}: {has} copies but you have {had}; "
                            "no card may leave your Deck between duels")
    return problems


def play_match(pool: Mapping[str, CardDef], rules: Rules, deck_a: Deck, deck_b: Deck, seed: int,
               players: Sequence[Player]) -> Match:
    """Play a whole match with two `Player`s (`choose(view) -> command`).

    Seats: players[0] plays deck_a, players[1] deck_b. Nobody side-decks, and after a lost
    duel the loser chooses to go first (the default of Match).
    """
    if len(players) != 2:
        raise ValueError("a match needs exactly two players")
    match = Match(pool, rules, deck_a, deck_b, seed)
    while not match.over:
        chooser = match.chooser
        if chooser is not None:
            match.choose_first(chooser, True)
        duel = match.start_duel()
        for _ in range(MAX_COMMANDS_PER_DUEL):
            if duel.over:
                break
            deciding = duel.deciding_player
            assert deciding is not None
            duel.apply(players[deciding].choose(duel.view(deciding)))
        else:
            raise RuntimeError(f"duel {len(match.results) + 1} did not end after "
                               f"{MAX_COMMANDS_PER_DUEL} commands")
        match.finish_duel()
    return match

