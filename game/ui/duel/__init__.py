"""The duel client: layout, board model, animation, input, the duel, side-deck and result scenes."""
