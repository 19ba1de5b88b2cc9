#!/usr/bin/env bash
# Builds Weft and runs the strategy table (issue 5): every benchmark program x memory model x strategy.
#   bench/run-table.sh --quick            # SC rows, small budget: a few minutes on 2 cores
#   bench/run-table.sh --write docs       # full table into docs/benchmarks.md and docs/benchmarks.csv
# Other options: --runs N, --seconds S, --strategies mcr,dpor,dfs,icb,pct, --filter TEXT, --programs benchmarks|jdk|juc,
# --states (each cell's distinct read states).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mvn -q -DskipTests package
CP=bench/target/classes:examples/target/classes:weft-cli/target/weft.jar
exec java -cp "$CP" dev.weft.bench.table.StrategyTable "$@"
