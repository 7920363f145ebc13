"""Who may change what. Anyone reads. Directors (the Directors group) reach the director's
pages and create events; each event is changed only by its own directors (whoever created
it, and those they added) and by chief directors (superusers, or the Chief directors
group), who change every event. Chief directors see and lift the lock-outs of table
codes (an address that typed too many wrong ones); superusers alone see and lift login
lock-outs.

Every view that changes an event checks this before any form work: ``event_director_required``
finds the event from the URL (``event_id``, or ``match_id``'s event).
"""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404

from matches.auth.groups import CHIEF_DIRECTORS_GROUP, DIRECTORS_GROUP
from matches.models import EventDirector, Match


def _groups(user) -> set[str]:
    cached = getattr(user, "_group_names", None)
    if cached is None:
        cached = user._group_names = set(user.groups.values_list("name", flat=True))
    return cached


def is_director(user) -> bool:
    """Return True for a logged-in director: the Directors or Chief directors group, or a
    superuser."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return bool(_groups(user) & {DIRECTORS_GROUP, CHIEF_DIRECTORS_GROUP})


def is_chief_director(user) -> bool:
    """Return True for a user who may change every event: a superuser or a chief director."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or CHIEF_DIRECTORS_GROUP in _groups(user)


def directs(user, event) -> bool:
    """Return True when the user may change this event (an Event or its id)."""
    if not is_director(user):
        return False
    if is_chief_director(user):
        return True
    event_id = event if isinstance(event, int) else event.pk
    return EventDirector.objects.filter(event_id=event_id, user=user).exists()


def _only(allowed):
    """Return a decorator that sends anonymous users to the login page and refuses (403)
    every user ``allowed`` refuses, before the view does anything."""

    def decorator(view):
        @wraps(view)
        @login_required
        def wrapper(request, *args, **kwargs):
            if not allowed(request.user):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


director_required = _only(is_director)  # directors (and chief directors, superusers)
chief_director_required = _only(is_chief_director)  # chief directors and superusers
superuser_required = _only(lambda user: user.is_superuser)


def _event_in_url(kwargs) -> int:
    """Return the id of the event a director URL changes (404 when there is none)."""
    if "event_id" in kwargs:
        return kwargs["event_id"]
    event_id = Match.objects.filter(pk=kwargs["match_id"]).values_list("event_id", flat=True)
    event_id = event_id.first()
    if event_id is None:
        raise Http404
    return event_id


def event_director_required(view):
    """Send anonymous users to the login page and refuse (403) everyone but the directors
    of the event in the URL and chief directors, before the view does anything."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not is_director(request.user) or not directs(request.user, _event_in_url(kwargs)):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper
