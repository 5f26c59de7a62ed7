"""A course typed in on a phone: the editor fits 390 px, totals follow the typing, and it is saved."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.audit import sideways_overflow

YARDS = [310, 142, 455, 298, 126, 335, 402, 274, 155]
PARS = [4, 3, 5, 4, 3, 4, 5, 4, 3]


def no_sideways_scroll(page) -> bool:
    return sideways_overflow(page) == 0


def test_a_nine_hole_course_typed_in_and_saved_on_a_phone(phone):
    phone.goto("/courses/")
    assert no_sideways_scroll(phone)
    phone.locator("#new-nine").tap()
    expect(phone.locator("#yardage-0")).to_be_visible()
    expect(phone.locator("#yardage-9")).to_be_hidden()  # the back nine is hidden for 9 holes
    assert phone.locator("#yardage-0").get_attribute("inputmode") == "numeric"
    assert no_sideways_scroll(phone)

    phone.locator("#name").fill("Back Yard Nine")
    phone.locator("#tee").fill("Red")
    for i, (yards, par) in enumerate(zip(YARDS, PARS)):
        phone.locator(f"#yardage-{i}").fill(str(yards))
        phone.locator(f"#par-{i}").fill(str(par))
    expect(phone.locator('[data-sum="out-yards"]')).to_have_text("2,497")
    expect(phone.locator('.course-sum [data-sum="total-par"]')).to_have_text("35")
    box = phone.locator("#save-course").bounding_box()
    assert box["height"] >= 48 and box["width"] >= 48
    assert no_sideways_scroll(phone)

    phone.locator("#save-course").tap()
    expect(phone.locator("#my-courses")).to_contain_text("Back Yard Nine")
    expect(phone.locator("#my-courses")).to_contain_text("Red tees · 9 holes · par 35 · 2,497 yards")
    assert no_sideways_scroll(phone)


def test_a_mistake_stays_typed_beside_its_hole(phone):
    phone.goto("/courses/new")
    phone.locator("#name").fill("Typo Links")
    phone.locator("#yardage-0").fill("4o0")
    phone.locator("#save-course").tap()
    expect(phone.locator("#yardage-0-error")).to_have_text('Hole 1: "4o0" is not a number.')
    expect(phone.locator("#yardage-0")).to_have_value("4o0")
    expect(phone.locator("#name")).to_have_value("Typo Links")
    assert no_sideways_scroll(phone)
