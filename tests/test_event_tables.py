"""The event's tables as places in the room, as the actions and queries see them: one
card per table and room for the whole event, opening whatever match is at its table in
the current round; a match moved before its round starts; where a team plays next."""

import pytest

from matches import actions, queries
from matches.models import EventTable, Match, RetiredLink, Room
from matches.queries.event_tables import match_at, next_tables, table_numbers
from tests.factories import enter, make_event, make_team, make_user

pytestmark = pytest.mark.usefixtures("messages_in_english")


@pytest.fixture
def evening(db):
    """Return a 6-team event of 2-board matches with 3 rounds scheduled (3 tables)."""
    event = make_event(name="Tuesday teams", boards_per_match=2, boards_per_segment=2)
    for name in ("Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir"):
        make_team(event, name)
    actions.make_round_robin(event, user=None, rounds=3)
    return event


def at(event, round_number, number):
    """Return the match at table ``number`` of a round."""
    in_round = list(event.matches.filter(round=round_number))
    numbers = table_numbers(in_round)
    return next(m for m in in_round if numbers[m.pk] == number)


def play_out(match):
    """Enter every board of the match in both rooms (the match is then over)."""
    for number in match.board_numbers:
        enter(match, number, "open", "3NT", "N", "=")
        enter(match, number, "closed", "3NT", "N", "=")


def card(event, number, room):
    return EventTable.objects.get(event=event, number=number, room=room)


def test_the_event_gets_one_card_for_each_room_of_each_table_once(evening):
    director = make_user(director=True)
    revision = type(evening).objects.get(pk=evening.pk).revision
    cards = actions.open_event_tables(evening, user=director)
    assert [(c.number, c.room) for c in cards] == [
        (1, "open"),
        (1, "closed"),
        (2, "open"),
        (2, "closed"),
        (3, "open"),
        (3, "closed"),
    ]
    assert len({c.code for c in cards}) == 6 and all(len(c.token) >= 43 for c in cards)
    assert cards[0].history.first().history_user == director
    assert type(evening).objects.get(pk=evening.pk).revision == revision + 1
    again = actions.open_event_tables(evening, user=director)
    assert {c.token for c in again} == {c.token for c in cards}  # made once
    assert type(evening).objects.get(pk=evening.pk).revision == revision + 1  # nothing new


def test_a_card_opens_its_tables_match_of_the_current_round_and_then_the_next(evening):
    actions.open_event_tables(evening, user=None)
    place = card(evening, 2, "closed")
    first = actions.room_at(place)
    assert (first.match, first.room, first.place) == (at(evening, 1, 2), "closed", place)
    assert actions.room_at(place).pk == first.pk  # the same room while the round plays
    play_out(at(evening, 1, 2))
    second = actions.room_at(place)
    assert (second.match, second.room) == (at(evening, 2, 2), "closed")
    assert second.token != first.token  # each match's room has its own link


def test_a_teams_next_table_opens_even_while_the_round_before_plays_there(evening):
    actions.open_event_tables(evening, user=None)
    place = card(evening, 1, "open")
    wanted = at(evening, 2, 1)
    assert match_at(place) == at(evening, 1, 1)
    assert actions.room_at(place, match=wanted.pk).match == wanted
    elsewhere = at(evening, 2, 3)  # not played at this table: the current match instead
    assert actions.room_at(place, match=elsewhere.pk).match == at(evening, 1, 1)


def test_a_card_with_no_match_at_its_table_says_so(evening):
    place = EventTable.objects.create(
        event=evening, number=9, room="open", token="x" * 43, code="ZZZZZZ"
    )
    with pytest.raises(actions.ActionError) as refused:
        actions.room_at(place)
    assert refused.value.code == "no-match"


def test_once_every_round_is_over_a_card_keeps_the_last_match(evening):
    actions.open_event_tables(evening, user=None)
    for round_number in (1, 2, 3):
        play_out(at(evening, round_number, 3))
    assert actions.room_at(card(evening, 3, "open")).match == at(evening, 3, 3)


def test_the_director_moves_a_match_to_another_table_before_its_round_starts(evening):
    director = make_user(director=True)
    moving, staying = at(evening, 2, 3), at(evening, 2, 1)
    moved = actions.move_to_table(moving, number=1, user=director)
    assert moved.table == 1
    assert (at(evening, 2, 1), at(evening, 2, 3)) == (moving, staying)  # swapped
    assert at(evening, 2, 2).table == 2  # the others keep their numbers
    assert moved.history.first().history_user == director
    assert moved.history.first().history_change_reason == "moved from table 3 to table 1"
    assert staying.history.first().history_change_reason == "moved from table 1 to table 3"
    actions.open_event_tables(evening, user=None)
    play_out(at(evening, 1, 1))
    assert actions.room_at(card(evening, 1, "open")).match == moving


def test_a_match_moves_to_a_free_table_and_the_others_stay(evening):
    moving = at(evening, 1, 1)
    actions.move_to_table(moving, number=5, user=None)
    numbers = table_numbers(list(evening.matches.filter(round=1)))
    assert sorted(numbers.values()) == [2, 3, 5] and numbers[moving.pk] == 5


def test_a_match_does_not_move_once_play_has_begun_in_it_or_at_the_table_it_would_take(
    evening,
):
    begun = at(evening, 1, 2)
    enter(begun, 1, "open", "3NT", "N", "=")
    with pytest.raises(actions.ActionError) as refused:
        actions.move_to_table(begun, number=1, user=None)
    assert refused.value.code == "started"
    with pytest.raises(actions.ActionError) as refused:
        actions.move_to_table(at(evening, 1, 1), number=2, user=None)
    assert refused.value.code == "started" and str(begun) in str(refused.value)
    assert Match.objects.filter(table__isnull=False).count() == 0  # nothing written


def test_a_final_match_does_not_move(evening):
    director = make_user(director=True)
    match = at(evening, 3, 1)
    actions.mark_final(match, user=director, confirm=True)
    with pytest.raises(actions.MatchIsFinal):
        actions.move_to_table(match, number=2, user=director)


@pytest.mark.parametrize("number", [0, 201])
def test_a_match_moves_only_to_a_table_that_can_be(evening, number):
    with pytest.raises(actions.ActionError) as refused:
        actions.move_to_table(at(evening, 1, 1), number=number, user=None)
    assert refused.value.field == "number"


def test_revoking_a_card_withdraws_the_rooms_it_opened_and_renewing_gives_new_links(evening):
    actions.open_event_tables(evening, user=None)
    place = card(evening, 1, "open")
    room = actions.room_at(place)
    actions.revoke_event_table(place, user=None)
    place.refresh_from_db(), room.refresh_from_db()
    assert not place.is_open and not room.is_open
    old_card, old_room = place.token, room.token
    renewed = actions.renew_event_table(place, user=None)
    room.refresh_from_db()
    assert renewed.is_open and room.is_open
    assert renewed.token != old_card and room.token != old_room
    assert queries.link_replaced(old_card) and queries.link_replaced(old_room)
    assert RetiredLink.objects.filter(place=place).count() == 1
    assert card(evening, 1, "closed").is_open  # the other room's card is another table's


def test_each_pair_learns_where_its_team_plays_next_keeping_its_room(evening):
    actions.open_event_tables(evening, user=None)
    room = actions.room_at(card(evening, 1, "closed"))
    match = room.match
    nxt = next_tables(room)
    ns_team, ew_team = match.away, match.home  # the closed room: home team East-West
    for side, team in (("NS", ns_team), ("EW", ew_team)):
        found = nxt[side]
        later = Match.objects.filter(round=2).filter(home=team) | Match.objects.filter(
            round=2, away=team
        )
        expected = later.get()
        assert (found.team, found.match, found.room) == (team, expected, "closed")
        assert found.number == [n for n in (1, 2, 3) if at(evening, 2, n) == expected][0]
        assert found.side == ("EW" if team == expected.home else "NS")
        assert found.place == card(evening, found.number, "closed")


def test_a_team_with_no_match_drawn_after_this_one_has_no_next_table(evening):
    room = Room.objects.create(match=at(evening, 3, 1), room="open", token="y" * 43, code="YYYYYY")
    assert next_tables(room) == {"NS": None, "EW": None}


def test_a_brackets_round_numbers_its_tables_by_the_place_in_the_bracket(db):
    later = Match(pk=10, bracket="", bracket_position=0)
    earlier = Match(pk=20, bracket="", bracket_position=1)
    placing = Match(pk=5, bracket="place-3", bracket_position=0)
    assert table_numbers([earlier, placing, later]) == {10: 1, 20: 2, 5: 3}
