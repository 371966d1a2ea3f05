#!/usr/bin/env bash
# End-to-end suite for CI and developers (`npm run test:e2e`): installs what it needs, then runs
# e2e/run.mjs. Arguments are passed on (e.g. --n8n 2.41.1 --no-browser --update-screenshot).
#
# - Chromium: Debian's `chromium` (apt-get, when missing and we are root or have sudo).
# - n8n and the Node.js it needs: installed on first use into ${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-madmimi}
#   and reused by later runs on the same machine (a cold install takes a few minutes).
# - node_modules: `npm ci` when missing (CI has run it already).
set -euo pipefail
cd "$(dirname "$0")/.."

export N8N_CACHE_DIR="${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-madmimi}"
start=$(date +%s)

browser=1
for arg in "$@"; do [ "$arg" = "--no-browser" ] && browser=0; done
[ "${E2E_BROWSER:-1}" = "0" ] && browser=0

if [ "$browser" = "1" ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
	echo "e2e: installing Debian's chromium (apt-get) ..."
	if [ "$(id -u)" = "0" ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
		echo "e2e: /usr/bin/chromium is missing and apt-get needs root: install the 'chromium' package, or run with --no-browser" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq
	$sudo apt-get install -y -qq chromium >/dev/null
	echo "e2e: chromium installed ($(( $(date +%s) - start )) s)"
fi

if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/ts-node ]; then
	npm ci --no-audit --no-fund
fi

node --version
node e2e/run.mjs "$@"
