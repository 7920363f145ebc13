"""The director's page for deals and results files, used as a director (and refused to others)."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from matches.models import Deal, Job, Result
from tests.background import run_tasks
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import make_event, make_match, make_team, make_user

DATA = Path(__file__).parent / "data"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]


@pytest.fixture
def match():
    event = make_event(name="Club teams")
    return make_match(event, home=make_team(event, "Tigers"), away=make_team(event, "Lions"))


def upload(name: str, data: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data if data is not None else (DATA / name).read_bytes())


def post_deals(client, match, name, **extra):
    url = reverse("director-deals", args=[match.event_id])
    data = {"round": "1-1", "file": upload(name), **extra}
    return client.post(url, data)


def test_only_directors_reach_the_page(player_client, match):
    url = reverse("director-deals", args=[match.event_id])
    assert Client().get(url).status_code == 302  # to the login page
    assert player_client.get(url).status_code == 403
    assert player_client.post(url, {"round": "1-1"}).status_code == 403


def test_a_director_of_another_event_is_refused(client, match):
    client.force_login(make_user("other-td", director=True))
    assert client.get(reverse("director-deals", args=[match.event_id])).status_code == 403
    response = post_deals(client, match, "deals_gbk.pbn")
    assert response.status_code == 403
    assert not Deal.objects.exists()


def test_a_director_imports_a_rounds_deals_and_finds_its_hand_records(director_client, match):
    response = post_deals(director_client, match, "deals_with_comments_and_statistics.pbn")
    assert response.status_code == 302
    assert response.url == reverse("director-job", args=[Job.objects.get().pk])
    run_tasks()  # a worker analyses the deals
    assert Deal.objects.filter(event=match.event).count() == 16
    page = director_client.get(response.url).content.decode()
    assert "Round 1: 16 deals imported, with double dummy and par." in page
    assert reverse("hand-records", args=[match.event_id, 1, 1]) in page


def test_a_broken_file_is_refused_beside_the_file_field_naming_each_board(director_client, match):
    response = post_deals(director_client, match, "deals_broken.pbn")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Board 3: West has 12 cards, not 13." in page
    assert "Board 5: ♥8 is in both North&#x27;s and East&#x27;s hands." in page
    assert 'id="id_file"' in page and "is-invalid" in page
    assert not Deal.objects.exists()


def test_the_same_refusal_reads_in_chinese(client, director, match):
    client.force_login(director)
    client.cookies["django_language"] = "zh-hans"
    page = post_deals(client, match, "deals_broken.pbn").content.decode()
    assert "第 3 副：西家有 12 张牌，而不是 13 张。" in page
    assert "第 5 副：♥8 同时出现在北家和东家的牌中。" in page


def test_a_file_of_no_deal_format_says_which_formats_are_read(director_client, match):
    url = reverse("director-deals", args=[match.event_id])
    data = {"round": "1-1", "file": upload("photo.jpg", b"\xff\xd8\xff\xe0 JFIF binary")}
    page = director_client.post(url, data).content.decode()
    assert (
        "The file is not a file of deals in a format the app reads (PBN, DUP, DLM, BRI, DGE)."
        in page
    )


def test_reimporting_asks_for_confirmation_then_replaces(director_client, match):
    post_deals(director_client, match, "deals_with_comments_and_statistics.pbn")
    run_tasks()
    response = post_deals(director_client, match, "deals_gbk.pbn")
    assert response.status_code == 400
    assert "Round 1 already has 16 deals" in response.content.decode()
    assert Deal.objects.count() == 16
    response = post_deals(director_client, match, "deals_gbk.pbn", confirm="on")
    assert response.status_code == 302
    run_tasks()
    assert Deal.objects.count() == 8
    assert set(Deal.objects.values_list("source", flat=True)) == {"deals_gbk.pbn"}


def test_a_director_imports_results_through_the_room_sheets_rules(director_client, match):
    url = reverse("director-results-file", args=[match.event_id])
    data = {"results-round": "1-1", "results-file": upload("results_table_devices.pbn")}
    response = director_client.post(url, data)
    assert response.status_code == 302
    assert Result.objects.filter(board__match=match).count() == 4
    result = Result.objects.get(board__match=match, board__number=1, room="open")
    assert result.entered_by.username == "td"


def test_refused_results_are_listed_and_nothing_is_saved(director_client, match):
    bad = (DATA / "results_table_devices.pbn").read_bytes().replace(b'"Lions"', b'"Bears"', 1)
    url = reverse("director-results-file", args=[match.event_id])
    data = {"results-round": "1-1", "results-file": upload("results.pbn", bad)}
    response = director_client.post(url, data)
    assert response.status_code == 400
    assert (
        "Round 1 has no match of Tigers (home) against Bears (away)." in response.content.decode()
    )
    assert not Result.objects.exists()


def test_no_file_or_no_round_is_a_message_not_an_error(director_client, match):
    url = reverse("director-deals", args=[match.event_id])
    page = director_client.post(url, {"round": "1-9"}).content.decode()
    assert "Choose the deals file to upload." in page
    assert "Choose one of the event&#x27;s rounds." in page


def test_boards_the_event_does_not_play_are_refused_before_any_analysis(
    director_client, monkeypatch
):
    from matches.interchange import deal_files

    def no_analysis(*args, **kwargs):
        raise AssertionError("analysed a file that is refused anyway")

    monkeypatch.setattr(deal_files, "analyse", no_analysis)
    short = make_match(make_event(boards_per_match=4, boards_per_segment=4))
    page = post_deals(director_client, short, "deals_gbk.pbn").content.decode()
    assert "Boards 5, 6, 7, 8 are not played in this event (boards 1 to 4)" in page
    assert not Deal.objects.exists()
