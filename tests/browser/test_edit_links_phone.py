"""Edit links the owner controls, on two phones (docs/ledger.md, "Edit links" and "Deleting and
the trash"): the owner replaces the link and the second scorekeeper's phone, a browser context of
its own, loses edit access at its next tap; the owner deletes a round and restores it from the trash."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes, sideways_overflow
from tests.browser.test_ledger_one_hand import expect_score, round_through_api

TAKEN_BACK = "This edit link was taken back by the round's owner"


def audit(page, where: str) -> None:
    page.wait_for_load_state("load")
    assert_page_passes(page, where)


def test_the_owner_replaces_the_link_and_the_second_phone_loses_edit_access(new_context):
    owner = new_context().new_page()
    round_id = round_through_api(owner, names=["Ann", "Bo"], filled=1)
    owner.goto(f"/ledger/r/{round_id}")
    old_link = owner.locator("#edit-link").input_value()

    keeper = new_context().new_page()  # the second phone: a browser of its own
    keeper.goto(old_link)
    audit(keeper, "the edit link's page: what it gives, and the button that gives it")
    keeper.locator("#confirm-link-button").tap()
    keeper.wait_for_load_state("load")
    keeper.locator("#cell-1-2").tap()
    keeper.locator("#quick-4").tap()
    expect_score(keeper, 1, 2, 4)
    expect(keeper.locator("#replace-edit-link")).to_have_count(0)  # the owner's alone
    expect(keeper.locator("#delete-round")).to_have_count(0)
    keeper.locator("#cell-0-3").tap()  # the pad open on the next cell, as it is at the table
    expect(keeper.locator("#pad")).to_contain_text("Hole 3 · Ann")

    owner.reload()
    audit(owner, "the owner's round page with its edit-link buttons")
    owner.locator("#replace-edit-link").tap()
    owner.wait_for_load_state("load")
    expect(owner.locator(".flash")).to_contain_text("the old one no longer works")
    new_link = owner.locator("#edit-link").input_value()
    assert new_link != old_link
    audit(owner, "the round page after replacing the edit link")

    # the keeper's next tap, on the pad still open: refused, and the page says why
    keeper.locator("#quick-7").tap()
    expect(keeper.locator("#round-message")).to_contain_text(TAKEN_BACK)
    keeper.wait_for_load_state("load")
    expect(keeper.locator("#pad")).to_have_count(0)
    expect(keeper.locator("a.cell")).to_have_count(0)  # nothing on the card to tap into
    expect(keeper.locator("#cell-0-3")).to_have_text("")
    audit(keeper, "the scorekeeper's card after the link was taken back")

    # the new link gives the second phone its pad back
    keeper.goto(new_link)
    keeper.locator("#confirm-link-button").tap()
    keeper.wait_for_load_state("load")
    keeper.locator("#cell-0-3").tap()
    keeper.locator("#quick-7").tap()
    expect_score(keeper, 0, 3, 7)


@pytest.mark.parametrize("width, height", [(390, 844), (320, 640)])
def test_the_owner_deletes_and_restores_from_the_trash(new_context, width, height):
    owner = new_context(viewport={"width": width, "height": height}).new_page()
    round_id = round_through_api(owner, names=["Ann", "Bo"], filled=2)
    owner.goto(f"/ledger/r/{round_id}")
    assert sideways_overflow(owner) == 0
    owner.locator("#delete-round").tap()
    owner.wait_for_load_state("load")
    owner.locator("#confirm-delete").tap()
    owner.wait_for_load_state("load")
    expect(owner.locator("#trash")).to_contain_text("Deleted rounds")
    assert sideways_overflow(owner) == 0
    audit(owner, f"the ledger with a round in the trash at {width} px")
    owner.locator(f"#restore-{round_id}").tap()
    owner.wait_for_load_state("load")
    expect(owner.locator(".flash")).to_contain_text("every score as it was")
    expect_score(owner, 1, 2, 2)
    owner.goto("/ledger/")
    expect(owner.locator("#trash")).to_have_count(0)
