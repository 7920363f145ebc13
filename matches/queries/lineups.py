"""The line-ups a round's page proposes where none is saved yet: each team's pairs as
they sat in the previous round, or else a default seating (the team's players 1–2
North-South, 3–4 East-West). A proposal is only shown; the director's save stores it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _

from matches.choices import RoomChoice
from matches.models import Player, Seating


class Proposal(models.TextChoices):
    """Where a proposed line-up comes from."""

    CARRIED = "carried", _("As in the previous round")  # each team's pairs as they sat
    DEFAULT = "default", _("Default seating")  # players 1–2 North-South, 3–4 East-West


@dataclass(frozen=True)
class ProposedLineup:
    seats: dict  # {"open_N": player id, …}: the form's field names
    kind: str  # Proposal.CARRIED or Proposal.DEFAULT


def _pairs_of(match, team_id: int, seats: dict) -> tuple[list, list] | None:
    """Return a team's (North-South pair, East-West pair) in one segment's seats
    ({(room, seat): player id}), or None when the team was not fully seated."""
    ns_room = RoomChoice.OPEN if team_id == match.home_id else RoomChoice.CLOSED
    ew_room = RoomChoice.CLOSED if ns_room == RoomChoice.OPEN else RoomChoice.OPEN
    ns = [seats.get((ns_room, seat)) for seat in "NS"]
    ew = [seats.get((ew_room, seat)) for seat in "EW"]
    if None in ns or None in ew:
        return None
    return ns, ew


def _previous_pairs(stage, round_number: int) -> dict[int, tuple[list, list]]:
    """Return {team id: (N-S pair, E-W pair)} as the teams sat in the stage's round before
    (its last segment seated)."""
    if round_number <= 1:
        return {}
    seats: dict = {}
    rows = Seating.objects.filter(match__stage=stage, match__round=round_number - 1)
    for seating in rows.select_related("match"):
        by_segment = seats.setdefault(seating.match, {}).setdefault(seating.segment, {})
        by_segment[(seating.room, seating.seat)] = seating.player_id
    pairs = {}
    for match, segments in seats.items():
        last = segments[max(segments)]
        for team_id in (match.home_id, match.away_id):
            found = _pairs_of(match, team_id, last)
            if found:
                pairs[team_id] = found
    return pairs


def _default_pairs(team_ids) -> dict[int, tuple[list, list]]:
    """Return {team id: (players 1–2, players 3–4)} for the teams with four players."""
    players: dict = {}
    for player in Player.objects.filter(team__in=team_ids).order_by("id"):
        players.setdefault(player.team_id, []).append(player.pk)
    return {team: (ids[:2], ids[2:4]) for team, ids in players.items() if len(ids) >= 4}


def proposed_lineups(stage, round_number: int, matches) -> dict:
    """Return {(match id, segment): ProposedLineup} for each segment with no seat saved
    (``matches``: the stage's round's)."""
    empty = [
        (match, segment)
        for match in matches
        for segment in match.segment_numbers
        if not any(s.segment == segment for s in match.seatings.all())
    ]
    if not empty:
        return {}
    carried = _previous_pairs(stage, round_number)
    default = _default_pairs({t for m, _s in empty for t in (m.home_id, m.away_id)})
    proposals = {}
    for match, segment in empty:
        seats, kinds = {}, set()
        for team_id in (match.home_id, match.away_id):
            pairs, kind = carried.get(team_id), Proposal.CARRIED
            if pairs is None:
                pairs, kind = default.get(team_id), Proposal.DEFAULT
            if pairs is None:
                continue
            kinds.add(kind)
            ns_room = RoomChoice.OPEN if team_id == match.home_id else RoomChoice.CLOSED
            ew_room = RoomChoice.CLOSED if ns_room == RoomChoice.OPEN else RoomChoice.OPEN
            (north, south), (east, west) = pairs
            seats.update(
                {
                    f"{ns_room}_N": north,
                    f"{ns_room}_S": south,
                    f"{ew_room}_E": east,
                    f"{ew_room}_W": west,
                }
            )
        if seats:
            kind = Proposal.CARRIED if Proposal.CARRIED in kinds else Proposal.DEFAULT
            proposals[(match.pk, segment)] = ProposedLineup(seats, kind)
    return proposals
