#!/usr/bin/env bash
# Packs what the GPU test machine needs to run a build made here: it has
# the NVIDIA driver, the CUDA toolkit and Nsight, but no GLFW, no
# GoogleTest, no glvnd loader and none of Debian's libraries heatlab links.
# Into DIR go heatlab and the gpu tier's binary (stripped), every library
# `ldd` names but glibc's and the C++ runtime's (xz-packed, about 4 MB) and
# the glvnd libraries, and run.sh beside them; DIR then travels with the
# working tree (an ignored folder) and `DIR/run.sh OUT` runs there.
#
# Usage: tests/gpu/pack_for_gpu_machine.sh BUILD_DIR DIR
#   BUILD_DIR   a build configured with the CUDA backend (CUDAARCHS=90)
#   DIR         made or emptied; keep it under 64 MiB (about 25 MB)
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: tests/gpu/pack_for_gpu_machine.sh BUILD_DIR DIR" >&2
  exit 2
fi
build=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)
for binary in "$build/heatlab" "$build/tests/gpu/heatlab_gpu_tests"; do
  [[ -x $binary ]] || { echo "pack_for_gpu_machine.sh: $binary is not built" >&2; exit 2; }
done
rm -rf "$dir" && mkdir -p "$dir/libs"
cp "$build/heatlab" "$build/tests/gpu/heatlab_gpu_tests" "$dir/"
strip "$dir/heatlab" "$dir/heatlab_gpu_tests"
# Everything the binaries link but what every Linux has (glibc, the C++
# runtime) and the driver (libcuda comes with the GPU).
ldd "$dir/heatlab" "$dir/heatlab_gpu_tests" | awk '/=> \//{print $3}' | sort -u |
  grep -vE '/(libc|libm|libpthread|libdl|librt|libstdc\+\+|libgcc_s|ld-linux-x86-64|libcuda)\.so' |
  while read -r lib; do cp -L "$lib" "$dir/libs/"; done
for glvnd in libEGL.so.1 libOpenGL.so.0 libGLdispatch.so.0; do
  cp -L "/usr/lib/x86_64-linux-gnu/$glvnd" "$dir/libs/"
done
tar cJf "$dir/libs.tar.xz" -C "$dir/libs" . && rm -rf "$dir/libs"
cp "$here/run_on_gpu_machine.sh" "$dir/run.sh"
du -sh "$dir"
