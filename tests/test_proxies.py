"""Behind a proxy and without one: whose address a request comes from, which scheme it
used, and what the health check tells the public."""

import logging

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from matches.middleware import client_address
from tests.factories import make_match, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_axes_handler():
    from axes.handlers.proxy import AxesProxyHandler

    AxesProxyHandler.implementation = None


def fail_to_log_in(client, times, **headers):
    for _ in range(times):
        client.post(reverse("login"), {"username": "player1", "password": "x"}, headers=headers)


def log_in(client, **headers):
    data = {"username": "player1", "password": "correct horse battery"}
    return client.post(reverse("login"), data, headers=headers).status_code


@pytest.mark.parametrize(
    ("forwarded", "proxies", "client"),
    [
        ("198.51.100.7", 0, "10.0.0.2"),  # no trusted proxy: the header is anyone's
        ("198.51.100.7", 1, "198.51.100.7"),
        ("6.6.6.6, 198.51.100.7", 1, "198.51.100.7"),  # the client wrote the first one
        ("6.6.6.6, 198.51.100.7, 10.0.0.9", 2, "198.51.100.7"),
        ("198.51.100.7", 2, "198.51.100.7"),  # fewer entries than proxies: the first
        ("not-an-address", 1, "10.0.0.2"),
        ("", 1, "10.0.0.2"),
        ("2001:db8::1", 1, "2001:db8::1"),
    ],
)
def test_the_client_address_comes_from_x_forwarded_for_only_through_trusted_proxies(
    forwarded, proxies, client
):
    meta = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": forwarded}
    assert client_address(meta, proxies) == client


def test_without_a_trusted_proxy_a_made_up_x_forwarded_for_does_not_escape_a_lock_out():
    make_user("player1")
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    for n in range(6):
        guesser.post(
            reverse("login"),
            {"username": "player1", "password": "x"},
            headers={"X-Forwarded-For": f"198.51.100.{n}"},
        )
    assert log_in(guesser, **{"X-Forwarded-For": "198.51.100.99"}) == 429


def test_behind_a_trusted_proxy_each_visitor_is_locked_alone(settings):
    settings.TRUSTED_PROXIES = 1
    make_user("player1")
    proxy = Client(REMOTE_ADDR="127.0.0.1")  # every request arrives from nginx
    fail_to_log_in(proxy, 5, **{"X-Forwarded-For": "203.0.113.7"})
    assert log_in(proxy, **{"X-Forwarded-For": "203.0.113.7"}) == 429
    assert log_in(proxy, **{"X-Forwarded-For": "6.6.6.6, 198.51.100.20"}) == 302


def test_the_health_check_tells_the_public_only_ok():
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}


def test_the_health_check_logs_a_database_failure_and_tells_the_public_only_not_ok(
    monkeypatch, caplog
):
    from django.db import connection

    secret = 'connection to server at "db.example.org" (10.1.2.3), port 5432 failed: role "scores"'

    def down():
        raise OperationalError(secret)

    monkeypatch.setattr(connection, "cursor", down)
    with caplog.at_level(logging.ERROR, logger="matches.views.health"):
        response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "not ok", "database": "not ok", "cache": "ok"}
    assert "db.example.org" not in response.text
    assert "db.example.org" in caplog.text


def test_without_a_trusted_proxy_x_forwarded_proto_is_ignored(settings):
    match = make_match()
    url = reverse("standings-json", args=[match.event_id])
    feed = Client().get(url, headers={"X-Forwarded-Proto": "https"}).json()
    assert feed["event"]["url"].startswith("http://testserver/")


def test_the_cached_feed_keeps_each_schemes_urls_apart(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    match = make_match()
    for url in (
        reverse("standings-json", args=[match.event_id]),
        reverse("scorecard-json", args=[match.pk]),
    ):
        secure = Client().get(url, headers={"X-Forwarded-Proto": "https"}).json()
        assert secure["event"]["url"].startswith("https://testserver")
        plain = Client().get(url).json()
        assert plain["event"]["url"].startswith("http://testserver/"), url
