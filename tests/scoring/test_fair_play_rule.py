"""The fair play rule on its own (matches/scoring/fair_play.py): which boards of a round
are out of play, for each of the event's settings, without a database."""

from matches.scoring.fair_play import (
    HandsRule,
    MatchBoards,
    ResultsRule,
    hands_shown,
    out_of_play,
    table_sees,
)

EIGHT = frozenset(range(1, 9))


def match(key, done, over=False):
    return MatchBoards(key, EIGHT, frozenset(done), over)


# Match 1 has played boards 1–6 in both rooms; match 2 boards 1–3 (board 4 in one room).
ROUND = [match(1, range(1, 7)), match(2, range(1, 4))]


def test_by_default_a_board_is_out_of_play_once_every_table_of_the_round_has_played_it():
    shown = out_of_play(ROUND, ResultsRule.TABLES, 4)
    assert shown == {1: {1, 2, 3}, 2: {1, 2, 3}}


def test_a_board_the_director_released_is_out_of_play_wherever_it_stands():
    shown = out_of_play(ROUND, ResultsRule.TABLES, 4, released={5})
    assert shown == {1: {1, 2, 3, 5}, 2: {1, 2, 3, 5}}


def test_after_both_rooms_of_the_same_match_each_match_shows_what_it_has_played():
    shown = out_of_play(ROUND, ResultsRule.MATCH, 4)
    assert shown == {1: set(range(1, 7)), 2: {1, 2, 3}}


def test_after_the_segment_a_board_waits_for_its_whole_segment_at_every_table():
    assert out_of_play(ROUND, ResultsRule.SEGMENT, 4) == {1: set(), 2: set()}
    played = [match(1, range(1, 7)), match(2, range(1, 5))]
    assert out_of_play(played, ResultsRule.SEGMENT, 4) == {1: {1, 2, 3, 4}, 2: {1, 2, 3, 4}}


def test_at_once_every_board_is_shown():
    assert out_of_play(ROUND, ResultsRule.AT_ONCE, 4) == {1: EIGHT, 2: EIGHT}


def test_a_match_that_no_longer_plays_holds_no_board_in_play():
    forfeited = [match(1, range(1, 9)), match(2, (), over=True)]
    assert out_of_play(forfeited, ResultsRule.TABLES, 4) == {1: EIGHT, 2: EIGHT}


def test_hands_show_once_the_board_is_out_of_play_after_the_round_or_when_published():
    assert hands_shown(ROUND, HandsRule.OUT_OF_PLAY) == {1, 2, 3}
    assert hands_shown(ROUND, HandsRule.OUT_OF_PLAY, released={8}) == {1, 2, 3, 8}
    assert hands_shown(ROUND, HandsRule.ROUND) == set()
    assert hands_shown([match(1, EIGHT), match(2, EIGHT)], HandsRule.ROUND) == EIGHT
    assert hands_shown(ROUND, HandsRule.DIRECTOR) == set()
    assert hands_shown(ROUND, HandsRule.DIRECTOR, published=True) == EIGHT


def test_a_round_with_no_match_yet_shows_no_hands():
    assert hands_shown([], HandsRule.OUT_OF_PLAY) == set()


def test_a_table_sees_the_other_room_once_its_segment_is_complete_or_each_board():
    segments = {number: (number - 1) // 4 + 1 for number in EIGHT}
    assert table_sees(segments, {1, 2, 3, 5}, each_board=False) == set()
    assert table_sees(segments, {1, 2, 3, 4, 5}, each_board=False) == {1, 2, 3, 4}
    assert table_sees(segments, {1, 2, 3, 5}, each_board=True) == {1, 2, 3, 5}
