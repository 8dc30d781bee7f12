#!/bin/sh
# Instructions and simulated last-level cache misses per hand for each row, from cachegrind:
# exact counts, unlike timings on a shared machine. Usage: benches/peers/count.sh [TASK...]
# (tasks: high omaha4 omaha5 omaha6). Needs valgrind and the `count` example built in release.
set -eu
bin="${CARGO_TARGET_DIR:-$(dirname "$0")/target}/release/examples/count"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# total Ir and LL misses (ILmr + DLmr + DLmw) of one run
counts() {
    valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$tmp/out" \
        "$bin" "$@" >/dev/null 2>&1
    awk '/^events:/ { for (i = 2; i <= NF; i++) e[$i] = i - 1 }
         /^summary:/ { print $(e["Ir"] + 1), $(e["ILmr"] + 1) + $(e["DLmr"] + 1) + $(e["DLmw"] + 1) }' \
        "$tmp/out"
}
echo "| task | implementation | instructions per hand | LL misses per 1000 hands |"
echo "|---|---|---|---|"
for task in "${@:-high omaha4 omaha5 omaha6}"; do
    for task1 in $task; do
        case $task1 in high) hands=65536 ;; *) hands=16384 ;; esac
        for imp in splitpot splitpot-checked splitpot-two-pass aya rs ducy; do
            one=$(counts "$task1" "$imp" 1) || continue
            three=$(counts "$task1" "$imp" 3) || continue
            echo "$one $three" | awk -v t="$task1" -v i="$imp" -v n="$hands" \
                '{ printf "| %s | %s | %.1f | %.2f |\n", t, i, ($3 - $1) / (2 * n), 1000 * ($4 - $2) / (2 * n) }'
        done
    done
done
