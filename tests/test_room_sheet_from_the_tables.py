"""The room sheet knows what its table entered: each row shows the entry waiting for the
other side, the entry not agreed with its reason, or the table's accepted result with a
mark; a director's save over a result the table accepted is refused until the director
confirms it (with JavaScript or without), the message naming what it would replace."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.models import Event, Result, Room
from matches.presenters.room_sheets import sheet_rows
from matches.queries.table_entries import table_words
from matches.scoring import Contract, parse_result
from tests.factories import enter, make_event, make_match

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def match():
    """A 16-board match of round 1 with its tables open."""
    match = make_match(make_event(name="Club teams"))
    actions.open_tables(match.stage, round_number=1, user=None)
    return match


def table_of(match, room="open"):
    return Room.objects.get(match=match, room=room)


def entered(match, board, contract, declarer, result, *, side="NS", room="open", lead=""):
    """Return a result entered at the room's table by ``side``, waiting for the other side."""
    contract = Contract.parse(contract)
    entry = {
        "contract": contract,
        "declarer": declarer,
        "lead": lead,
        "tricks": parse_result(result, contract),
    }
    key = f"{room}-{board}-{contract}-{side}"
    return actions.enter_at_table(
        table_of(match, room), board=board, entry=entry, side=side, device=f"phone {side}", key=key
    )


def other(side):
    return "EW" if side == "NS" else "NS"


def accepted(entry):
    return actions.accept_at_table(
        entry, side=other(entry.side), device="phone", key=f"{entry.key}-yes"
    )


def disputed(entry, reason=""):
    return actions.dispute_at_table(
        entry, side=other(entry.side), device="phone", key=f"{entry.key}-no", reason=reason
    )


def save_row(client, match, number, version=0, room="open", htmx=True, **fields):
    data = {f"b{number}-{name}": value for name, value in fields.items()}
    data[f"b{number}-version"] = version
    url = reverse("director-save-row", args=[match.pk, room, number])
    return client.post(url, data, headers=HTMX if htmx else {})


def row_html(page: str, number: int) -> str:
    start = page.index(f'id="row-{number}"')
    return page[start : page.index("</form>", start)]


def row_text(page: str, number: int) -> str:
    """Return a row's words as a person reads them (tags gone, spaces folded)."""
    text = html.unescape(re.sub(r"<[^>]+>", "", row_html(page, number)))
    return " ".join(text.split())


def the_table_plays(match):
    """Board 1 accepted at the table; 2 waiting; 3 not agreed, with a reason; 4 the table's
    2♥× by West, down 2, accepted; 5 typed by a director; 6 nothing yet."""
    accepted(entered(match, 1, "4S", "N", "="))
    entered(match, 2, "3NT", "S", "+1", side="EW")
    disputed(entered(match, 3, "4H", "E", "=", side="EW", lead="SQ"), reason="打的是 4♥−1")
    accepted(entered(match, 4, "2HX", "W", "-2"))
    enter(match, 5, "open", "1NT", "N", "=")


# --- what the table said, read in one query -------------------------------------------


def test_each_boards_word_from_the_table_is_read_in_one_query(match, django_assert_num_queries):
    the_table_plays(match)
    boards = list(match.boards.with_results())
    with django_assert_num_queries(1):
        words = table_words(boards, "open")
    by_number = {board.number: words[board.pk] for board in boards}
    assert by_number[1].from_table and by_number[1].waiting is None
    assert by_number[2].waiting.side == "EW" and by_number[2].result is None
    assert by_number[3].disputed.reason == "打的是 4♥−1"
    assert by_number[4].from_table and str(by_number[4].accepted.contract) == "2HX"
    assert by_number[5].by_director and not by_number[5].from_table
    assert by_number[6] == type(by_number[6])(None)
    assert not any(w.waiting or w.disputed for w in table_words(boards, "closed").values())


def test_the_sheets_rows_take_three_queries_whatever_the_table_entered(
    match, django_assert_num_queries
):
    the_table_plays(match)
    with django_assert_num_queries(3):  # the boards, their results, the table's entries
        rows = sheet_rows(match, "open")
    assert [row.state for row in rows[:7]] == [
        "accepted",
        "waiting",
        "disputed",
        "accepted",
        "director",
        "empty",
        "empty",
    ]


def test_a_dispute_settled_by_the_directors_result_is_no_longer_shown(match):
    disputed(entered(match, 3, "4H", "E", "="), reason="one down")
    enter(match, 3, "open", "4H", "E", "-1")
    row = sheet_rows(match, "open")[2]
    assert (row.state, row.table.disputed) == ("director", None)


def test_an_entry_waiting_since_before_the_directors_result_is_no_longer_shown(match):
    entered(match, 2, "3NT", "S", "+1")
    enter(match, 2, "open", "3NT", "S", "=")
    assert sheet_rows(match, "open")[1].state == "director"


def test_the_table_correcting_its_accepted_result_shows_both(match):
    accepted(entered(match, 1, "4S", "N", "="))
    entered(match, 1, "4S", "N", "+1", side="EW")
    row = sheet_rows(match, "open")[0]
    assert row.state == "waiting"
    assert row.table.from_table and row.table.waiting.tricks == 11


# --- the rows, as the director sees them ----------------------------------------------


def test_each_row_shows_what_the_table_entered(director_client, match):
    the_table_plays(match)
    page = director_client.get(reverse("director-sheet", args=[match.pk, "open"])).text
    assert 'data-state="accepted"' in row_html(page, 1)
    assert "Accepted at the table" in row_text(page, 1)
    assert (
        "Entered at the table by E-W: 3NT by South, +1 (N-S 630). Waiting for N-S to accept."
        in (row_text(page, 2))
    )
    assert (
        "Not agreed at the table: 4♥ by East, =, lead ♠Q (E-W 620), entered by E-W. "
        "N-S said: “打的是 4♥−1”"
    ) in row_text(page, 3)
    assert "Accepted at the table" in row_text(page, 4)
    assert 'value="2HX"' in row_html(page, 4)
    for number in (5, 6):
        assert "at the table" not in row_text(page, number)


def test_a_disputed_rows_entry_is_read_with_its_contract_field(director_client, match):
    disputed(entered(match, 3, "4H", "E", "="))
    page = director_client.get(reverse("director-sheet", args=[match.pk, "open"])).text
    row = row_html(page, 3)
    assert re.search(r'id="id_b3-contract"[^>]*aria-describedby="[^"]*row-3-table', row)
    assert 'data-state="disputed"' in row
    assert "entered by N-S. E-W gave no reason." in row_text(page, 3)


def test_the_rows_read_in_chinese(director_client, match):
    the_table_plays(match)
    director_client.cookies["django_language"] = "zh-hans"
    page = director_client.get(reverse("director-sheet", args=[match.pk, "open"])).text
    assert "牌桌上有异议" in row_text(page, 3) and "南北方说：“打的是 4♥−1”" in row_text(page, 3)
    assert "等待南北方确认" in row_text(page, 2)
    assert "牌桌已确认" in row_text(page, 4)


# --- a save over the table's accepted result asks first --------------------------------

REPLACES = "This board's result was accepted at the table: 2♥X by West, −2 (N-S 500). Replace it?"


def test_the_action_refuses_a_save_over_the_tables_result_naming_it(match, messages_in_english):
    the_table_plays(match)
    revision = Event.objects.get(pk=match.event_id).revision
    with pytest.raises(actions.ReplacesTableResult) as refused:
        enter(match, 4, "open", "3NT", "S", "=", user=None)
    assert str(refused.value) == REPLACES
    assert isinstance(refused.value, actions.NeedsConfirmation)
    assert refused.value.current.version == 1
    result = Result.objects.get(board__match=match, board__number=4, room="open")
    assert (str(result.contract), result.version) == ("2HX", 1)
    assert Event.objects.get(pk=match.event_id).revision == revision  # nothing written


def test_the_action_names_it_in_chinese(match):
    the_table_plays(match)
    with translation.override("zh-hans"):
        with pytest.raises(actions.ReplacesTableResult) as refused:
            enter(match, 4, "open", "3NT", "S", "=")
        assert (
            str(refused.value)
            == "本副牌的成绩已在牌桌上确认：西家主打 2♥×，结果 −2（南北 500）。要替换吗？"
        )


def test_confirmed_the_directors_result_replaces_the_tables(match, director):
    the_table_plays(match)
    saved = enter(match, 4, "open", "3NT", "S", "=", user=director, confirm=True)
    assert (str(saved.contract), saved.version, saved.entered_by) == ("3NT", 2, director)
    assert saved.history.latest().history_user == director
    assert sheet_rows(match, "open")[3].state == "director"


def test_the_directors_own_result_and_the_tables_same_result_need_no_question(match):
    the_table_plays(match)
    enter(match, 5, "open", "2NT", "N", "=")  # the director's own: corrected at once
    revision = Event.objects.get(pk=match.event_id).revision
    same = enter(match, 4, "open", "2HX", "W", "-2")  # the table's, typed again: left as it is
    assert (str(same.contract), same.version) == ("2HX", 1)
    assert sheet_rows(match, "open")[3].state == "accepted"
    assert Event.objects.get(pk=match.event_id).revision == revision


def test_the_sheet_asks_before_replacing_the_tables_result(director_client, match):
    the_table_plays(match)
    response = save_row(
        director_client, match, 4, version=1, contract="3NT", declarer="S", result="="
    )
    row = row_html(response.text, 4)
    assert REPLACES in row_text(response.text, 4)
    assert 'data-saved="true"' not in row
    assert re.search(
        r'data-announce="Board 4 not saved: This board&#x27;s result was accepted', row
    )
    assert re.search(r'<button[^>]*name="b4-confirm"', row) and "Replace it" in row
    assert re.search(r'<button[^>]*name="b4-keep"', row) and "Keep the table’s result" in row
    assert 'value="3NT"' in row  # what the director typed stays in the row
    assert str(Result.objects.get(board__match=match, board__number=4).contract) == "2HX"

    response = save_row(
        director_client, match, 4, version=1, contract="3NT", declarer="S", result="=", confirm="1"
    )
    assert 'data-saved="true"' in row_html(response.text, 4)
    assert 'data-state="director"' in row_html(response.text, 4)
    assert str(Result.objects.get(board__match=match, board__number=4).contract) == "3NT"


def test_a_page_opened_before_the_table_accepted_asks_too(director_client, match):
    accepted(entered(match, 4, "2HX", "W", "-2"))  # after the director's page showed nothing
    response = save_row(
        director_client, match, 4, version=0, contract="3NT", declarer="S", result="="
    )
    assert REPLACES in row_text(response.text, 4)
    assert 'name="b4-version" value="1"' in row_html(response.text, 4)  # confirmed: over it


def test_keeping_the_tables_result_saves_nothing_and_shows_it_again(director_client, match):
    the_table_plays(match)
    response = save_row(
        director_client, match, 4, version=1, contract="3NT", declarer="S", result="=", keep="1"
    )
    row = row_html(response.text, 4)
    assert 'data-saved="true"' in row and 'value="2HX"' in row
    assert 'data-announce="Board 4: the table’s result is kept."' in row
    assert Result.objects.get(board__match=match, board__number=4).version == 1


def test_without_javascript_the_sheet_asks_too_and_a_confirmed_save_goes_through(
    director_client, match
):
    the_table_plays(match)
    response = save_row(
        director_client, match, 4, version=1, contract="3NT", declarer="S", result="=", htmx=False
    )
    assert response.status_code == 200
    assert response.text.count('class="sheet-row') == 16  # the whole sheet, the row as typed
    assert REPLACES in row_text(response.text, 4)
    assert str(Result.objects.get(board__match=match, board__number=4).contract) == "2HX"
    response = save_row(
        director_client,
        match,
        4,
        version=1,
        contract="3NT",
        declarer="S",
        result="=",
        confirm="1",
        htmx=False,
    )
    assert response.status_code == 302
    assert str(Result.objects.get(board__match=match, board__number=4).contract) == "3NT"


def test_the_question_comes_in_the_directors_language(director_client, match):
    the_table_plays(match)
    director_client.cookies["django_language"] = "zh-hans"
    response = save_row(
        director_client, match, 4, version=1, contract="3NT", declarer="S", result="="
    )
    text = row_text(response.text, 4)
    assert "本副牌的成绩已在牌桌上确认：西家主打 2♥×，结果 −2（南北 500）。要替换吗？" in text
    assert "替换" in text and "保留牌桌上的成绩" in text


def test_a_save_over_a_result_the_table_changed_meanwhile_names_the_table(director_client, match):
    accepted(entered(match, 3, "4S", "N", "="))  # the director's page shows version 1
    accepted(entered(match, 3, "4S", "N", "+1", side="EW"))  # the table corrects it: 2
    response = save_row(
        director_client, match, 3, version=1, contract="3NT", declarer="S", result="=", confirm="1"
    )
    row = row_text(response.text, 3)
    assert "Not saved: the table (Open room) changed this result" in row
    assert "?" not in row
