"""Forms that set up many things at once: an event's teams from a list, a round's line-ups."""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.actions.teams import MAX_TEAMS
from matches.choices import RoomChoice, SeatChoice
from matches.text import text_errors

from .base import ActionFormMixin
from .events import SeatingForm

# A team per line: its name, then (optionally) its players after a colon, separated by
# commas or 、 — "北京队：王建国、李明、陈静、杨帆" or "Dragons: Li, Wang, Zhang, Zhao".
# The players start after the line's last separator: a full-width colon, or a colon
# followed by a space or ending the line. Any other colon belongs to the name ("Team A:B",
# "12:30 Club"), unless the line has no separator and a list of players follows it
# ("Dragons:Li,Wang"). A name holding a separator ends with one more colon when it has no
# players: "Real: Madrid:".
SEPARATOR = re.compile(r"：|:(?=\s|$)")
COLON = re.compile(r":")
PLAYER_SEPARATORS = re.compile(r"[,，、;；]")


def parse_team_line(line: str) -> tuple[str, list[str]]:
    """Return (name, players) from one line of the list."""
    separators = list(SEPARATOR.finditer(line)) or [
        colon for colon in COLON.finditer(line) if PLAYER_SEPARATORS.search(line, colon.end())
    ]
    name, players = line, ""
    if separators:
        name, players = line[: separators[-1].start()], line[separators[-1].end() :]
    names = [p.strip() for p in PLAYER_SEPARATORS.split(players)]
    return name.strip(), [p for p in names if p]


class TeamListForm(ActionFormMixin, forms.Form):
    """Many teams at once, one per line, in the order they entered."""

    teams = forms.CharField(
        label=_("Teams, one per line"),
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        help_text=_(
            "A team's name, then, if you have them, its players after a colon, separated by "
            "commas: “Dragons: Li, Wang, Zhang, Zhao”. The players follow the line's last "
            "colon that is full-width (：) or followed by a space: a name may hold a colon "
            "(“Team A:B: Ann, Bob”); a name holding “: ” with no players ends with one more "
            "colon (“Real: Madrid:”). Captains can be added on each team's page later."
        ),
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_teams(self):
        lines = [line for line in self.cleaned_data["teams"].splitlines() if line.strip()]
        taken = {name.casefold(): name for name in self.event.teams.values_list("name", flat=True)}
        if len(taken) + len(lines) > MAX_TEAMS:
            raise ValidationError(
                _("An event has at most %(most)s teams: it has %(has)s, you listed %(listed)s."),
                code="teams",
                params={"most": MAX_TEAMS, "has": len(taken), "listed": len(lines)},
            )
        errors, teams, listed = [], [], {}
        for number, line in enumerate(self.cleaned_data["teams"].splitlines(), start=1):
            if not line.strip():
                continue
            name, players = parse_team_line(line)
            problem = self._problem(name, players, taken, listed)
            if problem:
                errors.append(
                    ValidationError(
                        _("Line %(line)s: %(problem)s"),
                        code="line",
                        params={"line": number, "problem": problem},
                    )
                )
            listed.setdefault(name.casefold(), number)
            teams.append((name, players))
        if errors:
            raise ValidationError(errors)
        return teams

    @staticmethod
    def _problem(name, players, taken, listed) -> str | None:
        """Return what is wrong with one line, or None."""
        if not name:
            return _("a team needs a name before the colon.")
        for message in text_errors(name, required=True, most=80):
            return message
        if name.casefold() in taken:
            return _("this event already has a team called “%(name)s”.") % {
                "name": taken[name.casefold()]
            }
        if name.casefold() in listed:
            return _("“%(name)s” is listed twice (line %(first)s too).") % {
                "name": name,
                "first": listed[name.casefold()],
            }
        for player in players:
            if len(player) > 80:
                return _("a player's name has at most 80 characters.")
            for message in text_errors(player):
                return message
        return None


class LineupForm(SeatingForm):
    """One segment of one match on the round's line-ups page: the same rules as the
    match's seating, laid out as a small table (a room per row, a seat per column)."""

    def __init__(self, *args, match, segment, **kwargs):
        super().__init__(*args, match=match, segment=segment, **kwargs)
        for room in RoomChoice:
            for seat in SeatChoice:
                field = self.fields[f"{room}_{seat}"]
                team = match.team_in(room, seat)
                field.label = _("%(room)s, %(seat)s (%(team)s)") % {
                    "room": room.label,
                    "seat": seat.label,
                    "team": team.name,
                }
                field.empty_label = "—"

    def rooms(self) -> list:
        """Return (room, [bound field of each seat N, E, S, W]) for the template's table."""
        return [(room, [self[f"{room}_{seat}"] for seat in SeatChoice]) for room in RoomChoice]

    @property
    def complete(self) -> bool:
        """Return True when all eight seats are filled in the data shown."""
        return all(self[name].value() not in (None, "") for name in self.fields)
