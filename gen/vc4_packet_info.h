/*
 * vc4_packet_info.h: every control-list packet's length and name by opcode,
 * the one table that code walking raw CL bytes reads (the simulated
 * kernel's bin CL validator, the 3D pipeline's CL executor, the fuzzers).
 * It is made from the generated VC4_FOR_EACH_PACKET, so the XML stays the
 * only description of the packets.
 */
#ifndef VC4_PACKET_INFO_H
#define VC4_PACKET_INFO_H

#include <stdint.h>

/* Bytes of the packet with `opcode`, opcode byte included; 0 when no packet
 * has that opcode (every packet is at least one byte long). */
uint32_t vc4_packet_length(uint8_t opcode);

/* The XML's name of the packet with `opcode` ("Halt", "Branch"...), or
 * "unknown" when no packet has that opcode. */
const char *vc4_packet_name(uint8_t opcode);

#endif
