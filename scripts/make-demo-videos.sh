#!/bin/sh
# Redraws the committed demo videos (server/src/modules/videos/demo-media/) from demo-videos.json.
# Needs ffmpeg and the DejaVu fonts (Debian: apt-get install -y ffmpeg fonts-dejavu-core).
set -eu
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg not found: apt-get install -y ffmpeg" >&2; exit 1; }
exec sh scripts/with-node.sh node server/src/seed/make-demo-media.ts
