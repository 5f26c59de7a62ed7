"""Checking the API against its OpenAPI 3.1 document, with the ``jsonschema`` library.

Shared by ``test_api.py`` and ``test_api_rounds.py``: fetching the document, finding
an operation's schemas and examples, checking a value against a schema of the
document (:func:`schema_errors`), checking the document itself
(:func:`document_problems`), and the Hypothesis strategies for junk requests.

OpenAPI 3.1 schemas are JSON Schema 2020-12, so values are checked with
``Draft202012Validator``; ``#/...`` references are resolved against the whole
document.  Two choices are stricter than the library's defaults, on purpose:
an ``integer`` must be sent as a JSON integer (``5``, never ``5.0``, which
JSON Schema would accept), and ``format`` (``date``) is checked, not only noted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, SchemaError
from jsonschema.exceptions import best_match
from jsonschema.validators import extend
from jsonschema_specifications import REGISTRY as META_SCHEMAS
from referencing import Registry
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

OPENAPI = "/api/v1/openapi.json"
# The name the document goes by in the registry its references are resolved in; nothing is fetched.
DOCUMENT_URI = "https://caddie.test" + OPENAPI

Validator = extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _checker, value: type(value) is int),
)


def _dialect_keywords() -> frozenset[str]:
    """The keywords of JSON Schema 2020-12: those of each vocabulary its meta-schema is made of."""
    meta = Draft202012Validator.META_SCHEMA
    resolver = META_SCHEMAS.resolver(meta["$id"])
    return frozenset(
        keyword for part in meta["allOf"] for keyword in resolver.lookup(part["$ref"]).contents["properties"]
    )


# The keywords a schema of the document may use: JSON Schema 2020-12's (the deprecated ones, such
# as "dependencies", are left out: the validator would pass over them) and the OpenAPI base
# dialect's own annotations.  Anything else would be passed over in silence by the validator.
KEYWORDS = _dialect_keywords() | {"discriminator", "xml", "externalDocs", "example"}


def fetch_document(client) -> dict[str, Any]:
    response = client.get(OPENAPI)
    assert response.status_code == 200 and response.is_json, response.get_data(as_text=True)
    return response.get_json()


# -- finding things in the document --------------------------------------------------------------


def resolve(doc: dict[str, Any], ref: str) -> Any:
    """What the ``$ref`` ``ref`` (``#/components/...``) names; raises ``Unresolvable`` if nothing."""
    registry = Registry().with_resource(DOCUMENT_URI, DRAFT202012.create_resource(doc))
    return registry.resolver(DOCUMENT_URI).lookup(ref).contents


def dereferenced(doc: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """``node``, or what it names if it is a ``{"$ref": ...}`` (a response, say)."""
    return resolve(doc, node["$ref"]) if "$ref" in node else node


def response_schema(doc: dict[str, Any], path: str, method: str, status: int) -> dict[str, Any]:
    response = dereferenced(doc, doc["paths"][path][method]["responses"][str(status)])
    return response["content"]["application/json"]["schema"]


def request_schema(doc: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    return doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]


def examples_of(doc: dict[str, Any], path: str, method: str) -> tuple[dict, dict]:
    """Request examples by name, and (status, value) of each response example by name."""
    operation = doc["paths"][path][method]
    requests = {
        name: example["value"]
        for name, example in operation.get("requestBody", {})
        .get("content", {})
        .get("application/json", {})
        .get("examples", {})
        .items()
    }
    responses = {}
    for status, response in operation["responses"].items():
        response = dereferenced(doc, response)
        for name, example in response.get("content", {}).get("application/json", {}).get("examples", {}).items():
            assert name not in responses, f"example {name} answers twice"
            responses[name] = (int(status), example["value"])
    return requests, responses


# -- checking values -----------------------------------------------------------------------------


def schema_errors(value: Any, schema: dict[str, Any], doc: dict[str, Any]) -> list[str]:
    """Why ``value`` does not match ``schema``, a schema of ``doc``: one line a problem, [] if none."""
    # The document is the root schema, with the schema to check as its one assertion, so that
    # every "#/..." reference resolves as it does in the document.
    validator = Validator(dict(doc, allOf=[schema]), format_checker=Validator.FORMAT_CHECKER)
    problems = []
    for error in validator.iter_errors(value):
        problem = f"{error.json_path}: {error.message}"
        if error.context:  # anyOf and the like: the branch that came closest
            closest = best_match(error.context)
            problem += f" (closest: {closest.json_path}: {closest.message})"
        problems.append(problem)
    return problems


def assert_documented(doc: dict[str, Any], path: str, method: str, status: int, body: Any) -> None:
    """``body`` is what the document says ``method`` on ``path`` answers with ``status``."""
    assert str(status) in doc["paths"][path][method]["responses"], (path, method, status, body)
    assert schema_errors(body, response_schema(doc, path, method, status), doc) == [], body


def assert_error(status: int, body: Any, field: str | None, expected_status: int = 400) -> None:
    """``body`` is the API's Error: a sentence a player understands, and the request field at fault."""
    assert status == expected_status, body
    assert set(body) == {"error", "field"}, body
    assert isinstance(body["error"], str) and body["error"].endswith((".", "!", "?")) and len(body["error"]) > 10
    assert body["field"] == field, body


# -- checking the document -----------------------------------------------------------------------


def _step(where: str, key: object) -> str:
    """The JSON pointer ``where`` one step further down, at ``key``."""
    return f"{where}/{str(key).replace('~', '~0').replace('/', '~1')}"


def refs_of(node: Any, where: str = "#") -> Iterator[tuple[str, str]]:
    """(where, ref) for every ``$ref`` in the document, passing over example values."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield where, node["$ref"]
        for key, value in node.items():
            if key not in ("example", "examples"):
                yield from refs_of(value, _step(where, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from refs_of(value, _step(where, i))


def schemas_of(doc: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(where, schema) for every schema the document holds: its components and the inline ones."""
    for name, schema in doc.get("components", {}).get("schemas", {}).items():
        yield f"#/components/schemas/{name}", schema

    def inline(node: Any, where: str) -> Iterator[tuple[str, Any]]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "schema":
                    yield _step(where, key), value
                elif key not in ("example", "examples", "schemas"):
                    yield from inline(value, _step(where, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from inline(value, _step(where, i))

    yield from inline(doc, "#")


def subschemas(schema: Any) -> Iterator[Any]:
    """``schema`` and every schema inside it, as JSON Schema 2020-12 nests them."""
    yield schema
    for inner in DRAFT202012.subresources_of(schema):
        yield from subschemas(inner)


def document_problems(doc: dict[str, Any]) -> list[str]:
    """What is wrong with the document: [] when every ``$ref`` resolves and every schema is a valid
    JSON Schema 2020-12 schema using only keywords that are checked or are annotations."""
    problems = []
    for where, ref in refs_of(doc):
        try:
            resolve(doc, ref)
        except Unresolvable:
            problems.append(f"{where}: unresolved $ref {ref}")
    for where, schema in schemas_of(doc):
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as error:
            problems.append(f"{where}: not a JSON Schema 2020-12 schema: {error.message}")
            continue
        for inner in subschemas(schema):
            if isinstance(inner, dict) and set(inner) - KEYWORDS:
                problems.append(f"{where}: unknown keywords {sorted(set(inner) - KEYWORDS)}")
    return problems


# -- arbitrary junk --------------------------------------------------------------------------------

json_scalars = (
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10**18) | st.floats() | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=25,
)

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
