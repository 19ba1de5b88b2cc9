#!/usr/bin/env bash
# Builds Weft and prints the fix-advice table of docs/fences.md (issue 22): runs under SC/TSO/PSO (mcr) and
# JMM (dfs), the first bug, and the fixes --suggest-fixes proves under TSO, PSO and JMM, beside the paper's Table 5.
#   bench/run-fences.sh [seconds per check, default 300]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mvn -q -DskipTests package
CP=bench/target/classes:examples/target/classes:weft-cli/target/weft.jar
exec java -cp "$CP" dev.weft.bench.fences.FenceTable "$@"
