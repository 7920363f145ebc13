"""Long work as background tasks: the request answers at once, a worker runs the job, its
page shows progress and outcome; the same upload twice is one task; checks come before
any analysis; a run is all or nothing, and can be run again."""

import datetime
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from matches import actions
from matches.interchange import backup
from matches.models import Deal, Event, Job, JobState, Result
from tests.background import run_tasks
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import enter, make_event, make_match, make_team, make_user

DATA = Path(__file__).parent / "data"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]
DEALS = "deals_with_comments_and_statistics.pbn"


@pytest.fixture
def match():
    event = make_event(name="Club teams")
    return make_match(event, home=make_team(event, "Tigers"), away=make_team(event, "Lions"))


def post_deals(client, match, name=DEALS, **extra):
    upload = SimpleUploadedFile(name, (DATA / name).read_bytes())
    url = reverse("director-deals", args=[match.event_id])
    return client.post(url, {"round": "1-1", "file": upload, **extra})


def post_results(client, match, data: bytes, **extra):
    upload = SimpleUploadedFile("results.pbn", data)
    url = reverse("director-results-file", args=[match.event_id])
    return client.post(url, {"results-round": "1-1", "results-file": upload, **extra})


def no_analysis(monkeypatch):
    from matches.interchange import deal_files

    def refuse(*args, **kwargs):
        raise AssertionError("analysed")

    monkeypatch.setattr(deal_files, "analyse", refuse)


def test_a_deals_upload_answers_at_once_and_a_worker_analyses_it(director_client, match):
    response = post_deals(director_client, match)
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == reverse("director-job", args=[job.pk])
    assert not Deal.objects.exists()  # nothing analysed in the request
    page = director_client.get(response.url).content.decode()
    assert "Waiting for a worker" in page
    assert director_client.get(reverse("director-job-state", args=[job.pk])).json() == {
        "state": "waiting",
        "phase": "",
        "done": 0,
        "total": 0,
        "finished": False,
        "stopped": False,
        "text": "Waiting for a worker…",
    }
    assert run_tasks() == 1
    assert Deal.objects.filter(event=match.event).count() == 16
    job.refresh_from_db()
    assert (job.state, job.done, job.total) == (JobState.DONE, 16, 16)
    page = director_client.get(response.url).content.decode()
    assert "Round 1: 16 deals imported, with double dummy and par." in page
    assert "16 boards analysed in" in page
    assert reverse("hand-records", args=[match.event_id, 1, 1]) in page
    deals_page = director_client.get(reverse("director-deals", args=[match.event_id]))
    assert reverse("director-job", args=[job.pk]) in deals_page.content.decode()


def test_the_same_upload_twice_is_one_job_and_one_task(director_client, match):
    first = post_deals(director_client, match)
    second = post_deals(director_client, match)
    assert first.url == second.url
    assert Job.objects.count() == 1 and DBTaskResult.objects.count() == 1
    page = director_client.get(second.url).content.decode()
    assert "This file was uploaded before: here is its work." in page


def test_a_refused_upload_is_refused_before_any_analysis_and_makes_no_job(
    director_client, match, monkeypatch
):
    post_deals(director_client, match)
    run_tasks()
    no_analysis(monkeypatch)
    response = post_deals(director_client, match, "deals_gbk.pbn")  # the round has deals
    assert response.status_code == 400
    assert "Round 1 already has 16 deals" in response.content.decode()
    response = post_deals(director_client, match, "deals_broken.pbn")
    assert "Board 3: West has 12 cards, not 13." in response.content.decode()
    short = make_match(make_event(boards_per_match=4, boards_per_segment=4))
    response = post_deals(director_client, short, "deals_gbk.pbn")
    assert "Boards 5, 6, 7, 8 are not played in this event" in response.content.decode()
    assert Job.objects.count() == 1


def test_deals_that_arrive_before_the_worker_runs_ask_first_and_replace_once_confirmed(
    director_client, match, monkeypatch
):
    response = post_deals(director_client, match, "deals_gbk.pbn")
    call_command("import_deals", match.event_id, DATA / DEALS, "--round", "1", stdout=StringIO())
    with monkeypatch.context() as patched:
        no_analysis(patched)
        run_tasks()  # the check comes before the analysis
    job = Job.objects.get()
    assert job.state == JobState.CONFIRM
    assert "Round 1 already has 16 deals" in job.messages[0]
    page = director_client.get(response.url).content.decode()
    assert "Replace the round's deals" in page
    director_client.post(reverse("director-job-again", args=[job.pk]), {"confirm": "1"})
    run_tasks()
    job.refresh_from_db()
    assert (job.state, job.attempt) == (JobState.DONE, 2)
    assert Deal.objects.count() == 8


def test_a_run_that_fails_midway_writes_nothing_and_runs_again(director_client, match, monkeypatch):
    from matches.background import runner

    real = actions.import_deals

    def half(*args, **kwargs):
        real(*args, **kwargs)  # every deal written, then the worker's run breaks
        raise RuntimeError("power cut")

    response = post_deals(director_client, match)
    monkeypatch.setattr(runner.actions, "import_deals", half)
    run_tasks()
    job = Job.objects.get()
    assert job.state == JobState.FAILED and not Deal.objects.exists()
    assert DBTaskResult.objects.get().status == "FAILED"
    page = director_client.get(response.url).content.decode()
    assert "nothing of it was saved" in page and "Run again" in page
    monkeypatch.setattr(runner.actions, "import_deals", real)
    director_client.post(reverse("director-job-again", args=[job.pk]))
    run_tasks()
    assert Deal.objects.count() == 16


def test_a_run_that_seems_stopped_is_offered_again_and_the_old_run_writes_nothing(
    director_client, match
):
    response = post_deals(director_client, match)
    job = Job.objects.get()
    old = timezone.now() - datetime.timedelta(hours=1)
    Job.objects.filter(pk=job.pk).update(state=JobState.RUNNING, phase="analysing", heartbeat=old)
    page = director_client.get(response.url).content.decode()
    assert "The work stopped" in page and "Run again" in page
    director_client.post(reverse("director-job-again", args=[job.pk]))
    # The first run's task (attempt 1) still comes along: superseded, it writes nothing.
    assert run_tasks() == 2
    job.refresh_from_db()
    assert (job.state, job.attempt) == (JobState.DONE, 2)
    assert Deal.objects.count() == 16
    states = sorted(t.return_value["state"] for t in DBTaskResult.objects.all())
    assert states == ["done", "superseded"]


def test_a_job_is_its_events_directors_only(director_client, match):
    post_deals(director_client, match)
    job = Job.objects.get()
    url = reverse("director-job", args=[job.pk])
    assert Client().get(url).status_code == 302  # to log in
    other = Client()
    other.force_login(make_user("other-td", director=True))
    assert other.get(url).status_code == 403
    assert other.get(reverse("director-job-state", args=[job.pk])).status_code == 403
    assert other.post(reverse("director-job-again", args=[job.pk])).status_code == 403


RESULTS = (DATA / "results_table_devices.pbn").read_bytes()


@override_settings(RESULTS_IN_REQUEST_BYTES=100)
def test_a_large_results_file_is_read_and_saved_by_a_worker(director_client, match):
    disagreeing = RESULTS.replace(b'[Score "EW 120"]', b'[Score "NS 100"]')
    response = post_results(director_client, match, disagreeing)
    assert response.status_code == 302 and not Result.objects.exists()
    run_tasks()
    job = Job.objects.get()
    assert job.state == JobState.CONFIRM and "“NS 100”" in job.messages[0]
    page = director_client.get(response.url).content.decode()
    assert "Import anyway (the app's scoring decides)" in page
    director_client.post(reverse("director-job-again", args=[job.pk]), {"confirm": "1"})
    run_tasks()
    job.refresh_from_db()
    assert job.state == JobState.DONE and job.result == {"saved": 4, "stage": 1, "round": 1}
    assert Result.objects.count() == 4
    page = director_client.get(response.url).content.decode()
    assert "Round 1: 4 results imported." in page
    assert reverse("round", args=[match.event_id, 1]) in page


@override_settings(RESULTS_IN_REQUEST_BYTES=100)
def test_a_results_file_the_rooms_refuse_is_refused_whole_by_the_worker(director_client, match):
    enter(match, 2, "closed", "3NT", "N", "=")
    post_results(director_client, match, RESULTS)
    run_tasks()
    job = Job.objects.get()
    assert job.state == JobState.REFUSED
    assert "already has a different result (3NT N =)" in job.messages[0]
    assert Result.objects.count() == 1


def test_a_small_backup_is_restored_at_once_and_a_large_one_by_a_worker(director_client, match):
    enter(match, 1, "open", "4S", "N", "=")
    text = backup.dumps(backup.export_event(match.event)).encode()
    url = reverse("director-restore-event")
    response = director_client.post(url, {"file": SimpleUploadedFile("event.json", text)})
    restored = Event.objects.latest("pk")
    assert response.status_code == 302 and response.url == reverse(
        "director-event", args=[restored.pk]
    )
    with override_settings(RESTORE_IN_REQUEST_BYTES=100):
        response = director_client.post(url, {"file": SimpleUploadedFile("event.json", text)})
    job = Job.objects.get()
    assert response.url == reverse("director-job", args=[job.pk])
    assert Event.objects.count() == 2
    run_tasks()
    job.refresh_from_db()
    assert job.state == JobState.DONE and Event.objects.count() == 3
    assert job.event_id == job.result["event"]
    assert Result.objects.filter(board__match__event_id=job.event_id).count() == 1
    for event in (restored, job.event):  # whoever restored it directs it
        assert event.director_rows.filter(user__username="td").exists()
    page = director_client.get(reverse("director")).content.decode()
    assert reverse("director-job", args=[job.pk]) in page  # the director's own work


def test_a_backup_that_is_no_backup_is_refused(director_client):
    with override_settings(RESTORE_IN_REQUEST_BYTES=1):
        director_client.post(
            reverse("director-restore-event"),
            {"file": SimpleUploadedFile("event.json", b'{"format": "nothing"}')},
        )
    run_tasks()
    job = Job.objects.get()
    assert job.state == JobState.REFUSED and job.messages


def test_a_big_practice_event_is_generated_by_a_worker(director_client):
    url = reverse("director-generate-event")
    small = {"teams": "4", "rounds": "3", "boards": "4", "seed": "2"}
    response = director_client.post(url, small)
    assert response.status_code == 302 and Event.objects.count() == 1
    assert not Job.objects.exists()
    with override_settings(GENERATE_IN_REQUEST_RESULTS=10):
        response = director_client.post(url, {**small, "teams": "6"})
    job = Job.objects.get()
    assert response.url == reverse("director-job", args=[job.pk])
    run_tasks()
    job.refresh_from_db()
    assert job.state == JobState.DONE and job.result["results"] == 3 * 3 * 4 * 2
    assert Result.objects.filter(board__match__event_id=job.event_id).count() == 72
    assert director_client.post(url, {**small, "rounds": "9"}).status_code == 400


def test_a_director_taken_off_the_event_can_no_longer_see_or_run_again_their_job(td_client, td):
    director = make_user("another-td", director=True)
    event = make_event(user=td, name="Club teams")
    match = make_match(event, home=make_team(event, "Tigers"), away=make_team(event, "Lions"))
    actions.add_director(event, username=director.username, user=td)
    post_deals(td_client, match)
    job = Job.objects.get()
    attempt, tasks = job.attempt, DBTaskResult.objects.count()
    actions.remove_director(event, director=td, user=director)
    assert td_client.get(reverse("director-job", args=[job.pk])).status_code == 403
    assert td_client.get(reverse("director-job-state", args=[job.pk])).status_code == 403
    again = td_client.post(reverse("director-job-again", args=[job.pk]))
    assert again.status_code == 403
    job.refresh_from_db()
    assert (job.attempt, DBTaskResult.objects.count()) == (attempt, tasks)  # not run again


def test_a_finished_restore_is_not_offered_again_and_running_it_again_makes_no_copy(
    director_client, match
):
    text = backup.dumps(backup.export_event(match.event)).encode()
    with override_settings(RESTORE_IN_REQUEST_BYTES=100):
        director_client.post(
            reverse("director-restore-event"), {"file": SimpleUploadedFile("event.json", text)}
        )
    run_tasks()
    job = Job.objects.get()
    assert job.state == JobState.DONE and Event.objects.count() == 2
    page = director_client.get(reverse("director-job", args=[job.pk])).content.decode()
    assert "Run again" not in page
    response = director_client.post(reverse("director-job-again", args=[job.pk]), follow=True)
    assert "running it again would make a copy" in response.content.decode()
    run_tasks()
    assert Event.objects.count() == 2


def test_a_restore_is_listed_on_the_directors_page_while_they_direct_the_event_it_made(
    td_client, td, match
):
    text = backup.dumps(backup.export_event(match.event)).encode()
    with override_settings(RESTORE_IN_REQUEST_BYTES=100):
        td_client.post(
            reverse("director-restore-event"), {"file": SimpleUploadedFile("event.json", text)}
        )
    run_tasks()
    job = Job.objects.get()
    link = reverse("director-job", args=[job.pk])
    assert link in td_client.get(reverse("director")).content.decode()
    other = make_user("another-td", director=True)
    actions.add_director(job.event, username=other.username, user=td)
    actions.remove_director(job.event, director=td, user=other)
    assert link not in td_client.get(reverse("director")).content.decode()
