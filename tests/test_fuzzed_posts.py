"""No request makes the app answer a server error: every form and table endpoint is posted
arbitrary bodies, in arbitrary content types and charsets, by a director (past the CSRF
check, so the bodies reach every view and form) and by a visitor whose browser sends the
CSRF cookie (so the bodies reach Django's own reading of the form), and answers below 500.

Run on PostgreSQL too (DATABASE_URL=postgres://…), which refuses what SQLite stores (a NUL
in text): CI runs this file on both."""

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import actions
from matches.models import Room
from tests.factories import enter, make_match, make_user
from tests.test_write_urls import fill, patterns

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
NOT_POSTED = {"logout", "table-service-worker", "health"}  # no form: nothing to read
TOKEN = "k" * 32
CONTENT_TYPES = [
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "multipart/form-data; boundary=xx",
    "application/json",
    "text/plain",
    "",
    "nonsense/ /",
    'multipart/form-data; boundary="unterminated',
    "application/x-www-form-urlencoded;;;",
]
CHARSETS = [
    "",
    "utf-8",
    "UTF-8",
    "utf8",
    "utf-16",
    "utf-32",
    "latin-1",
    "gb18030",
    "rot13",
    "base64",
    "no-such-charset",
    '"utf-8"',
    "utf-8; charset=utf-16",
]
FIELDS = [
    "csrfmiddlewaretoken",
    "username",
    "password",
    "code",
    "key",
    "device",
    "reason",
    "name",
    "file",
    "round",
    "contract",
    "declarer",
    "result",
    "lead",
    "version",
    "side",
    "language",
    "b1-contract",
    "b1-version",
    "status",
    "confirm",
    "teams",
    "entry_key",
]

form_value = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "1",
            "-1",
            "0" * 30,
            "9" * 400,
            "4S",
            "3NT",
            "N",
            "=",
            "+1",
            "\x00",
            "\u202e",
            "\u200b",
            "open",
            "closed",
            "NS",
            "EW",
            "on",
            "true",
            TOKEN,
        ]
    ),
)
urlencoded = st.lists(st.tuples(st.sampled_from(FIELDS), form_value), max_size=8).map(
    lambda pairs: "&".join(f"{name}={value}" for name, value in pairs).encode("utf-8", "replace")
)
multipart = st.lists(st.tuples(st.sampled_from(FIELDS), form_value), max_size=5).map(
    lambda parts: (
        b"".join(
            b'--xx\r\nContent-Disposition: form-data; name="'
            + name.encode()
            + b'"'
            + (b'; filename="f.pbn"' if name == "file" else b"")
            + b"\r\n\r\n"
            + value.encode("utf-8", "replace")
            + b"\r\n"
            for name, value in parts
        )
        + b"--xx--\r\n"
    )
)
body = st.one_of(st.binary(max_size=300), urlencoded, multipart)


@pytest.fixture
def urls(db):
    """Return every URL that takes a post, its parameters filled with an event's match, an
    open table's link and a saved game."""
    match = make_match()
    enter(match, 1, "open", "4S", "N", "=")
    actions.open_tables(match.stage, round_number=1, user=None)
    table = Room.objects.get(match=match, room="open")
    ids = {
        "event_id": match.event_id,
        "match_id": match.pk,
        "team_id": match.home_id,
        "room": "open",
        "number": 1,
        "round_number": 1,
        "board_number": 1,
        "token": table.token,
        "kind": "rubber",
        "index": 0,
        "job_id": 1,
        "penalty_id": 1,
        "code": "pbn",
    }
    return sorted(
        {
            fill(route, ids)
            for name, route in patterns()
            if name not in NOT_POSTED and not (name or "").startswith("admin:")
        }
    )


def content_type(kind: str, charset: str) -> str:
    return f"{kind}; charset={charset}" if charset else kind


def post(client, url, data: bytes, kind: str, charset: str):
    response = client.generic("POST", url, data, content_type(kind, charset))
    assert response.status_code < 500, (url, kind, charset, data[:80], response.status_code)


@FUZZ
@given(
    data=st.data(),
    payload=body,
    kind=st.sampled_from(CONTENT_TYPES),
    charset=st.sampled_from(CHARSETS),
)
def test_a_director_posting_anything_anywhere_gets_no_server_error(
    urls, data, payload, kind, charset
):
    director = Client()
    director.force_login(make_user_once("fuzz-td", chief=True))
    post(director, data.draw(st.sampled_from(urls)), payload, kind, charset)


@FUZZ
@given(
    data=st.data(),
    payload=body,
    kind=st.sampled_from(CONTENT_TYPES),
    charset=st.sampled_from(CHARSETS),
)
def test_a_visitor_posting_anything_with_the_csrf_cookie_gets_no_server_error(
    urls, data, payload, kind, charset
):
    visitor = Client(enforce_csrf_checks=True)
    visitor.cookies["csrftoken"] = TOKEN
    post(visitor, data.draw(st.sampled_from(urls)), payload, kind, charset)


def make_user_once(username: str, **kwargs):
    from django.contrib.auth.models import User

    return User.objects.filter(username=username).first() or make_user(username, **kwargs)


BROKEN_UPLOAD = (
    b'--xx\r\nContent-Disposition: form-data; name="file"; filename="f.pbn"\r\n\r\n'
    b"\xff\xfe[\x00\r\n--xx--"
)


def test_every_endpoint_answers_a_form_it_cannot_read_without_a_server_error(urls):
    director = Client()
    director.force_login(make_user_once("fuzz-td", chief=True))
    visitor = Client(enforce_csrf_checks=True)
    visitor.cookies["csrftoken"] = TOKEN
    form = f"csrfmiddlewaretoken={TOKEN}&name=%00&reason=\u202e&round=99999999999999999999"
    for url in urls:
        for client in (director, visitor):
            post(client, url, form.encode("utf-16"), CONTENT_TYPES[0], "utf-16")
            post(client, url, form.encode(), CONTENT_TYPES[0], "")
            post(client, url, BROKEN_UPLOAD, CONTENT_TYPES[3], "")


@pytest.mark.parametrize("kind", CONTENT_TYPES[1:3])  # no boundary, an empty one
@pytest.mark.parametrize("url", ["/no-such-page/", "/director/events/1/stages/1/rounds/1/deals.x"])
def test_a_post_to_a_missing_page_with_a_body_it_cannot_read_gets_the_bad_request_page(
    url, kind, in_english
):
    """Django's 404 page reads the body for its CSRF token: a broken multipart body there
    was a server error any visitor could cause."""
    visitor = Client(enforce_csrf_checks=True, raise_request_exception=False)
    visitor.cookies["csrftoken"] = TOKEN
    response = visitor.generic(
        "POST", url, b"garbage\r\n--", content_type=kind, headers={"Accept-Language": "en"}
    )
    assert response.status_code == 400
    assert "Bad request" in response.text


def test_a_post_to_a_missing_page_it_can_read_is_still_not_found(in_english):
    visitor = Client(enforce_csrf_checks=True)
    visitor.cookies["csrftoken"] = TOKEN
    response = visitor.post("/no-such-page/", {"name": "x"}, headers={"Accept-Language": "en"})
    assert response.status_code == 404
    assert "Page not found" in response.text
