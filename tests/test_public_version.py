"""The public's pages of an event are keyed on what the public sees (``Event.public_version``):
a table entering a board, and accepting a result still hidden from the public, leaves every
page, feed and file a visitor reaches as it was, so a congress's standings, round and team
pages are not rendered again for every board accepted somewhere; the result that the
event's rule makes public moves it, and a director, who sees every result as it is
accepted, gets every change at once.

The round is tests/test_fair_play.py's, caught in the middle of play (board 4 played in
both rooms of match 1 and the open room of match 2, board 5 released by the director,
boards 6–8 nowhere yet); its results become public once every table has a board.
"""

import itertools
import re
import time
from datetime import UTC, datetime

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import resolve, reverse

from matches import actions
from matches.caching.versions import event_of_event
from matches.models import Event
from matches.models.events import PROGRESS_SECONDS
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.pages import text_of
from tests.phones import Phone, entry_of
from tests.test_fair_play import candidate_urls, fetch_all

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]


@pytest.fixture
def tables(round_in_play):
    """The round's tables, opened by the director before play: {(match id, room): table}."""
    first = round_in_play["matches"][0]
    opened = actions.open_tables(first.stage, round_number=first.round, user=None)
    return {(table.match_id, table.room): table for table in opened}


def played_at(table, board: int, contract="3NT", result="="):
    """North-South enter a board at the table, East-West accept it on their own phone."""
    north, east = Phone(table, "NS", name="north"), Phone(table, "EW", name="east")
    entered = north.enter(board, contract, "N", result)
    assert entered.status_code == 200, entered.content
    accepted = east.accept(entry_of(entered, board))
    assert accepted.status_code == 200 and accepted.json()["ok"], accepted.content


def public_version(event) -> str:
    return Event.objects.get(pk=event.pk).public_version


def public_revision(event) -> int:
    return Event.objects.get(pk=event.pk).public_revision


def event_pages(urls) -> list[str]:
    """Return the URLs of the event's own public pages, feeds and files (keyed on its public
    version; a match's are keyed on the match)."""
    return [
        url for url in urls if getattr(resolve(url).func, "public_page", None) is event_of_event
    ]


# What a visitor sees of the tables' progress (tests/test_fair_play.py: nothing of a board),
# and the version the page was rendered at
PROGRESS = [
    re.compile(r"<time datetime=[^>]*>[^<]*</time>"),  # when the round last changed
    re.compile(r'"updated": "[^"]*"'),
    re.compile(r"\d+ boards? not yet public|\d+ ?副牌尚未公开"),
    re.compile(r"<b>\d+</b>/\d+"),  # the wall: the boards each room has played
    re.compile(r'data-etag="[^"]*"'),
]


def without_progress(page: str) -> str:
    for pattern in PROGRESS:
        page = pattern.sub("#", page)
    return page


def rendered_afresh(urls) -> dict[tuple[str, str], str]:
    """Return every URL as a visitor sees it in both languages, nothing kept from before."""
    caches["default"].clear()
    caches["shared"].clear()
    return {
        (language, url): without_progress(page)
        for language in ("en", "zh-hans")
        for url, page in fetch_all(Client(), urls, language).items()
    }


def test_a_board_accepted_at_a_table_while_in_play_changes_only_the_progress_a_visitor_sees(
    round_in_play, tables
):
    event, second = round_in_play["event"], round_in_play["matches"][1]
    urls = event_pages(candidate_urls(round_in_play))
    director = Client()
    director.force_login(round_in_play["director"])
    standings = reverse("event", args=[event.pk])
    before, revision = rendered_afresh(urls), public_revision(event)
    directors_etag = director.get(standings)["ETag"]
    played_at(tables[second.pk, "closed"], 6, "6NT", "-3")  # board 6: one table of four
    after = rendered_afresh(urls)
    assert len(after) > 30
    assert [key for key in before if before[key] != after.get(key)] == []
    assert public_revision(event) == revision
    # the director sees it at once: their page is keyed on every change
    again = director.get(standings, headers={"If-None-Match": directors_etag})
    assert again.status_code == 200 and again["ETag"] != directors_etag


def test_within_the_minute_the_visitors_page_answers_304_while_hidden_boards_are_accepted(
    round_in_play, tables, english, monkeypatch
):
    event, second = round_in_play["event"], round_in_play["matches"][1]
    standings = reverse("event", args=[event.pk])
    played_at(tables[second.pk, "open"], 6)
    # the clock stands still in the middle of a minute (the progress's window)
    now = (time.time() // PROGRESS_SECONDS) * PROGRESS_SECONDS + PROGRESS_SECONDS / 2
    monkeypatch.setattr(time, "time", lambda: now)
    first = english.get(standings)
    etag = first["ETag"]
    played_at(tables[second.pk, "open"], 7)
    assert english.get(standings, headers={"If-None-Match": etag}).status_code == 304
    # a minute on, the visitor sees the progress: board 7 played at a table, nothing of it
    monkeypatch.setattr(time, "time", lambda: now + PROGRESS_SECONDS)
    page = english.get(standings, headers={"If-None-Match": etag})
    assert page.status_code == 200
    # match 2: board 4 in one room, and board 6, then 7
    assert not_public_counts(first.text) == ["1 board not yet public", "2 boards not yet public"]
    assert not_public_counts(page.text) == ["1 board not yet public", "3 boards not yet public"]
    assert "2220" not in page.text


def not_public_counts(page: str) -> list[str]:
    """Return what each match row says of its boards not yet public."""
    return re.findall(r"\d+ boards? not yet public", page)


def test_the_public_version_moves_at_most_once_a_minute_and_a_minute_after_the_last_board_at_most():
    stamp = Event.public_stamp_of(1, datetime(2026, 12, 7, tzinfo=UTC), 5, None)
    start = datetime(2026, 12, 7, 19, 0, 0, tzinfo=UTC).timestamp()
    assert Event.public_version_at(stamp, start) == stamp  # nothing played since it moved
    boards = [start + seconds for seconds in range(0, 300, 7)]  # a board every 7 s
    seen = []
    for second in range(420):
        now = start + second
        played = [b for b in boards if b <= now]
        stamp = Event.public_stamp_of(
            1, datetime(2026, 12, 7, tzinfo=UTC), 5, datetime.fromtimestamp(played[-1], UTC)
        )
        seen.append(Event.public_version_at(stamp, now))
    moves = [second for second in range(1, 420) if seen[second] != seen[second - 1]]
    assert all(later - earlier >= PROGRESS_SECONDS for earlier, later in itertools.pairwise(moves))
    # the last board, at 294 s, is shown by 354 s; after that the version stands still
    assert moves[-1] <= 294 + PROGRESS_SECONDS and seen[-1] == seen[354]


def test_the_last_table_to_play_a_board_shows_it_to_the_visitor_at_once(
    round_in_play, tables, english
):
    event, (first, second) = round_in_play["event"], round_in_play["matches"]
    standings, card = reverse("event", args=[event.pk]), first.get_absolute_url()
    etag, version = english.get(standings)["ETag"], public_version(event)
    assert "2220" not in english.get(card).text
    played_at(tables[second.pk, "closed"], 4, "7NT")  # board 4's last table
    assert public_version(event) != version
    assert english.get(standings, headers={"If-None-Match": etag}).status_code == 200
    assert "2220" in english.get(card).text  # match 1's 7NT made, out of play now


def test_a_board_the_director_released_is_public_as_a_table_accepts_it(round_in_play, tables):
    event, second = round_in_play["event"], round_in_play["matches"][1]
    revision = public_revision(event)
    played_at(tables[second.pk, "open"], 5, "2H")  # board 5: released, a late table
    assert public_revision(event) == revision + 1


@pytest.mark.parametrize(
    ("rule", "first_room_shows_it"), [("at-once", True), ("match", False), ("segment", False)]
)
def test_each_rule_moves_the_public_revision_when_it_shows_a_result(
    round_in_play, tables, rule, first_room_shows_it
):
    event, director = round_in_play["event"], round_in_play["director"]
    actions.change_event(Event.objects.get(pk=event.pk), user=director, results_public=rule)
    second = round_in_play["matches"][1]
    revision = public_revision(event)
    played_at(tables[second.pk, "open"], 6)
    assert (public_revision(event) == revision + 1) is first_room_shows_it
    revision = public_revision(event)
    played_at(tables[second.pk, "closed"], 6)  # both rooms of match 2; match 1 still waits
    assert (public_revision(event) == revision + 1) is (rule != "segment")


def test_the_public_reads_the_boards_in_play_once_a_public_version_and_a_director_each_time(
    round_in_play, tables, english, client
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event, teams = round_in_play["event"], round_in_play["teams"]

    def boards_read_by(visitor, team) -> bool:
        with CaptureQueriesContext(connection) as queries:
            assert visitor.get(reverse("team", args=[event.pk, team.pk])).status_code == 200
        return any("matches_boardrelease" in q["sql"] for q in queries.captured_queries)

    assert boards_read_by(english, teams[0])
    assert not boards_read_by(english, teams[1])  # another page, the same version
    played_at(tables[round_in_play["matches"][1].pk, "open"], 6)  # the progress moves it
    assert boards_read_by(english, teams[2])
    client.force_login(round_in_play["director"])
    assert boards_read_by(client, teams[2]) and boards_read_by(client, teams[3])


def ash_live_vp(page: str) -> str:
    """Return Ash's VP in the live standings (a row reads: position, team, played, VP)."""
    return re.search(r"Ash 1 ([\d.]+)", text_of(page)).group(1)


def test_the_live_standings_never_show_a_visitor_a_board_in_play_and_a_director_sees_it(
    round_in_play, tables
):
    event, second = round_in_play["event"], round_in_play["matches"][1]
    live = reverse("live-standings", args=[event.pk])
    director, english, chinese = Client(), Client(), Client()
    director.force_login(round_in_play["director"])
    english.cookies["django_language"], chinese.cookies["django_language"] = "en", "zh-hans"
    # board 4: a 24-IMP swing in match 1, still to be played in match 2's closed room
    assert ash_live_vp(director.get(live).text) == "17.31"
    assert ash_live_vp(english.get(live).text) == "10"
    assert ash_live_vp(chinese.get(live).text) == "10"  # another page, the same version
    assert ash_live_vp(director.get(live).text) == "17.31"  # the director's, read afresh
    played_at(tables[second.pk, "closed"], 4, "7NT")  # board 4's last table: out of play
    assert ash_live_vp(chinese.get(live).text) == "17.31"
    assert ash_live_vp(english.get(live).text) == "17.31"
