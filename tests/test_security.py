"""Security for a public club site: deploy checks, CSP, escaping, a database that is down."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from matches import actions
from tests.factories import enter, make_event, make_match, make_team
from tests.test_write_urls import fill, patterns, world  # noqa: F401 - world is a fixture

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "scores.example.org",
    "DATABASE_URL": "sqlite:////tmp/unused.sqlite3",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "TRUSTED_PROXIES": "1",
    "REDIS_URL": "redis://127.0.0.1:6379/1",
}


def test_the_documented_production_settings_pass_check_deploy():
    # Only what a production server has: none of the test run's own variables.
    env = {k: os.environ[k] for k in ("PATH", "HOME", "LANG") if k in os.environ}
    env.update(PRODUCTION, DJANGO_SETTINGS_MODULE="scoresheet.settings")
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
    operations = (ROOT / "docs" / "operations.md").read_text()
    for name in PRODUCTION:
        assert f"`{name}`" in operations, f"{name} is not documented in docs/operations.md"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/(?:ld\+)?json)[^>]*>", re.I)
EVENT_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)


@pytest.mark.django_db
def test_every_page_has_a_content_security_policy_without_inline_script(director_client, request):
    """Every URL pattern that answers a page with a GET, public or the director's, read as
    a chief director (who reaches every page)."""
    ids = request.getfixturevalue("world")  # an event, a match with a result, a saved game
    checked = []
    for name, route in patterns():
        if name is None or name.startswith("admin:"):
            continue
        response = director_client.get(fill(route, ids))
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy, name
        assert "unsafe-inline" not in policy.split("script-src", 1)[1].split(";")[0], name
        page = response.content.decode()
        assert not INLINE_SCRIPT.search(page), (name, INLINE_SCRIPT.search(page)[0])
        assert not EVENT_HANDLER.search(page), (name, EVENT_HANDLER.search(page)[0])
        checked.append(name)
    assert {
        "home",
        "calculator",
        "event",
        "scorecard",
        "director-event",
        "director-match",
        "director-sheet",
        "director-event-history",
    } <= set(checked), checked
    assert len(checked) > 30, checked


SCRIPT = '<script>alert("x")</script>'


@pytest.mark.django_db
def test_names_users_type_are_escaped_on_every_public_page(client):
    event = make_event(name=f"Event {SCRIPT}")
    home = make_team(event, f"Home {SCRIPT}", players=(SCRIPT,))
    away = make_team(event, f"Away {SCRIPT}")
    third = make_team(event, f"Third {SCRIPT}")
    match = make_match(event, home=home, away=away)
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "-1")
    actions.add_bye(event, round=1, team=third, user=None)
    actions.add_vp_penalty(event, team=away, vp=1, reason=f"Reason {SCRIPT}", user=None)
    actions.add_imp_penalty(match, team=home, imps=1, reason=f"IMP {SCRIPT}", user=None)
    urls = [
        reverse("home"),
        reverse("event", args=[event.pk]),
        reverse("round", args=[event.pk, 1]),
        reverse("cross-table", args=[event.pk]),
        reverse("team", args=[event.pk, home.pk]),
        reverse("team", args=[event.pk, third.pk]),
        reverse("traveller", args=[event.pk, 1, 1]),
        reverse("scorecard", args=[match.pk]),
        reverse("standings-json", args=[event.pk]),
        reverse("scorecard-json", args=[match.pk]),
    ]
    for url in urls:
        page = client.get(url)
        assert page.status_code == 200, url
        assert SCRIPT not in page.text, url
    page = client.get(reverse("scorecard", args=[match.pk])).text
    assert "&lt;script&gt;" in page


@pytest.mark.django_db
def test_a_database_that_does_not_answer_gets_a_clear_message_not_a_server_error(
    director_client, monkeypatch
):
    from django.db import OperationalError

    match = make_match()

    def down(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(actions, "record_result", down)
    url = reverse("director-save-row", args=[match.pk, "open", 1])
    data = {"b1-contract": "3NT", "b1-declarer": "S", "b1-result": "=", "b1-version": 0}
    response = director_client.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 503
    assert response["HX-Retarget"] == "#server-message"
    assert "The database did not answer, so this was not saved." in response.text
    page = director_client.post(url, data)
    assert page.status_code == 503 and "Try again in a moment" in page.text


def test_the_production_section_documents_the_proxy_redis_and_housekeeping():
    operations = (ROOT / "docs" / "operations.md").read_text()
    section = operations[operations.index("## Production") :]
    section = section[: section.index("\n## ", 1)]
    for text in (
        "TRUSTED_PROXIES=1",
        "REDIS_URL=",
        "upstream scoresheet",
        "listen 443 ssl;",
        "client_max_body_size",
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "manage.py clearsessions",
        "gunicorn.conf.py",
    ):
        assert text in section, text
