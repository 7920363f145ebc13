"""No request makes the app answer a server error: a body it cannot read is a bad request,
answered with the site's own page and the headers every page has."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse

from matches.interchange import backup
from matches.views import errors
from tests.factories import make_match

pytestmark = pytest.mark.django_db

TOKEN = "k" * 32
SECURITY_HEADERS = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
)


def csrf_client() -> Client:
    """Return a client that sends a CSRF cookie, as a browser would, checked as in use."""
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = TOKEN
    client.cookies["django_language"] = "en"
    return client


def has_security_headers(response) -> bool:
    return all(response.has_header(name) for name in SECURITY_HEADERS)


@pytest.mark.parametrize("charset", ["UTF-16", "utf-32", "rot13", "no-such"])
@pytest.mark.parametrize(
    "url", ["/accounts/login/", "/accounts/signup/", "/t/", "/i18n/setlang/", "/director/"]
)
def test_a_form_in_a_charset_the_app_does_not_read_is_a_bad_request_page(url, charset):
    body = f"csrfmiddlewaretoken={TOKEN}&username=a&password=b&code=ABCD&language=en"
    response = csrf_client().generic(
        "POST", url, body.encode(), f"application/x-www-form-urlencoded; charset={charset}"
    )
    assert response.status_code == 400
    assert "Bad request" in response.text and '<nav class="navbar' in response.text
    assert has_security_headers(response)


def test_a_multipart_upload_in_a_codec_that_is_no_text_is_a_bad_request(td_client):
    match = make_match()
    response = td_client.generic(
        "POST",
        reverse("director-deals", args=[match.event_id]),
        b'--xx\r\nContent-Disposition: form-data; name="round"\r\n\r\n1\r\n--xx--\r\n',
        "multipart/form-data; boundary=xx; charset=rot13",
    )
    assert response.status_code == 400


def test_a_form_in_utf8_said_or_unsaid_is_read(db):
    for content_type in (
        "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded; charset=UTF-8",
    ):
        body = f"csrfmiddlewaretoken={TOKEN}&username=nobody&password=wrong"
        response = csrf_client().generic("POST", "/accounts/login/", body.encode(), content_type)
        assert response.status_code == 200 and "Bad request" not in response.text


def test_a_400_page_that_cannot_be_rendered_falls_back_to_a_plain_one_with_the_headers(
    monkeypatch,
):
    def broken(*args, **kwargs):
        raise RuntimeError("a template fault")

    monkeypatch.setattr(errors, "render", broken)
    body = f"csrfmiddlewaretoken={TOKEN}&username=a"
    response = csrf_client().generic(
        "POST", "/accounts/login/", body.encode(), "multipart/form-data; boundary="
    )
    assert response.status_code == 400 and "Bad request" in response.text
    assert has_security_headers(response)


@pytest.mark.urls("tests.error_urls")
def test_every_error_page_carries_the_security_headers(player_client):
    player_client.raise_request_exception = False
    match = make_match()
    answers = {
        404: player_client.get("/events/999999/"),
        403: player_client.get(reverse("director-sheet", args=[match.pk, "open"])),
        500: player_client.get("/broken/"),
        400: Client(HTTP_HOST="elsewhere.example").get("/"),
    }
    with override_settings(REQUEST_MAX_BYTES=10, DEAL_FILE_MAX_BYTES=10):
        answers[413] = player_client.post("/accounts/login/", {"username": "x" * 100})
    for status, response in answers.items():
        assert response.status_code == status
        assert has_security_headers(response), status


@pytest.mark.urls("tests.error_urls")
def test_a_500_page_that_cannot_be_rendered_still_has_the_headers(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a template fault")

    monkeypatch.setattr(errors, "render", broken)
    client.raise_request_exception = False
    response = client.get("/broken/")
    assert response.status_code == 500 and "Server error" in response.text
    assert has_security_headers(response)


def test_a_backup_with_a_number_of_5000_digits_is_refused_as_no_backup(director_client):
    text = b'{"format": "scoresheet-event", "format_version": ' + b"7" * 5000 + b"}"
    response = director_client.post(
        reverse("director-restore-event"), {"file": SimpleUploadedFile("event.json", text)}
    )
    assert response.status_code == 400
    assert "a number of 5,000 digits" in response.text


@pytest.mark.parametrize("number", ["1e999", "-Infinity", "NaN", "12345678901234567890"])
def test_a_backup_with_a_number_no_export_holds_is_refused(number):
    with pytest.raises(backup.BackupError):
        backup.loads(f'{{"format": "scoresheet-event", "format_version": {number}}}')
