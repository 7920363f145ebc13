"""A test harness for server processes around a Redis outage (``python -m
tests.outage_harness …`` with DATABASE_URL and REDIS_URL set), as a gunicorn worker is:

    setup                two events, their versions published to the cache as a change does
    change EVENT         change the event (its version goes up), print the new version,
                         then wait to be killed
    serve                read event ids from standard input, one a line; print the version
                         the public pages would be keyed on (``versions.event_version``)

Each prints one line of JSON per answer. Redis is asked again RETRY seconds (environment,
default 5) after it failed.
"""

import datetime
import json
import os
import sys
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")
django.setup()

from matches import actions  # noqa: E402 (Django is set up first)
from matches.caching import resilient_cache, versions  # noqa: E402
from matches.models import Event  # noqa: E402

resilient_cache.RETRY_SECONDS = float(os.environ.get("RETRY", "5"))


def say(answer: dict) -> None:
    print(json.dumps(answer), flush=True)


def setup() -> None:
    made = [
        actions.create_event(
            name=name,
            date=datetime.date(2026, 12, 1),
            vp_scale="wbf-2013",
            boards_per_match=16,
            boards_per_segment=16,
            user=None,
        )
        for name in ("Outage check", "Another event")
    ]
    for event in made:
        versions.publish(event.pk)
    say(
        {
            "events": [event.pk for event in made],
            "version": versions.version_from_database(made[0].pk),
        }
    )


def change(event_id: int) -> None:
    actions.change_event(Event.objects.get(pk=event_id), user=None, name="Outage check, moved")
    say({"version": versions.version_from_database(event_id)})
    time.sleep(600)  # killed by the test, as a worker is by a restart


def serve() -> None:
    for line in sys.stdin:
        say({"version": versions.event_version(int(line))})


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    {"setup": setup, "change": change, "serve": serve}[command](*map(int, args))
