"""Accounts: a player signing up, and the demo director ``make run`` prints.

Accounts keep no history and belong to no event, so these run in a plain transaction
(no event to lock, no revision to bump); they are here so that nothing outside the
actions layer writes.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from matches.auth.groups import CHIEF_DIRECTORS_GROUP, DIRECTORS_GROUP


def sign_up(form):
    """Return the player's new account, from a valid sign-up form."""
    with transaction.atomic():
        return form.save()


def reset_demo_director(username: str) -> str:
    """Return a new password for the demo director ``username``, made or reset.

    The demo director changes every event (the demo's included): a chief director.
    """
    password = secrets.token_urlsafe(9)
    with transaction.atomic():
        user, _ = get_user_model().objects.select_for_update().get_or_create(username=username)
        user.set_password(password)
        user.is_staff = True
        user.save()
        for name in (DIRECTORS_GROUP, CHIEF_DIRECTORS_GROUP):
            user.groups.add(Group.objects.get_or_create(name=name)[0])
    return password
