# Hand-written control flow: a counted loop with a relative conditional
# branch back to a label, a forward branch over a block, an absolute branch,
# a register-relative branch and a branch that writes link registers.
	ldi r0, 10
loop:
	sub.sf r0, r0, 1 ; nop
	brr.any_zc loop                   # while any element is non-zero
	nop ; nop
	nop ; nop
	nop ; nop
	brr.all_zs skip
	nop ; nop
	nop ; nop
	nop ; nop
	mov ra3, unif ; nop
skip:
	brr ra10, rb10, done              # link: return address to ra10/rb10
	nop ; nop
	nop ; nop
	nop ; nop
	bra.any_ns 0x00000400             # absolute
	nop ; nop
	nop ; nop
	nop ; nop
	bra ra3, 64                       # target = ra3 + 64
	nop ; nop
	nop ; nop
	nop ; nop
	brr.all_cc done
	nop ; nop
	nop ; nop
	nop ; nop
done:
	nop ; nop ; thrend
	nop ; nop
	nop ; nop
