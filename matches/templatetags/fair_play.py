"""Template filters of fair play (matches/queries/fair_play.py)."""

from django import template

from matches.queries.fair_play import view_of

register = template.Library()


@register.filter
def seen_version(event) -> str:
    """Return what the parts of a page showing the event are cached under, for the viewer
    asking: its ``cache_version`` (every change) for one who sees every result as it is
    accepted (a director of the event), its ``public_version`` for everyone else."""
    return event.cache_version if view_of(event).sees_all else event.public_version
