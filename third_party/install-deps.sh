#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages heatlab builds and tests with (Debian 12
# and 13, Ubuntu 24.04). Idempotent: when everything is present it installs nothing,
# so `make test` can call it every time without touching apt.
set -euo pipefail

packages=(
  build-essential cmake make pkg-config gzip   # gzip: imgui backends may ship as .cpp.gz
  libglfw3-dev python3-glad                    # window + GL loader generator (glad 2)
  libimgui-dev libstb-dev                      # Dear ImGui; its font code links stb
  libglm-dev libcli11-dev nlohmann-json3-dev libpng-dev
  fonts-dejavu-core                            # the text of pictures, embedded at build time
  libfontconfig-dev fonts-ipafont-gothic       # text in other scripts: found at run time (Japanese: IPA)
  libgl-dev libopengl-dev libegl-dev           # GL and EGL link targets (glvnd)
  libgtest-dev clang-format                    # tests; `make format` and its check
  gettext                                      # msgfmt, xgettext: the Japanese catalogue (app/i18n)
  # Tests and `heatlab shot` without a display: Xvfb + Mesa's software GL/EGL.
  xvfb xauth libgl1-mesa-dri libglx-mesa0 libegl-mesa0
  xdotool                                      # key taps sent to the real window (gl tier)
  # Videos (shot --video, Ctrl+R): FFmpeg's headers to build; the libraries
  # they pull in (libavcodec59 with libx264, libavformat59, libavutil57,
  # libswscale6 on Debian 12) are loaded only when a recording starts, and
  # the tests decode with them.
  libavcodec-dev libavformat-dev libavutil-dev libswscale-dev
  # heatlab serve: HTTP and WebSocket (with TLS), and its frames as JPEG.
  libwebsockets-dev libturbojpeg0-dev
  chromium                                     # heatlab serve's page in a real browser (tests/browser)
)
# The browser tests' runner: node and npm (puppeteer-core comes from the
# lock file, tests/browser/run.sh), Debian's unless a node with its npm is
# already installed (NodeSource's nodejs carries npm and conflicts with
# Debian's npm package).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  # "install ok installed" only; a removed-but-configured package must count as missing.
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if ((EUID != 0)); then sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
