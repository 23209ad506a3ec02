# SPDX-License-Identifier: GPL-2.0
# Entry points of the napi-list series harness. `make help` lists them.
#
#   make         set up, build the VM kernel with the series, boot it and
#                show the series at work
#   make check   everything CI runs (.ci/run calls exactly this)

CACHE  ?= $(HOME)/.cache/napi-list
BUILD  ?= $(CURDIR)/build
TREE   ?= $(BUILD)/linux
VMOUT  ?= $(BUILD)/vm
ARMOUT ?= $(BUILD)/arm
KSRC   ?=
export KSRC

SHELL  := /bin/bash
# the tools (deps.sh) and ccache: scripts/env.sh; a failed deps.sh stops here
ENV     = set -eo pipefail; . scripts/env.sh; harness_env $(CACHE) $(BUILD)/deps.log;
KMAKE   = scripts/kmake.sh $(TREE) $(VMOUT)
# the tree, unless it is there already (`make tree` rebuilds it); defined
# before the rules that use it, as make expands prerequisites as it reads
NEED_TREE = $(if $(wildcard $(TREE)/Makefile),,tree)

.PHONY: all help deps env tree export check check-rt check-debug check-arm send send-net vm-kernel demo vm-test mutants audit napi-bench napi-prof clean

all: deps tree vm-kernel demo

help:
	@echo "make           deps + tree + vm-kernel + demo: the series at work in a VM"
	@echo "make check     everything CI runs: NIPA-style checks, builds, VM tests"
	@echo "make deps      install what the harness needs (apt-get; sid tools under ~/.cache)"
	@echo "make env       the environment the targets run in (tools' PATH, ccache)"
	@echo "make tree      $(TREE): base + one commit per patch of series/ (git am)"
	@echo "               base: Debian linux-source-7.x, or KSRC=/path/to/net-next"
	@echo "make export    series/ from $(TREE) (git format-patch, cover letter kept)"
	@echo "               V=N to start version N; series/net/ (the net fixes) too, NET_V=N"
	@echo "make vm-kernel the VM kernel of $(TREE) in $(VMOUT) (allnoconfig + fragments)"
	@echo "make demo      boot it under QEMU (TCG) and show the series at work"
	@echo "make vm-test   boot it and run KUnit + the kselftests of"
	@echo "               tools/testing/selftests/vm-tests.txt"
	@echo "make mutants   break the core in one small way at a time (MUTANTS=...): some KUnit"
	@echo "               case must fail for each; prints the table of Documentation/testing.md"
	@echo "make audit     coccinelle audits of net-core/ (netif_receive_skb() return value users)"
	@echo "make napi-bench instructions per packet of each receive path, series vs base, on"
	@echo "               the emulated CPU: napi_bench.ko (net-core/bench/mod/) feeds its NAPI"
	@echo "               B frames a poll (UDP to a socket, TCP forwarded, TCP to a socket);"
	@echo "               PACKETS=, REPS=, ONLY= (an ERE of configurations); results and raw"
	@echo "               counts in Documentation/bench/ (make check's napi-bench-report judges them)"
	@echo "make napi-prof ONLY=CONFIG: where the head's instructions differ from the base's, by"
	@echo "               function, per frame, in one boot of each (build/napi-bench/prof/prof.md)"
	@echo "make check-rt  the VM kernel with PREEMPT_RT: KUnit + napi_rx_list.py; writes"
	@echo "               Documentation/check-rt.txt, which make check requires to match"
	@echo "make check-debug the VM kernel + kernel/configs/debug.config (KASAN, lockdep,"
	@echo "               kmemleak): KUnit + vm-tests.txt, kmemleak scan after each;"
	@echo "               writes Documentation/check-debug.txt (the same rule; ~2.5 h here, alone)"
	@echo "make check-arm the ARM VM kernel (net-core/vm-arm.config) on zynq (macb) and"
	@echo "               vexpress (smsc911x), and at the base (each case must fail there);"
	@echo "               writes Documentation/check-arm.txt (the same rule)"
	@echo "make send      sign off as yourself and dry-run the send (b4 / git send-email)"
	@echo "make send-net  the same for the net fixes (series/net/); both refuse a Fixes:"
	@echo "               tag they cannot verify (FIXES_TREE=a kernel tree with history)"
	@echo "make clean     remove $(BUILD) (the cache in $(CACHE) stays)"

deps:
	@scripts/deps.sh $(CACHE) >/dev/null

env:
	@$(ENV) env | grep -E '^(PATH|PYTHONPATH|RUFF_WASM_DIR|CCACHE_[A-Z]*)=' | sort

tree: deps
	@scripts/tree.sh $(TREE) $(CACHE)

# BASE's linux-source: the version base-tree.sh wrote into the base commit
# (none for a KSRC base). refs/napi-list/series: what series/ now holds, so
# that make tree may rebuild over it (scripts/tree.sh).
export:
	@set -e; . scripts/identity; export PROJECT_NAME PROJECT_EMAIL; \
	 BASE_DESC="$$(git -C $(TREE) log -1 --format=%s net-base | sed -n 's/^Debian linux-source //p')"; \
	 export BASE_DESC; \
	 if [ -d series/net ] || [ "$$(git -C $(TREE) rev-list --count net-base..series-base)" != 0 ]; then \
		V=$${NET_V:-} EXPORT_FROM=net-base scripts/export.py $(TREE) series/net "$$NET_SUBJECT_PREFIX" series-base; \
	 fi; \
	 scripts/export.py $(TREE) series "$$SUBJECT_PREFIX"; \
	 git -C $(TREE) update-ref refs/napi-list/series HEAD

check:
	@scripts/check.sh

check-rt: $(NEED_TREE)
	@$(ENV) scripts/check-kernel.sh rt $(TREE) $(BUILD)/rt

check-debug: $(NEED_TREE)
	@$(ENV) scripts/check-kernel.sh debug $(TREE) $(BUILD)/debug

send:
	@scripts/send.sh $(TREE)

send-net:
	@. scripts/identity; SERIES_DIR=$(CURDIR)/series/net SEND_PREFIX="$$NET_SUBJECT_PREFIX" \
	 scripts/send.sh $(TREE) $(BUILD)/send-net series-base net-base


vm-kernel: $(NEED_TREE)
	@$(ENV) . tools/testing/selftests/targets.sh; \
	 scripts/vm-config.sh $(TREE) $(VMOUT) $$(vm_targets); \
	 echo "building the VM kernel in $(VMOUT) (cold: ~9 min on 2 cores, ccache)"; \
	 $(KMAKE) bzImage

# the series on ARM boards' real NIC models, and the base (scripts/check-arm.sh)
check-arm: $(NEED_TREE)
	@$(ENV) scripts/check-arm.sh $(TREE) $(ARMOUT)

# the same judges as make check (results.sh); fails if the VM run or one fails
vm-test:
	@$(ENV) rc=0; tools/testing/selftests/vm.sh $(TREE) $(VMOUT) $(BUILD)/vm-run || rc=$$?; \
	 tools/testing/selftests/results.sh all $(TREE) $(BUILD)/vm-run || rc=1; \
	 [ $$rc -eq 0 ] || echo "vm-test: FAILED (run: $(BUILD)/vm-run)"; exit $$rc

demo:
	@$(ENV) tools/testing/selftests/demo.sh $(VMOUT)

mutants:
	@$(ENV) net-core/mutants.sh $(TREE) $(VMOUT) $(MUTANTS)

audit:
	@$(ENV) net-core/audit.sh $(TREE)

# the bench (net-core/bench/napi-bench.sh): its own two kernels
napi-bench: $(NEED_TREE)
	@$(ENV) CACHE=$(CACHE) ONLY="$(ONLY)" net-core/bench/napi-bench.sh $(TREE) \
		$(BUILD)/napi-bench $(PACKETS) $(REPS)
	@cd $(BUILD)/napi-bench && cp run.txt table.md results.json labels.* windows.* \
		$(CURDIR)/Documentation/bench/
	@echo "make napi-bench: its results are in Documentation/bench/: commit them"

# the bench's kernels, profiled by function (not a result of make napi-bench)
napi-prof: $(NEED_TREE)
	@[ -n "$(ONLY)" ] || { echo "make napi-prof: say ONLY=CONFIG (napi-bench-guest.sh)"; exit 1; }
	@$(ENV) CACHE=$(CACHE) ONLY="$(ONLY)" PROF=1 net-core/bench/napi-bench.sh $(TREE) \
		$(BUILD)/napi-bench $(or $(PACKETS),4096) 1

clean:
	rm -rf $(BUILD)
