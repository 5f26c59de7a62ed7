"""What each API view takes and answers, said once: ``documented`` puts a view's request model
(``caddie.openapi``) and answer models on it, spectree writes the OpenAPI 3.1 document
(``openapi_document``) from them, and the view validates its body with the same model
(``request_body``), once it has decided whether the caller may ask at all.

Why spectree (docs/decisions.md, "The API written once"): it is a decorator on plain Flask views,
so the app factory, the blueprints and WTForms on the pages stay as they are (flask-openapi3 and
APIFlask bring an app class of their own); it takes pydantic v2 models; it serves no UI page of
its own (``page_templates={}``), so no script from a CDN meets the CSP; and it is well kept.

A refused request answers as every API error does, ``400 {"error", "field"}``: the body is first
checked to be a JSON object (with the sentences the API always had), then the model's first
complaint is turned into the field's own sentence (``caddie.openapi.says.refusal``). Answers are
documented, not checked on the way out (the test suite checks every answer it gets against the
document): a mismatch is a bug for the tests to find, never a 500 for a player.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Flask, request
from pydantic import BaseModel, TypeAdapter, ValidationError
from spectree import Response, SpecTree, Tag
from spectree.plugins.flask_plugin import FlaskPlugin

from caddie.core.errors import CaddieError
from caddie.openapi.courses import CourseChoice
from caddie.openapi.says import Body, fields_of, refusal, shortened
from caddie.openapi.shared import CardCode, Decks, Error, TypedCard, Yardage

__all__ = [
    "Answer",
    "Header",
    "OVER_BUDGET",
    "Param",
    "documented",
    "json_object",
    "openapi_document",
    "request_body",
    "request_object",
]

API_VERSION = "1.0.0"
View = TypeVar("View", bound=Callable[..., Any])
B = TypeVar("B", bound=Body)

TAGS = (
    Tag(name="Tally", description="Score a finished hand."),
    Tag(name="Caddie", description="Advice on a move."),
    Tag(name="Ledger", description="Keep a round's scorecard: Out, In, Total, Thru, Delta."),
    Tag(name="Data", description="Everything a browser keeps, out as one document and back in."),
    Tag(name="Live tables", description="Sit at a live table: seats, joining, the seat's view, moves."),
    Tag(name="Meta", description="About the API."),
)
DESCRIPTION = (
    'Every input error answers 400 with `{"error": "a sentence a player understands", "field": "..."}`; bad '
    "input is never a 500. Requests are JSON objects sent with `Content-Type: application/json`; fields not "
    "listed for a request are refused. A round the caller may not see answers 404, exactly like one that does "
    "not exist; a caller who may read a round but not write it gets 403."
)
METHOD_NOT_ALLOWED = {
    "description": "The address does not take this HTTP method.",
    "content": {
        "application/json": {
            "schema": {"$ref": "#/components/schemas/Error"},
            "example": {"error": "GET is not allowed here.", "field": None},
        }
    },
}
# The shared scalar types, named in the document too (for a client's own code to use).
NAMED_TYPES: dict[str, Any] = {
    "CardCode": CardCode,
    "CourseChoice": CourseChoice,
    "Decks": Decks,
    "TypedCard": TypedCard,
    "Yardage": Yardage,
}
BAD_INPUT = (
    "The request is not something a player could have on the table; the message says why and `field` says where."
)


class _DocumentedOnly(FlaskPlugin):
    """spectree's Flask plugin, out of the request's way: the view validates its own body, and its
    answer goes to Flask as the view returns it (documented, not checked on the way out; a stream
    is sent as it comes). spectree's own pass over each request (its hooks, and a walk of the whole
    answer looking for models) cost a tally a fifth of its time."""

    def validate(self, func: Callable[..., Any], *_spectree: Any, **kwargs: Any) -> Any:
        return func(**kwargs)


spec = SpecTree(
    "flask",
    backend=_DocumentedOnly,
    title="Caddie & Tally API",
    version=API_VERSION,
    description=DESCRIPTION,
    mode="strict",  # the document holds the routes said here, and only those
    page_templates={},
    naming_strategy=lambda model: model.__name__,
    nested_naming_strategy=lambda _parent, child: child,  # model names are unique: one component each
    validation_error_model=Error,
    validation_error_status=400,
    annotations=False,
)
_MODELS: dict[str, type[Body]] = {}  # by operation id: its request model


@dataclass(frozen=True)
class Header:
    """A header an answer sets: what its value says, and its type."""

    description: str
    kind: Any = str


@dataclass(frozen=True)
class Answer:
    """An answer of an operation: what it means, its body's model (none: no JSON body), the
    headers it sets, named examples of its body, and a body that is not JSON (``media``: media
    type → its OpenAPI media type object, such as a stream of events)."""

    description: str
    model: type[BaseModel] | None = None
    headers: Mapping[str, Header] = field(default_factory=dict)
    examples: Mapping[str, tuple[str, Any]] = field(default_factory=dict)  # name: (summary, value)
    media: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Param:
    """A parameter of an operation that is not its body: in the path (the view reads it, with its
    own sentence), a header or the query."""

    name: str
    where: str  # "path", "header" or "query"
    description: str
    kind: Any = str
    example: Any = None
    required: bool = False

    def to_dict(self) -> dict[str, Any]:
        param = {
            "name": self.name,
            "in": self.where,
            "required": self.required or self.where == "path",
            "description": self.description,
            "schema": TypeAdapter(self.kind).json_schema(),
        }
        return param if self.example is None else dict(param, example=self.example)


@dataclass(frozen=True)
class _Extras:
    """What an operation says beyond its models: answers' headers and examples, parameters, and
    who may call it (names of security schemes, each enough alone)."""

    answers: Mapping[int, Answer]
    params: Sequence[Param]
    security: Sequence[str] | None
    request_examples: Mapping[str, tuple[str, Any]]


OVER_BUDGET = Answer(
    "This client asked for more of the Caddie than its budget allows lately: the message says when to try again.",
    Error,
    {"Retry-After": Header("Seconds to wait.", int)},
    {
        "over_budget": (
            "Too many heavy requests",
            {
                "error": "Too many Caddie answers and computer moves for this client in the last minute: try again "
                "in 42 seconds.",
                "field": None,
            },
        )
    },
)
_EXTRAS: dict[str, _Extras] = {}  # by operation id
SECURITY_SCHEMES: dict[str, Any] = {
    "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "A round's `edit_token` reads and writes it from any client, until the round's owner "
        "replaces its edit link or stops sharing it; its `share_token` only reads. A live table's `seat_token` "
        "sits at its seat, its watch link's token watches. Each comes back when the round or the table is made "
        "or joined.",
    },
    "browserSession": {
        "type": "apiKey",
        "in": "cookie",
        "name": "session",
        "description": "The signed session cookie: the browser that created a round reads, writes and deletes it; "
        "a browser that opened the round's current edit link reads and writes it; the browser playing a match "
        "against computers reads that table's record. Named `__Host-session` where "
        "the server's cookies are Secure (HTTPS), `session` over plain http.",
    },
}


def documented(
    operation_id: str,
    tag: str,
    answers: dict[int, Answer | type[BaseModel]],
    body: type[Body] | None = None,
    params: Sequence[Param] = (),
    security: Sequence[str] | None = None,
    request_examples: Mapping[str, tuple[str, Any]] | None = None,
) -> Callable[[View], View]:
    """The view takes ``body`` and answers with ``answers`` (status: the answer's model, or an
    ``Answer``). The view's docstring is the operation's summary (its first line) and description;
    the view reads its body with ``request_body(body)`` (``request_object`` where the core reads it).
    ``params``: the path, header and query parameters (a path parameter the route names is
    described here). ``security``: the schemes (``SECURITY_SCHEMES``) that may call it, each enough
    alone. ``request_examples``: named examples of a body with no paired answer (the body's own
    ``EXAMPLES`` have one)."""
    codes: dict[str, Any] = {}
    for status, answer in answers.items():
        if isinstance(answer, Answer):
            codes[f"HTTP_{status}"] = (answer.model, answer.description) if answer.model else None
        else:
            codes[f"HTTP_{status}"] = answer
    said = {status: answer for status, answer in answers.items() if isinstance(answer, Answer)}
    _EXTRAS[operation_id] = _Extras(said, params, security, request_examples or {})
    if body is not None:
        _MODELS[operation_id] = body

    def decorate(view: View) -> View:
        # spectree documents the operation; the view validates its body itself (request_body), so
        # that it first decides whether the caller may ask at all (a round it cannot see is a 404,
        # whatever the body holds).
        return spec.validate(
            json=body, resp=Response(**codes), tags=[tag], operation_id=operation_id, skip_validation=True
        )(view)

    return decorate


def request_body(model: type[B]) -> B:
    """The body of this request, as ``model`` takes it; refused, with the sentence of what is wrong
    (``caddie.openapi.says.refusal``), when it does not."""
    sent = json_object(model)
    try:
        return model.model_validate(sent)
    except ValidationError as error:
        raise refusal(model, error, sent) from None


def request_object(model: type[Body]) -> dict[str, Any]:
    """The body of a request the core reads itself (the caddie): a JSON object of ``model``'s
    fields, refused before the core is asked when it holds another."""
    sent = json_object(model)
    unknown = next((key for key in sent if key not in model.model_fields), None)
    if unknown is not None:
        fields = ", ".join(fields_of(model))
        raise CaddieError(model.UNKNOWN.format(key=shortened(unknown), fields=fields), shortened(unknown))
    return sent


def json_object(model: type[Body]) -> dict[str, Any]:
    """The request body as a JSON object; refused, with a sentence, when it is anything else."""
    if not request.is_json:
        raise CaddieError("Send the request as JSON, with the header Content-Type: application/json.")
    try:
        body = json.loads(request.get_data(cache=True))
    except (ValueError, RecursionError):  # bad syntax or encoding; absurdly deep nesting
        raise CaddieError("The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        first = fields_of(model)[0]
        raise CaddieError(f'The request body must be a JSON object, such as {{"{first}": [...]}}.')
    return body


# -- the document ---------------------------------------------------------------------------------


@functools.cache
def _document() -> dict[str, Any]:
    # The document is the blueprint's alone: read from an app of its routes only, whichever app
    # (or none, in a script) asks.
    from caddie.web.api import bp, data, endpoints, live, people, rounds  # noqa: F401  (every route on the blueprint)

    routes = Flask(__name__)
    routes.register_blueprint(bp)
    with routes.app_context():
        doc: dict[str, Any] = copy.deepcopy(spec.spec)
    doc.pop("security", None)
    doc["jsonSchemaDialect"] = "https://spec.openapis.org/oas/3.1/dialect/base"
    doc["info"]["summary"] = "Score Golf card game hands and keep a round's scorecard: Grid Golf and Club Cards."
    schemas = doc["components"]["schemas"]
    doc["components"]["securitySchemes"] = copy.deepcopy(SECURITY_SCHEMES)
    doc["components"]["responses"] = {"MethodNotAllowed": METHOD_NOT_ALLOWED}
    for name, alias in NAMED_TYPES.items():
        named = TypeAdapter(alias).json_schema(ref_template="#/components/schemas/{model}")
        for inner, schema in named.pop("$defs", {}).items():  # the models it names: components too
            schemas.setdefault(inner, schema)
        schemas.setdefault(name, named)
    doc["tags"] = [tag.to_dict(exclude_none=True) for tag in TAGS]
    for operation_id, model in _MODELS.items():
        _add_examples(doc, operation_id, model)
    for operations in doc["paths"].values():
        for operation in operations.values():
            operation["responses"].setdefault("405", {"$ref": "#/components/responses/MethodNotAllowed"})
            extras = _EXTRAS.get(operation["operationId"])
            if "requestBody" not in operation and (extras is None or 400 not in extras.answers):
                operation["responses"].pop("400", None)  # spectree's, for a body this operation has not
            if "400" in operation["responses"] and "$ref" not in operation["responses"]["400"]:
                operation["responses"]["400"]["description"] = BAD_INPUT  # unless the operation says its own
            if extras is not None:
                _add_extras(operation, extras)
    return doc


def _add_examples(doc: dict[str, Any], operation_id: str, model: type[Body]) -> None:
    """The model's named examples, on its operation: each request, and its answer under its status."""
    operation = next(
        (op for ops in doc["paths"].values() for op in ops.values() if op.get("operationId") == operation_id), None
    )
    if operation is None or not model.EXAMPLES:
        return
    content = operation["requestBody"]["content"]["application/json"]
    content["examples"] = {name: {"summary": e.summary, "value": e.request} for name, e in model.EXAMPLES.items()}
    for status in sorted({e.status for e in model.EXAMPLES.values()}):
        answer = operation["responses"][str(status)]["content"]["application/json"]
        answer["examples"] = {
            name: {"summary": e.summary, "value": e.answer} for name, e in model.EXAMPLES.items() if e.status == status
        }


def _add_extras(operation: dict[str, Any], extras: _Extras) -> None:
    for status, answer in extras.answers.items():
        _describe(operation["responses"][str(status)], answer)
    if extras.params:
        said = {(param.name, param.where) for param in extras.params}
        kept = [p for p in operation.get("parameters", []) if (p["name"], p["in"]) not in said]
        operation["parameters"] = kept + [param.to_dict() for param in extras.params]
    if not operation.get("parameters"):
        operation.pop("parameters", None)
    if extras.security is not None:
        operation["security"] = [{name: []} for name in extras.security]
    if extras.request_examples:
        examples = operation["requestBody"]["content"]["application/json"].setdefault("examples", {})
        examples.update(
            {name: {"summary": summary, "value": value} for name, (summary, value) in extras.request_examples.items()}
        )


def _describe(response: dict[str, Any], answer: Answer) -> None:
    response["description"] = answer.description
    if answer.headers:
        response["headers"] = {
            name: {"description": header.description, "schema": TypeAdapter(header.kind).json_schema()}
            for name, header in answer.headers.items()
        }
    if answer.media:
        response["content"] = copy.deepcopy(dict(answer.media))
    if answer.examples:
        examples = response["content"]["application/json"].setdefault("examples", {})
        examples.update(
            {name: {"summary": summary, "value": value} for name, (summary, value) in answer.examples.items()}
        )


def openapi_document() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document (a fresh copy: callers may change it)."""
    return copy.deepcopy(_document())
