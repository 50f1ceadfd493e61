#!/usr/bin/env sh
# Runs a command with Node >= 22 first on PATH (see ensure-node.sh). npm itself is a Node script, so
# `npm` under this PATH runs on the new Node too; native addons build against its headers.
set -eu
node_home=$(sh "$(dirname "$0")/ensure-node.sh")
PATH="$node_home/bin:$PATH"
export PATH
if [ -d "$node_home/include/node" ]; then
  npm_config_nodedir="$node_home"
  export npm_config_nodedir
fi
exec "$@"
