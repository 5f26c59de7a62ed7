"""Database models. Every change here needs a migration (flask db migrate)."""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from caddie.extensions import db


def _now() -> datetime:
    return datetime.now(timezone.utc)


class TableSettings(db.Model):
    """One browser's house rules (see ``caddie.core.table.Table``)."""

    __tablename__ = "table_settings"

    browser_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    table: Mapped[dict] = mapped_column(JSON, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False,
                                                 default=_now, onupdate=_now)

    __mapper_args__ = {"version_id_col": version}
