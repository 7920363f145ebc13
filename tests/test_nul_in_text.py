"""A NUL (or another control code) in any text a form takes is refused beside its field,
with a message in the user's language: never a server error (PostgreSQL refuses NUL in
text with an error), never saved.

Run on PostgreSQL to test what it refuses:
DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pytest tests/test_nul_in_text.py
"""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from matches import actions
from tests.factories import enter, make_event, make_match, make_user
from tests.test_event_directors import browser_of
from tests.test_write_urls import snapshot

pytestmark = pytest.mark.django_db

NUL = "Lions\x00"
# What a form says of a NUL: Django's own field check, or matches.text's.
REFUSALS = {
    "en": ["Null characters are not allowed.", "cannot be stored (a NUL or a control code)"],
    "zh-hans": ["不允许是用空字符串。", "无法保存的字符"],
}


def browser(user=None, language="en") -> Client:
    client = browser_of(user) if user is not None else Client()
    client.cookies["django_language"] = language
    return client


@pytest.fixture
def match(td):
    """A match of an event ``td`` directs, with a result (deleting it asks a reason)."""
    match = make_match(make_event(td))
    enter(match, 1, "open", "4S", "N", "=")
    return match


def director_forms(match):
    """Return (url, valid data, text fields) for every director form that takes text."""
    event, team = match.event, match.home
    player = team.players.first()
    final = actions.mark_final(make_match(event, round=2), confirm=True, user=None)
    event_data = {
        "date": "2026-12-01",
        "vp_scale": "wbf-2013",
        "boards_per_match": 16,
        "boards_per_segment": 16,
    }
    return [
        (reverse("director-event-new"), {"name": "X", **event_data}, ["name"]),
        (
            reverse("director-event", args=[event.pk]),
            {"event-name": "Renamed", **{f"event-{k}": v for k, v in event_data.items()}},
            ["event-name"],
        ),
        (
            reverse("director-team-new", args=[event.pk]),
            {"name": "New team", "captain": "", "players": "A\nB"},
            ["name", "captain", "players"],
        ),
        (
            reverse("director-team", args=[event.pk, team.pk]),
            {"name": team.name, "captain": "", f"player_{player.pk}": player.name, "players": ""},
            ["name", "captain", f"player_{player.pk}", "players"],
        ),
        (reverse("director-team-list", args=[event.pk]), {"teams": "Tigers\nBears"}, ["teams"]),
        (
            reverse("director-save-row", args=[match.pk, "open", 3]),
            {
                "b3-contract": "3NT",
                "b3-declarer": "S",
                "b3-lead": "SQ",
                "b3-result": "=",
                "b3-version": "0",
            },
            ["b3-contract", "b3-declarer", "b3-lead", "b3-result"],
        ),
        (
            reverse("director-board-adjust", args=[match.pk, 2]),
            {"action": "artificial", "art-home": "plus", "art-away": "minus", "art-reason": "x"},
            ["art-reason"],
        ),
        (
            reverse("director-board-adjust", args=[match.pk, 2]),
            {
                "action": "assigned",
                "asg-room": "open",
                "asg-contract": "3NT",
                "asg-declarer": "S",
                "asg-result": "=",
                "asg-reason": "x",
            },
            ["asg-contract", "asg-declarer", "asg-result", "asg-reason"],
        ),
        (
            reverse("director-status", args=[final.pk]),
            {"status": "provisional", "reason": "x"},
            ["reason"],
        ),
        (
            reverse("director-forfeit", args=[match.pk]),
            {"forfeit-home_vp": "18", "forfeit-away_vp": "0", "forfeit-reason": "x"},
            ["forfeit-reason"],
        ),
        (
            reverse("director-imp-penalty", args=[match.pk]),
            {"penalty-team": team.pk, "penalty-imps": 3, "penalty-reason": "x"},
            ["penalty-reason"],
        ),
        (
            reverse("director-vp-penalty", args=[event.pk]),
            {"vp-team": team.pk, "vp-vp": "2", "vp-reason": "x"},
            ["vp-reason"],
        ),
        (
            reverse("director-match-delete", args=[match.pk]),
            {"reason": "x", "confirm": "on"},
            ["reason"],
        ),
        (
            reverse("director-team-remove", args=[event.pk, team.pk]),
            {"reason": "x", "confirm": "on"},
            ["reason"],
        ),
        (
            reverse("director-event-directors", args=[event.pk]),
            {"username": "colleague"},
            ["username"],
        ),
        (
            reverse("director-stages", args=[event.pk]),
            {
                "kind": "knockout",
                "name": "Final",
                "boards_per_match": 16,
                "boards_per_segment": 16,
                "vp_scale": "wbf-2013",
                "carry_over": "none",
                "carry_fraction": "0",
            },
            ["name", "carry_fraction"],
        ),
    ]


def account_forms():
    """Return (url, valid data, text fields) for signing up and logging in."""
    return [
        (
            reverse("signup"),
            {
                "username": "newplayer",
                "password1": "a long pass phrase 42",
                "password2": "a long pass phrase 42",
            },
            ["username", "password1", "password2"],
        ),
        (
            reverse("login"),
            {"username": "player", "password": "correct horse battery"},
            ["username", "password"],
        ),
    ]


def refused_beside(page: str, field: str, language: str) -> bool:
    """Return True when the page marks the field ``field`` invalid and says why beside it
    (in its form, or just above it), not only in the summary at the top of the page."""
    page = re.sub(r'<div id="error-summary".*?</ul>\s*</div>', "", html.unescape(page), flags=re.S)
    tag = re.search(rf'<(?:input|textarea|select)\b[^>]*\bname="{re.escape(field)}"[^>]*>', page)
    if tag is None or ("is-invalid" not in tag[0] and 'aria-invalid="true"' not in tag[0]):
        return False
    end = page.find("</form>", tag.end())
    beside = page[max(0, tag.start() - 1000) : end if end >= 0 else tag.end() + 2000]
    return any(message in beside for message in REFUSALS[language])


def post_each_field_with_a_nul(client, forms, language):
    """Post each form once per text field, that field holding a NUL; return the failures."""
    failures = []
    for url, data, fields in forms:
        for field in fields:
            before = snapshot()
            response = client.post(url, {**data, field: NUL}, headers={"HX-Request": "true"})
            if response.status_code >= 500:
                failures.append((url, field, response.status_code))
            elif not refused_beside(response.content.decode(), field, language):
                failures.append((url, field, "no refusal beside the field"))
            elif snapshot() != before:
                failures.append((url, field, "something was saved"))
    return failures


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_nul_in_any_text_of_a_director_form_is_refused_beside_the_field(match, td, language):
    make_user("colleague", director=True)
    client = browser(td, language)
    assert post_each_field_with_a_nul(client, director_forms(match), language) == []


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_nul_in_the_sign_up_and_login_forms_is_refused_beside_the_field(language):
    make_user("player")
    assert post_each_field_with_a_nul(browser(None, language), account_forms(), language) == []


def test_the_add_director_action_refuses_a_nul_itself(match, td):
    make_user("colleague", director=True)
    for name in ("colleague\x00", "col\x01league"):
        with pytest.raises(actions.ActionError) as refused:
            actions.add_director(match.event, username=name, user=td)
        assert refused.value.field == "username"
        with translation.override("en"):
            assert "cannot be stored" in str(refused.value)
