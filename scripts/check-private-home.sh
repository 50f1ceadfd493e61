#!/usr/bin/env bash
# As root, clones the repository into a private home (a folder under a mode-700 parent, like /root/uplift)
# and runs the README's commands there: `npm install && npm start` until /api/health answers ok, then
# a smoke of the tests (`npm run test:smoke`: one server test file on the embedded database, one end-to-end
# spec that loads the app shell and signs in). Proves they need no extra step and loosen no folder's
# permissions. Run by .ci/run in the background, beside the static checks and the start of the unit suite.
#   PRIVATE_HOME_PORT  port for `npm start` (default 3917)
#   PRIVATE_HOME_E2E_PORT  port of the smoke's end-to-end server (default 4191: not the suite's 4173, which
#                      may be starting beside it in CI)
#   PRIVATE_HOME_TEST  the test command (default `npm run test:smoke`; `npm test` for the whole suite)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(id -u)" != 0 ]; then
  echo "check-private-home.sh checks the root-in-a-private-home case: run it as root" >&2
  exit 1
fi

home=$(mktemp -d /tmp/uplift-private-home.XXXXXX)
chmod 700 "$home"
clone="$home/uplift"
# The server keeps the database of a DATA_DIR out of the postgres user's reach here (embedded-placement.ts).
data_key=$(printf %s "$clone/data" | sha256sum | cut -c1-16)
port=${PRIVATE_HOME_PORT:-3917}
server=
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill -TERM -- "-$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$home" "/var/lib/uplift/data/$data_key"
}
trap cleanup EXIT

# The README's case: no DATABASE_URL, so the server starts its embedded PostgreSQL; and the machine's own
# Node, not the one .ci/run put first on PATH (npm start and npm test fetch Node 24 themselves).
unset DATABASE_URL npm_config_nodedir
PATH=$(printf %s "$PATH" | tr ':' '\n' | grep -v "^$root/.cache/" | paste -sd: -)
export PATH
git clone --quiet "$root" "$clone"
# A local run checks the working tree as it is; a clean CI clone has nothing to carry over.
(cd "$root" && git ls-files -z --modified --others --exclude-standard |
  tar --null --ignore-failed-read -T - -cf -) | tar -xf - -C "$clone"
cd "$clone"

npm install
# Its own session, so stopping it reaches npm, the shell and the server alike.
PORT=$port setsid npm start >"$home/start.log" 2>&1 &
server=$!
health="http://127.0.0.1:$port/api/health"
for _ in $(seq 1 300); do
  if node -e "fetch('$health').then(async (r) => process.exit((await r.json()).status === 'ok' ? 0 : 1), () => process.exit(1))"; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    cat "$home/start.log" >&2
    echo "npm start exited before $health answered ok" >&2
    exit 1
  fi
  sleep 1
done
node -e "fetch('$health').then(async (r) => { const body = await r.json(); console.log('health:', body); process.exit(body.status === 'ok' ? 0 : 1) })" || {
  cat "$home/start.log" >&2
  exit 1
}
grep -i 'postgres' "$home/start.log" | grep -E 'copying|data kept in' || true
kill -TERM -- "-$server"
wait "$server" || true
server=

E2E_PORT=${PRIVATE_HOME_E2E_PORT:-4191} ${PRIVATE_HOME_TEST:-npm run test:smoke}
echo "private home: npm install, npm start and ${PRIVATE_HOME_TEST:-npm run test:smoke} work from $clone (parent mode 700)"
