#!/usr/bin/env bash
# Installs what WP42's tests need on a Debian/Ubuntu machine: the Python package with its test extras, and the
# system programs some tests drive (bubblewrap for the sandbox, LibreOffice for formula round trips and python3-uno
# for the evaluation pool's long-lived LibreOffice, Chromium for the portal's browser test, poppler for PDF
# checks, tesseract for the hard level's reference solutions that read scanned pages). Safe to run again: apt and
# pip skip what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(bubblewrap libreoffice-calc-nogui libreoffice-writer-nogui python3-uno chromium chromium-driver
          poppler-utils fonts-dejavu-core procps tesseract-ocr)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "install-test-deps: no apt-get here; install these yourself: ${missing[*]} (tests that need them skip)" >&2
  else
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "install-test-deps: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi
python3 -m pip install -q -e '.[test,browser,inspect,llm,ray]'
