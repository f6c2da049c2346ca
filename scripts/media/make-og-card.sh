#!/usr/bin/env bash
# Renders public/images/og-card.svg to public/images/og-card.png (1200x630), the image every
# page's Open Graph and Twitter card names: social sites don't take SVG.
# Needs Debian's `chromium` and `pngquant` (apt-get install chromium pngquant).
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --screenshot="$tmp/og-card.png" --window-size=1200,630 "file://$PWD/public/images/og-card.svg" 2>/dev/null
# 256 colours keep the card under 150 KB with no visible banding.
pngquant --quality=70-90 --speed 1 --strip --force --output public/images/og-card.png "$tmp/og-card.png"
ls -l public/images/og-card.png
