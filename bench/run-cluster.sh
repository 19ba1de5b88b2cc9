#!/usr/bin/env bash
# A cluster on loopback against local workers (issue 20 item 3): each program explored to its end (mcr, PSO, all bugs,
# race prediction off, since a cluster does not predict races) on 1 local worker, on N local worker threads and on a
# cluster of N JVMs (N-1 weft worker JVMs started here, and the checking JVM). Prints one line per exploration: program,
# configuration, the JSON summary's seconds (exploration only), wall seconds of the command (JVM start-up and, on the
# cluster, joining included), runs, runs repeating a read state, verdict; and the load average, since the machine may
# be shared.
#   bench/run-cluster.sh                   # 1 round, N = 3
#   bench/run-cluster.sh --rounds 3 --members 2 --programs "examples.SlidesExample"
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds=1; members=3; model=pso
programs="examples.SlidesExample benchmarks.Figure6N4"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2;;
    --members) members=$2; shift 2;;
    --programs) programs=$2; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
[ -f weft-cli/target/weft.jar ] || mvn -q -DskipTests package
CP=bench/target/classes:examples/target/classes
export WEFT_CLUSTER_SECRET="bench-$$-$RANDOM"
list=$(seq 15701 $((15700 + members)) | sed 's/^/127.0.0.1:/' | paste -sd, -)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
for i in $(seq 2 "$members"); do
  java -jar weft-cli/target/weft.jar worker --cluster "$list" > "/tmp/weft-bench-worker-$i.log" 2>&1 &
  pids+=($!)
done
for i in $(seq 2 "$members"); do
  until grep -q "listening on" "/tmp/weft-bench-worker-$i.log"; do sleep 1; done
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); cores: $(nproc); commit $(git rev-parse --short HEAD); $(java -version 2>&1 | head -1)"
run() { # label, options...
  local label=$1; shift
  local start end json
  start=$(date +%s.%N)
  json=$(./weft check -cp "$CP" -m "$model" --all-bugs --json "$@" "$program" 2>/dev/null || true)
  end=$(date +%s.%N)
  python3 -c "
import json, sys
j = json.loads(sys.argv[1])
print('$program', '$label', j['seconds'], round($end - $start, 2), j['executions'], j.get('repeatedRuns', 0), j['verdict'])
" "$json"
}
for round in $(seq 1 "$rounds"); do
  for program in $programs; do
    run "local-1" --race-queries 0
    run "local-$members" --race-queries 0 --workers "$members"
    run "cluster-$members" --cluster "$list" # no race prediction on a cluster (it refuses --race-queries)
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
