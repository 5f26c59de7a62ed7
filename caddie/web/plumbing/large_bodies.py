"""Routes that take a whole export file raise the app's request limit for themselves."""

from __future__ import annotations

from flask import request

from caddie.core.export_format import MAX_BYTES

REQUEST_LIMIT = MAX_BYTES + 64 * 1024  # the file, or the checked document sent back, plus the form around it


def allow_a_whole_export() -> None:
    """Let this request be as large as an export (call it before anything reads the body)."""
    request.max_content_length = REQUEST_LIMIT
    request.max_form_memory_size = REQUEST_LIMIT
