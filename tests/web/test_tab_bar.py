"""The tab bar marks the tab of the page's blueprint (caddie/web/__init__.py), never a tab a view
names by hand."""

from __future__ import annotations

import re

import pytest

CURRENT = re.compile(r'<a href="([^"]+)" aria-current="page">')


@pytest.mark.parametrize(
    ("path", "tab"),
    [
        ("/tally/grid", "/tally/grid"),
        ("/tally/clubs", "/tally/grid"),
        ("/tally/table", "/tally/grid"),
        ("/caddie/", "/caddie/"),
        ("/caddie/clubs/", "/caddie/"),
        ("/ledger/", "/ledger/"),
        ("/ledger/new", "/ledger/"),
        ("/courses/", "/ledger/"),
        ("/play/", "/play/"),
        ("/play/clubs/", "/play/"),
        ("/t/new", "/play/"),
        ("/join", "/play/"),
        ("/settings", "/settings"),
        ("/data", "/settings"),
    ],
)
def test_each_page_marks_its_own_tab(client, path, tab):
    response = client.get(path)
    assert response.status_code == 200, path
    marked = CURRENT.findall(response.get_data(as_text=True))
    assert marked == [tab], (path, marked)


def test_home_marks_no_tab(client):
    assert CURRENT.findall(client.get("/").get_data(as_text=True)) == []
