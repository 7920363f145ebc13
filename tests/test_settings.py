import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_check(**env):
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scoresheet.settings", **env},
        capture_output=True,
        text=True,
    )


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = run_check(DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize("env", [{"DEBUG": "1"}, {"DEBUG": "0", "SECRET_KEY": "x" * 50}])
def test_it_starts_with_a_secret_key_or_in_debug(env):
    assert run_check(**env).returncode == 0
