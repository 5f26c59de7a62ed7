"""The Meta area of the OpenAPI document: the operation serving the document itself."""

from __future__ import annotations

from typing import Any

from caddie.openapi.registry import operation


@operation("/api/v1/openapi.json", "get")
def _openapi() -> dict[str, Any]:
    return {
        "operationId": "openapi",
        "summary": "This document",
        "tags": ["Meta"],
        "responses": {
            "200": {
                "description": "The OpenAPI 3.1 document of the API.",
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
    }
