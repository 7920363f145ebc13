"""A club night on a laptop: what ``make run`` runs (README, "A club night").

    python -m scoresheet.club_night serve [--port 8000] [--data data]
    python -m scoresheet.club_night director [--data data]

``serve`` keeps everything in the data folder, made at the first run: the SQLite database
(``db.sqlite3``), the secret key (``secret_key``, made once, readable by its owner only:
sessions and the tables' cookies outlive a restart) and ``backups/`` (a copy of the
database at each start and every 15 minutes while serving, the newest 24 kept). It
migrates the database, collects the static files, makes the demo event and the demo
director on the first run (printing the login), then serves every interface of the laptop
on the port with gunicorn, DEBUG off, with the background worker (``manage.py db_worker``)
beside it, and prints the address phones use, the laptop's on its network (or
``PUBLIC_URL``), with its QR code. It warns when that address changes (the Wi-Fi came back
with another). Ctrl+C stops the server and the worker.

``director`` gives the demo director a new password (the data folder's database).

Settings given in the environment are kept (``DATABASE_URL``, ``SECRET_KEY``,
``ALLOWED_HOSTS``, ``PUBLIC_URL``, ``SECURE_COOKIES``…); ``DEBUG`` is always off.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path

import segno

from matches.public_address import machine_address

ROOT = Path(__file__).resolve().parent.parent
BACKUPS_KEPT = 24
BACKUP_EVERY = 15 * 60  # seconds
CORRECTIONS_EVERY = 60  # seconds between two runs of end_corrections
ADDRESS_CHECK_EVERY = 30  # seconds
WORKERS = 3  # gunicorn's processes: a dozen phones polling every 5 s is light work
START_TIMEOUT = 60  # seconds for the server to answer /healthz
STOP_WAIT = 600  # seconds the worker may take to finish its job when stopped


def secret_key(data: Path) -> str:
    """Return the secret key kept in the data folder, made (random, owner-only) the first
    time."""
    path = data / "secret_key"
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text().strip()
        if len(key) < 50:
            raise SystemExit(f"{path} holds no key: delete it and start again.") from None
        return key
    key = secrets.token_urlsafe(50)
    with os.fdopen(descriptor, "w") as file:
        file.write(key + "\n")
    return key


def backup(database: Path, folder: Path, keep: int = BACKUPS_KEPT) -> Path | None:
    """Copy the SQLite database into ``folder`` (SQLite's online backup: consistent while
    the server writes), named by the time; keep the newest ``keep``. None: no database yet."""
    if not database.exists():
        return None
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"db-{datetime.now():%Y%m%d-%H%M%S-%f}.sqlite3"  # sorts by time
    source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    copy = sqlite3.connect(target)
    try:
        with copy:
            source.backup(copy)
    finally:
        copy.close()
        source.close()
    for old in sorted(folder.glob("db-*.sqlite3"))[:-keep]:
        old.unlink()
    return target


def public_origin(port: int, given: str, address: str | None) -> str | None:
    """Return the address phones use: ``given`` (PUBLIC_URL) when set, else the laptop's
    ``address`` on its network with the port; None when the laptop has none."""
    if given.strip():
        return given.strip().removesuffix("/")
    if address is None:
        return None
    return f"http://{address}" + ("" if port == 80 else f":{port}")


def app_environment(data: Path, port: int, base: dict, address: str | None) -> dict:
    """Return the environment of the server, the worker and the commands: ``base`` (the
    club's own settings kept) with DEBUG off, the data folder's key and database, the
    address phones use (the laptop's ``address`` unless PUBLIC_URL is given) and that
    address served, cookies for plain HTTP."""
    env = {k: v for k, v in base.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["DEBUG"] = "0"
    if not env.get("SECRET_KEY"):
        env["SECRET_KEY"] = secret_key(data)
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{data / 'db.sqlite3'}"
    public = public_origin(port, env.get("PUBLIC_URL", ""), address)
    hosts = [h.strip() for h in env.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")]
    if address and address not in hosts:
        hosts.append(address)
    env["ALLOWED_HOSTS"] = ",".join(h for h in hosts if h)
    if public:
        env["PUBLIC_URL"] = public
    # Over plain HTTP a browser does not send back a cookie marked secure: no login.
    env.setdefault("SECURE_COOKIES", "1" if (public or "").startswith("https:") else "0")
    return env


def manage(env: dict, *arguments: str) -> None:
    """Run a manage.py command with the club's settings; stop if it fails."""
    command = [sys.executable, "manage.py", *arguments]
    if subprocess.run(command, cwd=ROOT, env=env).returncode != 0:
        raise SystemExit(f"manage.py {arguments[0]} failed (above): nothing was started.")


def sqlite_file(env: dict) -> Path | None:
    """Return the SQLite database's file, or None on another database."""
    url = env["DATABASE_URL"]
    return (
        Path(url.removeprefix("sqlite:///").removeprefix("sqlite://"))
        if url.startswith("sqlite:")
        else None
    )


def static_fingerprint() -> str:
    """Return a digest of what collectstatic gathers: the app's static files (names, sizes,
    times) and the packages that bring theirs (requirements.txt, the environment)."""
    digest = hashlib.sha256(f"{sys.prefix}\n".encode())
    digest.update((ROOT / "requirements.txt").read_bytes())
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path.relative_to(ROOT)} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def collect_static(env: dict) -> None:
    """Gather the static files for WhiteNoise (hashed names, compressed), unless nothing
    changed since the last time (a restart during the evening is quick)."""
    stamp = ROOT / "staticfiles" / ".collected"
    fingerprint = static_fingerprint()
    if stamp.exists() and stamp.read_text() == fingerprint:
        return
    print("Gathering the static files (the first time takes a minute)…", flush=True)
    manage(env, "collectstatic", "--noinput", "-v", "0")
    stamp.write_text(fingerprint)


def port_taken(port: int) -> bool:
    """Return True when something already listens on the port on this machine."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return True
    return False


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    """Return once the server answers /healthz on the laptop; stop if it exits or takes
    longer than START_TIMEOUT."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped ({server.returncode}); see above.")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer within {START_TIMEOUT} s; see above.")


def banner(public: str | None, port: int, env: dict) -> str:
    """Return what the terminal shows once the server answers: the address phones use,
    its QR code, the director's address, and how to stop."""
    lines = ["", "=" * 66, "The club's scoresheet is running. 记分系统已启动。", ""]
    if public:
        lines += [
            f"  Phones (手机):          {public}/",
            f"  A table's code (桌卡代码): {public}/t/",
            "",
            qr_text(f"{public}/"),
        ]
    else:
        lines += [
            "  This laptop has no network address: phones cannot reach it. Connect it to",
            "  the club's Wi-Fi, then make run again. 本机没有网络地址，手机无法连接：",
            "  请先连接俱乐部的 Wi-Fi，再运行 make run。",
        ]
    lines += [
        f"  Director (裁判), on this laptop: http://127.0.0.1:{port}/director/",
        f"  Data (数据): {sqlite_file(env) or 'DATABASE_URL'}; backups beside it.",
        "  Stop (停止): Ctrl+C",
        "=" * 66,
        "",
    ]
    return "\n".join(lines)


def qr_text(url: str) -> str:
    """Return the QR code of ``url`` drawn with block characters, for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


class Evening:
    """The server and the worker of one evening, and the laptop's address watched."""

    def __init__(self, port: int, env: dict, data: Path):
        self.port, self.env, self.data = port, env, data
        self.server: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.stopping = False

    def start_worker(self) -> None:
        command = [sys.executable, "manage.py", "db_worker", "--no-startup-delay"]
        self.worker = subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "scoresheet.wsgi",
            "--bind",
            f"0.0.0.0:{self.port}",
            "--workers",
            str(WORKERS),
            "--timeout",
            "60",
            "--graceful-timeout",
            "10",
            "--log-level",
            "warning",
        ]
        self.server = subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)
        self.start_worker()
        wait_until_up(self.port, self.server)

    def stop(self, *_signal) -> None:
        """Stop the server and the worker politely: the worker finishes the job under way
        (up to STOP_WAIT seconds). Asked again while stopping (a second Ctrl+C): at once."""
        running = [p for p in (self.server, self.worker) if p is not None and p.poll() is None]
        if self.stopping:
            for process in running:
                process.kill()
            return
        self.stopping = True
        if self.worker is not None and self.worker.poll() is None:
            print("Stopping: the background worker finishes its job (Ctrl+C again: at once).")
        for process in running:
            process.send_signal(signal.SIGTERM)
        for process in running:
            try:
                process.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)

    def watch(self, address: str | None) -> int:
        """Keep the evening going until Ctrl+C (0) or the server stops (1): the worker
        started again if it stops, a backup every BACKUP_EVERY, the address checked."""
        database = sqlite_file(self.env)
        backed_up = checked = swept = time.monotonic()
        while not self.stopping:
            time.sleep(1)
            if self.stopping:
                break
            if self.server.poll() is not None:
                print(f"The server stopped ({self.server.returncode}).", file=sys.stderr)
                self.stop()
                return 1
            if self.worker.poll() is not None:
                print("The background worker stopped: starting it again.", file=sys.stderr)
                self.start_worker()
            now = time.monotonic()
            if now - swept >= CORRECTIONS_EVERY:  # matches whose corrections period ended
                swept = now
                subprocess.run(
                    [sys.executable, "manage.py", "end_corrections"],
                    cwd=ROOT,
                    env=self.env,
                    start_new_session=True,
                )
            if database and now - backed_up >= BACKUP_EVERY:
                backup(database, self.data / "backups")
                backed_up = now
            if address and now - checked >= ADDRESS_CHECK_EVERY:
                checked = now
                found = machine_address()
                if found and found != address:
                    print(address_changed(address, found), file=sys.stderr)
                    address = found
        return 0


def address_changed(old: str, new: str) -> str:
    return (
        f"\n!! The laptop's address changed from {old} to {new} (the Wi-Fi reconnected).\n"
        f"!! 本机的网络地址由 {old} 变为 {new}。Phones and cards with {old} no longer reach\n"
        "!! this laptop: stop (Ctrl+C), make run again, and print the cards again; or ask\n"
        f'!! the router to give the laptop {old} every time (README, "A club night").\n'
    )


def serve(port: int, data: Path) -> int:
    data.mkdir(parents=True, exist_ok=True)
    if port_taken(port):
        raise SystemExit(f"Port {port} is taken (another make run?): stop it, or make run PORT=…")
    address = machine_address()
    env = app_environment(data, port, dict(os.environ), address)
    database = sqlite_file(env)
    if database:
        backup(database, data / "backups")  # before migrate changes anything
    manage(env, "migrate", "--noinput", "-v", "0")
    if database:  # readers do not wait for a writer (kept in the file)
        with sqlite3.connect(database) as connection:
            connection.execute("PRAGMA journal_mode=WAL")
    collect_static(env)
    public = env.get("PUBLIC_URL")
    site = public or f"http://127.0.0.1:{port}"
    manage(env, "demo_data", "--if-no-events", "--url", site)
    manage(env, "demo_director", "--keep", "--url", f"http://127.0.0.1:{port}/accounts/login/")
    evening = Evening(port, env, data)
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signal.signal(getattr(signal, name), evening.stop)
    evening.start()
    print(banner(public, port, env), flush=True)
    return evening.watch(None if os.environ.get("PUBLIC_URL") else address)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["serve", "director", "manage"])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data", type=Path, default=ROOT / "data")
    args, rest = parser.parse_known_args(argv)
    data = args.data.resolve()
    if args.command == "manage":  # a management command on the club's data, as make run has it
        if not rest:
            parser.error("manage needs the command to run: manage import_deals 3 deals.pbn")
        env = app_environment(data, args.port, dict(os.environ), None)
        return subprocess.run([sys.executable, "manage.py", *rest], cwd=ROOT, env=env).returncode
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "director":
        data.mkdir(parents=True, exist_ok=True)
        env = app_environment(data, args.port, dict(os.environ), machine_address())
        manage(env, "demo_director", "--url", f"http://127.0.0.1:{args.port}/accounts/login/")
        return 0
    try:
        return serve(args.port, data)
    except KeyboardInterrupt:  # Ctrl+C before the server started
        return 130


if __name__ == "__main__":
    sys.exit(main())
