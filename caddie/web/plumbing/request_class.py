"""The app's request class: a multipart part without a name is dropped, not a ``None`` key.

Werkzeug files a multipart part whose ``Content-Disposition`` names no field
under the key ``None``. Flask-WTF's CSRF check (``key.endswith(...)``) and
WTForms' ``FieldList`` (``key.startswith(...)``) then raise on it, a 500 for
any form post. No browser sends such a part, so it is dropped as it is read:
the request goes on as if it had not been sent.
"""

from __future__ import annotations

from flask import Request as FlaskRequest
from werkzeug.formparser import FormDataParser


class NamedFieldsParser(FormDataParser):
    def parse(self, *args, **kwargs):
        stream, form, files = super().parse(*args, **kwargs)
        return stream, _named(form), _named(files)


def _named(data):
    if all(isinstance(key, str) for key in data.keys()):
        return data
    kept = []
    for key, value in data.items(multi=True):
        if isinstance(key, str):
            kept.append((key, value))
        elif hasattr(value, "close"):
            value.close()  # a dropped file part: closing the request would no longer reach it
    return type(data)(kept)


class Request(FlaskRequest):
    form_data_parser_class = NamedFieldsParser
