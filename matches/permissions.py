"""Who may change what: directors (the Directors group, or superusers) write; anyone reads."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied

from matches.constants import DIRECTORS_GROUP


def is_director(user) -> bool:
    """Return True for a logged-in member of the Directors group, or a superuser."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    cached = getattr(user, "_is_director", None)
    if cached is None:
        cached = user._is_director = user.groups.filter(name=DIRECTORS_GROUP).exists()
    return cached


def director_required(view):
    """Send anonymous users to the login page and refuse (403) everyone but directors."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not is_director(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def superuser_required(view):
    """Send anonymous users to the login page and refuse (403) everyone but superusers."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not request.user.is_superuser:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper
