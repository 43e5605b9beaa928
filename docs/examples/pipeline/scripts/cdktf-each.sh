#!/usr/bin/env bash
# `cdktf diff` or `cdktf deploy` of every stack of one environment ($DEPLOY_ENVIRONMENT), in the
X Remote state:
# $STATE_STORAGE_ACCOUNT (container tfstate, Entra ID; docs/deploy.md step 2).
set -euo pipefail
action="${1:?usage: cdktf-each.sh diff|deploy}"
env_name="${DEPLOY_ENVIRONMENT:?set DEPLOY_ENVIRONMENT}"
upper="$(printf '%s' "$env_name" | tr '[:lower:]-' '[:upper:]_')"
export RTP_ENVIRONMENTS="$env_name"
if [ -n "${STATE_STORAGE_ACCOUNT:-}" ]; then export "RTP_${upper}_STATE_STORAGE_ACCOUNT=${STATE_STORAGE_ACCOUNT}"; fi
# The app's stacks of this environment, as synthesized (realtime, rate-limiting, api-patterns, payments).
npm run synth > /dev/null
stacks=()
for dir in cdktf.out/stacks/*-"$env_name"; do stacks+=("$(basename "$dir")"); done
for stack in "${stacks[@]}"; do
  echo "== cdktf ${action} ${stack}"
  if [ "$action" = deploy ]; then
    npx cdktf deploy "$stack" --auto-approve --skip-synth
  else
    npx cdktf diff "$stack" --skip-synth
  fi
done
