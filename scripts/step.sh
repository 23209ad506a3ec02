# shellcheck shell=bash
# shellcheck disable=SC2154,SC2034 # out and res are the caller's, which reads fail
# SPDX-License-Identifier: GPL-2.0
# Sourced by check-kernel.sh and check-arm.sh, whose summaries make check
# judges (kernel-summary.sh). step NAME CMD...: run CMD with its output in
# $out/NAME.log, print one line as make check does (PASS, SKIP on exit 2,
# FAIL) and append it to $res; any exit but 0 sets fail=1 (a SKIP line
# fails a summary too).
fail=0
step() {
	local name=$1 rc t0=$SECONDS; shift
	"$@" > "$out/$name.log" 2>&1
	rc=$?
	case $rc in
	0) echo "PASS  $name ($((SECONDS - t0)) s)" ;;
	2) echo "SKIP  $name: $(grep -m1 . "$out/$name.log")" ;;
	*) echo "FAIL  $name (log: $out/$name.log)"
	   tail -n 15 "$out/$name.log" | sed 's/^/      | /' ;;
	esac | tee -a "$res"
	# here, not in the case above: that runs in the pipeline's subshell
	[ "$rc" -eq 0 ] || fail=1
	return $rc
}
