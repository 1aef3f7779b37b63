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
/// `xs` must have room for `count` words (the scan stores eight at a time, past the pixels it has
/// found so far) and `labs` for 6 × `count` floats.
int pr_compare_row(const uint8_t *a, const uint8_t *b, int count, int safe, float bound,
                   const pr_lab_tables *tables, int32_t *xs, float *labs);

/// One 8-bit 4:2:0 picture's planes, as pr_yuv420_rgba reads them.
typedef struct {
    const uint8_t *y, *u, *v;
    int y_stride, u_stride, v_stride;
} pr_yuv420_planes;

/// pr_yuv420_rgba's conversion: Y = (y − y_offset)·y_scale, R = Y + crv·V, G = Y − cgu·U − cgv·V, B = Y + cbu·U.
typedef struct {
    float y_offset, y_scale, crv, cgu, cgv, cbu;
} pr_yuv420_matrix;

/// For the band of luma rows [y0, y1) of two `width`×`height` 4:2:0 pictures: for each chroma row
/// the band reads (from max(0, y0 / 2 − 2) on) and each group of 16 pixels, the largest change of
/// U and of V among the samples the group's conversion reads (two bytes a group, rows of
/// (width + 15) / 16 groups) into `out`, `pr_yuv420_chroma_groups_size(width, y1 − y0)` bytes (the
/// last of them its scratch).
void pr_yuv420_chroma_groups(const pr_yuv420_planes *a, const pr_yuv420_planes *b, int width, int height, int y0,
                             int y1, uint8_t *out);

static inline int pr_yuv420_chroma_groups_size(int width, int rows) {
    return ((rows + 1) / 2 + 5) * ((width + 15) / 16) * 2 + 2 * ((width + 1) / 2 + 32);
}

/// Whether luma rows [y0, y1) of two `width`×`height` 4:2:0 pictures and every chroma row their
/// conversion reads (max(0, y0 / 2 − 2) to (y1 − 1) / 2 + 2, within the picture) are the same
/// bytes: then pr_yuv420_rgba makes the same pixels of those rows for both.
int pr_yuv420_band_same(const pr_yuv420_planes *a, const pr_yuv420_planes *b, int width, int height, int y0, int y1);

/// pr_compare_row for luma row `row` of two `width`×`height` 4:2:0 pictures as pr_yuv420_rgba
/// converts them (into `rgba_a` and `rgba_b`, `width` pixels each), without converting the groups
/// of 16 pixels whose luma and chroma changes cannot move a channel by more than `safe` (the
/// conversion's coefficients, times the chroma filter's gain, bound it; `chroma_groups` from
/// pr_yuv420_chroma_groups for the band from `y0`). The same pixels, in the same order, with the
/// same L*a*b* as pr_compare_row on the converted rows. `scratch` holds
/// `pr_yuv420_compare_scratch(width)` floats.
int pr_yuv420_compare_row(const pr_yuv420_planes *a, const pr_yuv420_planes *b, int width, int height, int row,
                          int y0, const uint8_t *chroma_groups, const pr_yuv420_matrix *m, int safe, float bound,
                          const pr_lab_tables *t, uint32_t *rgba_a, uint32_t *rgba_b, float *scratch, int32_t *xs,
                          float *labs);

static inline int pr_yuv420_compare_scratch(int width) {
    return 2 * ((width + 1) / 2 + 4) + 2 * (width + 2) + ((width + 15) / 16 + 3) / 4 + 1;
}

#endif
