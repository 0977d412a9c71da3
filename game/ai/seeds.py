"""Seeds for computer players, derived one way from the seed of the duel or match they play.

A player's seed steers only its own choices, but it must not let that player (or anyone who
reads it) work out anything hidden: with an arithmetic derivation (`duel_seed * 2 + seat`)
one seat's own seed gave back the duel seed, and from it the opponent's hand and both deck
orders. A keyed BLAKE2b digest of the parent seed and the labels is one-way: knowing one
player's seed tells nothing of the parent seed or of the other player's seed. It is the one
home of that derivation: `simulate`, the duel client and the puzzles all use it.
"""

from __future__ import annotations

import hashlib

_PERSON = b"phantom-player"  # the digest's personalisation: seeds made here are of one kind


def player_seed(parent: int, *labels: int | str) -> int:
    """A 64-bit seed for the player named by `labels` (a seat, a game number...) of the duel
    or match seeded with `parent`; the same inputs always give the same seed."""
    text = repr((int(parent), *labels)).encode()
    digest = hashlib.blake2b(text, digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big")
