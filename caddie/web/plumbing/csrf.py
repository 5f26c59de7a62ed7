"""The CSRF protection of every form post, created unbound so that blueprints can exempt their JSON endpoints."""

from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
