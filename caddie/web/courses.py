"""Courses: the browser's own scorecards, the samples, random courses, and CSV in and out."""

from __future__ import annotations

import random

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for

from caddie.core.courses.course import SAMPLE_COURSES, Course
from caddie.core.courses.course_csv import course_from_csv, course_to_csv, csv_filename
from caddie.core.courses.generator import random_course
from caddie.core.errors import CaddieError
from caddie.forms.courses import CourseForm, ImportForm
from caddie.store.courses import (
    StaleCourse,
    StoredCourse,
    courses_for,
    delete_course,
    find_saved,
    restore_course,
    save_course,
    update_course,
)
from caddie.web.identity import browser_id
from caddie.web.rendering import is_htmx, page_or_fragment

bp = Blueprint("courses", __name__, url_prefix="/courses")


def _mine(public_id: str, include_deleted: bool = False) -> StoredCourse:
    """The browser's course; 404 for another browser's, exactly as for an id that does not exist."""
    saved = find_saved(public_id, browser_id(), include_deleted=include_deleted)
    if saved is None:
        abort(404)
    return saved


def _sample(key: str) -> Course:
    course = SAMPLE_COURSES.get(key)
    if course is None:
        abort(404)
    return course


def _editor(form: CourseForm, saved: StoredCourse | None = None, *, notice: str | None = None, status: int = 200):
    """The editor, whole page or (htmx) just the form."""
    action = url_for("courses.edit", public_id=saved.public_id) if saved else url_for("courses.new")
    body = page_or_fragment(
        "courses/edit.html",
        "courses/_editor.html",
        form=form,
        saved=saved,
        action=action,
        notice=notice,
        sums=form.sums(),
    )
    return body, status


def _csv_response(course: Course):
    response = make_response(course_to_csv(course))
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{csv_filename(course)}"'
    return response


def _saved_redirect(message: str, target: str):
    flash(message, "ok")
    if is_htmx():
        return "", 204, {"HX-Redirect": target}
    return redirect(target, code=303)


# -- the list -----------------------------------------------------------------------


@bp.get("/")
def index():
    return _index(ImportForm(formdata=None))


def _index(import_form: ImportForm, import_error: str | None = None, status: int = 200):
    owner = browser_id()
    deleted = find_saved(request.args.get("deleted", ""), owner, include_deleted=True)
    if deleted is not None and find_saved(deleted.public_id, owner) is not None:
        deleted = None  # already back
    return render_template(
        "courses/index.html",
        mine=courses_for(owner),
        samples=SAMPLE_COURSES,
        deleted=deleted,
        import_form=import_form,
        import_error=import_error,
    ), status


# -- a new course: blank, a copy of a sample, random, or imported ---------------------


@bp.get("/new")
def new():
    form = CourseForm(formdata=None)
    notice = None
    if request.args.get("from") is not None:
        sample = _sample(request.args["from"])
        form.fill(Course(sample.name, sample.tee, sample.holes))
        notice = f"A copy of the sample {sample.name}: change anything, then Save it as your own."
    elif request.args.get("random") in ("9", "18"):
        seed = request.args.get("seed", "")
        rng = random.Random(int(seed)) if seed.isdecimal() and len(seed) < 20 else random.Random()
        form.fill(random_course(rng, int(request.args["random"])))
        notice = "A new random course: tweak it if you like, then Save it. Reload for another."
    else:
        form.blank(9 if request.args.get("holes") == "9" else 18)
    return _editor(form, notice=notice)


@bp.post("/new")
def create():
    form = CourseForm()
    if not form.validate() and form.csrf_token.errors:
        return _editor(form, notice="This page was open too long; press Save again.", status=400)
    course = form.to_course()
    if request.form.get("action") == "totals":
        return _editor(form, status=200 if course else 400)
    if course is None:
        return _editor(form, status=400)
    owner = browser_id(create=True)
    assert owner is not None  # create=True issues one
    save_course(owner, course)
    return _saved_redirect(f"Saved {course.name}.", url_for("courses.index"))


@bp.post("/import")
def import_csv():
    form = ImportForm()
    if not form.validate() and form.csrf_token.errors:
        return _index(form, "This page was open too long; choose the file again.", 400)
    try:
        text, file_name = form.csv_text()
        course = course_from_csv(text, default_name=file_name or "Imported course")
    except CaddieError as err:
        return _index(form, err.message, 400)
    except ValueError as err:
        return _index(form, str(err), 400)
    editor = CourseForm(formdata=None).fill(course)
    return _editor(editor, notice=f"Imported {course.name}, {len(course.holes)} holes. Check it, then Save it.")


# -- my courses ---------------------------------------------------------------------


@bp.get("/c/<public_id>")
def edit(public_id: str):
    saved = _mine(public_id)
    return _editor(CourseForm(formdata=None).fill(saved.course, saved.version), saved)


@bp.post("/c/<public_id>")
def update(public_id: str):
    saved = _mine(public_id)
    owner = browser_id()
    assert owner is not None  # _mine found this browser's course, so it has an id
    form = CourseForm()
    if not form.validate() and form.csrf_token.errors:
        return _editor(form, saved, notice="This page was open too long; press Save again.", status=400)
    course = form.to_course()
    if request.form.get("action") == "totals":
        return _editor(form, saved, status=200 if course else 400)
    if course is None:
        return _editor(form, saved, status=400)
    try:
        update_course(public_id, owner, course, form.seen_version())
    except StaleCourse as err:
        fresh = _mine(public_id)
        form.version.data = str(fresh.version)  # a second Save, with the change in view, is deliberate
        return _editor(form, fresh, notice=err.sentence(), status=409)
    return _saved_redirect(f"Saved {course.name}.", url_for("courses.index"))


@bp.get("/c/<public_id>.csv")
def export_csv(public_id: str):
    return _csv_response(_mine(public_id).course)


@bp.post("/c/<public_id>/delete")
def delete(public_id: str):
    _mine(public_id)
    owner = browser_id()
    assert owner is not None  # _mine found this browser's course, so it has an id
    delete_course(public_id, owner)
    return redirect(url_for("courses.index", deleted=public_id), code=303)


@bp.post("/c/<public_id>/restore")
def restore(public_id: str):
    saved = _mine(public_id, include_deleted=True)
    owner = browser_id()
    assert owner is not None  # _mine found this browser's course, so it has an id
    restore_course(public_id, owner)
    flash(f"{saved.course.name} is back.", "ok")
    return redirect(url_for("courses.index"), code=303)


# -- the samples: read-only -----------------------------------------------------------


@bp.get("/samples/<key>")
def sample(key: str):
    return render_template("courses/sample.html", key=key, course=_sample(key))


@bp.get("/samples/<key>.csv")
def sample_csv(key: str):
    return _csv_response(_sample(key))
