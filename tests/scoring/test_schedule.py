from collections import Counter
from itertools import combinations

import pytest

from matches.scoring.schedule import (
    Pairing,
    berger_schedule,
    byes_by_round,
    round_count,
)

# The Berger tables as published (FIDE Handbook C.05 Annex 1; also c.w.fox.tripod.com/chess/
# berger.html): home team first; with an odd number the highest number is the bye.
BERGER_4 = [
    [(1, 4), (2, 3)],
    [(4, 3), (1, 2)],
    [(2, 4), (3, 1)],
]
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
BERGER_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]
# The 4- and 6-team tables with team 4 or 6 read as the bye, the bye listed last.
BERGER_3 = [
    [(2, 3), (1, None)],
    [(1, 2), (3, None)],
    [(3, 1), (2, None)],
]
BERGER_5 = [
    [(2, 5), (3, 4), (1, None)],
    [(5, 3), (1, 2), (4, None)],
    [(3, 1), (4, 5), (2, None)],
    [(1, 4), (2, 3), (5, None)],
    [(4, 2), (5, 1), (3, None)],
]
ALL_SIZES = range(3, 65)


def matches_of(schedule):
    return [pairing for pairings in schedule for pairing in pairings if not pairing.is_bye]


@pytest.mark.parametrize(("teams", "table"), [(4, BERGER_4), (6, BERGER_6), (8, BERGER_8)])
def test_an_even_number_of_teams_plays_the_published_berger_table(teams, table):
    assert berger_schedule(teams) == table


@pytest.mark.parametrize(("teams", "table"), [(3, BERGER_3), (5, BERGER_5)])
def test_an_odd_number_of_teams_plays_the_next_table_with_the_highest_number_as_the_bye(
    teams, table
):
    assert berger_schedule(teams) == table


def test_five_teams_have_a_bye_each_in_the_order_of_the_six_team_table():
    assert byes_by_round(5) == {1: 1, 2: 4, 3: 2, 4: 5, 5: 3}


def test_the_bye_comes_last_in_its_round_and_says_so():
    for pairings in berger_schedule(5):
        assert pairings[-1].is_bye
        assert not any(pairing.is_bye for pairing in pairings[:-1])


def test_a_pairing_is_a_tuple_of_home_and_away():
    pairing = berger_schedule(4)[0][0]
    assert isinstance(pairing, Pairing)
    assert (pairing.home, pairing.away) == pairing == (1, 4)


@pytest.mark.parametrize("teams", [4, 6, 64])
def test_an_even_number_of_teams_has_no_byes(teams):
    assert byes_by_round(teams) == {}


@pytest.mark.parametrize(("teams", "rounds"), [(3, 3), (4, 3), (5, 5), (6, 5), (63, 63), (64, 63)])
def test_even_numbers_play_n_minus_one_rounds_and_odd_numbers_n(teams, rounds):
    assert round_count(teams) == rounds
    assert len(berger_schedule(teams)) == rounds


@pytest.mark.parametrize("teams", [-1, 0, 1, 2, 65, 100])
def test_fewer_than_three_or_more_than_sixty_four_teams_is_refused(teams):
    with pytest.raises(ValueError, match="3 to 64 teams"):
        berger_schedule(teams)


@pytest.mark.parametrize("teams", [4.0, "8", None, True])
def test_a_number_of_teams_that_is_not_a_whole_number_is_a_type_error(teams):
    with pytest.raises(TypeError):
        berger_schedule(teams)


@pytest.mark.parametrize("teams", ALL_SIZES)
def test_every_pair_of_teams_meets_exactly_once(teams):
    met = Counter(frozenset(pairing) for pairing in matches_of(berger_schedule(teams)))
    assert set(met) == {frozenset(pair) for pair in combinations(range(1, teams + 1), 2)}
    assert set(met.values()) == {1}


@pytest.mark.parametrize("teams", ALL_SIZES)
def test_every_team_plays_or_sits_out_exactly_once_a_round(teams):
    for pairings in berger_schedule(teams):
        seated = [team for pairing in pairings for team in pairing if team is not None]
        assert sorted(seated) == list(range(1, teams + 1))


@pytest.mark.parametrize("teams", ALL_SIZES)
def test_an_odd_number_of_teams_has_exactly_one_bye_a_round_and_one_each(teams):
    schedule = berger_schedule(teams)
    byes = [[pairing.home for pairing in pairings if pairing.is_bye] for pairings in schedule]
    if teams % 2:
        assert all(len(in_round) == 1 for in_round in byes)
        assert sorted(team for (team,) in byes) == list(range(1, teams + 1))
        assert byes_by_round(teams) == {n: team for n, (team,) in enumerate(byes, start=1)}
    else:
        assert byes == [[]] * len(schedule)


@pytest.mark.parametrize("teams", ALL_SIZES)
def test_every_teams_home_and_away_matches_differ_by_at_most_one(teams):
    matches = matches_of(berger_schedule(teams))
    home = Counter(pairing.home for pairing in matches)
    away = Counter(pairing.away for pairing in matches)
    for team in range(1, teams + 1):
        assert abs(home[team] - away[team]) <= 1
        assert home[team] + away[team] == teams - 1
