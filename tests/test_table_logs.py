"""A table's link stays out of the server's logs: gunicorn's access log writes /t/… in
place of the token (request line, path, query, Referer and every other header), and each
worker masks the app's own log records (a refused request's path)."""

import contextlib
import datetime
import importlib.util
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

from tests.test_gunicorn import free_port

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "AJ-C84oGk6s21eX6AgnxofshELg9A9oc6JYKPlQxyXE"


def gunicorn_config():
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_access_log_and_the_apps_log_mask_table_tokens():
    config, token = gunicorn_config(), TOKEN
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/t/{token}/state.json?segment=1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": f"/t/{token}/state.json",
        "QUERY_STRING": "segment=1",
        "HTTP_REFERER": f"https://club.example/t/{token}/",
    }
    request = SimpleNamespace(headers=[("REFERER", f"https://club.example/t/{token}/")])
    response = SimpleNamespace(status="200 OK", sent=10, headers=[])
    logger = config.MaskedTokensLogger.__new__(config.MaskedTokensLogger)
    atoms = logger.atoms(response, request, environ, datetime.timedelta(seconds=0))
    assert token not in repr(atoms)
    assert atoms["r"] == "GET /t/…/state.json?segment=1 HTTP/1.1"
    assert atoms["f"] == "https://club.example/t/…/" == atoms["{referer}i"]
    assert atoms["U"] == "/t/…/state.json"
    assert config.mask_table_tokens("/t/sw.js /t/ /t/ABCDEF/") == "/t/sw.js /t/ /t/ABCDEF/"
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Not Found: %s", (f"/t/{token}/",), None
    )
    assert config.MaskedTokensFilter().filter(record)
    assert record.getMessage() == "Not Found: /t/…/"


def test_gunicorn_writes_no_table_token_in_its_logs(tmp_path):
    port, token = free_port(), "Zq3" + "x" * 40
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    log = tmp_path / "log.txt"
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                str(gunicorn),
                "scoresheet.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "1",
                "--access-logfile",
                "-",
                "--error-logfile",
                "-",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/t/sw.js").close()
                    break
                except OSError:
                    time.sleep(0.1)
            for path in (f"/t/{token}/", "/t/sw.js"):
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port}{path}",
                    headers={"Referer": f"http://127.0.0.1:{port}/t/{token}/"},
                )
                # the unknown token's answer does not matter: the log does
                with contextlib.suppress(urllib.error.HTTPError):
                    urllib.request.urlopen(request).close()
            time.sleep(0.5)
        finally:
            server.terminate()
            server.wait(timeout=10)
    written = log.read_text()
    assert "GET /t/…/ HTTP/1.1" in written and "/t/…/" in written
    assert token not in written, written
