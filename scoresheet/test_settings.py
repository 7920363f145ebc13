"""Settings for the test suite: the real settings with a test-only secret key."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret")
os.environ.setdefault("SECURE_COOKIES", "0")

from .settings import *  # noqa: E402,F403

STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
