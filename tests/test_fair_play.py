"""Fair play: no page, feed or file shows a board's result or its hands to anyone who may
still have to play it (matches/queries/fair_play.py); the event's directors see it all,
marked "not yet public".

The round below is caught in the middle of play: two matches share the round's deals
(uploaded before play); boards 1–3 are played at every table, board 4 in both rooms of
match 1 (a 24-IMP swing: 7NT made, 7NT doubled down 13) and in the open room of match 2
only, board 5 by match 1 alone but released by the director (a late table), boards 6–8
nowhere yet.
"""

import itertools
from pathlib import Path

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from matches import actions
from matches.models import Deal, Match
from matches.models.stages import first_stage
from matches.queries.fair_play import event_view
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import enter

DATA = Path(__file__).parent / "data"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]
IN_PLAY = (4, 6, 7, 8)
LANGUAGES = ("en", "zh-hans")


def markers(round_in_play) -> list[str]:
    """Return what would give away a board in play: board 4's scores, its IMPs in match
    1's total and VP, and the hands of every board in play (the diagram's number, the
    cards as PBN and JSON write them)."""
    event, first = round_in_play["event"], round_in_play["matches"][0]
    found = ["2220", "3800", "24 : 0", f"{first.home_vp:.2f}"]
    for deal in Deal.objects.filter(event=event, round=1, board__in=IN_PLAY):
        found.append(f'<span class="hd-number">{deal.board}</span>')
        found.extend(deal.pbn[2:].split(" ")[:1])  # North's cards: "AQ7654.92.Q52.J9"
    return found


def url_patterns(resolvers=None, prefix=(), namespace=""):
    """Yield (name, {argument: converter}) of every named URL of the configuration, found
    by walking it: a page added later is fetched too."""
    for entry in resolvers if resolvers is not None else get_resolver().url_patterns:
        converters = {**dict(prefix), **getattr(entry.pattern, "converters", {})}
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from url_patterns(entry.url_patterns, tuple(converters.items()), inner)
        elif isinstance(entry, URLPattern) and entry.name:
            yield namespace + entry.name, converters


# The arguments no public page of an event has: a table's link is its own room's secret
# (the tables' own rule, tests/test_table_pages.py); the rest are the director's pages
# and the home games, which refuse a visitor or hold no event; Django's admin, for staff.
NOT_EVENT_ARGUMENTS = {
    "token",
    "user_id",
    "table_id",
    "call_id",
    "penalty_id",
    "job_id",
    "kind",
    "game_id",
    "index",
}


def candidate_urls(round_in_play) -> list[str]:
    """Return every URL of the configuration with the round's real ids."""
    event = round_in_play["event"]
    first, second = round_in_play["matches"]
    values = {
        "event_id": [event.pk],
        "match_id": [first.pk, second.pk],
        "round_number": [1],
        "board_number": [4, 5, 6],
        "team_id": [round_in_play["teams"][0].pk],
        "number": [1],
        "code": ["pbn"],
        "room": ["open", "closed"],
    }
    urls, unknown = [], set()
    for name, converters in url_patterns():
        arguments = sorted(converters)
        if name.startswith("admin:") or set(arguments) & NOT_EVENT_ARGUMENTS:
            continue
        missing = set(arguments) - set(values)
        if missing:
            unknown |= missing
            continue
        for combination in itertools.product(*(values[a] for a in arguments)):
            urls.append(reverse(name, kwargs=dict(zip(arguments, combination, strict=True))))
    assert unknown == set(), "a new URL argument: give it a value here"
    return urls


def fetch_all(client, urls, language) -> dict[str, str]:
    client.cookies["django_language"] = language
    answers = {}
    for url in urls:
        response = client.get(url)
        if response.status_code == 200 and not response.streaming:
            answers[url] = response.content.decode()
    return answers


def test_no_url_a_visitor_can_reach_shows_a_board_in_play_and_a_director_sees_it_all(
    round_in_play,
):
    urls = candidate_urls(round_in_play)
    given_away = markers(round_in_play)
    director = Client()
    director.force_login(round_in_play["director"])
    for language in LANGUAGES:
        seen = fetch_all(director, urls, language)  # first: its pages are cached
        shown = "".join(seen.values())
        assert [m for m in given_away if m not in shown] == [], "the director sees it all"
        public = fetch_all(Client(), urls, language)
        assert len(public) > 20  # the event's pages, feeds and files
        leaks = [(url, m) for url, body in public.items() for m in given_away if m in body]
        assert leaks == []
        first = round_in_play["matches"][0]
        assert "2220" in seen[first.get_absolute_url()]
        assert "not-public-mark" in seen[first.get_absolute_url()]
        event_page = seen[reverse("event", args=[round_in_play["event"].pk])]
        assert "status-not-public" in event_page  # match 1's board 4, marked


def test_the_public_scorecard_counts_only_boards_out_of_play(round_in_play, english):
    first = round_in_play["matches"][0]
    page = english.get(first.get_absolute_url()).content.decode()
    assert "not yet public" in page
    assert "0 : 0" in page  # boards 1–3 and 5 are flat: board 4's 24 IMPs are not counted
    assert "After 4 of 8 boards" in page
    feed = english.get(reverse("scorecard-json", args=[first.pk])).json()
    assert (feed["match"]["home_imps"], feed["match"]["complete_boards"]) == (0, 4)
    assert [b["open"] for b in feed["boards"] if b["number"] == 4] == [None]


def test_a_board_appears_once_the_last_table_plays_it_even_on_a_cached_page(round_in_play, english):
    first, second = round_in_play["matches"]
    traveller = reverse("traveller", args=[round_in_play["event"].pk, 1, 4])
    assert "2220" not in english.get(first.get_absolute_url()).content.decode()
    assert "2220" not in english.get(traveller).content.decode()
    enter(second, 4, "closed", "7NT", "N", "=")
    assert "2220" in english.get(first.get_absolute_url()).content.decode()
    assert "2220" in english.get(traveller).content.decode()
    hands = english.get(reverse("hand-records", args=[round_in_play["event"].pk, 1, 1]))
    assert '<span class="hd-number">4</span>' in hands.content.decode()


def test_after_both_rooms_of_the_same_match_a_match_shows_what_it_has_played(round_in_play):
    event, director = round_in_play["event"], round_in_play["director"]
    actions.change_event(event, user=director, results_public="match")
    first = round_in_play["matches"][0]
    client = Client()
    client.cookies["django_language"] = "en"
    assert "2220" in client.get(first.get_absolute_url()).content.decode()
    # the hands wait for every table all the same
    page = client.get(reverse("hand-records", args=[event.pk, 1, 1])).content.decode()
    assert '<span class="hd-number">4</span>' not in page


def test_at_once_everything_is_public(round_in_play, english):
    event, director = round_in_play["event"], round_in_play["director"]
    actions.change_event(event, user=director, results_public="at-once")
    first = round_in_play["matches"][0]
    assert "24 : 0" in english.get(first.get_absolute_url()).content.decode()


def test_hand_records_the_director_publishes_show_only_once_published(round_in_play, english):
    event, director = round_in_play["event"], round_in_play["director"]
    actions.change_event(event, user=director, hands_public="director")
    url = reverse("hand-records", args=[event.pk, 1, 1])
    assert '<span class="hd-number">1</span>' not in english.get(url).content.decode()
    actions.publish_hands(first_stage(event), round_number=1, user=director)
    assert '<span class="hd-number">4</span>' in english.get(url).content.decode()


def test_releasing_a_board_twice_is_refused_with_a_message(round_in_play, in_english):
    first, director = round_in_play["matches"][0], round_in_play["director"]
    with pytest.raises(actions.ActionError, match="out of play already"):
        actions.release_board(first, board=5, reason="Again", user=director)
    assert Match.objects.filter(pk=first.pk).exists()


def test_a_director_takes_a_board_out_of_play_from_the_match_page(round_in_play, english):
    first, second = round_in_play["matches"]
    director = Client()
    director.force_login(round_in_play["director"])
    director.cookies["django_language"] = "en"
    url = reverse("director-release-board", args=[second.pk])
    answer = director.post(url, {"release-board": "4", "release-reason": "Fouled board"})
    assert answer.status_code == 302
    assert "2220" in english.get(first.get_absolute_url()).content.decode()
    page = director.get(reverse("director-match", args=[second.pk])).content.decode()
    assert "Board 4: out of play — Fouled board" in page
    refused = director.post(url, {"release-board": "4", "release-reason": "Again"})
    assert "out of play already" in refused.content.decode()


def test_the_settings_form_and_the_deals_page_say_which_rule_applies(round_in_play):
    director = Client()
    director.force_login(round_in_play["director"])
    director.cookies["django_language"] = "en"
    event = round_in_play["event"]
    page = director.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "After every table has played the board" in page
    assert "do not share deals" in page
    deals = director.get(reverse("director-deals", args=[event.pk])).content.decode()
    assert "hand records: when the board is out of play." in deals


def test_releasing_a_board_keeps_its_reason_and_director_in_the_history_and_bumps_once(
    round_in_play,
):
    event, director = round_in_play["event"], round_in_play["director"]
    second = round_in_play["matches"][1]
    event.refresh_from_db()
    before = (event.revision, event.wide_revision)
    release = actions.release_board(second, board=6, reason="Late table", user=director)
    event.refresh_from_db()
    assert (event.revision, event.wide_revision) == (before[0] + 1, before[1] + 1)
    assert release.history.get().history_user == director
    assert (release.round, release.board, release.reason) == (1, 6, "Late table")


def test_after_the_segment_a_board_waits_for_its_whole_segment_at_every_table(
    round_in_play, english
):
    event, director = round_in_play["event"], round_in_play["director"]
    actions.change_event(event, user=director, boards_per_segment=4, results_public="segment")
    page = english.get(round_in_play["matches"][0].get_absolute_url()).content.decode()
    assert '<tr data-board="1" class="not-public">' in page  # board 4 still waits in match 2
    assert '<tr data-board="5" class="not-public">' not in page  # released
    assert "2220" not in page


def test_hand_records_after_the_round_wait_for_every_board_of_it(round_in_play, english):
    event, director = round_in_play["event"], round_in_play["director"]
    actions.change_event(event, user=director, hands_public="round")
    page = english.get(reverse("hand-records", args=[event.pk, 1, 1])).content.decode()
    assert '<span class="hd-number">1</span>' not in page
    assert "hands not yet public" in page


def test_only_matches_with_a_hidden_board_played_somewhere_are_totalled_again(round_in_play):
    """A spectator's totals are worked out afresh only for the matches whose stored totals
    would give a hidden board away; a later round no table has begun reads as stored (the
    event page of a 15-round round robin took 16 times as long before: make bench)."""
    event, (first, second) = round_in_play["event"], round_in_play["matches"]
    ash, _, cedar, _ = round_in_play["teams"]
    later = actions.add_match(event, round=2, home=ash, away=cedar, user=round_in_play["director"])
    public = event_view(event, sees_all=False)
    assert public.hidden(later.pk) == frozenset(range(1, 9))  # nobody has played round 2
    assert not public.changes_totals(later.pk)
    assert public.changes_totals(first.pk)  # board 4, played in both rooms
    assert public.changes_totals(second.pk)  # board 4, played in the open room only
    assert not event_view(event, sees_all=True).changes_totals(first.pk)
