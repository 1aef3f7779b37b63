// CSpans: the texture sampling inner loops of pagereel's rasterizer, in C for SSE2, with the two
// span kernels also in AVX2 (four samples at a time) for CPUs that have it.
//
// Swift's SIMD types did not beat the scalar code here (the lanes come from scattered texels, and
// the widening, multiplying and packing did not map onto single instructions); with SSE2 each
// bilinear sample is two 8-byte loads, two 16-bit multiplies and a pack. The arithmetic is the
// same integer arithmetic as `Blend.bilinear`, `Blend.lerp` and `Blend.over` (every channel sum
// stays below 2^16), so the results are the same to the bit, with or without SSE2 or AVX2.
#ifndef PAGEREEL_CSPANS_H
#define PAGEREEL_CSPANS_H

#include <stddef.h>
#include <stdint.h>

/// One mip level as the kernels read it: its first texel and its row length.
typedef struct {
    const uint32_t *texels;
    ptrdiff_t width;
} pr_level;

/// Writes `count` bilinear samples of `level` into `dst`, stepped from (x, y) by (dx, dy), all in
/// 16.16 fixed point with texel centres at integers: opaque samples are stored, others laid over
/// what `dst` holds (premultiplied src-over). Every sample's 2×2 texels must lie inside the level.
void pr_bilinear_span(uint32_t *dst, int count, pr_level level, int64_t x, int64_t y, int64_t dx, int64_t dy);

/// Like `pr_bilinear_span` for two levels at once: each sample blends level `a`'s bilinear sample
/// toward level `b`'s by t/256, t = round(clamp(lod, 0, 1) · 256) with `lod` stepped by `lod_step`
/// (t = 0 throughout when `blend` is 0, the top level). Coordinates are per level.
void pr_trilinear_span(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                       pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                       double lod, double lod_step, int blend);

/// How many samples `pr_bilinear_span` and `pr_trilinear_span` compute at a time on this CPU: 4 with
/// AVX2 (detected once, at the first call), else 1.
int pr_spans_width(void);

/// `pr_bilinear_span` and `pr_trilinear_span` one sample at a time whatever the CPU (SSE2 on x86-64),
/// which the four-sample kernels also use for a span's last samples.
void pr_bilinear_span_1(uint32_t *dst, int count, pr_level level, int64_t x, int64_t y, int64_t dx, int64_t dy);
void pr_trilinear_span_1(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                         pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                         double lod, double lod_step, int blend);

/// A mip level for sampling with clamping: its texels, size, and size relative to level 0 (16.16).
typedef struct {
    const uint32_t *texels;
    ptrdiff_t width, height;
    int64_t ratio_x, ratio_y;
} pr_mip;

/// Writes `count` samples stepped from level-0 coordinates (tx, ty) by (dx, dy) (16.16, texel edges at
/// integers), each scaled by k/256 (k ≤ 256, the opacity) and laid over `dst`. With `mips`, each
/// sample is `TextureSampler.trilinear` at its own level of detail (`lod` stepped by `lod_step`)
/// among `levels[0...top]`; without, a bilinear sample of level 0. Coordinates outside a level are
/// clamped to its edges. Returns `lod` stepped `count` times.
double pr_pixel_span(uint32_t *dst, int count, const pr_mip *levels, int top, int64_t tx, int64_t ty,
                     int64_t dx, int64_t dy, double lod, double lod_step, int mips, int k);

#endif
