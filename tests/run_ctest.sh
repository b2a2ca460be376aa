#!/usr/bin/env bash
# Runs ctest with the given arguments and keeps its summary line
# ("100% tests passed, 0 tests failed out of N") last, where a reader and CI
# look. ctest lists every skipped test after that line; here the list is
# replaced by one line saying why they were skipped: the gpu tier skips
# itself where no CUDA device is present. A skipped test outside the gpu
# tier is named, since no other tier skips.
# Usage: tests/run_ctest.sh BUILD_DIR [ctest arguments...]
set -uo pipefail
build=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT

ctest --test-dir "$build" "$@" 2>&1 | tee "$log" |
  awk '/^The following tests did not run:/ { hide = 1; next }
       hide && /\(Skipped\)$/ { next }
       { hide = 0; print }'
status=${PIPESTATUS[0]}

# Lines such as "	 12 - CudaBackend.Steps (Skipped)".
mapfile -t skipped < <(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' "$log")
if ((${#skipped[@]} > 0)); then
  mapfile -t gpu < <(ctest --test-dir "$build" -N -L gpu | sed -n 's/^ *Test *#[0-9]*: //p')
  outside=()
  for name in "${skipped[@]}"; do
    printf '%s\n' "${gpu[@]}" | grep -qxF -- "$name" || outside+=("$name")
  done
  gpuSkipped=$((${#skipped[@]} - ${#outside[@]}))
  if ((gpuSkipped > 0)); then
    echo "skipped: $gpuSkipped gpu tests, as this machine has no CUDA device (they run on the GPU machine)"
  fi
  for name in "${outside[@]}"; do
    echo "skipped outside the gpu tier: $name"
  done
fi
summary=$(grep -E '^[0-9]+% tests passed' "$log" | tail -1)
[[ -n "$summary" ]] && echo "$summary"
exit "$status"
