#!/usr/bin/env bash
# mpc on the M_k programs (examples.inputs.InputAndSchedule k; Maximal Path Causality §4.1) against mcr given the
# right inputs (i = 3, j = 2, every k_n = 10) and mcr given random inputs, each to its first bug or its time limit.
#   bench/run-mpc.sh                       # M0..M9, 300 s per mpc check, 60 s per mcr check
#   bench/run-mpc.sh --ks "0 1 2" --mpc-limit 120 --mcr-limit 30 --seed 7
# Prints one markdown row per program: runs, seconds and verdict of each check, and mpc's path counts. The
# jar is copied first, so a rebuild during the measurement does not change what is measured; the load
# average is printed before and after, since the machine may be shared.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ks="0 1 2 3 4 5 6 7 8 9"; mpc_limit=300; mcr_limit=60; seed=1
while [ $# -gt 0 ]; do
  case "$1" in
    --ks) ks=$2; shift 2;;
    --mpc-limit) mpc_limit=$2; shift 2;;
    --mcr-limit) mcr_limit=$2; shift 2;;
    --seed) seed=$2; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
[ -f weft-cli/target/weft.jar ] || mvn -q -DskipTests package
snapshot=$(mktemp -d)
trap 'rm -rf "$snapshot"' EXIT
cp weft-cli/target/weft.jar "$snapshot/weft.jar"
CP=examples/target/classes
echo "commit $(git rev-parse --short HEAD), $(java -version 2>&1 | head -1), load before: $(cut -d' ' -f1-3 /proc/loadavg), cores: $(nproc)"
echo "| program | mpc runs | mpc time | mpc paths / infeasible / cores used | mcr right inputs runs | time | mcr random inputs | runs | time |"
echo "|---|---|---|---|---|---|---|---|---|"
RANDOM=$seed
# One check; prints "runs seconds verdict" and, for mpc, its counts.
check() {
  (java -jar "$snapshot/weft.jar" check -cp "$CP" --json "$@" 2>/dev/null || true) | python3 -c "
import json, sys
j = json.load(sys.stdin)
c = j.get('counts', {})
print(j['executions'], round(j['seconds'], 1), j['verdict'], c.get('pathsExplored', ''), c.get('infeasiblePrefixes', ''), c.get('unsatCoresUsed', ''))
"
}
for k in $ks; do
  right=(--input i=3 --input j=2); random=(--input i=$((RANDOM % 11)) --input j=$((RANDOM % 3)))
  for n in $(seq 1 "$k"); do
    right+=(--input "k$n=10"); random+=(--input "k$n=$((RANDOM % 11))")
  done
  read -r mruns msecs mverdict paths infeasible cores <<< "$(check -s mpc --time-limit "${mpc_limit}s" examples.inputs.InputAndSchedule "$k")"
  read -r rruns rsecs rverdict _ <<< "$(check -s mcr --time-limit "${mcr_limit}s" "${right[@]}" examples.inputs.InputAndSchedule "$k")"
  read -r xruns xsecs xverdict _ <<< "$(check -s mcr --time-limit "${mcr_limit}s" "${random[@]}" examples.inputs.InputAndSchedule "$k")"
  echo "| M$k | $mruns | $msecs s ($mverdict) | $paths / $infeasible / $cores | $rruns | $rsecs s ($rverdict) | ${random[*]} | $xruns | $xsecs s ($xverdict) |"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
