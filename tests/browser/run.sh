#!/bin/sh
# The browser tests of `heatlab serve`: installs puppeteer-core from the lock
# file when node_modules is missing or older than the lock file, then runs
# serve.test.js under node's own test runner (node 18 or newer).
#   tests/browser/run.sh [HEATLAB_BINARY]
# HEATLAB_BINARY: the heatlab to serve (default: build/heatlab of this
# checkout); CHROMIUM (environment): the browser (default /usr/bin/chromium).
# Exits non-zero when a test fails or the packages cannot be installed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
if [ "$#" -ge 1 ] && [ -n "$1" ]; then
    # Made absolute: the tests run in this folder.
    case "$1" in
    /*) HEATLAB_BINARY=$1 ;;
    *) HEATLAB_BINARY=$(pwd)/$1 ;;
    esac
    export HEATLAB_BINARY
fi

cd "$here"
# Node trusts its own copy of the public authorities, not the system's: a
# network whose TLS is re-signed by an authority installed on this machine
# (a company's, a sandbox's) refuses npm's downloads without this.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r /etc/ssl/certs/ca-certificates.crt ]; then
    export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi
# npm ci writes node_modules/.package-lock.json: missing, or older than the
# lock file, the installed packages are not the locked ones.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] ||
    [ ! -d node_modules/puppeteer-core ]; then
    # Three tries: a registry's socket timing out once (seen in a fresh
    # Debian 13 run) is the network's, not the lock file's.
    tries=0
    until npm ci --no-audit --no-fund; do
        tries=$((tries + 1))
        if [ "$tries" -ge 3 ]; then
            echo "browser tests: npm ci failed three times" >&2
            exit 1
        fi
        sleep 10
    done
fi

# A file, not a folder: node 18's --test takes files (a folder or a glob
# is node 21's).
exec node --test serve.test.js
