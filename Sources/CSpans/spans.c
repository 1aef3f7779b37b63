#include "cspans.h"

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
    return blend4(_mm_loadl_epi64((const __m128i *)r0), _mm_loadl_epi64((const __m128i *)(r0 + level.width)),
                  bilinear_weights(x, y));
}

// A bilinear sample at (x, y) with the 2×2 texels clamped into the level, packed.
static inline uint32_t sample(const pr_mip *level, int64_t x, int64_t y) {
    int64_t ix = x >> 16, iy = y >> 16, mx = level->width - 1, my = level->height - 1;
    int64_t x0 = clamp(ix, mx), x1 = clamp(ix + 1, mx);
    const uint32_t *r0 = level->texels + clamp(iy, my) * level->width, *r1 = level->texels + clamp(iy + 1, my) * level->width;
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
    weights w = bilinear_weights(x, y);
    uint64_t sum = widen(r0[0]) * (uint64_t)w.w00 + widen(r0[1]) * (uint64_t)w.w01
        + widen(r0[level.width]) * (uint64_t)w.w10 + widen(r0[level.width + 1]) * (uint64_t)w.w11;
    return narrow((sum >> 8) & 0x00FF00FF00FF00FFull);
}

static inline uint32_t sample(const pr_mip *level, int64_t x, int64_t y) {
    int64_t ix = x >> 16, iy = y >> 16, mx = level->width - 1, my = level->height - 1;
    int64_t x0 = clamp(ix, mx), x1 = clamp(ix + 1, mx);
    const uint32_t *r0 = level->texels + clamp(iy, my) * level->width, *r1 = level->texels + clamp(iy + 1, my) * level->width;
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

void pr_bilinear_span(uint32_t *dst, int count, pr_level level, int64_t x, int64_t y, int64_t dx, int64_t dy) {
    for (int k = 0; k < count; k++, x += dx, y += dy) store(dst + k, pack(bilinear(level, x, y)));
}

void pr_trilinear_span(uint32_t *dst, int count, pr_level a, int64_t ax, int64_t ay, int64_t adx, int64_t ady,
                       pr_level b, int64_t bx, int64_t by, int64_t bdx, int64_t bdy,
                       double lod, double lod_step, int blend) {
    for (int k = 0; k < count; k++) {
        double c = lod > 0 ? lod : 0;
        c = c < 1 ? c : 1;
        int t = blend ? (int)(c * 256 + 0.5) : 0;
        channels p = bilinear(a, ax, ay);
        if (t > 0) p = lerp(p, bilinear(b, bx, by), t);
        store(dst + k, pack(p));
        ax += adx; ay += ady; bx += bdx; by += bdy;
        lod += lod_step;
    }
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

double pr_pixel_span(uint32_t *dst, int count, const pr_mip *levels, int top, int64_t tx, int64_t ty,
                     int64_t dx, int64_t dy, double lod, double lod_step, int mips, int k) {
    for (int i = 0; i < count; i++) {
        uint32_t p = mips ? trilinear(levels, top, tx, ty, lod) : sample(&levels[0], tx - 32768, ty - 32768);
        if (k >= 256) store(dst + i, p); else dst[i] = over(scale(p, k), dst[i]);
        tx += dx; ty += dy;
        lod += lod_step;
    }
    return lod;
}
