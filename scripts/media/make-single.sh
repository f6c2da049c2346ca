#!/usr/bin/env bash
# Makes the single "Welcome to the Pound" that the shop sells as a download: 10 s of a beat
# and melody synthesized by scripts/media/single-wav.mjs, encoded as
#   workers/db/files/welcome-to-the-pound.mp3   (MP3, 96 kbit/s mono, ID3v2 tags)
#   workers/db/files/welcome-to-the-pound.flac  (FLAC, 44.1 kHz 16-bit mono, lossless)
# The files live outside public/ (never a public URL): `npm start` and the tests put them
# into the local R2 bucket, and README "Deploy" says how to upload them to the real one.
# Needs ffmpeg (with libmp3lame) and flac (apt-get install ffmpeg flac); CI has neither,
# so the files are committed. Safe to re-run: both files are overwritten.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/workers/db/files"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$OUT"

cd "$ROOT"
npx --no-install node scripts/media/single-wav.mjs > "$tmp/single.wav"

# -bitexact and no copied metadata: the same bytes every run, only our own tags.
ffmpeg -hide_banner -loglevel error -y -i "$tmp/single.wav" -map_metadata -1 -fflags +bitexact -flags:a +bitexact \
  -c:a libmp3lame -b:a 96k -ac 1 -id3v2_version 3 -write_xing 0 \
  -metadata title="Welcome to the Pound" -metadata artist="Raw Dogg" -metadata album="Welcome to the Pound (Single)" -metadata date=2025 \
  "$OUT/welcome-to-the-pound.mp3"

flac --silent --force --best --no-padding \
  --tag=TITLE="Welcome to the Pound" --tag=ARTIST="Raw Dogg" --tag=ALBUM="Welcome to the Pound (Single)" --tag=DATE=2025 \
  -o "$OUT/welcome-to-the-pound.flac" "$tmp/single.wav"

ls -l "$OUT"/welcome-to-the-pound.*
