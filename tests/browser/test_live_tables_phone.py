"""Live tables in real browsers: several phones (browser contexts) at one table, each moving only
on its turn, each checked after every move against the hidden state (docs/live-tables.md)."""

from __future__ import annotations

import re
import time
from collections import Counter

from playwright.sync_api import expect

from caddie.store import live_tables as store
from tests.browser.audit import axe_problems, small_targets
from tests.browser.conftest import SERVED

LIVE_WAIT_MS = 5_000  # a move shows on every other phone well within this


def _app():
    return SERVED["app"]


def _table_state(public_id):
    """The whole table as the server holds it (hidden cards included): for checking pages only."""
    with _app().app_context():
        row = store.find(public_id)
        return row.version, store.load(row)


def _public_id(page) -> str:
    return re.search(r"/t/([^/?#]+)", page.url).group(1)


def _make_table(page, name, players, seats, cards=4, game="grid"):
    page.goto("/t/new")
    if game == "clubs":
        page.locator("fieldset", has_text="Game").locator("label", has_text="Club Cards").tap()
    page.fill("#name", name)
    page.locator("fieldset", has_text="Players").locator("label", has_text=re.compile(rf"^{players}$")).tap()
    for index, choice in enumerate(seats):
        page.select_option(f"#others-{index}", choice)
    if game == "grid":
        page.locator("fieldset", has_text="Hand size").locator("label", has_text=re.compile(rf"^{cards}$")).tap()
    page.locator("#make-table").tap()
    expect(page.locator("#table-code")).to_be_visible()
    return page.inner_text("#table-code")


def _start(host, *names):
    """The host starts once the lobby shows everyone (as a person would: a tap on a lobby being
    redrawn that moment would land on the old one)."""
    for name in names:
        expect(host.locator("#seat-list")).to_contain_text(name, timeout=LIVE_WAIT_MS)
    host.locator("#start-table").tap()
    expect(host.locator("#grid-table, #club-form, #curtain")).to_be_visible()


def _join_by_code(page, code, name):
    page.goto("/join")
    page.fill("#code", code.lower())
    page.fill("#join-name", name)
    page.locator("#join-table").tap()
    expect(page.locator("#seat-list li.mine")).to_have_count(1)


def _version(page) -> int:
    return int(page.locator("#live-head, .watch").first.get_attribute("data-version"))


def _wait_for_version(page, version):
    """Wait until the page, updated by the live stream alone (no reload), shows ``version`` or later."""
    page.wait_for_function(
        "v => { const h = document.querySelector('#live-head, .watch');"
        " return h && Number(h.getAttribute('data-version')) >= v; }",
        arg=version,
        timeout=LIVE_WAIT_MS,
    )


def _settled_state(public_id, pages):
    """The table's state once every page shows exactly it: a computer may move in between, so read
    again until the pages and the state agree."""
    for _ in range(100):
        version, table = _table_state(public_id)
        for page in pages:
            _wait_for_version(page, version)
        steady = table.computer_to_move() is None  # else it moves any moment: wait for it
        if steady and all(_version(page) == version for page in pages) and _table_state(public_id)[0] == version:
            return version, table
        time.sleep(0.05)
    raise AssertionError("the table never held still")


def _your_turn(page) -> bool:
    head = page.locator("#live-head")
    return head.count() == 1 and head.get_attribute("data-your-turn") == "1"


def _grid_positions(columns, rows):
    """The positions of a grid in the order the page draws them: column by column, top to bottom."""
    return [k + r * columns for k in range(columns) for r in range(rows)]


def _check_grid_page(page, seat, table):
    """The page of ``seat`` shows no card that seat may not see: every other seat's face-down cards
    are drawn face down, and no card code appears more often than the seat can see it."""
    match = table.match
    rules = match.rules
    order = _grid_positions(rules.columns, rules.rows)
    over = match.phase in ("hole_over", "match_over")
    for other in range(match.players):
        if other == seat:
            continue
        shown = page.locator(f'.opp[data-seat="{other}"] .mini-grid .card').evaluate_all(
            "cards => cards.map(c => c.getAttribute('data-code'))"
        )
        assert len(shown) == rules.cards
        for drawn_at, pos in enumerate(order):
            if not match.face_up[other][pos] and not over:
                assert shown[drawn_at] == "", f"seat {seat} sees seat {other}'s face-down card at {pos}"
            else:
                assert shown[drawn_at] == match.grids[other][pos]
    view = match.view(seat)
    seen = Counter(c for p in view["players"] for c in p["grid"] if c)
    seen.update(view["discard"][-1:])
    if view["drawn"]:
        seen[view["drawn"]] += 1
    on_page = Counter(
        c
        for c in page.locator("#table .card[data-code]").evaluate_all("cs => cs.map(c => c.getAttribute('data-code'))")
        if c
    )
    assert not on_page - seen, f"seat {seat}'s page shows cards it may not see: {on_page - seen}"


def _play_grid_turn(page):
    """A quick plain strategy: turn up or swap into a face-down card, drawing from the deck first."""
    if page.locator("#next-hole").count():
        page.locator("#next-hole").tap()
        return "next"
    down = page.locator("button.slot.legal:has(.card.back)")
    if down.count():
        down.first.tap()
        return "slot"
    if page.locator("#deck:not([disabled])").count():
        page.locator("#deck").tap()
        return "deck"
    page.locator("button.slot.legal").first.tap()
    return "slot"


def test_three_people_and_a_computer_play_a_whole_grid_golf_match_live(new_context):
    ann, bob, cy = (new_context().new_page() for _ in range(3))
    code = _make_table(ann, "Ann", 4, ["person", "person", "steady"])
    assert not axe_problems(ann), axe_problems(ann)
    assert not small_targets(ann), small_targets(ann)
    _join_by_code(bob, code, "Bob")
    cy.goto(ann.locator("#join-link").get_attribute("href"))  # the join link, as the QR code holds it
    cy.fill("#sit-name", "Cy")
    cy.locator("#sit-down").tap()
    expect(cy.locator("#seat-list li.mine")).to_have_count(1)
    _start(ann, "Bob", "Cy")  # the host's lobby fills by itself
    phones = {0: ann, 1: bob, 2: cy}
    public_id = _public_id(ann)
    for page in (bob, cy):  # the others' lobbies turn into the table by themselves
        expect(page.locator("#grid-table")).to_be_visible(timeout=LIVE_WAIT_MS)
    assert not axe_problems(bob), axe_problems(bob)

    moves = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        version, table = _settled_state(public_id, phones.values())
        for seat, page in phones.items():
            _check_grid_page(page, seat, table)
        if table.match.is_over:
            break
        if table.computer_to_move() is not None:
            ann.wait_for_timeout(100)  # the computer moves by itself
            continue
        movers = [(s, p) for s, p in phones.items() if _your_turn(p)]
        if table.to_move is None:
            _play_grid_turn(bob)  # any person's phone starts the next hole
        elif movers:
            assert [s for s, _ in movers] == [table.to_move], "only the seat to move is told it is its turn"
            seat, page = movers[0]
            for other_seat, other in phones.items():
                if other_seat != seat:
                    assert not other.locator("button.slot.legal, #deck.legal").count()
            _play_grid_turn(page)
        else:
            raise AssertionError(f"no phone says it is {table.places[table.to_move].name}'s turn")
        moves += 1
        expect_new = version + 1
        with _app().app_context():
            deadline_move = time.monotonic() + 5
            while store.find(public_id).version < expect_new and time.monotonic() < deadline_move:
                time.sleep(0.02)
    else:
        raise AssertionError("the match did not finish in time")
    for page in phones.values():
        expect(page.locator("#match-winner")).to_be_visible()
        expect(page.locator("#scorecard-link")).to_be_visible()
    with _app().app_context():
        row = store.find(public_id)
        from caddie.store.ledger import round_by_id

        round_ = round_by_id(row.round_id)
        assert len([s for s in round_.scores if s.score is not None]) == 4 * 9
    assert moves > 40


def _club_turn(page):
    """Tick the largest cards until they reach the hole's yardage, then Play."""
    if page.locator("#next-hole").count():
        page.locator("#next-hole").tap()
        return
    yardage = int(page.locator("#hole-facts b").first.inner_text())
    boxes = page.locator('input[type="checkbox"][name="pick"]')
    values = sorted(((int(boxes.nth(i).get_attribute("value")), i) for i in range(boxes.count())), reverse=True)
    total = 0
    for value, index in values:
        if total >= yardage:
            break
        boxes.nth(index).check()
        total += value
    page.locator("#play-cards").tap()


def test_two_people_play_a_club_cards_round_live(new_context):
    ann, bob = (new_context().new_page() for _ in range(2))
    code = _make_table(ann, "Ann", 2, ["person"], game="clubs")
    _join_by_code(bob, code, "Bob")
    _start(ann, "Bob")
    expect(bob.locator("#club-form")).to_be_visible(timeout=LIVE_WAIT_MS)
    public_id = _public_id(ann)
    phones = {0: ann, 1: bob}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        version, table = _settled_state(public_id, phones.values())
        for seat, page in phones.items():
            hands = table.match.hands
            shown = {
                int(v)
                for v in page.locator(".club-card input, .club-card").evaluate_all("cs => cs.map(c => c.value || '')")
                if v
            }
            other = hands[1 - seat]
            # a card only the other seat holds is never on this seat's page
            assert not (set(other) - set(hands[seat])) & shown
        if table.match.is_over:
            break
        if table.to_move is None:
            _club_turn(ann)
        else:
            _club_turn(phones[table.to_move])
        with _app().app_context():
            stop = time.monotonic() + 5
            while store.find(public_id).version <= version and time.monotonic() < stop:
                time.sleep(0.02)
    else:
        raise AssertionError("the round did not finish in time")
    for page in phones.values():
        expect(page.locator("#match-winner")).to_be_visible(timeout=LIVE_WAIT_MS)
        # each phone reads its own review of the last hole, worked out beside the moves
        expect(page.locator("#hole-review-title")).to_have_text("Your hole, reviewed", timeout=20_000)

    # the round counts on Bob's phone too, not only on the host's: a round among people, rated,
    # and in Bob's ledger as the scorecard to read (docs/people.md, "Whose rounds")
    bob.goto("/people/")
    standings = bob.locator("#standings-clubs tbody tr")
    expect(standings).to_have_count(2)
    assert {row.locator("th").inner_text() for row in standings.all()} == {"Ann", "Bob"}
    assert all(row.locator("td").first.locator("b").count() == 1 for row in standings.all())  # rated
    bob.goto("/ledger/")
    expect(bob.locator("#game-rounds + ul .door")).to_contain_text("Live table")

    # Ann's replay, shared: a phone with no seat steps through it, and neither its pages nor the
    # record it downloads name a card the Caddie would have played from someone's hand
    holes = table.kind.holes(table.settings)
    ann.locator("#replay-link").tap()
    expect(ann.locator("#replay-title")).to_have_text(f"Replay · hole {holes}")
    with ann.expect_navigation():
        ann.locator("#share-replay").tap()
    link = re.sub(r"^https?://[^/]+", "", ann.locator("#replay-share-link").get_attribute("href"))
    stranger = new_context().new_page()
    seen = [stranger.goto(link).text()]
    for hole in range(1, holes):
        seen.append(stranger.goto(f"{link}?hole={hole}").text())
    with stranger.expect_download() as download:
        stranger.locator("#download-record").tap()
    with open(download.value.path(), encoding="utf-8") as file:
        record = file.read()
    assert "other cards from the hand" in record  # the people's costly plays, reviewed
    for text in [*seen, record]:
        assert not re.search(r"would have played \d", text)
    stranger.goto("/replays/import")
    stranger.set_input_files(
        "#record-file", files=[{"name": "round.json", "mimeType": "application/json", "buffer": record.encode()}]
    )
    with stranger.expect_navigation():
        stranger.locator("#import-record").tap()
    expect(stranger.locator("#replay-title")).to_have_text(f"Replay · hole {holes}")


def test_pass_and_play_shows_a_curtain_between_two_people_on_one_phone(new_context):
    page = new_context().new_page()
    _make_table(page, "Ann", 2, ["person"])
    page.fill("#sit-name", "Cy")
    page.locator("#sit-down").tap()
    expect(page.locator("#seat-list li.mine")).to_have_count(2)
    _start(page, "Cy")
    public_id = _public_id(page)
    curtains = 0
    for _ in range(60):
        version, table = _settled_state(public_id, [page])
        if table.match.phase == "hole_over":
            break
        if page.locator("#curtain").count():
            curtains += 1
            assert not page.locator(".my-grid, .opp .card").count(), "no hand behind the curtain"
            name = table.places[table.to_move].name
            expect(page.locator("#curtain-title")).to_have_text(name)
            page.locator("#reveal").tap()
            expect(page.locator("#grid-table")).to_be_visible()
            assert not axe_problems(page), axe_problems(page)
            continue
        _check_grid_page(page, table.to_move, table)
        _play_grid_turn(page)
        _wait_for_version(page, version + 1)
    assert curtains >= 2


def test_a_phone_closed_mid_hole_comes_back_through_its_seat_link(new_context):
    ann, bob = (new_context().new_page() for _ in range(2))
    code = _make_table(ann, "Ann", 2, ["person"])
    _join_by_code(bob, code, "Bob")
    _start(ann, "Bob")
    expect(bob.locator("#grid-table")).to_be_visible(timeout=LIVE_WAIT_MS)
    public_id = _public_id(ann)
    bob.locator("#table-people summary").tap()
    link = bob.locator("#seat-link-1").get_attribute("href")
    assert not ann.locator("#seat-link-1").count(), "a seat's link is shown only to its own phone"
    bob.context.close()
    # Ann plays her two flips while Bob's phone is gone
    for _ in range(2):
        version, _ = _table_state(public_id)
        _play_grid_turn(ann)
        _wait_for_version(ann, version + 1)
    again = new_context().new_page()
    again.goto(link)
    again.locator("#confirm-link-button").tap()  # a seat link's page says whose seat; its button takes it
    expect(again.locator("#live-head")).to_have_attribute("data-your-turn", "1")
    version, table = _table_state(public_id)
    _check_grid_page(again, 1, table)
    _play_grid_turn(again)
    _wait_for_version(ann, version + 1)  # and Ann's phone sees Bob's move from the new phone


def test_an_onlooker_follows_the_table_and_sees_only_what_is_face_up(new_context):
    ann, bob, onlooker = (new_context().new_page() for _ in range(3))
    code = _make_table(ann, "Ann", 2, ["person"])
    _join_by_code(bob, code, "Bob")
    _start(ann, "Bob")
    public_id = _public_id(ann)
    ann.locator("#table-people summary").tap()
    onlooker.goto(ann.locator("#watch-link").get_attribute("href"))
    expect(onlooker.locator("#watch-title")).to_be_visible()
    assert not axe_problems(onlooker), axe_problems(onlooker)
    for _ in range(4):
        # every page at the version, the player's to move included, before that player taps
        version, table = _settled_state(public_id, [onlooker, ann, bob])
        codes = onlooker.locator(".watch .card").evaluate_all("cs => cs.map(c => c.getAttribute('data-code'))")
        up = [table.match.grids[s][p] for s in range(2) for p in range(4) if table.match.face_up[s][p]]
        assert sorted(c for c in codes if c) == sorted(up)
        page = phones_turn(ann, bob, table)
        _play_grid_turn(page)
        # the move lands before the next look: read at once, the table may still be the one the tap
        # changes, and a second tap on the same phone meets its table redrawn by the first's answer
        _wait_for_version(page, version + 1)
    # the people Ann opened stay open through every redraw (her own moves and Bob's, streamed)
    expect(ann.locator("#table-people")).to_have_attribute("open", "")


def phones_turn(ann, bob, table):
    return ann if table.to_move == 0 else bob


def test_a_new_phone_asks_to_be_let_back_in_and_the_host_lets_it_in(new_context):
    ann, bob = (new_context().new_page() for _ in range(2))
    code = _make_table(ann, "Ann", 2, ["person"])
    _join_by_code(bob, code, "Bob")
    _start(ann, "Bob")
    public_id = _public_id(ann)
    new_phone = new_context().new_page()  # Bob's phone forgot the table, or he picked up another
    new_phone.goto("/join")
    new_phone.fill("#code", code)
    new_phone.fill("#join-name", "Bob")
    new_phone.locator("#join-table").tap()
    expect(new_phone.locator("#waiting")).to_contain_text("Waiting for Ann (the host) to let you back in")
    assert not new_phone.locator("[data-code], #grid-table").count()  # nothing of the table before the answer
    # Ann's phone hears of the request through its live stream: no reload
    expect(ann.locator("#asks")).to_contain_text("A phone asks to be let back in as Bob", timeout=LIVE_WAIT_MS)
    assert not axe_problems(ann), axe_problems(ann)
    assert not small_targets(ann), small_targets(ann)
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390
    ann.locator("#let-in-1").tap()
    expect(ann.locator("#asks")).to_have_count(0)
    # the new phone goes on to Bob's seat by itself, and hears the table from then on
    expect(new_phone.locator("#grid-table")).to_be_visible(timeout=LIVE_WAIT_MS)
    expect(new_phone.locator("#keep-link")).to_contain_text("Bob's seat link")
    # the old phone is a stranger's now: it says so, and stops listening to a stream it may not read
    expect(bob.locator("#closed-title")).to_be_visible(timeout=LIVE_WAIT_MS)
    expect(bob.locator("#live-stream[sse-connect]")).to_have_count(0)
    version, table = _table_state(public_id)
    _check_grid_page(new_phone, 1, table)
    _play_grid_turn(ann)
    _wait_for_version(new_phone, version + 1)
