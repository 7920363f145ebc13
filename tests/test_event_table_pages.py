"""The event's table cards as the players' phones meet them: one card's link (or code)
opens the match at its table in the current round; once the match is over the phone shows
where each pair plays next and takes it there; a phone left on last round's page never
writes into this round's match at its table."""

import re

import pytest
from django.test import Client
from django.utils import timezone

from matches import actions
from matches.models import EventTable, TableEntry
from matches.models.stages import first_stage
from matches.presenters.monitor import room_monitor
from matches.presenters.table_cards import round_tables
from tests.factories import make_event, make_team
from tests.test_event_tables import at, card, play_out
from tests.test_table_pages import JSON, text_of, text_of_html


@pytest.fixture
def evening(db):
    """Return a 6-team event of 2-board matches, 3 rounds scheduled, its cards opened."""
    event = make_event(name="Tuesday teams", boards_per_match=2, boards_per_segment=2)
    for name in ("Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir"):
        make_team(event, name)
    actions.make_round_robin(event, user=None, rounds=3)
    actions.open_event_tables(event, user=None)
    return event


@pytest.fixture
def phone():
    phone = Client()
    phone.cookies["django_language"] = "en"
    return phone


def room_token(response) -> str:
    assert response.status_code == 302, response.status_code
    return re.fullmatch(r"/t/([\w-]+)/", response["Location"]).group(1)


def test_a_cards_link_opens_the_room_of_the_match_at_its_table_now(evening, phone):
    place = card(evening, 2, "closed")
    first = room_token(phone.get(f"/t/{place.token}/"))
    page = phone.get(f"/t/{first}/")
    first_match = at(evening, 1, 2)
    assert page.status_code == 200
    assert "Round 1" in text_of(page) and first_match.home.name in text_of(page)
    play_out(first_match)
    second = room_token(phone.get(f"/t/{place.token}/"))
    assert second != first
    assert at(evening, 2, 2).home.name in text_of(phone.get(f"/t/{second}/"))


def test_a_cards_code_typed_by_hand_opens_the_card(evening, phone):
    place = card(evening, 3, "open")
    response = phone.post("/t/", {"code": place.code.lower()})
    assert response.status_code == 302 and response["Location"] == f"/t/{place.token}/"


def test_a_revoked_card_is_refused_and_a_renewed_cards_old_link_says_it_was_replaced(
    evening, phone
):
    place = card(evening, 1, "open")
    room = room_token(phone.get(f"/t/{place.token}/"))
    actions.revoke_event_table(place, user=None)
    assert phone.get(f"/t/{place.token}/").status_code == 410
    assert phone.get(f"/t/{room}/").status_code == 410  # the room it opened, too
    assert phone.post("/t/", {"code": place.code}).status_code == 200  # refused, said so
    renewed = actions.renew_event_table(place, user=None)
    old = phone.get(f"/t/{place.token}/")
    assert old.status_code == 410 and "replaced" in text_of(old)
    assert phone.get(f"/t/{room}/").status_code == 410
    assert room_token(phone.get(f"/t/{renewed.token}/"))


def test_a_card_with_no_match_at_its_table_says_so(evening, phone):
    place = EventTable.objects.create(
        event=evening, number=7, room="open", token="n" * 43, code="NNNNNN"
    )
    response = phone.get(f"/t/{place.token}/")
    assert response.status_code == 404
    assert "No match is played at this table yet" in text_of(response)


def test_once_the_match_is_over_the_phone_shows_each_pairs_next_table_and_goes_there(
    evening, phone
):
    place = card(evening, 1, "closed")
    room = room_token(phone.get(f"/t/{place.token}/"))
    match = at(evening, 1, 1)
    assert "Where the pairs play next" not in text_of(phone.get(f"/t/{room}/"))
    play_out(match)
    page = phone.get(f"/t/{room}/")
    text = text_of(page)
    assert "Where the pairs play next" in text
    ns_team = match.away  # the closed room: the away team North-South
    later = [at(evening, 2, n) for n in (1, 2, 3)]
    following = next(m for m in later if ns_team in (m.home, m.away))
    number = later.index(following) + 1
    side = "East-West" if following.home == ns_team else "North-South"
    words = f"Round 2: table {number}, closed room, {side}"
    assert f"North-South ({ns_team.name})" in text and words in text
    link = re.search(
        r'<li class="mb-2" data-next="NS">.*?href="([^"]+)"', page.content.decode(), re.S
    ).group(1)
    there = room_token(phone.get(link.replace("&amp;", "&")))
    assert following.home.name in text_of(phone.get(f"/t/{there}/"))
    state = phone.get(f"/t/{room}/state.json").json()["state"]
    assert words in text_of_html(state["summary"])  # the polling phone learns it too


def test_the_next_table_reads_in_chinese(evening):
    phone = Client()
    phone.cookies["django_language"] = "zh-hans"
    place = card(evening, 2, "closed")
    room = room_token(phone.get(f"/t/{place.token}/"))
    play_out(at(evening, 1, 2))
    text = text_of(phone.get(f"/t/{room}/"))
    assert re.search(r"第 2 轮：第 [123] 桌 闭室，(东西|南北)", text), text


def test_a_phone_left_on_last_rounds_page_cannot_write_into_this_rounds_match(evening, phone):
    place = card(evening, 3, "open")
    stale = room_token(phone.get(f"/t/{place.token}/"))
    play_out(at(evening, 1, 3))
    now = at(evening, 2, 3)
    # the phone still shows round 1 and posts board 1 as its script does
    response = phone.post(
        f"/t/{stale}/enter/",
        {
            "board": 1,
            "side": "NS",
            "key": "late-1",
            "device": "phone-ns",
            "contract": "4S",
            "declarer": "N",
            "result": "+1",
        },
        **JSON,
    )
    assert response.status_code == 409
    body = response.json()
    assert body["ok"] is False and body["code"] == "moved"
    assert "Nothing was entered: this match is over at this table." in body["message"]
    assert f"Round 2: table 3, open room: {now.home.name} – {now.away.name}" in body["message"]
    assert "This table now plays Round 2" in text_of_html(body["state"]["summary"])
    assert not TableEntry.objects.filter(board__match=now).exists()
    assert not TableEntry.objects.filter(key="late-1").exists()


def test_a_phone_left_on_a_final_matchs_page_is_told_the_new_match(evening, phone):
    place = card(evening, 1, "open")
    stale = room_token(phone.get(f"/t/{place.token}/"))
    first = at(evening, 1, 1)
    play_out(first)
    actions.mark_final(first, user=None, confirm=True)
    response = phone.post(
        f"/t/{stale}/enter/",
        {"board": 2, "side": "EW", "key": "late-2", "device": "p", "contract": "PASS"},
    )
    assert response.status_code == 200  # the page rendered again, the refusal on it
    assert "Nothing was entered: this match is over at this table." in text_of(response)
    assert "This table now plays Round 2" in text_of(response)
    assert not TableEntry.objects.filter(key="late-2").exists()


# --- the director's page of the event's cards -------------------------------------------------


@pytest.fixture
def unopened(db):
    event = make_event(name="Wednesday teams", boards_per_match=2, boards_per_segment=2)
    for name in ("Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir"):
        make_team(event, name)
    actions.make_round_robin(event, user=None, rounds=3)
    return event


def test_only_the_events_directors_see_and_open_its_table_cards(unopened, player_client):
    url = f"/director/events/{unopened.pk}/tables/"
    assert player_client.get(url).status_code == 403
    assert player_client.post(f"{url}open/").status_code == 403
    assert not EventTable.objects.exists()


def test_the_director_opens_the_events_tables_and_prints_one_card_per_table_and_room(
    unopened, director_client
):
    url = f"/director/events/{unopened.pk}/tables/"
    before = text_of(director_client.get(url))
    assert "The event's rounds use 3 tables." in before
    response = director_client.post(f"{url}open/", follow=True)
    text = text_of(response)
    assert "The event's tables are open: 6 cards" in text
    html = response.content.decode()
    assert len(re.findall(r'<article class="table-card"', html)) == 6
    for place in EventTable.objects.filter(event=unopened):
        assert place.code in text
    assert "Table 3 · Closed room" in text
    first = at(unopened, 1, 1)
    assert f"{first.home.name} – {first.away.name}" in text  # what table 1 opens now


def test_the_director_revokes_and_renews_a_card_from_its_page(evening, director_client):
    place = card(evening, 2, "open")
    base = f"/director/events/{evening.pk}/tables/cards/{place.pk}/"
    text = text_of(director_client.post(f"{base}revoke/", follow=True))
    assert "The link of table 2, Open room is withdrawn" in text
    place.refresh_from_db()
    assert not place.is_open
    text = text_of(director_client.post(f"{base}renew/", follow=True))
    place.refresh_from_db()
    assert place.is_open and f"The new link and code of table 2, Open room: {place.code}" in text


def test_the_director_moves_a_match_to_another_table_before_its_round_starts(
    evening, director_client
):
    url = f"/director/events/{evening.pk}/tables/move/"
    moving = at(evening, 2, 3)
    response = director_client.post(url, {"match": moving.pk, "number": 1}, follow=True)
    assert f"{moving.home.name} – {moving.away.name} now plays at table 1." in text_of(response)
    assert at(evening, 2, 1) == moving
    begun = at(evening, 1, 2)
    play_out(begun)
    response = director_client.post(url, {"match": at(evening, 1, 1).pk, "number": 2})
    text = text_of(response)
    assert response.status_code == 200
    assert "a match moves to another table only before its round starts" in text
    response = director_client.post(url, {"match": at(evening, 1, 1).pk, "number": 0})
    assert "A table number is 1 or more." in text_of(response)


def test_the_event_cards_page_reads_in_chinese(evening, director, client):
    client.force_login(director)
    client.cookies["django_language"] = "zh-hans"
    text = text_of(client.get(f"/director/events/{evening.pk}/tables/"))
    assert "第 3 桌 · 闭室" in text and "整场比赛的桌卡" in text


def test_a_moved_match_keeps_its_new_table_on_the_rounds_cards_and_the_monitor(
    evening, director_client
):
    moving = at(evening, 2, 3)
    actions.move_to_table(moving, number=1, user=None)
    actions.open_tables(first_stage(evening), round_number=2, user=None)
    tables = round_tables(first_stage(evening), 2)
    assert [(link.number, link.match) for link in tables.links[:2]] == [(1, moving)] * 2
    monitor = room_monitor(first_stage(evening), 2, timezone.now())
    assert (monitor.rows[0].number, monitor.rows[0].match) == (1, moving)
    page = director_client.get(f"/director/events/{evening.pk}/stages/1/rounds/2/table-cards/")
    first = re.search(r'<article class="table-card".*?</article>', page.content.decode(), re.S)
    assert "table 1" in text_of_html(first.group(0)) and moving.home.name in first.group(0)
