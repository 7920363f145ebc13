"""A round's clock worked out from the instants it was set by: the time left after pauses
and extensions, the boards due, a table behind the clock, and the changes it refuses."""

import datetime

import pytest

from matches.scoring.round_clock import ClockRefused, RoundClock

START = datetime.datetime(2026, 12, 7, 19, 0, tzinfo=datetime.UTC)


def at(minutes: float) -> datetime.datetime:
    return START + datetime.timedelta(minutes=minutes)


def minutes(delta: datetime.timedelta) -> float:
    return delta.total_seconds() / 60


def test_a_clock_not_started_has_its_whole_length_left_and_no_end():
    clock = RoundClock().set_length(60)
    assert clock.state(at(30)) == "ready"
    assert minutes(clock.remaining(at(30))) == 60
    assert clock.ends() is None


def test_a_running_clock_counts_down_from_its_start():
    clock = RoundClock().set_length(60).start(START)
    assert clock.state(at(20)) == "running"
    assert minutes(clock.remaining(at(20))) == 40
    assert clock.ends() == at(60)


def test_a_pause_stops_the_time_and_the_resumed_clock_ends_that_much_later():
    clock = RoundClock().set_length(60).start(START).pause(at(10))
    assert clock.state(at(25)) == "paused"
    assert minutes(clock.remaining(at(25))) == 50  # as at the pause
    assert clock.ends() is None
    clock = clock.resume(at(25))
    assert minutes(clock.remaining(at(30))) == 45
    assert clock.ends() == at(75)
    clock = clock.pause(at(40)).resume(at(45))  # a second pause adds up with the first
    assert clock.ends() == at(80)


def test_an_extension_adds_its_minutes_even_after_the_time_is_up():
    clock = RoundClock().set_length(60).start(START)
    assert clock.state(at(61)) == "over"
    assert minutes(clock.remaining(at(61))) == -1
    clock = clock.extend(5)
    assert clock.state(at(61)) == "running"
    assert minutes(clock.remaining(at(61))) == 4
    assert clock.ends() == at(65)


def test_a_new_length_keeps_the_extensions_and_a_reset_forgets_the_start():
    clock = RoundClock().set_length(60).start(START).extend(10).set_length(50)
    assert clock.ends() == at(60)
    clock = clock.reset()
    assert clock == RoundClock(minutes=50)


@pytest.mark.parametrize(
    ("elapsed", "due"), [(0, 0), (7.4, 0), (7.5, 1), (30, 4), (59, 7), (60, 8), (90, 8)]
)
def test_the_boards_due_are_those_whose_share_of_the_round_is_over(elapsed, due):
    clock = RoundClock().set_length(60).start(START)  # 8 boards: 7½ minutes a board
    assert clock.boards_due(8, at(elapsed)) == due


def test_a_table_is_behind_the_clock_with_fewer_boards_played_than_are_due():
    clock = RoundClock().set_length(60).start(START)
    assert clock.behind(3, 8, at(30))  # 4 due
    assert not clock.behind(4, 8, at(30))
    assert not RoundClock().set_length(60).behind(0, 8, at(30))  # not started: nothing due


def test_a_paused_clock_makes_no_more_boards_due():
    clock = RoundClock().set_length(60).start(START).pause(at(15))
    assert clock.boards_due(8, at(50)) == 2


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda clock: clock.start(START), "unset"),
        (lambda clock: clock.set_length(60).start(START).start(at(1)), "started"),
        (lambda clock: clock.set_length(60).pause(START), "not-started"),
        (lambda clock: clock.set_length(60).start(START).pause(at(1)).pause(at(2)), "paused"),
        (lambda clock: clock.set_length(60).start(START).resume(at(1)), "not-paused"),
        (lambda clock: clock.extend(5), "unset"),
        (lambda clock: clock.set_length(60).extend(0), "extension"),
        (lambda clock: clock.set_length(0), "minutes"),
        (lambda clock: clock.set_length(601), "minutes"),
    ],
)
def test_a_change_the_clocks_state_does_not_allow_is_refused_with_its_reason(change, code):
    with pytest.raises(ClockRefused) as refused:
        change(RoundClock())
    assert refused.value.code == code
