#!/usr/bin/env bash
# Checks the HTML report in a real headless browser: runs `weft check --report` on an example,
# loads report.html in Chromium (from Debian's packages, installed here if missing) with the
# network disabled, and saves a screenshot as docs/report-screenshot.png.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
example="${1:-examples.CheckThenActNull}"
if ! command -v chromium >/dev/null; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
(cd "$here" && mvn -q -o -DskipTests package -pl weft-cli -am)
out="$(mktemp -d)"
"$here/weft" check -cp "$here/examples/target/classes" --report "$out" "$example" 2>/dev/null || true
test -s "$out/report.html" || { echo "no report.html written" >&2; exit 1; }
# --proxy-server to nowhere: a page that needed the network would show broken parts in the screenshot.
chromium --headless --no-sandbox --disable-gpu --proxy-server=127.0.0.1:9 --window-size=1400,1100 \
  --screenshot="$here/docs/report-screenshot.png" "file://$out/report.html" 2>/dev/null
test -s "$here/docs/report-screenshot.png"
echo "screenshot of $out/report.html saved as docs/report-screenshot.png"
