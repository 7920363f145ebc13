"""A round's clock as the director runs it (set, start, pause, resume, extend, reset) and
as the wall, a table's phone and the monitor show it: stored, so a reload or a server's
restart finds it; each change one action with its history; the event's directors only."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import actions
from matches.actions import ActionError
from matches.models import Event, Room, RoundClock
from matches.models.stages import first_stage, stages_of
from matches.presenters.monitor import room_monitor
from tests.factories import enter, make_event, make_match, make_user

pytestmark = pytest.mark.django_db

MINUTE = datetime.timedelta(minutes=1)


@pytest.fixture
def event(td):
    event = make_event(user=td, name="Club teams", boards_per_match=8, boards_per_segment=8)
    for _ in range(2):
        make_match(event)
    return event


def stage_of(event):
    return stages_of(event)[0]


def clock_url(event, round_number=1):
    return reverse("director-round-clock", args=[event.pk, 1, round_number])


def started(event, minutes=60, now=None, user=None):
    stage = stage_of(event)
    actions.change_round_clock(stage, 1, command="length", minutes=minutes, user=user)
    return actions.change_round_clock(stage, 1, command="start", user=user, now=now)


def text_of(response) -> str:
    html = re.sub(r"<svg.*?</svg>", " ", response.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# -- the action


def test_starting_the_clock_keeps_who_did_it_and_bumps_the_events_revision_once(event, td):
    stage = stage_of(event)
    actions.change_round_clock(stage, 1, command="length", minutes=60, user=td)
    before = Event.objects.get(pk=event.pk).revision
    clock = actions.change_round_clock(stage, 1, command="start", user=td)
    assert Event.objects.get(pk=event.pk).revision == before + 1
    assert clock.started is not None and clock.paused is None
    history = list(clock.history.order_by("history_date"))
    assert [(row.history_change_reason, row.history_user) for row in history] == [
        ("length 60", td),
        ("start", td),
    ]


def test_a_pause_and_a_resume_move_the_end_by_the_pause(event):
    now = timezone.now()
    clock = started(event, now=now)
    stage = stage_of(event)
    actions.change_round_clock(stage, 1, command="pause", user=None, now=now + 10 * MINUTE)
    clock = actions.change_round_clock(stage, 1, command="resume", user=None, now=now + 15 * MINUTE)
    clock = actions.change_round_clock(stage, 1, command="extend", minutes=5, user=None)
    assert clock.arithmetic.ends() == now + 70 * MINUTE


def test_the_clock_is_kept_in_the_database_and_read_back_as_it_was(event):
    now = timezone.now()
    started(event, now=now)
    stored = RoundClock.objects.get(stage=stage_of(event), round=1)  # a new process reads it
    assert stored.arithmetic.remaining(now + 20 * MINUTE) == 40 * MINUTE


def test_a_clock_not_set_cannot_start_and_nothing_is_written(event, in_english):
    with pytest.raises(ActionError) as refused:
        actions.change_round_clock(stage_of(event), 1, command="start", user=None)
    assert str(refused.value) == "Set the length of the round first."
    assert not RoundClock.objects.exists()


def test_a_round_with_no_matches_has_no_clock(event):
    with pytest.raises(ActionError):
        actions.change_round_clock(stage_of(event), 2, command="length", minutes=60, user=None)
    assert not RoundClock.objects.exists()


# -- the director's page


def test_the_events_director_sets_and_starts_the_clock_on_its_page(client, td, event):
    client.force_login(td)
    client.cookies["django_language"] = "en"
    response = client.post(clock_url(event), {"command": "length", "length-minutes": "75"})
    assert response.status_code == 302
    response = client.post(clock_url(event), {"command": "start"}, follow=True)
    text = text_of(response)
    assert "The clock is started." in text and "Time left" in text
    assert "Pause the clock" in text and "Start the clock" not in text
    assert re.search(r"Ends at \d\d:\d\d", text)


@pytest.mark.parametrize(
    ("language", "minutes", "message"),
    [
        ("en", "", "Give the minutes."),
        ("en", "0", "A round lasts from 1 to 600 minutes."),
        ("zh-hans", "9999", "每轮时长为 1 至 600 分钟。"),
        ("zh-hans", "abc", "输入整数。"),
    ],
)
def test_a_length_the_clock_cannot_take_is_refused_beside_its_field(
    client, td, event, language, minutes, message
):
    client.force_login(td)
    client.cookies["django_language"] = language
    response = client.post(clock_url(event), {"command": "length", "length-minutes": minutes})
    assert response.status_code == 400
    field = re.search(r'id="id_length-minutes_error".*?</', response.content.decode(), re.S)
    assert field and message in field.group(0)
    assert message in text_of(response)
    assert not RoundClock.objects.exists()


def test_a_pause_of_a_clock_not_started_is_refused_in_the_directors_language(client, td, event):
    client.force_login(td)
    client.cookies["django_language"] = "zh-hans"
    actions.change_round_clock(stage_of(event), 1, command="length", minutes=60, user=td)
    response = client.post(clock_url(event), {"command": "pause"})
    assert response.status_code == 400
    assert "计时尚未开始。" in text_of(response)


def test_only_the_events_directors_set_its_clock(client, event):
    other = make_user("other", director=True)  # a director, not of this event
    client.force_login(other)
    assert client.get(clock_url(event)).status_code == 403
    response = client.post(clock_url(event), {"command": "length", "length-minutes": "60"})
    assert response.status_code == 403
    client.force_login(make_user("player"))
    assert client.post(clock_url(event), {"command": "start"}).status_code == 403
    client.logout()
    assert client.post(clock_url(event), {"command": "start"}).status_code == 302  # to log in
    assert not RoundClock.objects.exists()


def test_a_round_of_no_match_has_no_clock_page(client, td, event):
    client.force_login(td)
    assert client.get(clock_url(event, 3)).status_code == 404


# -- where it shows


def test_the_wall_shows_the_time_left_in_both_languages_and_the_instant_it_ends(client, event):
    clock = started(event)
    text = text_of(client.get(reverse("wall", args=[event.pk])))
    assert "剩余时间" in text and "Time left" in text
    html = client.get(reverse("wall", args=[event.pk])).content.decode()
    ends = int(clock.arithmetic.ends().timestamp() * 1000)
    assert f'data-ends="{ends}"' in html


def test_a_paused_clock_shows_its_time_left_on_a_tables_phone(client, event):
    now = timezone.now()
    started(event, now=now - 20 * MINUTE)
    actions.change_round_clock(stage_of(event), 1, command="pause", user=None, now=now)
    actions.open_tables(first_stage(event), round_number=1, user=None)
    table = Room.objects.filter(match__event=event).first()
    client.cookies["django_language"] = "en"
    page = client.get(reverse("table", args=[table.token]))
    text = text_of(page)
    assert "Clock paused" in text and "40:00" in text
    state = client.get(reverse("table-state", args=[table.token])).json()["state"]
    assert "40:00" in state["clock"]


def test_the_monitor_flags_a_table_behind_the_clock(event):
    now = timezone.now()
    started(event, now=now - 30 * MINUTE)  # 8 boards in 60 minutes: 4 due
    ahead, late = event.matches.order_by("pk")
    for number in range(1, 5):
        enter(ahead, number, "open", "4S", "N", "=")
        enter(ahead, number, "closed", "4S", "N", "=")
    for number in range(1, 4):
        enter(late, number, "open", "4S", "N", "=")
    monitor = room_monitor(first_stage(event), 1, now)
    behind = {(row.match.pk, row.room.value) for row in monitor.behind_clock}
    assert behind == {(late.pk, "open"), (late.pk, "closed")}
    assert monitor.clocks[0][1].mode == "running"


def test_the_monitor_page_says_how_many_tables_are_behind_the_clock(client, td, event):
    started(event, now=timezone.now() - 30 * MINUTE)
    client.force_login(td)
    client.cookies["django_language"] = "en"
    text = text_of(client.get(reverse("director-monitor", args=[event.pk, 1, 1])))
    assert "4 tables behind the clock." in text
    assert "behind the clock" in text and "Time left" in text


def test_a_paused_clock_changes_the_tables_state_so_its_phones_are_sent_it(client, event):
    started(event)
    actions.open_tables(first_stage(event), round_number=1, user=None)
    table = Room.objects.filter(match__event=event).first()
    url = reverse("table-state", args=[table.token])
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    actions.change_round_clock(stage_of(event), 1, command="pause", user=None)
    answer = client.get(url, headers={"if-none-match": etag})
    assert answer.status_code == 200 and 'data-mode="paused"' in answer.json()["state"]["clock"]
