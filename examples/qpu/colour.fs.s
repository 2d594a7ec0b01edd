# Hand-written fragment shader: interpolates three varyings into an RGB
# colour, packs it with alpha 1.0 into RGBA8888 through the MUL colour
# packs, waits for the scoreboard, writes the tile buffer and ends.
	nop ; fmul r0, vary, ra15         # ra15 = W at fragment start
	fadd r0, r0, r5 ; fmul r1, vary, ra15
	fadd r1, r1, r5 ; fmul r2, vary, ra15
	fadd r2, r2, r5 ; fmul ra1.8ac, r0, 1.0
	nop ; fmul ra1.8bc, r1, 1.0
	nop ; fmul ra1.8cc, r2, 1.0
	nop ; fmul ra1.8dc, r5, 0.0       # alpha channel (placeholder value)
	nop ; nop ; sbwait
	mov tlb_color_all, ra1 ; nop ; thrend
	nop ; nop
	nop ; nop ; sbdone
