"""The registry the OpenAPI document is built from, and what every area shares.

``SCHEMAS`` holds the components' schemas (the area modules add theirs, in the
order the document lists them) and ``operation`` registers a builder of an
operation object. Also here: ``ref``, the ``Error`` schema, ``json_operation``
(the usual JSON-in, JSON-out shape), the response and example helpers the
areas share, and the examples' common pieces (``rules_example``,
``error_example``).

Examples are named: a request example called ``x`` answers with the response
example called ``x``, under ``200`` or ``400``. The test suite sends every
request example and checks that the documented answer comes back.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from caddie.openapi.shared import rules_example  # noqa: F401  (the examples' rules, for the areas here)

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


# -- schemas --------------------------------------------------------------------

_ERROR_FIELD_NOTE = (
    "The request field at fault, as a path into the body (`cards`, `cards[2]`, `rules.king`, "
    "`penalty_chart[1].strokes`), or null when the body as a whole is wrong."
)

SCHEMAS: dict[str, Schema] = {
    "Error": {
        "type": "object",
        "description": "Every input error answers 400 with this body; it is never a 500.",
        "required": ["error", "field"],
        "additionalProperties": False,
        "properties": {
            "error": {"type": "string", "description": "A sentence a player understands."},
            "field": {"type": ["string", "null"], "description": _ERROR_FIELD_NOTE},
        },
    },
}


# -- examples -------------------------------------------------------------------


def error_example(message: str, field: str | None) -> dict[str, Any]:
    return {"error": message, "field": field}


# -- operations -----------------------------------------------------------------

OperationBuilder = Callable[[], dict[str, Any]]
OPERATIONS: list[tuple[str, str, OperationBuilder]] = []


def operation(path: str, method: str) -> Callable[[OperationBuilder], OperationBuilder]:
    """Register a builder of the operation object for ``method`` on ``path``."""

    def register(builder: OperationBuilder) -> OperationBuilder:
        OPERATIONS.append((path, method.lower(), builder))
        return builder

    return register


def json_operation(
    operation_id: str,
    summary: str,
    description: str,
    request_schema: str,
    response_schema: str,
    examples: dict[str, tuple[str, dict, int, dict]],
    tags: list[str],
) -> dict[str, Any]:
    """A JSON-in, JSON-out operation answering 200 or a 400 ``Error``, with paired named examples."""

    def by_status(status: int) -> dict[str, Any]:
        return {
            name: {"summary": summary_, "value": copy.deepcopy(response)}
            for name, (summary_, _, code, response) in examples.items()
            if code == status
        }

    return {
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "tags": tags,
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": ref(request_schema),
                    "examples": {
                        name: {"summary": summary_, "value": copy.deepcopy(request)}
                        for name, (summary_, request, _, _) in examples.items()
                    },
                }
            },
        },
        "responses": {
            "200": {
                "description": "The score, worked out.",
                "content": {"application/json": {"schema": ref(response_schema), "examples": by_status(200)}},
            },
            "400": {
                "description": "The request is not something a player could have on the table; the "
                "message says why and `field` says where.",
                "content": {"application/json": {"schema": ref("Error"), "examples": by_status(400)}},
            },
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


def status_examples(examples: dict[str, tuple[str, dict, int, dict]], status: int) -> dict[str, Any]:
    return {
        name: {"summary": summary, "value": copy.deepcopy(response)}
        for name, (summary, _, code, response) in examples.items()
        if code == status
    }


def request_examples(examples: dict[str, tuple[str, dict, int, dict]]) -> dict[str, Any]:
    return {
        name: {"summary": summary, "value": copy.deepcopy(request)}
        for name, (summary, request, _, _) in examples.items()
    }


def json_response(
    description: str, schema: str, examples: dict[str, Any] | None = None, headers: dict[str, Any] | None = None
) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": ref(schema)}
    if examples:
        content["examples"] = examples
    response = {"description": description, "content": {"application/json": content}}
    if headers:
        response["headers"] = copy.deepcopy(headers)
    return response
