#include "cspans.h"

#include <string.h>

#if defined(__SSE2__) && !defined(PR_SPANS_SCALAR)
#include <emmintrin.h>
#endif

// `Blend.over`: src over dst, premultiplied; colours with the inverse alpha 256 − a − (a >> 7),
// alpha exact (sa + da·(255 − sa)/255 rounded).
static inline uint64_t widen(uint32_t p) {
    uint64_t x = p;
    return (x | (x << 24)) & 0x00FF00FF00FF00FFull;
}

static inline uint32_t narrow(uint64_t v) {
    return (uint32_t)(v | (v >> 24));
}

static inline uint32_t over(uint32_t src, uint32_t dst) {
    uint32_t sa = src >> 24;
    if (sa == 255) return src;
    if (src == 0) return dst;
    uint64_t inv = 256 - sa - (sa >> 7);
    uint32_t colour = src + narrow(((widen(dst) * inv) >> 8) & 0x00FF00FF00FF00FFull);
    uint32_t t = (dst >> 24) * (255 - sa) + 128;
    uint32_t alpha = sa + ((t + (t >> 8)) >> 8);
    return (colour & 0x00FFFFFF) | alpha << 24;
}

static inline void store(uint32_t *dst, uint32_t p) {
    *dst = p >= 0xFF000000u ? p : over(p, *dst);
}

// The bilinear weights of `Blend.bilinear`; they sum to 256.
typedef struct { int w00, w01, w10, w11; } weights;

static inline weights bilinear_weights(int64_t x, int64_t y) {
    int wx = (int)((x >> 8) & 255), wy = (int)((y >> 8) & 255);
    int w11 = (wx * wy + 128) >> 8;
    return (weights){ 256 - wx - wy + w11, wx - w11, wy - w11, w11 };
}

static inline const uint32_t *texel(pr_level level, int64_t x, int64_t y) {
    return level.texels + (y >> 16) * level.width + (x >> 16);
}

// `Blend.scale`: every channel times k/256.
static inline uint32_t scale(uint32_t p, int k) {
    if (k >= 256) return p;
    if (k <= 0) return 0;
    uint32_t m = (uint32_t)k;
    uint32_t rb = (((p & 0x00FF00FF) * m) >> 8) & 0x00FF00FF;
    uint32_t ga = ((((p >> 8) & 0x00FF00FF) * m) >> 8) & 0x00FF00FF;
    return rb | (ga << 8);
}

static inline int64_t clamp(int64_t v, int64_t hi) {
    return v < 0 ? 0 : (v > hi ? hi : v);
}

// Asks the cache for the texel three rows below `texel`: what the next output rows will sample
// around here. A turned or tilted page's output row walks across texel rows, one cache line of each
// and a page boundary every few texels, which the hardware prefetcher does not follow; a frame's
// next rows then waited on those texels (the texel loads were the kernels' hot spots). Three rows
// (an output row steps about one texel row at the level sampled) beat two and equalled five on the
// bench deck. A hint: no effect on any result, and no fault past the texture's end (the address is
// computed as an integer).
static inline void prefetch_below(const uint32_t *texel, ptrdiff_t width) {
    __builtin_prefetch((const void *)((uintptr_t)texel + (uintptr_t)(3 * width * (ptrdiff_t)sizeof *texel)));
}

#if defined(__SSE2__) && !defined(PR_SPANS_SCALAR)

// The bilinear blend of p00 p01 (top) and p10 p11 (bottom), in the low four 16-bit lanes.
static inline __m128i blend4(__m128i top, __m128i bottom, weights w) {
    const __m128i zero = _mm_setzero_si128();
    // Lanes: w00 w00 w01 w01 w10 w10 w11 w11, then each pair spread over a pixel's four channels.
    __m128i all = _mm_cvtsi64_si128((int64_t)((uint64_t)w.w00 | (uint64_t)w.w01 << 16 | (uint64_t)w.w10 << 32
                                              | (uint64_t)w.w11 << 48));
    all = _mm_unpacklo_epi16(all, all);
    __m128i top_w = _mm_unpacklo_epi32(all, all), bottom_w = _mm_unpackhi_epi32(all, all);
    top = _mm_unpacklo_epi8(top, zero);
    bottom = _mm_unpacklo_epi8(bottom, zero);
    __m128i sum = _mm_add_epi16(_mm_mullo_epi16(top, top_w), _mm_mullo_epi16(bottom, bottom_w));
    sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
    return _mm_srli_epi16(sum, 8);
}

// The four channels of a bilinear sample, in the low four 16-bit lanes.
static inline __m128i bilinear(pr_level level, int64_t x, int64_t y) {
    const uint32_t *r0 = texel(level, x, y);
    prefetch_below(r0, level.width);
    return blend4(_mm_loadl_epi64((const __m128i *)r0), _mm_loadl_epi64((const __m128i *)(r0 + level.width)),
                  bilinear_weights(x, y));
}

// A bilinear sample at (x, y) with the 2×2 texels clamped into the level, packed.
static inline uint32_t sample(const pr_mip *level, int64_t x, int64_t y) {
    int64_t ix = x >> 16, iy = y >> 16, mx = level->width - 1, my = level->height - 1;
    int64_t x0 = clamp(ix, mx), x1 = clamp(ix + 1, mx);
    const uint32_t *r0 = level->texels + clamp(iy, my) * level->width, *r1 = level->texels + clamp(iy + 1, my) * level->width;
    prefetch_below(r0 + x0, level->width);
    __m128i top = _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)r0[x0]), _mm_cvtsi32_si128((int)r0[x1]));
    __m128i bottom = _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)r1[x0]), _mm_cvtsi32_si128((int)r1[x1]));
    __m128i p = blend4(top, bottom, bilinear_weights(x, y));
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(p, p));
}

// A sample's four channels in 16-bit lanes, and packed back into a pixel.
typedef __m128i channels;

static inline uint32_t pack(channels c) {
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(c, c));
}

// `Blend.lerp` of two unpacked samples.
static inline __m128i lerp(__m128i a, __m128i b, int t) {
    __m128i w = _mm_unpacklo_epi64(_mm_set1_epi16((short)(256 - t)), _mm_set1_epi16((short)t));
    __m128i sum = _mm_mullo_epi16(_mm_unpacklo_epi64(a, b), w);
    sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
    return _mm_srli_epi16(sum, 8);
}

// `over` of four words side by side: colours with the inverse alpha in 16-bit lanes (r·inv and
// b·inv, g·inv and a·inv at most 255·256, so exact), the shifted products put back where `narrow`
// puts them and added to `src` as words (as `over` adds them); alpha exactly. An opaque source word
// gives itself (inv 0) and a zero word gives `dst` (inv 256, alpha da·255/255), as `over`'s early
// returns do — so this is also `store`.
static inline __m128i over4(__m128i s, __m128i d) {
    const __m128i low = _mm_set1_epi32(0x00FF00FF), colours = _mm_set1_epi32(0x00FFFFFF);
    __m128i sa = _mm_srli_epi32(s, 24);
    __m128i inv = _mm_sub_epi32(_mm_sub_epi32(_mm_set1_epi32(256), sa), _mm_srli_epi32(sa, 7));
    __m128i inv2 = _mm_or_si128(inv, _mm_slli_epi32(inv, 16));
    __m128i rb = _mm_srli_epi16(_mm_mullo_epi16(_mm_and_si128(d, low), inv2), 8);
    __m128i ga = _mm_srli_epi16(_mm_mullo_epi16(_mm_and_si128(_mm_srli_epi32(d, 8), low), inv2), 8);
    __m128i colour = _mm_add_epi32(s, _mm_or_si128(rb, _mm_slli_epi32(ga, 8)));
    __m128i t = _mm_add_epi32(_mm_mullo_epi16(_mm_srli_epi32(d, 24), _mm_sub_epi32(_mm_set1_epi32(255), sa)),
                              _mm_set1_epi32(128));
    __m128i alpha = _mm_add_epi32(sa, _mm_srli_epi32(_mm_add_epi32(t, _mm_srli_epi32(t, 8)), 8));
    return _mm_or_si128(_mm_and_si128(colour, colours), _mm_slli_epi32(alpha, 24));
}

// `scale` of four words by k/256 (k in 0…256): each channel times k in a 16-bit lane (at most
// 255·256), shifted down.
static inline __m128i scale4(__m128i p, int k) {
    const __m128i low = _mm_set1_epi32(0x00FF00FF);
    __m128i m = _mm_set1_epi16((short)k);
    __m128i rb = _mm_srli_epi16(_mm_mullo_epi16(_mm_and_si128(p, low), m), 8);
    __m128i ga = _mm_srli_epi16(_mm_mullo_epi16(_mm_and_si128(_mm_srli_epi32(p, 8), low), m), 8);
    return _mm_or_si128(rb, _mm_slli_epi32(ga, 8));
}

// `Blend.lerp` of two packed pixels.
static inline uint32_t lerp_packed(uint32_t a, uint32_t b, int t) {
    const __m128i zero = _mm_setzero_si128();
    __m128i pa = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)a), zero), pb = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)b), zero);
    return pack(lerp(pa, pb, t));
}

#else

// Without SSE2 a sample stays packed; the same integers as the SSE2 path, two channels per lane.
typedef uint32_t channels;
static inline uint32_t pack(uint32_t p) { return p; }
#define lerp_packed lerp

static inline uint32_t bilinear(pr_level level, int64_t x, int64_t y) {
    const uint32_t *r0 = texel(level, x, y);
    prefetch_below(r0, level.width);
    weights w = bilinear_weights(x, y);
    uint64_t sum = widen(r0[0]) * (uint64_t)w.w00 + widen(r0[1]) * (uint64_t)w.w01
        + widen(r0[level.width]) * (uint64_t)w.w10 + widen(r0[level.width + 1]) * (uint64_t)w.w11;
    return narrow((sum >> 8) & 0x00FF00FF00FF00FFull);
}

static inline uint32_t sample(const pr_mip *level, int64_t x, int64_t y) {
    int64_t ix = x >> 16, iy = y >> 16, mx = level->width - 1, my = level->height - 1;
    int64_t x0 = clamp(ix, mx), x1 = clamp(ix + 1, mx);
    const uint32_t *r0 = level->texels + clamp(iy, my) * level->width, *r1 = level->texels + clamp(iy + 1, my) * level->width;
    prefetch_below(r0 + x0, level->width);
    weights w = bilinear_weights(x, y);
    uint64_t sum = widen(r0[x0]) * (uint64_t)w.w00 + widen(r0[x1]) * (uint64_t)w.w01
        + widen(r1[x0]) * (uint64_t)w.w10 + widen(r1[x1]) * (uint64_t)w.w11;
    return narrow((sum >> 8) & 0x00FF00FF00FF00FFull);
}

static inline uint32_t lerp(uint32_t a, uint32_t b, int t) {
    uint32_t wt = (uint32_t)t, ws = 256 - wt;
    uint32_t rb = ((((a & 0x00FF00FF) * ws) + ((b & 0x00FF00FF) * wt)) >> 8) & 0x00FF00FF;
    uint32_t ga = (((((a >> 8) & 0x00FF00FF) * ws) + (((b >> 8) & 0x00FF00FF) * wt)) >> 8) & 0x00FF00FF;
    return rb | (ga << 8);
}

#endif

// The blend weight toward the next level: t = round(clamp(lod, 0, 1) · 256), 0 for the top level.
static inline int level_blend(double lod, int blend) {
    double c = lod > 0 ? lod : 0;
    c = c < 1 ? c : 1;
    return blend ? (int)(c * 256 + 0.5) : 0;
}

void pr_bilinear_span_1(uint32_t *dst, int count, pr_level level, int64_t x, int64_t y, int64_t dx, int64_t dy) {
    for (int k = 0; k < count; k++, x += dx, y += dy) store(dst + k, pack(bilinear(level, x, y)));
}

void pr_trilinear_span_1(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                         pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                         double lod, double lod_step, int blend) {
    for (int k = 0; k < count; k++) {
        int t = level_blend(lod, blend);
        channels p = bilinear(a, ax, ay);
        if (t > 0) p = lerp(p, bilinear(b, bx, by), t);
        store(dst + k, pack(p));
        ax += adx; ay += ady; bx += bdx; by += bdy;
        lod += lod_step;
    }
}

// The four- and eight-sample kernels: x86-64 only, chosen at run time (`pr_spans_width`).
#if defined(__x86_64__) && !defined(PR_SPANS_SCALAR)
#define PR_SPANS_AVX2 1
#endif

#if PR_SPANS_AVX2
#include <cpuid.h>
#include <immintrin.h>

// Four samples at a time with AVX2: the same integer arithmetic as `bilinear` and `lerp` above
// (every channel sum below 2^16, so 16-bit lanes hold it exactly), only with the weights of four
// samples computed side by side and two samples per multiply.
#define AVX2 __attribute__((target("avx2"), always_inline)) static inline

// Words 0–3 of a 128-bit lane repeated: bytes 0–1 four times, then bytes 2–3 four times (top
// weights w00, w01); the same from bytes 4–7 (bottom weights w10, w11).
#define SPREAD(a, b) (char)(a), (char)(a + 1), (char)(a), (char)(a + 1), (char)(a), (char)(a + 1), (char)(a), \
    (char)(a + 1), (char)(b), (char)(b + 1), (char)(b), (char)(b + 1), (char)(b), (char)(b + 1), (char)(b), (char)(b + 1)

// The 2×2 texels of two samples, widened to 16 bits: [first's p00 p01 | second's p00 p01] for
// row 0, and the same one texel row below.
AVX2 void texel_pairs(const uint32_t *texels, ptrdiff_t width, int64_t i, int64_t j, __m256i *top, __m256i *bottom) {
    __m128i t = _mm_loadl_epi64((const __m128i *)(texels + i));
    t = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(t), (const double *)(texels + j)));
    __m128i b = _mm_loadl_epi64((const __m128i *)(texels + i + width));
    b = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(b), (const double *)(texels + j + width)));
    *top = _mm256_cvtepu8_epi16(t);
    *bottom = _mm256_cvtepu8_epi16(b);
}

// The weighted sum of two samples' texels: words 0–3 of each 128-bit lane hold a sample's four
// channel sums (not yet shifted); `w` holds each sample's w00 w01 w10 w11 in a 64-bit lane.
AVX2 __m256i weigh_pair(__m256i top, __m256i bottom, __m256i w) {
    const __m256i top_spread = _mm256_setr_epi8(SPREAD(0, 2), SPREAD(0, 2));
    const __m256i bottom_spread = _mm256_setr_epi8(SPREAD(4, 6), SPREAD(4, 6));
    __m256i sum = _mm256_add_epi16(_mm256_mullo_epi16(top, _mm256_shuffle_epi8(w, top_spread)),
                                   _mm256_mullo_epi16(bottom, _mm256_shuffle_epi8(w, bottom_spread)));
    return _mm256_add_epi16(sum, _mm256_srli_si256(sum, 8));
}

// Four bilinear samples at 16.16 positions (x, y) (one per 64-bit lane, all inside the level):
// their channels as 16-bit words, samples 0 and 2 in the low 128-bit lane, 1 and 3 in the high.
AVX2 __m256i bilinear4(pr_level level, __m256i x, __m256i y) {
    const __m256i byte = _mm256_set1_epi64x(255), half = _mm256_set1_epi64x(128), whole = _mm256_set1_epi64x(256);
    __m256i index = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(y, 16), _mm256_set1_epi64x(level.width)),
                                     _mm256_srli_epi64(x, 16));
    __m128i low = _mm256_castsi256_si128(index), high = _mm256_extracti128_si256(index, 1);
    __m256i top01, bottom01, top23, bottom23;
    prefetch_below(level.texels + _mm_cvtsi128_si64(low), level.width);
    texel_pairs(level.texels, level.width, _mm_cvtsi128_si64(low), _mm_extract_epi64(low, 1), &top01, &bottom01);
    texel_pairs(level.texels, level.width, _mm_cvtsi128_si64(high), _mm_extract_epi64(high, 1), &top23, &bottom23);
    // `bilinear_weights`, per 64-bit lane.
    __m256i wx = _mm256_and_si256(_mm256_srli_epi64(x, 8), byte), wy = _mm256_and_si256(_mm256_srli_epi64(y, 8), byte);
    __m256i w11 = _mm256_srli_epi64(_mm256_add_epi64(_mm256_mul_epu32(wx, wy), half), 8);
    __m256i w00 = _mm256_add_epi64(_mm256_sub_epi64(_mm256_sub_epi64(whole, wx), wy), w11);
    __m256i w = _mm256_or_si256(_mm256_or_si256(w00, _mm256_slli_epi64(_mm256_sub_epi64(wx, w11), 16)),
                                _mm256_or_si256(_mm256_slli_epi64(_mm256_sub_epi64(wy, w11), 32),
                                                _mm256_slli_epi64(w11, 48)));
    __m256i s01 = weigh_pair(top01, bottom01, _mm256_permute4x64_epi64(w, _MM_SHUFFLE(1, 1, 0, 0)));
    __m256i s23 = weigh_pair(top23, bottom23, _mm256_permute4x64_epi64(w, _MM_SHUFFLE(3, 3, 2, 2)));
    return _mm256_srli_epi16(_mm256_unpacklo_epi64(s01, s23), 8);
}

// 16-bit lanes [a ×4, b ×4 | c ×4, d ×4].
AVX2 __m256i spread_pairs(int a, int b, int c, int d) {
    return _mm256_setr_epi64x((int64_t)(0x0001000100010001ull * (uint64_t)a), (int64_t)(0x0001000100010001ull * (uint64_t)b),
                              (int64_t)(0x0001000100010001ull * (uint64_t)c), (int64_t)(0x0001000100010001ull * (uint64_t)d));
}

// `lerp` of two samples' channels in 16-bit words (four per sample, two samples per 128-bit half)
// by each sample's t, given as 16-bit lanes [t ×4, t ×4 | t ×4, t ×4].
AVX2 __m256i lerp_words(__m256i a, __m256i b, __m256i t) {
    __m256i sum = _mm256_add_epi16(_mm256_mullo_epi16(a, _mm256_sub_epi16(_mm256_set1_epi16(256), t)),
                                   _mm256_mullo_epi16(b, t));
    return _mm256_srli_epi16(sum, 8);
}

// `lerp` of four samples laid out as `bilinear4` gives them (0 and 2 in the low half), by t0…t3.
AVX2 __m256i lerp4(__m256i a, __m256i b, int t0, int t1, int t2, int t3) {
    return lerp_words(a, b, spread_pairs(t0, t2, t1, t3));
}

// Packs four samples laid out as `bilinear4` gives them and stores them as `store` does.
AVX2 void store4(uint32_t *dst, __m256i channels4) {
    __m256i packed = _mm256_packus_epi16(channels4, channels4);
    __m128i p = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5)));
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(p, alpha), alpha)) == 0xFFFF) {
        _mm_storeu_si128((__m128i *)dst, p);
        return;
    }
    _mm_storeu_si128((__m128i *)dst, over4(p, _mm_loadu_si128((const __m128i *)dst)));
}

// Positions k = 0…3 of a span as 64-bit lanes.
AVX2 __m256i steps4(int64_t v, int64_t d) {
    return _mm256_setr_epi64x(v, v + d, v + 2 * d, v + 3 * d);
}

__attribute__((target("avx2")))
static void bilinear_span_4(uint32_t *dst, int count, pr_level level, int64_t x, int64_t y, int64_t dx, int64_t dy) {
    int k = 0;
    if (count >= 4) {
        __m256i xs = steps4(x, dx), ys = steps4(y, dy);
        const __m256i dx4 = _mm256_set1_epi64x(4 * dx), dy4 = _mm256_set1_epi64x(4 * dy);
        for (; k + 4 <= count; k += 4) {
            store4(dst + k, bilinear4(level, xs, ys));
            xs = _mm256_add_epi64(xs, dx4);
            ys = _mm256_add_epi64(ys, dy4);
        }
    }
    pr_bilinear_span_1(dst + k, count - k, level, x + k * dx, y + k * dy, dx, dy);
}

__attribute__((target("avx2")))
static void trilinear_span_4(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                             pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                             double lod, double lod_step, int blend) {
    int k = 0;
    if (count >= 4) {
        __m256i axs = steps4(ax, adx), ays = steps4(ay, ady), bxs = steps4(bx, bdx), bys = steps4(by, bdy);
        const __m256i adx4 = _mm256_set1_epi64x(4 * adx), ady4 = _mm256_set1_epi64x(4 * ady);
        const __m256i bdx4 = _mm256_set1_epi64x(4 * bdx), bdy4 = _mm256_set1_epi64x(4 * bdy);
        for (; k + 4 <= count; k += 4) {
            // The level of detail is stepped one sample at a time, as the one-sample loop steps it.
            int t0 = level_blend(lod, blend); lod += lod_step;
            int t1 = level_blend(lod, blend); lod += lod_step;
            int t2 = level_blend(lod, blend); lod += lod_step;
            int t3 = level_blend(lod, blend); lod += lod_step;
            __m256i p = bilinear4(a, axs, ays);
            // t = 0 leaves a sample as it is: a·256/256.
            if (t0 | t1 | t2 | t3) p = lerp4(p, bilinear4(b, bxs, bys), t0, t1, t2, t3);
            store4(dst + k, p);
            axs = _mm256_add_epi64(axs, adx4); ays = _mm256_add_epi64(ays, ady4);
            bxs = _mm256_add_epi64(bxs, bdx4); bys = _mm256_add_epi64(bys, bdy4);
        }
    }
    pr_trilinear_span_1(dst + k, count - k, a, ax + k * adx, ay + k * ady, adx, ady,
                        b, bx + k * bdx, by + k * bdy, bdx, bdy, lod, lod_step, blend);
}

// Eight samples at a time, for spans whose positions and texel indices fit in 32 bits (every
// texture pagereel makes): the positions step in 32-bit lanes (exact: each is below 2^31, so the
// lanes' wrapping sums are the 64-bit ones), and each sample's channel sums are two `pmaddwd`s —
// its top texels' channels interleaved (r0 r1 g0 g1 …) times (w00, w01), its bottom ones' times
// (w10, w11). The same integers as `bilinear`, in a different order of the same additions.

// Whether a span's samples (and their texel indices) fit the eight-sample kernels' 32-bit lanes.
static inline int fits_32(pr_level level, int count, int64_t x, int64_t y, int64_t dx, int64_t dy) {
    int64_t lx = x + (int64_t)(count - 1) * dx, ly = y + (int64_t)(count - 1) * dy;
    int64_t hx = x > lx ? x : lx, hy = y > ly ? y : ly;
    return x >= 0 && y >= 0 && lx >= 0 && ly >= 0 && hx < INT32_MAX && hy < INT32_MAX
        && (hy >> 16) * (int64_t)level.width + (hx >> 16) < INT32_MAX - level.width
        && 8 * dx > INT32_MIN && 8 * dx < INT32_MAX && 8 * dy > INT32_MIN && 8 * dy < INT32_MAX;
}

// The positions of samples k = 0…7 of a span, as 32-bit lanes.
AVX2 __m256i steps8(int64_t v, int64_t d) {
    return _mm256_add_epi32(_mm256_set1_epi32((int32_t)v),
                            _mm256_mullo_epi32(_mm256_set1_epi32((int32_t)d), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
}

// Samples i (low 128-bit lane) and j (high)'s two texels in one texel row, as 16-bit words with the
// channels interleaved: r0 r1 g0 g1 b0 b1 a0 a1.
AVX2 __m256i texel_words(const uint32_t *row, int32_t i, int32_t j) {
    __m256i v = _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(row + i)));
    v = _mm256_inserti128_si256(v, _mm_loadl_epi64((const __m128i *)(row + j)), 1);
    const __m256i interleave = _mm256_setr_epi8(0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1,
                                                0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1);
    return _mm256_shuffle_epi8(v, interleave);
}

// Samples i and i + 4 of eight: their channels (r g b a, 32-bit lanes), with the weight pairs of
// lane i of `top` (w00 | w01 << 16) and `bottom` (w10 | w11 << 16).
#define WEIGH_TWO(i) weigh_two(r0, r1, index[i], index[(i) + 4], \
    _mm256_shuffle_epi32(top, _MM_SHUFFLE(i, i, i, i)), _mm256_shuffle_epi32(bottom, _MM_SHUFFLE(i, i, i, i)))
AVX2 __m256i weigh_two(const uint32_t *r0, const uint32_t *r1, int32_t i, int32_t j, __m256i top, __m256i bottom) {
    __m256i sum = _mm256_add_epi32(_mm256_madd_epi16(texel_words(r0, i, j), top),
                                   _mm256_madd_epi16(texel_words(r1, i, j), bottom));
    return _mm256_srli_epi32(sum, 8);
}

// Eight bilinear samples of `level` at 16.16 positions (x, y) (32-bit lanes, all inside the level)
// as 16-bit words: `first` holds samples 0 1 | 4 5 (four channels each), `second` 2 3 | 6 7.
typedef struct { __m256i first, second; } words8;

AVX2 words8 bilinear8(pr_level level, __m256i x, __m256i y) {
    const __m256i byte = _mm256_set1_epi32(255), half = _mm256_set1_epi32(128), whole = _mm256_set1_epi32(256);
    const uint32_t *r0 = level.texels, *r1 = level.texels + level.width;
    int32_t index[8] __attribute__((aligned(32)));
    _mm256_store_si256((__m256i *)index, _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(y, 16),
                                                                              _mm256_set1_epi32((int32_t)level.width)),
                                                           _mm256_srli_epi32(x, 16)));
    prefetch_below(r0 + index[0], level.width);
    // `bilinear_weights`, per 32-bit lane (wx·wy < 2^16, so a 16-bit multiply is exact).
    __m256i wx = _mm256_and_si256(_mm256_srli_epi32(x, 8), byte), wy = _mm256_and_si256(_mm256_srli_epi32(y, 8), byte);
    __m256i w11 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_mullo_epi16(wx, wy), half), 8);
    __m256i w10 = _mm256_sub_epi32(wy, w11);
    __m256i w00 = _mm256_sub_epi32(_mm256_sub_epi32(whole, wx), w10), w01 = _mm256_sub_epi32(wx, w11);
    __m256i top = _mm256_or_si256(w00, _mm256_slli_epi32(w01, 16)), bottom = _mm256_or_si256(w10, _mm256_slli_epi32(w11, 16));
    __m256i s04 = WEIGH_TWO(0), s15 = WEIGH_TWO(1), s26 = WEIGH_TWO(2), s37 = WEIGH_TWO(3);
    return (words8){ _mm256_packus_epi32(s04, s15), _mm256_packus_epi32(s26, s37) };
}

// `over4` on eight words.
AVX2 __m256i over8(__m256i s, __m256i d) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF), colours = _mm256_set1_epi32(0x00FFFFFF);
    __m256i sa = _mm256_srli_epi32(s, 24);
    __m256i inv = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_set1_epi32(256), sa), _mm256_srli_epi32(sa, 7));
    __m256i inv2 = _mm256_or_si256(inv, _mm256_slli_epi32(inv, 16));
    __m256i rb = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_and_si256(d, low), inv2), 8);
    __m256i ga = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(d, 8), low), inv2), 8);
    __m256i colour = _mm256_add_epi32(s, _mm256_or_si256(rb, _mm256_slli_epi32(ga, 8)));
    __m256i t = _mm256_add_epi32(_mm256_mullo_epi16(_mm256_srli_epi32(d, 24), _mm256_sub_epi32(_mm256_set1_epi32(255), sa)),
                                 _mm256_set1_epi32(128));
    __m256i alpha = _mm256_add_epi32(sa, _mm256_srli_epi32(_mm256_add_epi32(t, _mm256_srli_epi32(t, 8)), 8));
    return _mm256_or_si256(_mm256_and_si256(colour, colours), _mm256_slli_epi32(alpha, 24));
}

// Eight packed words stored as `store` does: copied when all are opaque, else laid over.
AVX2 void store8_words(uint32_t *dst, __m256i p) {
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(p, alpha), alpha)) == -1) {
        _mm256_storeu_si256((__m256i *)dst, p);
        return;
    }
    _mm256_storeu_si256((__m256i *)dst, over8(p, _mm256_loadu_si256((const __m256i *)dst)));
}

// Packs eight samples' words and stores them as `store` does, in order.
AVX2 void store8(uint32_t *dst, words8 w) {
    store8_words(dst, _mm256_packus_epi16(w.first, w.second));
}

__attribute__((target("avx2")))
static void bilinear_span_8(uint32_t *dst, int count, pr_level level, int64_t x, int64_t y, int64_t dx, int64_t dy) {
    int k = 0;
    if (count >= 8 && fits_32(level, count, x, y, dx, dy)) {
        __m256i xs = steps8(x, dx), ys = steps8(y, dy);
        const __m256i dx8 = _mm256_set1_epi32((int32_t)(8 * dx)), dy8 = _mm256_set1_epi32((int32_t)(8 * dy));
        for (; k + 8 <= count; k += 8) {
            store8(dst + k, bilinear8(level, xs, ys));
            xs = _mm256_add_epi32(xs, dx8);
            ys = _mm256_add_epi32(ys, dy8);
        }
    }
    bilinear_span_4(dst + k, count - k, level, x + k * dx, y + k * dy, dx, dy);
}

__attribute__((target("avx2")))
static void trilinear_span_8(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                             pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                             double lod, double lod_step, int blend) {
    int k = 0;
    if (count >= 8 && fits_32(a, count, ax, ay, adx, ady) && fits_32(b, count, bx, by, bdx, bdy)) {
        __m256i axs = steps8(ax, adx), ays = steps8(ay, ady), bxs = steps8(bx, bdx), bys = steps8(by, bdy);
        const __m256i adx8 = _mm256_set1_epi32((int32_t)(8 * adx)), ady8 = _mm256_set1_epi32((int32_t)(8 * ady));
        const __m256i bdx8 = _mm256_set1_epi32((int32_t)(8 * bdx)), bdy8 = _mm256_set1_epi32((int32_t)(8 * bdy));
        for (; k + 8 <= count; k += 8) {
            // The level of detail is stepped one sample at a time, as the one-sample loop steps it.
            int t[8];
            for (int m = 0; m < 8; m++) { t[m] = level_blend(lod, blend); lod += lod_step; }
            words8 p = bilinear8(a, axs, ays);
            // t = 0 leaves a sample as it is: a·256/256.
            if (t[0] | t[1] | t[2] | t[3] | t[4] | t[5] | t[6] | t[7]) {
                words8 q = bilinear8(b, bxs, bys);
                p.first = lerp_words(p.first, q.first, spread_pairs(t[0], t[1], t[4], t[5]));
                p.second = lerp_words(p.second, q.second, spread_pairs(t[2], t[3], t[6], t[7]));
            }
            store8(dst + k, p);
            axs = _mm256_add_epi32(axs, adx8); ays = _mm256_add_epi32(ays, ady8);
            bxs = _mm256_add_epi32(bxs, bdx8); bys = _mm256_add_epi32(bys, bdy8);
        }
    }
    trilinear_span_4(dst + k, count - k, a, ax + k * adx, ay + k * ady, adx, ady,
                     b, bx + k * bdx, by + k * bdy, bdx, bdy, lod, lod_step, blend);
}

// AVX2 needs the CPU's support and the OS saving the 256-bit registers (XCR0 bits 1 and 2).
static int detect_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2);
}

int pr_spans_width(void) {
    static int width;   // 0 until detected; then 8 or 1 (the same answer from every thread)
    int w = __atomic_load_n(&width, __ATOMIC_RELAXED);
    if (w == 0) {
        w = detect_avx2() ? 8 : 1;
        __atomic_store_n(&width, w, __ATOMIC_RELAXED);
    }
    return w;
}

// `pr_row_lerp_span` and `pr_over_span` eight words at a time: the SSE2 arithmetic below on both
// 128-bit lanes (the unpacks and packs stay within a lane, so words keep their order). Each returns
// how many words it did.
__attribute__((target("avx2")))
static int row_lerp_8(uint32_t *dst, const uint32_t *src, int count, int w) {
    int k = 0;
    if (w == 0) {
        // Every sample on a texel: the texels themselves, stored as `store` does.
        for (; k + 8 <= count; k += 8) store8_words(dst + k, _mm256_loadu_si256((const __m256i *)(src + k)));
        return k;
    }
    const __m256i zero = _mm256_setzero_si256();
    const __m256i wa = _mm256_set1_epi16((short)(256 - w)), wb = _mm256_set1_epi16((short)w);
    for (; k + 8 <= count; k += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(src + k)), b = _mm256_loadu_si256((const __m256i *)(src + k + 1));
        __m256i lo = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(a, zero), wa),
                                                        _mm256_mullo_epi16(_mm256_unpacklo_epi8(b, zero), wb)), 8);
        __m256i hi = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(a, zero), wa),
                                                        _mm256_mullo_epi16(_mm256_unpackhi_epi8(b, zero), wb)), 8);
        store8_words(dst + k, _mm256_packus_epi16(lo, hi));
    }
    return k;
}

// `scale4` on eight words.
AVX2 __m256i scale8(__m256i p, int k) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF);
    __m256i m = _mm256_set1_epi16((short)k);
    __m256i rb = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low), m), 8);
    __m256i ga = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(p, 8), low), m), 8);
    return _mm256_or_si256(rb, _mm256_slli_epi32(ga, 8));
}

__attribute__((target("avx2")))
static int scale_over_8(uint32_t *dst, const uint32_t *src, int count, int k) {
    int i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i p = scale8(_mm256_loadu_si256((const __m256i *)(src + i)), k);
        _mm256_storeu_si256((__m256i *)(dst + i), over8(p, _mm256_loadu_si256((const __m256i *)(dst + i))));
    }
    return i;
}

__attribute__((target("avx2")))
static int over_8(uint32_t *dst, const uint32_t *src, int count) {
    int k = 0;
    for (; k + 8 <= count; k += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + k));
        if (_mm256_testz_si256(s, s)) continue;
        _mm256_storeu_si256((__m256i *)(dst + k), over8(s, _mm256_loadu_si256((const __m256i *)(dst + k))));
    }
    return k;
}

#else

int pr_spans_width(void) { return 1; }

#endif

void pr_bilinear_span(uint32_t *dst, int count, pr_level level, int64_t x, int64_t y, int64_t dx, int64_t dy) {
#if PR_SPANS_AVX2
    if (pr_spans_width() == 8) { bilinear_span_8(dst, count, level, x, y, dx, dy); return; }
#endif
    pr_bilinear_span_1(dst, count, level, x, y, dx, dy);
}

void pr_trilinear_span(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                       pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                       double lod, double lod_step, int blend) {
#if PR_SPANS_AVX2
    if (pr_spans_width() == 8) {
        trilinear_span_8(dst, count, a, ax, ay, adx, ady, b, bx, by, bdx, bdy, lod, lod_step, blend);
        return;
    }
#endif
    pr_trilinear_span_1(dst, count, a, ax, ay, adx, ady, b, bx, by, bdx, bdy, lod, lod_step, blend);
}

// `TextureSampler.trilinear`: level 0 alone up to a level of detail of 0; else the level below the
// level of detail blended toward the next by the fraction, each at level 0's coordinates scaled.
static inline uint32_t trilinear(const pr_mip *levels, int top, int64_t tx, int64_t ty, double lod) {
    if (lod <= 0 || top == 0) return sample(&levels[0], tx - 32768, ty - 32768);
    int l0 = lod >= (double)top ? top : (int)lod;
    const pr_mip *a = &levels[l0];
    uint32_t s0 = sample(a, ((tx * a->ratio_x) >> 16) - 32768, ((ty * a->ratio_y) >> 16) - 32768);
    int t = l0 == top ? 0 : (int)((lod - (double)l0) * 256 + 0.5);
    if (t == 0) return s0;
    const pr_mip *b = &levels[l0 + 1];
    uint32_t s1 = sample(b, ((tx * b->ratio_x) >> 16) - 32768, ((ty * b->ratio_y) >> 16) - 32768);
    return lerp_packed(s0, s1, t > 256 ? 256 : t);
}

// Whether `count` samples stepped from (x, y) by (dx, dy) all have their 2×2 texels inside `level`
// (`TextureSampler.contains`; stepping is linear, so the two ends bound every sample).
static inline int contains(const pr_mip *level, int64_t x, int64_t y, int64_t dx, int64_t dy, int count) {
    int64_t last_x = x + dx * (count - 1), last_y = y + dy * (count - 1);
    int64_t min_x = x < last_x ? x : last_x, max_x = x < last_x ? last_x : x;
    int64_t min_y = y < last_y ? y : last_y, max_y = y < last_y ? last_y : y;
    return min_x >= 0 && min_y >= 0 && (max_x >> 16) < level->width - 1 && (max_y >> 16) < level->height - 1;
}

double pr_pixel_span(uint32_t *dst, int count, const pr_mip *levels, int top, int64_t tx, int64_t ty,
                     int64_t dx, int64_t dy, double lod, double lod_step, int mips, int k) {
    if (!mips && count <= 64 && contains(&levels[0], tx - 32768, ty - 32768, dx, dy, count)) {
        // Level 0, inside it: the samples a span at a time (the words `sample` gives), stored, or
        // for a translucent page drawn over transparent texels (where a sample stays itself) and
        // then scaled and laid over.
        pr_level level = { levels[0].texels, levels[0].width };
        if (k >= 256) {
            pr_bilinear_span(dst, count, level, tx - 32768, ty - 32768, dx, dy);
        } else {
            uint32_t samples[64] = { 0 };
            pr_bilinear_span(samples, count, level, tx - 32768, ty - 32768, dx, dy);
            pr_scale_over_span(dst, samples, count, k);
        }
        for (int i = 0; i < count; i++) lod += lod_step;
        return lod;
    }
    for (int i = 0; i < count; i++) {
        uint32_t p = mips ? trilinear(levels, top, tx, ty, lod) : sample(&levels[0], tx - 32768, ty - 32768);
        if (k >= 256) store(dst + i, p); else dst[i] = over(scale(p, k), dst[i]);
        tx += dx; ty += dy;
        lod += lod_step;
    }
    return lod;
}

// Chunk ends: the local coordinates of a device point (one division), their level-0 texel in 16.16,
// and the level of detail (log2 from the exponent and a linear mantissa, error < 0.09). No fused
// multiply-adds, so the same bits on every CPU.
#pragma STDC FP_CONTRACT OFF

static inline double fast_log2(double x) {
    if (!(x > 0) || !__builtin_isfinite(x)) return x > 0 ? 64 : -64;
    uint64_t bits;
    __builtin_memcpy(&bits, &x, sizeof bits);
    int64_t exponent = (int64_t)((bits >> 52) & 0x7FF) - 1023;
    uint64_t m = (bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull;
    double mantissa;
    __builtin_memcpy(&mantissa, &m, sizeof mantissa);
    return (double)exponent + (mantissa - 1);
}

static inline int64_t to_fixed(double t) {
    const double limit = 16384;
    t = t < -limit ? -limit : (t > limit ? limit : t);
    t *= 65536;
    return (int64_t)(t + (t < 0 ? -0.5 : 0.5));
}

// One chunk end, as the four-at-a-time loop below computes four.
static inline void chunk_end(const pr_projection *p, double xc, double yc, double lod_bias,
                             int64_t *tx, int64_t *ty, double *lod) {
    double rw = 1 / (p->g * xc + p->h * yc + p->i);
    double u = (p->a * xc + p->b * yc + p->c) * rw, v = (p->d * xc + p->e * yc + p->f) * rw;
    *tx = to_fixed((u - p->origin_x) * p->scale_x);
    *ty = to_fixed((v - p->origin_y) * p->scale_y);
    if (lod) {
        double dudx = (p->a - u * p->g) * rw * p->scale_x, dudy = (p->b - u * p->h) * rw * p->scale_x;
        double dvdx = (p->d - v * p->g) * rw * p->scale_y, dvdy = (p->e - v * p->h) * rw * p->scale_y;
        double across = dudx * dudx + dvdx * dvdx, down = dudy * dudy + dvdy * dvdy;
        *lod = 0.5 * fast_log2(down >= across ? down : across) + lod_bias;
    }
}

#if PR_SPANS_AVX2

// `to_fixed` of four values (none NaN: w > 0 wherever a quad is drawn).
AVX2 __m128i to_fixed4(__m256d t) {
    const __m256d limit = _mm256_set1_pd(16384), zero = _mm256_setzero_pd();
    t = _mm256_max_pd(_mm256_min_pd(t, limit), _mm256_sub_pd(zero, limit));
    t = _mm256_mul_pd(t, _mm256_set1_pd(65536));
    __m256d half = _mm256_blendv_pd(_mm256_set1_pd(0.5), _mm256_set1_pd(-0.5), _mm256_cmp_pd(t, zero, _CMP_LT_OQ));
    return _mm256_cvttpd_epi32(_mm256_add_pd(t, half));   // |t| ≤ 2^30: 32 bits hold it
}

// `fast_log2` of four values: the exponent field read as a double through 2^52's mantissa.
AVX2 __m256d fast_log2_4(__m256d x) {
    const __m256i field = _mm256_set1_epi64x(0x7FF), magic = _mm256_set1_epi64x(0x4330000000000000ll);
    __m256i bits = _mm256_castpd_si256(x);
    __m256d exponent = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(_mm256_srli_epi64(bits, 52), field), magic)),
                                     _mm256_set1_pd(4503599627370496.0 + 1023));
    __m256d mantissa = _mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi64x(0x000FFFFFFFFFFFFFll)),
                                                           _mm256_set1_epi64x(0x3FF0000000000000ll)));
    __m256d log = _mm256_add_pd(exponent, _mm256_sub_pd(mantissa, _mm256_set1_pd(1)));
    __m256d positive = _mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_GT_OQ);
    __m256d finite = _mm256_cmp_pd(x, _mm256_set1_pd(__builtin_inf()), _CMP_LT_OQ);
    __m256d outside = _mm256_blendv_pd(_mm256_set1_pd(-64), _mm256_set1_pd(64), positive);
    return _mm256_blendv_pd(outside, log, _mm256_and_pd(positive, finite));
}

__attribute__((target("avx2")))
static int chunk_ends_4(const pr_projection *p, double yc, int64_t x0, int64_t x1, int chunk, double lod_bias,
                        int64_t *tx, int64_t *ty, double *lod, int count) {
    const __m256d a = _mm256_set1_pd(p->a), d = _mm256_set1_pd(p->d), g = _mm256_set1_pd(p->g);
    const __m256d byc = _mm256_set1_pd(p->b * yc), eyc = _mm256_set1_pd(p->e * yc), hyc = _mm256_set1_pd(p->h * yc);
    const __m256d c = _mm256_set1_pd(p->c), f = _mm256_set1_pd(p->f), i = _mm256_set1_pd(p->i);
    const __m256d ox = _mm256_set1_pd(p->origin_x), oy = _mm256_set1_pd(p->origin_y);
    const __m256d sx = _mm256_set1_pd(p->scale_x), sy = _mm256_set1_pd(p->scale_y);
    int k = 0;
    for (; k + 4 <= count; k += 4) {
        double xs[4];
        for (int j = 0; j < 4; j++) {
            int64_t x = x0 + (int64_t)(k + j) * chunk;
            xs[j] = (double)(x < x1 ? x : x1) + 0.5;
        }
        __m256d xc = _mm256_loadu_pd(xs);
        __m256d rw = _mm256_div_pd(_mm256_set1_pd(1), _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(g, xc), hyc), i));
        __m256d u = _mm256_mul_pd(_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(a, xc), byc), c), rw);
        __m256d v = _mm256_mul_pd(_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(d, xc), eyc), f), rw);
        _mm256_storeu_si256((__m256i *)(tx + k), _mm256_cvtepi32_epi64(to_fixed4(_mm256_mul_pd(_mm256_sub_pd(u, ox), sx))));
        _mm256_storeu_si256((__m256i *)(ty + k), _mm256_cvtepi32_epi64(to_fixed4(_mm256_mul_pd(_mm256_sub_pd(v, oy), sy))));
        if (lod) {
            const __m256d b = _mm256_set1_pd(p->b), e = _mm256_set1_pd(p->e), h = _mm256_set1_pd(p->h);
            __m256d dudx = _mm256_mul_pd(_mm256_mul_pd(_mm256_sub_pd(a, _mm256_mul_pd(u, g)), rw), sx);
            __m256d dudy = _mm256_mul_pd(_mm256_mul_pd(_mm256_sub_pd(b, _mm256_mul_pd(u, h)), rw), sx);
            __m256d dvdx = _mm256_mul_pd(_mm256_mul_pd(_mm256_sub_pd(d, _mm256_mul_pd(v, g)), rw), sy);
            __m256d dvdy = _mm256_mul_pd(_mm256_mul_pd(_mm256_sub_pd(e, _mm256_mul_pd(v, h)), rw), sy);
            __m256d across = _mm256_add_pd(_mm256_mul_pd(dudx, dudx), _mm256_mul_pd(dvdx, dvdx));
            __m256d down = _mm256_add_pd(_mm256_mul_pd(dudy, dudy), _mm256_mul_pd(dvdy, dvdy));
            __m256d larger = _mm256_blendv_pd(across, down, _mm256_cmp_pd(down, across, _CMP_GE_OQ));
            _mm256_storeu_pd(lod + k, _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(0.5), fast_log2_4(larger)),
                                                    _mm256_set1_pd(lod_bias)));
        }
    }
    return k;
}

#endif

int pr_chunk_ends(const pr_projection *p, double yc, int64_t x0, int64_t x1, int chunk, double lod_bias,
                  int64_t *tx, int64_t *ty, double *lod) {
    int count = (int)((x1 - x0 + chunk - 1) / chunk) + 1, k = 0;
#if PR_SPANS_AVX2
    if (pr_spans_width() == 8) k = chunk_ends_4(p, yc, x0, x1, chunk, lod_bias, tx, ty, lod, count);
#endif
    for (; k < count; k++) {
        int64_t x = x0 + (int64_t)k * chunk;
        chunk_end(p, (double)(x < x1 ? x : x1) + 0.5, yc, lod_bias, tx + k, ty + k, lod ? lod + k : NULL);
    }
    return count;
}

void pr_row_lerp_span(uint32_t *dst, const uint32_t *src, int count, int w) {
    int k = 0;
#if PR_SPANS_AVX2
    if (pr_spans_width() == 8) k = row_lerp_8(dst, src, count, w);
#endif
#if defined(__SSE2__) && !defined(PR_SPANS_SCALAR)
    const __m128i zero = _mm_setzero_si128();
    const __m128i wa = _mm_set1_epi16((short)(256 - w)), wb = _mm_set1_epi16((short)w);
    for (; k + 4 <= count; k += 4) {
        __m128i a = _mm_loadu_si128((const __m128i *)(src + k)), b = _mm_loadu_si128((const __m128i *)(src + k + 1));
        // Per channel (a·(256 − w) + b·w) >> 8: at most 255·256, so 16-bit lanes hold it.
        __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(a, zero), wa),
                                                  _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), wb)), 8);
        __m128i hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(a, zero), wa),
                                                  _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), wb)), 8);
        __m128i p = _mm_packus_epi16(lo, hi);
        // All four opaque (alpha bytes 255): stored as they are; else laid over.
        __m128i alpha = _mm_srli_epi32(p, 24);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(alpha, _mm_set1_epi32(255))) != 0xFFFF) {
            p = over4(p, _mm_loadu_si128((const __m128i *)(dst + k)));
        }
        _mm_storeu_si128((__m128i *)(dst + k), p);
    }
#endif
    for (; k < count; k++) {
        uint64_t v = (widen(src[k]) * (uint64_t)(256 - w) + widen(src[k + 1]) * (uint64_t)w) >> 8;
        store(dst + k, narrow(v & 0x00FF00FF00FF00FFull));
    }
}

// `over4` (or `over8`) along the span, then `over` for the words after the last four.
void pr_over_span(uint32_t *dst, const uint32_t *src, int count) {
    int k = 0;
#if PR_SPANS_AVX2
    if (pr_spans_width() == 8) k = over_8(dst, src, count);
#endif
#if defined(__SSE2__) && !defined(PR_SPANS_SCALAR)
    for (; k + 4 <= count; k += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + k));
        _mm_storeu_si128((__m128i *)(dst + k), over4(_mm_loadu_si128((const __m128i *)(src + k)), d));
    }
#endif
    for (; k < count; k++) dst[k] = over(src[k], dst[k]);
}

// `scale4` then `over4` (or eight at a time), then `over(scale(…))` for the words after them.
void pr_scale_over_span(uint32_t *dst, const uint32_t *src, int count, int k) {
    if (k >= 256) {
        pr_over_span(dst, src, count);
        return;
    }
    if (k < 0) k = 0;
    int i = 0;
#if PR_SPANS_AVX2
    if (pr_spans_width() == 8) i = scale_over_8(dst, src, count, k);
#endif
#if defined(__SSE2__) && !defined(PR_SPANS_SCALAR)
    for (; i + 4 <= count; i += 4) {
        __m128i p = scale4(_mm_loadu_si128((const __m128i *)(src + i)), k);
        _mm_storeu_si128((__m128i *)(dst + i), over4(p, _mm_loadu_si128((const __m128i *)(dst + i))));
    }
#endif
    for (; i < count; i++) dst[i] = over(scale(src[i], k), dst[i]);
}

// v / n rounded toward zero; for n = 16 with a shift.
static inline int64_t div_chunk(int64_t v, int n) {
    return n == 16 ? (v + ((v >> 63) & 15)) >> 4 : v / n;
}

// A run of texels along one texel row, each sample the same fraction between two texels: whole
// chunks of an opaque page at rest or sliding, each continuing the last, drawn in one call.
typedef struct { uint32_t *dst; const uint32_t *src; int count, w; } lerp_run;

static inline void flush_run(lerp_run *run) {
    if (run->count) pr_row_lerp_span(run->dst, run->src, run->count, run->w);
    run->count = 0;
}

// The chunk loop of `QuadRasterizer.drawTextureSpan` for whole chunks, with `TextureSampler`'s
// `trilinearSpan` and `copySpan` inside it: the same integers and doubles in the same order. An
// opaque page's chunks that each take `pr_row_lerp_span` where the last one's texels end, at its
// fraction, are drawn by one call (its words are each of two texels and the fraction alone).
int pr_draw_chunks(uint32_t *row, int64_t x0, int64_t x1, int k, int64_t in0, int64_t in1,
                   int64_t hidden_start, int64_t hidden_end, const int64_t *tx, const int64_t *ty,
                   const double *lod, const pr_mip *levels, int top, int opacity) {
    const int chunk = 16;
    uint32_t samples[16];
    lerp_run run = { 0 };
    for (;; k++) {
        int64_t x = x0 + (int64_t)k * chunk;
        if (x >= x1) break;
        int n = (int)(x1 - x < chunk ? x1 - x : chunk);
        if (x >= hidden_start && x + n <= hidden_end) continue;
        if (x < in0 || x + n > in1) break;
        int64_t x_ = tx[k], y_ = ty[k];
        // `QuadRasterizer.divide`: toward zero, as C divides (a whole chunk by a shift: two hardware
        // divides per chunk were most of this loop's time).
        int64_t dx = div_chunk(tx[k + 1] - x_, n), dy = div_chunk(ty[k + 1] - y_, n);
        double l = 0, step = 0;
        int mips = 0;
        if (lod) {
            l = lod[k];
            double end = lod[k + 1];
            mips = (l > end ? l : end) > 0;
            step = n == chunk ? (end - l) * 0.0625 : (end - l) / (double)n;   // 1/16 exactly
        }
        // A translucent page's samples are taken over clear words (where each stays itself), then
        // scaled and laid over.
        uint32_t *dst = row + x;
        if (opacity < 256) {
            memset(samples, 0, sizeof samples);
            dst = samples;
        }
        if (mips) {
            double last = l + step * (double)(n - 1);
            double low = last < l ? last : l;
            if (low < 0) low = 0;
            int l0 = (int)low;
            if (l0 > top) l0 = top;
            int l1 = l0 + 1 > top ? top : l0 + 1;
            const pr_mip *a = &levels[l0], *b = &levels[l1];
            int64_t ax = ((x_ * a->ratio_x) >> 16) - 32768, ay = ((y_ * a->ratio_y) >> 16) - 32768;
            int64_t bx = ((x_ * b->ratio_x) >> 16) - 32768, by = ((y_ * b->ratio_y) >> 16) - 32768;
            int64_t adx = (dx * a->ratio_x) >> 16, ady = (dy * a->ratio_y) >> 16;
            int64_t bdx = (dx * b->ratio_x) >> 16, bdy = (dy * b->ratio_y) >> 16;
            if (!contains(a, ax, ay, adx, ady, n) || !contains(b, bx, by, bdx, bdy, n)) break;
            pr_level la = { a->texels, a->width }, lb = { b->texels, b->width };
            pr_trilinear_span(dst, n, la, ax, ay, adx, ady, lb, bx, by, bdx, bdy, l - (double)l0, step,
                              l0 == top ? 0 : 1);
        } else {
            const pr_mip *a = &levels[0];
            int64_t sx = x_ - 32768, sy = y_ - 32768;
            if (!contains(a, sx, sy, dx, dy, n)) break;
            if (dy == 0 && (sy & 0xFFFF) == 0) {
                if (dx != 65536) break;
                const uint32_t *src = a->texels + (sy >> 16) * a->width + (sx >> 16);
                int w = (int)((sx >> 8) & 255);
                if (opacity >= 256) {
                    if (run.count && run.dst + run.count == dst && run.src + run.count == src && run.w == w) {
                        run.count += n;
                    } else {
                        flush_run(&run);
                        run = (lerp_run){ dst, src, n, w };
                    }
                    continue;
                }
                pr_row_lerp_span(dst, src, n, w);
            } else {
                pr_level la = { a->texels, a->width };
                pr_bilinear_span(dst, n, la, sx, sy, dx, dy);
            }
        }
        if (opacity < 256) pr_scale_over_span(row + x, samples, n, opacity);
    }
    flush_run(&run);
    return k;
}
