# Sourced by the CI scripts (.ci/web.sh, .ci/windows.sh, .ci/wheels.sh):
# `need COMMAND PACKAGE [COMMAND PACKAGE ...]` installs, with Debian's
# apt-get (through sudo when not root), each PACKAGE whose COMMAND is
# missing: a name looked up on PATH, or a path that must be executable.
# Nothing is installed when all are there.
need() {
  local missing=() sudo=""
  while [ $# -ge 2 ]; do
    if [[ $1 == /* ]]; then
      [ -x "$1" ] || missing+=("$2")
    else
      command -v "$1" >/dev/null 2>&1 || missing+=("$2")
    fi
    shift 2
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}
