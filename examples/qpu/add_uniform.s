# add_uniform.s: a small compute kernel for one QPU.
# Reads 16 words from memory through TMU0 (the address is uniform 0),
# adds uniform 1 to every byte lane's word, and stores the 16 results with
# a VPM DMA write (VDW) to the address in uniform 2.
#   vc4-as add_uniform.s -o add_uniform.bin
#   vc4-run add_uniform.bin -u 0x100 -u 0x01010101 -u 0x200 \
#       --mem 0x100 in.bin --dump 0x200 64 out.bin
	shl r1, elem_num, 2              # byte offset of this lane's word
	add tmu0_s, r1, unif             # + base address: the TMU fetches
	nop ; nop ; ldtmu0               # the 16 words arrive in r4
	add r0, r4, unif                 # + the addend
	ldi vw_setup, 0x00001a00         # VPM write: horizontal, 32-bit, row 0
	mov vpm, r0                      # one row of 16 words
	ldi vw_setup, 0x80904000         # VDW: 1 row of 16 words
	or vw_addr, unif, unif           # start the DMA to uniform 2
	nop ; nop ; thrend
	nop ; nop
	nop ; nop
