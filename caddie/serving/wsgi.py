"""The production WSGI application: ``gunicorn -c python:caddie.serving.gunicorn_conf``.

``app`` is built with ``production_config()``: it refuses to exist without a
real ``SECRET_KEY``, sets Secure cookies and logs each request as a JSON line.
Any WSGI server can serve ``caddie.serving.wsgi:app``; migrate first
(``python -m caddie.serving.upgrade``), which the gunicorn configuration does itself.
"""

from __future__ import annotations

from caddie import create_app
from caddie.config import production_config

app = create_app(production_config())
