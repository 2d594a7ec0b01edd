/*
 * vc4_packet_info.c: the opcode -> {length, name} table of
 * vc4_packet_info.h, expanded from the generated VC4_FOR_EACH_PACKET.
 */
#include "vc4_packet_info.h"

#include "vc4_packets.h"

struct packet_info {
	uint8_t length;
	const char *name;
};

#define PACKET_ROW(NAME, OP, LEN, STR) [OP] = { LEN, STR },
static const struct packet_info packet_info[256] = {
	VC4_FOR_EACH_PACKET(PACKET_ROW)
};
#undef PACKET_ROW

uint32_t vc4_packet_length(uint8_t opcode)
{
	return packet_info[opcode].length;
}

const char *vc4_packet_name(uint8_t opcode)
{
	return packet_info[opcode].name ? packet_info[opcode].name : "unknown";
}
