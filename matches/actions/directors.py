"""An event's directors: who may change it besides the chief directors.

Whoever creates an event directs it (``create_event``); its directors add others, who
must be directors of the site (the Directors group, made by a superuser), and remove them,
as long as one stays.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from matches.models import EventDirector

from .base import ActionError, changing

NOT_A_DIRECTOR = _(
    "“%(name)s” is not a director of this site: a superuser adds them to the Directors group first."
)
ALREADY = _("“%(name)s” already directs this event.")
LAST = _("An event keeps at least one director: add another before removing “%(name)s”.")
NO_SUCH_USER = _("There is no user called “%(name)s”.")


def add_director(event, *, username: str, user) -> EventDirector:
    """Return the new director row: the site's director called ``username`` directs the
    event from now on."""
    from matches.auth.permissions import is_director

    with changing(user) as change:
        event = change.lock_event(event)
        name = (username or "").strip()
        director = get_user_model().objects.filter(username=name).first()
        if director is None:
            raise ActionError(NO_SUCH_USER, field="username", code="unknown", params={"name": name})
        if not is_director(director):
            raise ActionError(
                NOT_A_DIRECTOR, field="username", code="not_director", params={"name": name}
            )
        if EventDirector.objects.filter(event=event, user=director).exists():
            raise ActionError(ALREADY, field="username", code="already", params={"name": name})
        return change.save(EventDirector(event=event, user=director, added_by=user))


def remove_director(event, *, director, user) -> None:
    """Take a director off the event (refused for the last one)."""
    with changing(user) as change:
        event = change.lock_event(event)
        row = EventDirector.objects.filter(event=event, user=director).first()
        if row is None:
            return
        if EventDirector.objects.filter(event=event).count() == 1:
            raise ActionError(LAST, code="last", params={"name": row.user.get_username()})
        change.delete(row)
