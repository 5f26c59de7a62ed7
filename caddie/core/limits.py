"""Limits that both games, and every door into them, share."""

MAX_DECKS = 4  # the most decks a table uses: eight players at ten-card grids need four; so do eight at Club Cards
