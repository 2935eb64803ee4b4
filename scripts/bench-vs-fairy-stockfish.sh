#!/usr/bin/env bash
# Runs chessgraph and Fairy-Stockfish on the same orthodox positions and depths, alternating, one
# thread each, and prints the whole-command wall times and their ratio (chessgraph / Fairy-Stockfish;
# below 1.0 means chessgraph is faster). Start-up and variant loading are included on both sides:
# that is what a user waits for.
#
# Usage: scripts/bench-vs-fairy-stockfish.sh [ROUNDS] [VARIANT:DEPTH ...]
#   (default 3 rounds; the median and the best are printed). With VARIANT:DEPTH arguments, the start
#   perft of variants/VARIANT.toml against Fairy-Stockfish's UCI_Variant VARIANT instead of the
#   orthodox cases, e.g. `scripts/bench-vs-fairy-stockfish.sh 3 horde:7 extinction:6`; the two
#   counts must agree.
# Needs: a release build (`cargo build --release`) and Fairy-Stockfish
#        (Debian: `apt-get install fairy-stockfish`, binary /usr/games/fairy-stockfish).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-3}
shift || true
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

variant=chess
run_cg() { # fen depth -> prints node count
  local fen=$1 depth=$2 args=()
  [ "$fen" != startpos ] && args=(--fen "$fen")
  "$cg" perft "variants/$variant.toml" "$depth" --threads 1 "${args[@]}" 2>/dev/null | awk '/^Nodes searched:/ {print $3}'
}

run_fs() { # fen depth -> prints node count
  local fen=$1 depth=$2 pos="position startpos" uci=""
  [ "$fen" != startpos ] && pos="position fen $fen"
  [ "$variant" != chess ] && uci="setoption name UCI_Variant value $variant"
  printf 'uci\nsetoption name Threads value 1\n%s\n%s\ngo perft %s\nquit\n' "$uci" "$pos" "$depth" |
    "$fs" 2>/dev/null | awk '/^Nodes searched:/ {print $3}'
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

best() { sort -g | head -1; }

bench() { # name fen depth expected (empty: Fairy-Stockfish's count)
  local name=$1 fen=$2 depth=$3 expect=$4 n t0 t1 cg_times=() fs_times=()
  for _ in $(seq "$rounds"); do
    t0=$(now); n=$(run_fs "$fen" "$depth"); t1=$(now)
    [ -n "$expect" ] || expect=$n
    [ "$n" = "$expect" ] || { echo "Fairy-Stockfish counted $n, expected $expect ($name)" >&2; exit 1; }
    fs_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
    t0=$(now); n=$(run_cg "$fen" "$depth"); t1=$(now)
    [ "$n" = "$expect" ] || { echo "chessgraph counted $n, expected $expect ($name)" >&2; exit 1; }
    cg_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
  done
  local cgm fsm cgb fsb
  cgm=$(printf '%s\n' "${cg_times[@]}" | median)
  fsm=$(printf '%s\n' "${fs_times[@]}" | median)
  cgb=$(printf '%s\n' "${cg_times[@]}" | best)
  fsb=$(printf '%s\n' "${fs_times[@]}" | best)
  printf '%-12s %5s %12s %11.2fs %11.2fs %8.2f %11.2fs %11.2fs %8.2f\n' "$name" "$depth" "$expect" \
    "$cgm" "$fsm" "$(awk -v a="$cgm" -v b="$fsm" 'BEGIN {print a / b}')" \
    "$cgb" "$fsb" "$(awk -v a="$cgb" -v b="$fsb" 'BEGIN {print a / b}')"
}

printf '%-12s %5s %12s %12s %12s %8s %12s %12s %8s\n' case depth nodes "chessgraph" "fairy-sf" ratio \
  "best cg" "best fsf" "ratio"
if [ $# -gt 0 ]; then
  for vd in "$@"; do
    variant=${vd%:*}
    [ -f "variants/$variant.toml" ] || { echo "no variants/$variant.toml" >&2; exit 1; }
    bench "$variant" startpos "${vd##*:}" ""
  done
else
  for c in "${cases[@]}"; do
    IFS='|' read -r name fen depth expect <<<"$c"
    bench "$name" "$fen" "$depth" "$expect"
  done
fi
