"""Links meant for another phone use an address that phone can reach (caddie.web.shareable):
PUBLIC_URL when set; else the address the page was reached at, unless that is this machine's
loopback, which gives this machine's LAN address with the same scheme and port."""

from __future__ import annotations

import re

import pytest
import segno

from caddie.web import lan, shareable

CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
LAN = "192.168.1.23"


class Phone:
    """A browser that reached the app at ``host`` (the Host header of every request it sends)."""

    def __init__(self, app, host: str):
        self.client = app.test_client()
        self.base = f"http://{host}"
        self.token = CSRF.search(self.get("/").get_data(as_text=True)).group(1)

    def get(self, path, **kw):
        return self.client.get(path, base_url=self.base, **kw)

    def post(self, path, data=None, **kw):
        return self.client.post(path, base_url=self.base, data={"csrf_token": self.token, **(data or {})}, **kw)


@pytest.fixture
def lan_app(app, monkeypatch):
    """The app as the table server runs it (LAN links on), on a machine whose LAN address is LAN."""
    app.config["LAN_LINKS"] = True
    monkeypatch.setattr(shareable, "lan_addresses", lambda: [LAN, "10.0.0.9"])
    monkeypatch.setattr(shareable, "_lan_cache", (-shareable.LAN_CACHE_SECONDS, None))
    return app


def _lobby(phone) -> tuple[str, str]:
    data = {"game": "grid", "name": "Ann", "players": "2", "others-0": "person", "cards": "4", "holes": "9"}
    data.update({"negatives": "twos", "clock": ""})
    made = phone.post("/t/new", data)
    assert made.status_code == 303, made.get_data(as_text=True)
    location = made.headers["Location"]
    return location, phone.get(location).get_data(as_text=True)


def _round(phone) -> str:
    data = {"game": "grid", "holes": "9", "played_on": "2026-11-29", "players-0": "Ann", "players-1": "Bo"}
    made = phone.post("/ledger/new", data)
    assert made.status_code == 303, made.get_data(as_text=True)
    return phone.get(made.headers["Location"].split("?")[0]).get_data(as_text=True)


def _href(html: str, element_id: str) -> str:
    return re.search(rf'href="([^"]+)" id="{element_id}"', html).group(1)


def _value(html: str, element_id: str) -> str:
    return re.search(rf'id="{element_id}" readonly value="([^"]+)"', html).group(1)


def _shared(html: str, button_id: str) -> str:
    return re.search(rf'id="{button_id}"\s+data-share-url="([^"]+)"', html).group(1)


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_a_lobby_reached_at_localhost_gives_the_lan_address_for_the_other_phones(lan_app, host):
    phone = Phone(lan_app, host)
    location, html = _lobby(phone)
    join = _href(html, "join-link")
    assert re.fullmatch(rf"http://{LAN}:8000/join/\w+", join)
    assert _shared(html, "share-join") == join
    assert f'id="join-address">{LAN}:8000/join<' in html
    # the QR code holds the same link
    drawn = []
    real_make = segno.make

    def spy(content, *args, **kwargs):
        drawn.append(content)
        return real_make(content, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(segno, "make", spy)
        assert phone.get(f"{location}/qr.svg").status_code == 200
    assert drawn == [join]


def test_the_table_links_in_play_and_the_ledger_links_use_the_lan_address(lan_app):
    phone = Phone(lan_app, "127.0.0.1:8000")
    location, _ = _lobby(phone)
    started = phone.post(f"{location}/start", {"seat": "0"})
    assert started.status_code in (200, 303), started.get_data(as_text=True)
    html = phone.get(location).get_data(as_text=True)
    assert _href(html, "watch-link").startswith(f"http://{LAN}:8000/w/")
    assert _shared(html, "share-watch") == _href(html, "watch-link")

    card = _round(phone)
    assert _value(card, "share-link").startswith(f"http://{LAN}:8000/ledger/s/")
    assert _value(card, "edit-link").startswith(f"http://{LAN}:8000/ledger/e/")
    assert _shared(card, "share-follow") == _value(card, "share-link")
    assert _shared(card, "share-edit") == _value(card, "edit-link")


def test_a_seat_link_for_a_second_seat_on_this_phone_uses_the_lan_address(lan_app):
    phone = Phone(lan_app, "localhost:8000")
    location, _ = _lobby(phone)
    assert phone.post(f"{location}/sit", {"name": "Bo"}).status_code in (200, 303)
    assert phone.post(f"{location}/start", {"seat": "0"}).status_code in (200, 303)
    html = phone.get(location).get_data(as_text=True)
    links = re.findall(r'href="([^"]+)" id="seat-link-\d"', html)
    assert links and all(link.startswith(f"http://{LAN}:8000/t/") for link in links)


def test_the_api_gives_the_lan_address_in_join_and_watch_urls(lan_app):
    client = lan_app.test_client()
    body = {"name": "Ann", "seats": [{"kind": "person"}, {"kind": "person"}], "rules": {"cards": 4}}
    made = client.post("/api/v1/tables", json=body, base_url="http://127.0.0.1:8000")
    assert made.status_code == 201, made.get_json()
    assert re.fullmatch(rf"http://{LAN}:8000/join/[0-9a-f]{{32}}", made.get_json()["join_url"])
    assert made.get_json()["watch_url"].startswith(f"http://{LAN}:8000/w/")


def test_public_url_wins_over_every_address(lan_app):
    lan_app.config["PUBLIC_URL"] = "https://cards.example.org"
    phone = Phone(lan_app, "127.0.0.1:8000")
    _, html = _lobby(phone)
    assert _href(html, "join-link").startswith("https://cards.example.org/join/")
    assert 'id="join-address">cards.example.org/join<' in html
    assert _value(_round(phone), "share-link").startswith("https://cards.example.org/ledger/s/")


def test_a_page_reached_at_a_network_address_keeps_that_address(lan_app):
    phone = Phone(lan_app, "192.168.50.7:8000")
    _, html = _lobby(phone)
    assert _href(html, "join-link").startswith("http://192.168.50.7:8000/join/")
    assert _value(_round(phone), "edit-link").startswith("http://192.168.50.7:8000/ledger/e/")
    named = Phone(lan_app, "cards.home.arpa")
    assert _href(_lobby(named)[1], "join-link").startswith("http://cards.home.arpa/join/")


def test_without_lan_links_or_a_lan_address_localhost_stays(lan_app, monkeypatch):
    lan_app.config["LAN_LINKS"] = False  # the table server listening on 127.0.0.1 only
    assert _href(_lobby(Phone(lan_app, "127.0.0.1:8000"))[1], "join-link").startswith("http://127.0.0.1:8000/")
    lan_app.config["LAN_LINKS"] = True
    monkeypatch.setattr(shareable, "lan_addresses", list)  # on no network
    monkeypatch.setattr(shareable, "_lan_cache", (-shareable.LAN_CACHE_SECONDS, None))
    assert _href(_lobby(Phone(lan_app, "localhost:8000"))[1], "join-link").startswith("http://localhost:8000/")


@pytest.mark.parametrize(
    "host, loopback",
    [
        ("localhost", True),
        ("LOCALHOST.", True),
        ("app.localhost", True),
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("[::1]", True),
        ("::1", True),
        ("::ffff:127.0.0.1", True),
        ("0.0.0.0", True),
        ("192.168.1.23", False),
        ("10.0.0.2", False),
        ("[fe80::1]", False),
        ("cards.example.org", False),
        ("localhost.example.org", False),
        ("128.0.0.1", False),
    ],
)
def test_loopback_hosts_are_told_from_the_ones_another_phone_reaches(host, loopback):
    assert shareable.is_loopback_host(host) is loopback


def test_host_and_port_are_split_for_names_ipv4_and_ipv6():
    assert shareable.split_host("127.0.0.1:8000") == ("127.0.0.1", ":8000")
    assert shareable.split_host("localhost") == ("localhost", "")
    assert shareable.split_host("[::1]:8000") == ("[::1]", ":8000")
    assert shareable.split_host("[::1]") == ("[::1]", "")


def test_lan_addresses_put_a_home_network_first_and_leave_out_loopback_and_link_local(monkeypatch):
    found = [
        lan.InterfaceAddress("docker0", "172.17.0.1"),
        lan.InterfaceAddress("eth1", "169.254.3.4"),
        lan.InterfaceAddress("lo", "127.0.0.1"),
        lan.InterfaceAddress("eth2", "203.0.113.5"),
        lan.InterfaceAddress("wlan0", "192.168.1.23"),
        lan.InterfaceAddress("wlan0", "192.168.1.23"),
        lan.InterfaceAddress("eth0", "10.1.2.3"),
    ]
    monkeypatch.setattr(lan, "_from_getifaddrs", lambda: found)
    assert lan.lan_addresses() == ["192.168.1.23", "10.1.2.3", "203.0.113.5", "172.17.0.1"]


def test_this_machines_interfaces_are_read_without_error():
    addresses = lan.lan_addresses()
    assert all(not address.startswith(("127.", "169.254.")) for address in addresses)
