"""Accounts: a player signing up, and the demo director ``make run`` prints.

Accounts keep no history and belong to no event, so these run in a plain transaction
(no event to lock, no revision to bump); they are here so that nothing outside the
actions layer writes.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from matches.auth.accounts import LOOKALIKE, check_new_username
from matches.auth.groups import CHIEF_DIRECTORS_GROUP, DIRECTORS_GROUP

from .base import ActionError


def sign_up(*, username: str, password: str):
    """Return a player's new account, called ``username`` with ``password``.

    Refused (``ActionError``, beside the sign-up form's field) for a user name or a
    password the sign-up form refuses: the same checks, made here again.
    """
    account = get_user_model()(username=username)
    try:
        with transaction.atomic():
            try:
                check_new_username(username)
            except ValidationError as error:
                raise ActionError(error.messages[0], field="username", code=error.code) from None
            try:
                validate_password(password, user=account)
            except ValidationError as error:
                raise ActionError(error.messages[0], field="password2", code="password") from None
            account.set_password(password)
            account.save()
    except IntegrityError:  # the same name, signed up a moment ago
        raise ActionError(LOOKALIKE, field="username", code="lookalike") from None
    return account


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
