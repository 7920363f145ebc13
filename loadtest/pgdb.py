"""Create afresh (reset) or drop the load test's PostgreSQL database.

    python loadtest/pgdb.py reset|drop postgres://postgres@127.0.0.1:5432/loadtest

Only a database whose name contains "loadtest" is touched, so a DATABASE_URL pointing at
real data is refused. Connects to the server's "postgres" database to do it.
"""

import sys
from urllib.parse import unquote, urlsplit

import psycopg
from psycopg import sql


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
    with psycopg.connect(admin_url, autocommit=True) as connection:
        quoted = sql.Identifier(name)
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(quoted))
        if action == "reset":
            connection.execute(sql.SQL("CREATE DATABASE {}").format(quoted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
