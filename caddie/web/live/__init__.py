"""Live tables on the web (``docs/live-tables.md``): the pages, the live stream, and the two
threads each app process runs for them (``changes``: who is waiting for which table;
``driver``: the computers' moves and the turn clock)."""
