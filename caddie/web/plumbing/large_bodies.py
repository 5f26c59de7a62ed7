"""Routes that take a whole file (an export, a match's record) raise the app's request limit for
themselves."""

from __future__ import annotations

from flask import request

from caddie.core.export_format import MAX_BYTES

FORM_AROUND = 64 * 1024  # the form's other fields and the multipart boundaries
REQUEST_LIMIT = MAX_BYTES + FORM_AROUND  # the file, or the checked document sent back, plus the form around it


def allow_a_whole_export() -> None:
    """Let this request be as large as an export (call it before anything reads the body)."""
    allow_a_file_of(MAX_BYTES)


def allow_a_file_of(size: int) -> None:
    """Let this request carry a file of ``size`` bytes and the form around it (call it before
    anything reads the body)."""
    request.max_content_length = size + FORM_AROUND
    request.max_form_memory_size = size + FORM_AROUND
