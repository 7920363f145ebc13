"""WSGI entry point (gunicorn scoresheet.wsgi)."""

import os
import sys

from django.core.wsgi import get_wsgi_application

from scoresheet.env import SettingError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")
try:
    application = get_wsgi_application()
except SettingError as error:  # a setting's own message says it all: no traceback
    sys.exit(f"The app cannot start: {error}")
