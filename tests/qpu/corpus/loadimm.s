# Load immediates of every kind and semaphores.
	ldi ra0, 0x12345678               # 32-bit, ADD side only
	ldi r0, rb1, 0xdeadbeef           # both ALUs
	ldi r1, -1
	ldi r2, 1.5                       # float bits 0x3fc00000
	ldi.sf r3.zs, nop, 0x80000000     # conditional write, set flags
	ldi ra4.16a, 0x00001234           # PM=0 pack on the A-file write
	ldi rb5, 0x00000001               # ADD side writing file B: write swap
	ldi nop, r2, 2 ; ws               # swap with no file-specific name: explicit
	ldi.i2 r0, [0,1,-2,-1,0,1,-2,-1,0,1,-2,-1,0,1,-2,-1]
	ldi.u2 r1, nop, [3,2,1,0,3,2,1,0,0,0,0,0,3,3,3,3]
	ldi.u2 ra6, 0x0000ffff            # raw form: every element 1
	sacq 0                            # wait for and decrement semaphore 0
	srel 15                           # increment semaphore 15
	sacq ra7, nop, 3                  # with a destination
	srel.sf r0.zc, r1.never, 7 ; sem_unused=0x42
