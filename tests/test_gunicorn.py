"""The app as gunicorn serves it (started from the project's folder, as README says)."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_gunicorn_does_not_advertise_itself(tmp_path):
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "scoresheet.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/calculator/") as response:
                    headers = response.headers
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError(server.stderr.read1().decode())
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "Server" not in headers, headers["Server"]
    assert headers["Content-Type"].startswith("text/html")
