#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")
    from django.core.management import execute_from_command_line

    from scoresheet.env import SettingError

    try:
        execute_from_command_line(sys.argv)
    except SettingError as error:  # a setting's own message says it all: no traceback
        sys.exit(f"The app cannot start: {error}")
