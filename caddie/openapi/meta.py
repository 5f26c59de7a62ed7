"""The Meta area of the API: the document itself."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class OpenAPIDocument(BaseModel):
    """The OpenAPI 3.1 document of the API."""

    model_config = ConfigDict(extra="allow")
