"""Replays in the client: recording each duel, the list of replays, the replay viewer."""
