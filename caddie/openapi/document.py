"""The OpenAPI 3.1 document of the JSON API v1 (docs/api.md), assembled.

The document is built from plain dicts each time it is asked for. To document
a new endpoint, add its schemas to ``SCHEMAS`` and register a builder with
``@operation(path, method)`` in its area's module (``caddie.openapi.registry``
holds both); ``json_operation`` builds the usual shape. Choices (card codes,
rules values, presets, yardage limits) come from ``caddie.core`` so the
document cannot drift from what the code accepts.

The area modules register as they are imported, so the order of the imports
below is the order of the document's schemas and paths.
"""

from __future__ import annotations

import copy
from typing import Any

from caddie.openapi import data  # noqa: F401  (registers; the imports' order is the document's)
from caddie.openapi.registry import OPERATIONS, SCHEMAS, ref

API_VERSION = "1.0.0"


# -- the document ---------------------------------------------------------------

SECURITY_SCHEMES: dict[str, Any] = {
    "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "A round's `edit_token` reads and writes it from any client, until the round's owner "
        "replaces its edit link or stops sharing it; its `share_token` only reads. Both come back when the round "
        "is created.",
    },
    "browserSession": {
        "type": "apiKey",
        "in": "cookie",
        "name": "session",
        "description": "The signed session cookie: the browser that created a round reads, writes and deletes "
        "it; a browser that opened the round's current edit link reads and writes it. Named `__Host-session` "
        "where the server's cookies are Secure (HTTPS), `session` over plain http.",
    },
}


def legacy_document() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document, freshly built (callers may change it)."""
    paths: dict[str, dict[str, Any]] = {}
    for path, method, builder in OPERATIONS:
        paths.setdefault(path, {})[method] = builder()
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
        "info": {
            "title": "Caddie & Tally API",
            "version": API_VERSION,
            "summary": "Score Golf card game hands and keep a round's scorecard: Grid Golf and Club Cards.",
            "description": 'Every input error answers 400 with `{"error": "a sentence a player understands", '
            '"field": "..."}`; bad input is never a 500. Requests are JSON objects sent with '
            "`Content-Type: application/json`; fields not listed for a request are refused. "
            "A round the caller may not see answers 404, exactly like one that does not exist; "
            "a caller who may read a round but not write it gets 403.",
        },
        "tags": [
            {"name": "Tally", "description": "Score a finished hand."},
            {"name": "Ledger", "description": "Keep a round's scorecard: Out, In, Total, Thru, Delta."},
            {"name": "Data", "description": "Everything a browser keeps, out as one document and back in."},
            {"name": "Live tables", "description": "Sit at a live table: seats, joining, the seat's view, moves."},
            {"name": "Meta", "description": "About the API."},
        ],
        "paths": paths,
        "components": {
            "schemas": copy.deepcopy(SCHEMAS),
            "securitySchemes": copy.deepcopy(SECURITY_SCHEMES),
            "responses": {
                "MethodNotAllowed": {
                    "description": "The address does not take this HTTP method.",
                    "content": {
                        "application/json": {
                            "schema": ref("Error"),
                            "example": {"error": "GET is not allowed here.", "field": None},
                        }
                    },
                },
            },
        },
    }
