import re

import pytest
from django.urls import reverse

from matches.models import Result
from tests.factories import enter, make_match, make_user

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def match():
    return make_match()


def save_row(client, match, number, room="open", version=0, **fields):
    data = {f"b{number}-{name}": value for name, value in fields.items()}
    data[f"b{number}-version"] = version
    url = reverse("director-save-row", args=[match.pk, room, number])
    return client.post(url, data, headers=HTMX)


def test_the_sheet_has_a_row_per_board_with_vulnerability_and_dealer(director_client, match):
    page = director_client.get(reverse("director-sheet", args=[match.pk, "closed"]))
    assert page.text.count('class="sheet-row') == 16
    assert 'id="row-2"' in page.text
    assert page.context["room"] == "closed"


def test_a_row_saves_on_its_own_and_shows_its_score(director_client, match, director):
    response = save_row(
        director_client, match, 4, contract="4hx", declarer="e", lead="s10", result="="
    )
    assert response.status_code == 200
    assert 'data-saved="true"' in response.text
    # 4♥× made, vulnerable: E-W 790, in the row and in what the sheet announces
    assert re.search(r'<span class="cell ew score">.*E-W</span>790</span>', response.text)
    assert 'data-announce="Board 4 saved: E-W 790"' in response.text
    result = Result.objects.get(board__match=match, board__number=4, room="open")
    assert (str(result.contract), result.declarer, result.lead, result.tricks) == (
        "4HX",
        "E",
        "ST",
        10,
    )
    assert result.entered_by == director


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"contract": "8NT", "declarer": "N", "result": "="},
            "contract",
            "The level must be 1 to 7 (you wrote “8NT”).",
        ),
        (
            {"contract": "4S", "declarer": "Z", "result": "="},
            "declarer",
            "“Z” is not a seat: write N, E, S or W.",
        ),
        (
            {"contract": "7NT", "declarer": "N", "result": "+7"},
            "result",
            "7NT +7 would be more than 13 tricks.",
        ),
        (
            {"contract": "4S", "declarer": "N", "result": "14"},
            "result",
            "Declarer takes 0 to 13 tricks, not 14.",
        ),
        (
            {"contract": "4S", "declarer": "N", "result": "=", "lead": "Z9"},
            "lead",
            "“Z9” is not a card: write a suit and a rank, such as SQ, ♥10 or DA.",
        ),
        (
            {"contract": "4S", "declarer": "N", "result": "=", "lead": "S1"},
            "lead",
            "“S1” is not a card: write a suit and a rank, such as SQ, ♥10 or DA.",
        ),
    ],
)
def test_a_bad_value_gets_a_message_beside_the_field_and_nothing_is_saved(
    director_client, match, fields, field, message
):
    response = save_row(director_client, match, 1, **fields)
    assert f'id="id_b1-{field}_error" role="alert">{message}</span>' in response.text
    assert 'data-saved="true"' not in response.text
    assert not Result.objects.exists()


def test_one_bad_row_never_loses_the_others(director_client, match):
    save_row(director_client, match, 1, contract="3NT", declarer="S", result="=")
    save_row(director_client, match, 2, contract="9S", declarer="S", result="=")
    save_row(director_client, match, 3, contract="2C", declarer="W", result="-1")
    assert sorted(Result.objects.values_list("board__number", flat=True)) == [1, 3]
    page = director_client.get(reverse("director-sheet", args=[match.pk, "open"]))
    assert 'value="3NT"' in page.text and 'value="2C"' in page.text


def test_messages_come_in_the_directors_language(director_client, match):
    director_client.cookies["django_language"] = "zh-hans"
    response = save_row(director_client, match, 1, contract="8NT", declarer="N", result="=")
    assert "定约阶数须为 1 至 7（您填的是“8NT”）。" in response.text


def test_a_saved_result_can_be_corrected(director_client, match):
    save_row(director_client, match, 5, contract="4S", declarer="N", result="=")
    save_row(director_client, match, 5, version=1, contract="4S", declarer="N", result="+1")
    result = Result.objects.get()
    assert (result.tricks, result.version, result.ns_score) == (11, 2, 650)


def test_a_change_from_a_stale_page_is_refused_and_shows_both_values(director_client, match):
    other = make_user("other", chief=True)
    enter(match, 6, "open", "3NT", "S", "=", user=other)  # someone else saved version 1
    response = save_row(
        director_client, match, 6, version=0, contract="4H", declarer="N", result="-1"
    )
    assert "Not saved: other changed this result" in response.text
    now_saved = 'class="current">3<span class="nt">NT</span> by South, = (N-S 400)</strong>'
    assert now_saved in response.text
    assert 'class="yours">4H N  -1</strong>' in response.text
    result = Result.objects.get()
    assert (str(result.contract), result.version) == ("3NT", 1)

    # The refused row now carries the version it was refused over: Enter again replaces it.
    assert 'name="b6-version" value="1"' in response.text
    save_row(director_client, match, 6, version=1, contract="4H", declarer="N", result="-1")
    assert str(Result.objects.get().contract) == "4H"


def test_a_stale_correction_is_refused_too(director_client, match):
    enter(match, 7, "closed", "2S", "E", "=")
    enter(match, 7, "closed", "2S", "E", "+1")  # version 2 now
    response = save_row(
        director_client,
        match,
        7,
        room="closed",
        version=1,
        contract="2S",
        declarer="E",
        result="-1",
    )
    assert "Not saved" in response.text
    assert Result.objects.get().tricks == 9


def test_the_same_result_entered_twice_is_no_conflict(director_client, match):
    enter(match, 8, "open", "1NT", "W", "=")
    response = save_row(
        director_client, match, 8, version=0, contract="1NT", declarer="W", result="="
    )
    assert 'data-saved="true"' in response.text


def test_every_change_is_kept_with_who_when_old_and_new(director_client, match, director):
    save_row(director_client, match, 9, contract="4S", declarer="N", result="=")
    save_row(director_client, match, 9, version=1, contract="4SX", declarer="N", result="-1")
    result = Result.objects.get()
    history = list(result.history.order_by("history_id"))
    assert [h.history_type for h in history] == ["+", "~"]
    assert [h.history_user for h in history] == [director, director]
    assert [(h.doubling, h.tricks) for h in history] == [("", 10), ("X", 9)]

    page = director_client.get(reverse("director-board-history", args=[match.pk, 9]))
    assert page.text.count("<tr>") == 3  # header and two changes
    assert "corrected" in page.text and "entered" in page.text
    assert "td" in page.text


def test_without_javascript_a_saved_row_returns_to_the_sheet(director_client, match):
    url = reverse("director-save-row", args=[match.pk, "open", 10])
    data = {"b10-contract": "3NT", "b10-declarer": "N", "b10-result": "=", "b10-version": 0}
    response = director_client.post(url, data)
    assert response.status_code == 302
    data["b10-contract"] = "8NT"
    response = director_client.post(url, {**data, "b10-version": 1})
    assert response.status_code == 200
    assert response.text.count('class="sheet-row') == 16
    assert "The level must be 1 to 7" in response.text
