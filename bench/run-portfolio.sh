#!/usr/bin/env bash
# Time to the first bug of -s portfolio against -s mcr (issue 20) on every buggy row of the benchmark
# catalogue (bench/src/main/resources/benchmarks/catalog.tsv), one exploration each, stopping at the
# first bug, alternating the two strategies so that both see the same machine load.
#   bench/run-portfolio.sh                       # 1 worker, 60 s limit per exploration
#   bench/run-portfolio.sh --workers 2 --seconds 30 --filter Bubble
# Prints one line per row (seconds and runs to the first bug, or "-" when none was found in time)
# and the totals; the load average before and after, since the machine may be shared.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
workers=1; seconds=60; filter=""
while [ $# -gt 0 ]; do
  case "$1" in
    --workers) workers=$2; shift 2;;
    --seconds) seconds=$2; shift 2;;
    --filter) filter=$2; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
[ -f weft-cli/target/weft.jar ] || mvn -q -DskipTests package
CP=bench/target/classes:examples/target/classes
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); cores: $(nproc); workers: $workers; limit ${seconds}s"
printf '%-40s %-4s %14s %14s\n' program model mcr portfolio
grep -v '^#' bench/src/main/resources/benchmarks/catalog.tsv | awk -F'\t' 'NR > 1 && $3 == "bug" {print $1, $2}' | grep -- "$filter" |
while read -r program model; do
  line=$(printf '%-40s %-4s' "$program" "$model")
  for strategy in mcr portfolio; do
    # weft exits 1 on a bug: its status is not the cell's
    cell=$( (./weft check -cp "$CP" -m "$model" -s "$strategy" --workers "$workers" --time-limit "${seconds}s" --race-queries 0 --json "$program" 2>/dev/null || true) \
      | python3 -c "
import json, sys
j = json.load(sys.stdin)
print(f\"{j['seconds']:.2f}s/{j['executionsToFirstBug']}\" if j['verdict'] == 'bug' else '-')
" || echo error)
    line="$line $(printf '%14s' "$cell")"
  done
  echo "$line"
done | tee /tmp/weft-portfolio.$$
python3 - /tmp/weft-portfolio.$$ <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])]
def secs(cell):
    return float(cell.split('s/')[0]) if 's/' in cell else None
for i, name in ((2, 'mcr'), (3, 'portfolio')):
    found = [secs(r[i]) for r in rows if secs(r[i]) is not None]
    print(f"{name}: bug found on {len(found)} of {len(rows)} rows, {sum(found):.1f} s in all on those")
both = [(secs(r[2]), secs(r[3])) for r in rows if secs(r[2]) is not None and secs(r[3]) is not None]
print(f"rows both found: {len(both)}; portfolio faster on {sum(1 for m, p in both if p < m)}, "
      f"total {sum(m for m, _ in both):.1f} s (mcr) against {sum(p for _, p in both):.1f} s (portfolio)")
PY
rm -f /tmp/weft-portfolio.$$
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
