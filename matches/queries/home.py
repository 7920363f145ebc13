"""The home page's events: today's and those to come first, then the recent ones, and a
search by name; an unlisted event is never among them (it is reached by its link), an
archived one only by a search."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import QuerySet

from matches.choices import Listing
from matches.models import Event

RECENT = 20  # the past events listed under today's
FOUND = 50  # the most a search shows
SEARCH_MOST = 80  # the longest search typed that is taken


@dataclass(frozen=True)
class HomeEvents:
    coming: list[Event]  # today's and later, soonest first
    recent: list[Event]  # before today, the latest first
    search: str  # what was searched for ("" for no search)
    found: list[Event]  # what the search found: listed and archived events
    more_found: bool  # the search found more than it shows


def home_events(today: datetime.date, search: str = "") -> HomeEvents:
    """Return the events the home page lists on ``today``, and those ``search`` finds."""
    listed = Event.objects.filter(listing=Listing.LISTED)
    coming = list(listed.filter(date__gte=today).order_by("date", "name"))
    recent = list(listed.filter(date__lt=today).order_by("-date", "name")[:RECENT])
    search = " ".join((search or "").split())[:SEARCH_MOST]
    found: list[Event] = []
    if search:
        matching = _searched(search).order_by("-date", "name")
        found = list(matching[: FOUND + 1])
    return HomeEvents(coming, recent, search, found[:FOUND], len(found) > FOUND)


def _searched(search: str) -> QuerySet[Event]:
    """Return the listed and archived events whose name holds every word searched."""
    events = Event.objects.exclude(listing=Listing.UNLISTED)
    for word in search.split():
        events = events.filter(name__icontains=word)
    return events
