"""Lists written the way the page's language writes them: "A, B" in English, "A、B" in
Chinese. A list is one translated separator, never a comma typed into a template."""

from django import template
from django.utils.translation import pgettext

register = template.Library()


def list_of(items) -> str:
    """Return the items joined with the language's list separator."""
    return pgettext("list separator", ", ").join(str(item) for item in items)


@register.filter
def names(people) -> str:
    """Return the names of players (or of anything with a name) as a list."""
    return list_of(getattr(person, "name", person) for person in people)
