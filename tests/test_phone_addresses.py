"""The address phones reach: every table card, QR code, poster, wall and link made for
phones carries PUBLIC_URL when it is set, else the address the page was asked on, never a
loopback address (a director on 127.0.0.1 is told which address to use); a host the site
does not serve gets a short page in both languages, never Django's debug page."""

import re

import pytest
from django.test import override_settings
from django.urls import reverse

from matches import actions, public_address
from matches.models import Room
from matches.presenters.table_cards import qr_svg
from tests import congress
from tests.factories import make_event, make_match
from tests.test_settings import read_settings, run_check

pytestmark = pytest.mark.django_db
CLUB = "http://192.168.1.23:8000"
LAPTOP = {"HTTP_HOST": "127.0.0.1:8000"}


def qr_of(url: str) -> str:
    """Return the drawing (the SVG path) of the QR code holding ``url``."""
    return re.search(r' d="([^"]+)"', qr_svg(url, "x"))[1]


@pytest.fixture
def laptop_on_wifi(monkeypatch):
    """This machine's address on its network is 192.168.1.23."""
    monkeypatch.setattr(public_address, "recent_machine_address", lambda: "192.168.1.23")


@pytest.fixture
def tables(db):
    """Return the open room's table of a round whose tables are open."""
    match = make_match(make_event(name="Club teams"))
    actions.open_tables(match.stage, round_number=1, user=None)
    return Room.objects.get(match=match, room="open")


def cards(client, table, **host):
    url = reverse("director-table-cards", args=[table.match.event_id, 1, 1])
    return client.get(url, **host).content.decode()


@override_settings(PUBLIC_URL=CLUB)
def test_the_cards_opened_on_the_laptop_carry_public_url(director_client, tables):
    html = cards(director_client, tables, **LAPTOP)
    assert qr_of(f"{CLUB}/t/{tables.token}/") in html
    assert f"{CLUB}/t/" in html  # where to type the code
    assert "127.0.0.1" not in html
    assert "Phones cannot open" not in html
    qr = director_client.get(
        reverse("director-table-qr", args=[tables.match.event_id, tables.pk]), **LAPTOP
    )
    assert qr.content.decode().count(qr_of(f"{CLUB}/t/{tables.token}/")) == 1


@override_settings(ALLOWED_HOSTS=["10.0.0.5"])
def test_cards_opened_at_the_network_address_carry_it(director_client, tables):
    html = cards(director_client, tables, HTTP_HOST="10.0.0.5:8000")
    assert qr_of(f"http://10.0.0.5:8000/t/{tables.token}/") in html
    assert "Phones cannot open" not in html


def test_cards_opened_on_a_loopback_address_say_which_address_to_use(
    director_client, tables, laptop_on_wifi, in_english
):
    html = cards(director_client, tables, **LAPTOP)
    assert "Phones cannot open http://127.0.0.1:8000" in html
    here = f"{CLUB}/director/events/{tables.match.event_id}/stages/1/rounds/1/table-cards/"
    assert f'<a class="alert-link" href="{here}">{here}</a>' in html
    assert qr_of(f"{CLUB}/t/{tables.token}/") in html  # never the loopback address
    assert qr_of(f"http://127.0.0.1:8000/t/{tables.token}/") not in html
    round_page = director_client.get(
        reverse("director-event", args=[tables.match.event_id]), **LAPTOP
    ).content.decode()
    assert "Phones cannot open http://127.0.0.1:8000" in round_page
    assert f"{CLUB}/t/{tables.token}/" in round_page  # the link to copy


def test_on_a_laptop_with_no_network_the_cards_say_to_join_the_wifi(
    director_client, tables, monkeypatch, in_english
):
    monkeypatch.setattr(public_address, "recent_machine_address", lambda: None)
    html = cards(director_client, tables, HTTP_HOST="localhost:8000")
    assert "Phones cannot open http://localhost:8000" in html
    assert "This computer has no network address: connect it to the club" in html


def test_the_advice_reads_in_chinese(director_client, tables, laptop_on_wifi):
    director_client.cookies["django_language"] = "zh-hans"
    html = cards(director_client, tables, **LAPTOP)
    assert "手机打不开 http://127.0.0.1:8000" in html


@override_settings(PUBLIC_URL=CLUB)
def test_the_wall_and_the_poster_opened_on_the_laptop_carry_public_url(client):
    event = congress.round_robin()
    match = event.matches.filter(round=3).order_by("pk").first()
    wall = client.get(reverse("wall", args=[event.pk]), **LAPTOP).content.decode()
    assert qr_of(f"{CLUB}{event.get_absolute_url()}") in wall
    assert "127.0.0.1" not in wall
    poster = client.get(reverse("round-poster", args=[event.pk, 1, 3]), **LAPTOP)
    html = poster.content.decode()
    assert f"{CLUB}{event.get_absolute_url()}" in html
    assert qr_of(f"{CLUB}{match.get_absolute_url()}") in html
    assert "127.0.0.1" not in html


def test_the_wall_on_a_loopback_address_carries_the_laptop_s_network_address(
    client, laptop_on_wifi
):
    event = congress.round_robin()
    wall = client.get(reverse("wall", args=[event.pk]), **LAPTOP).content.decode()
    assert qr_of(f"{CLUB}{event.get_absolute_url()}") in wall


@pytest.mark.parametrize("debug", [False, True])
def test_a_host_the_site_does_not_serve_gets_a_short_page_in_both_languages(client, debug):
    with override_settings(DEBUG=debug, PUBLIC_URL=CLUB):
        response = client.get("/events/1/", HTTP_HOST="laptop.local:8000")
    assert response.status_code == 400
    html = response.content.decode()
    assert "网络地址不对" in html and "Wrong address" in html
    assert "请扫描桌卡上的二维码" in html and "Scan the QR code on your table's card" in html
    assert html.count(f'<a href="{CLUB}/">') == 2
    assert "DisallowedHost" not in html and "Traceback" not in html and "laptop.local" not in html
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_the_page_of_an_unknown_host_keeps_its_style(client):
    assert client.get("/static/css/app.css", HTTP_HOST="laptop.local").status_code == 200


def test_public_url_is_a_host_the_site_serves():
    assert read_settings("ALLOWED_HOSTS", PUBLIC_URL=f"{CLUB}/") == [
        "['localhost', '127.0.0.1', '[::1]', '192.168.1.23']"
    ]
    assert read_settings("PUBLIC_URL", PUBLIC_URL="https://Scores.example.org") == [
        "'https://Scores.example.org'"
    ]


@pytest.mark.parametrize(
    "value",
    [
        "192.168.1.23:8000",
        "ftp://192.168.1.23",
        "http://",
        "http://192.168.1.23:99999",
        "http://club.example/scores/",
        "http://user@club.example",
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://:8000",
        "http://0.0.0.0:8000",
        "http://[::1]:8000",
    ],
)
def test_a_public_url_phones_cannot_use_stops_the_app_saying_why(value):
    result = run_check(DEBUG="1", PUBLIC_URL=value)
    assert result.returncode != 0
    assert "PUBLIC_URL must be" in result.stderr
    assert "Traceback" not in result.stderr.splitlines()[-1]


@pytest.mark.parametrize(
    "host, loopback",
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("[::1]", True),
        ("app.localhost", True),
        ("LOCALHOST", True),
        ("192.168.1.23", False),
        ("scores.example.org", False),
        ("[2001:db8::1]", False),
    ],
)
def test_loopback_addresses_are_known_as_such(host, loopback):
    assert public_address.is_loopback(host) is loopback


def test_the_laptop_s_address_is_its_default_route_s_else_a_real_interface_s(monkeypatch):
    monkeypatch.setattr(public_address, "routed_address", lambda: None)
    monkeypatch.setattr(
        public_address,
        "interface_addresses",
        lambda: [
            ("lo", "127.0.0.1"),
            ("docker0", "172.17.0.1"),
            ("eth0", "169.254.3.4"),
            ("enp3s0", "10.0.0.9"),
            ("wlp2s0", "192.168.1.23"),
        ],
    )
    assert public_address.machine_address() == "192.168.1.23"
    monkeypatch.setattr(public_address, "interface_addresses", lambda: [("lo", "127.0.0.1")])
    assert public_address.machine_address() is None
    monkeypatch.setattr(public_address, "routed_address", lambda: "10.1.2.3")
    assert public_address.machine_address() == "10.1.2.3"
