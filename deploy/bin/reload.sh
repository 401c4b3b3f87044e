#!/bin/sh
# `systemctl reload` of an API or indexer instance (deploy/systemd/*.service, ExecReload): POST
# /-/reload on the instance's metrics port. With METRICS_RELOAD_TOKEN set (required when
# METRICS_HOST is not loopback) the bearer token goes with it, handed to curl on its standard input
# so that it never shows in the process list. A refusal (a bad provider list, a wrong token) makes
# curl, and so the reload, fail with the process's answer on stderr.
set -eu
host="${METRICS_HOST:-127.0.0.1}"
case "$host" in
*:*) host="[$host]" ;; # an IPv6 address in a URL
esac
url="http://${host}:${METRICS_PORT:?METRICS_PORT is not set for this instance}/-/reload"
if [ -n "${METRICS_RELOAD_TOKEN:-}" ]; then
  printf 'Authorization: Bearer %s\n' "$METRICS_RELOAD_TOKEN" |
    /usr/bin/curl -sS --fail-with-body -X POST -H @- "$url"
else
  /usr/bin/curl -sS --fail-with-body -X POST "$url"
fi
