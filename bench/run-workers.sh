#!/usr/bin/env bash
# Speed-up of --workers N against --workers 1 (issue 20), measured alternately in one sitting so that
# both see the same machine load. Each program is explored with all bugs (so the runs do not stop at
# the first bug) up to a run limit, under PSO, with mcr.
#   bench/run-workers.sh                 # 3 rounds, 1 against 2 workers
#   bench/run-workers.sh --rounds 5 --workers 4 --runs 3000 --strategy dpor
#   bench/run-workers.sh --no-race-prediction   # mcr's race prediction, done one run at a time, off
# Prints one line per exploration and the median seconds, runs and speed-up per program; the load
# average before and after, since the machine may be shared.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds=3; workers=2; runs=2000; strategy=mcr; model=pso; extra=""
programs="examples.SlidesExample benchmarks.BubbleSort benchmarks.Figure6N4"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2;;
    --workers) workers=$2; shift 2;;
    --runs) runs=$2; shift 2;;
    --strategy) strategy=$2; shift 2;;
    --model) model=$2; shift 2;;
    --programs) programs=$2; shift 2;;
    --no-race-prediction) extra="--race-queries 0"; shift;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
[ -f weft-cli/target/weft.jar ] || mvn -q -DskipTests package
CP=bench/target/classes:examples/target/classes
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); cores: $(nproc)"
out=$(mktemp)
for round in $(seq 1 "$rounds"); do
  for program in $programs; do
    for n in 1 "$workers"; do
      # weft exits 1 on a bug, 3 at the run limit: the JSON says what happened
      (./weft check -cp "$CP" -m "$model" -s "$strategy" --all-bugs --max-executions "$runs" --workers "$n" $extra --json "$program" 2>/dev/null || true) \
        | python3 -c "
import json, sys
j = json.load(sys.stdin)
print('$program', $n, j['seconds'], j['executions'], j['verdict'], j.get('repeatedRuns', 0))
" | tee -a "$out"
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$out" "$workers" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
n = sys.argv[2]
for program in dict.fromkeys(r[0] for r in rows):
    one = [float(r[2]) for r in rows if r[0] == program and r[1] == '1']
    many = [float(r[2]) for r in rows if r[0] == program and r[1] == n]
    runs1 = [r[3] for r in rows if r[0] == program and r[1] == '1']
    runsn = [r[3] for r in rows if r[0] == program and r[1] == n]
    print(f"{program}: 1 worker {statistics.median(one):.2f} s ({runs1[0]} runs), {n} workers {statistics.median(many):.2f} s"
          f" ({runsn[0]} runs): speed-up {statistics.median(one) / statistics.median(many):.2f}x")
PY
rm -f "$out"
