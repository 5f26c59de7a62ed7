"""JSON API v1 (DESIGN.md section 5)."""

from flask import Blueprint

from caddie.extensions import csrf

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)
