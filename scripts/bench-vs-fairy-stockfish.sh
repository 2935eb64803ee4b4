#!/usr/bin/env bash
# Runs chessgraph and Fairy-Stockfish on the same orthodox positions and depths, alternating, one
# thread each, and prints the whole-command wall times and their ratio (chessgraph / Fairy-Stockfish;
# below 1.0 means chessgraph is faster). Start-up and variant loading are included on both sides:
# that is what a user waits for.
#
# Usage: scripts/bench-vs-fairy-stockfish.sh [ROUNDS]     (default 3 rounds; the median is printed)
# Needs: a release build (`cargo build --release`) and Fairy-Stockfish
#        (Debian: `apt-get install fairy-stockfish`, binary /usr/games/fairy-stockfish).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-3}
cg=${CHESSGRAPH:-target/release/chessgraph}
fs=${FAIRY_STOCKFISH:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
[ -x "$cg" ] || { echo "no $cg: run cargo build --release first" >&2; exit 1; }
[ -x "$fs" ] || { echo "no Fairy-Stockfish at $fs (apt-get install fairy-stockfish)" >&2; exit 1; }

# name | FEN ("startpos" for the start) | depth | expected count
cases=(
  "start|startpos|6|119060324"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5|193690690"
)

now() { date +%s.%N; }

run_cg() { # fen depth -> prints node count
  local fen=$1 depth=$2 args=()
  [ "$fen" != startpos ] && args=(--fen "$fen")
  "$cg" perft variants/chess.toml "$depth" --threads 1 "${args[@]}" 2>/dev/null | awk '/^Nodes searched:/ {print $3}'
}

run_fs() { # fen depth -> prints node count
  local fen=$1 depth=$2 pos="position startpos"
  [ "$fen" != startpos ] && pos="position fen $fen"
  printf 'uci\nsetoption name Threads value 1\n%s\ngo perft %s\nquit\n' "$pos" "$depth" |
    "$fs" 2>/dev/null | awk '/^Nodes searched:/ {print $3}'
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

printf '%-10s %5s %12s %12s %12s %8s\n' case depth nodes chessgraph fairy-sf ratio
for c in "${cases[@]}"; do
  IFS='|' read -r name fen depth expect <<<"$c"
  cg_times=() fs_times=()
  for _ in $(seq "$rounds"); do
    t0=$(now); n=$(run_cg "$fen" "$depth"); t1=$(now)
    [ "$n" = "$expect" ] || { echo "chessgraph counted $n, expected $expect ($name)" >&2; exit 1; }
    cg_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
    t0=$(now); n=$(run_fs "$fen" "$depth"); t1=$(now)
    [ "$n" = "$expect" ] || { echo "Fairy-Stockfish counted $n, expected $expect ($name)" >&2; exit 1; }
    fs_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
  done
  cgm=$(printf '%s\n' "${cg_times[@]}" | median)
  fsm=$(printf '%s\n' "${fs_times[@]}" | median)
  printf '%-10s %5s %12s %11.2fs %11.2fs %8.2f\n' "$name" "$depth" "$expect" "$cgm" "$fsm" "$(awk -v a="$cgm" -v b="$fsm" 'BEGIN {print a / b}')"
done
