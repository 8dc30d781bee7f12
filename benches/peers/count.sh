#!/bin/sh
# Instructions and simulated cache misses per hand for each row, from cachegrind: exact
# counts, unlike timings on a shared machine. The simulated last level is one core's 2 MiB L2
# (this machine's L3 is 260 MiB and would hide every table); D1 is the machine's own L1d.
# Usage: benches/peers/count.sh [TASK...] (tasks: high low8 omaha4 omaha5 omaha6 hilo).
# Needs valgrind and the `count` example built in release. A row a library lacks is left out.
set -eu
bin="${CARGO_TARGET_DIR:-$(dirname "$0")/target}/release/examples/count"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# total Ir, D1 read misses and L2 misses (ILmr + DLmr + DLmw) of one run; fails where the
# example has no such row (valgrind exits with its status)
counts() {
    valgrind --tool=cachegrind --cache-sim=yes --LL=2097152,16,64 \
        --cachegrind-out-file="$tmp/out" "$bin" "$@" >/dev/null 2>&1 || return 1
    awk '/^events:/ { for (i = 2; i <= NF; i++) e[$i] = i }
         /^summary:/ { print $e["Ir"], $e["D1mr"], $e["ILmr"] + $e["DLmr"] + $e["DLmw"] }' \
        "$tmp/out"
}
echo "| task | implementation | instructions per hand | L1d read misses per hand | L2 misses per hand |"
echo "|---|---|---|---|---|"
for task in "${@:-high low8 omaha4 omaha5 omaha6 hilo}"; do
    for task1 in $task; do
        case $task1 in high | low8) hands=65536 ;; *) hands=16384 ;; esac
        for imp in splitpot splitpot-checked splitpot-two-pass aya aya-codes rs ducy; do
            one=$(counts "$task1" "$imp" 1) || continue
            three=$(counts "$task1" "$imp" 3) || continue
            echo "$one $three" | awk -v t="$task1" -v i="$imp" -v n="$hands" \
                '{ printf "| %s | %s | %.1f | %.3f | %.3f |\n", t, i, ($4 - $1) / (2 * n), ($5 - $2) / (2 * n), ($6 - $3) / (2 * n) }'
        done
    done
done
