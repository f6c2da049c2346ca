#!/usr/bin/env bash
# Runs the official UCP conformance suite (Universal-Commerce-Protocol/conformance at 44840ad,
# the 2026-04-08 suite; vishkaty/conformance carries it) against a shop already serving on
# $SHOP_URL (start it with `SHOP_RATE_LIMITS=off PORT=8840 npm start`: the suite outpaces the
# abuse limits). By hand, not part of `npm test`: it needs Python and two git snapshots.
# tests/conformance/README.md has the last result and why each test left failing fails.
#   CONFORMANCE_GIT  a git dir holding the suite (commit 44840ad)
#   UCP_SDK_GIT      a git dir of Universal-Commerce-Protocol/python-sdk (3259b15, 0.4.2: the
#                    suite's pinned 0.3.0 cannot import what protocol_test needs)
#   SHOP_STATE_DIR   the shop's local data, as `npm start` was given it (default .wrangler/state)
#   CONFORMANCE_OFFLINE=1  no pip: Debian's packages and a FastAPI stand-in (README, "How to run it")
set -euo pipefail
SHOP_URL=${SHOP_URL:-http://localhost:8840}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# The discount codes the suite's discount tests apply (10OFF, FIXED500), into the shop's own
# local D1 (never the seed): the running shop reads them at once.
(cd "$ROOT" && npx wrangler d1 execute DB --local --config wrangler.toml --persist-to "${SHOP_STATE_DIR:-.wrangler/state}" \
  --file "$HERE/discount-codes.sql" > /dev/null)
WORK=$(mktemp -d)
git -C "$CONFORMANCE_GIT" archive 44840ad | tar -x -C "$WORK" && mkdir "$WORK/sdk"
git -C "$UCP_SDK_GIT" archive 3259b15 | tar -x -C "$WORK/sdk"
if [ "${CONFORMANCE_OFFLINE:-}" = 1 ]; then
  # Without PyPI: a python3 with pydantic 2, Debian's python3-httpx python3-absl python3-uvicorn
  # python3-starlette (only those, not Debian's pydantic 1), the SDK from its source, and the
  # FastAPI stand-in of offline/ (Debian's FastAPI needs pydantic 1).
  mkdir "$WORK/debian"
  for package in absl anyio asgiref certifi click h11 httpcore httpx idna rfc3986 sniffio starlette uvicorn; do
    ln -s "/usr/lib/python3/dist-packages/$package" "$WORK/debian/$package"
  done
  export PYTHONPATH="$HERE/offline:$WORK/debian:$WORK/sdk/src"
  PYTHON=python3
else
  python3 -m venv "$WORK/venv"
  "$WORK/venv/bin/pip" install -q "$WORK/sdk" absl-py httpx pydantic fastapi 'uvicorn[standard]' pytest
  PYTHON="$WORK/venv/bin/python"
fi
# The suite's sample data, its success instruments paid through the shop's demo handler; the
# shop's own items and address (this folder).
cp -r "$WORK/test_data/flower_shop" "$WORK/data"
sed -i 's/success_token,mock_payment_handler/success_token,demo/' "$WORK/data/payment_instruments.csv"
# Three tests name the sample server's handler in their own code: the same stand-in, mapped the same way.
sed -i 's/"handler_id": "mock_payment_handler"/"handler_id": "demo"/' "$WORK"/{ap2,binding,card_credential}_test.py
cp "$HERE/conformance_input.json" "$HERE/test_fixtures.json" "$WORK/data/"
cd "$WORK"
for test in *_test.py; do
  echo "=== $test"
  "$PYTHON" "$test" --server_url="$SHOP_URL" --conformance_input="$WORK/data/conformance_input.json" \
    --fixture_config="$WORK/data/test_fixtures.json" --test_data_dir="$WORK/data" 2>&1 || true
done | tee "$WORK/results.log"
# The counts over every file (unittest prints them per file).
python3 - "$WORK/results.log" <<'COUNT'
import re, sys
log = open(sys.argv[1]).read()
count = lambda pattern: sum(int(n) for n in re.findall(pattern, log, re.M))
ran, failed, errors, skipped = count(r"^Ran (\d+) test"), count(r"failures=(\d+)"), count(r"errors=(\d+)"), count(r"skipped=(\d+)")
print(f"TOTAL: {ran} tests, {ran - failed - errors - skipped} passed, {failed + errors} failed ({failed} failures, {errors} errors), {skipped} skipped")
COUNT
