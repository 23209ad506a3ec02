# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# Sourced: the kselftest targets whose config fragments go into the VM kernel
# (the collections of vm-tests.txt).
VM_TARGETS=$(sed -n 's/^\([^#][^:]*\):.*/\1/p' "$(dirname "${BASH_SOURCE[0]}")/vm-tests.txt" | sort -u | tr '\n' ' ')
export VM_TARGETS
