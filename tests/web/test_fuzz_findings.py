"""Requests bench/fuzz.py found answered 500: each is refused with a 4xx and a sentence now.

* A text field posted as a file (multipart with ``filename=``) reached views as
  a ``FileStorage``, and ``.strip()`` on it raised. Forms read text fields
  from the posted fields only (``caddie.forms.base.PageForm``).
* A JSON body posted to a form page became the form's data (Flask-WTF reads
  JSON too), so a list or an object reached string fields.
* A bad choice inside a nested form (an opponent's level) made the start
  pages add a dict to a string while wording the error.
"""

from __future__ import annotations

import io

import pytest

from tests.web.test_courses_pages import CEDAR, course_form


def test_a_text_field_sent_as_a_file_is_not_a_crash(client, csrf_token):
    data = course_form(CEDAR, csrf_token("/courses/new"))
    data["name"] = (io.BytesIO(b"Cedar"), "name.csv")
    data["yardage-0"] = (io.BytesIO(b"300"), "")
    response = client.post("/courses/new", data=data, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "name" in response.get_data(as_text=True).lower()
    assert client.get("/courses/").get_data(as_text=True).count("Cedar Nine") <= 1  # nothing saved


def test_the_course_import_still_takes_its_file(client, csrf_token):
    upload = {
        "csrf_token": csrf_token("/courses/"),
        "file": (io.BytesIO(b"Hole,Yardage,Par\n1,300,4\n"), "x.csv"),
        "text": (io.BytesIO(b"not the text field"), "text.csv"),
    }
    response = client.post("/courses/import", data=upload, content_type="multipart/form-data")
    assert response.status_code in (200, 400)  # a one-hole CSV may be refused, but as a sentence


@pytest.mark.parametrize("path", ["/settings", "/courses/new", "/ledger/new", "/play/", "/play/clubs/"])
@pytest.mark.parametrize("body", [[1, 2], {"name": ["a"], "players": {"x": 1}, "cards": [None]}, "text", 7])
def test_a_json_body_to_a_form_page_is_refused_not_a_crash(client, csrf_token, path, body):
    token = csrf_token(path)
    response = client.post(path, json=body, headers={"X-CSRFToken": token})
    assert 400 <= response.status_code < 500


@pytest.mark.parametrize("path", ["/play/", "/play/clubs/"])
def test_a_bad_opponent_level_is_a_sentence(client, csrf_token, path):
    data = {
        "csrf_token": csrf_token(path),
        "player": "You",
        "opponents": "1",
        "seats-0-name": "Ada",
        "seats-0-level": "whistling-pines",
    }
    response = client.post(path, data=data)
    assert response.status_code == 400
    assert "Nothing was started: " in response.get_data(as_text=True)


NAMELESS = (
    b'--b\r\nContent-Disposition: form-data; filename="x.csv"\r\n\r\nv\r\n'
    b"--b\r\nContent-Disposition: form-data\r\n\r\nw\r\n--b--\r\n"
)


@pytest.mark.parametrize("path", ["/settings", "/courses/new", "/ledger/new", "/courses/import"])
def test_a_multipart_part_without_a_name_is_dropped(client, csrf_token, path):
    """No token: the CSRF check refuses it (it used to raise on the nameless part's None key)."""
    response = client.post(path, data=NAMELESS, content_type="multipart/form-data; boundary=b")
    assert response.status_code == 400
    # With a token, the form reads as if the nameless part had not been sent.
    token = csrf_token(path)
    body = f'--b\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'.encode() + NAMELESS
    response = client.post(path, data=body, content_type="multipart/form-data; boundary=b")
    assert 200 <= response.status_code < 500


# Digits that str.isdigit() takes but int() does not ("²"): the checks use isdecimal() now.
@pytest.mark.parametrize(
    "path",
    [
        "/tally/clubs?played=%C2%B2",
        "/tally/clubs?yardage=%C2%B2",
        "/tally/clubs?typed=250+%C2%B2&fill=1",
        "/courses/new?random=9&seed=%C2%B2",
        "/caddie/clubs/?add=%C2%B2",
        "/caddie/clubs/?remove=%C2%B9",
    ],
)
def test_a_superscript_digit_is_not_a_number(client, path):
    assert client.get(path).status_code < 500


def test_a_superscript_digit_in_the_club_deck_is_a_sentence(client, csrf_token):
    from tests.web.conftest import settings_form

    data = settings_form(club_deck="250 \u00b2 3")
    data.update(csrf_token=csrf_token("/settings"), version="0")
    response = client.post("/settings", data=data)
    assert response.status_code == 400


# Ids holding NUL (or anything a token never holds) name nothing and never reach the database
# (PostgreSQL refused them with a DataError: a 500).
@pytest.mark.parametrize(
    "path",
    [
        "/ledger/r/a%00b",
        "/ledger/r/a%00b.csv",
        "/ledger/s/a%00b",
        "/ledger/e/a%00b",
        "/t/a%00b",
        "/t/a%00b/events",
        "/play/m/a%00b",  # a solo match's old address: to its table, which is not found
        "/play/clubs/m/a%00b",
        "/courses/c/a%00b",
        "/courses/c/a%00b.csv",
        "/api/v1/rounds/a%00b",
    ],
)
def test_an_id_holding_nul_is_not_found(client, path):
    client.get("/settings")  # a session, so the owner checks run
    assert client.get(path, follow_redirects=True).status_code == 404


def test_ids_holding_nul_in_queries_and_forms_name_nothing(client, csrf_token):
    assert client.get("/ledger/?deleted=a%00b").status_code == 200
    assert client.get("/courses/?deleted=a%00b").status_code == 200
    assert client.get("/ledger/new?game=clubs&course=mine:a%00b").status_code == 200
    token = csrf_token("/play/clubs/")
    response = client.post(
        "/play/clubs/",
        data={
            "csrf_token": token,
            "player": "You",
            "opponents": "1",
            "seats-0-name": "Ada",
            "seats-0-level": "steady",
            "course": "mine:a\x00b",
        },
    )
    assert response.status_code == 400
    response = client.post("/courses/c/a%00b/delete", data={"csrf_token": token})
    assert response.status_code == 404


# Numbers too long for int() (4300 digits and more raise ValueError): bounded before converting.
LONG_NUMBER = "9" * 5000


@pytest.mark.parametrize(
    "path",
    [
        f"/tally/clubs?yardage={LONG_NUMBER}",
        f"/caddie/clubs/?add={LONG_NUMBER}",
        f"/caddie/clubs/?remove={LONG_NUMBER}",
        f"/caddie/clubs/?hole={LONG_NUMBER}",
        f"/caddie/clubs/?course=cedar-nine&hole={LONG_NUMBER}",
        f"/caddie/clubs/?course=cedar-nine&start=1&hole={LONG_NUMBER}",
    ],
)
def test_a_very_long_number_in_a_link_is_not_a_crash(client, path):
    assert client.get(path).status_code < 500


def test_very_long_numbers_in_forms_are_sentences(client, csrf_token):
    from tests.web.conftest import settings_form
    from tests.web.test_courses_pages import CEDAR, course_form

    data = settings_form(club_deck=f"250 {LONG_NUMBER}")
    data.update(csrf_token=csrf_token("/settings"), version="0")
    assert client.post("/settings", data=data).status_code == 400
    data = course_form(CEDAR, csrf_token("/courses/new"), **{"yardage-0": LONG_NUMBER, "par-1": LONG_NUMBER})
    assert client.post("/courses/new", data=data).status_code == 400


def test_a_number_past_a_float_is_a_sentence(client, csrf_token):
    """WTForms' NumberRange compares as a float: 1e61 raised OverflowError."""
    from tests.web.conftest import settings_form

    data = settings_form(**{"chart-3-up_to": "1" + "0" * 61, "players": "9" * 400})
    data.update(csrf_token=csrf_token("/settings"), version="0")
    response = client.post("/settings", data=data)
    assert response.status_code == 400
    assert "far too big" in response.get_data(as_text=True)
