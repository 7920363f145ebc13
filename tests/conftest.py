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
