import os

import pytest
from django.utils import translation
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

from tests.redis import redis_settings  # noqa: F401 - a fixture

# Hypothesis, the same for every test (a test sets only what is its own: how many examples,
# a function-scoped fixture it knows is shared by its examples). No deadline and no too-slow
# check: the suite runs on a shared 2-core machine, and speed is measured in `make bench`,
# never in timed tests. "project" (the default, as in CI) is derandomized: every run tries
# the same examples, so a failure is reproduced by running the test again and CI cannot go
# red by chance. HYPOTHESIS_PROFILE=explore looks for new examples, keeping failures found
# in .hypothesis/ to replay (a failure found that way is then added as an @example).
settings.register_profile(
    "project",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.register_profile(
    "explore",
    parent=settings.get_profile("project"),
    derandomize=False,
    database=DirectoryBasedExampleDatabase(".hypothesis/examples"),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "project"))


@pytest.fixture
def in_english():
    """Messages read in English while the test runs (the site's default is Chinese; a
    page in Chinese may have been served just before). A module uses it with
    ``pytestmark = pytest.mark.usefixtures("in_english")``."""
    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture
def english(client):
    """Return a test client that asks for pages in English."""
    client.cookies["django_language"] = "en"
    yield client
    translation.activate("en")


@pytest.fixture
def messages_in_english():
    """Have the actions' messages read in English (a page in Chinese may have been served
    just before in the same thread)."""
    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture
def chinese(client):
    """Return a test client that asks for pages in Chinese (zh-hans)."""
    client.cookies["django_language"] = "zh-hans"
    return client


@pytest.fixture
def director(db):
    """Return a chief director: a director who may change every event."""
    from tests.factories import make_user

    return make_user("td", chief=True)


@pytest.fixture
def director_client(client, director):
    """Return a test client logged in as a director, asking for English pages."""
    client.force_login(director)
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def td(db):
    """Return a director who is not a chief director: they change only the events they
    direct (those they create, or are added to)."""
    from tests.factories import make_user

    return make_user("td", director=True)


@pytest.fixture
def td_client(client, td):
    """Return a test client logged in as ``td``, asking for English pages."""
    client.force_login(td)
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def player_client(client, db):
    """Return a test client logged in as a user who is not a director."""
    from tests.factories import make_user

    client.force_login(make_user("player"))
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture(autouse=True)
def empty_cache():
    """Start every test with an empty cache: ids are reused when a test's data is rolled back."""
    from django.core.cache import caches

    caches["default"].clear()
    caches["shared"].clear()


@pytest.fixture
def ids_after_a_season(db):
    """Make every new row of the app's tables take an id of 6 digits or more (each table
    its own range), as a site's ids are after a season: what a page, a file or a history
    reason writes with ids is tried at the length it has in real life."""
    from django.apps import apps
    from django.db import connection

    with connection.cursor() as cursor:
        for number, model in enumerate(apps.get_app_config("matches").get_models()):
            table, start = model._meta.db_table, 123456 + number * 100000
            if connection.vendor == "postgresql":
                cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
                sequence = cursor.fetchone()[0]
                if sequence:
                    cursor.execute("SELECT setval(%s, %s, false)", [sequence, start])
            elif connection.vendor == "sqlite":
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, start - 1]
                )


@pytest.fixture
def round_in_play(ids_after_a_season, tmp_path):
    """A round caught in the middle of play (tests/test_fair_play.py): two matches share
    the round's 8 deals (uploaded before play); boards 1–3 are played at every table,
    board 4 in both rooms of match 1 (a 24-IMP swing: 7NT made, 7NT doubled down 13) and
    in the open room of match 2 only, board 5 by match 1 alone but released by the
    director (a late table), boards 6–8 nowhere yet. Results become public once every
    table has a board (the app's default rule)."""
    import io
    from pathlib import Path

    from django.core.management import call_command

    from matches import actions
    from tests.factories import enter, make_event, make_team, make_user

    director = make_user(director=True)
    event = make_event(
        user=director,
        name="Club teams",
        boards_per_match=8,
        boards_per_segment=8,
        results_public="tables",  # the app's default, asked for: this is what it is about
    )
    teams = [make_team(event, name) for name in ("Ash", "Birch", "Cedar", "Damson")]
    first = actions.add_match(event, round=1, home=teams[0], away=teams[1], user=director)
    second = actions.add_match(event, round=1, home=teams[2], away=teams[3], user=director)
    text = (Path(__file__).parent / "data" / "deals_with_comments_and_statistics.pbn").read_text()
    eight = tmp_path / "eight.pbn"
    eight.write_text(text[: text.index('[Board "9"]')])  # the round's 8 boards
    with translation.override("en"):
        call_command("import_deals", event.pk, eight, "--round", "1", stdout=io.StringIO())
    for match in (first, second):
        for number in (1, 2, 3):
            for room in ("open", "closed"):
                enter(match, number, room, "3NT", "N", "=")
    enter(first, 4, "open", "7NT", "N", "=")
    enter(first, 4, "closed", "7NTX", "N", "-13")
    enter(second, 4, "open", "7NT", "N", "=")
    enter(first, 5, "open", "2H", "N", "=")
    enter(first, 5, "closed", "2H", "N", "=")
    actions.release_board(first, board=5, reason="Late table", user=director)
    first.refresh_from_db()
    return {"event": event, "director": director, "matches": (first, second), "teams": teams}
