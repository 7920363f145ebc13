import pytest
from django.utils import translation
from hypothesis import settings

from tests.redis import redis_settings  # noqa: F401 - a fixture

# No deadline on a hypothesis example: the suite runs on a shared 2-core machine, and
# speed is measured in `make bench`, never in timed tests.
settings.register_profile("project", deadline=None)
settings.load_profile("project")


@pytest.fixture
def english(client):
    """Return a test client that asks for pages in English."""
    client.cookies["django_language"] = "en"
    yield client
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
