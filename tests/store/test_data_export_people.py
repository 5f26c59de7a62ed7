"""Your data carries a table's people: its merges and renames and its seasons go out in the
export and come back in through the import, which only adds (``caddie.store.data_export``)."""

from __future__ import annotations

import json
from datetime import date

import pytest
from sqlalchemy import select

from caddie.core.export_format import FILE_PEOPLE, FILE_SEASONS, SEASON_NAME_LENGTH, TooMuch, parse_document
from caddie.store import people as store_people
from caddie.store.data_export import apply_import, export_document, plan_import
from caddie.store.database import db
from caddie.store.models import PersonName, SeasonRecord
from caddie.store.people import add_season, names_for, seasons_for
from tests.web.test_data_export import (
    browser_of,
    confirm_form,
    create_round,
    everything,
    exported,
    import_api,
    upload,
)

A, B = "a" * 32, "b" * 32
NOTHING = {"add": 0, "same": 0, "kept": 0}


def merge_row(browser: str, alias_key: str, person: str) -> None:
    db.session.add(PersonName(owner_browser=browser, alias_key=alias_key, person=person))
    db.session.commit()


def people_of(browser: str) -> tuple[dict[str, str], list[tuple[str, date, date]]]:
    """What the people's pages read: the browser's word on who is who, and its seasons."""
    db.session.expire_all()
    seasons = sorted((row.name, row.starts_on, row.ends_on) for row in seasons_for(browser))
    return dict(names_for(browser).aliases), seasons


def people_rows(app) -> tuple:
    """Every merge and season row, to show that a refusal changed nothing."""
    with app.app_context():
        return (
            sorted(
                map(
                    tuple, db.session.execute(select(PersonName.owner_browser, PersonName.alias_key, PersonName.person))
                )
            ),
            sorted(
                map(
                    tuple,
                    db.session.execute(
                        select(
                            SeasonRecord.owner_browser, SeasonRecord.name, SeasonRecord.starts_on, SeasonRecord.ends_on
                        )
                    ),
                )
            ),
        )


@pytest.fixture
def table(app):
    """Browser A: two merges, a rename and two seasons."""
    with app.app_context():
        merge_row(A, "bobby", "Bo")
        merge_row(A, "bob", "Bo")
        merge_row(A, "ann", "Ann Lee")
        add_season(A, "Summer 2025", date(2025, 6, 1), date(2025, 8, 31))
        add_season(A, "Winter", date(2025, 12, 1), date(2026, 2, 28))
    return A


def round_trip(document):
    """The document as a file carries it: written out as JSON and read back."""
    return parse_document(json.loads(json.dumps(document.to_dict())))


# -- the export ----------------------------------------------------------------------------


def test_the_limits_of_the_file_are_what_a_browser_keeps():
    assert FILE_PEOPLE == store_people.NAMES_PER_BROWSER
    assert FILE_SEASONS == store_people.SEASONS_PER_BROWSER
    assert SEASON_NAME_LENGTH == store_people.SEASON_NAME_LIMIT


def test_the_export_holds_the_browsers_merges_and_seasons_oldest_first(app, table):
    with app.app_context():
        merge_row(B, "bobby", "Robert")  # another browser's word is not A's
        doc = export_document(A).to_dict()
    assert doc["people"] == [
        {"name": "bobby", "person": "Bo"},
        {"name": "bob", "person": "Bo"},
        {"name": "ann", "person": "Ann Lee"},
    ]
    assert doc["seasons"] == [
        {"name": "Summer 2025", "starts_on": "2025-06-01", "ends_on": "2025-08-31"},
        {"name": "Winter", "starts_on": "2025-12-01", "ends_on": "2026-02-28"},
    ]
    with app.app_context():
        empty = export_document(None).to_dict()
    assert empty["people"] == [] and empty["seasons"] == []


# -- the round trip ------------------------------------------------------------------------


def test_a_fresh_browser_gets_the_same_merges_and_seasons(app, table):
    with app.app_context():
        document = round_trip(export_document(A))
        result = apply_import(document, B)
        assert result.summary()["people"] == {"add": 3, "same": 0, "kept": 0}
        assert result.summary()["seasons"] == {"add": 2, "same": 0, "kept": 0}
        assert people_of(B) == people_of(A)
        again = export_document(B).to_dict()
        assert {k: again[k] for k in ("people", "seasons")} == {
            k: export_document(A).to_dict()[k] for k in ("people", "seasons")
        }
        ids = {row.public_id for row in db.session.scalars(select(SeasonRecord))}
    assert len(ids) == 4  # each season of B has an id of its own


def test_importing_twice_adds_nothing_the_second_time(app, table):
    with app.app_context():
        document = round_trip(export_document(A))
        apply_import(document, B)
    after_first = people_rows(app)
    with app.app_context():
        plan = plan_import(document, B)
        assert plan.summary()["people"] == {"add": 0, "same": 3, "kept": 0}
        assert plan.summary()["seasons"] == {"add": 0, "same": 2, "kept": 0}
        assert not plan.adds_anything
        apply_import(document, B)
    assert people_rows(app) == after_first
    # and into the browser that made the file: all of it is there already
    with app.app_context():
        assert not plan_import(document, A).adds_anything


def test_a_different_merge_or_season_here_is_kept_not_overwritten(app, table):
    with app.app_context():
        document = round_trip(export_document(A))
        merge_row(B, "bobby", "Robert")  # B says bobby is another person
        merge_row(B, "bob", "BO")  # the same person, written otherwise
        add_season(B, "summer 2025", date(2025, 5, 1), date(2025, 9, 30))  # the same name, other days
        add_season(B, "WINTER", date(2025, 12, 1), date(2026, 2, 28))  # the same name and days
        before = people_of(B)
        result = apply_import(document, B)
        assert result.summary()["people"] == {"add": 1, "same": 1, "kept": 1}
        assert result.summary()["seasons"] == {"add": 0, "same": 1, "kept": 1}
        names, seasons = people_of(B)
    assert names == dict(before[0], ann="Ann Lee")  # only the new one was added
    assert names["bobby"] == "Robert" and names["bob"] == "BO"
    assert seasons == before[1]


def test_a_file_without_people_or_seasons_still_imports(app, client, other_app):
    created = create_round(client, players=["Ann", "Bo"], holes=9, played_on="2025-06-14")
    doc = exported(client)
    del doc["people"], doc["seasons"]
    newcomer = other_app.test_client()
    status, summary = import_api(newcomer, doc)
    assert status == 200, summary
    assert summary["rounds"]["add"] == 1 and summary["people"] == NOTHING and summary["seasons"] == NOTHING
    mine = exported(newcomer)
    assert mine["rounds"][0]["id"] == created["round"]["id"]
    assert mine["people"] == [] and mine["seasons"] == []


def test_the_api_round_trip_carries_the_people(app, client, other_app):
    create_round(client, players=["Ann", "Bobby"], holes=9, played_on="2025-06-14")
    owner = browser_of(client)
    with app.app_context():
        merge_row(owner, "bobby", "Bo")
        add_season(owner, "Summer 2025", date(2025, 6, 1), date(2025, 8, 31))
    doc = exported(client)
    newcomer = other_app.test_client()
    status, summary = import_api(newcomer, doc, preview="true")
    assert status == 200 and summary["people"] == {"add": 1, "same": 0, "kept": 0}
    assert people_rows(other_app) == ([], [])  # a preview writes nothing
    status, summary = import_api(newcomer, doc)
    assert status == 200 and summary["people"]["add"] == 1 and summary["seasons"]["add"] == 1
    assert {k: v for k, v in exported(newcomer).items() if k != "exported_at"} == {
        k: v for k, v in doc.items() if k != "exported_at"
    }


# -- refusals: nothing written ----------------------------------------------------------------


@pytest.mark.parametrize(
    "part, index, key, value, field",
    [
        ("people", 0, "person", "", "people[0].person"),
        ("people", 0, "person", "B" * 25, "people[0].person"),
        ("people", 0, "name", None, "people[0].name"),
        ("seasons", 0, "ends_on", "2025-05-31", "seasons[0].ends_on"),
        ("seasons", 0, "starts_on", "1 June", "seasons[0].starts_on"),
        ("seasons", 0, "name", "S" * 41, "seasons[0].name"),
    ],
)
def test_a_bad_value_refuses_the_whole_file_and_names_its_path(
    app,
    client,
    other_app,
    part,
    index,
    key,
    value,
    field,
):
    create_round(client, players=["Ann", "Bobby"], holes=9, played_on="2025-06-14")
    owner = browser_of(client)
    with app.app_context():
        merge_row(owner, "bobby", "Bo")
        add_season(owner, "Summer 2025", date(2025, 6, 1), date(2025, 8, 31))
    doc = exported(client)
    doc[part][index][key] = value
    newcomer = other_app.test_client()
    before, people_before = everything(other_app), people_rows(other_app)
    status, body = import_api(newcomer, doc)
    assert status == 400 and body["field"] == field and body["error"].startswith(f"{field}: ")
    html = upload(newcomer, json.dumps(doc).encode()).get_data(as_text=True)
    assert f"{field}: " in html and 'id="confirm-import"' not in html
    assert everything(other_app) == before and people_rows(other_app) == people_before  # the round neither


def test_an_import_past_what_a_browser_keeps_is_refused_whole(app, table, monkeypatch):
    with app.app_context():
        document = round_trip(export_document(A))
        merge_row(B, "cy", "Cy")
        monkeypatch.setattr("caddie.store.data_export.NAMES_PER_BROWSER", 3)  # B keeps 1, the file adds 3
        before = people_rows(app)
        plan = plan_import(document, B)
        assert plan.too_much is not None and plan.too_much.field == "people"
        assert plan.too_much.message == (
            "This file would add 3 merges and renames to the 1 this browser keeps; a browser keeps at most 3, so "
            "nothing was imported. Remove some here first."
        )
        with pytest.raises(TooMuch):
            apply_import(document, B)
    assert people_rows(app) == before
    with app.app_context():
        monkeypatch.setattr("caddie.store.data_export.NAMES_PER_BROWSER", 4)  # exactly as many: it imports
        monkeypatch.setattr("caddie.store.data_export.SEASONS_PER_BROWSER", 1)
        plan = plan_import(document, B)
        assert plan.too_much is not None and plan.too_much.field == "seasons"
        monkeypatch.setattr("caddie.store.data_export.SEASONS_PER_BROWSER", 2)
        assert apply_import(document, B).summary()["people"]["add"] == 3


def test_what_is_here_already_does_not_count_against_the_limit(app, table, monkeypatch):
    with app.app_context():
        document = round_trip(export_document(A))
        monkeypatch.setattr("caddie.store.data_export.NAMES_PER_BROWSER", 3)
        monkeypatch.setattr("caddie.store.data_export.SEASONS_PER_BROWSER", 2)
        plan = plan_import(document, A)  # A keeps them all: the file adds none
        assert plan.too_much is None and not plan.adds_anything


def test_the_api_says_413_past_the_limit(app, client, monkeypatch):
    create_round(client, players=["Ann"], holes=9)
    doc = exported(client)
    doc["people"] = [{"name": f"n{i}", "person": "Ann"} for i in range(3)]
    monkeypatch.setattr("caddie.store.data_export.NAMES_PER_BROWSER", 2)
    status, body = import_api(app.test_client(), doc)
    assert status == 413 and body["field"] == "people" and "nothing was imported" in body["error"]


# -- the pages -------------------------------------------------------------------------------


def test_the_check_lists_the_merges_and_seasons_and_the_import_says_what_it_added(app, client, other_app):
    create_round(client, players=["Ann", "Bobby"], holes=9, played_on="2025-06-14")
    owner = browser_of(client)
    with app.app_context():
        merge_row(owner, "bobby", "Bo")
        merge_row(owner, "bob", "Bo")
        add_season(owner, "Summer 2025", date(2025, 6, 1), date(2025, 8, 31))
    first = client.get("/data/export").data
    newcomer = other_app.test_client()
    html = upload(newcomer, first).get_data(as_text=True)
    assert "The file holds 1 round, 0 courses, 2 merged or renamed names, 1 season and no house rules" in html
    assert "2 merged or renamed names</strong> will be added" in html
    assert "1 season</strong> will be added" in html
    assert people_rows(other_app) == ([], [])  # checking writes nothing
    done = newcomer.post("/data/import/confirm", data=confirm_form(html))
    assert done.status_code == 303
    page = newcomer.get("/data").get_data(as_text=True)
    assert "Imported 1 round, 0 courses, 2 merged or renamed names and 1 season." in page
    html = upload(newcomer, first).get_data(as_text=True)
    assert "2 merged or renamed names are already here, counting for the same person." in html
    assert "Nothing to import" in html


def test_a_season_added_between_the_check_and_the_confirm_stops_the_import(app, client, other_app):
    create_round(client, players=["Ann"], holes=9, played_on="2025-06-14")
    owner = browser_of(client)
    with app.app_context():
        add_season(owner, "Summer 2025", date(2025, 6, 1), date(2025, 8, 31))
    doc = exported(client)
    newcomer = other_app.test_client()
    html = upload(newcomer, json.dumps(doc).encode()).get_data(as_text=True)
    assert 'id="plan-seasons-add"' in html
    create_round(newcomer, players=["Cy"], holes=9)  # the newcomer's browser exists now
    with other_app.app_context():
        add_season(browser_of(newcomer), "SUMMER 2025", date(2025, 7, 1), date(2025, 7, 31))  # another tab
    before = people_rows(other_app), everything(other_app)
    refused = newcomer.post("/data/import/confirm", data=confirm_form(html))
    assert refused.status_code == 409
    text = refused.get_data(as_text=True)
    assert "1 season is already here with other days: it stays as it is here." in text
    assert (people_rows(other_app), everything(other_app)) == before
