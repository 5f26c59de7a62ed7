"""Course forms: the scorecard editor, and importing a course from CSV."""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask_wtf.file import FileField
from wtforms import FieldList, HiddenField, RadioField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice

from caddie.core.clubs.scoring import MAX_YARDAGE
from caddie.core.courses.course import COURSE_NAME_LIMIT, TEE_LIMIT, Course, Hole, clean_text
from caddie.core.errors import RulesError, quoted
from caddie.forms.base import PageForm

MAX_HOLES = 18
_WHOLE = re.compile(r"[0-9]{1,9}")  # bounded: int() refuses 4300 digits and more


@dataclass(frozen=True)
class Sums:
    """Out, In and Total of the yardages and pars typed so far (blank and bad entries count 0)."""

    out_yards: int
    in_yards: int
    out_par: int
    in_par: int

    @property
    def total_yards(self) -> int:
        return self.out_yards + self.in_yards

    @property
    def total_par(self) -> int:
        return self.out_par + self.in_par


def _number(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if _WHOLE.fullmatch(text) else None


class CourseForm(PageForm):
    """A course as its scorecard: always 18 rows; with 9 holes chosen the back nine is hidden and ignored."""

    name = StringField("Course name")
    tee = StringField("Tee")
    holes = RadioField(
        "Holes",
        default="18",
        validate_choice=False,
        choices=[SelectChoice("9", "9 holes"), SelectChoice("18", "18 holes")],
    )
    yardage = FieldList(StringField("Yardage"), min_entries=MAX_HOLES, max_entries=MAX_HOLES)
    par = FieldList(StringField("Par"), min_entries=MAX_HOLES, max_entries=MAX_HOLES)
    version = HiddenField()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.problems: dict[str, str] = {}  # field id -> the one sentence shown beside it
        self.also_blank: set[str] = set()  # blank fields a note on an earlier hole already covers

    # -- showing ------------------------------------------------------------------
    def fill(self, course: Course, version: int | None = None) -> CourseForm:
        self.name.data, self.tee.data = course.name, course.tee
        self.holes.data = str(len(course.holes))
        for i in range(MAX_HOLES):
            hole = course.holes[i] if i < len(course.holes) else None
            self.yardage[i].data = str(hole.yardage) if hole else ""
            self.par[i].data = str(hole.par) if hole else "4"
        self.version.data = "" if version is None else str(version)
        return self

    def blank(self, holes: int) -> CourseForm:
        self.holes.data = str(holes)
        for i in range(MAX_HOLES):
            self.yardage[i].data, self.par[i].data = "", "4"
        return self

    def hole_count(self) -> int:
        return 9 if self.holes.data == "9" else 18

    def sums(self) -> Sums:
        yards = [_number(f.data) or 0 for f in self.yardage]
        pars = [_number(f.data) or 0 for f in self.par]
        back = self.hole_count() == 18
        return Sums(sum(yards[:9]), sum(yards[9:]) if back else 0, sum(pars[:9]), sum(pars[9:]) if back else 0)

    def seen_version(self) -> int | None:
        return _number(self.version.data)

    # -- reading ------------------------------------------------------------------
    def to_course(self) -> Course | None:
        """The course typed, or None with ``problems`` saying what is wrong beside each field."""
        self.problems, self.also_blank = {}, set()
        name = self._text("name", "course's name", COURSE_NAME_LIMIT)
        if name == "" and "name" not in self.problems:
            self.problems["name"] = "Give the course a name."
        tee = self._text("tee", "tee", TEE_LIMIT)
        if self.holes.data not in ("9", "18"):
            self.problems["holes"] = "Choose 9 or 18 holes."
        holes = []
        for i in range(self.hole_count()):
            yardage = self._whole(
                self.yardage[i], i + 1, "yardage", 1, MAX_YARDAGE, f"a yardage must be 1 to {MAX_YARDAGE} yards"
            )
            par = self._whole(self.par[i], i + 1, "par", 2, 6, "a par must be 2 to 6")
            if yardage is not None and par is not None:
                holes.append(Hole(yardage, par))
        self._one_note_for_blanks("yardage")
        self._one_note_for_blanks("par")
        if self.problems or self.also_blank:
            return None
        return Course(name=name, tee=tee, holes=tuple(holes))

    def _one_note_for_blanks(self, what: str) -> None:
        """Many holes left blank get one sentence, beside the first; the rest are only marked."""
        blank = [
            f.id
            for f in getattr(self, what)[: self.hole_count()]
            if self.problems.get(f.id, "").endswith(f"needs a {what}.")
        ]
        if len(blank) > 1:
            self.problems[blank[0]] = f"{self.problems[blank[0]][:-1]}, and so do {len(blank) - 1} more holes."
            for field_id in blank[1:]:
                del self.problems[field_id]
                self.also_blank.add(field_id)

    def _text(self, field: str, what: str, limit: int) -> str:
        try:
            return clean_text(getattr(self, field).data or "", what, limit)
        except RulesError as err:
            self.problems[field] = err.message
            return ""

    def _whole(self, field, number: int, what: str, low: int, high: int, rule: str) -> int | None:
        text = (field.data or "").strip()
        if not text:
            self.problems[field.id] = f"Hole {number} needs a {what}."
            return None
        value = _number(text)
        if value is None:
            self.problems[field.id] = f"Hole {number}: {quoted(text)} is not a number."
        elif not low <= value <= high:
            self.problems[field.id] = f"Hole {number}: {rule}."
        return value if field.id not in self.problems else None

    def first_problem(self) -> str | None:
        return next(iter(self.problems.values()), None)


class ImportForm(PageForm):
    """A CSV file, or its text pasted (from a spreadsheet, say)."""

    file = FileField("A CSV file")
    text = TextAreaField("Or paste it")

    def csv_text(self) -> tuple[str, str | None]:
        """The CSV as text and a name to fall back on (the file's), or ValueError with a sentence."""
        upload = self.file.data
        if upload is not None and getattr(upload, "filename", None):
            raw = upload.read(200_001)
            if len(raw) > 200_000:
                raise ValueError("That file is far too big to be a scorecard: choose the course's CSV file.")
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                try:
                    text = raw.decode("cp1252")  # an old spreadsheet's "CSV" export
                except UnicodeDecodeError:
                    raise ValueError("That file is not text: choose a CSV file (a spreadsheet can save one).") from None
            stem = re.sub(r"\.(csv|txt)$", "", upload.filename, flags=re.IGNORECASE)
            return text, " ".join(re.sub(r"[-_]+", " ", stem).split()).title() or None
        text = self.text.data or ""
        if not text.strip():
            raise ValueError("Choose a CSV file or paste the scorecard first.")
        return text, None
