"""A club's dealing machine and the deals page: a director imports the machine's file
(DUP, DLM, BRI, DGE or PBN), has the app deal a round at random, and downloads the round's
deals for the machine; players and other directors reach none of it."""

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from matches.interchange import deal_formats
from matches.models import Deal, Job
from tests.background import run_tasks
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import make_event, make_match, make_team, make_user

DEALING = Path(__file__).parent / "data" / "dealing"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]


@pytest.fixture
def match():
    event = make_event(name="Wednesday club teams", boards_per_match=12, boards_per_segment=12)
    return make_match(event, home=make_team(event, "Tigers"), away=make_team(event, "Lions"))


@pytest.fixture
def short_match():
    """A match of 4 boards: the app deals them at random, and each new deal is analysed."""
    event = make_event(name="Short club teams", boards_per_match=4, boards_per_segment=4)
    return make_match(event, home=make_team(event, "Tigers"), away=make_team(event, "Lions"))


def post_file(client, match, name, data=None, **extra):
    data = (DEALING / name).read_bytes() if data is None else data
    url = reverse("director-deals", args=[match.event_id])
    return client.post(url, {"round": "1-1", "file": SimpleUploadedFile(name, data), **extra})


def stored(match) -> list[tuple[int, str]]:
    return [(d.board, d.pbn) for d in Deal.objects.for_round(match.stage, match.round)]


def file_deals(name: str) -> list[tuple[int, str]]:
    _, found = deal_formats.read_deals((DEALING / name).read_bytes(), name)
    return [(d.board, d.deal.pbn()) for d in found.deals]


@pytest.mark.parametrize("name", ["bigdeal.dup", "bigdeal.dlm", "bigdeal.bri", "bigdeal.dge"])
def test_a_director_imports_big_deals_machine_file_and_the_round_gets_its_deals(
    director_client, match, name
):
    response = post_file(director_client, match, name)
    assert response.status_code == 302
    run_tasks()
    assert stored(match) == file_deals("bigdeal.pbn")  # the same deals as Big Deal's PBN
    page = director_client.get(response.url).content.decode()
    assert "Round 1: 8 deals imported, with double dummy and par." in page
    assert f"The file was read as {name[-3:].upper()}." in page


def test_a_dlm_of_boards_5_to_12_fills_those_boards(director_client, match):
    post_file(director_client, match, "bigdeal-boards-5-to-12.dlm")
    run_tasks()
    assert [board for board, _ in stored(match)] == list(range(5, 13))
    assert stored(match) == file_deals("bigdeal-boards-5-to-12.pbn")


def test_the_import_deals_command_reads_a_machines_file_too(match):
    out = io.StringIO()
    call_command(
        "import_deals", match.event_id, DEALING / "bigdeal.bri", "--round", "1", stdout=out
    )
    assert "Round 1 of Wednesday club teams: 8 deals (boards 1, 2, 3, 4, 5, 6, 7, 8)." in (
        out.getvalue()
    )
    assert stored(match) == file_deals("bigdeal.pbn")


def test_a_broken_dlm_is_refused_beside_the_file_field_and_nothing_is_saved(director_client, match):
    text = (DEALING / "bigdeal.dlm").read_text("ascii")
    broken = text.replace("Board 02=", "Board 02=a", 1).replace("Board 04=", "Board 4x=", 1)
    response = post_file(director_client, match, "round.dlm", broken.encode())
    assert response.status_code == 400
    page = response.content.decode()
    assert "Board 2: “adliabfhcbapclbfpkfaicgdefk023”" not in page
    assert "Board 2: “a" in page and "is not 26 letters from a to p and a checksum." in page
    assert "Board 4 is not in the file, though it is between From board and To board." in page
    assert 'id="id_file"' in page and "is-invalid" in page
    assert not Deal.objects.exists() and not Job.objects.exists()


def test_the_same_refusal_reads_in_chinese(client, director, match):
    client.force_login(director)
    client.cookies["django_language"] = "zh-hans"
    data = (DEALING / "bigdeal.dup").read_bytes()[:-20]
    page = post_file(client, match, "round.dup", data).content.decode()
    assert "文件不是整数个 DUP 牌副（每副 156 字节；文件有 1228 字节）" in page


def test_a_dlm_checksum_that_does_not_match_is_imported_with_a_warning(director_client, match):
    text = (DEALING / "bigdeal.dlm").read_text("ascii")
    line = next(line for line in text.splitlines() if line.startswith("Board 03="))
    broken = text.replace(line, line[:-3] + f"{(int(line[-3:]) + 1) % 1000:03d}")
    response = post_file(director_client, match, "round.dlm", broken.encode())
    run_tasks()
    assert len(stored(match)) == 8
    page = director_client.get(response.url).content.decode()
    assert "Board 3: the file&#x27;s checksum does not match the cards." in page


def test_a_director_deals_the_round_at_random_and_prints_its_hand_records(
    director_client, short_match
):
    url = reverse("director-deals-make", args=[short_match.event_id])
    response = director_client.post(url, {"make-round": "1-1"})
    assert response.status_code == 302
    run_tasks()
    deals = stored(short_match)
    assert [board for board, _ in deals] == list(range(1, 5))  # every board of the match
    assert len({pbn for _, pbn in deals}) == 4
    assert set(Deal.objects.values_list("source", flat=True)) == {"random-round-1.pbn"}
    page = director_client.get(response.url).content.decode()
    assert "Round 1: 4 deals imported, with double dummy and par." in page
    hands = director_client.get(reverse("hand-records", args=[short_match.event_id, 1, 1]))
    assert "Board 4" in hands.content.decode()


def test_dealing_again_asks_before_replacing_the_rounds_deals(director_client, short_match):
    url = reverse("director-deals-make", args=[short_match.event_id])
    director_client.post(url, {"make-round": "1-1"})
    run_tasks()
    first = stored(short_match)
    response = director_client.post(url, {"make-round": "1-1"})
    assert response.status_code == 400
    assert (
        "Round 1 already has 4 deals (from “random-round-1.pbn”). Dealing at random replaces"
        in response.content.decode()
    )
    assert stored(short_match) == first
    director_client.post(url, {"make-round": "1-1", "make-confirm": "on"})
    run_tasks()
    assert stored(short_match) != first and len(stored(short_match)) == 4


def test_a_round_with_no_matches_cannot_be_dealt(director_client, match):
    url = reverse("director-deals-make", args=[match.event_id])
    response = director_client.post(url, {"make-round": "1-2"})
    assert response.status_code == 400
    assert "Choose one of the event&#x27;s rounds." in response.content.decode()
    assert not Job.objects.exists()


@pytest.mark.parametrize("code", ["pbn", "dup", "dlm", "bri", "dge"])
def test_the_rounds_deals_download_in_each_format_and_read_back_the_same(
    director_client, match, code
):
    post_file(director_client, match, "bigdeal.dlm")
    run_tasks()
    url = reverse("director-deals-file", args=[match.event_id, 1, 1, code])
    response = director_client.get(url)
    assert response.status_code == 200
    name = f"event-{match.event_id}-round-1-deals.{code}"
    assert response["Content-Disposition"] == f'attachment; filename="{name}"'
    _, found = deal_formats.read_deals(response.content, name)
    assert [(d.board, d.deal.pbn()) for d in found.deals] == stored(match)


def test_the_deals_page_links_each_format_for_a_round_with_deals(director_client, match):
    post_file(director_client, match, "bigdeal.dup")
    run_tasks()
    page = director_client.get(reverse("director-deals", args=[match.event_id])).content.decode()
    for code in ("pbn", "dup", "dlm", "bri", "dge"):
        assert reverse("director-deals-file", args=[match.event_id, 1, 1, code]) in page


def test_a_format_that_cannot_hold_the_rounds_boards_says_so_on_the_deals_page(
    director_client, match
):
    post_file(director_client, match, "bigdeal-boards-5-to-12.dlm")
    run_tasks()
    url = reverse("director-deals-file", args=[match.event_id, 1, 1, "bri"])
    response = director_client.get(url, follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("director-deals", args=[match.event_id])
    assert (
        "A BRI file holds boards 1, 2, 3 … without a gap, and this round&#x27;s deals are "
        "boards 5–12: download PBN instead." in page
    )
    dup = director_client.get(reverse("director-deals-file", args=[match.event_id, 1, 1, "dup"]))
    assert dup.status_code == 200  # DUP numbers its boards: 5 to 12


def test_a_round_without_deals_has_nothing_to_download(director_client, match):
    url = reverse("director-deals-file", args=[match.event_id, 1, 1, "dup"])
    assert director_client.get(url).status_code == 404


def test_players_and_other_directors_can_neither_download_nor_deal(player_client, match):
    post = {"make-round": "1-1"}
    make = reverse("director-deals-make", args=[match.event_id])
    download = reverse("director-deals-file", args=[match.event_id, 1, 1, "dup"])
    assert Client().post(make, post).status_code == 302  # to the login page
    assert player_client.post(make, post).status_code == 403
    assert player_client.get(download).status_code == 403
    player_client.force_login(make_user("other-td", director=True))  # another event's
    assert player_client.post(make, post).status_code == 403
    assert player_client.get(download).status_code == 403
    assert not Job.objects.exists()
