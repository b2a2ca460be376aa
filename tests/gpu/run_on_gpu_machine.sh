#!/usr/bin/env bash
# Runs on the GPU test machine from the folder tests/gpu/pack_for_gpu_machine.sh made, in the
# repository's root (the examples and shipped lectures are read from
# there): the gpu tier, then the figures the notes quote. At most 8 files
# come back from that machine, so everything goes into OUT/report.txt and
# a few JSON files. Each part has its own time limit, so one that hangs
# costs its limit, not the call.
#
# Usage: DIR/run.sh OUT [PART...]
#   PART: tier, bench, display (the default: these three, in that order),
#         profile (Nsight Compute on one temporal pass at 8192², 8 and 16
#         steps: instructions, occupancy, the busiest unit)
set -uo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh OUT [tier|bench|display|profile]...}
shift
parts=("$@")
[[ ${#parts[@]} -gt 0 ]] || parts=(tier bench display)
mkdir -p "$out" "$dir/libs"
tar xJf "$dir/libs.tar.xz" -C "$dir/libs"
export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
export HEATLAB_BINARY=$dir/heatlab HOME=${HOME:-/tmp} LANG=C.UTF-8
report=$out/report.txt
# Only heatlab's processes get the carried libraries: the machine's own
# tools (nvidia-smi, ncu) keep theirs.
libs=(env LD_LIBRARY_PATH="$dir/libs")
say() { echo "== $* ($(date -u +%T))" >>"$report"; }
# A child's peak resident memory and wall time, after its own output.
peak() {
  python3 -c '
import resource, subprocess, sys, time
start = time.time()
status = subprocess.call(sys.argv[1:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 2**20
print("exit %d, %.1f s, peak resident %.2f GiB" % (status, time.time() - start, peak))' "$@"
}
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,driver_version --format=csv,noheader >>"$report"

for part in "${parts[@]}"; do
  case $part in
  tier)
    say "gpu tier"
    timeout 420 "${libs[@]}" "$dir/heatlab_gpu_tests" --gtest_brief=1 >"$out/tier.txt" 2>&1
    echo "exit $?" >>"$report"
    grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests? ran' "$out/tier.txt" >>"$report"
    ;;
  bench)
    for grid in 2048 8192 16384; do
      say "bench $grid"
      timeout 120 "${libs[@]}" "$dir/heatlab" bench --backend cuda --grid "$grid" --kernel temporal \
        --timing-only --steps 20 --repeats 7 --json "$out/bench_$grid.json" >/tmp/bench.txt 2>&1
      echo "exit $?" >>"$report"
      grep -E '^  (copy|global|tiled|three|optimised|temporal|resident)' /tmp/bench.txt >>"$report"
    done
    ;;
  display)
    for grid in 2048 8192 16384 32768; do
      say "shot --stats $grid"
      peak timeout 90 "${libs[@]}" "$dir/heatlab" shot --backend cuda --grid "$grid" --kernel temporal \
        --steps 0 --stats /tmp/stats.json --frame-budget 16.7 --frames 600 --out /tmp/s.png \
        >>"$report" 2>&1
    done
    say "shot --ui --stats 32768"
    peak timeout 90 "${libs[@]}" "$dir/heatlab" shot --backend cuda --grid 32768 --ui \
      --stats /tmp/ui.json --frames 100 --out "$out/ui_32768.png" >>"$report" 2>&1
    say "shot --slide 32768"
    peak timeout 90 "${libs[@]}" "$dir/heatlab" shot --backend cuda --grid 32768 --steps 100 \
      --slide 1920x1080 --out "$out/slide_32768.png" >>"$report" 2>&1
    ;;
  profile)
    for levels in 8 16; do
      say "ncu temporal, $levels steps a pass, 8192"
      # ncu starts heatlab through env, so it must follow child processes.
      timeout 150 ncu --target-processes all --kernel-name regex:heatTemporal --launch-skip 2 \
        --launch-count 1 --section SpeedOfLight --section Occupancy --section LaunchStats \
        --metrics smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active \
        "${libs[@]}" "$dir/heatlab" bench --backend cuda --grid 8192 --kernel temporal \
        --time-block "$levels" --timing-only --steps 20 --repeats 1 >/tmp/ncu.txt 2>&1
      echo "exit $?" >>"$report"
      grep -vE '^heatlab|^  (copy|global|tiled|three|optimised|temporal)' /tmp/ncu.txt | tail -60 >>"$report"
    done
    ;;
  *) echo "run.sh: unknown part '$part' (tier, bench, display, profile)" >&2; exit 2 ;;
  esac
done
say done
