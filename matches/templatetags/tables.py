"""Template tags of the tables' pages: thin wrappers over ``presenters/table_pages.py``."""

import secrets

from django import template
from django.urls import reverse

from matches.presenters.score_words import side_name
from matches.public_address import loopback_advice, public_url

register = template.Library()

register.filter("side_name", side_name)


@register.simple_tag
def new_key() -> str:
    """Return a fresh random key for a form a table posts: the same form sent twice (a
    double tap, a retry) is taken once."""
    return secrets.token_urlsafe(16)


@register.simple_tag(takes_context=True)
def table_url(context, table) -> str:
    """Return a table's link as the players open it, on the address phones reach (for the
    director to read out or send to a phone)."""
    return public_url(context["request"], reverse("table", args=[table.token]))


@register.inclusion_tag("director/_phone_address.html", takes_context=True)
def phone_address_advice(context):
    """Say, on a page of table links asked on a loopback address with no PUBLIC_URL, that
    phones cannot open it, and which address to use instead."""
    return {"advice": loopback_advice(context["request"])}
