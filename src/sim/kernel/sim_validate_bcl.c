/*
 * sim_validate_bcl.c: the bin CL validator. An opcode-indexed table says
 * which packets a user bin CL may contain and which checker rewrites them;
 * a fixed loop walks the CL, copies each accepted packet into the exec BO
 * and runs its checker on the copy. No entry means rejected. Packet lengths
 * and names come from the generated vc4_packets.h; fields are read and
 * written with its _unpack/_pack functions.
 */
#include "sim_validate.h"

#include <stdarg.h>
#include <stdio.h>

#include "vc4_packet_info.h"
#include "vc4_packets.h"

typedef bool (*bcl_check_fn)(struct sim_exec *e, const uint8_t *in, uint8_t *out,
			     struct vc4_diag *diag);

/* One accepted packet: its checker (NULL: copied as is) and whether it is
 * copied to the validated CL at all (GEM_HANDLES is not a hardware packet). */
struct bcl_rule {
	bool accepted;
	bool not_emitted;
	bcl_check_fn check;
};

/* Records "0x<offset>: packet <op> (<name>): <reason>" for the current packet. */
static bool __attribute__((format(printf, 3, 4)))
bcl_fail(const struct sim_exec *e, struct vc4_diag *diag, const char *fmt, ...)
{
	char reason[VC4_DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return vc4_diag_set(diag, "0x%08x: packet %u (%s): %s", e->pkt_offset, e->pkt_op,
			    vc4_packet_name(e->pkt_op), reason);
}

/* Bytes of the user bin CL. */
static uint32_t bin_cl_size(const struct sim_exec *e)
{
	return e->job->args.bin_cl_size;
}

/* FLUSH: only as the CL's last byte. */
static bool check_flush(struct sim_exec *e, const uint8_t *in, uint8_t *out,
			struct vc4_diag *diag)
{
	(void)in;
	(void)out;
	if (e->pkt_offset != bin_cl_size(e) - 1)
		return bcl_fail(e, diag, "Bin CL must end with VC4_PACKET_FLUSH "
				"(found at 0x%08x, the last byte is 0x%08x)", e->pkt_offset,
				bin_cl_size(e) - 1);
	e->found_flush = true;
	return true;
}

/* INCREMENT_SEMAPHORE: only right before the final FLUSH. */
static bool check_increment_semaphore(struct sim_exec *e, const uint8_t *in, uint8_t *out,
				      struct vc4_diag *diag)
{
	(void)in;
	(void)out;
	if (bin_cl_size(e) < 2 || e->pkt_offset != bin_cl_size(e) - 2)
		return bcl_fail(e, diag, "Bin CL must end with VC4_PACKET_INCREMENT_SEMAPHORE "
				"(found at 0x%08x, expected at size - 2)", e->pkt_offset);
	e->found_increment_semaphore = true;
	return true;
}

/* START_TILE_BINNING: once, after the binning config. */
static bool check_start_tile_binning(struct sim_exec *e, const uint8_t *in, uint8_t *out,
				     struct vc4_diag *diag)
{
	(void)in;
	(void)out;
	if (e->found_start_binning)
		return bcl_fail(e, diag, "Duplicate VC4_PACKET_START_TILE_BINNING");
	e->found_start_binning = true;
	if (!e->found_binning_config)
		return bcl_fail(e, diag, "missing VC4_PACKET_TILE_BINNING_MODE_CONFIG");
	return true;
}

/* The flags byte of a binning config, rebuilt from its fields for messages. */
static uint32_t binning_flags(const struct VC4_TILE_BINNING_MODE_CONFIGURATION *c)
{
	return (uint32_t)c->multisample_mode_4x | (uint32_t)c->tile_buffer_64_bit_color_depth << 1 |
	       (uint32_t)c->auto_initialise_tile_state_data_array << 2 |
	       (uint32_t)c->tile_allocation_initial_block_size << 3 |
	       (uint32_t)c->tile_allocation_block_size << 5 |
	       (uint32_t)c->double_buffer_in_non_ms_mode << 7;
}

/* TILE_BINNING_MODE_CONFIG: once; the kernel supplies the binner memory (a
 * slot) and overwrites the three address/size fields and the block sizes. */
static bool check_binning_config(struct sim_exec *e, const uint8_t *in, uint8_t *out,
				 struct vc4_diag *diag)
{
	struct VC4_TILE_BINNING_MODE_CONFIGURATION c;
	VC4_TILE_BINNING_MODE_CONFIGURATION_unpack(in, &c);
	if (e->found_binning_config)
		return bcl_fail(e, diag, "Duplicate VC4_PACKET_TILE_BINNING_MODE_CONFIG");
	e->found_binning_config = true;
	e->bin_tiles_x = (uint8_t)c.width_in_tiles;
	e->bin_tiles_y = (uint8_t)c.height_in_tiles;
	if (c.width_in_tiles == 0 || c.height_in_tiles == 0)
		return bcl_fail(e, diag, "Tile binning config of %ux%u too small",
				c.width_in_tiles, c.height_in_tiles);
	if (c.double_buffer_in_non_ms_mode || c.tile_buffer_64_bit_color_depth)
		return bcl_fail(e, diag, "unsupported binning config flags 0x%02x",
				binning_flags(&c));
	uint32_t tiles = c.width_in_tiles * c.height_in_tiles;
	uint32_t state = (SIM_TILE_STATE_SIZE * tiles + SIM_PAGE_SIZE - 1) & ~(SIM_PAGE_SIZE - 1);
	if (state + SIM_TILE_LIST_BLOCK * tiles > SIM_BIN_SLOT_SIZE)
		return bcl_fail(e, diag, "%ux%u tiles need %u bytes of tile state and %u of "
				"initial tile lists, more than the %u-byte bin slot",
				c.width_in_tiles, c.height_in_tiles, state,
				SIM_TILE_LIST_BLOCK * tiles, SIM_BIN_SLOT_SIZE);
	struct vc4_diag d = {0};
	/* All slots held: the queue runs first, as the kernel waits for a render. */
	sim_kernel_make_bin_slot(e->k);
	if (!sim_binner_get_slot(e, &d))
		return bcl_fail(e, diag, "%s", d.msg);
	uint32_t slot = e->k->binner->paddr + (uint32_t)e->bin_slot * SIM_BIN_SLOT_SIZE;
	e->tile_alloc_paddr = slot + state;
	c.tile_allocation_memory_address.offset = e->tile_alloc_paddr;
	c.tile_allocation_memory_size = SIM_BIN_SLOT_SIZE - state;
	c.tile_state_data_array_address.offset = slot;
	c.auto_initialise_tile_state_data_array = true;
	c.tile_allocation_initial_block_size = VC4_TILE_ALLOCATION_BLOCK_SIZE_32_BYTES;
	c.tile_allocation_block_size = VC4_TILE_ALLOCATION_BLOCK_SIZE_128_BYTES;
	if (VC4_TILE_BINNING_MODE_CONFIGURATION_pack(NULL, out, &c))
		return bcl_fail(e, diag, "internal error: the relocated packet does not pack");
	return true;
}

/* GEM_HANDLES: sets the BO index slots (slot 0 = index buffer). */
static bool check_gem_handles(struct sim_exec *e, const uint8_t *in, uint8_t *out,
			      struct vc4_diag *diag)
{
	(void)out;
	(void)diag;
	struct VC4_GEM_HANDLES h;
	VC4_GEM_HANDLES_unpack(in, &h);
	e->bo_index[0] = h.index_buffer_handle_index;
	e->bo_index[1] = h.unused_handle_index;
	return true;
}

uint32_t sim_gl_shader_rec_size(uint32_t bits)
{
	uint32_t n = bits & 7 ? bits & 7 : 8;
	if (bits & 8)
		return VC4_GL_SHADER_STATE_RECORD_length + 8 * VC4_ATTRIBUTE_RECORD_length +
		       n * VC4_EXTENDED_ATTRIBUTE_STRIDE_length;
	return VC4_GL_SHADER_STATE_RECORD_length + n * VC4_ATTRIBUTE_RECORD_length;
}

/* GL_SHADER_STATE: the user gives only the attribute count and extended
 * bit; records are taken in order and placed 16-byte aligned. */
static bool check_gl_shader_state(struct sim_exec *e, const uint8_t *in, uint8_t *out,
				  struct vc4_diag *diag)
{
	struct VC4_GL_SHADER_STATE s;
	VC4_GL_SHADER_STATE_unpack(in, &s);
	uint32_t i = e->shader_state_count;
	if (i >= e->job->args.shader_rec_count)
		return bcl_fail(e, diag, "More requests for shader states than declared "
				"(%u declared)", e->job->args.shader_rec_count);
	if (s.shader_record_address.offset != 0)
		return bcl_fail(e, diag, "high bits set in GL shader rec reference (0x%08x)",
				s.shader_record_address.offset);
	uint32_t bits = s.number_of_attribute_arrays | (uint32_t)s.extended_shader_record << 3;
	e->shader_state[i] = (struct sim_shader_state){ .addr = bits, .max_index = 0 };
	e->shader_state_count++;
	s.shader_record_address.offset = e->exec_paddr + e->shader_rec_next;
	if (VC4_GL_SHADER_STATE_pack(NULL, out, &s))
		return bcl_fail(e, diag, "internal error: the relocated packet does not pack");
	e->shader_rec_next += (sim_gl_shader_rec_size(bits) + 15) & ~15u;
	return true;
}

/* The shader state a primitive draws with, or NULL (reported). */
static struct sim_shader_state *current_state(struct sim_exec *e, struct vc4_diag *diag)
{
	if (e->shader_state_count == 0) {
		bcl_fail(e, diag, "shader state must precede primitives");
		return NULL;
	}
	return &e->shader_state[e->shader_state_count - 1];
}

/* Indexed primitives: the index buffer (GEM_HANDLES slot 0) holds
 * count indices from the offset; the address becomes BO address + offset. */
static bool check_indexed_primitive(struct sim_exec *e, const uint8_t *in, uint8_t *out,
				    struct vc4_diag *diag)
{
	struct VC4_INDEXED_PRIMITIVE_LIST p;
	VC4_INDEXED_PRIMITIVE_LIST_unpack(in, &p);
	struct sim_shader_state *st = current_state(e, diag);
	if (!st)
		return false;
	if (p.maximum_index > st->max_index)
		st->max_index = p.maximum_index;
	struct vc4_diag d = {0};
	struct sim_bo *ib = sim_exec_use_bo(e, e->bo_index[0], "index buffer", &d);
	if (!ib)
		return bcl_fail(e, diag, "%s", d.msg);
	uint32_t index_size = p.index_type ? 2 : 1;
	uint32_t offset = p.address_of_indices_list.offset;
	if (offset > ib->size || (ib->size - offset) / index_size < p.length)
		return bcl_fail(e, diag, "IB access overflow (%u + %u*%u > %u)", offset,
				p.length, index_size, ib->size);
	p.address_of_indices_list.offset = ib->paddr + offset;
	if (VC4_INDEXED_PRIMITIVE_LIST_pack(NULL, out, &p))
		return bcl_fail(e, diag, "internal error: the relocated packet does not pack");
	return true;
}

/* Array primitives: first + count must not wrap; raises the max index. */
static bool check_array_primitive(struct sim_exec *e, const uint8_t *in, uint8_t *out,
				  struct vc4_diag *diag)
{
	(void)out;
	struct VC4_VERTEX_ARRAY_PRIMITIVES p;
	VC4_VERTEX_ARRAY_PRIMITIVES_unpack(in, &p);
	struct sim_shader_state *st = current_state(e, diag);
	if (!st)
		return false;
	if (p.length + p.index_of_first_vertex < p.length)
		return bcl_fail(e, diag, "primitive vertex count overflow (%u + %u)", p.length,
				p.index_of_first_vertex);
	/* The kernel's arithmetic: a count of 0 at 0 gives 0xffffffff. */
	uint32_t max_index = p.length + p.index_of_first_vertex - 1;
	if (max_index > st->max_index)
		st->max_index = max_index;
	return true;
}

#define ACCEPT(NAME, CHECK) [VC4_##NAME##_opcode] = { .accepted = true, .check = CHECK }

/* The packets a user bin CL may contain (the kernel's table). */
static const struct bcl_rule bcl_rules[256] = {
	ACCEPT(HALT, NULL),
	ACCEPT(NOP, NULL),
	ACCEPT(FLUSH, check_flush),
	ACCEPT(FLUSH_ALL_STATE, NULL),
	ACCEPT(START_TILE_BINNING, check_start_tile_binning),
	ACCEPT(INCREMENT_SEMAPHORE, check_increment_semaphore),
	ACCEPT(INDEXED_PRIMITIVE_LIST, check_indexed_primitive),
	ACCEPT(VERTEX_ARRAY_PRIMITIVES, check_array_primitive),
	ACCEPT(PRIMITIVE_LIST_FORMAT, NULL),
	ACCEPT(GL_SHADER_STATE, check_gl_shader_state),
	ACCEPT(CONFIGURATION_BITS, NULL),
	ACCEPT(FLAT_SHADE_FLAGS, NULL),
	ACCEPT(POINT_SIZE, NULL),
	ACCEPT(LINE_WIDTH, NULL),
	ACCEPT(RHT_X_BOUNDARY, NULL),
	ACCEPT(DEPTH_OFFSET, NULL),
	ACCEPT(CLIP_WINDOW, NULL),
	ACCEPT(VIEWPORT_OFFSET, NULL),
	ACCEPT(CLIPPER_XY_SCALING, NULL),
	ACCEPT(CLIPPER_Z_SCALE_AND_OFFSET, NULL),
	ACCEPT(TILE_BINNING_MODE_CONFIGURATION, check_binning_config),
	[VC4_GEM_HANDLES_opcode] = { .accepted = true, .not_emitted = true,
				     .check = check_gem_handles },
};

/* Checks the packet at e->pkt_offset and copies it to the exec BO. Returns
 * its length, or 0 on rejection. */
static uint32_t validate_packet(struct sim_exec *e, const uint8_t *cl, uint32_t size,
				struct vc4_diag *diag)
{
	uint8_t op = cl[e->pkt_offset];
	const struct bcl_rule *rule = &bcl_rules[op];
	e->pkt_op = op;
	if (!rule->accepted) {
		if (vc4_packet_length(op))
			bcl_fail(e, diag, "invalid in a bin CL");
		else
			vc4_diag_set(diag, "0x%08x: packet %u invalid", e->pkt_offset, op);
		return 0;
	}
	uint32_t len = vc4_packet_length(op);
	if (len > size - e->pkt_offset) {
		bcl_fail(e, diag, "length 0x%08x exceeds bounds (0x%08x)", len,
			 size - e->pkt_offset);
		return 0;
	}
	uint8_t *out = NULL;
	if (!rule->not_emitted) {
		out = e->exec_v + e->bin_len_v;
		memcpy(out, cl + e->pkt_offset, len);
		e->bin_len_v += len;
	}
	if (rule->check && !rule->check(e, cl + e->pkt_offset, out, diag))
		return 0;
	return len;
}

bool sim_validate_bcl(struct sim_exec *e, struct vc4_diag *diag)
{
	const uint8_t *cl = e->job->bin_cl;
	uint32_t size = e->job->args.bin_cl_size;
	e->pkt_offset = 0;
	while (e->pkt_offset < size) {
		uint32_t len = validate_packet(e, cl, size, diag);
		if (len == 0)
			return false;
		if (cl[e->pkt_offset] == VC4_HALT_opcode)
			break;
		e->pkt_offset += len;
	}
	e->job->validated.ct0ca = e->exec_paddr;
	e->job->validated.ct0ea = e->exec_paddr + e->bin_len_v;
	if (!e->found_start_binning)
		return vc4_diag_set(diag, "Bin CL missing VC4_PACKET_START_TILE_BINNING");
	if (!e->found_increment_semaphore || !e->found_flush)
		return vc4_diag_set(diag, "Bin CL missing VC4_PACKET_INCREMENT_SEMAPHORE + "
				    "VC4_PACKET_FLUSH");
	return true;
}
