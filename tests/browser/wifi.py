"""A phone's Wi-Fi in the browser tests: a relay between one browser context and the live
server that the test can cut and bring back, as a dead access point would.

Chromium's offline mode is not a cut for a page with a service worker: Playwright's routes
do not see requests a service worker lets through, and a post the page makes as it reloads
can reach the server although the page is told it failed (seen about once in 15 runs, in CI
too). A cut relay is a cut: while it is down every connection is closed and every new one
refused, so nothing the phone sends reaches the server.
"""

import contextlib
import socket
import threading
from urllib.parse import urlsplit


class Wifi:
    """Relay 127.0.0.1:<port> to the live server; ``url`` is the address the phone uses."""

    def __init__(self, server_url: str):
        target = urlsplit(server_url)
        self.target = (target.hostname or "127.0.0.1", target.port or 80)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.up = True
        self.closed = False
        self.lock = threading.Lock()
        self.open: set[socket.socket] = set()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while not self.closed:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                if not self.up:
                    self.drop(phone)
                    continue
                try:
                    server = socket.create_connection(self.target)
                except OSError:
                    self.drop(phone)
                    continue
                self.open.update((phone, server))
            for source, sink in ((phone, server), (server, phone)):
                threading.Thread(target=self.pipe, args=(source, sink), daemon=True).start()

    def pipe(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        with self.lock:
            for end in (source, sink):
                if end in self.open:
                    self.open.discard(end)
                    self.drop(end)

    @staticmethod
    def drop(end: socket.socket) -> None:
        with contextlib.suppress(OSError):
            end.shutdown(socket.SHUT_RDWR)
        end.close()

    def cut(self) -> None:
        """Close every connection and refuse new ones until :meth:`restore`."""
        with self.lock:
            self.up = False
            for end in self.open:
                self.drop(end)
            self.open.clear()

    def restore(self) -> None:
        with self.lock:
            self.up = True

    def close(self) -> None:
        self.closed = True
        self.cut()
        self.listener.close()


# The relay each phone's browser context goes through (tests/browser/conftest.py: phones).
RELAYS: dict[object, Wifi] = {}
