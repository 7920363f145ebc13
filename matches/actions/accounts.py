"""Accounts: a player signing up, director accounts (the demo director ``make run``
prints, the load test's directors).

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

from matches.auth.accounts import LOOKALIKE, check_new_username, check_username
from matches.auth.groups import CHIEF_DIRECTORS_GROUP, DIRECTORS_GROUP

from .base import ActionError


def _check(check, value, *, field="username", **kwargs) -> None:
    """Run a Django-style check of ``value``; its first refusal as an ActionError."""
    try:
        check(value, **kwargs)
    except ValidationError as error:
        code = error.error_list[0].code or field
        raise ActionError(error.messages[0], field=field, code=code) from None


def sign_up(*, username: str, password: str):
    """Return a player's new account, called ``username`` with ``password``.

    Refused (``ActionError``, beside the sign-up form's field) for a user name or a
    password the sign-up form refuses: the same checks, made here again.
    """
    account = get_user_model()(username=username)
    try:
        with transaction.atomic():
            _check(check_new_username, username)
            _check(validate_password, password, user=account, field="password2")
            account.set_password(password)
            account.save()
    except IntegrityError:  # the same name, signed up a moment ago
        raise ActionError(LOOKALIKE, field="username", code="lookalike") from None
    return account


def make_director(username: str, *, chief: bool = False, password: str | None = None) -> str:
    """Return the password of the director account ``username``, made or reset: in the
    Directors group (and the Chief directors group when ``chief``: they change every
    event), with ``password`` or a new random one.

    Refused (``ActionError``) for a user name no account may have, or a new name that reads
    like an existing user's; a password given is checked as the sign-up form checks one.
    """
    password = password if password is not None else secrets.token_urlsafe(12)
    users = get_user_model().objects
    with transaction.atomic():
        _check(check_username, username)
        account = users.select_for_update().filter(username=username).first()
        if account is None:
            _check(check_new_username, username)
            account = get_user_model()(username=username)
        _check(validate_password, password, user=account, field="password")
        account.set_password(password)
        account.is_staff = True
        account.save()
        names = [DIRECTORS_GROUP, CHIEF_DIRECTORS_GROUP] if chief else [DIRECTORS_GROUP]
        for name in names:
            account.groups.add(Group.objects.get_or_create(name=name)[0])
    return password


def reset_demo_director(username: str) -> str:
    """Return a new password for the demo director ``username``, made or reset.

    The demo director changes every event (the demo's included): a chief director.
    """
    return make_director(username, chief=True)
