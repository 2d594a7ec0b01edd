/*
 * qemu_plugin_api.h: the few entries of QEMU's TCG plugin API (QEMU 7.2,
 * API version 1) that the plugins beside it use, declared here because
 * Debian ships no qemu-plugin.h. The plugins are loaded with
 * `qemu-arm -plugin ./libNAME.so,out=FILE ...`.
 */
#ifndef VC4_BENCH_QEMU_PLUGIN_API_H
#define VC4_BENCH_QEMU_PLUGIN_API_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_info_t;

enum { QEMU_PLUGIN_INLINE_ADD_U64 = 0, QEMU_PLUGIN_CB_NO_REGS = 0 };

typedef void (*qemu_plugin_tb_trans_cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_exec_cb)(unsigned int vcpu, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_tb_trans_cb cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb cb,
				    void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, int op, void *ptr,
					      uint64_t imm);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_exec_cb cb,
					  int flags, void *userdata);

/* What every plugin here does when QEMU loads it: registers `translate`
 * for each new block and `at_exit` for the end of the run, and returns the
 * output file named by the "out=PATH" argument, or `fallback`. */
static inline const char *qemu_plugin_start(qemu_plugin_id_t id, int argc, char **argv,
					    const char *fallback,
					    qemu_plugin_tb_trans_cb translate,
					    qemu_plugin_udata_cb at_exit)
{
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	for (int i = 0; i < argc; i++)
		if (strncmp(argv[i], "out=", 4) == 0)
			return argv[i] + 4;
	return fallback;
}

#endif
