"""A cached public page answered early (matches/caching/middleware.py) is the page the whole
stack gives, headers and all: CSP, X-Frame-Options, Vary, Content-Language, the security
headers, the cache's own; in both languages, over HTTPS with HSTS, with the pages kept in
the process's memory (one machine) and in Redis (several servers). Which middleware ran is
checked too: none of sessions, locale, CSRF, auth, messages, CSP, htmx or the lock-outs for
an answer from the cache."""

import time

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import Resolver404, reverse

from matches.caching import middleware, pagecache
from matches.queries import revisions
from matches.views import public as public_views
from tests.clock import FakeClock
from tests.factories import enter, make_scored_match, make_user
from tests.pages import text_of
from tests.test_caching import pages
from tests.test_write_urls import fill, patterns, world  # noqa: F401 - world is a fixture

pytestmark = pytest.mark.django_db

EVERY_ANSWER = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "Vary",
    "Content-Language",
    "ETag",
    "Cache-Control",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
)


@pytest.fixture
def match():
    return make_scored_match()


class Answers(list):
    """What CachedPageMiddleware's answer_from_cache returned, one item a request (None:
    the whole stack answered); ``off()`` turns the early answer off, ``on()`` back on."""

    early = True

    def off(self):
        self.early = False

    def on(self):
        self.early = True


@pytest.fixture
def spy(monkeypatch):
    answered = Answers()
    real = middleware.answer_from_cache

    def recorded(request):
        answered.append(real(request) if answered.early else None)
        return answered[-1]

    monkeypatch.setattr(middleware, "answer_from_cache", recorded)
    return answered


@pytest.fixture(params=["in memory", "redis"])
def mode(request, settings):
    """The two ways a server keeps its pages: in the process's memory, and in Redis."""
    if request.param == "redis":
        request.getfixturevalue("redis_settings")
    return request.param


def whole_stack(client, spy, url, **kwargs):
    spy.off()
    try:
        return client.get(url, **kwargs)
    finally:
        spy.on()


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_cached_answer_carries_exactly_the_headers_of_the_whole_stack(
    client, match, spy, mode, language
):
    client.cookies["django_language"] = language
    for url in pages(match):
        for live in ({}, {"X-Live": "1"}):
            full = whole_stack(client, spy, url, headers=live)
            early = client.get(url, headers=live)
            assert spy[-1] is early, (url, mode)  # answered from the cache
            assert early.content == full.content, url
            assert dict(early.items()) == dict(full.items()), url
            for name in EVERY_ANSWER:
                assert early[name], (url, name)
            assert early["Content-Language"] == language
            assert early["X-Frame-Options"] == "DENY"
            assert "script-src 'self'" in early["Content-Security-Policy"]
            assert {"Cookie", "Accept-Language", "X-Live"} <= set(early["Vary"].split(", "))
        unchanged = {"If-None-Match": full["ETag"]}
        full = whole_stack(client, spy, url, headers=unchanged)
        early = client.get(url, headers=unchanged)
        assert spy[-1] is early and early.status_code == full.status_code == 304, url
        # Django's CommonMiddleware adds "Content-Length: 0" to the whole stack's 304,
        # which RFC 9110 (8.6) forbids (it would be the 200's length); the early one sends
        # none. Every other header is the same.
        assert full["Content-Length"] == "0" and "Content-Length" not in early
        assert dict(early.items()) == {k: v for k, v in full.items() if k != "Content-Length"}
        for name in EVERY_ANSWER:
            assert early[name], (url, name)


def test_every_public_page_route_answered_early_carries_the_whole_stacks_headers(
    client, spy, request
):
    from django.urls import resolve

    ids = request.getfixturevalue("world")  # an event, a match with a result, a game
    answered = []
    for name, route in patterns():
        url = fill(route, ids)
        try:
            view = resolve(url).func
        except Resolver404:
            continue
        if not hasattr(view, "public_page"):
            continue
        full = whole_stack(client, spy, url)
        if full.status_code != 200:
            continue
        early = client.get(url)
        assert spy[-1] is early, name
        assert early.content == full.content, name
        assert dict(early.items()) == dict(full.items()), name
        answered.append(name)
    assert {"event", "round", "cross-table", "team", "scorecard", "standings-json"} <= set(
        answered
    ), answered


def test_over_https_a_cached_answer_carries_hsts_as_the_whole_stack_does(
    client, match, spy, settings
):
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    url = reverse("event", args=[match.event.pk])
    full = whole_stack(client, spy, url, secure=True)
    early = client.get(url, secure=True)
    assert spy[-1] is early
    assert early["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert dict(early.items()) == dict(full.items())
    assert "Strict-Transport-Security" not in client.get(url)  # plain HTTP: none


def test_an_answer_from_the_cache_runs_none_of_the_middleware_after_it(client, match, spy):
    url = reverse("event", args=[match.event.pk])
    client.cookies["csrftoken"] = "a" * 32  # a visitor who has seen a form keeps it
    full = client.get(url)  # rendered by the view: the whole stack ran
    early = client.get(url)
    assert spy[-1] is early
    # sessions, auth, locale, messages, htmx, CSP
    for ran in ("session", "user", "LANGUAGE_CODE", "_messages", "htmx", "csp_nonce"):
        assert hasattr(full.wsgi_request, ran), ran
        assert not hasattr(early.wsgi_request, ran), ran
    assert "CSRF_COOKIE" in full.wsgi_request.META  # CSRF
    assert "CSRF_COOKIE" not in early.wsgi_request.META


def test_a_host_not_allowed_is_refused_before_an_answer_from_the_cache(client, match):
    url = reverse("event", args=[match.event.pk])
    etag = client.get(url)["ETag"]
    for headers in ({}, {"If-None-Match": etag}):
        assert client.get(url, headers=headers).status_code in (200, 304)
        refused = client.get(url, headers=headers, HTTP_HOST="evil.example.org")
        assert refused.status_code == 400, headers


def test_a_visitor_with_a_session_or_messages_gets_the_whole_stack(client, match, spy, director):
    url = reverse("event", args=[match.event.pk])
    client.get(url)
    client.cookies["messages"] = "waiting"
    client.get(url)
    assert spy[-1] is None
    del client.cookies["messages"]
    client.force_login(director)
    mine = client.get(url)
    assert spy[-1] is None and mine["ETag"].endswith(f'.u{director.pk}"')


def test_a_cached_page_costs_one_query_and_is_answered_early(
    client, match, spy, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for url in pages(match):
        pagecache.cache.clear()  # nothing kept from the page before (the version's totals)
        with CaptureQueriesContext(connection) as cold:
            etag = client.get(url)["ETag"]  # rendered: the view reads what it shows
        assert spy[-1] is None, url
        spy.off()
        pagecache.cache.clear()
        with django_assert_num_queries(len(cold)):  # the early answer asked nothing more
            client.get(url)
        spy.on()
        with django_assert_num_queries(1):  # the event's revision
            page = client.get(url)
        assert spy[-1] is page and page.status_code == 200, url
        with django_assert_num_queries(1):
            unchanged = client.get(url, headers={"If-None-Match": etag})
        assert spy[-1] is unchanged and unchanged.status_code == 304, url


def test_a_change_shows_at_once_on_a_scorecard_kept_before_it(client, match):
    from tests.factories import enter

    url = reverse("scorecard", args=[match.pk])
    etag = client.get(url)["ETag"]
    client.get(url)
    enter(match, 2, "open", "4S", "S", "=")
    enter(match, 2, "closed", "4S", "S", "-1")
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200
    assert '<td colspan="2" class="home-total">22</td>' in client.get(url).text


def test_the_version_read_from_the_database_is_the_events_own(match):
    match.event.refresh_from_db()
    assert revisions.public_version(match.event_id) == match.event.public_version
    assert revisions.user_version(match.event_id) == match.event.cache_version
    assert revisions.public_version(match.event_id + 1000) is None
    assert revisions.user_version(match.event_id + 1000) is None


def test_a_database_that_does_not_answer_before_a_cached_page_gets_the_clear_message(
    client, match, monkeypatch
):
    client.cookies["django_language"] = "en"
    url = reverse("event", args=[match.event.pk])
    client.get(url)  # cached

    def down(event_id):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(revisions, "event_versions", down)
    response = client.get(url)
    assert response.status_code == 503
    assert "Try again in a moment" in response.text


def test_with_redis_each_thread_keeps_one_client_on_one_connection(redis_settings):
    from django.core.cache import caches

    redis_cache = caches["default"].client
    assert redis_cache.get_client() is redis_cache.get_client(write=False)
    assert redis_cache.get_client().connection is not None  # not one taken for each call


@pytest.fixture
def graced(client, match, settings, monkeypatch):
    """PUBLIC_PAGE_GRACE=3 on a fake clock: return (the scorecard's URL, the clock)."""
    settings.PUBLIC_PAGE_GRACE = 3
    clock = FakeClock(1_800_000_000.0)
    monkeypatch.setattr(time, "time", clock)
    client.cookies["django_language"] = "en"
    return reverse("scorecard", args=[match.pk]), clock


def result_saved(match, capture):
    """Save board 2 in both rooms (10 to 22 IMPs), the new revision published."""
    with capture(execute=True):
        enter(match, 2, "open", "3NT", "S", "=")
        enter(match, 2, "closed", "3NT", "S", "-1")


def test_with_a_grace_visitors_get_the_page_rendered_a_moment_ago_then_the_new_one(
    client, match, spy, mode, graced, django_capture_on_commit_callbacks
):
    """PUBLIC_PAGE_GRACE=3: a result saved after the scorecard was rendered reaches visitors
    when the page is 3 s old, not before; the page they get meanwhile, and its ETag, are
    the ones rendered, and their live refresh is told nothing changed. Logged-in users, and
    everyone once the grace is over, see the result."""
    url, clock = graced
    rendered = client.get(url)
    assert "IMP 10 : 0" in shown(rendered)
    result_saved(match, django_capture_on_commit_callbacks)
    clock.now += 2
    again = client.get(url)
    assert spy[-1] is again and again.content == rendered.content
    assert again["ETag"] == rendered["ETag"]
    live = client.get(url, headers={"If-None-Match": rendered["ETag"], "X-Live": "1"})
    assert live.status_code == 304
    director = Client()
    director.cookies["django_language"] = "en"
    director.force_login(make_user(director=True))
    assert "IMP 22 : 0" in shown(director.get(url))  # a logged-in user sees the event as it is
    clock.now += 1.5
    later = client.get(url, headers={"If-None-Match": rendered["ETag"]})
    assert later.status_code == 200 and "IMP 22 : 0" in shown(later)
    assert later["ETag"] != rendered["ETag"]


def test_without_a_grace_a_change_reaches_visitors_at_their_next_request(client, match):
    client.cookies["django_language"] = "en"
    url = reverse("scorecard", args=[match.pk])
    rendered = client.get(url)
    enter(match, 2, "open", "3NT", "S", "=")
    enter(match, 2, "closed", "3NT", "S", "-1")
    assert "IMP 22 : 0" in shown(client.get(url, headers={"If-None-Match": rendered["ETag"]}))


def shown(response) -> str:
    """Return a page's text as it reads: tags out, spaces run together."""
    return text_of(response.content.decode())


def test_once_the_grace_is_over_one_request_renders_the_page_while_the_others_get_the_old(
    client, match, spy, mode, graced, monkeypatch, django_capture_on_commit_callbacks
):
    """PUBLIC_PAGE_GRACE=3, the page 4 s old and a result saved since: the first visitor to
    ask renders it again; a visitor asking while it is being rendered is sent the page as it was
    rendered, with its ETag, and renders nothing (on a busy server every visitor asking
    meanwhile would render it too); once it is rendered, everyone gets the new page."""
    url, clock = graced
    rendered = client.get(url)
    result_saved(match, django_capture_on_commit_callbacks)
    clock.now += 4
    meanwhile, renders = [], []
    real = public_views.scorecard_of

    def rendering(scored):
        renders.append(scored.pk)
        other = Client()
        other.cookies["django_language"] = "en"
        meanwhile.append(other.get(url))
        meanwhile.append(other.get(url, headers={"If-None-Match": rendered["ETag"]}))
        return real(scored)

    monkeypatch.setattr(public_views, "scorecard_of", rendering)
    first = client.get(url)
    assert renders == [match.pk]  # rendered once, by the first visitor
    assert "IMP 22 : 0" in shown(first) and first["ETag"] != rendered["ETag"]
    page, live = meanwhile
    assert page.status_code == 200 and page.content == rendered.content
    assert page["ETag"] == rendered["ETag"]
    assert live.status_code == 304 and live["ETag"] == rendered["ETag"]
    after = client.get(url, headers={"If-None-Match": rendered["ETag"]})
    assert after.status_code == 200 and "IMP 22 : 0" in shown(after)
    assert renders == [match.pk]


def test_a_page_whose_rendering_failed_is_rendered_by_the_next_request(
    client, match, graced, monkeypatch, django_capture_on_commit_callbacks
):
    """The render lock goes with a render that fails: the next visitor renders the page."""
    url, clock = graced
    client.get(url)
    result_saved(match, django_capture_on_commit_callbacks)
    clock.now += 4
    real = public_views.scorecard_of

    def failing(scored):
        raise RuntimeError("the rendering process failed")

    monkeypatch.setattr(public_views, "scorecard_of", failing)
    with pytest.raises(RuntimeError):
        client.get(url)
    monkeypatch.setattr(public_views, "scorecard_of", real)
    assert "IMP 22 : 0" in shown(client.get(url))


def test_without_a_grace_every_request_after_a_change_renders_the_page(client, match, monkeypatch):
    """PUBLIC_PAGE_GRACE=0 (the default): a change reaches every visitor at once, so no
    visitor is sent an older page while another renders it."""
    client.cookies["django_language"] = "en"
    url = reverse("scorecard", args=[match.pk])
    rendered = client.get(url)
    enter(match, 2, "open", "3NT", "S", "=")
    enter(match, 2, "closed", "3NT", "S", "-1")
    meanwhile, renders = [], []
    real = public_views.scorecard_of

    def rendering(scored):
        renders.append(scored.pk)
        if len(renders) == 1:  # the first visitor's render: another visitor asks meanwhile
            other = Client()
            other.cookies["django_language"] = "en"
            meanwhile.append(other.get(url))
        return real(scored)

    monkeypatch.setattr(public_views, "scorecard_of", rendering)
    client.get(url)
    assert renders == [match.pk, match.pk]  # each visitor's request rendered it
    assert "IMP 22 : 0" in shown(meanwhile[0]) and meanwhile[0].content != rendered.content
