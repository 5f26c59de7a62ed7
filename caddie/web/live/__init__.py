"""Tables on the web (``docs/live-tables.md``): the pages of every table (a solo match's
included), the live stream, and the Flask glue of the two threads each serving process runs
(``changes``: who is waiting for which table; ``driver``: the computers' moves and the turn
clock), which live in ``caddie.store.live_changes`` and ``caddie.store.live_driver``."""
