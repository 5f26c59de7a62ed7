"""A table's replay (docs/records.md, "Replays"): one finished hole, the table as everyone saw it
at the deal, after each move and at its end, with the review's verdict on each person's
decision where it was made.

Every frame of the hole is in the page, all but one hidden: ``static/js/replay.js`` steps through
them with no request (buttons, the scrubber, ← →, a swipe, play at 0.5× to 4×); without
JavaScript, ◀ and ▶ are links to the page at the next step. The frames come from the record
alone (``GameKind.replay_frames``): nothing a seat did not see is on the page, so the same page
serves three kinds of viewer:

- whoever holds a seat at the table (``/t/<id>/replay``); the host may share it from there;
- an onlooker with the table's watch link (``/w/<token>/replay``);
- anyone with the replay's share link (``/replay/<token>``), while the host shares it.

Anyone else gets the 404 of a table that is not there. ``/replays`` lists the matches this
browser sat at with a finished hole to replay, and the records it imported from files
(``record_files``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import abort, current_app, redirect, render_template, request, url_for
from markupsafe import Markup

from caddie.core.errors import CaddieError
from caddie.core.games import game_named
from caddie.core.games.kind import GameKind
from caddie.core.live.record import decisions_and_cards
from caddie.core.live.table import LEVEL_NAMES, LiveTable
from caddie.store import imported_records, table_records
from caddie.store import live_tables as store
from caddie.store.models import LiveTableRecord
from caddie.web.charts import running_total_chart, tenths
from caddie.web.filters import day
from caddie.web.identity import browser_id
from caddie.web.live import seats
from caddie.web.live.access import replay_share_path
from caddie.web.live.driver import timing_for
from caddie.web.live.pages import bp
from caddie.web.play.presenters import presenter_for
from caddie.web.shareable import shareable_url

SPEEDS = (0.5, 1, 2, 4)  # how many moves a second the replay plays


@dataclass(frozen=True)
class ReplayListed:
    """A match in the list of replays: who played, how far, and where its replay opens."""

    url: str
    game: str  # "Grid Golf"
    players: list[tuple[str, int, str | None]]  # name, total so far, a computer's level
    holes_kept: int
    holes: int
    over: bool
    last_played: str  # "5 Dec 2026"


@bp.get("/replays")
def replays():
    """The matches this browser sat at, solo or with people, that have a finished hole to replay."""
    listed = []
    for row, holes_kept, finished in table_records.replayable(browser_id(), seats.held_tables()):
        table = store.read(row)
        match = table.match
        if match is None:  # pragma: no cover - a hole finished, so the match was dealt
            continue
        totals = match.totals
        listed.append(
            ReplayListed(
                url=url_for("live.replay", public_id=row.public_id),
                game=table.kind.title,
                players=[
                    (str(place.name), totals[seat], place.level if not place.person else None)
                    for seat, place in enumerate(table.places)
                ],
                holes_kept=holes_kept,
                holes=table.kind.holes(table.settings),
                over=match.is_over,
                last_played=day(finished),
            )
        )
    imported = [
        {
            "url": url_for("live.imported_replay", public_id=row.public_id),
            "game": game_named(row.game).title,
            "players": list(zip(row.record["names"], row.record["totals"], strict=True)),
            "holes_kept": sum(1 for hole in row.record["holes"] if hole["moves"] is not None),
            "holes": row.record["holes_to_play"],
            "when": day(row.imported_at),
        }
        for row in imported_records.kept_by(browser_id())
    ]
    response = render_template(
        "live/replays.html", listed=listed, imported=imported, title="Your replays", level_names=LEVEL_NAMES
    )
    return response, 200, {"Cache-Control": "no-store"}


@bp.get("/t/<public_id>/replay")
def replay(public_id: str):
    row, table, mine = seated(public_id)
    host = table.host in mine
    sharing = {
        "is_host": host,
        "share_url": shareable_url(replay_share_path(row.share_token)) if row.share_token else None,
        "share_action": url_for("live.share_replay", public_id=public_id),
    }
    return _table_replay(
        row,
        table,
        seats_held=mine,  # each seat's own draws face up in its own replay
        back_url=url_for("live.table", public_id=public_id),
        sharing=sharing,
        download_url=url_for("live.record_download", public_id=public_id),
        again_url=url_for("live.play_deal_again", public_id=public_id),
    )


@bp.get("/w/<token>/replay")
def watched_replay(token: str):
    row = store.find_by_watch_token(token)
    if row is None:
        abort(404)
    return _table_replay(row, store.read(row), back_url=url_for("live.watch", token=token))


@bp.get("/replay/<token>")
def shared_replay(token: str):
    row = shared(token)
    return _table_replay(
        row,
        store.read(row),
        back_url=None,
        download_url=url_for("live.shared_record_download", token=token),
        again_url=url_for("live.play_shared_deal", token=token),
    )


@bp.post("/t/<public_id>/again")
def play_deal_again(public_id: str):
    """A match against computers on this finished match's deal, for this browser (a seat's)."""
    row, table, mine = seated(public_id)
    return _same_deal(row, str(table.places[mine[0]].name))


@bp.post("/replay/<token>/again")
def play_shared_deal(token: str):
    """The same, for anyone with the replay's share link: friends compare how they played it."""
    return _same_deal(shared(token))


def _same_deal(row: LiveTableRecord, seated_as: str = ""):
    """The new match, for this browser: named as the seat it held, else as it last joined a table,
    else "You" (a name the other seats, which keep theirs, do not have)."""
    owner = browser_id(create=True)
    assert owner is not None  # create=True issues one
    taken = {str(place.name).casefold() for place in store.read(row).places[1:]}
    names = (seated_as, seats.last_name(), "You", "Me")
    person = next(name for name in names if name and name.casefold() not in taken)
    try:
        fresh = store.same_deal(row, owner, person, timing_for(current_app))
    except CaddieError as err:  # the match is still being played: the button is not shown then
        return render_template("error.html", title="Not yet", message=err.message), 409
    return redirect(url_for("live.table", public_id=fresh.public_id), 303)


@bp.post("/t/<public_id>/replay/share")
def share_replay(public_id: str):
    """The host makes the replay's share link (``do=share``) or takes it back (``do=stop``): from
    then on the old link opens nothing, and sharing again makes a new one."""
    row, table, mine = seated(public_id)
    if table.host not in mine:
        abort(403)
    if request.form.get("do") == "stop":
        table_records.stop_sharing(row)
    else:
        table_records.share(row)
    hole = request.form.get("hole", "")
    back = url_for("live.replay", public_id=public_id, hole=hole or None)
    return redirect(f"{back}#replay-share", 303)


def shared(token: str) -> LiveTableRecord:
    """The table whose replay this share link opens; the 404 of no table once it is taken back."""
    row = table_records.find_by_share_token(token)
    if row is None:
        abort(404)
    return row


def seated(public_id: str) -> tuple[LiveTableRecord, LiveTable, list[int]]:
    """The table and the seats this browser holds at it; the 404 of no table for anyone else."""
    row = store.find(public_id)
    if row is None:
        abort(404)
    table = store.read(row)
    mine = seats.my_seats(row, table)
    if not mine:
        abort(404)
    return row, table, mine


def replay_page(
    kind: GameKind[Any],
    settings: Mapping[str, Any],
    record: Mapping[str, Any],
    *,
    back_url: str | None,
    sharing: dict[str, Any] | None = None,
    download_url: str | None = None,
    removal_url: str | None = None,
    again_url: str | None = None,
    seats_held: Sequence[int] = (),
):
    """The replay of a record's hole the query asks for (the latest, else), with the way back to
    its table, the host's share section, the record's download and an imported one's removal;
    what the seats in ``seats_held`` (the viewer's own) alone knew shown to it."""
    kept = [hole for hole in record["holes"] if hole["moves"] is not None]
    context: dict[str, Any] = {
        "title": f"Replay · {kind.title}",
        "names": record["names"],
        "kept": kept,
        "back_url": back_url,
        "sharing": sharing,
        "download_url": download_url,
        "removal_url": removal_url,
        "again_url": again_url,
        "speeds": SPEEDS,
        "unit": kind.loss_unit,
    }
    splits = decisions_and_cards(record)
    context["splits"] = splits if any(split is not None for split in splits) else None
    context["split_chart"] = _lost_chart(record["names"], splits, kind.loss_unit) if context["splits"] else None
    if kept:
        hole = _chosen(kept, request.args.get("hole"))
        context["hole_index"] = [h["hole"] for h in record["holes"]].index(hole["hole"])
        frames = kind.seat_frames(kind.replay_frames(settings, hole), hole, seats_held)
        presenter = presenter_for(kind)
        context.update(
            hole=hole,
            frames=frames,
            step=_step(request.args.get("step"), len(frames)),
            verdicts={v["move"]: v for v in record["review"] if v["hole"] == hole["hole"]},
            replay_part=presenter.replay_part,
            **presenter.replay_context(settings),
        )
    response = render_template("live/replay.html", **context)
    return response, 200, {"Cache-Control": "no-store"}


def _lost_chart(names: Sequence[str], splits: Sequence[dict[str, Any] | None], unit: str) -> Markup:
    """What each reviewed person's decisions gave away, running hole by hole (a server-drawn SVG,
    docs/records.md, "Decisions and cards"): each line stops at its first hole not reviewed."""
    series = []
    for name, split in zip(names, splits, strict=True):
        if split is None:
            continue
        running: list[float | None] = []
        total = 0.0
        for lost in split["lost"]:
            if lost is None:
                break
            total += lost
            running.append(round(total, 1))
        series.append((name, running))
    holes = max(len(split["lost"]) for split in splits if split is not None)
    return running_total_chart(series, holes, f"{unit.capitalize()} lost to decisions", figure=tenths)


def _table_replay(
    row: LiveTableRecord, table: LiveTable, again_url: str | None = None, seats_held: Sequence[int] = (), **extra: Any
):
    """A table's replay; ``again_url`` offered once its match is over (its deal then shows nothing new)."""
    over = table.match is not None and table.match.is_over
    record = table_records.record_of(row, seats_held)
    return replay_page(
        table.kind, table.settings, record, again_url=again_url if over else None, seats_held=seats_held, **extra
    )


def _chosen(kept: list[dict[str, Any]], asked: str | None) -> dict[str, Any]:
    """The hole asked for, else the latest one kept."""
    for hole in kept:
        if asked is not None and str(hole["hole"]) == asked:
            return hole
    return kept[-1]


def _step(asked: str | None, frames: int) -> int:
    """The frame asked for (from 0: the deal), within the hole; the deal when none or nonsense."""
    try:
        step = int(asked or 0)
    except ValueError:
        return 0
    return min(max(step, 0), frames - 1)
