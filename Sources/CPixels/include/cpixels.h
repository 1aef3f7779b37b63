// CPixels: pixel loops the Swift optimizer leaves slow, in SSE2 where the CPU has it (x86-64 always
// does) and plain C elsewhere; the same bytes and the same floats either way.
#ifndef PAGEREEL_CPIXELS_H
#define PAGEREEL_CPIXELS_H

#include <stdint.h>

/// RGBA pixels (little-endian words: r, g, b, a in memory order) from `count` bytes of each of the
/// planes `r`, `g`, `b` and `a` (NULL: opaque).
void pr_interleave(uint32_t *out, const uint8_t *r, const uint8_t *g, const uint8_t *b, const uint8_t *a, int count);

/// A YUV 4:2:0 picture (8 bits, chroma centred between each two rows and columns, as swscale
/// takes it) as opaque RGBA, `width`×`height`, rows `width` pixels apart: chroma interpolated to
/// every pixel by swscale's bicubic filter, then R = Y + crv·V, G = Y − cgu·U − cgv·V, B = Y + cbu·U with
/// Y = (y − y_offset)·y_scale, U = u − 128, V = v − 128, rounded to nearest and clamped.
/// `scratch` holds `pr_yuv420_scratch(width)` floats.
void pr_yuv420_rgba(uint32_t *out, int width, int height,
                    const uint8_t *y, int y_stride, const uint8_t *u, int u_stride, const uint8_t *v, int v_stride,
                    float y_offset, float y_scale, float crv, float cgu, float cgv, float cbu, float *scratch);

static inline int pr_yuv420_scratch(int width) { return 2 * ((width + 1) / 2 + 4) + 2 * width; }

/// What sRGB to CIE L*a*b* (D65) takes: `linear[256]`, each 8-bit level as linear light, and
/// `f[f_steps + 2]`, CIE's f(t) at t = k / f_steps (interpolated between).
typedef struct {
    const float *linear;
    const float *f;
    int f_steps;
} pr_lab_tables;

/// The L*a*b* of an 8-bit sRGB colour, in `lab[0...2]`.
void pr_lab(const pr_lab_tables *tables, int r, int g, int b, float *lab);

/// Two RGBA rows of `count` pixels compared (alpha ignored): the pixels whose channels differ by
/// more than `safe` and whose colours are more than `bound` apart in CIE76. Writes each one's x
/// to `xs` and its two colours' L*a*b* (old, then new) to `labs[6 × k ...]`; returns how many.
int pr_compare_row(const uint8_t *a, const uint8_t *b, int count, int safe, float bound,
                   const pr_lab_tables *tables, int32_t *xs, float *labs);

#endif
