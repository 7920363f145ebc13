"""Forms for setting up an event: the event, its teams, a match and who sits where."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.actions import settings_errors
from matches.actions.events import MAX_BOARDS
from matches.actions.teams import MAX_TEAMS
from matches.choices import Listing, RoomChoice, SeatChoice
from matches.models import Event, Match, Player, Team
from matches.text import text_errors

from .base import (
    VP_TABLE_HELP,
    ActionFormMixin,
    confirm_field,
    uneven_segments_error,
    vp_table_text,
)

__all__ = ["MAX_BOARDS", "MAX_TEAMS", "EventForm", "MatchForm", "SeatingForm", "TeamForm"]


class EventForm(ActionFormMixin, forms.ModelForm):
    """An event's settings; the rules are the actions' (``settings_errors``). Segments
    that do not divide the match are asked about before they are taken (not again once
    the event has them)."""

    confirm = confirm_field(_("Yes, keep these uneven segments"))

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "vp_scale",
            "vp_table",
            "boards_per_match",
            "boards_per_segment",
            "bye_vp",
            "average_plus",
            "average_minus",
            "table_lead",
            "table_each_board",
            "corrections_minutes",
            "results_public",
            "hands_public",
            "listing",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "results_public": forms.RadioSelect,
            "hands_public": forms.RadioSelect,
        }
        help_texts = {
            "hands_public": _(
                "The event's directors see every board's results and hands at once, "
                "marked “not yet public”."
            ),
            "table_lead": _(
                "At the tables, the phones ask for the opening lead with each result, as "
                "the room sheet does."
            ),
        }

    vp_table = forms.CharField(
        label=_("Your VP table"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 6, "class": "font-monospace"}),
        help_text=VP_TABLE_HELP,
    )

    def __init__(self, *args, **kwargs):
        instance = kwargs.get("instance")
        if instance is not None and instance.vp_table and "initial" not in kwargs:
            kwargs["initial"] = {"vp_table": vp_table_text(instance.vp_table)}
        super().__init__(*args, **kwargs)
        for name in ("average_plus", "average_minus"):
            self.fields[name].required = False  # blank: the usual +3 / -3
        self.fields["listing"].required = False  # left out: as it is (listed, when new)
        for name in ("results_public", "hands_public"):
            self.fields[name].required = False  # left out: as it is (the strict rule, when new)

    def clean(self):
        cleaned = super().clean()
        values = {name: cleaned.get(name) for name in self.Meta.fields}
        for name in ("average_plus", "average_minus"):
            if values[name] is None and name not in self.errors:
                values[name] = cleaned[name] = Event._meta.get_field(name).default
        if not values["listing"] and "listing" not in self.errors:
            values["listing"] = cleaned["listing"] = self.instance.listing or Listing.LISTED
        for name in ("results_public", "hands_public"):
            if not values[name] and name not in self.errors:
                kept = getattr(self.instance, name) or Event._meta.get_field(name).default
                values[name] = cleaned[name] = kept
        for error in settings_errors(values):
            if error.field not in self.errors:  # one message a field: the first
                self.add_error(error.field, ValidationError(str(error), code=error.code))
        if not self.errors and not cleaned.get("confirm"):
            boards, segment = values["boards_per_match"], values["boards_per_segment"]
            uneven = uneven_segments_error(boards, segment)
            stored = (self.instance.boards_per_match, self.instance.boards_per_segment)
            if uneven is not None and not (self.instance.pk and (boards, segment) == stored):
                self.fields["confirm"].widget = forms.CheckboxInput()
                self.add_error("boards_per_segment", uneven)
        return cleaned

    @property
    def settings(self) -> dict:
        """Return the settings typed, for create_event or change_event."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}

    def _post_clean(self):
        pass  # the instance is never filled in or saved: the actions write the event


class TeamForm(ActionFormMixin, forms.Form):
    """A team: its name, captain and players.

    For a new team, players are typed one per line. For a team that exists, each player
    has their own field, so correcting a name keeps the player (and every seat they sat
    in); a tick removes one; new players are typed one per line below.
    """

    name = forms.CharField(label=_("Name"), max_length=80)
    captain = forms.CharField(label=_("Captain"), max_length=80, required=False)

    def __init__(self, *args, event, team=None, **kwargs):
        if team is not None:
            kwargs.setdefault("initial", {"name": team.name, "captain": team.captain})
        super().__init__(*args, **kwargs)
        self.event = event
        self.team = team
        self.players = list(team.players.all()) if team is not None else []
        for number, player in enumerate(self.players, start=1):  # "Player 1": a name each
            self.fields[f"player_{player.pk}"] = forms.CharField(  # at most 80: clean()
                label=_("Player %(number)s") % {"number": number},
                required=False,
                initial=player.name,
            )
            self.fields[f"remove_{player.pk}"] = forms.BooleanField(
                label=_("Remove %(name)s from the team") % {"name": player.name}, required=False
            )
        self.fields["players"] = forms.CharField(
            label=_("New players") if self.players else _("Players"),
            required=False,
            widget=forms.Textarea(attrs={"rows": 4 if self.players else 6}),
            help_text=_("One name per line."),
        )

    def player_fields(self):
        """Return (player, name field, remove field) for each player of the team."""
        return [(p, self[f"player_{p.pk}"], self[f"remove_{p.pk}"]) for p in self.players]

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        for message in text_errors(name, required=True, most=80):
            raise ValidationError(message, code="name")
        clash = Team.objects.filter(event=self.event, name__iexact=name)
        if self.team is not None:
            clash = clash.exclude(pk=self.team.pk)
        existing = clash.first()
        if existing is not None:  # quoted as it is spelled in the event, not as typed
            raise ValidationError(
                _("This event already has a team called “%(name)s”."),
                code="duplicate",
                params={"name": existing.name},
            )
        return name

    def clean_players(self):
        names = [line.strip() for line in self.cleaned_data["players"].splitlines()]
        names = [name for name in names if name]
        if any(len(name) > 80 for name in names):
            raise ValidationError(_("A player's name has at most 80 characters."), code="long")
        for name in names:
            for message in text_errors(name):
                raise ValidationError(message, code="text")
        return names

    def clean(self):
        cleaned = super().clean()
        if self.team is None and self.event.teams.count() >= MAX_TEAMS:
            raise ValidationError(
                _("An event has at most %(most)s teams."), code="teams", params={"most": MAX_TEAMS}
            )
        for player in self.players:
            name = (cleaned.get(f"player_{player.pk}") or "").strip()
            for message in text_errors(name, most=80):
                self.add_error(f"player_{player.pk}", ValidationError(message, code="text"))
        return cleaned

    def changes(self) -> dict:
        """Return the corrections for change_team: renames, removals, new players."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "captain": data["captain"],
            "rename": {
                p.pk: data[f"player_{p.pk}"].strip()
                for p in self.players
                if data[f"player_{p.pk}"].strip()
            },
            "remove": [p.pk for p in self.players if data[f"remove_{p.pk}"]],
            "add": data["players"],
        }


class MatchForm(ActionFormMixin, forms.ModelForm):
    confirm = confirm_field(_("Yes, these teams play each other again"))

    class Meta:
        model = Match
        fields = ["round", "home", "away"]
        labels = {"home": _("Home team"), "away": _("Away team")}

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        teams = Team.objects.filter(event=event).order_by("pk")  # in entry order
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("home") and cleaned.get("home") == cleaned.get("away"):
            self.add_error(
                "away", ValidationError(_("A team cannot play itself."), code="same-team")
            )
        return cleaned

    def _post_clean(self):
        pass  # the actions create the match


class SeatingForm(ActionFormMixin, forms.Form):
    """The eight players of one segment: the home team N-S in the open room, E-W in the closed."""

    def __init__(self, *args, match, segment, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.segment = segment
        for room in RoomChoice:
            for seat in SeatChoice:
                team = match.team_in(room, seat)
                self.fields[f"{room}_{seat}"] = forms.ModelChoiceField(
                    label=f"{room.label} · {seat.label}",
                    queryset=Player.objects.filter(team=team),
                    required=False,
                )

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

    def seats(self) -> dict:
        """Return {(room, seat): player or None} for set_seating."""
        return {
            (room, seat): self.cleaned_data.get(f"{room}_{seat}")
            for room in RoomChoice
            for seat in SeatChoice
        }

    @classmethod
    def initial_for(cls, match, segment):
        """Return the current seating of a segment as form initial data."""
        return {
            f"{s.room}_{s.seat}": s.player_id for s in match.seatings.all() if s.segment == segment
        }
