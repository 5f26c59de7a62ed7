"""The database: the Flask-SQLAlchemy and Flask-Migrate objects, created unbound, and its health."""

from typing import TYPE_CHECKING

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()

if TYPE_CHECKING:
    # Flask-SQLAlchemy types ``db.Model`` as a variable (``type[_FSAModel]``), which mypy will not
    # take as a base class. At run time it is the declarative base made from ``Base`` (plus
    # Flask-SQLAlchemy's mixins), so the models are checked against ``Base``.
    Model = Base
else:
    Model = db.Model


def database_trouble() -> str | None:
    """``None`` when the database answers a trivial query; else the kind of error it raised."""
    try:
        with db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as err:
        return err.__class__.__name__
    return None
