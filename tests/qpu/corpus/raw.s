# Encodings whose readable form leaves fields open: the clauses that carry
# them, and words with no defined meaning as .word.
	nop ; nop ; ws
	nop ; nop ; pm
	nop ; nop ; raddr_a=5 ; raddr_b=6
	nop ; nop ; sig=13 ; raddr_b=3
	mov r0, r1 ; nop ; unpack=4
	nop.always ra1, r0, r0 ; nop
	nop ; nop.never rb2, r1, r2
	.word 0x00000000d0021667          # regfile B read address 33 is reserved
	.word 0xe4000000deadbeef          # load immediate kind 2 is reserved
	.word 0xf0c009e700000000          # branch condition 12 is reserved
	.word 0x11a009e7009e7000          # PM=1 pack mode 10 is reserved
