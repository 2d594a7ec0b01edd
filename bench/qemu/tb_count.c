/*
 * tb_count.c: a QEMU TCG plugin counting how often each translation block
 * runs. At exit it writes one line per block that ran, "VADDR INSNS EXECS"
 * (hex guest address, guest instructions, executions), to out=PATH
 * (default tb_count.txt). Guest instructions and blocks of a run, by
 * function: scripts/qemu-tb-report.py. Deterministic, unlike a clock.
 */
#include <stdio.h>
#include <stdlib.h>

#include "qemu_plugin_api.h"

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct block {
	uint64_t vaddr, insns, execs;
	struct block *next;
};

static struct block *blocks;
static const char *out_path;

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	struct block *b = calloc(1, sizeof(*b));
	if (!b)
		return;
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	b->next = blocks;
	blocks = b;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->execs, 1);
}

static void write_counts(qemu_plugin_id_t id, void *userdata)
{
	(void)id;
	(void)userdata;
	FILE *f = fopen(out_path, "w");
	if (!f)
		return;
	for (const struct block *b = blocks; b; b = b->next)
		if (b->execs)
			fprintf(f, "%llx %llu %llu\n", (unsigned long long)b->vaddr,
				(unsigned long long)b->insns, (unsigned long long)b->execs);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info, int argc,
			char **argv)
{
	(void)info;
	out_path = qemu_plugin_start(id, argc, argv, "tb_count.txt", on_translate, write_counts);
	return 0;
}
