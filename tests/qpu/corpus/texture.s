# Hand-written texture fetch: s and t from varyings, a 2D lookup through
# TMU0 (the config uniforms follow the s write), the result in r4 unpacked
# to float colour channels, and a general-memory (direct) TMU1 read.
	nop ; fmul r0, vary, ra15
	fadd r0, r0, r5 ; fmul r1, vary, ra15
	fadd tmu0_t, r1, r5 ; nop         # t first
	mov tmu0_s, r0 ; nop              # s submits the request
	nop ; nop ; thrsw
	nop ; nop
	nop ; nop
	nop ; nop ; ldtmu0                # result -> r4
	nop ; fmul r1, r4.8a, unif        # red channel, scaled
	mov r0, r4.8b ; nop               # green channel
	min r2, elem_num, 15 ; nop        # clamp an offset
	shl r2, r2, 2 ; nop
	add tmu1_s, r2, unif ; nop        # direct read at base + 4 * elem
	nop ; nop ; ldtmu1
	mov r3, r4 ; nop ; thrend
	nop ; nop
	nop ; nop ; sbdone
