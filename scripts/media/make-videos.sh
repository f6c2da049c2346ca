#!/usr/bin/env bash
# Regenerates every clip in public/videos: <name>.mp4 (H.264, 640x360, 24 fps, 6 s,
# yuv420p, +faststart, no audio), <name>.jpg (poster) and <name>.vtt (captions).
#
# Requires only ffmpeg (with libx264 + libfreetype; librsvg is used to draw the
# brand SVGs from public/images into the clips - if the ffmpeg build has no librsvg
# the clips fall back to plain colour cards). Safe to re-run: every output is
# overwritten. Usage: scripts/media/make-videos.sh [name ...]   (default: all)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IMG="$ROOT/public/images"
OUT="$ROOT/public/videos"
mkdir -p "$OUT"

command -v ffmpeg >/dev/null || { echo "ffmpeg not found" >&2; exit 1; }

FONT=/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf
[ -f "$FONT" ] || FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[ -f "$FONT" ] || { echo "DejaVu fonts missing: apt-get install fonts-dejavu-core" >&2; exit 1; }

HAVE_SVG=1
DECODERS="$(ffmpeg -hide_banner -decoders 2>/dev/null || true)"
[[ "$DECODERS" == *librsvg* ]] || HAVE_SVG=0

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

CRF="${CRF:-32}"
DUR=6
FR=144 # frames (DUR * 24)

# brand palette (ffmpeg colour syntax)
K=0x0b0b0f; CH=0x16161d; MAG=0xff2e88; GOLD=0xf5c242; BLUE=0x2e7dff
SIL=0xc9ced6; ORG=0xff8a3d; LIME=0xb6f03c; WHT=0xf4f4f6

# ---------------------------------------------------------------- helpers
# still <svg> <w> <h> [bg colour]: ffmpeg input args that rasterise an SVG once
still() {
  if [ "$HAVE_SVG" = 1 ]; then
    printf '%s\n' -width "$2" -height "$3" -i "$1"
  else
    printf '%s\n' -f lavfi -i "color=c=${4:-$CH}:s=${2}x${3}:d=1"
  fi
}

# dt <text> <size-expr> <colour> <x-expr> <y-expr> [enable-expr] [extra opts]
# Text goes through a file so quotes/colons/ampersands need no escaping.
dt() {
  local f="$TMP/t_$(printf '%s' "$1" | cksum | cut -d' ' -f1).txt"
  printf '%s' "$1" >"$f"
  printf "drawtext=fontfile='%s':textfile='%s':expansion=none:fontsize='%s':fontcolor=%s:x='%s':y='%s'" \
    "$FONT" "$f" "$2" "$3" "$4" "$5"
  [ -n "${6:-}" ] && printf ":enable='%s'" "$6"
  [ -n "${7:-}" ] && printf ":%s" "$7"
  return 0
}

# slide-in x position: from off-screen left to X, starting at T0, over 0.35 s
slx() { echo "if(lt(t,$2),-tw,if(lt(t,$2+0.35),-tw+($1+tw)*sin(PI/2*(t-$2)/0.35),$1))"; }
# punch-in font size: grows from 55% to full over 0.25 s starting at T0
punch() { echo "$1*if(lt(t,$2+0.25),0.55+0.45*max(0,(t-$2))/0.25,1)"; }

# encode <name> <poster time> <filter script> <input args...>
encode() {
  local name="$1" pt="$2" fg="$3"; shift 3
  echo "  - $name.mp4"
  ffmpeg -hide_banner -loglevel error -y "$@" -filter_complex_script "$fg" -map '[v]' -an \
    -c:v libx264 -preset slow -crf "$CRF" -tune animation -pix_fmt yuv420p -r 24 -g 48 \
    -t "$DUR" -movflags +faststart "$OUT/$name.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss "$pt" -i "$OUT/$name.mp4" -frames:v 1 -q:v 7 \
    -update 1 "$OUT/$name.jpg"
}

# vtt <name> then lines "start|end|text"
vtt() {
  local name="$1"; shift
  {
    echo "WEBVTT"; echo
    local i=1 c
    for c in "$@"; do
      IFS='|' read -r s e txt <<<"$c"
      echo "$i"; echo "$s --> $e"; echo "$txt"; echo
      i=$((i + 1))
    done
  } >"$OUT/$name.vtt"
}

# common pieces --------------------------------------------------------------
# A square product SVG on input $1 -> [art]: 360x360, slow zoom, left edge faded to
# transparent so it melts into the near-black left text panel.
art_square() {
  local in="$1" label="${2:-art}" z0="${3:-1.0}" z1="${4:-1.12}"
  cat <<EOF
[$in:v]scale=1440:1440,loop=loop=$((FR - 1)):size=1:start=0,setpts=N/24/TB,
 zoompan=z='$z0+($z1-$z0)*on/$FR':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=360x360:fps=24,
 format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*min(1,X/90)'[$label];
EOF
}
# product layout: near-black background, art slides in from the right to x=280
product_base() {
  cat <<EOF
color=c=$K:s=640x360:r=24:d=$DUR[bg];
$(art_square 0 art)
[bg][art]overlay=x='if(lt(t,0.6),640-340*sin(PI/2*t/0.6),300)':y=0:shortest=1[b0];
color=c=$1:s=8x8:r=24:d=$DUR[acc];
[acc]scale=120:6[bar];
[b0][bar]overlay=x='if(lt(t,0.5),-120,min(32,-120+(t-0.5)*600))':y=218[b1];
EOF
}
shop_now() { # button at the end of product clips
  echo "drawbox=x=32:y=286:w=150:h=40:color=$1@1:t=fill:enable='gte(t,4.2)',"
  dt "SHOP NOW" 22 "$2" 53 296 "gte(t,4.2)"
}
watermark() { dt "RAW DOGG" 16 "$WHT@0.8" 32 18; }

echo "Rendering clips into $OUT (svg art: $HAVE_SVG)"
want() { [ $# -eq 0 ] || [[ " $* " == *" $NAME "* ]]; }
ARGS=("$@")

# ============================================================ commercial-1
NAME=commercial-1
if want "${ARGS[@]}"; then
cat >"$TMP/$NAME.fg" <<EOF
[0:v]scale=1920:1080,loop=loop=$((FR - 1)):size=1:start=0,setpts=N/24/TB,
 zoompan=z='1+0.15*on/$FR':x='iw/2-iw/zoom/2+on*1.2':y='ih/2-ih/zoom/2':d=1:s=640x360:fps=24,format=yuv420p,
 drawbox=x=0:y=0:w=iw:h=ih:color=black@0.35:t=fill[b0];
[1:v]scale=360:90,format=rgba,loop=loop=$((FR - 1)):size=1:start=0,setpts=N/24/TB,fade=t=in:st=4.7:d=0.4:alpha=1[logo];
color=c=$MAG:s=640x8:r=24:d=$DUR[bar];
[b0][bar]overlay=x='-640+mod(t*520,1280)':y=318[b1];
[b1]$(dt "UNLEASH" "$(punch 112 0.2)" "$WHT" "(w-tw)/2" "(h-th)/2" "between(t,0.2,2.0)" "shadowcolor=$MAG:shadowx=5:shadowy=5"),
 $(dt "THE DOGG" "$(punch 108 2.0)" "$MAG" "(w-tw)/2" "(h-th)/2" "between(t,2.0,3.6)" "shadowcolor=$GOLD:shadowx=5:shadowy=5"),
 $(dt "IN YOU" "$(punch 128 3.6)" "$GOLD" "(w-tw)/2" "(h-th)/2" "between(t,3.6,4.6)" "shadowcolor=$BLUE:shadowx=5:shadowy=5"),
 drawbox=x=0:y=0:w=iw:h=ih:color=white@0.85:t=fill:enable='between(t,1.96,2.04)+between(t,3.56,3.64)',
 drawbox=x=0:y=0:w=iw:h=ih:color=$K@0.88:t=fill:enable='gte(t,4.6)'[b2];
[b2][logo]overlay=x=140:y=118:enable='gte(t,4.6)'[b3];
[b3]$(dt "UNLEASH THE DOGG IN YOU" 24 "$GOLD" "(w-tw)/2" 232 "gte(t,5.0)" "alpha='min(1,(t-5.0)/0.3)'"),
 drawbox=x=270:y=268:w=100:h=5:color=$MAG@1:t=fill:enable='gte(t,5.0)'[v]
EOF
mapfile -t A < <(still "$IMG/promo/hero.svg" 1600 900; still "$IMG/logo.svg" 480 120)
encode "$NAME" 5.6 "$TMP/$NAME.fg" "${A[@]}"
vtt "$NAME" \
  "00:00:00.000|00:00:02.000|UNLEASH - bold white title over neon club lights and a giant magenta dog head." \
  "00:00:02.000|00:00:04.600|THE DOGG... IN YOU - the words punch in, in magenta and gold." \
  "00:00:04.600|00:00:06.000|RAW DOGG logo: Unleash the dogg in you."
fi

# ============================================================ commercial-2
NAME=commercial-2
if want "${ARGS[@]}"; then
# gold-spotlight.svg is 2:1; pad to 16:9 with the same near-black, start on the packet, pull back.
E="(1-pow(1-min(on/72,1),2))"
cat >"$TMP/$NAME.fg" <<EOF
[0:v]scale=2400:1200,pad=2400:1350:0:75:color=$K,loop=loop=$((FR - 1)):size=1:start=0,setpts=N/24/TB,
 zoompan=z='2.3-1.3*$E':x='max(0,min(iw-iw/zoom,(0.69*iw*(1-$E)+0.5*iw*$E)-iw/zoom/2))':y='max(0,min(ih-ih/zoom,ih/2-ih/zoom/2))':d=1:s=640x360:fps=24,format=yuv420p[b0];
color=c=white:s=60x700:r=24:d=$DUR,format=rgba,colorchannelmixer=aa=0.4,rotate=a=0.4:c=none:ow=360:oh=700,boxblur=10:1[shine];
[b0][shine]overlay=x='-360+(t-0.3)*700':y=-170:enable='between(t,0.3,1.8)'[b1];
[b1]drawbox=x=0:y=262:w=iw:h=98:color=$K@0.88:t=fill:enable='lt(t,1.9)',
 $(dt "24K GOLD." "$(punch 56 0.3)" "$GOLD" 24 "311-th/2" "between(t,0.3,1.9)"),
 $(dt "GO BIG." "$(punch 56 1.3)" "$WHT" 372 "311-th/2" "between(t,1.3,1.9)"),
 $(watermark)[v]
EOF
mapfile -t A < <(still "$IMG/promo/gold-spotlight.svg" 1200 600)
encode "$NAME" 5.0 "$TMP/$NAME.fg" "${A[@]}"
vtt "$NAME" \
  "00:00:00.000|00:00:01.900|Close-up of the gold foil 24K Gold packet as a light glints across it: 24K GOLD. GO BIG." \
  "00:00:01.900|00:00:04.000|The camera pulls back to the packet under a stage spotlight." \
  "00:00:04.000|00:00:06.000|24K GOLD - GO BIG. Magnum size, gold standard."
fi

# ============================================================ product clips
# product_clip <name> <svg> <accent> <line1> <colour1> <size1> <line2> <colour2> <size2> <small> <btn colour> <btn text colour>
# (text column is x 32..300: keep each headline under ~270 px)
product_clip() {
  local name="$1" art="$2" acc="$3" l1="$4" c1="$5" s1="$6" l2="$7" c2="$8" s2="$9" small="${10}" btn="${11}" btnfg="${12}"
  cat >"$TMP/$name.fg" <<EOF
$(product_base "$acc")
[b1]$(dt "$l1" "$(punch "$s1" 0.5)" "$c1" 32 "200-$s1-$s2-8" "gte(t,0.5)"),
 $(dt "$l2" "$(punch "$s2" 0.9)" "$c2" 32 "200-$s2" "gte(t,0.9)"),
 $(dt "$small" 18 "$SIL" "$(slx 33 1.5)" 240 "gte(t,1.5)"),
 $(shop_now "$btn" "$btnfg"),
 $(watermark)[v]
EOF
  mapfile -t A < <(still "$IMG/products/$art.svg" 800 800)
  encode "$name" 4.6 "$TMP/$name.fg" "${A[@]}"
}

NAME=tee-black-white
if want "${ARGS[@]}"; then
product_clip "$NAME" black-white-raw-dogg-tshirt "$MAG" "BLACK & WHITE" "$WHT" 34 "RAW DOGG TEE" "$MAG" 34 "WOMEN'S FIT" "$MAG" "$WHT"
vtt "$NAME" \
  "00:00:00.000|00:00:01.500|A black Raw Dogg women's t-shirt with white sleeves slides into view." \
  "00:00:01.500|00:00:04.200|BLACK & WHITE - RAW DOGG TEE. Women's fit." \
  "00:00:04.200|00:00:06.000|SHOP NOW."
fi

NAME=performance-tank
if want "${ARGS[@]}"; then
product_clip "$NAME" raw-dogg-performance-tank "$BLUE" "PERFORMANCE" "$WHT" 36 "TANK" "0xff5fa2" 56 "BUILT TO MOVE - WOMEN'S" "$BLUE" "$WHT"
vtt "$NAME" \
  "00:00:00.000|00:00:01.500|A pink Raw Dogg racer tank with mesh side panels slides into view." \
  "00:00:01.500|00:00:04.200|PERFORMANCE TANK - built to move." \
  "00:00:04.200|00:00:06.000|SHOP NOW."
fi

NAME=life-tee
if want "${ARGS[@]}"; then
cat >"$TMP/$NAME.fg" <<EOF
$(product_base "$GOLD")
[b1]$(dt "RAW" "$(punch 70 0.4)" "$MAG" 32 22 "gte(t,0.4)"),
 $(dt "DOGG" "$(punch 70 0.8)" "$WHT" 32 92 "gte(t,0.8)"),
 $(dt "LIFE" "$(punch 70 1.2)" "$GOLD" 32 162 "gte(t,1.2)"),
 $(dt "WOMEN'S TEE" 18 "$SIL" "$(slx 33 1.6)" 240 "gte(t,1.6)"),
 $(shop_now "$GOLD" "$K")[v]
EOF
mapfile -t A < <(still "$IMG/products/raw-dogg-life-womens-tshirt.svg" 800 800)
encode "$NAME" 4.6 "$TMP/$NAME.fg" "${A[@]}"
vtt "$NAME" \
  "00:00:00.000|00:00:01.600|A white women's tee slides in; the words RAW, DOGG, LIFE stack up one by one." \
  "00:00:01.600|00:00:04.200|RAW DOGG LIFE - women's tee." \
  "00:00:04.200|00:00:06.000|SHOP NOW."
fi

# ============================================================ mens-collection
NAME=mens-collection
if want "${ARGS[@]}"; then
SEG=55 # frames per shot (2.3 s); 3 shots with 0.4 s slide transitions = 6.1 s
shot() {
  cat <<EOF
[$1:v]scale=1440:1440,loop=loop=$((SEG - 1)):size=1:start=0,setpts=N/24/TB,
 zoompan=z='1+0.06*on/$SEG':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=360x360:fps=24,format=yuv420p[s$1];
EOF
}
cat >"$TMP/$NAME.fg" <<EOF
$(shot 0)
$(shot 1)
$(shot 2)
[s0][s1]xfade=transition=slideleft:duration=0.4:offset=1.9[x1];
[x1][s2]xfade=transition=slideleft:duration=0.4:offset=3.8,format=rgba,
 geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*min(1,X/90)'[art];
color=c=$K:s=640x360:r=24:d=$DUR[bg];
[bg][art]overlay=x=300:y=0:shortest=1[b0];
[b0]$(dt "MEN'S COLLECTION" 27 "$GOLD" 32 64),
 drawbox=x=32:y=108:w=120:h=6:color=$MAG@1:t=fill,
 $(dt "LOGO TEE" "$(punch 50 0.2)" "$WHT" 32 150 "between(t,0.2,2.1)"),
 $(dt "BLACK - BIG DOG LOGO" 18 "$SIL" "$(slx 33 0.6)" 222 "between(t,0.6,2.1)"),
 $(dt "POCKET TEE" "$(punch 44 2.1)" "$WHT" 32 150 "between(t,2.1,4.0)"),
 $(dt "HEATHER GREY" 18 "$SIL" "$(slx 33 2.4)" 222 "between(t,2.4,4.0)"),
 $(dt "JOGGERS" "$(punch 50 4.0)" "$WHT" 32 150 "gte(t,4.0)"),
 $(dt "SIDE STRIPE - CUFFED" 18 "$SIL" "$(slx 33 4.3)" 222 "gte(t,4.3)"),
 $(watermark)[v]
EOF
mapfile -t A < <(still "$IMG/products/raw-dogg-mens-logo-tee.svg" 800 800
                  still "$IMG/products/raw-dogg-mens-pocket-tee.svg" 800 800
                  still "$IMG/products/raw-dogg-mens-joggers.svg" 800 800)
encode "$NAME" 1.2 "$TMP/$NAME.fg" "${A[@]}"
vtt "$NAME" \
  "00:00:00.000|00:00:02.100|MEN'S COLLECTION: the black Raw Dogg logo tee." \
  "00:00:02.100|00:00:04.000|Slide to the heather grey pocket tee." \
  "00:00:04.000|00:00:06.000|Slide to the charcoal joggers with white side stripes."
fi

# ============================================================ coin-promo
NAME=coin-promo
if want "${ARGS[@]}"; then
cat >"$TMP/$NAME.fg" <<EOF
gradients=s=640x360:r=24:d=$DUR:c0=0x0b0b0f:c1=0x4a1a8f:c2=0x0b0b0f:c3=0x08392d:n=4:x0=0:y0=0:x1=640:y1=360:speed=0.02,format=yuv420p[bg];
[0:v]scale=400:400,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*clip((170-hypot(X-200,Y-200))/6,0,1)',
 loop=loop=$((FR - 1)):size=1:start=0,setpts=N/24/TB,rotate=a='0.25*sin(2*PI*t/3)':c=none:ow=400:oh=400[coin];
[bg][coin]overlay=x=272:y='-20+8*sin(2*PI*t/2)':shortest=1[b0];
[b0]$(dt "THE" 30 "$WHT" "$(slx 32 0.4)" 96 "gte(t,0.4)"),
 $(dt "RAW COIN" "$(punch 50 0.8)" "$WHT" 32 130 "gte(t,0.8)" "shadowcolor=0x9945ff:shadowx=4:shadowy=4"),
 $(dt "JOIN THE POUND" "$(punch 30 2.6)" "$WHT" 32 206 "gte(t,2.6)"),
 drawbox=x=32:y=250:w=110:h=6:color=0x14f195@1:t=fill:enable='gte(t,2.6)',
 drawbox=x=520:y=60:w=6:h=6:color=white@1:t=fill:enable='lt(mod(t,0.8),0.4)',
 drawbox=x=300:y=300:w=5:h=5:color=white@1:t=fill:enable='gte(mod(t,0.8),0.4)',
 drawbox=x=600:y=250:w=4:h=4:color=white@1:t=fill:enable='lt(mod(t+0.2,0.6),0.3)',
 $(watermark),tpad=stop_mode=clone:stop_duration=0.2[v]
EOF
mapfile -t A < <(still "$IMG/promo/coin-raw.svg" 600 600)
encode "$NAME" 3.5 "$TMP/$NAME.fg" "${A[@]}"
vtt "$NAME" \
  "00:00:00.000|00:00:02.000|A glowing RAW coin with the dog-head logo floats on a shifting purple-to-teal gradient." \
  "00:00:02.000|00:00:04.000|Text: THE RAW COIN." \
  "00:00:04.000|00:00:06.000|Text: JOIN THE POUND."
fi

# ============================================================ animated-short
NAME=animated-short
if want "${ARGS[@]}"; then
E="(1-pow(1-min(max(on-30,0)/60,1),2))"
cat >"$TMP/$NAME.fg" <<EOF
[0:v]scale=2400:1200,pad=2400:1350:0:75:color=$K,loop=loop=$((FR - 1)):size=1:start=0,setpts=N/24/TB,
 zoompan=z='2.8-1.8*$E':x='max(0,min(iw-iw/zoom,(0.683*iw*(1-$E)+0.5*iw*$E)-iw/zoom/2))':y='max(0,min(ih-ih/zoom,(0.45*ih*(1-$E)+0.5*ih*$E)-ih/zoom/2+if(between(on,24,40),6*sin(on*2.2),0)))':d=1:s=640x360:fps=24,format=yuv420p[b0];
[b0]drawbox=x=370:y=36:w=220:h=72:color=white@1:t=fill:enable='between(t,1.0,2.6)',
 $(dt "WOOF!" "$(punch 48 1.0)" "$K" "480-tw/2" "72-th/2" "between(t,1.0,2.6)"),
 drawbox=x=36:y=286:w=190:h=40:color=$MAG@1:t=fill:enable='gte(t,4.0)',
 $(dt "WATCH NOW" 22 "$WHT" 70 296 "gte(t,4.0)")[v]
EOF
mapfile -t A < <(still "$IMG/promo/animated-short.svg" 1200 600)
encode "$NAME" 5.0 "$TMP/$NAME.fg" "${A[@]}"
vtt "$NAME" \
  "00:00:00.000|00:00:01.000|Close-up of a cartoon dog in a pink hoodie, waving." \
  "00:00:01.000|00:00:02.600|The dog barks: WOOF!" \
  "00:00:02.600|00:00:06.000|Camera pulls back to a neon sunset film frame: ANIMATED SHORT by Raw Dogg Studios. WATCH NOW."
fi

echo "Done."
du -ch "$OUT"/* | tail -1
