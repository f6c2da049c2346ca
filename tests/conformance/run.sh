#!/usr/bin/env bash
# Runs the official UCP conformance suite (Universal-Commerce-Protocol/conformance at 44840ad,
# the 2026-04-08 suite; vishkaty/conformance carries it) against a shop already serving on
# $SHOP_URL (start it with `SHOP_RATE_LIMITS=off PORT=8840 npm start`: the suite outpaces the
# abuse limits). By hand, not part of `npm test`: it needs Python and two git snapshots.
#   CONFORMANCE_GIT  a git dir holding the suite (commit 44840ad)
#   UCP_SDK_GIT      a git dir of Universal-Commerce-Protocol/python-sdk (3259b15, 0.4.2: the
#                    suite's pinned 0.3.0 cannot import what protocol_test needs)
set -euo pipefail
SHOP_URL=${SHOP_URL:-http://localhost:8840}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
git -C "$CONFORMANCE_GIT" archive 44840ad | tar -x -C "$WORK" && mkdir "$WORK/sdk"
git -C "$UCP_SDK_GIT" archive 3259b15 | tar -x -C "$WORK/sdk"
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q "$WORK/sdk" absl-py httpx pydantic fastapi 'uvicorn[standard]' pytest
# The suite's sample data, its success instruments paid through the shop's demo handler; the
# shop's own items and address (this folder).
cp -r "$WORK/test_data/flower_shop" "$WORK/data"
sed -i 's/success_token,mock_payment_handler/success_token,demo/' "$WORK/data/payment_instruments.csv"
cp "$HERE/conformance_input.json" "$HERE/test_fixtures.json" "$WORK/data/"
cd "$WORK"
for test in *_test.py; do
  "$WORK/venv/bin/python" "$test" --server_url="$SHOP_URL" --conformance_input="$WORK/data/conformance_input.json" \
    --fixture_config="$WORK/data/test_fixtures.json" --test_data_dir="$WORK/data" || true
done
