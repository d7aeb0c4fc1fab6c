#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster from Debian's `postgresql` package on 127.0.0.1 (installing the package
# when missing) and exports TEST_DATABASE_URL, so join-api's suite also runs against a real Postgres server.
# The cluster lives in a temp folder and is stopped and removed by stop_postgres (call it from a trap).
PG_TMP=""
PG_BIN=""
ensure_postgres() {
  local sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo -n"
  if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
    echo "› Installing Debian's postgresql package…"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
  fi
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  local port="${OFW_TEST_PG_PORT:-54329}"
  PG_TMP=$(mktemp -d /tmp/ofw-pg.XXXXXX)
  local run=()
  if [[ $(id -u) -eq 0 ]]; then chown postgres "$PG_TMP"; run=(runuser -u postgres --); fi
  "${run[@]}" "$PG_BIN/initdb" -D "$PG_TMP/data" -A trust -U postgres --no-sync >/dev/null
  "${run[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_TMP -c fsync=off -c max_connections=300" start >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "› PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port for join-api's suite"
}
stop_postgres() {
  [[ -n "$PG_TMP" && -d "$PG_TMP/data" ]] || return 0
  local run=()
  [[ $(id -u) -eq 0 ]] && run=(runuser -u postgres --)
  "${run[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_TMP"
}
