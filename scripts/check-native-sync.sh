#!/usr/bin/env bash
# The committed iOS and Android projects are exactly what `npx cap sync` makes of web/package.json's
# plugins (issue 46.2): runs the sync offline, then fails on any difference under web/ios or web/android,
# so a plugin added without a sync (or a hand edit of a generated file) cannot reach main. Run by .ci/run.
#
# The sync copies web/dist into the shells, but only into ignored folders: the files it writes under
# version control (plugin registration in Gradle and Package.swift) do not depend on the bundle. So a clean
# clone, which has no build, syncs a one-line stand-in index.html instead of waiting for `vite build`, and
# the stand-in and its copies are removed afterwards. An existing web/dist is synced as it is, as
# `npx cap sync` would.
set -euo pipefail
web=$(cd "$(dirname "$0")/../web" && pwd)
cd "$web"

copies=(ios/App/App/public android/app/src/main/assets/public)
created=()
cleanup() {
  if [ ${#created[@]} -gt 0 ]; then rm -rf "${created[@]}"; fi
}
trap cleanup EXIT
if [ ! -f dist/index.html ]; then
  [ -e dist ] || created+=(dist)
  for copy in "${copies[@]}"; do
    [ -e "$copy" ] || created+=("$copy")
  done
  mkdir -p dist
  echo '<!doctype html><title>Uplift</title>' >dist/index.html
fi

# CI=1: the CLI is non-interactive, so it neither prompts nor sends telemetry. --offline: npm never asks
# the registry for the CLI, which is a devDependency already installed.
CI=1 npx --offline cap sync

changes=$(git status --porcelain -- ios android)
if [ -n "$changes" ]; then
  echo "The native projects differ from what \`npx cap sync\` writes:" >&2
  echo "$changes" >&2
  git --no-pager diff -- ios android >&2
  echo "Run \`npx cap sync\` in web/ and commit the result (generated files are not edited by hand)." >&2
  exit 1
fi
echo "The native projects match \`npx cap sync\`."
