"""The app's own settings (scoresheet/settings.py, unchanged) with one addition for
bench_page_cache_gunicorn.py: WhiteNoise also serves the files in BENCH_STATIC_DIR at the
site's root, so the server under test sends the page's own bytes as a static file beside
the page."""

import os

from scoresheet.settings import *  # noqa: F403

WHITENOISE_ROOT = os.environ["BENCH_STATIC_DIR"]
