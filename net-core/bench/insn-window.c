// SPDX-License-Identifier: GPL-2.0
/*
 * QEMU TCG plugin: count the guest instructions each vCPU executes between
 * two marker addresses. An execution of the start address (on any vCPU)
 * opens a window unless one is open; the next execution of the stop address
 * closes it and appends one line to the out file: the window's instruction
 * count of vCPU 0, 1, ... (up to MAX_CPUS), space separated.
 *
 * Counting is per translated block, as QEMU's tests/plugin/insn.c does it
 * (a block left early still counts whole). Blocks in the skip ranges (spin
 * lock slow paths, whose spinning measures how the host schedules the vCPU
 * threads, not the guest's code) are not counted.
 *
 * With prof=P, each window also appends to P a line "window" and then, per
 * translated block vCPU 1 executed in it, "ADDRESS INSTRUCTIONS" (hex,
 * decimal): where that vCPU's instructions went, for profile.py.
 *
 * Each line also gives, after the counts, each vCPU's count of kernel
 * instructions only (blocks at kernel addresses): user space (a reader's
 * interpreter, say) left out.
 *
 * With waits=W and the addresses poll= (nsim_poll: the driver's poll
 * begins), enter= (netif_receive_skb: the driver passes a packet up),
 * core= (__netif_receive_skb_core: the stack takes it) and deliver=
 * (udp_rcv: the protocol gets it), how long packets wait, in vCPU 1's
 * instructions: each packet's enter is paired, in order, with the next
 * core, and that with the next deliver (the stack keeps a poll's order);
 * each poll starts the pairing afresh. Each window appends to W one line:
 * "N MEDIAN MAX" for enter to core, for enter to deliver and for the poll's
 * start to deliver (the last also for drivers that never call
 * netif_receive_skb()), then "LEFT UNPAIRED": the packets entered and
 * not delivered within their poll, the cores and delivers with no packet to
 * pair.
 *
 * qemu-system-x86_64 ... -plugin insn-window.so,start=0x...,stop=0x...,out=F
 *	[,skip=0xSTART-0xEND]...[,prof=P][,waits=W,poll=0x..,enter=0x..,
 *	core=0x..,deliver=0x..]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MAX_CPUS 8
#define MAX_SKIPS 8

/* x86_64: the kernel's half of the address space */
#define KERNEL_START 0xffff800000000000ULL

static uint64_t start_addr, stop_addr, count[MAX_CPUS], mark[MAX_CPUS];
static uint64_t kcount[MAX_CPUS], kmark[MAX_CPUS];
static uint64_t skip_start[MAX_SKIPS], skip_end[MAX_SKIPS];
static unsigned int ncpus = 1, nskips;
static bool open_window;	/* __atomic: read by every vCPU thread */
static FILE *out, *prof, *waits;

/* waits=: vCPU 1's count at each mark, queued until paired */
enum { ENTER, CORE, DELIVER, POLL, NMARKS };
static uint64_t mark_addr[NMARKS], poll_start;
static GArray *queue[DELIVER];		/* queue[ENTER], queue[CORE] */
static GArray *wait[NMARKS];		/* wait[CORE], [DELIVER], [POLL] */
static guint queue_head[DELIVER], left, unpaired;
static bool polled;
static GMutex wait_lock;

static bool window_open(void)
{
	return __atomic_load_n(&open_window, __ATOMIC_ACQUIRE);
}

/* a translated block, for prof= */
struct block {
	uint64_t vaddr, n_insns, hits;
};
static GPtrArray *blocks;
static GMutex lock;

static void on_tb(unsigned int cpu_index, void *udata)
{
	count[cpu_index % MAX_CPUS] += (uintptr_t)udata;
}

static void on_ktb(unsigned int cpu_index, void *udata)
{
	count[cpu_index % MAX_CPUS] += (uintptr_t)udata;
	kcount[cpu_index % MAX_CPUS] += (uintptr_t)udata;
}

static void on_tb_prof(unsigned int cpu_index, void *udata)
{
	struct block *b = udata;

	count[cpu_index % MAX_CPUS] += b->n_insns;
	if (b->vaddr >= KERNEL_START)
		kcount[cpu_index % MAX_CPUS] += b->n_insns;
	if (cpu_index == 1 && window_open())
		__atomic_add_fetch(&b->hits, 1, __ATOMIC_RELAXED);
}

static void dump_prof(void)
{
	unsigned int i;

	g_mutex_lock(&lock);
	fprintf(prof, "window\n");
	for (i = 0; i < blocks->len; i++) {
		struct block *b = g_ptr_array_index(blocks, i);

		uint64_t hits = __atomic_exchange_n(&b->hits, 0,
						     __ATOMIC_RELAXED);

		if (hits)
			fprintf(prof, "%" PRIx64 " %" PRIu64 "\n", b->vaddr,
				hits * b->n_insns);
	}
	fflush(prof);
	g_mutex_unlock(&lock);
}

/* the pairing starts afresh: what is queued counts as left */
static void queues_reset(void)
{
	unsigned int i;

	for (i = ENTER; i < DELIVER; i++) {
		left += queue[i]->len - queue_head[i];
		g_array_set_size(queue[i], 0);
		queue_head[i] = 0;
	}
}

static void waits_reset(void)
{
	unsigned int i;

	queues_reset();
	for (i = CORE; i < NMARKS; i++)
		g_array_set_size(wait[i], 0);
	left = unpaired = 0;
	polled = false;
}

/* a packet reached mark udata on vCPU 1: queue it, or pair it */
static void on_mark(unsigned int cpu_index, void *udata)
{
	unsigned int m = (uintptr_t)udata;
	uint64_t now = count[1], entered, w;

	if (cpu_index != 1 || !window_open())
		return;
	g_mutex_lock(&wait_lock);
	if (m == POLL) {
		queues_reset();
		poll_start = now;
		polled = true;
	} else if (m == ENTER) {
		g_array_append_val(queue[ENTER], now);
	} else if (queue_head[m - 1] < queue[m - 1]->len) {
		entered = g_array_index(queue[m - 1], uint64_t, queue_head[m - 1]++);
		if (m < DELIVER)
			g_array_append_val(queue[m], entered);
		w = now - entered;
		g_array_append_val(wait[m], w);
	} else {
		unpaired++;
	}
	if (m == DELIVER && polled) {
		w = now - poll_start;
		g_array_append_val(wait[POLL], w);
	}
	g_mutex_unlock(&wait_lock);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void dump_wait(GArray *w)
{
	uint64_t *v = (uint64_t *)w->data;

	qsort(v, w->len, sizeof(*v), cmp_u64);
	fprintf(waits, "%u %" PRIu64 " %" PRIu64 " ", w->len,
		w->len ? v[w->len / 2] : 0, w->len ? v[w->len - 1] : 0);
}

static void dump_waits(void)
{
	g_mutex_lock(&wait_lock);
	queues_reset();
	dump_wait(wait[CORE]);
	dump_wait(wait[DELIVER]);
	dump_wait(wait[POLL]);
	fprintf(waits, "%u %u\n", left, unpaired);
	fflush(waits);
	waits_reset();
	g_mutex_unlock(&wait_lock);
}

static void on_start(unsigned int cpu_index, void *udata)
{
	if (window_open())
		return;
	if (waits) {
		g_mutex_lock(&wait_lock);
		waits_reset();
		g_mutex_unlock(&wait_lock);
	}
	memcpy(mark, count, sizeof(mark));
	memcpy(kmark, kcount, sizeof(kmark));
	__atomic_store_n(&open_window, true, __ATOMIC_RELEASE);
}

static void on_stop(unsigned int cpu_index, void *udata)
{
	unsigned int i;

	if (!window_open())
		return;
	__atomic_store_n(&open_window, false, __ATOMIC_RELEASE);
	for (i = 0; i < ncpus; i++)
		fprintf(out, "%s%" PRIu64, i ? " " : "", count[i] - mark[i]);
	for (i = 0; i < ncpus; i++)
		fprintf(out, " %" PRIu64, kcount[i] - kmark[i]);
	fprintf(out, "\n");
	fflush(out);
	if (prof)
		dump_prof();
	if (waits)
		dump_waits();
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	uint64_t tb_va = qemu_plugin_tb_vaddr(tb);
	bool skip = false;

	for (i = 0; i < nskips; i++)
		skip |= tb_va >= skip_start[i] && tb_va < skip_end[i];
	if (!skip && prof) {
		struct block *b = g_new0(struct block, 1);

		b->vaddr = tb_va;
		b->n_insns = n;
		g_mutex_lock(&lock);
		g_ptr_array_add(blocks, b);
		g_mutex_unlock(&lock);
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb_prof,
						     QEMU_PLUGIN_CB_NO_REGS, b);
	} else if (!skip) {
		qemu_plugin_register_vcpu_tb_exec_cb(tb,
			tb_va >= KERNEL_START ? on_ktb : on_tb,
			QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)n);
	}
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(insn);
		uintptr_t m;

		for (m = ENTER; waits && m < NMARKS; m++)
			if (va == mark_addr[m])
				qemu_plugin_register_vcpu_insn_exec_cb(insn,
					on_mark, QEMU_PLUGIN_CB_NO_REGS,
					(void *)m);
		if (va == start_addr)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start,
						QEMU_PLUGIN_CB_NO_REGS, NULL);
		else if (va == stop_addr)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_stop,
						QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	fclose(out);
	if (prof)
		fclose(prof);
	if (waits)
		fclose(waits);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL, *prof_path = NULL, *waits_path = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		char *val = strchr(argv[i], '=');

		if (!val)
			return -1;
		*val++ = '\0';
		if (!strcmp(argv[i], "start"))
			start_addr = strtoull(val, NULL, 0);
		else if (!strcmp(argv[i], "stop"))
			stop_addr = strtoull(val, NULL, 0);
		else if (!strcmp(argv[i], "out"))
			path = val;
		else if (!strcmp(argv[i], "prof"))
			prof_path = val;
		else if (!strcmp(argv[i], "waits"))
			waits_path = val;
		else if (!strcmp(argv[i], "enter"))
			mark_addr[ENTER] = strtoull(val, NULL, 0);
		else if (!strcmp(argv[i], "core"))
			mark_addr[CORE] = strtoull(val, NULL, 0);
		else if (!strcmp(argv[i], "deliver"))
			mark_addr[DELIVER] = strtoull(val, NULL, 0);
		else if (!strcmp(argv[i], "poll"))
			mark_addr[POLL] = strtoull(val, NULL, 0);
		else if (!strcmp(argv[i], "skip") && nskips < MAX_SKIPS &&
			 sscanf(val, "%" SCNx64 "-%" SCNx64,
				&skip_start[nskips], &skip_end[nskips]) == 2)
			nskips++;
		else
			return -1;
	}
	if (!start_addr || !stop_addr || !path)
		return -1;
	if (info->system_emulation)
		ncpus = MIN(info->system.smp_vcpus, MAX_CPUS);
	out = fopen(path, "w");
	if (!out)
		return -1;
	if (prof_path) {
		prof = fopen(prof_path, "w");
		if (!prof)
			return -1;
		blocks = g_ptr_array_new();
	}
	if (waits_path) {
		for (i = ENTER; i < NMARKS; i++)
			if (!mark_addr[i])
				return -1;
		waits = fopen(waits_path, "w");
		if (!waits)
			return -1;
		for (i = ENTER; i < NMARKS; i++) {
			if (i < DELIVER)
				queue[i] = g_array_new(FALSE, FALSE, sizeof(uint64_t));
			else
				wait[i] = g_array_new(FALSE, FALSE, sizeof(uint64_t));
		}
		wait[CORE] = g_array_new(FALSE, FALSE, sizeof(uint64_t));
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
