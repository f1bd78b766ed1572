#include "textflag.h"

// func int80raw(trap, a1 uintptr) uintptr
TEXT ·int80raw(SB),NOSPLIT,$0-24
	MOVQ trap+0(FP), AX
	MOVQ a1+8(FP), BX
	XORQ CX, CX
	XORQ DX, DX
	XORQ SI, SI
	XORQ DI, DI
	INT $0x80
	MOVQ AX, ret+16(FP)
	RET
