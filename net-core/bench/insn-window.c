// SPDX-License-Identifier: GPL-2.0
/*
 * QEMU TCG plugin: count the guest instructions each vCPU executes between
 * two marker addresses. An execution of the start address (on any vCPU)
 * opens a window unless one is open; the next execution of the stop address
 * closes it and appends one line to the out file: the window's instruction
 * count of vCPU 0, 1, ... (up to MAX_CPUS), space separated.
 *
 * Counting is per translated block, as QEMU's tests/plugin/insn.c does it
 * (a block left early still counts whole).
 *
 * With prof=P it also counts, over all windows together, the instructions
 * of each translated block by its start address, and writes them to P at
 * exit, a line a block address: "ADDRESS COUNT" in hex and decimal
 * (make napi-prof maps them to functions).
 *
 * qemu-system-x86_64 ... -plugin insn-window.so,start=0x...,stop=0x...,out=F[,prof=P]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MAX_CPUS 8

static uint64_t start_addr, stop_addr, count[MAX_CPUS], mark[MAX_CPUS];
static unsigned int ncpus = 1;
static bool open_window;	/* __atomic: read by every vCPU thread */
static FILE *out, *prof;

/* prof=: a translated block, and how often it ran in a window */
struct tb_rec {
	uint64_t vaddr, insns, execs;
};
static GPtrArray *recs;
static GMutex recs_lock;

static bool window_open(void)
{
	return __atomic_load_n(&open_window, __ATOMIC_ACQUIRE);
}

static void on_tb(unsigned int cpu_index, void *udata)
{
	count[cpu_index % MAX_CPUS] += (uintptr_t)udata;
}

static void on_tb_prof(unsigned int cpu_index, void *udata)
{
	struct tb_rec *rec = udata;

	if (window_open())
		__atomic_add_fetch(&rec->execs, 1, __ATOMIC_RELAXED);
}

static void on_start(unsigned int cpu_index, void *udata)
{
	if (window_open())
		return;
	memcpy(mark, count, sizeof(mark));
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
	fprintf(out, "\n");
	fflush(out);
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb, QEMU_PLUGIN_CB_NO_REGS,
					     (void *)(uintptr_t)n);
	if (prof) {
		struct tb_rec *rec = g_new0(struct tb_rec, 1);

		rec->vaddr = qemu_plugin_tb_vaddr(tb);
		rec->insns = n;
		g_mutex_lock(&recs_lock);
		g_ptr_array_add(recs, rec);
		g_mutex_unlock(&recs_lock);
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb_prof,
						     QEMU_PLUGIN_CB_NO_REGS, rec);
	}
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(insn);

		if (va == start_addr)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start,
						QEMU_PLUGIN_CB_NO_REGS, NULL);
		else if (va == stop_addr)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_stop,
						QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
}

static void write_prof(void)
{
	GHashTable *sum = g_hash_table_new_full(g_int64_hash, g_int64_equal,
						g_free, g_free);
	GHashTableIter iter;
	gpointer key, val;
	guint i;

	/* a block translated again (flushed, or at another physical page)
	 * has a record of each translation
	 */
	for (i = 0; i < recs->len; i++) {
		struct tb_rec *rec = g_ptr_array_index(recs, i);
		uint64_t *total;

		if (!rec->execs)
			continue;
		total = g_hash_table_lookup(sum, &rec->vaddr);
		if (!total) {
			uint64_t *k = g_new(uint64_t, 1);

			*k = rec->vaddr;
			total = g_new0(uint64_t, 1);
			g_hash_table_insert(sum, k, total);
		}
		*total += rec->execs * rec->insns;
	}
	g_hash_table_iter_init(&iter, sum);
	while (g_hash_table_iter_next(&iter, &key, &val))
		fprintf(prof, "%" PRIx64 " %" PRIu64 "\n", *(uint64_t *)key,
			*(uint64_t *)val);
	fclose(prof);
	g_hash_table_destroy(sum);
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	fclose(out);
	if (prof)
		write_prof();
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL, *prof_path = NULL;
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
		recs = g_ptr_array_new_with_free_func(g_free);
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
