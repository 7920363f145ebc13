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
#   LOADTEST_SCENARIO=tables DATABASE_URL=postgres://postgres@127.0.0.1:5432/loadtest loadtest/run.sh
#                                        # the table-entry scenario (loadtest/tables_locustfile.py):
#                                        # 60 matches at the tables (120 tables, 240 phones
#                                        # entering and accepting 16 boards each on the tables'
#                                        # pages) and 500 spectators on the public pages, two
#                                        # app servers and Redis; then the database is checked
#                                        # against every post (loadtest/check_tables.py).
#                                        # LOADTEST_QUICK=1: 10 matches, 3 boards, 80 spectators
#
#   LOADTEST_SCENARIO=congress DATABASE_URL=postgres://postgres@127.0.0.1:5432/loadtest_congress loadtest/run.sh
#                                        # a national championship at the real pace (the
#                                        # tables scenario's users, PostgreSQL only): 500
#                                        # tables (250 matches, 1,000 phones), a board every
#                                        # 6 to 8 minutes a table, 5,000 spectators with the
#                                        # live refresh every 15 s, 50 scorecard watchers, for
#                                        # 10 minutes once every user has started; ids of 6
#                                        # digits (from 100000) and device names as long as
#                                        # the form allows; the database checked as above,
#                                        # then its aims printed met or missed and the exit
#                                        # status 1 if one is missed (loadtest/aims.py: posts
#                                        # p95 < 100 ms, polls p95 < 50 ms, no error, nothing
#                                        # lost or stored twice, every result on the public
#                                        # scorecard within 5 s of its release by the event's
#                                        # fair-play rule). LOADTEST_CONGRESS_TABLES (500) and
#                                        # LOADTEST_CONGRESS_MINUTES (10) scale it down; the
#                                        # spectators are 10 a table, the watchers 1 in 10
#
# Needs locust in the venv (pip install -r requirements-dev.txt, or pip install locust).
# Settings (environment): LOADTEST_TIME (60s), LOADTEST_USERS (58, of which 8 directors),
# LOADTEST_SPAWN_RATE (10), LOADTEST_WORKERS (2), LOADTEST_PORT (8765),
# LOADTEST_PLAYER_WAIT ("2,5" s), LOADTEST_DIRECTOR_WAIT ("0.5,1.5" s),
# LOADTEST_DIRECTORS_PER_MATCH (1; 2 makes directors share matches, to provoke conflicts),
# LOADTEST_OUT (where the CSV files and the server log go; default a new folder in /tmp),
# CONN_MAX_AGE and the app's other settings pass through to the server.
# The tables scenario's: LOADTEST_MATCHES (60), LOADTEST_BOARDS (16 boards a table),
# LOADTEST_SPECTATORS (500), LOADTEST_WATCHERS (4), LOADTEST_BOARD_SECONDS ("9,13" s a
# board), LOADTEST_ACCEPT_DELAY, LOADTEST_HANDOVER, LOADTEST_RESEND, LOADTEST_SPECTATOR_WAIT
# (see loadtest/tables_locustfile.py); LOADTEST_SERVERS is 2 and LOADTEST_SPAWN_RATE 25 unless
# set, LOADTEST_TIME a limit (the run ends by itself once every board is accepted and seen).
# The congress scenario takes the same settings (its own defaults above; LOADTEST_SPAWN_RATE
# 50, LOADTEST_TIME the spawning and the minutes), LOADTEST_CONGRESS_TABLES in place of
# LOADTEST_MATCHES; the run ends at its time, and locust is stopped 5 minutes after it.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${VENV_BIN:-$ROOT/.venv/bin}
PY=$BIN/python
HOST=127.0.0.1
PORT=${LOADTEST_PORT:-8765}
URL=http://$HOST:$PORT
SCENARIO=${LOADTEST_SCENARIO:-directors}
WORKERS=${LOADTEST_WORKERS:-2}
LOCUST_LIMIT=900  # seconds before locust is stopped whatever it is doing
SETUP_IDS=()
if [[ $SCENARIO == congress ]]; then
    TABLES=${LOADTEST_CONGRESS_TABLES:-500}
    MINUTES=${LOADTEST_CONGRESS_MINUTES:-10}
    export LOADTEST_MATCHES=$((TABLES / 2)) LOADTEST_BOARDS=${LOADTEST_BOARDS:-16}
    export LOADTEST_SPECTATORS=${LOADTEST_SPECTATORS:-$((TABLES * 10))}
    export LOADTEST_WATCHERS=${LOADTEST_WATCHERS:-$(( TABLES / 10 > 4 ? TABLES / 10 : 4 ))}
    export LOADTEST_BOARD_SECONDS=${LOADTEST_BOARD_SECONDS:-360,480}
    USERS=$((LOADTEST_MATCHES * 4 + LOADTEST_SPECTATORS + LOADTEST_WATCHERS))
    SPAWN_RATE=${LOADTEST_SPAWN_RATE:-50}
    RUN_SECONDS=$((USERS / SPAWN_RATE + MINUTES * 60))
    RUN_TIME=${LOADTEST_TIME:-${RUN_SECONDS}s}
    LOCUST_LIMIT=$((RUN_SECONDS + 300))
    SERVERS=${LOADTEST_SERVERS:-2}
    LOCUSTFILE=loadtest/tables_locustfile.py
    SETUP_IDS=(--ids-from 100000)
    WHO="$((LOADTEST_MATCHES * 4)) phones at $((LOADTEST_MATCHES * 2)) tables (a board every ${LOADTEST_BOARD_SECONDS/,/ to } s), $LOADTEST_SPECTATORS spectators, $LOADTEST_WATCHERS scorecard watchers"
    if [[ -z ${DATABASE_URL:-} ]]; then
        echo "the congress scenario runs on PostgreSQL: set DATABASE_URL=postgres://…/loadtest_congress" >&2
        exit 1
    fi
elif [[ $SCENARIO == tables ]]; then
    if [[ -n ${LOADTEST_QUICK:-} ]]; then
        : "${LOADTEST_MATCHES:=10}" "${LOADTEST_BOARDS:=3}" "${LOADTEST_SPECTATORS:=80}"
    fi
    export LOADTEST_MATCHES=${LOADTEST_MATCHES:-60} LOADTEST_BOARDS=${LOADTEST_BOARDS:-16}
    export LOADTEST_SPECTATORS=${LOADTEST_SPECTATORS:-500} LOADTEST_WATCHERS=${LOADTEST_WATCHERS:-4}
    USERS=$((LOADTEST_MATCHES * 4 + LOADTEST_SPECTATORS + LOADTEST_WATCHERS))
    SPAWN_RATE=${LOADTEST_SPAWN_RATE:-25}
    # a limit only: spawning, every board played at up to 13 s, and two minutes to spare
    RUN_TIME=${LOADTEST_TIME:-$((USERS / SPAWN_RATE + LOADTEST_BOARDS * 13 + 120))s}
    SERVERS=${LOADTEST_SERVERS:-2}
    LOCUSTFILE=loadtest/tables_locustfile.py
    WHO="$((LOADTEST_MATCHES * 4)) phones at $((LOADTEST_MATCHES * 2)) tables, $LOADTEST_SPECTATORS spectators, $LOADTEST_WATCHERS scorecard watchers"
elif [[ $SCENARIO == directors ]]; then
    USERS=${LOADTEST_USERS:-58}
    SPAWN_RATE=${LOADTEST_SPAWN_RATE:-10}
    RUN_TIME=${LOADTEST_TIME:-60s}
    SERVERS=${LOADTEST_SERVERS:-1}
    LOCUSTFILE=loadtest/locustfile.py
    WHO="$USERS users (8 directors)"
else
    echo "LOADTEST_SCENARIO is directors (the default), tables or congress" >&2
    exit 1
fi
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

# The server's settings, and those of the setup commands that share its database. The
# tables and congress scenarios run as a congress should (README, "Results from the tables" and
# "Production"): public pages rendered at most every PUBLIC_PAGE_GRACE seconds (2 unless set;
# 0 turns it off), and each worker keeping its database connection (CONN_MAX_AGE, 60 unless
# set; 0 opens one for every request, a PostgreSQL process each).
export DEBUG=0 SECURE_COOKIES=0 ALLOWED_HOSTS=$HOST
if [[ $SCENARIO != directors ]]; then
    export PUBLIC_PAGE_GRACE=${PUBLIC_PAGE_GRACE:-2}
    export CONN_MAX_AGE=${CONN_MAX_AGE:-60}
fi
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
if [[ $SCENARIO != directors ]]; then
    "$PY" loadtest/setup_event.py "$WORK/plan.json" --tables "$LOADTEST_MATCHES" --boards 16 \
        "${SETUP_IDS[@]}"
else
    "$PY" loadtest/setup_event.py "$WORK/plan.json" --teams 16 --rounds 7 --boards 16 --directors 8
fi
"$PY" manage.py collectstatic --noinput >>"$OUT/setup.log"

for port in $PORTS; do
    echo "== gunicorn on http://$HOST:$port ($WORKERS workers)${REDIS_URL:+, cache in $REDIS_URL}${PUBLIC_PAGE_GRACE:+, public pages rendered at most every ${PUBLIC_PAGE_GRACE} s}${CONN_MAX_AGE:+, database connections kept ${CONN_MAX_AGE} s}"
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

echo "== locust: $WHO, $SPAWN_RATE/s, at most $RUN_TIME"
cut -d' ' -f1-3 /proc/loadavg >"$OUT/loadavg.before" 2>/dev/null || true
status=0
TIMEFORMAT='%U %S'  # locust's own CPU seconds: it shares the machine with the server
{ time LOADTEST_PLAN=$WORK/plan.json LOADTEST_COUNTS=$OUT/counts.json LOADTEST_HOSTS=$HOSTS \
    LOADTEST_SENT=$OUT/sent.json \
    timeout --foreground --signal=INT --kill-after=30 "$LOCUST_LIMIT" \
    "$BIN/locust" -f "$LOCUSTFILE" --headless --only-summary \
    -u "$USERS" -r "$SPAWN_RATE" -t "$RUN_TIME" \
    --host "$URL" --csv "$OUT/locust" >"$OUT/locust.log" 2>&1 || status=$?; } 2>"$OUT/locust.cpu"

cut -d' ' -f1-3 /proc/loadavg >"$OUT/loadavg.after" 2>/dev/null || true
# The servers' CPU seconds (masters and workers), before they stop.
for pid in "${SERVER_PIDS[@]}"; do
    ps -o times= --pid "$pid" --ppid "$pid"
done | awk '{s += $1} END {print s}' >"$OUT/server.cpu"
stop_servers

"$PY" loadtest/summary.py "$OUT" "$BACKEND, $SERVERS server(s) × $WORKERS gunicorn workers${REDIS_URL:+, Redis}, $WHO"
if [[ $SCENARIO != directors ]]; then
    if [[ -f $OUT/sent.json ]]; then
        "$PY" loadtest/check_tables.py "$WORK/plan.json" "$OUT/sent.json" "$OUT/tables.json" || status=1
    else
        echo "no $OUT/sent.json: locust did not finish" >&2
        status=1
    fi
fi
if [[ $SCENARIO == congress ]]; then
    "$PY" loadtest/aims.py "$OUT" || status=1
fi
echo "files: $OUT"
# locust exits 1 when any request failed: the summary says which; keep that exit status.
exit "$status"
