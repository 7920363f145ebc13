"""An event's directors: who may change it besides the chief directors.

Whoever creates an event directs it (``create_event``); its directors add others, who
must be directors of the site (the Directors group, made by a superuser), and remove them,
as long as one stays.

Neither tells the site's accounts apart: a name nobody has and a player's name get the same
refusal, and removing someone who does not direct the event (whoever they are, if anyone)
gets one neutral refusal without a name, so no director can list the accounts.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from matches.auth.permissions import is_director
from matches.models import EventDirector
from matches.text import text_errors

from .base import ActionError, changing

NOT_A_DIRECTOR = _(
    "“%(name)s” is not a director of this site: check the user name, or ask a superuser to "
    "add them to the Directors group."
)  # for a name nobody has too: the answer tells no account apart
ALREADY = _("“%(name)s” already directs this event.")
LAST = _("An event keeps at least one director: add another before removing “%(name)s”.")
NOT_DIRECTING = _("Nobody was removed: that user does not direct this event.")
USERNAME_MOST = 150  # Django's user name field


def add_director(event, *, username: str, user) -> EventDirector:
    """Return the new director row: the site's director called ``username`` directs the
    event from now on."""
    name = username.strip() if isinstance(username, str) else username
    errors = text_errors(name, required=True, most=USERNAME_MOST)
    if errors:  # before any query: PostgreSQL refuses a NUL even in a look-up
        raise ActionError(errors[0], field="username", code="username")
    with changing(user) as change:
        event = change.lock_event(event)
        director = get_user_model().objects.filter(username=name).first()
        if director is None or not is_director(director):
            raise ActionError(
                NOT_A_DIRECTOR, field="username", code="not_director", params={"name": name}
            )
        if EventDirector.objects.filter(event=event, user=director).exists():
            raise ActionError(ALREADY, field="username", code="already", params={"name": name})
        return change.save(EventDirector(event=event, user=director, added_by=user))


def remove_director(event, *, director, user) -> str:
    """Take a director (a user or a user's id) off the event and return their user name.

    Refused for the last director, and, with one message that names nobody, for any user
    who does not direct the event (or an id with no user).
    """
    director_id = getattr(director, "pk", director)
    with changing(user) as change:
        event = change.lock_event(event)
        rows = EventDirector.objects.filter(event=event, user_id=director_id)
        row = rows.select_related("user").first()
        if row is None:
            raise ActionError(NOT_DIRECTING, code="not_directing")
        name = row.user.get_username()
        if EventDirector.objects.filter(event=event).count() == 1:
            raise ActionError(LAST, code="last", params={"name": name})
        change.delete(row)
        return name
