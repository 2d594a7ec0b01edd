# Hand-written vertex shader: reads a 4-component position from the VPM,
# scales x and y by two uniforms, divides by w, computes screen-space
# Xs/Ys as 16-bit integers, writes Xs|Ys, Zs and 1/Wc to the VPM.
	ldi vr_setup, 0x00401a00          # VPM read: 4 words, horizontal 32-bit
	ldi vw_setup, 0x00001a00          # VPM write: horizontal 32-bit, addr 0
	mov r0, vpm ; nop                 # x
	mov r1, vpm ; nop                 # y
	mov r2, vpm ; nop                 # z
	mov sfu_recip, vpm ; nop          # 1/w -> r4
	nop ; fmul r0, r0, unif           # x * x_scale
	nop ; fmul r1, r1, unif           # y * y_scale
	mov ra1, r4 ; fmul r0, r0, r4     # keep 1/w; x / w
	nop ; fmul r1, r1, r4             # y / w
	ftoi ra2.16a, r0 ; nop            # Xs into the low half
	ftoi ra2.16b, r1 ; nop            # Ys into the high half
	nop ; nop
	mov vpm, ra2 ; nop                # Xs | Ys
	mov vpm, r2 ; nop                 # Zs
	mov vpm, ra1 ; nop                # 1/Wc
	nop ; nop ; thrend
	nop ; nop
	nop ; nop
