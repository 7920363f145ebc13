"""When Redis does not answer, the app goes on without it: public pages are rendered afresh,
sessions come from the database, a director's result is saved and shown, and /healthz says
"not ok" without naming the host. Redis here is a closed port on this machine."""

import logging
import socket
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import enter, make_scored_match, make_user
from tests.redis import redis_caches, require_redis
from tests.test_caching import pages

pytestmark = pytest.mark.django_db

RIGHT = "correct horse battery"


def closed_port() -> int:
    """Return a port of 127.0.0.1 that nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_down(settings):
    """Settings as REDIS_URL makes them, with REDIS_URL a port where nothing answers."""
    from axes.handlers.proxy import AxesProxyHandler

    url = f"redis://127.0.0.1:{closed_port()}/0"
    cache = {
        "BACKEND": "matches.caching.resilient_cache.ResilientRedisCache",
        "LOCATION": url,
        "OPTIONS": {"SOCKET_TIMEOUT": 2, "SOCKET_CONNECT_TIMEOUT": 2},
    }
    settings.CACHES = {"default": cache, "shared": cache}
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.AXES_HANDLER = "matches.auth.accounts.CachedLockouts"
    AxesProxyHandler.implementation = None
    yield url
    AxesProxyHandler.implementation = None


@pytest.fixture
def match():
    return make_scored_match()  # 10 IMPs to the home team on board 1


def public_pages(match):
    return [reverse("home"), *pages(match)]


def log_in(client, username, password=RIGHT):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_every_public_page_answers_in_both_languages_while_redis_is_down(redis_down, match):
    for language in ("en", "zh-hans"):
        visitor = Client()
        visitor.cookies["django_language"] = language
        for url in public_pages(match):
            assert visitor.get(url).status_code == 200, (language, url)


def test_a_director_logs_in_and_saves_a_result_that_the_next_visitor_sees(redis_down, match):
    make_user("td", chief=True)
    scorecard = reverse("scorecard", args=[match.pk])
    visitor = Client()
    assert '<td colspan="2" class="home-total">10</td>' in visitor.get(scorecard).text

    director = Client()
    director.cookies["django_language"] = "en"
    assert log_in(director, "td").status_code == 302
    sheet = director.get(reverse("director-sheet", args=[match.pk, "open"]))
    assert sheet.status_code == 200 and "td" in sheet.text  # the session, from the database

    url = reverse("director-save-row", args=[match.pk, "open", 2])
    data = {"b2-contract": "4S", "b2-declarer": "S", "b2-result": "=", "b2-version": 0}
    saved = director.post(url, data, headers={"HX-Request": "true"})
    assert saved.status_code == 200 and "Saved" in saved.text
    enter(match, 2, "closed", "4S", "S", "-1")  # board 2, N-S vulnerable: 620 + 100 = 12 IMPs

    assert '<td colspan="2" class="home-total">22</td>' in visitor.get(scorecard).text
    feed = visitor.get(reverse("scorecard-json", args=[match.pk])).json()
    assert feed["totals"]["home_imps"] == 22


def test_a_wrong_password_is_refused_on_the_form_and_the_right_one_still_works(redis_down):
    make_user("player1")
    player = Client()
    player.cookies["django_language"] = "zh-hans"
    for _ in range(4):
        refused = log_in(player, "player1", "wrong")
        assert refused.status_code == 200
        assert "请输入一个正确的" in refused.text
    assert log_in(player, "player1").status_code == 302
    assert player.get(reverse("home")).context["user"].username == "player1"


def test_while_redis_is_down_failed_logins_are_counted_in_the_database_and_lock(redis_down):
    make_user("player1")
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    answers = [log_in(guesser, "player1", "wrong").status_code for _ in range(6)]
    assert answers == [200] * 4 + [429] * 2  # the fifth failure locks the name and address
    assert log_in(guesser, "player1").status_code == 429  # the right password too
    assert log_in(Client(REMOTE_ADDR="198.51.100.20"), "player1").status_code == 302


def test_a_lock_out_counted_during_the_outage_holds_once_redis_answers_again(redis_down, settings):
    make_user("player1")
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    for _ in range(5):
        log_in(guesser, "player1", "wrong")
    client = require_redis()
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    settings.CACHES = redis_caches(prefix)
    assert log_in(guesser, "player1").status_code == 429
    for key in client.scan_iter(match=f"{prefix}:*"):
        client.delete(key)


def test_sign_up_answers_while_redis_is_down(redis_down):
    visitor = Client()
    data = {"username": "newplayer", "password1": RIGHT + "!", "password2": RIGHT + "!"}
    assert visitor.post(reverse("signup"), data).status_code == 302
    assert visitor.get(reverse("home")).context["user"].username == "newplayer"


def test_the_health_check_says_the_cache_is_not_ok_names_no_host_and_keeps_the_server(
    redis_down, caplog
):
    port = redis_down.rsplit(":", 1)[1].split("/")[0]
    with caplog.at_level(logging.ERROR):
        response = Client().get("/healthz")
    assert response.status_code == 200  # the server serves every page without Redis
    assert response.json() == {"status": "not ok", "database": "ok", "cache": "not ok"}
    assert port not in response.text and "127.0.0.1" not in response.text
    assert "Connection refused" in caplog.text or "Error 111" in caplog.text


def test_after_a_failure_redis_is_left_alone_for_a_few_seconds(redis_down, monkeypatch):
    from django.core.cache import cache

    cache.get("anything")  # fails: Redis is marked down
    calls = []
    monkeypatch.setattr("django_redis.cache.RedisCache.get", lambda *a, **k: calls.append(a))
    assert cache.get("anything", "default") == "default"
    assert calls == [] and not cache.available


def test_a_page_kept_before_an_outage_is_not_served_after_a_change_made_during_it(
    redis_settings, match, monkeypatch
):
    """The server that changed the event while Redis was out of reach is killed before Redis
    answers again (so it never deletes what it could not write): the standings kept in Redis
    from before stay there, and are not what the next visitor sees."""
    import redis
    from django.core.cache import cache
    from django_redis.client import DefaultClient

    url = reverse("event", args=[match.event_id])
    visitor = Client()
    visitor.cookies["django_language"] = "en"
    assert '<td class="text-end text-nowrap imps">10 : 0</td>' in visitor.get(url).text
    kept = set(require_redis().scan_iter(match=f"{cache.key_prefix}:*page:*"))
    assert kept  # the standings, kept in Redis

    def unreachable(*args, **kwargs):
        raise redis.ConnectionError("Timeout connecting to server")

    with monkeypatch.context() as outage:
        for method in ("get", "set", "delete", "get_many", "set_many", "delete_many", "add"):
            outage.setattr(DefaultClient, method, unreachable)
        enter(match, 2, "open", "4S", "S", "=")
        enter(match, 2, "closed", "4S", "S", "-1")  # 12 IMPs to the home team
    cache.health.forget.clear()  # the server that saw the outage was killed
    cache.health.down_until = 1.0  # and Redis answers again

    assert set(require_redis().scan_iter(match=f"{cache.key_prefix}:*page:*")) == kept
    page = visitor.get(url)
    assert '<td class="text-end text-nowrap imps">22 : 0</td>' in page.text
    assert '<td class="text-end text-nowrap imps">10 : 0</td>' not in page.text


def test_keys_written_while_redis_was_out_of_reach_are_deleted_when_it_answers_again(
    settings, monkeypatch
):
    """A session (or page) written while Redis could not be reached
    must not come back with its old value from before the outage."""
    import redis
    from django.core.cache import cache
    from django_redis.client import DefaultClient

    client = require_redis()
    prefix = "test-outage"
    settings.CACHES = redis_caches(prefix)
    try:
        cache.set("session", "before the outage")

        def unreachable(*args, **kwargs):
            raise redis.ConnectionError("Timeout connecting to server")

        with monkeypatch.context() as outage:
            outage.setattr(DefaultClient, "set", unreachable)
            outage.setattr(DefaultClient, "get", unreachable)
            cache.set("session", "written during the outage")  # reaches the database only
            assert cache.get("session") is None
        cache.health.down_until = 1.0  # the few seconds are over

        assert cache.get("session") is None  # not "before the outage"
        assert cache.available
        cache.set("session", "after the outage")
        assert cache.get("session") == "after the outage"
    finally:
        for key in client.scan_iter(match=f"{prefix}:*"):
            client.delete(key)
