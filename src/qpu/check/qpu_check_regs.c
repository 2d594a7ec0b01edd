/*
 * qpu_check_regs.c: the one object behind qpu_check_regs.h, whose
 * register-address classes (derived from the ISA table's periph/flags/id
 * columns, registers told apart by `enum qpu_reg_id`, never by name) are
 * inline functions.
 */
#include "qpu/check/qpu_check_regs.h"

const struct qpu_reg_info qpu_check_no_reg = { 0 };
