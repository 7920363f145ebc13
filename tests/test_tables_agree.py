"""The table and the director always agree: every acceptance stored, no result changed by
one side alone, no entry replaced without a word, a director's result shown as the
director's, calls that close when their board is settled. Played as the phones play it,
through the tables' pages (tests/phones.py), each phone with its own browser."""

import pytest
from django.urls import reverse

from matches import actions
from matches.models import DirectorCall, EntryStatus, Match, Result, TableEntry
from tests.factories import enter, make_event, make_match, make_team, make_user
from tests.phones import Phone, entry_of
from tests.test_table_pages import open_tables, text_of, text_of_html

pytestmark = pytest.mark.usefixtures("in_english")


@pytest.fixture
def match(db):
    event = make_event(name="Tuesday teams", boards_per_match=4, boards_per_segment=4)
    home = make_team(event, "Lions")
    away = make_team(event, "Tigers")
    return make_match(event, home=home, away=away)


@pytest.fixture
def tables(match):
    return open_tables(match)


@pytest.fixture
def open_room(tables):
    """North-South's and East-West's phones at the open room's table."""
    return Phone(tables["open"], "NS"), Phone(tables["open"], "EW")


def room_result(match, number, room="open") -> Result | None:
    return Result.objects.filter(board__match=match, board__number=number, room=room).first()


# --- every acceptance is stored -------------------------------------------------------------


def test_an_acceptance_is_stored_with_six_digit_ids_through_phones_with_64_character_names(
    ids_after_a_season,
):
    event = make_event(boards_per_match=4, boards_per_segment=4)
    match = make_match(event)
    assert match.pk >= 100000
    for room, table in open_tables(match).items():
        assert table.pk >= 100000
        north = Phone(table, "NS", name="n" * 64)
        east = Phone(table, "EW", name="e" * 64)
        entered = north.enter(1, "3NT", "S", "=")
        assert entered.status_code == 200, entered.content
        accepted = east.accept(entry_of(entered, 1))
        assert accepted.status_code == 200 and accepted.json()["ok"], accepted.content
        result = room_result(match, 1, room)
        assert str(result.contract) == "3NT"
        reason = result.history.get().history_change_reason
        assert len(reason) <= 100 and f"match {match.pk} {room} room" in reason


def test_a_history_reason_longer_than_its_column_is_cut_to_fit_and_the_change_is_made(match):
    director = make_user(director=True)
    actions.mark_final(match, confirm=True, user=director)
    reopened = actions.reopen_match(match, reason="r" * 200, user=director)
    assert reopened.status == "provisional"
    assert len(Match.objects.get(pk=match.pk).status_reason) == 200  # the match keeps it all


# --- no result changed by one side alone ----------------------------------------------------


def test_one_phone_cannot_change_an_accepted_result_alone(match, tables, open_room):
    north, east = open_room
    entered = north.enter(1, "3NT", "N", "=")
    # the first result may be accepted on the same phone, handed over to East-West
    assert north.accept(entry_of(entered, 1), side="EW").json()["ok"]
    assert str(room_result(match, 1).contract) == "3NT"
    # the same phone enters it again as 7NT and "accepts" it for East-West: refused
    changed = north.enter(1, "7NT", "N", "=")
    assert changed.status_code == 200
    refused = north.accept(entry_of(changed, 1), side="EW")
    assert refused.status_code == 409 and refused.json()["code"] == "phone"
    assert "on their own phone" in refused.json()["message"]
    assert str(room_result(match, 1).contract) == "3NT"
    # East-West's own phone may accept the change while the other room has not played it
    assert east.accept(entry_of(changed, 1)).json()["ok"]
    assert str(room_result(match, 1).contract) == "7NT"


def test_once_the_table_has_seen_the_other_room_only_the_director_changes_a_board(
    match, tables, open_room
):
    north, east = open_room
    for number in range(1, 5):
        enter(match, number, "closed", "3NT", "N", "=")
        assert east.accept(entry_of(north.enter(number, "3NT", "N", "="), number)).json()["ok"]
    card = north.board(1)
    assert "Other room" in card["html"]  # the segment is complete: the comparison shows
    assert "call the director" in text_of_html(card["html"])
    assert "Change board 1" not in card["html"]
    refused = north.enter(1, "7NT", "N", "=")
    assert refused.status_code == 409 and refused.json()["code"] == "compared"
    assert "only the director can change it now" in refused.json()["message"]
    assert str(room_result(match, 1).contract) == "3NT"
    assert match.home_imps == Match.objects.get(pk=match.pk).home_imps


def test_the_side_that_entered_a_result_cannot_say_it_is_not_agreed(tables, open_room):
    north, _east = open_room
    entered = north.enter(2, "4S", "N", "=")
    refused = north.dispute(entry_of(entered, 2), side="NS")
    assert refused.status_code == 409 and refused.json()["code"] == "side"
    assert TableEntry.objects.get().status == EntryStatus.WAITING
    assert not DirectorCall.objects.exists()


# --- keys: a post sent twice, keys that collide ---------------------------------------------


def test_a_not_agreed_whose_key_is_an_earlier_calls_is_taken(tables, open_room):
    north, east = open_room
    assert north.call(key="same-key", reason="Revoke").json()["ok"]
    entered = north.enter(3, "4S", "N", "=")
    disputed = east.dispute(entry_of(entered, 3), key="same-key", reason="It was 4H")
    assert disputed.status_code == 200 and disputed.json()["ok"], disputed.content
    assert DirectorCall.objects.filter(dispute=True).get().reason == "It was 4H"


def test_a_key_another_table_used_is_refused_and_shows_nothing_of_that_table(tables):
    open_phone, closed_phone = Phone(tables["open"]), Phone(tables["closed"])
    assert open_phone.enter(1, "6NT", "N", "=", key="shared").json()["ok"]
    refused = closed_phone.enter(1, "1C", "N", "=", key="shared")
    assert refused.status_code == 409 and refused.json()["code"] == "key"
    assert "6" not in text_of_html(refused.json()["state"]["boards"][0]["html"])
    assert closed_phone.call(key="shared").json()["ok"]  # a call's keys are its own
    refused = open_phone.call(key="shared")
    assert refused.status_code == 409 and refused.json()["code"] == "key"


@pytest.mark.parametrize("key", ["dispute:1", "a b", "k" * 65, "键"])
def test_a_key_no_phone_makes_is_refused_with_a_message(tables, key):
    refused = Phone(tables["open"]).enter(1, key=key)
    assert refused.status_code in (400, 409) and not refused.json()["ok"]


# --- one board, one truth ----------------------------------------------------------------------


def test_a_directors_correction_while_an_entry_waits_is_shown_at_the_table_as_the_directors(
    match, tables, open_room
):
    north, east = open_room
    entered = north.enter(3, "4H", "S", "+1")
    assert "+450" in north.board(3)["html"]
    enter(match, 3, "open", "4H", "S", "=", user=make_user(director=True))
    waiting = TableEntry.objects.get(pk=entry_of(entered, 3))
    assert waiting.status == EntryStatus.SUPERSEDED
    for phone in (north, east, Phone(tables["open"], "EW")):
        card = phone.board(3)
        assert card["status"] == "director"
        assert "The director entered N-S 4♥ = +420." in text_of_html(card["html"])
        assert "+450" not in card["html"]
    refused = east.accept(waiting.pk)
    assert refused.status_code == 409 and refused.json()["code"] == "director"
    # the other room plays it: the comparison is the director's +420 against the other room
    closed = Phone(tables["closed"], "NS")
    for number in range(1, 5):
        result = "=" if number == 3 else "-1"
        enter(match, number, "closed", "4H", "S", result)
        if number != 3:
            enter(match, number, "open", "4H", "S", "=")
    card = north.board(3)
    assert "No IMPs" in card["html"] and "+450" not in card["html"]
    assert closed.board(3)["status"] == "director"
    history = make_director_client().get(reverse("director-board-history", args=[match.pk, 3]))
    assert "Superseded by the director's result" in text_of(history)


def make_director_client():
    from django.test import Client

    client = Client()
    client.force_login(make_user(chief=True))
    client.cookies["django_language"] = "en"
    return client


def test_a_second_different_entry_is_refused_with_the_waiting_one_shown_and_both_kept(
    match, tables, open_room
):
    north, east = open_room
    first = north.enter(4, "2S", "W", "=")
    second = east.enter(4, "3S", "W", "-1", key="east-4")
    assert second.status_code == 409 and second.json()["code"] == "waiting"
    message = second.json()["message"]
    assert "North-South entered board 4 as E-W 2♠ = +110" in message
    assert "Accept it, or say it is not agreed" in message
    card = next(b for b in second.json()["state"]["boards"] if b["number"] == 4)
    assert card["status"] == "waiting" and card["entry"] == entry_of(first, 4)
    # nothing saved; both entries kept for the history
    statuses = sorted(TableEntry.objects.values_list("status", flat=True))
    assert statuses.count(EntryStatus.WAITING) == 1 and EntryStatus.REFUSED in statuses
    assert room_result(match, 4) is None
    history = text_of(
        make_director_client().get(reverse("director-board-history", args=[match.pk, 4]))
    )
    assert "Refused: another entry was waiting" in history
    assert "E-W, table 1, Open room, phone 2" in history and "phone 1" in history


def test_the_same_post_sent_again_after_a_refusal_gets_the_same_refusal(tables, open_room):
    north, east = open_room
    north.enter(4, "2S", "W", "=")
    first = east.enter(4, "3S", "W", "-1", key="east-4")
    again = east.enter(4, "3S", "W", "-1", key="east-4")
    assert first.status_code == again.status_code == 409
    assert first.json()["message"] == again.json()["message"]
    assert TableEntry.objects.filter(key="east-4").count() == 1


def test_the_same_result_entered_by_the_other_side_is_its_acceptance(match, tables, open_room):
    north, east = open_room
    north.enter(2, "4S", "N", "=")
    same = east.enter(2, "4S", "N", "=", key="east-2")
    assert same.status_code == 200 and same.json()["ok"]
    assert str(room_result(match, 2).contract) == "4S"
    entry = TableEntry.objects.get()
    assert (entry.status, entry.decided_side, entry.decision_key) == ("accepted", "EW", "east-2")
    again = east.enter(2, "4S", "N", "=", key="east-2")  # sent again: the same answer
    assert again.status_code == 200 and room_result(match, 2).version == 1


def test_the_phone_that_entered_a_result_corrects_it_while_it_waits(tables, open_room):
    north, _east = open_room
    north.enter(1, "2S", "N", "=")
    corrected = north.enter(1, "3S", "N", "=")
    assert corrected.status_code == 200
    assert "N-S 3♠ = +140" in text_of_html(north.board(1)["html"])
    assert sorted(TableEntry.objects.values_list("status", flat=True)) == ["replaced", "waiting"]


# --- calls close when their board is settled -------------------------------------------------


def test_a_not_agreed_call_closes_when_the_director_enters_the_board(match, tables, open_room):
    north, east = open_room
    entered = north.enter(3, "4S", "N", "=")
    east.dispute(entry_of(entered, 3), reason="It was 4H")
    assert "The director is called" in north.state()["calls"]
    enter(match, 3, "open", "4H", "N", "=", user=make_user(director=True))
    call = DirectorCall.objects.get()
    assert call.answered is not None and call.closed_because == "result"
    calls = text_of_html(east.state()["calls"])
    assert "The call for the director about board 3 is closed: the board's result is saved." in (
        calls
    )
    assert "The director is called" not in calls


def test_calls_close_when_the_match_is_final(match, tables, open_room):
    north, _east = open_room
    north.call(reason="Slow play")
    actions.mark_final(match, confirm=True, user=make_user(director=True))
    assert DirectorCall.objects.get().closed_because == "final"
    state = north.state()
    assert state["final"] and "the match is final" in state["calls"]


# --- links the director replaced -------------------------------------------------------------


def test_a_renewed_tables_old_link_says_it_was_replaced(tables):
    phone = Phone(tables["open"])
    old = phone.url("state.json")
    actions.renew_table(tables["open"], user=None)
    answer = phone.client.get(old, HTTP_ACCEPT="application/json")
    assert answer.status_code == 410 and answer.json()["code"] == "replaced"
    page = phone.client.get(phone.url())
    assert page.status_code == 410 and "replaced this table's link" in text_of(page)
    posted = phone.enter(1)
    assert posted.status_code == 410 and posted.json()["code"] == "replaced"


# --- the event's table settings ---------------------------------------------------------------


def test_the_two_table_settings_are_on_the_events_form(director_client, match):
    event = match.event
    page = text_of(director_client.get(reverse("director-event", args=[event.pk])))
    assert "Players enter the opening lead" in page
    assert "Tables see each board's comparison once both rooms have it" in page
    data = {
        "event-name": event.name,
        "event-date": "2026-11-29",
        "event-vp_scale": "wbf-2013",
        "event-boards_per_match": 4,
        "event-boards_per_segment": 4,
        "event-average_plus": 3,
        "event-average_minus": -3,
        "event-table_lead": "on",
        "event-table_each_board": "on",
    }
    saved = director_client.post(reverse("director-event", args=[event.pk]), data)
    assert saved.status_code == 302, saved.content
    event.refresh_from_db()
    assert event.table_lead and event.table_each_board


def test_the_round_page_writes_each_tables_link_out_for_the_director_to_send(
    director_client, match, tables
):
    page = director_client.get(reverse("director-event", args=[match.event_id]))
    html = page.content.decode()
    for table in tables.values():
        assert f"http://testserver/t/{table.token}/</code>" in html
