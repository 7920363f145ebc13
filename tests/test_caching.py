"""Public pages are cached between changes, and every change clears what it affects."""

import re

import pytest
from django.urls import reverse

from matches import actions
from matches.scoring import Contract
from tests.factories import enter, make_match, make_scored_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return make_scored_match()  # 10 IMPs to the home team on board 1


def pages(match):
    event = match.event
    return [
        reverse("event", args=[event.pk]),
        reverse("round", args=[event.pk, 1]),
        reverse("cross-table", args=[event.pk]),
        reverse("team", args=[event.pk, match.home_id]),
        reverse("scorecard", args=[match.pk]),
        reverse("standings-json", args=[event.pk]),
        reverse("scorecard-json", args=[match.pk]),
    ]


def test_a_cached_page_costs_a_query_or_two(client, match, django_assert_max_num_queries):
    for url in pages(match):
        client.get(url)  # fills the cache
        with django_assert_max_num_queries(3):
            assert client.get(url).status_code == 200, url


def test_a_saved_result_shows_on_the_very_next_request(client, director_client, match):
    for url in pages(match):
        client.get(url)
    first = client.get(reverse("scorecard", args=[match.pk])).text
    assert '<td colspan="2" class="home-total">10</td>' in first

    url = reverse("director-save-row", args=[match.pk, "open", 2])
    data = {"b2-contract": "4S", "b2-declarer": "S", "b2-result": "=", "b2-version": 0}
    director_client.post(url, data, headers={"HX-Request": "true"})
    enter(match, 2, "closed", "4S", "S", "-1")  # board 2, N-S vulnerable: 620 + 100 = 12 IMPs

    client.logout()
    assert '<td colspan="2" class="home-total">22</td>' in client.get(pages(match)[4]).text
    assert '<td class="text-end text-nowrap imps">22 : 0</td>' in client.get(pages(match)[0]).text
    assert client.get(pages(match)[6]).json()["totals"]["home_imps"] == 22


def test_a_vp_penalty_clears_the_standings(client, match):
    url = reverse("event", args=[match.event.pk])
    assert "Slow play" not in client.get(url).text
    actions.add_vp_penalty(match.event, team=match.home, vp=2, reason="Slow play", user=None)
    assert "Slow play" in client.get(url).text


def test_each_language_has_its_own_cached_page(client, match):
    url = reverse("event", args=[match.event.pk])
    client.cookies["django_language"] = "en"
    assert "Standings" in client.get(url).text
    client.cookies["django_language"] = "zh-hans"
    assert "名次" in client.get(url).text


def test_a_cached_page_costs_one_query_its_events_version(client, match, django_assert_num_queries):
    for url in pages(match):
        client.get(url)  # fills the cache
        with django_assert_num_queries(1):  # a match's version is read with its event's
            response = client.get(url)
        assert response.status_code == 200, url
        assert response["ETag"].startswith('W/"'), url
    feed = client.get(pages(match)[5])
    assert feed["Access-Control-Allow-Origin"] == "*"
    assert feed.json()["standings"]


def test_an_unchanged_page_answers_304_with_no_body(client, match, django_assert_num_queries):
    for url in pages(match):
        etag = client.get(url)["ETag"]
        with django_assert_num_queries(1):
            response = client.get(url, headers={"If-None-Match": etag})
        assert response.status_code == 304, url
        assert response.content == b""
        assert response["ETag"] == etag


def test_a_change_answers_the_old_etag_with_the_new_page(client, match):
    url = reverse("scorecard", args=[match.pk])
    etag = client.get(url)["ETag"]
    enter(match, 2, "open", "4S", "S", "=")
    enter(match, 2, "closed", "4S", "S", "-1")
    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert response["ETag"] != etag
    assert '<td colspan="2" class="home-total">22</td>' in response.text


def test_the_etag_names_the_events_public_version_and_the_language(client, match):
    url = reverse("event", args=[match.event.pk])
    match.event.refresh_from_db()
    client.cookies["django_language"] = "en"
    english = client.get(url)["ETag"]
    client.cookies["django_language"] = "zh-hans"
    chinese = client.get(url)["ETag"]
    assert english == f'W/"{match.event.public_version}.en"'
    assert chinese == f'W/"{match.event.public_version}.zh-hans"'
    assert client.get(url, headers={"If-None-Match": english}).status_code == 200


def test_a_logged_in_users_etag_names_every_change_and_the_user(director_client, match):
    url = reverse("event", args=[match.event.pk])
    match.event.refresh_from_db()
    director_client.cookies["django_language"] = "en"
    user = director_client.session["_auth_user_id"]
    etag = f'W/"{match.event.cache_version}.en.u{user}"'
    assert director_client.get(url)["ETag"] == etag


def test_the_page_tells_the_live_refresh_its_etag(client, match):
    from django.utils.html import escape

    response = client.get(reverse("event", args=[match.event.pk]))
    assert f'<div id="live" data-etag="{escape(response["ETag"])}">' in response.text


def test_the_live_refresh_gets_only_the_part_it_replaces(client, match):
    for url in pages(match)[:5]:
        for _ in range(2):  # rendered, then from the cache
            part = client.get(url, headers={"X-Live": "1"})
            assert part.status_code == 200
            assert part.text.startswith('<div id="live" data-etag="W/'), url
            assert part.text.endswith("</div>"), url
            assert "<html" not in part.text and "live-controls" not in part.text
        assert "Cookie" in part["Vary"] and "X-Live" in part["Vary"]
        assert part["Cache-Control"] == "private, no-cache"


def test_a_cached_page_carries_no_csrf_token_and_its_language_switch_works(match):
    from django.test import Client

    url = reverse("event", args=[match.event.pk])
    Client().get(url)  # another visitor fills the cache
    visitor = Client(enforce_csrf_checks=True)
    page = visitor.get(url)
    assert "csrfmiddlewaretoken" not in page.text and "csrftoken" not in page.cookies
    data = {"language": "en", "next": url}
    assert visitor.post(reverse("set_language"), data).status_code == 302
    assert visitor.cookies["django_language"].value == "en"
    assert "Standings" in visitor.get(url).text


def test_a_logged_in_user_is_named_on_their_page_and_no_visitor_sees_it(client, director, match):
    from django.test import Client

    url = reverse("event", args=[match.event.pk])
    Client().get(url)  # a visitor's page is cached
    client.force_login(director)
    client.cookies["django_language"] = "en"
    mine = client.get(url)
    name = f'<span class="navbar-text small">{director.username}</span>'
    assert name in mine.text and reverse("logout") in mine.text
    assert mine["ETag"].endswith(f'.u{director.pk}"')
    visitor = Client().get(url).text
    assert name not in visitor and reverse("logout") not in visitor
    assert reverse("login") in visitor


def test_with_redis_a_change_made_by_one_server_shows_on_the_next_request_to_another(
    redis_settings, match, django_capture_on_commit_callbacks, django_assert_num_queries
):
    from django.test import Client

    url = reverse("round", args=[match.event_id, 1])
    first = Client().get(url)
    with django_assert_num_queries(1):
        assert Client().get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        enter(match, 2, "open", "4S", "S", "=")
        enter(match, 2, "closed", "4S", "S", "-1")
    page = Client().get(url, headers={"If-None-Match": first["ETag"]})
    assert page.status_code == 200
    assert '<td class="text-end text-nowrap imps">22 : 0</td>' in page.text
    with django_assert_num_queries(1):
        again = Client().get(url)
    assert again.status_code == 200 and again["ETag"] == page["ETag"]


def test_a_visitors_cached_page_is_answered_before_the_rest_of_the_stack_with_its_headers(
    client, match, monkeypatch
):
    from matches.caching import middleware

    answered = []
    real = middleware.answer_from_cache
    monkeypatch.setattr(
        middleware,
        "answer_from_cache",
        lambda request: answered.append(real(request)) or answered[-1],
    )
    for url in pages(match):
        for live in ({}, {"X-Live": "1"}):
            full = client.get(url, headers=live)  # the whole stack: the view renders it
            early = client.get(url, headers=live)
            assert answered[-1] is early, url  # the middleware answered
            assert early.content == full.content
            assert dict(early.items()) == dict(full.items()), url
        unchanged = client.get(url, headers={"If-None-Match": full["ETag"]})
        assert answered[-1] is unchanged and unchanged.status_code == 304


def test_a_deleted_event_and_match_are_gone_from_the_cache_at_once(
    client, director, match, django_capture_on_commit_callbacks
):
    from matches import actions

    for url in pages(match):
        client.get(url)
    other = make_match(match.event)
    other_url = reverse("scorecard", args=[other.pk])
    client.get(other_url)
    with django_capture_on_commit_callbacks(execute=True):
        actions.delete_match(other, user=director, confirm=True)
    assert client.get(other_url).status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        actions.delete_event(match.event, user=director, confirm=True)
    for url in pages(match):
        assert client.get(url).status_code == 404, url


def test_a_result_accepted_at_another_matchs_table_leaves_this_scorecard_as_it_was(
    client, match, django_assert_num_queries
):
    """A congress's spectators follow their own match: the tables of the other matches
    entering and accepting do not make this scorecard be rendered again (a 304 after the one
    query of its version), though the standings move."""
    from tests.test_table_pages import accept, open_tables, post_entry

    url, standings = reverse("scorecard", args=[match.pk]), reverse("event", args=[match.event_id])
    elsewhere = open_tables(make_match(match.event))["open"]
    card, ranks = client.get(url)["ETag"], client.get(standings)["ETag"]
    entry = post_entry(client, elsewhere).json()["state"]["boards"][0]["entry"]
    assert client.get(standings, headers={"If-None-Match": ranks}).status_code == 304
    assert accept(client, elsewhere, entry).json()["ok"]
    assert client.get(standings, headers={"If-None-Match": ranks}).status_code == 200
    with django_assert_num_queries(1):
        assert client.get(url, headers={"If-None-Match": card}).status_code == 304


def test_a_scorecard_changes_with_its_match_and_with_what_the_whole_event_shares(
    client, director, match
):
    from tests.test_table_pages import accept, open_tables, post_entry

    url = reverse("scorecard", args=[match.pk])
    table = open_tables(match)["open"]
    etag = client.get(url)["ETag"]
    entry = post_entry(client, table, board=2).json()["state"]["boards"][1]["entry"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304  # waiting
    assert accept(client, table, entry).json()["ok"]
    accepted = client.get(url, headers={"If-None-Match": etag})
    assert accepted.status_code == 200
    assert "650" in re.search(r'<tr data-board="2".*?</tr>', accepted.text, re.S).group()
    actions.change_team(match.home, name="Renamed Team", user=director)
    renamed = client.get(url, headers={"If-None-Match": accepted["ETag"]})
    assert renamed.status_code == 200 and "Renamed Team" in renamed.text


def test_a_scorecard_row_kept_rendered_is_what_rendering_it_afresh_gives_after_every_change(
    director, match
):
    """The scorecard keeps each board's row rendered in the process's memory under everything
    it shows (presenters/scorecards.py, row_signature): whatever changes on a board (a lead,
    the tricks, a director's assigned or artificial score, the other room, the language),
    the row sent is the row rendered afresh, never the one kept from before."""
    from django.template.loader import render_to_string
    from django.utils import translation

    from matches.models import Board, Match
    from matches.presenters.scorecards import row_html
    from matches.queries.scorecards import scorecard

    board = Board.objects.get(match=match, number=1)
    changes = [
        lambda: None,
        lambda: enter(match, 1, "open", "4H", "N", "=", lead="SA"),
        lambda: enter(match, 1, "open", "4H", "N", "+1", lead="SA"),
        lambda: enter(match, 1, "closed", "4H", "S", "-1"),
        lambda: enter(match, 2, "open", "3NT", "E", "="),
        lambda: actions.assign_result(
            board,
            "closed",
            {"contract": Contract.parse("4H"), "declarer": "S", "lead": "", "tricks": 9},
            reason="Law 12C2",
            user=director,
        ),
        lambda: actions.set_artificial_score(
            board, home_imps=3, away_imps=-3, reason="Law 12C1", user=director
        ),
        lambda: actions.set_artificial_score(
            board, home_imps=2, away_imps=-2, reason="Law 12C1", user=director
        ),
        lambda: actions.clear_artificial_score(board, user=director),
    ]
    board_one = set()
    for change in changes:
        change()
        for language in ("en", "zh-hans"):
            with translation.override(language):
                shown = Match.objects.with_teams().get(pk=match.pk)
                for part in scorecard(shown).segments:
                    for row in part.rows:
                        fresh = render_to_string(
                            "matches/_scorecard_row.html", {"match": shown, "row": row}
                        )
                        assert row_html(shown, row) == fresh, (language, row.board.number)
                        if row.board.number == 1:
                            board_one.add(fresh)
    # board 1 was shown 7 ways (board 2's result and clearing the artificial score leave it
    # as it was), in each language
    assert len(board_one) == 2 * 7
