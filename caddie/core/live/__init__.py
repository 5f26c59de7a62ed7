"""Live tables: one digital match with several people at it (``docs/live-tables.md``).

Pure Python, like the rest of the core: the lobby, its seats and who may do what, and the match
itself (``table``); and the codes people type to join (``codes``). What each game adds for a
table (how it is dealt from the table's settings, how many seats it takes, a program's view and
moves) is that game's ``GameKind``, registered once in ``caddie.core.games``.
"""
