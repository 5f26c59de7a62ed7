"""Your data on a phone: download everything from Settings, then import the file in another browser."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.audit import sideways_overflow


def no_sideways_scroll(page) -> bool:
    return sideways_overflow(page) == 0


def test_download_on_one_phone_and_import_on_another(new_context, tmp_path):
    first = new_context()
    created = first.request.post("/api/v1/rounds", data={"players": ["Ann", "Bo"], "holes": 9})
    assert created.status == 201
    round_id = created.json()["round"]["id"]

    phone = first.new_page()
    phone.goto("/settings")
    link = phone.locator("#download-data")
    link.scroll_into_view_if_needed()
    expect(link).to_be_visible()
    expect(link).to_have_text("Download everything (JSON)")
    box = link.bounding_box()
    assert box["height"] >= 48 and box["width"] <= 390
    assert no_sideways_scroll(phone)
    with phone.expect_download() as caught:
        link.tap()
    download = caught.value
    assert re.fullmatch(r"caddie-and-tally-\d{4}-\d{2}-\d{2}\.json", download.suggested_filename)
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)

    other = new_context().new_page()  # another browser: no cookie of the first one's
    other.goto("/settings")
    chooser = other.locator("#data-file")
    chooser.scroll_into_view_if_needed()
    expect(chooser).to_be_visible()
    chooser.set_input_files(str(saved))
    check = other.locator("#check-import")
    assert check.bounding_box()["height"] >= 48
    check.tap()
    expect(other.locator("#preview-heading")).to_contain_text("The file holds 1 round")
    # the same server already has this round (the first phone's): the copy will get links of its own,
    # but the check says only that it is added, as for a round new here (another browser's business)
    expect(other.locator("#plan-rounds-add")).to_contain_text("1 round will be added")
    expect(other.locator("#plan-rounds-new-links")).to_have_count(0)
    assert no_sideways_scroll(other)
    other.locator("#do-import").tap()
    expect(other.locator(".flash")).to_contain_text("Imported 1 round and 0 courses.")
    expect(other.locator("#holdings")).to_contain_text("This browser keeps 1 round")
    assert no_sideways_scroll(other)
    other.goto("/ledger/")
    expect(other.locator("main")).to_contain_text("Ann")
    assert round_id not in other.content()  # its own copy, not the first phone's round


def test_a_wrong_file_is_named_beside_the_chooser(phone, tmp_path):
    wrong = tmp_path / "scorecard.csv"
    wrong.write_text("hole,yardage,par\n1,392,4\n")
    phone.goto("/data")
    phone.locator("#data-file").set_input_files(str(wrong))
    phone.locator("#check-import").tap()
    expect(phone.locator("#data-file-error")).to_contain_text("not valid JSON")
    assert no_sideways_scroll(phone)
