"""An event's teams and their players.

A player keeps their identity (and so every seat they sat in) when their name is
corrected; a player who has sat in a match cannot be removed (the message names where).
"""

from __future__ import annotations

from django.db.models import Max, Q
from django.utils.translation import gettext_lazy as _

from matches import queries
from matches.models import Bye, Match, Player, Result, Seating, StageEntry, Team
from matches.text import join, text_errors

from .base import HISTORY_REASON_MOST, ActionError, Gone, changing, pk_of

# A Swiss event is not limited to the 64 teams of a round robin (the Berger schedule's
# limit, checked where a round robin is made): a 500-team Swiss congress fits.
MAX_TEAMS = 1000
TOO_MANY = _("An event has at most %(most)s teams.")
NAME_TAKEN = _("This event already has a team called “%(name)s”.")
PLAYER_SEATED = _(
    "%(player)s has sat in round %(rounds)s, so cannot be removed; correct the name instead."
)
TEAM_PLAYS = _("%(team)s has matches, so cannot be removed; withdraw it instead.")
PLAYER_TOO_LONG = _("A player's name has at most 80 characters.")
PLAYER_TWICE = _(
    "%(player)s is named twice in this team: give each player a name of their own (add an "
    "initial, or a number)."
)
WITHDREW = _("%(team)s withdrew: %(reason)s")
NOTHING_TO_WITHDRAW = _("%(team)s has no match: remove it instead.")


def add_team(event, *, name: str, captain: str = "", players=(), user) -> Team:
    """Return a new team of the event with its players (names, in order)."""
    with changing(user) as change:
        event = change.lock_event(event)
        if event.teams.count() >= MAX_TEAMS:
            raise ActionError(TOO_MANY, field="name", code="teams", params={"most": MAX_TEAMS})
        name = _team_name(event, name)
        team = change.save(Team(event=event, name=name, captain=_captain(captain)))
        for player_name in _player_names(players):
            change.save(Player(team=team, name=player_name))
        return team


def add_teams(event, *, teams, user) -> list[Team]:
    """Return the new teams of the event, all added or none: ``teams`` is a list of
    (name, players) in entry order, as a director typed them one per line."""
    with changing(user) as change:
        event = change.lock_event(event)
        if event.teams.count() + len(teams) > MAX_TEAMS:
            raise ActionError(TOO_MANY, field="teams", code="teams", params={"most": MAX_TEAMS})
        made, seen = [], set()
        for name, players in teams:
            name = _team_name(event, name)
            if name.casefold() in seen:
                raise ActionError(
                    NAME_TAKEN, field="teams", code="duplicate", params={"name": name}
                )
            seen.add(name.casefold())
            team = change.save(Team(event=event, name=name))
            for player_name in _player_names(players):
                change.save(Player(team=team, name=player_name))
            made.append(team)
        return made


def change_team(
    team,
    *,
    user,
    name: str | None = None,
    captain: str | None = None,
    rename: dict | None = None,
    remove=(),
    add=(),
) -> Team:
    """Return the team with its name, captain and players corrected.

    ``rename`` maps a player (or id) to their corrected name: the same player, so every
    seat stays theirs. ``remove`` lists players to take off the team (refused for one who
    has sat in a match); ``add`` lists the names of new players.
    """
    team_id = team if isinstance(team, int) else team.pk
    event_id = Team.objects.filter(pk=team_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise Gone
    with changing(user) as change:
        event = change.lock_event(event_id)
        team = Team.objects.filter(pk=team_id).first()
        if team is None:
            raise Gone
        if name is not None:
            team.name = _team_name(event, name, team)
        if captain is not None:
            team.captain = _captain(captain)
        change.save(team)
        players = {p.pk: p for p in team.players.all()}
        for player, new_name in (rename or {}).items():
            player = players.get(pk_of(player))
            if player is None:
                raise Gone
            (new_name,) = _player_names([new_name]) or [""]
            if new_name and new_name != player.name:
                player.name = new_name
                change.save(player)
        for player in remove:
            player = players.get(pk_of(player))
            if player is None:
                continue
            rounds = sorted(
                set(Seating.objects.filter(player=player).values_list("match__round", flat=True))
            )
            if rounds:
                raise ActionError(
                    PLAYER_SEATED,
                    field=f"player_{player.pk}",
                    code="seated",
                    params={"player": player.name, "rounds": join(rounds)},
                )
            change.delete(player)
        kept = [p.name for p in team.players.all()]
        for player_name in _player_names(add, taken=kept):
            change.save(Player(team=team, name=player_name))
        names = [name.casefold() for name in kept]
        twice = next((n for n in kept if names.count(n.casefold()) > 1), None)
        if twice is not None:  # a name corrected into another player's
            raise ActionError(
                PLAYER_TWICE, field="players", code="player_twice", params={"player": twice}
            )
        return team


def remove_team(team, *, user) -> None:
    """Delete a team that has no match (one with matches is withdrawn instead)."""
    team_id = team if isinstance(team, int) else team.pk
    event_id = Team.objects.filter(pk=team_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise Gone
    with changing(user) as change:
        change.lock_event(event_id)
        team = Team.objects.get(pk=team_id)
        if team.home_matches.exists() or team.away_matches.exists():
            raise ActionError(TEAM_PLAYS, code="plays", params={"team": team.name})
        for player in team.players.all():
            change.delete(player)
        change.delete(team)


def withdraw_from_event(team, *, reason: str, user) -> list[str]:
    """Withdraw a team that has played: its results stand; its matches with no result
    (and not final) are deleted, each deletion keeping the reason in the match's history;
    its byes after its last played round go; it is left out of the Swiss draws to come.

    Return the deleted matches, as "round 3 A – B".
    """
    reason = _reason(reason)
    team_id = pk_of(team)
    event_id = Team.objects.filter(pk=team_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise Gone
    with changing(user) as change:
        event = change.lock_event(event_id)
        team = Team.objects.get(pk=team_id)
        for entry in StageEntry.objects.filter(team=team, withdrawn_after__isnull=True):
            entry.stage.event = event
            entry.withdrawn_after = queries.published_rounds(entry.stage)
            entry.stage.draft.all().delete()  # a draft with the team in it is drawn again
            change.save(entry)
        theirs = event.matches.filter(Q(home=team) | Q(away=team))
        played = set(
            Result.objects.filter(board__match__in=theirs).values_list("board__match_id", flat=True)
        )
        last = dict(
            theirs.filter(pk__in=played).values_list("stage_id").annotate(last=Max("round"))
        )
        deleted = []
        unplayed = theirs.exclude(pk__in=played).exclude(status="final").with_teams()
        for match in change.lock_matches(event, unplayed):
            deleted.append(_match_name(match))
            why = str(WITHDREW % {"team": team.name, "reason": reason})
            change.delete(match, why[:HISTORY_REASON_MOST])
        for bye in Bye.objects.filter(team=team):
            if bye.round > last.get(bye.stage_id, 0):
                change.delete(bye, reason)
        if not deleted and not played:
            raise ActionError(NOTHING_TO_WITHDRAW, code="nothing", params={"team": team.name})
        return deleted


def _match_name(match: Match) -> str:
    return str(_("round %(round)s %(home)s – %(away)s")) % {
        "round": match.round,
        "home": match.home.name,
        "away": match.away.name,
    }


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    errors = text_errors(reason, required=True, most=HISTORY_REASON_MOST)
    if errors:
        raise ActionError(errors[0], field="reason", code="reason")
    return reason


def _team_name(event, name: str, team: Team | None = None) -> str:
    name = name.strip() if isinstance(name, str) else name
    errors = text_errors(name, required=True, most=80)
    if errors:
        raise ActionError(errors[0], field="name", code="name")
    clash = event.teams.filter(name__iexact=name)
    if team is not None:
        clash = clash.exclude(pk=team.pk)
    existing = clash.first()
    if existing is not None:  # quoted as it is spelled in the event, not as typed
        raise ActionError(
            NAME_TAKEN, field="name", code="duplicate", params={"name": existing.name}
        )
    return name


def _captain(captain: str) -> str:
    captain = (captain or "").strip()
    errors = text_errors(captain, most=80)
    if errors:
        raise ActionError(errors[0], field="captain", code="captain")
    return captain


def _player_names(names, taken=()) -> list[str]:
    """Return the names of new players, trimmed, each checked; refused beside "players"
    when a name comes twice, or is already one of ``taken`` (the team's other players)."""
    cleaned = []
    seen = {name.casefold() for name in taken}
    for name in names:
        name = name.strip()
        if not name:
            continue
        errors = text_errors(name, most=80)
        if errors:
            raise ActionError(
                PLAYER_TOO_LONG if len(name) > 80 else errors[0], field="players", code="player"
            )
        if name.casefold() in seen:
            raise ActionError(
                PLAYER_TWICE, field="players", code="player_twice", params={"player": name}
            )
        seen.add(name.casefold())
        cleaned.append(name)
    return cleaned
