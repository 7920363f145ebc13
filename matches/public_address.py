"""The address phones reach the site at: every table card, QR code, poster, wall and link
made for phones is built on it, never on a loopback address (127.0.0.1 on a phone is the
phone itself).

It is, in this order: the ``PUBLIC_URL`` setting (``make run`` gives the laptop's address
on its network when the club gives none); else the address the page was asked on, unless
that is a loopback address; else this machine's address on its network, found now, with
the port the page was asked on (a director who opened the cards on 127.0.0.1 is told to
open them there, ``loopback_advice``); else, on a machine with no network at all, the
address the page was asked on (nothing else exists, and no phone reaches it anyway).

``machine_address`` reads no setting: ``make run`` calls it before Django starts. The
settings check PUBLIC_URL here (``checked_public_url``) and serve its host.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import subprocess
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http.request import split_domain_port

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
# Two far addresses: connect() on a UDP socket sends nothing to them, it only asks the
# system which of its own addresses would reach them (the default route's).
PROBES = ("192.0.2.1", "10.255.255.254")
VIRTUAL = ("docker", "br-", "virbr", "veth", "vmnet", "vboxnet", "tun", "tap", "lo")
FOUND_FOR = 10.0  # seconds a found address is used before it is looked for again
remembered: dict[str, tuple[float, str | None]] = {}  # "address": (when, what was found)


def is_loopback(host: str) -> bool:
    """Return True for a host name or address that means "this machine" wherever it is
    typed ("localhost", 127.0.0.1, ::1, with or without brackets)."""
    host = host.strip("[]").lower().rstrip(".")
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def checked_public_url(value: str) -> str:
    """Return the PUBLIC_URL setting (scheme://host[:port], no slash at the end), failing
    loudly on anything else or on an address a phone cannot reach."""
    value = value.strip().removesuffix("/")
    if not value:
        return ""
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - a port that is no number, or over 65535, raises
    except ValueError:
        parts = None
    if parts is None or not re.fullmatch(r"https?://[^\s/?#@\\]+", value):
        raise ImproperlyConfigured(
            "PUBLIC_URL must be the address phones use: http:// or https://, a host and an "
            f"optional port, such as http://192.168.1.23:8000; not {value!r}."
        )
    host = parts.hostname or ""
    if is_loopback(host) or host in ("", "0.0.0.0", "::"):
        raise ImproperlyConfigured(
            f"PUBLIC_URL must be an address phones reach, not {value!r} (on a phone, "
            "127.0.0.1 and localhost are the phone itself): give the laptop's address on "
            "its network, which make run finds."
        )
    return value


def served_host(url: str) -> str:
    """Return the host of ``url`` as ALLOWED_HOSTS names it ("[::1]" for IPv6)."""
    host = urlsplit(url).hostname or ""
    return f"[{host}]" if ":" in host else host


def reachable(address: str) -> bool:
    """Return True for an IPv4 address another machine on a network could reach."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def routed_address() -> str | None:
    """Return the address this machine would send from to the world (its default
    route's interface: on a laptop, its Wi-Fi), or None without a route."""
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                address = udp.getsockname()[0]
        except OSError:
            continue
        if reachable(address):
            return address
    return None


def interface_addresses() -> list[tuple[str, str]]:
    """Return (interface, IPv4 address) for each address of the machine's interfaces, as
    ``ip`` (Linux) or ``ifconfig`` (macOS, BSD) lists them; [] when neither answers."""
    for command, pattern in (
        (["ip", "-o", "-4", "addr", "show"], r"^\d+:\s+(\S+)\s+inet\s+([\d.]+)"),
        (["ifconfig"], None),
    ):
        try:
            text = subprocess.run(command, capture_output=True, text=True, timeout=5).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        if pattern:
            found = [m.groups() for m in re.finditer(pattern, text, re.M)]
        else:  # ifconfig: an interface's name starts a line, its addresses follow
            found, name = [], ""
            for line in text.splitlines():
                if line and not line[0].isspace():
                    name = line.split(":")[0].split()[0]
                elif match := re.search(r"\binet (?:addr:)?([\d.]+)", line):
                    found.append((name, match[1]))
        if found:
            return [(name.split("@")[0], address) for name, address in found]
    return []


def machine_address() -> str | None:
    """Return this machine's address on its network (the laptop's on the club's Wi-Fi):
    the default route's, else the first address of a real interface (wireless first, a
    virtual bridge last), else None (no network)."""
    address = routed_address()
    if address:
        return address
    candidates = [(name, a) for name, a in interface_addresses() if reachable(a)]
    candidates.sort(key=lambda item: (not item[0].startswith("wl"), item[0].startswith(VIRTUAL)))
    return candidates[0][1] if candidates else None


def origin_of(request) -> str:
    """Return the address a page was asked on, as scheme://host[:port]."""
    return f"{request.scheme}://{request.get_host()}"


def asked_on_loopback(request) -> bool:
    """Return True when the page was asked on a loopback address (127.0.0.1, localhost)."""
    return is_loopback(split_domain_port(request.get_host())[0])


def recent_machine_address() -> str | None:
    """Return ``machine_address()``, looked for at most every FOUND_FOR seconds (a page of
    many QR codes looks once)."""
    when, address = remembered.get("address", (-FOUND_FOR, None))
    if time.monotonic() - when >= FOUND_FOR:
        address = machine_address()
        remembered["address"] = (time.monotonic(), address)
    return address


def found_origin(request) -> str | None:
    """Return this machine's network address with the port the page was asked on."""
    address = recent_machine_address()
    if address is None:
        return None
    port = split_domain_port(request.get_host())[1]  # the port the browser asked on
    return f"{request.scheme}://{address}" + (f":{port}" if port else "")


def public_origin(request) -> str:
    """Return scheme://host[:port] that phones reach the site at (see the module's
    docstring for the order)."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL
    if not asked_on_loopback(request):
        return origin_of(request)
    return found_origin(request) or origin_of(request)


def public_url(request, path: str) -> str:
    """Return the absolute address of ``path`` (a site path, "/t/…") for phones."""
    return public_origin(request) + path


def link_maker(request):
    """Return the function making a site path absolute for phones, the origin found once
    for the request (the wall, the poster and the table cards build their QR codes with
    it)."""
    origin = public_origin(request)
    return lambda path: origin + path


@dataclass(frozen=True)
class LoopbackAdvice:
    """What a page asked on a loopback address, with no PUBLIC_URL, tells the director:
    phones cannot open that address; ``here`` is the same page at the machine's network
    address (None: the machine has no network address)."""

    asked: str
    here: str | None


def loopback_advice(request) -> LoopbackAdvice | None:
    """Return the advice for a page asked on a loopback address with no PUBLIC_URL, else
    None (its phone links are good as they are)."""
    if settings.PUBLIC_URL or not asked_on_loopback(request):
        return None
    found = found_origin(request)
    return LoopbackAdvice(origin_of(request), found + request.get_full_path() if found else None)
