"""Forms for setting up an event: the event, its teams, a match and who sits where."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.choices import RoomChoice, SeatChoice, VPScaleChoice
from matches.models import Event, Match, Player, Seating, Team
from matches.scoring import PRINTED_25_BOARDS

MAX_BOARDS = 200
MAX_TEAMS = 64


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "vp_scale",
            "boards_per_match",
            "boards_per_segment",
            "bye_vp",
            "average_plus",
            "average_minus",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def clean_boards_per_match(self):
        boards = self.cleaned_data["boards_per_match"]
        if not 1 <= boards <= MAX_BOARDS:
            raise ValidationError(
                _("A match has 1 to %(most)s boards."), code="boards", params={"most": MAX_BOARDS}
            )
        return boards

    def clean_boards_per_segment(self):
        boards = self.cleaned_data["boards_per_segment"]
        if boards < 1:
            raise ValidationError(_("A segment has at least one board."), code="segment")
        return boards

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("average_plus", "average_minus"):
            self.fields[name].required = False  # blank: the usual +3 / -3

    def clean_average_plus(self):
        imps = self.cleaned_data["average_plus"]
        if imps is None:
            return Event._meta.get_field("average_plus").default
        if not 0 <= imps <= 24:
            raise ValidationError(_("Average plus is 0 to 24 IMPs."), code="average")
        return imps

    def clean_average_minus(self):
        imps = self.cleaned_data["average_minus"]
        if imps is None:
            return Event._meta.get_field("average_minus").default
        if not -24 <= imps <= 0:
            raise ValidationError(_("Average minus is 0 to -24 IMPs."), code="average")
        return imps

    def save(self, commit=True):
        event = super().save(commit)
        if commit:
            for match in event.matches.all():
                match.create_boards()  # a longer match gets its new boards
            event.refresh_totals()
        return event

    def clean(self):
        cleaned = super().clean()
        boards = cleaned.get("boards_per_match")
        if cleaned.get("vp_scale") == VPScaleChoice.PRINTED_25 and boards:
            if boards not in PRINTED_25_BOARDS:
                self.add_error(
                    "vp_scale",
                    ValidationError(
                        _(
                            "The printed 25-VP scale covers matches of 12, 16 or 20 boards, "
                            "not %(boards)s; choose the WBF 2013 scale."
                        ),
                        code="scale-boards",
                        params={"boards": boards},
                    ),
                )
        return cleaned


class TeamForm(forms.ModelForm):
    players = forms.CharField(
        label=_("Players"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("One name per line."),
    )

    class Meta:
        model = Team
        fields = ["name", "captain"]

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        if self.instance.pk:
            self.fields["players"].initial = "\n".join(p.name for p in self.instance.players.all())

    def clean(self):
        cleaned = super().clean()
        if not self.instance.pk and self.event.teams.count() >= MAX_TEAMS:
            raise ValidationError(
                _("An event has at most %(most)s teams."), code="teams", params={"most": MAX_TEAMS}
            )
        return cleaned

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        clash = Team.objects.filter(event=self.event, name__iexact=name)
        if clash.exclude(pk=self.instance.pk).exists():
            raise ValidationError(
                _("This event already has a team called “%(name)s”."),
                code="duplicate",
                params={"name": name},
            )
        return name

    def clean_players(self):
        names = [line.strip() for line in self.cleaned_data["players"].splitlines()]
        names = [name for name in names if name]
        too_long = [name for name in names if len(name) > 80]
        if too_long:
            raise ValidationError(_("A player's name has at most 80 characters."), code="long")
        return names

    def save(self, commit=True):
        team = super().save(commit=False)
        team.event = self.event
        team.save()
        kept = {p.name: p for p in team.players.all()}
        wanted = self.cleaned_data["players"]
        team.players.exclude(name__in=wanted).delete()
        Player.objects.bulk_create(
            [Player(team=team, name=name) for name in wanted if name not in kept]
        )
        return team


class MatchForm(forms.ModelForm):
    class Meta:
        model = Match
        fields = ["round", "home", "away"]
        labels = {"home": _("Home team"), "away": _("Away team")}

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        teams = Team.objects.filter(event=event)
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("home") and cleaned.get("home") == cleaned.get("away"):
            self.add_error(
                "away", ValidationError(_("A team cannot play itself."), code="same-team")
            )
        return cleaned

    def save(self, commit=True):
        match = super().save(commit=False)
        match.event = self.event
        match.save()
        match.create_boards()
        return match


class SeatingForm(forms.Form):
    """The eight players of one segment: the home team N-S in the open room, E-W in the closed."""

    def __init__(self, *args, match, segment, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.segment = segment
        for room in RoomChoice:
            for seat in SeatChoice:
                team = self.team_in(room, seat)
                self.fields[f"{room}_{seat}"] = forms.ModelChoiceField(
                    label=f"{room.label} · {seat.label}",
                    queryset=Player.objects.filter(team=team),
                    required=False,
                )

    def team_in(self, room, seat):
        """Return the team that sits in this seat of this room."""
        home_seats = ("N", "S") if room == RoomChoice.OPEN else ("E", "W")
        return self.match.home if seat in home_seats else self.match.away

    def clean(self):
        cleaned = super().clean()
        seen = {}
        for name, player in list(cleaned.items()):
            if player is None:
                continue
            if player.pk in seen:
                self.add_error(
                    name,
                    ValidationError(
                        _("%(player)s is already seated in this segment."),
                        code="twice",
                        params={"player": player},
                    ),
                )
            seen[player.pk] = name
        return cleaned

    def save(self):
        """Replace the segment's seating with the players chosen."""
        Seating.objects.filter(match=self.match, segment=self.segment).delete()
        Seating.objects.bulk_create(
            [
                Seating(match=self.match, segment=self.segment, room=room, seat=seat, player=p)
                for name, p in self.cleaned_data.items()
                if p is not None
                for room, seat in [name.split("_")]
            ]
        )

    @classmethod
    def initial_for(cls, match, segment):
        """Return the current seating of a segment as form initial data."""
        return {
            f"{s.room}_{s.seat}": s.player_id for s in match.seatings.all() if s.segment == segment
        }
