// CYUV: RGBA to YUV 4:2:0 (BT.709, limited range) with the bytes libswscale 5.1 gives for
// SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP at the same size, in less time.
//
// libswscale's arithmetic for that case, as its 5.1 source has it: each pixel's Y, U and V at 14 bits
// from the BT.709 table (`fill_rgb2yuv_table`, `rgb16_32ToY_c_template` and `…ToUV_c_template`); luma
// to 8 bits with a flat rounding of 64 (`yuv2plane1_8_c`); chroma filtered 2:1 across by the
// bicubic filter of `initFilter` (B = 0, C = 0.6, chroma centred; `hScale16To15_c`, shift 13) and 2:1
// down by the same filter (`yuv2planeX_8_c`, shift 19). All integer, so the same bytes on any CPU,
// with or without AVX2.
#ifndef PAGEREEL_CYUV_H
#define PAGEREEL_CYUV_H

#include <stddef.h>
#include <stdint.h>

typedef struct pr_yuv420 pr_yuv420;

/// A converter for `width`×`height` frames (both even and at least 8), or NULL (other sizes, or out
/// of memory). With `vector` 1 it converts pixels with AVX2 where the CPU has it; with 0 it never does.
pr_yuv420 *pr_yuv420_create(int width, int height, int vector);

/// Whether this build and this CPU convert pixels with AVX2 (1) or not (0).
int pr_yuv420_avx2(void);

/// Whether `converter` uses AVX2.
int pr_yuv420_vector(const pr_yuv420 *converter);

/// Converts RGBA rows (`stride` bytes apart; alpha ignored) into the three planes.
void pr_yuv420_convert(pr_yuv420 *converter, const uint8_t *rgba, ptrdiff_t stride,
                       uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride, uint8_t *v, ptrdiff_t v_stride);

void pr_yuv420_free(pr_yuv420 *converter);

#endif
