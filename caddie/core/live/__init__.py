"""Live tables: one digital match with several people at it (``docs/live-tables.md``).

Pure Python, like the rest of the core: the lobby and its seats (``table``), the
codes people type to join (``codes``), and the two doors a seat plays through,
the page's moves and a program's caddie-shaped view and answer (``programs``).
"""
