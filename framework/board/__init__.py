"""The board: hex geometry, tiles on the map, track, tokens and routes."""
