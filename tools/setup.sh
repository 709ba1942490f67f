#!/usr/bin/env bash
# Installs what posenc needs, idempotently, from Debian's archive and the npm registry only:
# the toolchains (emscripten, cmake), libraries (Eigen, doctest), Debian's Chromium for browser tests,
# fonts, PyTorch (Debian's python3-torch: the test that runs lesson train's exported script), Jupyter's
# notebook runner with matplotlib (python3-nbclient, python3-ipykernel, python3-matplotlib: the test that
# runs every lesson's notebook), the node
# packages in package-lock.json, and Dear ImGui's source (Debian's source package of the
# same version as libimgui-dev) unpacked into .deps/. Uses sudo when not root. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

PACKAGES=(
  build-essential cmake make python3 dpkg-dev ccache clang-format
  emscripten libeigen3-dev doctest-dev libimgui-dev
  chromium fonts-dejavu-core fonts-wqy-microhei fonttools python3-numpy
  libglfw3-dev libgl-dev xvfb xauth zlib1g-dev
  clang libclang-rt-14-dev
  python3-torch python3-nbclient python3-ipykernel python3-matplotlib
)
# node and npm may come from elsewhere (e.g. a repacked nodejs that bundles npm): only ask for the
# Debian packages when the commands are missing.
command -v node >/dev/null 2>&1 || PACKAGES+=(nodejs)
command -v npm >/dev/null 2>&1 || PACKAGES+=(npm)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

have_deb_src() {
  grep -rhsE '^\s*(Types:.*deb-src|deb-src\s)' /etc/apt/sources.list /etc/apt/sources.list.d/ >/dev/null 2>&1
}

updated=0
apt_update() { if [ $updated -eq 0 ]; then $SUDO apt-get update -qq; updated=1; fi; }

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  apt_update
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: Debian packages present"
fi

# Dear ImGui source, same version as libimgui-dev, from Debian's source package.
imgui_version=$(dpkg-query -W -f='${source:Version}' libimgui-dev)
imgui_upstream=${imgui_version%-*}
imgui_dir=".deps/imgui-${imgui_upstream}"
if [ ! -f "$imgui_dir/imgui.cpp" ]; then
  if ! have_deb_src; then
    echo "setup: enabling deb-src for the distribution's main component"
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    uri=$(grep -rhsE '^\s*URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1 | awk '{print $2}')
    [ -n "$uri" ] || uri=$(grep -hsE '^\s*deb\s' /etc/apt/sources.list | head -1 | awk '{print $2}')
    [ -n "$uri" ] || uri="http://deb.debian.org/debian"
    printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$uri" "$codename" | $SUDO tee /etc/apt/sources.list.d/posenc-deb-src.sources >/dev/null
    updated=0
  fi
  apt_update
  mkdir -p .deps
  (cd .deps && apt-get source -qq "imgui=${imgui_version}")
  [ -f "$imgui_dir/imgui.cpp" ] || { echo "setup: ImGui source not found in $imgui_dir" >&2; exit 1; }
  echo "setup: ImGui source in $imgui_dir"
else
  echo "setup: ImGui source present ($imgui_dir)"
fi
ln -sfn "imgui-${imgui_upstream}" .deps/imgui

# Node packages (playwright-core drives Debian's chromium; no browser download).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
else
  echo "setup: node packages present"
fi
touch .deps/setup.stamp
