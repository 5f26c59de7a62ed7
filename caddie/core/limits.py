"""Limits that both games, and every door into them, share."""

MAX_DECKS = 4  # the most decks a table uses: eight players at ten-card grids need four; so do eight at Club Cards

# What one import of a "Your data" file may add (docs/decisions.md, "Your data"). A real table
# never comes near them: 500 rounds is a round a week for nearly ten years, 20,000 scores are 500
# nine-hole rounds of four (280 of eighteen), and a person keeps a handful of courses. A file
# that would add more is refused whole, so one anonymous request cannot grow the database by
# hundreds of thousands of rows and hold the writers' lock for seconds.
IMPORT_ROUNDS = 500
IMPORT_SCORES = 20_000
IMPORT_COURSES = 100
# Imports that write, per hour: moving to a new phone or server is one or two, a retry or two more.
IMPORTS_PER_BROWSER_HOUR = 5
IMPORTS_PER_ADDRESS_HOUR = 20  # one Wi-Fi may be a whole club moving at once
