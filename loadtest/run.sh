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
SERVER_PID=
DB_CREATED=

cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 100); do  # 10 s for a graceful stop, then no more grace
            kill -0 "$SERVER_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    if [[ -n $DB_CREATED && -z ${KEEP_DB:-} ]]; then
        "$PY" loadtest/pgdb.py drop "$DATABASE_URL" || true
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

if "$PY" -c "import socket,sys; s=socket.socket(); s.settimeout(1); sys.exit(s.connect_ex(('$HOST', $PORT)) != 0)"; then
    echo "something already listens on $HOST:$PORT: stop it or set LOADTEST_PORT" >&2
    exit 1
fi

mkdir -p "$OUT"
echo "== setup ($BACKEND), results in $OUT"
"$PY" manage.py migrate --noinput >"$OUT/setup.log"
"$PY" loadtest/setup_event.py "$WORK/plan.json" --teams 16 --rounds 7 --boards 16 --directors 8
"$PY" manage.py collectstatic --noinput >>"$OUT/setup.log"

echo "== gunicorn on $URL ($WORKERS workers)"
"$BIN/gunicorn" scoresheet.wsgi --bind "$HOST:$PORT" --workers "$WORKERS" \
    --no-control-socket --error-logfile - >"$OUT/gunicorn.log" 2>&1 &
SERVER_PID=$!
for attempt in $(seq 1 60); do
    if "$PY" -c "import urllib.request; urllib.request.urlopen('$URL/healthz', timeout=2)" 2>/dev/null; then
        break
    fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null || [[ $attempt == 60 ]]; then
        echo "gunicorn did not answer on $URL/healthz; its log:" >&2
        cat "$OUT/gunicorn.log" >&2
        exit 1
    fi
    sleep 0.5
done

echo "== locust: $USERS users (8 directors), $SPAWN_RATE/s, $RUN_TIME"
cut -d' ' -f1-3 /proc/loadavg >"$OUT/loadavg.before" 2>/dev/null || true
status=0
TIMEFORMAT='%U %S'  # locust's own CPU seconds: it shares the machine with the server
{ time LOADTEST_PLAN=$WORK/plan.json LOADTEST_COUNTS=$OUT/counts.json \
    timeout --foreground --signal=INT --kill-after=30 300 \
    "$BIN/locust" -f loadtest/locustfile.py --headless --only-summary \
    -u "$USERS" -r "$SPAWN_RATE" -t "$RUN_TIME" \
    --host "$URL" --csv "$OUT/locust" >"$OUT/locust.log" 2>&1 || status=$?; } 2>"$OUT/locust.cpu"

cut -d' ' -f1-3 /proc/loadavg >"$OUT/loadavg.after" 2>/dev/null || true
# The server's CPU seconds (master and workers), before it stops.
ps -o times= --pid "$SERVER_PID" --ppid "$SERVER_PID" | awk '{s += $1} END {print s}' >"$OUT/server.cpu"
kill -TERM "$SERVER_PID" 2>/dev/null || true
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=

"$PY" loadtest/summary.py "$OUT" "$BACKEND, $WORKERS gunicorn workers, $USERS users, $RUN_TIME"
echo "files: $OUT"
# locust exits 1 when any request failed: the summary says which; keep that exit status.
exit "$status"
