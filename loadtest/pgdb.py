"""Create afresh (reset) or drop the load test's PostgreSQL database.

    python loadtest/pgdb.py reset|drop postgres://postgres@127.0.0.1:5432/loadtest

Only a database whose name contains "loadtest" is touched, so a DATABASE_URL pointing at
real data is refused. Connects to the server's "postgres" database to do it, as the check
scripts do (scripts/support/postgres.py).
"""

import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from support.postgres import drop_database, recreate_database  # noqa: E402


def main() -> int:
    action, url = sys.argv[1], sys.argv[2]
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        print(f"pgdb.py: not a PostgreSQL URL: {parts.scheme}://…", file=sys.stderr)
        return 2
    name = unquote(parts.path.lstrip("/"))
    if "loadtest" not in name:
        print(
            f"pgdb.py: refusing to {action} database {name!r}: its name must contain "
            "'loadtest' (the load test drops and recreates it)",
            file=sys.stderr,
        )
        return 2
    admin_url = parts._replace(path="/postgres").geturl()
    if action == "reset":
        recreate_database(name, url=admin_url)
    else:
        drop_database(name, url=admin_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
