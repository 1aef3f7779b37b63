// CSpans: the texture sampling inner loops of pagereel's rasterizer and the chunk ends they start
// from, in C for SSE2; the two span kernels (eight samples at a time, then four) and the chunk ends
// (four at a time) also in AVX2 for CPUs that have it.
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

/// `count` samples along one texel row stepped by exactly one texel, each `(256 − w)/256` of
/// `src[k]` and `w/256` of `src[k + 1]` per channel (w 0…255; 0 copies), laid over `dst` where not
/// opaque: `pr_bilinear_span`'s words for a row of texels at a fixed fraction (eight at a time with
/// AVX2, else four with SSE2).
void pr_row_lerp_span(uint32_t *dst, const uint32_t *src, int count, int w);

/// `src[k]` laid over `dst[k]` for `count` words (premultiplied src-over, `Blend.over` to the bit):
/// a sprite's anti-aliased and shadowed runs. Eight words at a time with AVX2, else four with SSE2.
void pr_over_span(uint32_t *dst, const uint32_t *src, int count);

/// `src[k]` scaled by k/256 (k ≤ 256: an opacity, `Blend.scale`) and laid over `dst[k]`, as
/// `pr_over_span` lays it: a translucent page's samples.
void pr_scale_over_span(uint32_t *dst, const uint32_t *src, int count, int k);

/// Like `pr_bilinear_span` for two levels at once: each sample blends level `a`'s bilinear sample
/// toward level `b`'s by t/256, t = round(clamp(lod, 0, 1) · 256) with `lod` stepped by `lod_step`
/// (t = 0 throughout when `blend` is 0, the top level). Coordinates are per level.
void pr_trilinear_span(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                       pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                       double lod, double lod_step, int blend);

/// How many samples `pr_bilinear_span` and `pr_trilinear_span` compute at a time on this CPU: 8 with
/// AVX2 (detected once, at the first call; a span's last samples four and then one at a time), else 1.
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

/// A quad's inverse homography (device → local: u = (a·x + b·y + c)/w, v = (d·x + e·y + f)/w,
/// w = g·x + h·y + i) and its texture's placement (level-0 texels at ((u − origin_x)·scale_x,
/// (v − origin_y)·scale_y)).
typedef struct {
    double a, b, c, d, e, f, g, h, i;
    double origin_x, origin_y, scale_x, scale_y;
} pr_projection;

/// The ends of a row's texture chunks: device columns x0, x0 + chunk, x0 + 2·chunk, … and x1 last,
/// at pixel centres on row centre `yc`. For each, the level-0 texel position in 16.16 (rounded half
/// away from zero, clamped to 16384 texels outside) into `tx` and `ty`, and with `lod` non-null the
/// level of detail plus `lod_bias` into `lod`. Returns how many ends it wrote: (x1 − x0 + chunk − 1)
/// / chunk + 1. Four at a time with AVX2 and one at a time otherwise, with the same IEEE operations
/// in the same order and no fused multiply-adds, so the same bits on any CPU; the ends do not depend
/// on each other, so their divisions overlap.
int pr_chunk_ends(const pr_projection *p, double yc, int64_t x0, int64_t x1, int chunk, double lod_bias,
                  int64_t *tx, int64_t *ty, double *lod);

/// Draws a row's texture chunks from chunk `k` on, as `QuadRasterizer` draws an unshaded page's
/// fully covered chunks (a translucent one's samples scaled by `opacity`/256 and laid over, as
/// `pr_scale_over_span` lays them): chunk j covers columns [x0 + 16·j, min(x0 + 16·(j + 1), x1)) of
/// `row`, its texel positions stepped from `tx[j], ty[j]` toward `tx[j + 1], ty[j + 1]` (the ends
/// `pr_chunk_ends` gives, with `lod` when the page is minified). A chunk inside [hidden_start,
/// hidden_end) is skipped; one inside [in0, in1) is sampled — trilinear with the chunk's pair of
/// levels where its level of detail passes 0, else bilinear from level 0 (a row of texels at a whole
/// texel step as `pr_row_lerp_span`) — when every sample's texels lie inside the levels. Returns the
/// first chunk it did not draw (one partly covered, or reaching past a level's edge, or a row of texels
/// at another step), or the chunk count when it drew them all.
int pr_draw_chunks(uint32_t *row, int64_t x0, int64_t x1, int k, int64_t in0, int64_t in1,
                   int64_t hidden_start, int64_t hidden_end, const int64_t *tx, const int64_t *ty,
                   const double *lod, const pr_mip *levels, int top, int opacity);

#endif
