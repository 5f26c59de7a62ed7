"""The OpenAPI 3.1 document of the JSON API v1, served at /api/v1/openapi.json.

``registry`` holds the schemas and operations registry and the shared helpers;
``tally``, ``advice`` (the caddie), ``ledger_schemas`` and ``ledger`` (rounds),
``meta`` and ``data`` (export and import) each document one area; ``document``
imports them in the document's order and assembles ``openapi_document()``.
"""

from caddie.openapi.document import legacy_document
from caddie.openapi.ledger import EXAMPLE_EDIT_TOKEN, EXAMPLE_ROUND_ID, EXAMPLE_SHARE_TOKEN

__all__ = ["legacy_document", "EXAMPLE_EDIT_TOKEN", "EXAMPLE_ROUND_ID", "EXAMPLE_SHARE_TOKEN"]
