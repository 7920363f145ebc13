"""The tables' pages (/t/…) as the players meet them: a phone with no login, opened on its
table's link or code, in Chinese and in English; what it sees, what it may post, and what
it is refused. The actions behind them are tested in test_table_actions.py."""

import html as html_text
import re

import pytest
from django.test import Client
from django.test.signals import template_rendered
from django.utils import translation

from matches import actions
from matches.forms import SheetRowForm
from matches.models import DirectorCall, Result, TableEntry
from matches.presenters.score_words import phone_words, score_words
from matches.scoring import Contract, Seat, board_vulnerability, ns_score
from tests.factories import enter, make_event, make_match, make_team, make_user

JSON = {"HTTP_ACCEPT": "application/json"}


def open_tables(match):
    return {
        t.room: t for t in actions.open_tables(match.stage, round_number=match.round, user=None)
    }


@pytest.fixture
def match(db):
    event = make_event(name="周二队式赛", boards_per_match=4, boards_per_segment=4)
    home = make_team(event, "北京队", ("王建国", "李明", "陈静", "杨帆"))
    away = make_team(event, "上海队", ("张伟", "刘洋", "赵磊", "孙丽"))
    return make_match(event, home=home, away=away)


@pytest.fixture
def tables(match):
    return open_tables(match)


@pytest.fixture
def phone():
    """Return a player's phone: a browser with no login, asking for Chinese pages."""
    return Client()


@pytest.fixture
def english_phone():
    phone = Client()
    phone.cookies["django_language"] = "en"
    return phone


def url(table, what=""):
    return f"/t/{table.token}/{what}"


def post_entry(phone, table, board=1, key="k1", side="NS", **typed):
    fields = {"contract": "4S", "declarer": "N", "result": "+1", **typed}
    return phone.post(
        url(table, "enter/"),
        {"board": board, "side": side, "key": key, "device": "phone-ns", **fields},
        **JSON,
    )


def accept(phone, table, entry_id, key="ok1", side="EW"):
    return phone.post(
        url(table, "accept/"),
        {"entry": entry_id, "side": side, "key": key, "device": "phone-ew"},
        **JSON,
    )


def text_of(response) -> str:
    """Return a page's text as a person reads it: tags out, spaces run together."""
    return text_of_html(response.content.decode())


def text_of_html(html: str) -> str:
    """Return an HTML fragment's text as a person reads it."""
    html = html_text.unescape(html) if "&#x27;" in html or "&amp;" in html else html
    html = re.sub(r"<(script|template)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"</?span\b[^>]*>", "", html)  # a suit symbol is part of its word
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- the score in words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "contract", "declarer", "tricks", "board", "words"),
    [
        ("zh-hans", "4S", "N", 11, 1, "南北 4♠ 超一 +450"),
        ("en", "4S", "N", 11, 1, "N-S 4♠ +1 +450"),
        ("zh-hans", "3NT", "E", 7, 1, "东西 3NT 宕二 −100"),
        ("en", "3NT", "E", 7, 1, "E-W 3NT −2 −100"),
        ("zh-hans", "4HX", "S", 10, 2, "南北 4♥× 正好 +790"),  # board 2: N-S vulnerable
        ("en", "4HX", "S", 10, 2, "N-S 4♥X = +790"),
        ("zh-hans", "7NTXX", "W", 2, 1, "东西 7NT×× 宕十一 −5800"),
        ("zh-hans", "PASS", "", None, 1, "四家不叫"),
        ("en", "PASS", "", None, 1, "Passed out"),
    ],
)
def test_the_score_in_words_is_the_declaring_sides_contract_result_and_score(
    language, contract, declarer, tricks, board, words
):
    with translation.override(language):
        assert score_words(Contract.parse(contract), declarer, tricks, board) == words


def test_the_phones_score_tables_are_the_scoring_cores():
    """An entry kept offline is scored by the phone from these tables: the same scores."""
    scores = phone_words()["scores"]
    for text, declarer, tricks, board in (
        ("4S", "N", 11, 1),
        ("3NTX", "E", 7, 3),
        ("6CXX", "S", 12, 7),
        ("1H", "W", 5, 16),
    ):
        contract = Contract.parse(text)
        vulnerable = board_vulnerability(board).is_vulnerable(Seat(declarer))
        ns = ns_score(contract, declarer, tricks, board)
        declarers = ns if declarer in "NS" else -ns
        assert scores[text][1 if vulnerable else 0][tricks] == declarers


# --- the table's page -------------------------------------------------------------------------


def test_a_phone_with_no_login_sees_its_table_in_chinese(phone, match, tables):
    director = make_user(director=True)
    players = {p.name: p for p in (*match.home.players.all(), *match.away.players.all())}
    seats = {
        ("open", "N"): players["北京队 王建国"],
        ("open", "S"): players["北京队 李明"],
        ("open", "E"): players["上海队 张伟"],
        ("open", "W"): players["上海队 刘洋"],
    }
    actions.set_seating(match, 1, seats, user=director)
    response = phone.get(url(tables["open"]))
    assert response.status_code == 200
    text = text_of(response)
    assert "周二队式赛" in text and "第 1 轮" in text and "开室" in text
    assert "南北 北京队" in text and "东西 上海队" in text
    assert "北 北京队 王建国" in text and "西 上海队 刘洋" in text
    boards = re.findall(r'id="board-(\d+)"', response.content.decode())
    assert boards == ["1", "2", "3", "4"]  # the segment's boards in playing order
    assert "第 1 副 发牌人 北 · 双方无局" in text and "第 2 副 发牌人 东 · 南北有局" in text
    assert "第 4 副 发牌人 西 · 双方有局" in text
    assert "首攻" not in text  # the event does not ask for the lead
    for label in ("这部手机属于", "定约", "庄家", "结果", "提交成绩", "呼叫裁判"):
        assert label in text
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cache-Control"] == "no-store"


def test_the_table_page_in_english_with_the_lead_when_the_event_asks_for_it(english_phone, db):
    match = make_match(make_event(boards_per_match=2, boards_per_segment=2, table_lead=True))
    table = open_tables(match)["closed"]
    text = text_of(english_phone.get(url(table)))
    assert "Closed room" in text and "Round 1" in text
    assert f"North-South {match.away.name}" in text and f"East-West {match.home.name}" in text
    assert "Board 1 Dealer North · Neither vulnerable" in text
    assert "Opening lead" in text and "This phone is" in text and "Call the director" in text
    assert "Not entered yet." in text


def test_a_result_entered_by_one_side_waits_for_the_other_sides_phone(phone, english_phone, tables):
    table = tables["open"]
    entered = post_entry(phone, table)
    assert entered.status_code == 200 and entered.json()["ok"]
    board = entered.json()["state"]["boards"][0]
    assert board["status"] == "waiting"
    assert '南北 4<span class="suit suit-s">♠</span> 超一 +450' in board["html"]
    assert "交给东西方确认" in board["html"]
    # the other side's phone, on the same link, sees the entry waiting
    state = english_phone.get(url(table, "state.json")).json()["state"]
    waiting = state["boards"][0]
    assert waiting["status"] == "waiting" and waiting["entry"]
    assert "East-West: is this right?" in waiting["html"] and "Accept" in waiting["html"]
    assert not Result.objects.exists()
    accepted = accept(english_phone, table, waiting["entry"])
    assert accepted.json()["state"]["boards"][0]["status"] == "accepted"
    result = Result.objects.get(board__number=1, room="open")
    assert (str(result.contract), result.declarer, result.tricks) == ("4S", "N", 11)
    reason = result.history.get().history_change_reason
    assert reason.endswith("entered by NS, accepted by EW on another phone")
    page = text_of(phone.get(url(table)))
    assert "南北 4♠ 超一 +450 ✓ 已确认" in page


def test_an_entry_is_checked_by_the_room_sheets_rules(english_phone, tables):
    """The same refusals, word for word, as the director's room sheet."""
    table = tables["open"]
    cases = [
        ({"contract": "8NT"}, "contract"),
        ({"declarer": ""}, "declarer"),
        ({"contract": "PASS", "declarer": "N", "result": ""}, "declarer"),
        ({"contract": "4S", "result": "+4"}, "result"),
        ({"contract": "PASS", "declarer": "", "result": "="}, "result"),
    ]
    for typed, field in cases:
        answer = post_entry(english_phone, table, key=f"k-{field}-{len(typed)}", **typed)
        assert answer.status_code == 400, typed
        director_form = SheetRowForm(
            {"contract": "4S", "declarer": "N", "result": "+1", "lead": "", "version": 0, **typed}
        )
        with translation.override("en"):
            assert not director_form.is_valid()
            assert answer.json()["errors"][field] == [str(e) for e in director_form.errors[field]]
    assert not TableEntry.objects.exists()


def test_an_entry_needs_the_phones_side_and_a_board_of_the_match(english_phone, tables):
    table = tables["open"]
    no_side = post_entry(english_phone, table, side="")
    assert no_side.json()["errors"]["side"] == ["Choose North-South or East-West first."]
    not_played = post_entry(english_phone, table, board=5)
    assert "board" in not_played.json()["errors"]
    assert not TableEntry.objects.exists()


def test_without_javascript_the_forms_post_and_come_back_to_the_page(phone, tables):
    table = tables["closed"]
    page = phone.get(url(table))
    assert page.status_code == 200
    entered = phone.post(
        url(table, "enter/"),
        {"board": 2, "side": "EW", "key": "k", "contract": "3NT", "declarer": "E", "result": "="},
    )
    assert entered.status_code == 302 and entered["Location"].endswith(f"{url(table)}#board-2")
    refused = phone.post(
        url(table, "enter/"),
        {"board": 3, "side": "EW", "key": "k2", "contract": "3NT", "declarer": "", "result": "="},
    )
    assert refused.status_code == 200
    assert "请填写庄家" in text_of(refused)  # beside its field, and in the summary on top
    entry = TableEntry.objects.get()
    page = phone.get(url(table))
    key = re.search(
        r'action="[^"]*/accept/".*?name="key" value="([^"]+)"', page.content.decode(), re.S
    ).group(1)
    accepted = phone.post(url(table, "accept/"), {"entry": entry.pk, "side": "NS", "key": key})
    assert accepted.status_code == 302
    again = phone.post(url(table, "accept/"), {"entry": entry.pk, "side": "NS", "key": key})
    assert again.status_code == 302  # the same form sent twice is taken once
    assert Result.objects.get().history.count() == 1


def test_not_agreed_asks_a_reason_and_calls_the_director(english_phone, tables):
    table = tables["open"]
    entry = post_entry(english_phone, table).json()["state"]["boards"][0]["entry"]
    answer = english_phone.post(
        url(table, "dispute/"),
        {"entry": entry, "side": "EW", "key": "no", "reason": "It was 4H"},
        **JSON,
    )
    board = answer.json()["state"]["boards"][0]
    assert board["status"] == "disputed"
    assert "the director is called to the table" in board["html"]
    call = DirectorCall.objects.get()
    assert call.dispute and call.reason == "It was 4H" and call.table == table
    assert "The director is called" in answer.json()["state"]["calls"]
    assert not Result.objects.exists()


def test_the_call_for_the_director_is_always_there_and_sent_once(phone, tables):
    table = tables["closed"]
    for _ in range(2):
        answer = phone.post(url(table, "call/"), {"key": "call-1", "reason": "慢打"}, **JSON)
        assert answer.status_code == 200
    call = DirectorCall.objects.get()
    assert (call.table, call.reason, call.dispute) == (table, "慢打", False)
    assert "已呼叫裁判" in text_of(phone.get(url(table)))
    bell = phone.post(url(table, "call/"), {"key": "call-2", "reason": "bell\x07"}, **JSON)
    assert bell.status_code == 400 and "reason" in bell.json()["errors"]


def test_the_other_room_shows_only_once_the_segment_is_complete_in_both(
    english_phone, match, tables
):
    table = tables["open"]
    for number in match.board_numbers:
        enter(match, number, "open", "4S", "N", "=")
    for number in (1, 2, 3):
        enter(match, number, "closed", "4S", "N", "-1")
    state = english_phone.get(url(table, "state.json")).json()["state"]
    assert not any("Other room" in b["html"] or "IMP" in b["html"] for b in state["boards"])
    assert "once the other room has finished" in state["summary"]
    enter(match, 4, "closed", "4S", "N", "=")
    state = english_phone.get(url(table, "state.json")).json()["state"]
    assert "Other room" in state["boards"][0]["html"]
    assert "北京队 wins 10 IMPs" in state["boards"][0]["html"]  # board 1: 420 against -50
    assert "No IMPs" in state["boards"][3]["html"]
    assert "北京队 32 – 0 上海队" in state["summary"]  # 4S= against 4S-1: 10, 12 and 10 IMPs


def test_with_the_events_setting_each_board_compares_as_soon_as_both_rooms_have_it(
    english_phone, db
):
    match = make_match(make_event(boards_per_match=4, boards_per_segment=4, table_each_board=True))
    table = open_tables(match)["closed"]
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "=")
    state = english_phone.get(url(table, "state.json")).json()["state"]
    assert "Other room" in state["boards"][0]["html"] and "No IMPs" in state["boards"][0]["html"]
    assert "Other room" not in state["boards"][1]["html"]
    assert state["summary"] == ""  # the segment's score waits for the whole segment


def test_the_directors_result_stands_and_is_shown_as_the_directors(english_phone, match, tables):
    table = tables["open"]
    enter(match, 1, "open", "3NT", "S", "=", user=make_user(director=True))
    refused = post_entry(english_phone, table)
    assert refused.status_code == 409 and refused.json()["code"] == "director"
    assert "the director's result stands" in refused.json()["message"]
    board = refused.json()["state"]["boards"][0]
    assert board["status"] == "director"
    assert "The director entered N-S 3NT = +400." in text_of_html(board["html"])
    # an entry accepted after the director changed the board meanwhile: the director's word
    entry = post_entry(english_phone, table, board=2, key="k2").json()["state"]["boards"][1]
    enter(match, 2, "open", "2H", "W", "=")
    late = accept(english_phone, table, entry["entry"], key="late")
    assert late.status_code == 409 and late.json()["code"] == "director"
    assert str(Result.objects.get(board__number=2, room="open").contract) == "2H"


def test_the_state_answers_304_while_nothing_changed(phone, match, tables):
    table = tables["open"]

    def etag_after(change=None):
        if change:
            change()
        answer = phone.get(url(table, "state.json"), HTTP_IF_NONE_MATCH=etag)
        return answer.status_code, answer["ETag"]

    etag = phone.get(url(table, "state.json"))["ETag"]
    assert etag_after() == (304, etag)
    changes = [
        lambda: post_entry(phone, table),  # an entry waiting
        lambda: enter(match, 2, "open", "3NT", "S", "="),  # the director's result
        lambda: enter(match, 2, "open", "3NT", "S", "+1"),  # ... corrected
        lambda: phone.post(url(table, "call/"), {"key": "c"}, **JSON),  # a call
        lambda: enter(match, 2, "closed", "3NT", "S", "+1"),  # the other room: not shown yet
    ]
    for number, change in enumerate(changes):
        status, new = etag_after(change)
        if number < 4:
            assert status == 200 and new != etag
        else:
            assert status == 304 and new == etag  # nothing the table may see has changed
        etag = new
    assert etag_after() == (304, etag)


def test_a_poll_of_an_unchanged_table_costs_one_query_while_other_tables_play(
    phone, match, tables, django_assert_num_queries
):
    """240 phones poll every 5 s: a table nothing changed at is answered from the row its
    link finds, whatever the other matches' tables enter and accept meanwhile."""
    table = tables["open"]
    other_match = make_match(match.event)
    elsewhere = open_tables(other_match)["open"]
    etag = phone.get(url(table, "state.json"))["ETag"]
    with django_assert_num_queries(1):
        assert phone.get(url(table, "state.json"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    entry = post_entry(phone, elsewhere, key="there").json()["state"]["boards"][0]["entry"]
    assert accept(phone, elsewhere, entry, key="there-ok").json()["ok"]
    with django_assert_num_queries(1):
        answer = phone.get(url(table, "state.json"), HTTP_IF_NONE_MATCH=etag)
    assert (answer.status_code, answer["ETag"]) == (304, etag)


def test_the_other_rooms_entries_leave_a_tables_phones_answered_304(
    match, tables, django_assert_num_queries
):
    """What the open room enters and accepts is not the closed room's to see before the
    closed room has the board too: the closed room's phones are still answered 304 after
    one query, nothing rendered."""
    closed_phone, open_phone = Client(), Client()
    etag = closed_phone.get(url(tables["closed"], "state.json"))["ETag"]
    entry = post_entry(open_phone, tables["open"]).json()["state"]["boards"][0]["entry"]
    assert accept(open_phone, tables["open"], entry).json()["ok"]
    with django_assert_num_queries(1):
        answer = closed_phone.get(url(tables["closed"], "state.json"), HTTP_IF_NONE_MATCH=etag)
    assert (answer.status_code, answer["ETag"]) == (304, etag)


def test_a_board_both_rooms_have_leaves_the_other_rooms_phones_304_until_the_segment_is_done(
    match, tables, django_assert_num_queries
):
    """The open room accepts a board the closed room has already played, with more of the
    segment to come: the closed room may not see the comparison yet, so its phones are
    answered 304 after one query, nothing rendered."""
    closed_phone, open_phone = Client(), Client()
    enter(match, 1, "closed", "4S", "N", "-1")
    etag = closed_phone.get(url(tables["closed"], "state.json"))["ETag"]
    entry = post_entry(open_phone, tables["open"], board=1).json()["state"]["boards"][0]["entry"]
    assert accept(open_phone, tables["open"], entry).json()["ok"]
    with django_assert_num_queries(1):
        answer = closed_phone.get(url(tables["closed"], "state.json"), HTTP_IF_NONE_MATCH=etag)
    assert (answer.status_code, answer["ETag"]) == (304, etag)


def test_an_acceptance_that_completes_the_segment_reaches_the_other_rooms_phones(match, tables):
    """The last board accepted in the open room completes the segment in both rooms: the
    closed room's phones, which had their state, are sent the comparison on their next poll."""
    closed_phone, open_phone = Client(), Client()
    closed_phone.cookies["django_language"] = "en"
    for number in match.board_numbers:
        enter(match, number, "closed", "4S", "N", "-1")
    for number in (1, 2, 3):
        enter(match, number, "open", "4S", "N", "=")
    etag = closed_phone.get(url(tables["closed"], "state.json"))["ETag"]
    entry = post_entry(open_phone, tables["open"], board=4).json()["state"]["boards"][3]["entry"]
    assert (
        closed_phone.get(url(tables["closed"], "state.json"), HTTP_IF_NONE_MATCH=etag).status_code
        == 304
    )
    assert accept(open_phone, tables["open"], entry).json()["ok"]
    answer = closed_phone.get(url(tables["closed"], "state.json"), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200
    state = answer.json()["state"]
    assert "Other room" in state["boards"][3]["html"]
    assert "北京队 45 – 0 上海队" in state["summary"]  # board 4: 4S+1 (650) against 4S-1 (100)


def test_the_other_phone_gets_the_entry_it_must_accept_without_its_being_rendered_again(
    match, tables, django_assert_num_queries
):
    """The entering phone's answer renders the new state; the other phone's next poll is
    sent that state, waiting for its acceptance, after the one query of the revisions."""
    table = tables["open"]
    north_south, east_west = Client(), Client()
    etag = east_west.get(url(table, "state.json"))["ETag"]
    entry = post_entry(north_south, table).json()["state"]["boards"][0]
    with django_assert_num_queries(1):
        answer = east_west.get(url(table, "state.json"), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    board = answer.json()["state"]["boards"][0]
    assert (board["status"], board["entry"]) == ("waiting", entry["entry"])
    assert answer.json()["state"]["csrf"]  # its own token, not the other phone's


def test_a_post_sent_again_is_answered_with_the_state_as_rendered_nothing_rendered_again(
    match, tables, django_assert_num_queries
):
    """A phone that lost the answer sends its post again with the same key: nothing is
    stored again, and the state its first answer drew is sent back after three queries
    (the table, the key, the revisions)."""
    phone = Client()
    first = post_entry(phone, tables["open"], key="lost").json()["state"]
    with django_assert_num_queries(3):
        again = post_entry(phone, tables["open"], key="lost").json()
    assert again["ok"] and again["state"]["boards"] == first["boards"]
    assert TableEntry.objects.filter(key="lost").count() == 1


@pytest.fixture
def cards_rendered():
    """Return the board cards rendered (templates/tables/_board_status.html) while it is used:
    a list of each card's board number."""
    cards = []

    def rendered(sender, template, context, **kwargs):
        if template.name == "tables/_board_status.html":
            cards.append(context["row"].number)

    template_rendered.connect(rendered)
    yield cards
    template_rendered.disconnect(rendered)


def test_a_state_rendered_again_renders_only_the_cards_that_changed(match, tables, cards_rendered):
    """A phone's post, and the other room's next poll, render the table's state again after
    every change: the boards that did not change are the cards already rendered."""
    table = tables["open"]
    north_south, english = Client(), Client()
    english.cookies["django_language"] = "en"
    north_south.get(url(table, "state.json"))
    assert sorted(cards_rendered) == [1, 2, 3, 4]
    cards_rendered.clear()
    answer = post_entry(north_south, table, board=2).json()["state"]
    assert cards_rendered == [2]
    assert answer["boards"][1]["status"] == "waiting" and "+650" in answer["boards"][1]["html"]
    assert "录入第 3 副" in answer["boards"][2]["html"]  # the card kept: still in Chinese
    cards_rendered.clear()
    english_state = english.get(url(table, "state.json")).json()["state"]
    assert sorted(cards_rendered) == [1, 2, 3, 4]  # another language: every card its own
    assert "Enter board 3" in english_state["boards"][2]["html"]
    cards_rendered.clear()
    enter(match, 1, "open", "4S", "N", "=")
    actions.mark_final(match, user=make_user(director=True), confirm=True)
    final = north_south.get(url(table, "state.json")).json()["state"]
    assert sorted(cards_rendered) == [1, 2, 3, 4]  # final: no card offers an entry any more
    assert not any("录入第" in board["html"] for board in final["boards"])


def test_a_change_to_what_every_table_shows_reaches_the_phones(phone, match, tables):
    """A change outside the match (a team renamed) moves the event's wide revision: the
    state is rendered again, and the phone gets the new name in the segment's score."""
    table = tables["open"]
    for number in match.board_numbers:
        for room in ("open", "closed"):
            enter(match, number, room, "3NT", "S", "=")
    etag = phone.get(url(table, "state.json"))["ETag"]
    actions.change_team(match.home, name="北京一队", user=make_user(director=True))
    answer = phone.get(url(table, "state.json"), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    assert "北京一队" in answer.content.decode()


def test_saving_a_match_read_earlier_never_lowers_its_revision(match, tables):
    stale = type(match).objects.get(pk=match.pk)
    entry = post_entry(Client(), tables["open"]).json()["state"]["boards"][0]["entry"]
    assert accept(Client(), tables["open"], entry).json()["ok"]  # the match's revision moves
    moved = type(match).objects.get(pk=match.pk).revision
    assert moved == stale.revision + 1
    stale.status_reason = "read before the entry"
    stale.save()
    assert type(match).objects.get(pk=match.pk).revision == moved


# --- a link reads and writes only its own table ----------------------------------------------


def test_a_token_never_reaches_another_tables_boards(english_phone, match, tables):
    mine, theirs = tables["open"], tables["closed"]
    other_match = make_match(match.event)
    elsewhere = open_tables(other_match)["open"]
    posted = post_entry(english_phone, theirs, key="theirs", side="EW")
    their_entry = TableEntry.objects.get(pk=posted.json()["state"]["boards"][0]["entry"])
    enter(other_match, 1, "open", "7NT", "N", "=")
    # the other table's entry, named through this table's link: not found here
    for what in ("accept/", "dispute/"):
        answer = english_phone.post(
            url(mine, what), {"entry": their_entry.pk, "side": "NS", "key": f"x-{what}"}, **JSON
        )
        assert answer.status_code == 404
        answer = english_phone.post(
            url(mine, what), {"entry_key": "theirs", "side": "NS", "key": f"y-{what}"}, **JSON
        )
        assert answer.status_code == 404
        # an entry number no table has, however large: not found either, no error
        answer = english_phone.post(
            url(mine, what), {"entry": 10**30, "side": "NS", "key": f"z-{what}"}, **JSON
        )
        assert answer.status_code == 404
    their_entry.refresh_from_db()
    assert their_entry.status == "waiting"
    # the other table's key sent to this table: refused, and nothing of theirs comes back
    reused = post_entry(english_phone, mine, key="theirs", contract="1C", declarer="E")
    assert reused.status_code == 409 and reused.json()["code"] == "key"
    # what this table reads is its own room only
    page = english_phone.get(url(mine)).content.decode()
    state = english_phone.get(url(mine, "state.json"))
    for body in (page, state.content.decode()):
        assert theirs.token not in body and elsewhere.token not in body
    assert set(re.findall(r'data-status="(\w+)"', page)) == {"empty"}
    assert [b["status"] for b in state.json()["state"]["boards"]] == ["empty"] * 4
    assert "1520" not in state.content.decode()  # the other match's 7NT=
    call = english_phone.post(url(mine, "call/"), {"key": "c1"}, **JSON)
    assert call.status_code == 200
    stolen = english_phone.post(url(theirs, "call/"), {"key": "c1"}, **JSON)
    assert stolen.status_code == 409  # the key is this table's call: not the other table's
    assert DirectorCall.objects.get().table == mine


def test_a_withdrawn_link_answers_410_everywhere_with_the_reason(phone, english_phone, tables):
    table = tables["open"]
    entry = post_entry(english_phone, table).json()["state"]["boards"][0]["entry"]
    actions.revoke_table(table, user=None)
    page = phone.get(url(table))
    assert page.status_code == 410 and "裁判已收回这张牌桌的链接" in text_of(page)
    for what, data in (
        ("state.json", None),
        ("enter/", {"board": 1}),
        ("accept/", {"entry": entry}),
        ("dispute/", {"entry": entry}),
        ("call/", {}),
    ):
        if data is None:
            answer = english_phone.get(url(table, what), **JSON)
        else:
            answer = english_phone.post(
                url(table, what), {**data, "side": "EW", "key": "k9"}, **JSON
            )
        assert answer.status_code == 410, what
        assert answer.json()["code"] == "revoked"
        assert "withdrawn by the director" in answer.json()["message"]
    assert not Result.objects.exists() and not DirectorCall.objects.exists()


def test_an_unknown_token_is_not_found(phone, tables):
    for what in ("", "state.json"):
        assert phone.get(f"/t/{'x' * 43}/{what}").status_code == 404
    assert phone.post(f"/t/{'x' * 43}/enter/", {"board": 1}, **JSON).status_code == 404
    assert phone.get(f"/t/{'y' * 100}/").status_code == 404


def test_a_final_match_shows_its_results_and_refuses_new_ones(english_phone, match, tables):
    table = tables["open"]
    entry = post_entry(english_phone, table, board=2).json()["state"]["boards"][1]["entry"]
    enter(match, 1, "open", "4S", "N", "=")
    actions.mark_final(match, user=make_user(director=True), confirm=True)
    page = english_phone.get(url(table))
    assert page.status_code == 200
    text = text_of(page)
    assert "This match is final" in text and "N-S 4♠ = +420" in text
    assert 'id="table-entry"' not in page.content.decode()
    refused = post_entry(english_phone, table, board=3, key="late")
    assert refused.status_code == 409 and refused.json()["code"] == "final"
    late = accept(english_phone, table, entry)
    assert late.status_code == 409 and late.json()["code"] == "final"
    assert Result.objects.count() == 1


def test_posts_keep_their_csrf_protection(tables):
    table = tables["open"]
    strict = Client(enforce_csrf_checks=True)
    refused = strict.post(
        url(table, "enter/"),
        {"board": 1, "side": "NS", "key": "k", "contract": "4S", "declarer": "N", "result": "="},
        **JSON,
    )
    assert refused.status_code == 403
    state = strict.get(url(table, "state.json")).json()["state"]
    taken = strict.post(
        url(table, "enter/"),
        {"board": 1, "side": "NS", "key": "k", "contract": "4S", "declarer": "N", "result": "="},
        HTTP_X_CSRFTOKEN=state["csrf"],
        **JSON,
    )
    assert taken.status_code == 200


def test_the_page_and_state_say_nothing_private(english_phone, tables):
    table = tables["open"]
    posted = post_entry(english_phone, table, key="key-of-the-north-south-phone")
    entry = posted.json()["state"]["boards"][0]["entry"]
    english_phone.post(
        url(table, "dispute/"),
        {"entry": entry, "side": "EW", "key": "no", "device": "phone-ew"},
        **JSON,
    )
    for response in (english_phone.get(url(table)), english_phone.get(url(table, "state.json"))):
        body = response.content.decode()
        assert "phone-ns" not in body and "phone-ew" not in body  # no device names
        assert "key-of-the-north-south-phone" not in body  # no phone's keys


# --- the service worker -------------------------------------------------------------------------


def test_the_service_worker_is_served_for_the_tables_scope(client):
    answer = client.get("/t/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/t/"
    assert b'addEventListener("fetch"' in answer.content


# --- /t/: a table's code --------------------------------------------------------------------


def code_post(client, code):
    return client.post("/t/", {"code": code})


def test_a_tables_code_typed_in_any_case_and_spacing_opens_its_page(phone, tables):
    table = tables["closed"]
    assert "输入本桌代码" in text_of(phone.get("/t/"))
    typed = f" {table.code[:3].lower()} {table.code[3:]} "
    answer = code_post(phone, typed)
    assert answer.status_code == 302 and answer["Location"] == url(table)


def test_a_wrong_or_malformed_code_is_refused_beside_the_field(english_phone, tables):
    malformed = code_post(english_phone, "12")
    assert malformed.status_code == 200 and "is not a table code" in text_of(malformed)
    wrong = code_post(english_phone, "ZZZ ZZZ")
    text = text_of(wrong)
    assert "No table has the code ZZZZZZ" in text  # its limits: test_table_code_lockouts.py


def test_a_withdrawn_tables_code_says_so(english_phone, tables):
    actions.revoke_table(tables["open"], user=None)
    answer = code_post(english_phone, tables["open"].code)
    assert answer.status_code == 200 and "withdrawn by the director" in text_of(answer)


def test_without_javascript_a_refused_answer_is_shown_on_the_page(phone, tables):
    table = tables["open"]
    refused = phone.post(url(table, "dispute/"), {"entry": 999, "side": "EW", "key": "x"})
    assert refused.status_code == 200 and "这条成绩已不在本桌" in text_of(refused)
    bell = phone.post(url(table, "call/"), {"key": "c", "reason": "bell\x07"})
    assert bell.status_code == 200 and 'id="id_call_reason_error"' in bell.content.decode()
    assert not DirectorCall.objects.exists()


def test_an_entry_and_its_acceptance_cost_a_fixed_number_of_queries_the_state_included(
    phone, match, tables, django_assert_max_num_queries
):
    """The posts a congress's tables send most, each answered with the table's new state:
    their queries do not grow with the boards played (docs/tables.md).
    The same acceptance sent again is answered from the entry the view reads and the state
    as last rendered, with no transaction: the table, the entry and the revisions."""
    table = tables["open"]
    for board in (1, 2, 3):
        with django_assert_max_num_queries(19):  # the round's clock, one of them
            answer = post_entry(phone, table, board=board, key=f"e{board}")
        entry = answer.json()["state"]["boards"][board - 1]["entry"]
        with django_assert_max_num_queries(29):
            assert accept(phone, table, entry, key=f"a{board}").json()["ok"]
    with django_assert_max_num_queries(3) as resent:
        assert accept(phone, table, entry, key="a3").json()["ok"]
    assert not any("SAVEPOINT" in q["sql"] or "BEGIN" in q["sql"] for q in resent.captured_queries)
    assert Result.objects.filter(board__match=match, room="open").count() == 3
