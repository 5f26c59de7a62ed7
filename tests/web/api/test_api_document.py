"""The served OpenAPI document is the whole API: every ``/api/v1`` route of the app is in it, with
every method it takes, and the document is valid OpenAPI 3.1 by the specification's own validator
(``openapi-spec-validator``), not only by the JSON Schema checks of ``openapi_check``."""

from __future__ import annotations

import re

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from tests.web.api.openapi_check import fetch_document

IGNORED_METHODS = {"HEAD", "OPTIONS"}  # Flask's own answers to every route


def routes_of(app) -> set[tuple[str, str]]:
    """(path, method) of every ``/api/v1`` route, the path written as OpenAPI writes it."""
    routes = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1/"):
            continue
        path = re.sub(r"<(?:[a-z_]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        routes |= {(path, method.lower()) for method in rule.methods - IGNORED_METHODS}
    return routes


def documented_routes(doc) -> set[tuple[str, str]]:
    return {(path, method) for path, operations in doc["paths"].items() for method in operations}


def test_every_api_route_of_the_app_is_in_the_document_and_nothing_else(app, client):
    routes = routes_of(app)
    assert len(routes) >= 18  # the check sees the API: the tallies, the caddie, rounds, tables, data
    assert documented_routes(fetch_document(client)) == routes


def test_a_route_missing_from_the_document_is_found(app, client):
    """The check above can fail: a route the document leaves out is one the comparison names."""
    doc = fetch_document(client)
    del doc["paths"]["/api/v1/tally/clubs"]
    assert routes_of(app) - documented_routes(doc) == {("/api/v1/tally/clubs", "post")}


def test_the_document_is_valid_openapi_3_1(client):
    doc = fetch_document(client)
    assert doc["openapi"].startswith("3.1.")
    validate(doc)  # raises on anything the OpenAPI 3.1 specification does not allow


@pytest.mark.parametrize(
    "break_it",
    [
        lambda doc: doc["paths"]["/api/v1/tally/grid"]["post"]["responses"].clear(),
        lambda doc: doc["paths"]["/api/v1/tally/grid"]["post"].update(parameters=[{"name": "x"}]),
        lambda doc: doc["info"].pop("title"),
    ],
)
def test_the_validator_refuses_a_broken_document(client, break_it):
    doc = fetch_document(client)
    break_it(doc)
    with pytest.raises(OpenAPIValidationError):
        validate(doc)
