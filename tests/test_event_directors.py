"""Each event has its directors: whoever creates it, and those they add. A director changes
only their events; chief directors (superusers, the Chief directors group) change any."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from matches import actions
from matches.models import EventDirector
from tests.factories import enter, make_event, make_match, make_user
from tests.test_director_permissions import snapshot, write_requests
from tests.test_games_read_as_chinese import visible_text

pytestmark = pytest.mark.django_db


def browser_of(user) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def owner():
    return make_user("owner", director=True)


@pytest.fixture
def match(owner):
    match = make_match(make_event(owner))
    enter(match, 1, "open", "4S", "N", "=")
    return match


def test_whoever_creates_an_event_directs_it(owner):
    client = browser_of(owner)
    data = {
        "name": "Spring",
        "date": "2026-12-01",
        "vp_scale": "wbf-2013",
        "boards_per_match": 16,
        "boards_per_segment": 16,
    }
    response = client.post(reverse("director-event-new"), data)
    assert response.status_code == 302
    event = EventDirector.objects.get(user=owner).event
    assert event.name == "Spring"


def test_a_director_of_another_event_is_refused_every_write_and_nothing_changes(match):
    other = browser_of(make_user("other", director=True))
    before = snapshot()
    for method, url, data in write_requests(match)[2:]:  # not the dashboard, nor new events
        assert getattr(other, method)(url, data).status_code == 403, url
    assert snapshot() == before


def test_the_events_own_director_and_a_chief_director_reach_every_write(match, owner):
    chiefs = [make_user("chief", chief=True), make_user("root", superuser=True)]
    for user in [owner, *chiefs]:
        client = browser_of(user)
        for method, url, data in write_requests(match)[:9]:
            assert getattr(client, method)(url, data).status_code in (200, 302), (user, url)


def test_directors_add_a_colleague_who_then_changes_the_event(match, owner):
    colleague = make_user("colleague", director=True)
    sheet = reverse("director-sheet", args=[match.pk, "open"])
    assert browser_of(colleague).get(sheet).status_code == 403
    url = reverse("director-event-directors", args=[match.event_id])
    page = browser_of(owner).post(url, {"username": "colleague"}, follow=True).text
    assert "colleague now directs this event." in page
    assert browser_of(colleague).get(sheet).status_code == 200


def test_only_directors_of_the_site_can_be_added_and_the_last_one_stays(match, owner):
    make_user("player")
    client = browser_of(owner)
    url = reverse("director-event-directors", args=[match.event_id])
    page = client.post(url, {"username": "player"}, follow=True).text
    assert "“player” is not a director of this site" in page
    remove = reverse("director-event-director-remove", args=[match.event_id, owner.pk])
    page = client.post(remove, follow=True).text
    assert "An event keeps at least one director" in page
    assert EventDirector.objects.filter(event=match.event, user=owner).exists()


def test_a_director_of_another_event_cannot_add_themselves(match):
    intruder = make_user("intruder", director=True)
    url = reverse("director-event-directors", args=[match.event_id])
    assert browser_of(intruder).post(url, {"username": "intruder"}).status_code == 403
    assert not EventDirector.objects.filter(user=intruder).exists()


def test_the_dashboard_lists_the_directors_own_events_first(match, owner):
    make_event(make_user("someone", director=True), name="Another club's cup")
    page = browser_of(owner).get(reverse("director")).text
    mine, others = page.index("Your events"), page.index("Other events (read only)")
    assert mine < page.index(match.event.name) < others < page.index("Another club&#x27;s cup")


DASHBOARD = {  # what the dashboard's labels read, in each language
    "zh-hans": [
        "赛事",
        "新建赛事",
        "您的赛事",
        "其他赛事（只读）",
        "其他赛事（以裁判长身份）",
        "锁定名单",
        "您还没有担任裁判的赛事：请新建一个，或请某赛事的裁判把您加入。",
    ],
    "en": [
        "Events",
        "New event",
        "Your events",
        "Other events (read only)",
        "Other events (as chief director)",
        "Lock-outs",
        "You direct no event yet: create one, or ask an event's directors to add you.",
    ],
}


@pytest.mark.parametrize("language", DASHBOARD)
def test_every_label_of_the_dashboard_reads_in_the_directors_language(match, language):
    labels = DASHBOARD[language]
    pages = []
    for user in (make_user("newcomer", director=True), make_user("root", superuser=True)):
        client = browser_of(user)  # one who directs nothing; a superuser, who sees all
        client.cookies["django_language"] = language
        pages.append(client.get(reverse("director")).text)
    for label in labels:
        assert any(label in page for page in pages), label
    if language == "zh-hans":
        for page in pages:
            text = visible_text(page[page.index("<main") :])
            for name in (match.event.name, "English"):  # an event's own name; the switch
                text = text.replace(name, "")
            assert not re.findall(r"[A-Za-z]{2,}", text), text


def test_adding_a_director_keeps_who_did_it(match, owner):
    colleague = make_user("colleague", director=True)
    row = actions.add_director(match.event, username="colleague", user=owner)
    assert (row.user, row.added_by) == (colleague, owner)
    assert row.history.first().history_user == owner


def test_the_directors_pages_read_in_chinese(match, owner):
    client = browser_of(owner)
    client.cookies["django_language"] = "zh-hans"
    assert "本赛事的裁判" in client.get(reverse("director-event", args=[match.event_id])).text
    assert "您的赛事" in client.get(reverse("director")).text


def test_the_scorecard_offers_entering_results_only_to_the_events_directors(match, owner):
    url = reverse("scorecard", args=[match.pk])
    enter_results = reverse("director-match", args=[match.pk])
    assert enter_results in browser_of(owner).get(url).text
    assert enter_results not in browser_of(make_user("other", director=True)).get(url).text
    assert enter_results not in Client().get(url).text


def alert_texts(page: str) -> list[str]:
    """Return the texts of the page's messages and of the errors beside its fields."""
    found = re.findall(r'class="[^"]*(?:alert|invalid-feedback)[^"]*"[^>]*>(.*?)</div>', page, re.S)
    return [visible_text(text).strip() for text in found]


def test_removing_someone_who_never_directed_the_event_names_nobody(match, owner):
    """Walking user ids through "remove" must not list the site's accounts: a user who
    never directed the event, and an id with no user, get the same neutral answer."""
    player = make_user("secret-player-name")
    client = browser_of(owner)
    answers = []
    for user_id in (player.pk, player.pk + 1000):
        url = reverse("director-event-director-remove", args=[match.event_id, user_id])
        response = client.post(url, follow=True)
        assert response.status_code == 200
        assert "secret-player-name" not in response.text
        assert "no longer directs" not in response.text
        answers.append(alert_texts(response.text))
    assert answers[0] == answers[1] and answers[0], answers
    assert list(EventDirector.objects.values_list("user", flat=True)) == [owner.pk]


def test_adding_a_missing_name_or_a_player_gets_the_same_answer(match, owner):
    """Adding a director does not tell a name nobody has from a non-director's name."""
    make_user("pat-the-player")
    client = browser_of(owner)
    url = reverse("director-event-directors", args=[match.event_id])
    answers = []
    for name in ("pat-the-player", "nobody-at-all"):
        response = client.post(url, {"username": name}, follow=True)
        assert response.status_code == 200
        answers.append([text.replace(name, "NAME") for text in alert_texts(response.text)])
    assert answers[0] == answers[1] and answers[0], answers
    assert "is not a director of this site" in answers[0][0]
    assert not EventDirector.objects.exclude(user=owner).exists()


def test_a_refused_director_name_is_shown_beside_the_field_in_both_languages(match, owner):
    client = browser_of(owner)
    url = reverse("director-event-directors", args=[match.event_id])
    refusals = (("en", "is not a director of this site"), ("zh-hans", "不是本站的裁判"))
    for language, words in refusals:
        client.cookies["django_language"] = language
        page = client.post(url, {"username": "nobody"}, follow=True).text
        field = re.search(r'<input[^>]*name="username"[^>]*>', page)[0]
        assert "is-invalid" in field and 'aria-describedby="add-director-errors"' in field
        errors = page[page.index('id="add-director-errors"') :].split("</div>", 1)[0]
        assert words in errors and "nobody" in errors
