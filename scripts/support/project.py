"""A check's own database, set up as the app needs it (migrated, the static files
collected, a director), and dropped again."""

from __future__ import annotations

import os
import secrets
import sys

from support.postgres import drop_database, recreate_database


def set_up_check(db_name: str, env: dict, director: str):
    """Make ``env`` this process's environment (``support.server.server_env`` gives it:
    the app server's settings, DATABASE_URL naming ``db_name``), create that database
    afresh, set Django up on it, migrate it, collect the static files (DEBUG is off: their
    manifest must exist, as in production) and make the director ``director`` with a new
    password. Return the director (a User) and the password.

    Django's connection is closed on return: the check's next step may be a restart.
    """
    os.environ.clear()
    os.environ.update(env)
    recreate_database(db_name)
    # Imported here, not at the top: the settings read the environment set just above, and
    # the scripts import this module before that.
    import django
    from django.core.management import call_command
    from django.db import connection

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    from tests.factories import make_user

    password = secrets.token_urlsafe(16)
    user = make_user(director, director=True, password=password)
    connection.close()
    return user, password


def tear_down_check(db_name: str) -> bool:
    """Close this process's connections (Django's, if set up) and drop the check's
    database; return False, having said why, when it could not be dropped."""
    try:
        from django.db import connections

        connections.close_all()
    except Exception:  # Django may not be set up yet
        pass
    try:
        drop_database(db_name)
    except Exception as error:
        print(f"ERROR: could not drop {db_name}: {error}", file=sys.stderr)
        return False
    return True
