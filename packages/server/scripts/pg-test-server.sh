#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the server package's test suite and prints
# "export DATABASE_URL=..." on stdout (eval it). Installs Debian's postgresql if it is missing
# (needs root, as in CI). The cluster lives in a temporary directory, owned by the postgres
# user, listening on loopback only; `pg-test-server.sh stop DIR` stops it.
#   eval "$(bash packages/server/scripts/pg-test-server.sh)"
set -euo pipefail

if [[ "${1:-}" == "stop" ]]; then
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  if [[ $(id -u) == 0 ]]; then su postgres -s /bin/sh -c "$bin/pg_ctl -D '$2/data' -m fast stop" >&2 || true
  else "$bin/pg_ctl" -D "$2/data" -m fast stop >&2 || true; fi
  rm -rf "$2"
  exit 0
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "installing postgresql (Debian package)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
port=${PGTEST_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
dir=$(mktemp -d /tmp/sandtable-pg.XXXXXX)
if [[ $(id -u) == 0 ]]; then chown postgres "$dir"; fi
run() { if [[ $(id -u) == 0 ]]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi; }
run "$bin/initdb -D '$dir/data' -U postgres --auth=trust -E UTF8 --no-locale" >/dev/null
run "$bin/pg_ctl -D '$dir/data' -l '$dir/log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c max_connections=300\" start" >&2
run "$bin/createdb -h 127.0.0.1 -p $port -U postgres sandtable_test"
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/sandtable_test"
echo "export SANDTABLE_PG_DIR=$dir"
