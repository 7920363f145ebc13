"""Fair play: which boards of a round are out of play, and so may be shown to the players.

A board of a round is *in play* until every table that plays it (every room of every match
of the round sharing its deals) has a result or an adjusted score for it, or the director
releases it (a fouled or unplayable board, a late table). While a board is in play, only
the event's directors see anything of it. An event chooses when a board's results become
public (``ResultsRule``) and, apart, when its hands do (``HandsRule``).

The tables' own rule (a table sees nothing of the other room until the segment is complete
in both rooms of its match, or each board once both rooms have it) is the same rule on one
match: ``ResultsRule.SEGMENT`` or ``ResultsRule.MATCH`` over that match alone.

Pure: the read model (matches/queries/fair_play.py) gives the boards each match has done.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from .team import BoardComparison, segment_of


class ResultsRule(StrEnum):
    """When a board's results (and the totals counting it) become public."""

    TABLES = "tables"  # once every table of the round has played it (the default)
    MATCH = "match"  # once both rooms of the same match have played it
    SEGMENT = "segment"  # once its segment is complete at every table of the round
    AT_ONCE = "at-once"  # as soon as they are entered


class HandsRule(StrEnum):
    """When a board's hands (with HCP, double dummy and par) become public."""

    OUT_OF_PLAY = "out-of-play"  # once the board is out of play at every table
    ROUND = "round"  # once every board of the round is out of play
    DIRECTOR = "director"  # once the director publishes the round's hand records


@dataclass(frozen=True)
class MatchBoards:
    """One match of a round as the rule needs it: the boards it plays and those it has
    done (a result in both rooms, or an adjusted score)."""

    key: Hashable  # the match (its id)
    boards: frozenset[int]
    done: frozenset[int]
    # a match that no longer plays (a forfeit, marked final): it holds nothing in play
    over: bool = False

    @property
    def waiting(self) -> frozenset[int]:
        """Return the boards still to be played here (none once the match is over)."""
        return frozenset() if self.over else self.boards - self.done


def out_of_play(
    matches: Iterable[MatchBoards],
    rule: ResultsRule | str,
    segment_size: int | Callable[[int], int],
    released: Iterable[int] = (),
) -> dict[Hashable, frozenset[int]]:
    """Return {match: the boards whose results may be shown} for the matches of one round
    (those sharing its deals), by the event's ``rule``; ``released``: the boards the
    director released, out of play wherever they are. ``segment_size``: the boards of a
    segment, or what gives a board's segment."""
    matches = list(matches)
    if callable(segment_size):
        segment = segment_size
    else:

        def segment(number: int) -> int:
            return segment_of(number, segment_size)

    released = frozenset(released)
    rule = ResultsRule(rule)
    if rule is ResultsRule.AT_ONCE:
        return {m.key: m.boards for m in matches}
    if rule is ResultsRule.MATCH:
        return {m.key: m.boards - (m.waiting - released) for m in matches}
    waiting = frozenset().union(*(m.waiting for m in matches)) - released
    if rule is ResultsRule.SEGMENT:
        segments = {segment(number) for number in waiting}
        waiting = frozenset(
            number
            for m in matches
            for number in m.boards
            if segment(number) in segments and number not in released
        )
    return {m.key: m.boards - waiting for m in matches}


def hands_shown(
    matches: Iterable[MatchBoards],
    rule: HandsRule | str,
    released: Iterable[int] = (),
    published: bool = False,
) -> frozenset[int]:
    """Return the boards of a round whose hands may be shown, by the event's ``rule``:
    none while the round has no match (deals uploaded before the draw is published); with
    ``OUT_OF_PLAY`` each board out of play at every table; with ``ROUND`` every board once
    all are; with ``DIRECTOR`` every board once the director has ``published`` them."""
    matches = list(matches)
    if not matches:
        return frozenset()
    every = frozenset().union(*(m.boards for m in matches))
    rule = HandsRule(rule)
    if rule is HandsRule.DIRECTOR:
        return every if published else frozenset()
    waiting = frozenset().union(*(m.waiting for m in matches)) - frozenset(released)
    if rule is HandsRule.ROUND:
        return frozenset() if waiting else every
    return every - waiting


def table_sees(segments: Mapping[int, int], done: Iterable[int], each_board: bool):
    """Return the boards whose comparison a table of a match may see (the other room's
    result, the board's IMPs): the boards of each segment complete in both rooms; with
    ``each_board``, each board as soon as both rooms have it. The round's rule on one
    match: ``segments`` is {board: its segment}, ``done`` the boards both rooms have (or
    with an adjusted score)."""
    match = MatchBoards(0, frozenset(segments), frozenset(done))
    rule = ResultsRule.MATCH if each_board else ResultsRule.SEGMENT
    return out_of_play([match], rule, segments.__getitem__)[0]


def unplayed(comparison: BoardComparison) -> BoardComparison:
    """Return a board as it is shown while it is in play: as if no room had played it."""
    return BoardComparison(comparison.number, None, None, None)
