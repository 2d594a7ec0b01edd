# ALU modes: every add and mul op, conditions, small immediates (integers,
# floats, rotations), pack and unpack with PM 0 and 1, signals, file-A/B
# special registers and names both files share.
	fadd r0, r1, r2 ; fmul r3, r0, r1
	fsub.zs r0, r1, r2 ; mul24.zc r3, r0, r1
	fmin.ns r0, r1, r2 ; v8muld.nc r3, r0, r1
	fmax.cs r0, r1, r2 ; v8min.cc r3, r0, r1
	fminabs.never r0, r1, r2 ; v8max.always r3, r0, r1
	fmaxabs r0, r1, r2 ; v8adds r3, r0, r1
	ftoi r0, r1 ; v8subs r3, r0, r1
	itof r0, r1 ; nop
	add ra0, r1, 15 ; nop
	sub rb0, r1, -16 ; nop
	shr r0, r1, 8 ; nop
	asr r0, r1, -1 ; nop
	ror r0, r1, r2 ; nop
	shl r0, r1, r2 ; nop
	min r0, r1, r2 ; nop
	max r0, r1, r2 ; nop
	and r0, r1, r2 ; nop
	or r0, r1, r2 ; nop
	xor r0, r1, r2 ; nop
	not r0, r1 ; nop
	clz r0, r1 ; nop
	v8adds r0, r1, r2 ; nop
	v8subs r0, r1, r2 ; nop
	fadd r0, r1, 1.0 ; fmul r2, r3, 1.0
	fadd r0, r1, 128.0 ; nop
	fadd r0, r1, 0.00390625 ; nop
	nop ; fmul r2, r3, r0 ; rot 1
	nop ; mov r2, r3 ; rot 15
	nop ; fmul r2, r3, r0 ; rot r5
	add r0, r1, -15 ; v8min r2, r3, r3 ; rot 1   # rotation code read as -15
	fadd ra1.16a, ra2.16b, r0 ; nop
	fadd ra1.16bsat, ra2.8dr, r0 ; nop
	fadd rb1, ra2.8a, r0 ; fmul ra3.32sat, r1, r0
	nop ; fmul ra3.8888c, r4.16a, r0
	mov r0, elem_num ; mov r1, qpu_num
	mov r0, x_pix ; mov r1, y_pix
	mov r0, ms_flags ; mov r1, rev_flag
	mov r0, vpm_ld_busy ; mov r1, vpm_st_busy
	mov r0, vpm_ld_wait ; mov r1, vpm_st_wait
	mov r0, mutex_acq ; nop
	mov mutex_release, r0 ; nop
	mov r0, unif ; mov r1, rb32       # uniform read on A, then explicitly on B
	fadd r0, vary, rb35 ; nop
	mov r5quad, r0 ; mov r5rep, r1
	mov quad_x, r0 ; mov quad_y, r1
	mov ms_flags, r0 ; mov rev_flag, r1
	mov tlb_stencil_setup, r0 ; nop
	mov tlb_z, r0 ; nop
	mov tlb_color_ms, r0 ; nop
	mov tlb_alpha_mask, r0 ; nop
	mov vr_addr, r0 ; mov vw_addr, r1
	mov sfu_exp, r0 ; nop
	mov sfu_log, r0 ; nop
	mov tmu_noswap, r0 ; nop
	mov host_int, 1 ; nop
	mov uniforms_addr, unif ; nop
	nop ; mov uniforms_addr_rel, -1    # file B: relative to the current address
	mov tmu1_t, r0 ; mov tmu1_r, r1
	mov tmu1_b, r0 ; mov tmu0_r, r1
	mov tmu0_b, r0 ; nop
	nop ; nop ; bkpt
	nop ; nop ; lthrsw
	nop ; nop ; loadcv
	nop ; nop ; loadc
	nop ; nop ; ldcend
	nop ; nop ; loadam
