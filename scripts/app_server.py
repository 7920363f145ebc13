"""The check scripts' app-server pieces for a shell script (loadtest/run.sh), so that it
starts gunicorn as they do.

    .venv/bin/python scripts/app_server.py serve HOST:PORT [--workers 2]
        becomes that app server (exec: the same process id), from the repository's root
    .venv/bin/python scripts/app_server.py wait URL...
        returns once each answers /healthz (exit 1 if one does not within 60 s)
    .venv/bin/python scripts/app_server.py free HOST PORT...
        exit 1, saying which, when something already listens on one of the ports
    .venv/bin/python scripts/app_server.py redis-ping REDIS_URL
    .venv/bin/python scripts/app_server.py forget-keys REDIS_URL PREFIX
        exit 1 when Redis does not answer; delete a run's keys (CACHE_KEY_PREFIX)
"""

from __future__ import annotations

import argparse
import os
import sys

from support import ROOT
from support.server import forget_keys, gunicorn_command, port_in_use, redis_error, wait_until_up


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="exec gunicorn bound to HOST:PORT")
    serve.add_argument("bind")
    serve.add_argument("--workers", type=int, default=2)
    commands.add_parser("wait", help="wait for /healthz").add_argument("urls", nargs="+")
    free = commands.add_parser("free", help="fail if a port is taken")
    free.add_argument("host")
    free.add_argument("ports", type=int, nargs="+")
    commands.add_parser("redis-ping").add_argument("url")
    forget = commands.add_parser("forget-keys")
    forget.add_argument("url")
    forget.add_argument("prefix")
    args = parser.parse_args()

    if args.command == "serve":
        os.chdir(ROOT)
        command = gunicorn_command(args.bind, args.workers)
        os.execv(command[0], command)
    if args.command == "wait":
        try:
            for url in args.urls:
                wait_until_up(url.rstrip("/"))
        except RuntimeError as error:
            print(error, file=sys.stderr)
            return 1
    if args.command == "free":
        taken = [port for port in args.ports if port_in_use(args.host, port)]
        for port in taken:
            print(f"something already listens on {args.host}:{port}", file=sys.stderr)
        return 1 if taken else 0
    if args.command == "redis-ping":
        error = redis_error(args.url)
        if error:
            print(error, file=sys.stderr)
            return 1
    if args.command == "forget-keys":
        forget_keys(args.url, args.prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
