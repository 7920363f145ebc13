#!/usr/bin/env bash
# Load test: 50 players refreshing the public pages while 8 directors enter results,
# against gunicorn on 127.0.0.1, for a bounded time; prints a summary at the end.
#
#   loadtest/run.sh                      # a fresh SQLite database in a temporary folder
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/loadtest loadtest/run.sh
#                                        # PostgreSQL: that database is dropped and created
#                                        # afresh (its name must contain "loadtest"), and
#                                        # dropped again at the end (KEEP_DB=1 keeps it)
#
#   LOADTEST_SERVERS=2 DATABASE_URL=postgres://postgres@127.0.0.1:5432/loadtest loadtest/run.sh
#                                        # two app servers (ports LOADTEST_PORT and the next)
#                                        # sharing the database and Redis (LOADTEST_REDIS_URL,
#                                        # default redis://127.0.0.1:6379/1; this run's keys
#                                        # are deleted at the end); users spread over both
#
# Needs locust in the venv (pip install -r requirements-dev.txt, or pip install locust).
# Settings (environment): LOADTEST_TIME (60s), LOADTEST_USERS (58, of which 8 directors),
# LOADTEST_SPAWN_RATE (10), LOADTEST_WORKERS (2), LOADTEST_PORT (8765),
# LOADTEST_PLAYER_WAIT ("2,5" s), LOADTEST_DIRECTOR_WAIT ("0.5,1.5" s),
# LOADTEST_DIRECTORS_PER_MATCH (1; 2 makes directors share matches, to provoke conflicts),
# LOADTEST_OUT (where the CSV files and the server log go; default a new folder in /tmp),
# CONN_MAX_AGE and the app's other settings pass through to the server.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${VENV_BIN:-$ROOT/.venv/bin}
PY=$BIN/python
HOST=127.0.0.1
PORT=${LOADTEST_PORT:-8765}
URL=http://$HOST:$PORT
RUN_TIME=${LOADTEST_TIME:-60s}
USERS=${LOADTEST_USERS:-58}
SPAWN_RATE=${LOADTEST_SPAWN_RATE:-10}
WORKERS=${LOADTEST_WORKERS:-2}
SERVERS=${LOADTEST_SERVERS:-1}
PORTS=$(seq "$PORT" $((PORT + SERVERS - 1)))
HOSTS=$(for p in $PORTS; do printf 'http://%s:%s,' "$HOST" "$p"; done)
HOSTS=${HOSTS%,}

if [[ ! -x $BIN/locust ]]; then
    echo "locust is not installed: $BIN/pip install -r requirements-dev.txt" >&2
    exit 1
fi

if [[ -n ${DATABASE_URL:-} ]]; then
    BACKEND=postgresql
    case $DATABASE_URL in
        postgres://* | postgresql://*) ;;
        *) echo "DATABASE_URL must be postgres://…/loadtest (or unset for SQLite)" >&2; exit 1 ;;
    esac
else
    BACKEND=sqlite
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/loadtest.XXXXXX")
OUT=${LOADTEST_OUT:-${TMPDIR:-/tmp}/loadtest-results-$(date +%Y%m%d-%H%M%S)-$BACKEND}
SERVER_PIDS=()
DB_CREATED=
REDIS_PREFIX=

stop_servers() {
    local pid
    for pid in "${SERVER_PIDS[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    for pid in "${SERVER_PIDS[@]}"; do
        for _ in $(seq 1 100); do  # 10 s for a graceful stop, then no more grace
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    SERVER_PIDS=()
}

cleanup() {
    local status=$?
    trap - EXIT INT TERM
    stop_servers
    if [[ -n $DB_CREATED && -z ${KEEP_DB:-} ]]; then
        "$PY" loadtest/pgdb.py drop "$DATABASE_URL" || true
    fi
    if [[ -n $REDIS_PREFIX ]]; then
        "$PY" scripts/app_server.py forget-keys "$REDIS_URL" "$REDIS_PREFIX" || true
    fi
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The server's settings, and those of the setup commands that share its database.
export DEBUG=0 SECURE_COOKIES=0 ALLOWED_HOSTS=$HOST
SECRET_KEY=${SECRET_KEY:-$("$PY" -c 'import secrets; print(secrets.token_urlsafe(50))')}
export SECRET_KEY
if [[ $BACKEND == sqlite ]]; then
    export DATABASE_URL=sqlite:///$WORK/db.sqlite3
else
    "$PY" loadtest/pgdb.py reset "$DATABASE_URL"
    DB_CREATED=1
fi

if [[ $SERVERS -gt 1 ]]; then  # several app servers share Redis, as in production
    export REDIS_URL=${LOADTEST_REDIS_URL:-redis://127.0.0.1:6379/1}
    REDIS_PREFIX=loadtest-$$-$RANDOM
    export CACHE_KEY_PREFIX=$REDIS_PREFIX
    if ! "$PY" scripts/app_server.py redis-ping "$REDIS_URL"; then
        echo "set LOADTEST_REDIS_URL to a Redis that answers" >&2
        exit 1
    fi
fi

# The app servers are started as the check scripts start theirs (scripts/support/server.py).
if ! "$PY" scripts/app_server.py free "$HOST" $PORTS; then
    echo "stop it or set LOADTEST_PORT" >&2
    exit 1
fi

mkdir -p "$OUT"
echo "== setup ($BACKEND), results in $OUT"
"$PY" manage.py migrate --noinput >"$OUT/setup.log"
"$PY" loadtest/setup_event.py "$WORK/plan.json" --teams 16 --rounds 7 --boards 16 --directors 8
"$PY" manage.py collectstatic --noinput >>"$OUT/setup.log"

for port in $PORTS; do
    echo "== gunicorn on http://$HOST:$port ($WORKERS workers)${REDIS_URL:+, cache in $REDIS_URL}"
    # exec: the process id is gunicorn's master (its CPU time is measured below)
    "$PY" scripts/app_server.py serve "$HOST:$port" --workers "$WORKERS" \
        >>"$OUT/gunicorn.log" 2>&1 &
    SERVER_PIDS+=($!)
done
if ! "$PY" scripts/app_server.py wait ${HOSTS//,/ }; then
    echo "its log:" >&2
    cat "$OUT/gunicorn.log" >&2
    exit 1
fi

echo "== locust: $USERS users (8 directors), $SPAWN_RATE/s, $RUN_TIME"
cut -d' ' -f1-3 /proc/loadavg >"$OUT/loadavg.before" 2>/dev/null || true
status=0
TIMEFORMAT='%U %S'  # locust's own CPU seconds: it shares the machine with the server
{ time LOADTEST_PLAN=$WORK/plan.json LOADTEST_COUNTS=$OUT/counts.json LOADTEST_HOSTS=$HOSTS \
    timeout --foreground --signal=INT --kill-after=30 300 \
    "$BIN/locust" -f loadtest/locustfile.py --headless --only-summary \
    -u "$USERS" -r "$SPAWN_RATE" -t "$RUN_TIME" \
    --host "$URL" --csv "$OUT/locust" >"$OUT/locust.log" 2>&1 || status=$?; } 2>"$OUT/locust.cpu"

cut -d' ' -f1-3 /proc/loadavg >"$OUT/loadavg.after" 2>/dev/null || true
# The servers' CPU seconds (masters and workers), before they stop.
for pid in "${SERVER_PIDS[@]}"; do
    ps -o times= --pid "$pid" --ppid "$pid"
done | awk '{s += $1} END {print s}' >"$OUT/server.cpu"
stop_servers

"$PY" loadtest/summary.py "$OUT" "$BACKEND, $SERVERS server(s) × $WORKERS gunicorn workers${REDIS_URL:+, Redis}, $USERS users, $RUN_TIME"
echo "files: $OUT"
# locust exits 1 when any request failed: the summary says which; keep that exit status.
exit "$status"
