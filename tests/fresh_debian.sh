#!/usr/bin/env bash
# The README's test command as a newcomer on a new machine runs it: a
# minimal Debian (debootstrap --variant=minbase from the Debian package
# registry) with only build-essential, cmake, make, git and ca-certificates
# added, the project's committed HEAD cloned into it, and `make test` run
# there, which installs the rest itself (third_party/install-deps.sh). The
# chroot has no nvcc, so this is the CPU-only build: CMake's HEATLAB_CUDA
# AUTO finds no CUDA compiler and says so, and the gpu tier skips itself.
#
# Usage (as root, which CI is):  tests/fresh_debian.sh [bookworm|trixie]
#   bookworm is Debian 12, trixie Debian 13; the default is trixie.
# Environment:
#   FRESH_DEBIAN_WORK    where the chroot and the log go (default ${TMPDIR:-/tmp})
#   FRESH_DEBIAN_CACHE   where the debootstrap tarball and the downloaded
#                        packages are kept between runs, so a rerun downloads
#                        nothing (default ${XDG_CACHE_HOME:-$HOME/.cache}/heatlab-fresh-debian)
#   FRESH_DEBIAN_MIRROR  the Debian mirror (default http://deb.debian.org/debian)
#   FRESH_DEBIAN_KEEP=1  keep the chroot after a passing run (a failing run
#                        always keeps it, for a look inside)
# Prints the ctest summary, the exit status and the minutes taken; the full
# log is in $FRESH_DEBIAN_WORK/heatlab-fresh-SUITE.log. Exits with make
# test's status (non-zero when it fails), 2 on bad usage.
set -uo pipefail

suite=${1:-trixie}
case "$suite" in
  bookworm | trixie) ;;
  *)
    echo "fresh_debian: unknown suite '$suite' (bookworm or trixie)" >&2
    exit 2
    ;;
esac
if ((EUID != 0)); then
  echo "fresh_debian: must run as root (debootstrap, mount and chroot need it)" >&2
  exit 2
fi
project=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel 2>/dev/null) || {
  echo "fresh_debian: $(dirname "$0")/.. is not a git checkout" >&2
  exit 2
}
commit=$(git -C "$project" rev-parse HEAD)

work=${FRESH_DEBIAN_WORK:-${TMPDIR:-/tmp}}
cache=${FRESH_DEBIAN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/heatlab-fresh-debian}
mirror=${FRESH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
root=$work/heatlab-fresh-$suite
log=$work/heatlab-fresh-$suite.log
tarball=$cache/$suite-minbase.tgz
archives=$cache/$suite-archives
mkdir -p "$work" "$cache" "$archives" || exit 1
: >"$log"
start=$SECONDS

say() { echo "fresh_debian: $*" | tee -a "$log"; }
minutes() { awk -v s=$((SECONDS - start)) 'BEGIN { printf "%.1f", s / 60 }'; }
fail() {
  say "$suite: $1 (exit 1, $(minutes) min; log: $log)"
  exit 1
}

# Mount points under the chroot, deepest last so they unmount in reverse.
mounted=()
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" || umount -l "${mounted[i]}"
  done
  mounted=()
}
trap unmount_all EXIT
trap 'exit 130' INT TERM
bind() {
  mkdir -p "$2" && mount "${@:3}" "$1" "$2" && mounted+=("$2")
}
# A chroot left by an earlier run is removed first; never while anything is
# mounted inside it, since rm would then reach into the host's /dev.
still_mounted() { grep -qF " $root/" /proc/mounts; }

if still_mounted; then
  fail "something is still mounted under $root; unmount it first"
fi
rm -rf "$root" || fail "cannot remove the old $root"

command -v debootstrap >/dev/null ||
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >>"$log" 2>&1 ||
  fail "cannot install debootstrap on this host"

# The base system's packages are downloaded once into a tarball; a rerun
# only unpacks and installs them.
if [[ ! -s $tarball ]]; then
  say "$suite: downloading the minbase packages from $mirror"
  rm -rf "$root.download"
  debootstrap --variant=minbase --make-tarball="$tarball.part" "$suite" "$root.download" "$mirror" \
    >>"$log" 2>&1 || fail "debootstrap --make-tarball failed"
  rm -rf "$root.download"
  mv "$tarball.part" "$tarball"
fi
say "$suite: installing the minbase system into $root"
debootstrap --variant=minbase --unpack-tarball="$tarball" "$suite" "$root" "$mirror" \
  >>"$log" 2>&1 || fail "debootstrap failed"

bind proc "$root/proc" -t proc || fail "cannot mount proc"
bind /dev "$root/dev" --bind || fail "cannot bind /dev"
bind /dev/pts "$root/dev/pts" --bind || fail "cannot bind /dev/pts"
# Downloaded packages are kept in the cache, so a rerun fetches none.
bind "$archives" "$root/var/cache/apt/archives" --bind || fail "cannot bind the package cache"
cp /etc/resolv.conf "$root/etc/resolv.conf"

# The committed HEAD only: uncommitted edits are not what a newcomer gets.
if ! git clone -q --no-local "$project" "$root/root/heatlab" >>"$log" 2>&1 ||
  ! git -C "$root/root/heatlab" checkout -q --detach "$commit" >>"$log" 2>&1; then
  fail "cannot clone $project at $commit"
fi
say "$suite: project at $(git -C "$root/root/heatlab" log -1 --format='%h %s' | cut -c1-72)"

# A clean environment: nothing of the host's (TMPDIR, PATH, CUDA) inside.
in_chroot() {
  env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive chroot "$root" bash -c "$1" >>"$log" 2>&1
}
say "$suite: installing build-essential cmake make git ca-certificates"
in_chroot "apt-get update && apt-get install -y --no-install-recommends \
  build-essential cmake make git ca-certificates" || fail "apt-get install failed"
# The authorities this machine adds to the public ones (a network that
# re-signs TLS trusts its own): a newcomer's machine on this network has
# them too, and npm (the browser tests) needs them.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  in_chroot "update-ca-certificates" || fail "update-ca-certificates failed"
fi

say "$suite: make test"
in_chroot "cd /root/heatlab && make test"
status=$?

unmount_all
grep -E "no CUDA compiler found|^[0-9]+% tests passed|tests failed out of|^skipped" "$log" | sed 's/^/  /'
grep -E "error:|\*\*\*Failed|\(Failed\)" "$log" | head -20 | sed 's/^/  /'
say "$suite: 'make test' exit $status, $(minutes) min (log: $log)"
if ((status == 0)) && [[ ${FRESH_DEBIAN_KEEP:-0} != 1 ]] && ! still_mounted; then
  rm -rf "$root"
fi
exit "$status"
