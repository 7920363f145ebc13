"""A club's room in miniature for the browser tests: two network namespaces joined by a
virtual Ethernet pair, a laptop and a phone with private addresses of their own, seen by
nothing else on the machine; `make run` started in the laptop's as a club starts it; a
headless Chromium in either (Playwright drives it from outside through its pipe); QR codes
read back with zbar (zbar-tools' zbarimg) from a printed page or from the terminal.

Making namespaces needs root and iproute2's ``ip``: where they cannot be made the tests
are skipped with the reason, unless REQUIRE_NETNS=1 (as in CI), when they fail instead.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PIL import Image

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
SUBNET = "10.231.31"  # private, and inside the pair of namespaces only
LAPTOP_IP, PHONE_IP = f"{SUBNET}.1", f"{SUBNET}.2"
TOOLS = {"ip": "iproute2", "make": "make", "zbarimg": "zbar-tools", "pdftoppm": "poppler-utils"}
# The settings of the test run, which `make run` must not inherit: it makes its own.
NOT_INHERITED = (
    "DJANGO_SETTINGS_MODULE",
    "SECRET_KEY",
    "SECURE_COOKIES",
    "DATABASE_URL",
    "REDIS_URL",
    "DEBUG",
    "ALLOWED_HOSTS",
    "PUBLIC_URL",
    "MAKEFLAGS",
    "MAKELEVEL",
    "MFLAGS",
)


def no_network(reason: str):
    """Skip the test with ``reason``, or fail it when REQUIRE_NETNS=1."""
    if os.environ.get("REQUIRE_NETNS") == "1":
        pytest.fail(f"{reason} (REQUIRE_NETNS=1 is set, so this is a failure)", pytrace=False)
    pytest.skip(reason)


def ip(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *arguments], capture_output=True, text=True)


class Room:
    """The laptop's and the phone's namespaces, joined by a veth pair (names carry the
    process id, so parallel runs do not meet)."""

    def __init__(self):
        tag = os.getpid() % 100000
        self.laptop, self.phone = f"sc-laptop-{tag}", f"sc-phone-{tag}"
        self.laptop_link, self.phone_link = f"scl{tag}", f"scp{tag}"

    def make(self) -> None:
        """Make both namespaces and their link, or skip (fail in CI) saying why."""
        for tool, package in TOOLS.items():
            if not shutil.which(tool):
                no_network(
                    f"the club-night test needs {tool} (apt-get install {package}); it is missing"
                )
        if os.geteuid() != 0:
            no_network("network namespaces need root; this test run is not root")
        steps = [
            ("netns", "add", self.laptop),
            ("netns", "add", self.phone),
            ("link", "add", self.laptop_link, "type", "veth", "peer", "name", self.phone_link),
            ("link", "set", self.laptop_link, "netns", self.laptop),
            ("link", "set", self.phone_link, "netns", self.phone),
            ("-n", self.laptop, "addr", "add", f"{LAPTOP_IP}/24", "dev", self.laptop_link),
            ("-n", self.phone, "addr", "add", f"{PHONE_IP}/24", "dev", self.phone_link),
            ("-n", self.laptop, "link", "set", "lo", "up"),
            ("-n", self.phone, "link", "set", "lo", "up"),
            ("-n", self.laptop, "link", "set", self.laptop_link, "up"),
            ("-n", self.phone, "link", "set", self.phone_link, "up"),
        ]
        for step in steps:
            done = ip(*step)
            if done.returncode != 0:
                self.remove()
                no_network(
                    f"network namespaces cannot be made here: ip {' '.join(step)}: "
                    f"{done.stderr.strip()}"
                )

    def remove(self) -> None:
        """Stop whatever still runs in the namespaces, then remove them (and the link)."""
        for name in (self.laptop, self.phone):
            for pid in ip("netns", "pids", name).stdout.split():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), signal.SIGKILL)
            ip("netns", "del", name)

    def commands(self, name: str) -> list[str]:
        """Return the command lines of the processes running in namespace ``name``."""
        found = []
        for pid in ip("netns", "pids", name).stdout.split():
            with contextlib.suppress(OSError):  # ended meanwhile
                found.append(
                    Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
                )
        return found

    def chromium(self, name: str, folder: Path) -> Path:
        """Return an executable that starts Debian's Chromium inside namespace ``name``."""
        path = folder / f"chromium-in-{name}"
        path.write_text(f'#!/bin/sh\nexec ip netns exec {name} {CHROMIUM} "$@"\n')
        path.chmod(0o755)
        return path

    def browser(self, playwright_browser, name: str, folder: Path, *arguments: str):
        """Return a headless Chromium running in namespace ``name``, started by the test
        session's Playwright."""
        return playwright_browser.browser_type.launch(
            executable_path=str(self.chromium(name, folder)), args=[*CHROMIUM_ARGS, *arguments]
        )


class MakeRun:
    """`make run` in the laptop's namespace, as a club types it, its terminal kept."""

    def __init__(self, room: Room, data: Path, port: int):
        self.room, self.data, self.port = room, data, port
        self.lines: list[str] = []
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float) -> str:
        """Start `make run` and return what its terminal shows once it says the club's
        scoresheet is running (the first run gathers the static files: minutes on a busy
        machine)."""
        venv = Path(sys.prefix)  # the suite's own: no pip in a namespace without internet
        env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
        command = [
            "ip",
            "netns",
            "exec",
            self.room.laptop,
            "make",
            "-o",
            f"{venv}/.runtime",
            "run",
            f"VENV={venv}",
            f"PORT={self.port}",
            f"DATA={self.data}",
        ]
        self.lines = []
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if "Stop (停止): Ctrl+C" in self.terminal:
                return self.terminal
            if self.process.poll() is not None:
                break
            time.sleep(0.5)
        raise AssertionError(f"make run did not start:\n{self.terminal}")

    def _read(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            self.lines.append(line)

    @property
    def terminal(self) -> str:
        return "".join(self.lines)

    def stop(self) -> None:
        """Ctrl+C, as in the terminal (SIGINT to make's process group); wait for it."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


def read_qr_codes(image: Path) -> list[str]:
    """Return what each QR code in the image holds, as zbar reads it."""
    done = subprocess.run(["zbarimg", "--raw", "-q", str(image)], capture_output=True, text=True)
    return done.stdout.split()


def pdf_qr_codes(pdf: bytes, folder: Path) -> list[str]:
    """Return the QR codes of a printed page (a PDF), each page read as paper would be
    scanned: drawn at 150 dpi."""
    (folder / "print.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", str(folder / "print.pdf"), str(folder / "page")],
        check=True,
    )
    return [code for page in sorted(folder.glob("page*.png")) for code in read_qr_codes(page)]


# The terminal's half blocks: (top, bottom) light or not; a light module is drawn as ink
# on the terminal's dark background.
HALVES = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}


def terminal_qr_codes(text: str, folder: Path, scale: int = 8) -> list[str]:
    """Return the QR codes drawn with block characters in a terminal's ``text``, as a
    phone's camera would read them off a dark terminal."""
    rows = [line for line in text.splitlines() if line and set(line) <= set(HALVES)]
    rows = [line for line in rows if line.strip()]
    if not rows:
        return []
    width = max(len(line) for line in rows)
    picture = Image.new("L", (width, 2 * len(rows)), 0)
    for y, line in enumerate(rows):
        for x, character in enumerate(line.ljust(width)):
            top, bottom = HALVES[character]
            picture.putpixel((x, 2 * y), 255 if top else 0)
            picture.putpixel((x, 2 * y + 1), 255 if bottom else 0)
    picture = picture.resize((width * scale, 2 * len(rows) * scale), Image.NEAREST)
    framed = Image.new("L", (picture.width + 8 * scale, picture.height + 8 * scale), 255)
    framed.paste(picture, (4 * scale, 4 * scale))
    framed.save(folder / "terminal.png")
    return read_qr_codes(folder / "terminal.png")


def printed(terminal: str, label: str) -> str | None:
    """Return the value the terminal prints after ``label`` ("password:"), or None."""
    found = re.search(rf"{re.escape(label)}\s*(\S+)", terminal)
    return found[1] if found else None
