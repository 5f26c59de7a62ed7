"""The courses pages through the test client: the editor, versions, CSV in and out, random courses, delete."""

from __future__ import annotations

import io
import re

import pytest

from caddie.core.courses.course import SAMPLE_COURSES, Course, Hole
from caddie.core.courses.course_csv import course_from_csv, course_to_csv

PINES = SAMPLE_COURSES["whistling-pines"]
CEDAR = SAMPLE_COURSES["cedar-nine"]
EDIT_LINK = re.compile(r'href="/courses/c/([A-Za-z0-9_-]+)"')


def course_form(course: Course, csrf: str, **changes) -> dict:
    """The editor as a browser sends it: 18 rows always, blank back nine for a 9-hole course."""
    data = {
        "csrf_token": csrf,
        "name": course.name,
        "tee": course.tee,
        "holes": str(len(course.holes)),
        "version": "",
        "action": "save",
    }
    for i in range(18):
        hole = course.holes[i] if i < len(course.holes) else None
        data[f"yardage-{i}"] = str(hole.yardage) if hole else ""
        data[f"par-{i}"] = str(hole.par) if hole else "4"
    data.update({k: str(v) for k, v in changes.items()})
    return data


def html(response) -> str:
    return response.get_data(as_text=True)


def my_ids(client) -> list[str]:
    return EDIT_LINK.findall(html(client.get("/courses/")))


@pytest.fixture
def create(client, csrf_token):
    def make(course: Course = CEDAR, **changes) -> str:
        response = client.post("/courses/new", data=course_form(course, csrf_token("/courses/new"), **changes))
        assert response.status_code == 303, html(response)
        return my_ids(client)[-1]

    return make


def version_of(client, public_id: str) -> str:
    return re.search(r'name="version" id="version" value="(\d+)"', html(client.get(f"/courses/c/{public_id}"))).group(1)


def test_the_list_shows_the_samples_and_the_ways_to_add_a_course(client):
    page = html(client.get("/courses/"))
    for key, course in SAMPLE_COURSES.items():
        assert f'href="/courses/samples/{key}"' in page and course.name in page
    assert 'id="new-course"' in page and 'id="random-course"' in page and 'enctype="multipart/form-data"' in page
    assert "None yet" in page


def test_a_course_created_is_listed_and_opens_in_the_editor(client, create):
    public_id = create(Course("Home Links", "Yellow", CEDAR.holes))
    listing = html(client.get("/courses/"))
    assert "Home Links" in listing and "Yellow tees · 9 holes · par 35" in listing
    editor = html(client.get(f"/courses/c/{public_id}"))
    assert (
        'value="Home Links"' in editor and 'id="yardage-0" name="yardage-0" value="310" inputmode="numeric"' in editor
    )
    assert 'data-sum="out-yards">2,497<' in editor and 'data-sum="total-par">35<' in editor
    assert '<input checked id="holes-0" name="holes" type="radio" value="9">' in editor


def test_an_edit_is_saved_and_the_version_moves_on(client, csrf_token, create):
    public_id = create()
    version = version_of(client, public_id)
    data = course_form(CEDAR, csrf_token(), name="Cedar Nine Remix", version=version, **{"yardage-0": 333})
    response = client.post(f"/courses/c/{public_id}", data=data)
    assert response.status_code == 303 and response.headers["Location"].endswith("/courses/")
    editor = html(client.get(f"/courses/c/{public_id}"))
    assert 'value="Cedar Nine Remix"' in editor and 'name="yardage-0" value="333"' in editor
    assert int(version_of(client, public_id)) == int(version) + 1


def test_an_edit_based_on_an_old_version_is_refused_with_the_typed_values_kept(client, csrf_token, create):
    public_id = create()
    old = version_of(client, public_id)
    first = course_form(CEDAR, csrf_token(), name="First Tab", version=old)
    assert client.post(f"/courses/c/{public_id}", data=first).status_code == 303
    second = course_form(CEDAR, csrf_token(), name="Second Tab", version=old, **{"yardage-3": 299})
    response = client.post(f"/courses/c/{public_id}", data=second)
    assert response.status_code == 409
    page = html(response)
    assert "changed in another tab" in page and "nothing was saved" in page
    assert 'value="Second Tab"' in page and 'name="yardage-3" value="299"' in page  # nothing lost
    assert 'value="First Tab"' in html(client.get(f"/courses/c/{public_id}"))  # nothing overwritten
    # the refusal shows the fresh version: pressing Save again is deliberate, and goes through
    fresh = re.search(r'name="version" id="version" value="(\d+)"', page).group(1)
    assert client.post(f"/courses/c/{public_id}", data=dict(second, version=fresh)).status_code == 303
    assert 'value="Second Tab"' in html(client.get(f"/courses/c/{public_id}"))


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"name": "  "}, "name", "Give the course a name."),
        ({"name": "x" * 61}, "name", "The course&#39;s name is too long: keep it to 60 characters."),
        ({"tee": "t" * 25}, "tee", "The tee is too long: keep it to 24 characters."),
        ({"yardage-4": "abc"}, "yardage-4", "Hole 5: &#34;abc&#34; is not a number."),
        ({"yardage-4": ""}, "yardage-4", "Hole 5 needs a yardage."),
        ({"yardage-8": "1001"}, "yardage-8", "Hole 9: a yardage must be 1 to 1000 yards."),
        ({"par-2": "7"}, "par-2", "Hole 3: a par must be 2 to 6."),
        ({"par-2": ""}, "par-2", "Hole 3 needs a par."),
        ({"holes": "12"}, "holes", "Choose 9 or 18 holes."),
    ],
)
def test_a_mistake_is_shown_beside_its_field_and_nothing_is_saved(client, csrf_token, changes, field, message):
    data = course_form(CEDAR, csrf_token(), **changes)
    response = client.post("/courses/new", data=data)
    assert response.status_code == 400
    page = html(response)
    assert f'<p class="error" id="{field}-error">{message}</p>' in page
    assert f'aria-describedby="{field}-error"' in page or field == "holes"
    assert 'value="Cedar Nine"' in page or field == "name"  # what was typed stays
    assert my_ids(client) == []


def test_many_blank_holes_get_one_sentence(client, csrf_token):
    blanks = {f"yardage-{i}": "" for i in range(2, 18)}
    page = html(client.post("/courses/new", data=course_form(PINES, csrf_token(), **blanks)))
    assert '<p class="error" id="yardage-2-error">Hole 3 needs a yardage, and so do 15 more holes.</p>' in page
    assert page.count('class="error" id="yardage-') == 1 and page.count('aria-invalid="true"') == 16


def test_a_nine_hole_course_ignores_the_hidden_back_nine(client, csrf_token):
    data = course_form(CEDAR, csrf_token(), **{"yardage-12": "junk", "par-15": ""})
    assert client.post("/courses/new", data=data).status_code == 303


def test_update_totals_recomputes_without_saving(client, csrf_token):
    data = course_form(CEDAR, csrf_token(), action="totals", **{"yardage-0": 410})
    page = html(client.post("/courses/new", data=data))
    assert 'data-sum="out-yards">2,597<' in page and my_ids(client) == []


def test_another_browser_gets_404_everywhere(app, client, create, csrf_token):
    public_id = create()
    other = app.test_client()
    token = re.search(r'name="csrf-token" content="([^"]+)"', html(other.get("/courses/"))).group(1)
    assert other.get(f"/courses/c/{public_id}").status_code == 404
    assert other.get(f"/courses/c/{public_id}.csv").status_code == 404
    assert other.post(f"/courses/c/{public_id}", data=course_form(CEDAR, token, version=1)).status_code == 404
    assert other.post(f"/courses/c/{public_id}/delete", data={"csrf_token": token}).status_code == 404
    assert other.post(f"/courses/c/{public_id}/restore", data={"csrf_token": token}).status_code == 404
    assert "Cedar Nine" not in html(other.get("/courses/")).split("Sample courses")[0]
    assert client.get("/courses/c/not-a-real-id").status_code == 404


def test_csv_export_and_import_round_trip(client, csrf_token, create):
    course = Course('Pines, The "Old" One', "Blue", PINES.holes)
    public_id = create(course)
    response = client.get(f"/courses/c/{public_id}.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == 'attachment; filename="pines-the-old-one-blue.csv"'
    text = html(response)
    assert text.startswith('course,"Pines, The ""Old"" One"\r\ntee,Blue\r\nhole,yardage,par\r\n1,392,4\r\n')
    assert course_from_csv(text) == course

    upload = {"csrf_token": csrf_token(), "file": (io.BytesIO(response.data), "pines.csv"), "text": ""}
    review = client.post("/courses/import", data=upload, content_type="multipart/form-data")
    assert review.status_code == 200
    page = html(review)
    assert "Check it, then Save it" in page and 'value="Pines, The &#34;Old&#34; One"' in page
    assert 'action="/courses/new"' in page and 'name="yardage-17" value="429"' in page
    assert len(my_ids(client)) == 1  # reviewed, not yet saved


def test_a_pasted_spreadsheet_is_imported_for_review(client, csrf_token):
    pasted = "Hole\tYards\tPar\n" + "".join(f"{i + 1}\t{h.yardage}\t{h.par}\n" for i, h in enumerate(CEDAR.holes))
    page = html(client.post("/courses/import", data={"csrf_token": csrf_token(), "text": pasted}))
    assert 'value="Imported course"' in page and 'name="yardage-8" value="155"' in page


def test_an_uploaded_file_names_a_course_that_does_not_name_itself(client, csrf_token):
    body = "hole,yardage,par\n" + "".join(f"{i + 1},{h.yardage},{h.par}\n" for i, h in enumerate(CEDAR.holes))
    upload = {"csrf_token": csrf_token(), "file": (io.BytesIO(body.encode("cp1252")), "heron_creek.csv")}
    page = html(client.post("/courses/import", data=upload, content_type="multipart/form-data"))
    assert 'value="Heron Creek"' in page


@pytest.mark.parametrize(
    "text, message",
    [
        ("course,Home\nhole,yardage,par\n1,300,4\n2,abc,4\n", "Line 4: the yardage &#34;abc&#34; is not a number."),
        ("just some words", "No header row found: put a line hole,yardage,par above the holes."),
        ("", "Choose a CSV file or paste the scorecard first."),
    ],
)
def test_a_bad_csv_is_refused_with_a_sentence_and_the_paste_kept(client, csrf_token, text, message):
    response = client.post("/courses/import", data={"csrf_token": csrf_token(), "text": text})
    assert response.status_code == 400
    page = html(response)
    assert f'<p class="error" id="import-error" role="alert">{message}</p>' in page
    if text:
        assert text.splitlines()[-1].replace(",", ",") in page  # the paste is still in the box
    assert my_ids(client) == []


def test_a_binary_upload_is_refused(client, csrf_token):
    upload = {"csrf_token": csrf_token(), "file": (io.BytesIO(b"\x81\x8d\x8f\x90\x9d" * 10), "photo.csv")}
    response = client.post("/courses/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 400 and "That file is not text" in html(response)


def test_a_random_course_is_shown_in_the_editor_to_save(client, csrf_token):
    first = html(client.get("/courses/new?random=18&seed=42"))
    fields = dict(re.findall(r'name="((?:yardage|par)-\d+)" value="(\d*)"', first))
    again = dict(
        re.findall(r'name="((?:yardage|par)-\d+)" value="(\d*)"', html(client.get("/courses/new?random=18&seed=42")))
    )
    assert again == fields and len(fields) == 36  # the same seed, the same course
    assert "A new random course" in first and 'name="yardage-17" value="' in first
    name = re.search(r'id="name" name="name" value="([^"]+)"', first).group(1)
    nine = html(client.get("/courses/new?random=9&seed=42"))
    assert '<input checked id="holes-0" name="holes" type="radio" value="9">' in nine
    tee = re.search(r'id="tee" name="tee" value="([^"]*)"', first).group(1)
    data = {"csrf_token": csrf_token(), "name": name, "tee": tee, "holes": "18", "action": "save", **fields}
    assert client.post("/courses/new", data=data).status_code == 303
    assert name in html(client.get("/courses/"))


def test_a_sample_is_read_only_and_can_be_copied(client, csrf_token):
    page = html(client.get("/courses/samples/harbour-links"))
    assert "Harbour Links" in page and "sample" in page and "<input" not in page.split("<main")[1]
    assert client.post("/courses/samples/harbour-links").status_code == 405
    assert client.get("/courses/samples/augusta").status_code == 404
    copy = html(client.get("/courses/new?from=harbour-links"))
    assert 'value="Harbour Links"' in copy and "A copy of the sample" in copy and 'action="/courses/new"' in copy
    csv_text = html(client.get("/courses/samples/harbour-links.csv"))
    assert course_from_csv(csv_text).holes == SAMPLE_COURSES["harbour-links"].holes


def test_delete_and_undo(client, csrf_token, create):
    public_id = create()
    response = client.post(f"/courses/c/{public_id}/delete", data={"csrf_token": csrf_token()})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/courses/?deleted={public_id}")
    listing = html(client.get(f"/courses/?deleted={public_id}"))
    assert "Deleted Cedar Nine." in listing and 'id="undo-delete"' in listing and my_ids(client) == []
    assert client.get(f"/courses/c/{public_id}").status_code == 404
    assert client.post(f"/courses/c/{public_id}/restore", data={"csrf_token": csrf_token()}).status_code == 303
    assert my_ids(client) == [public_id]
    assert "Deleted" not in html(client.get(f"/courses/?deleted={public_id}"))


def test_htmx_gets_the_editor_alone_and_a_redirect_when_saved(client, csrf_token):
    headers = {"HX-Request": "true"}
    refused = client.post("/courses/new", data=course_form(CEDAR, csrf_token(), name=""), headers=headers)
    assert refused.status_code == 400 and html(refused).lstrip().startswith('<form id="course-editor"')
    saved = client.post("/courses/new", data=course_form(CEDAR, csrf_token()), headers=headers)
    assert saved.status_code == 204 and saved.headers["HX-Redirect"] == "/courses/"


def test_a_ledger_round_is_dealt_on_my_course(client, csrf_token, create):
    holes = tuple(Hole(200 + i, 3 + i % 2) for i in range(9))
    public_id = create(Course("Back Yard", "", holes))
    deal_page = html(client.get(f"/ledger/new?game=clubs&course=mine:{public_id}"))
    assert f'<option selected value="mine:{public_id}">Back Yard</option>' in deal_page
    assert deal_page.index("Back Yard") < deal_page.index("Whistling Pines")  # mine first, then the samples
    assert 'value="random-18"' in deal_page and 'id="manage-courses"' in deal_page
    data = {
        "csrf_token": csrf_token("/ledger/new"),
        "game": "clubs",
        "holes": "9",
        "course": f"mine:{public_id}",
        "players-0": "Ann",
        "players-1": "Bo",
        "played_on": "2026-11-29",
    }
    response = client.post("/ledger/new", data=data)
    assert response.status_code == 303, html(response)
    round_page = html(client.get(response.headers["Location"]))
    assert "Back Yard" in round_page and "200" in round_page


def test_a_ledger_round_on_a_random_course_and_never_on_another_browsers(app, client, csrf_token, create):
    data = {
        "csrf_token": csrf_token("/ledger/new"),
        "game": "clubs",
        "holes": "18",
        "course": "random-18",
        "players-0": "Ann",
        "played_on": "2026-11-29",
    }
    assert client.post("/ledger/new", data=data).status_code == 303
    public_id = create()
    other = app.test_client()
    token = re.search(r'name="csrf-token" content="([^"]+)"', html(other.get("/ledger/new"))).group(1)
    refused = other.post("/ledger/new", data=dict(data, csrf_token=token, course=f"mine:{public_id}", holes="9"))
    assert refused.status_code == 400 and "Choose one of the courses listed." in html(refused)


def test_the_api_deals_on_my_course_by_key(app, client, create):
    public_id = create()
    body = {"players": ["Ann", "Bo"], "game": "clubs", "course": f"mine:{public_id}"}
    created = client.post("/api/v1/rounds", json=body)
    assert created.status_code == 201, html(created)
    assert created.get_json()["round"]["course"]["name"] == "Cedar Nine"
    other = app.test_client().post("/api/v1/rounds", json=body)
    assert other.status_code == 400
    assert other.get_json() == {
        "error": f'"mine:{public_id}" is not one of your courses: use the key of a course '
        "this browser saved, a sample, or send the course itself.",
        "field": "course",
    }


def test_the_rules_page_and_the_deal_form_link_to_courses(client):
    assert 'href="/courses/"' in html(client.get("/rules/clubs"))
    assert 'href="/courses/"' in html(client.get("/ledger/new"))
    assert course_to_csv(CEDAR)  # the export the list offers is the core's
