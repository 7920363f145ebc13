import pytest
from django.utils import translation


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
