"""The base of every form the app's pages post: text fields get text, never a file or JSON.

Flask-WTF's ``FlaskForm`` also reads a form from uploaded files and from a
JSON body. None of our pages posts either to a text field, and a string
field handed a file (``Content-Disposition: ...; filename=``) or a JSON value
(a list, an object, a number) crashed the views that call ``.strip()`` on it.
``PageForm`` reads the posted form fields only, plus uploads for its own
``FileField`` fields; anything else a request sends is as if it were absent,
so the form's validation says what is missing.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from flask_wtf.form import _Auto  # FlaskForm's "read the request" marker
from werkzeug.datastructures import CombinedMultiDict, MultiDict


class PageForm(FlaskForm):
    class Meta(FlaskForm.Meta):
        def wrap_formdata(self, form, formdata):
            if formdata is not _Auto:
                return formdata
            if not request or request.method not in ("POST", "PUT", "PATCH", "DELETE"):
                return None
            uploads = {name for name, field in form._fields.items() if isinstance(field, FileField)}
            files = MultiDict([(name, upload) for name, upload in request.files.items(multi=True) if name in uploads])
            if files:
                return CombinedMultiDict((files, request.form))
            return request.form or None


def first_error(errors: Any) -> str:
    """The first message in WTForms' ``form.errors``, however nested (a ``FieldList`` of
    ``FormField`` reports a list of dicts)."""
    if isinstance(errors, str):
        return errors
    values = errors.values() if isinstance(errors, dict) else errors if isinstance(errors, (list, tuple)) else ()
    for value in values:
        found = first_error(value)
        if found:
            return found
    return ""
