#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Whether a run of another kernel or of make napi-bench is pending for this
# series: Documentation/pending-runs.txt lists it as "NAME HASH: reason",
# HASH being the series hash the run is owed for (series-hash.sh). make
# check then passes NAME's summary of an older series as PENDING, and
# make send refuses to send while the file lists any run. A later change
# of the series changes HASH: the entry no longer matches and must be
# renewed, by hand, with its reason.
#
# Usage: pending-run.sh NAME HASH   (exit 0 and print the reason if pending)
#        pending-run.sh --any       (exit 0 if any run is pending)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
list=${PENDING_RUNS:-$top/Documentation/pending-runs.txt}
[ -f "$list" ] || exit 1
if [ "${1:-}" = --any ]; then
	grep -v '^#' "$list" | grep -q . && { grep -v '^#' "$list"; exit 0; }
	exit 1
fi
name=${1:?name} hash=${2:?hash}
line=$(grep -m1 -F "$name $hash: " "$list") || exit 1
echo "PENDING: ${line#"$name $hash: "} (${list#"$top"/})"
