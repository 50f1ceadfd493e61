#!/bin/sh
# Renders the PNG app icons in web/public from the SVG sources with headless Chromium.
# Run from anywhere: sh web/icons/render-icons.sh. The PNGs are committed; rerun only when a source changes.
#   favicon.svg (rounded corners)  -> icon-192.png, icon-512.png
#   full-bleed.svg (mark inside the maskable safe circle, square corners, which iOS and Android crop)
#                                   -> icon-maskable-512.png, apple-touch-icon.png
set -eu
icons=$(cd "$(dirname "$0")" && pwd)
public="$icons/../public"
chromium=${CHROMIUM:-chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

render() { # source.svg size out.png
  cp "$1" "$work/source.svg"
  printf '<html><body style="margin:0;overflow:hidden"><img src="source.svg" width="%s" height="%s" style="display:block"></body></html>' "$2" "$2" >"$work/page.html"
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
    --window-size="$2,$2" --screenshot="$3" "file://$work/page.html" >/dev/null 2>&1
}

render "$public/favicon.svg" 192 "$public/icon-192.png"
render "$public/favicon.svg" 512 "$public/icon-512.png"
render "$icons/full-bleed.svg" 512 "$public/icon-maskable-512.png"
render "$icons/full-bleed.svg" 180 "$public/apple-touch-icon.png"
