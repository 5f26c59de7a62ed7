"""The JSON API's requests and answers, one pydantic model each (docs/api.md): each request model
validates its body and, with its answers, writes the OpenAPI 3.1 document
(``caddie.web.api.spec``). ``says`` holds what every request model shares (its sentences, the one
translator of a refusal); ``shared`` and ``courses`` the models more than one area uses; then one
module an area: ``tally``, ``advice`` (the caddie), ``ledger`` (rounds), ``live`` (live tables),
``data`` (export and import) and ``meta`` (the document itself)."""

from caddie.openapi.ledger import EXAMPLE_EDIT_TOKEN, EXAMPLE_ROUND_ID, EXAMPLE_SHARE_TOKEN

__all__ = ["EXAMPLE_EDIT_TOKEN", "EXAMPLE_ROUND_ID", "EXAMPLE_SHARE_TOKEN"]
