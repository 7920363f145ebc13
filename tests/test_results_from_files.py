"""Results files that say what they change: disagreements confirmed, line-ups filled, files of
real sizes, refusals of a sensible length, and request bodies the app itself caps."""

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.models import Result, Seating
from tests.background import run_tasks
from tests.factories import enter, make_event, make_match

pytestmark = pytest.mark.django_db

# Board 1: North deals, neither side vulnerable; 4S by East making 11 is E-W 450.
DISAGREEING = (
    '[Board "1"]\n[Room "Open"]\n[HomeTeam "Tigers"]\n[VisitTeam "Lions"]\n'
    '[Dealer "N"]\n[Vulnerable "All"]\n[Contract "4S"]\n[Declarer "E"]\n[Result "11"]\n'
    '[Score "NS -650"]\n'
)


def game(board, room, contract="3NT", declarer="S", result="9", **tags) -> str:
    text = (
        f'[Board "{board}"]\n[Room "{room}"]\n[HomeTeam "Tigers"]\n[VisitTeam "Lions"]\n'
        f'[Contract "{contract}"]\n[Declarer "{declarer}"]\n[Result "{result}"]\n'
    )
    return text + "".join(f'[{tag} "{value}"]\n' for tag, value in tags.items())


@pytest.fixture
def match():
    event = make_event(name="Club teams")
    tigers = actions.add_team(
        event, name="Tigers", players=["王伟", "李娜", "张敏", "刘洋"], user=None
    )
    lions = actions.add_team(
        event, name="Lions", players=["Smith", "Jones", "Brown", "Green"], user=None
    )
    return make_match(event, home=tigers, away=lions)


def post_results(client, match, text: str | bytes, **extra):
    data = text.encode() if isinstance(text, str) else text
    url = reverse("director-results-file", args=[match.event_id])
    upload = SimpleUploadedFile("results.pbn", data)
    return client.post(url, {"results-round": "1-1", "results-file": upload, **extra})


def run(*args):
    out = StringIO()
    with translation.override("en"):
        call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_a_file_that_disagrees_with_the_board_is_listed_and_imported_only_once_confirmed(
    director_client, match
):
    response = post_results(director_client, match, DISAGREEING)
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        "Board 1: the file says “All” for vulnerability, but on board 1 it is Neither "
        "vulnerable. The board number decides." in page
    )
    assert (
        "Board 1, Tigers – Lions (line 1): the file scores 4S by East, 11 tricks as “NS -650”, "
        "but on board 1 (Neither vulnerable) it scores “EW 450”. The app&#x27;s score stands."
    ) in page
    assert not Result.objects.exists()
    response = post_results(director_client, match, DISAGREEING, **{"results-confirm": "on"})
    assert response.status_code == 302
    assert Result.objects.get(board__number=1, room="open").ns_score == -450


def test_the_command_lists_the_disagreements_and_imports_with_confirm(match, tmp_path):
    path = tmp_path / "results.pbn"
    path.write_text(DISAGREEING)
    with pytest.raises(CommandError) as caught:
        run("import_results", match.event_id, path, "--round", "1")
    assert "Run again with --confirm" in str(caught.value)
    assert "“NS -650”" in str(caught.value)
    out = run("import_results", match.event_id, path, "--round", "1", "--confirm")
    assert "1 results saved" in out
    assert Result.objects.count() == 1


def test_an_empty_line_up_is_filled_from_the_files_player_names(director_client, match):
    names = {"North": "王伟", "South": "李娜", "East": "Smith", "West": "jones"}
    closed = {"North": "Brown", "South": "Green", "East": "张敏", "West": "Nobody"}
    text = "\n".join(
        [
            game(1, "Open", **names, Score="NS 400"),
            game(1, "Closed", **closed, Score="NS 400"),
            game(2, "Open", **names),
        ]
    )
    response = post_results(director_client, match, text)
    assert response.status_code == 302
    seats = {(s.room, s.seat): s.player.name for s in Seating.objects.filter(match=match)}
    assert seats == {
        ("open", "N"): "王伟",
        ("open", "S"): "李娜",
        ("open", "E"): "Smith",
        ("open", "W"): "Jones",  # matched whatever the case
        ("closed", "N"): "Brown",
        ("closed", "S"): "Green",
        ("closed", "E"): "张敏",
    }
    page = director_client.get(response.url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tigers – Lions, segment 1, Open room: line-up filled from the file" in page
    assert "West Nobody in the file is no player of the team in that seat" in page
    assert Seating.history.filter(history_user__username="td").count() == 7


def test_a_line_up_the_director_entered_is_left_as_it_is(director_client, match):
    tigers = match.home.players.order_by("pk")
    actions.set_seating(match, 1, {("open", "N"): tigers[3]}, user=None)
    text = game(1, "Open", North="王伟", South="李娜") + "\n" + game(1, "Closed", North="Brown")
    post_results(director_client, match, text)
    seats = {(s.room, s.seat): s.player.name for s in Seating.objects.filter(match=match)}
    assert seats == {("open", "N"): "刘洋", ("closed", "N"): "Brown"}


def test_a_results_file_of_several_megabytes_is_read(director_client, match):
    padding = "{" + "x" * 1000 + "}\n"  # a table device's long commentary
    text = game(1, "Open") + padding * 5000  # 5 MB: read and saved by a worker
    response = post_results(director_client, match, text)
    assert response.status_code == 302
    run_tasks()
    assert Result.objects.count() == 1


def test_a_file_over_the_limit_is_refused_naming_the_real_limit(director_client, match):
    with override_settings(DEAL_FILE_MAX_BYTES=2_000_000):
        response = post_results(director_client, match, game(1, "Open") + " " * 2_000_000)
    assert response.status_code == 400
    assert "the largest file this site takes is 1.9\xa0MB" in response.content.decode()


def test_a_file_of_thousands_of_faults_lists_fifty_and_says_how_many_more(director_client, match):
    text = "\n".join(game(n % 999 + 1, "Open", "9Z") for n in range(10_000))
    response = post_results(director_client, match, text)  # 1.3 MB: a worker's job
    run_tasks()
    page = director_client.get(response.url).content.decode()
    assert page.count("is not a contract") == 50
    assert "… and 9,950 more problems, not listed: fix these first." in page
    assert len(page) < 30_000
    with override_settings(RESULTS_IN_REQUEST_BYTES=10_000_000):  # the same, in the request
        response = post_results(director_client, match, text)
    page = response.content.decode()
    assert response.status_code == 400
    assert page.count("is not a contract") == 2 * 50  # beside the field, and in the summary
    assert len(page) < 60_000


def test_a_body_over_the_cap_is_refused_with_413_before_it_is_read(director_client, match):
    enter(match, 1, "open", "3NT", "S", "=")
    with override_settings(REQUEST_MAX_BYTES=1_000_000):
        response = post_results(director_client, match, b"x" * 3_000_000)
    assert response.status_code == 413
    page = response.content.decode()
    assert "The largest file this site takes is" in page and "Nothing was read" in page
    assert response.headers["Content-Security-Policy"]  # the page as every other page
    assert Result.objects.count() == 1


def test_the_cap_is_a_little_above_the_file_limit(settings):
    assert settings.DEAL_FILE_MAX_BYTES >= 10 * 1024 * 1024
    assert 0 < settings.REQUEST_MAX_BYTES - settings.DEAL_FILE_MAX_BYTES <= 1024 * 1024


def test_a_file_that_differs_from_the_stored_result_only_in_the_lead_says_so(match, tmp_path):
    enter(match, 1, "open", "3NT", "S", "=", lead="H5")
    path = tmp_path / "results.pbn"
    path.write_text(game(1, "Open", Lead="S4"))
    with pytest.raises(CommandError) as caught:
        run("import_results", match.event_id, path, "--round", "1")
    assert "this result with another opening lead (H5; the file has S4)" in str(caught.value)
