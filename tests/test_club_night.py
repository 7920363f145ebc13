"""What `make run` prepares for a club night (scoresheet/club_night.py): the data folder's
secret key, made once and kept; backups of the SQLite database, the newest kept; the
settings of the server (DEBUG off, the data folder's database, the address phones use and
that address served, cookies for plain HTTP, the club's own settings kept); the demo made
on the first run only, and the director's password kept after it. The evening itself, on
a network, is tests/browser/test_club_night_on_a_network.py."""

import os
import sqlite3
import stat
import subprocess
import sys

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from matches.models import Event
from scoresheet import club_night
from tests.factories import make_event


def test_the_secret_key_is_made_once_readable_by_its_owner_only_and_kept(tmp_path):
    key = club_night.secret_key(tmp_path)
    assert len(key) >= 50
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert club_night.secret_key(tmp_path) == key


def test_an_empty_secret_key_file_stops_make_run_saying_which(tmp_path):
    (tmp_path / "secret_key").write_text("\n")
    with pytest.raises(SystemExit, match="secret_key holds no key"):
        club_night.secret_key(tmp_path)


def test_a_backup_is_a_whole_copy_and_the_newest_are_kept(tmp_path):
    database = tmp_path / "db.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE results (board INTEGER)")
        connection.execute("INSERT INTO results VALUES (7)")
    assert club_night.backup(tmp_path / "nothing.sqlite3", tmp_path / "backups") is None
    copies = [club_night.backup(database, tmp_path / "backups", keep=2) for _ in range(3)]
    assert sorted((tmp_path / "backups").iterdir()) == sorted(copies[1:])
    with sqlite3.connect(copies[-1]) as copy:
        assert copy.execute("SELECT board FROM results").fetchall() == [(7,)]


def test_the_server_runs_with_debug_off_on_the_data_folder_and_the_laptop_s_address(tmp_path):
    env = club_night.app_environment(
        tmp_path, 8000, {"DEBUG": "1", "DJANGO_SETTINGS_MODULE": "x", "PATH": "/bin"}, "10.0.0.7"
    )
    assert env["DEBUG"] == "0"
    assert "DJANGO_SETTINGS_MODULE" not in env and env["PATH"] == "/bin"
    assert env["SECRET_KEY"] == (tmp_path / "secret_key").read_text().strip()
    assert env["DATABASE_URL"] == f"sqlite:///{tmp_path / 'db.sqlite3'}"
    assert env["PUBLIC_URL"] == "http://10.0.0.7:8000"
    assert env["ALLOWED_HOSTS"] == "localhost,127.0.0.1,[::1],10.0.0.7"
    assert env["SECURE_COOKIES"] == "0"  # plain HTTP: a secure cookie would never come back
    assert club_night.sqlite_file(env) == tmp_path / "db.sqlite3"


def test_the_club_s_own_settings_are_kept(tmp_path):
    club = {
        "PUBLIC_URL": "https://scores.example.org/",
        "SECRET_KEY": "k" * 50,
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/club",
        "ALLOWED_HOSTS": "scores.example.org",
    }
    env = club_night.app_environment(tmp_path, 80, club, "10.0.0.7")
    assert env["PUBLIC_URL"] == "https://scores.example.org"
    assert env["SECRET_KEY"] == "k" * 50 and not (tmp_path / "secret_key").exists()
    assert env["DATABASE_URL"] == club["DATABASE_URL"] and club_night.sqlite_file(env) is None
    assert env["ALLOWED_HOSTS"] == "scores.example.org,10.0.0.7"
    assert env["SECURE_COOKIES"] == "1"


def test_a_laptop_with_no_network_has_no_address_for_phones(tmp_path):
    env = club_night.app_environment(tmp_path, 8000, {}, None)
    assert "PUBLIC_URL" not in env
    assert "no network address" in club_night.banner(None, 8000, env)


def test_the_terminal_shows_the_address_its_qr_code_and_the_director_s_page(tmp_path):
    env = club_night.app_environment(tmp_path, 8000, {}, "10.0.0.7")
    shown = club_night.banner("http://10.0.0.7:8000", 8000, env)
    assert "Phones (手机):          http://10.0.0.7:8000/" in shown
    assert club_night.qr_text("http://10.0.0.7:8000/") in shown
    assert "http://127.0.0.1:8000/director/" in shown


@pytest.mark.django_db
def test_the_first_run_makes_the_demo_and_prints_its_address(capsys):
    call_command("demo_data", "--if-no-events", "--url", "http://10.0.0.7:8000")
    assert "(http://10.0.0.7:8000/events/" in capsys.readouterr().out
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_a_database_with_the_club_s_own_events_gets_no_demo():
    make_event(name="The club's own event")
    call_command("demo_data", "--if-no-events")
    assert list(Event.objects.values_list("name", flat=True)) == ["The club's own event"]


@pytest.mark.django_db
def test_after_the_first_run_the_director_s_password_is_kept(capsys):
    call_command("demo_director", "--keep")
    assert "password:" in capsys.readouterr().out
    hashed = User.objects.get(username="director").password
    call_command("demo_director", "--keep")
    assert "with the password printed when it was made" in capsys.readouterr().out
    assert User.objects.get(username="director").password == hashed


class Running:
    """A process that runs until told it ended."""

    def __init__(self):
        self.returncode = None

    def poll(self):
        return self.returncode

    def send_signal(self, number):
        self.returncode = -number

    def wait(self, timeout=None):
        return self.returncode


def evening_of(tmp_path, monkeypatch, rounds: int):
    """Return an evening whose server and worker run, watched for ``rounds`` seconds, a
    backup and an address check every second."""
    database = tmp_path / "db.sqlite3"
    sqlite3.connect(database).close()
    env = {"DATABASE_URL": f"sqlite:///{database}"}
    evening = club_night.Evening(8000, env, tmp_path)
    evening.server, evening.worker = Running(), Running()
    ticks = iter(range(rounds))

    def a_second(_seconds):
        if next(ticks, None) is None:
            evening.stop()  # Ctrl+C

    monkeypatch.setattr(club_night, "BACKUP_EVERY", 0)
    monkeypatch.setattr(club_night, "ADDRESS_CHECK_EVERY", 0)
    monkeypatch.setattr(club_night.time, "sleep", a_second)
    return evening


def test_the_terminal_says_when_the_laptop_s_address_changed(tmp_path, monkeypatch, capsys):
    evening = evening_of(tmp_path, monkeypatch, rounds=2)
    monkeypatch.setattr(club_night, "machine_address", lambda: "10.0.0.8")
    assert evening.watch("10.0.0.7") == 0
    said = capsys.readouterr().err
    assert said.count("The laptop's address changed from 10.0.0.7 to 10.0.0.8") == 1
    assert "print the cards again" in said
    assert len(list((tmp_path / "backups").glob("db-*.sqlite3"))) >= 1


def test_a_worker_that_stops_is_started_again(tmp_path, monkeypatch, capsys):
    evening = evening_of(tmp_path, monkeypatch, rounds=3)
    stopped = evening.worker
    stopped.returncode = 1
    monkeypatch.setattr(evening, "start_worker", lambda: setattr(evening, "worker", Running()))
    assert evening.watch(None) == 0
    assert evening.worker is not stopped
    assert "The background worker stopped: starting it again." in capsys.readouterr().err


def test_a_server_that_stops_ends_the_evening_and_its_worker(tmp_path, monkeypatch, capsys):
    evening = evening_of(tmp_path, monkeypatch, rounds=3)
    evening.server.returncode = 1
    assert evening.watch(None) == 1
    assert "The server stopped (1)." in capsys.readouterr().err
    assert evening.worker.poll() is not None


def test_a_management_command_runs_on_the_clubs_data_from_a_fresh_terminal(tmp_path):
    """`make manage ARGS=…` runs manage.py with make run's data folder, key and settings,
    with nothing exported beforehand (no DEBUG, no SECRET_KEY)."""
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    run = [sys.executable, "-m", "scoresheet.club_night", "manage", "--data", str(tmp_path)]
    migrated = subprocess.run(
        [*run, "migrate", "--noinput"], env=env, cwd=club_night.ROOT, capture_output=True, text=True
    )
    assert migrated.returncode == 0, migrated.stderr
    assert (tmp_path / "db.sqlite3").exists() and (tmp_path / "secret_key").exists()
    listed = subprocess.run(
        [*run, "export_event", "999"], env=env, cwd=club_night.ROOT, capture_output=True, text=True
    )
    assert "There is no event 999." in listed.stderr
