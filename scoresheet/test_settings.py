"""Settings for the test suite: the real settings with a test-only secret key."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret")
os.environ.setdefault("SECURE_COOKIES", "0")
os.environ["REDIS_URL"] = ""  # the tests that need Redis say so (tests/redis.py)

from .settings import *  # noqa: E402,F403

STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# One process: the rate limits count in memory (each test starts with empty caches; see
# tests/conftest.py).
CACHES["shared"] = {  # noqa: F405
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "shared",
}
