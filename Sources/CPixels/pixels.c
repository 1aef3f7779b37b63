#include "cpixels.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The L*a*b* arithmetic is written as ColorDifference's: no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

void pr_interleave(uint32_t *out, const uint8_t *r, const uint8_t *g, const uint8_t *b, const uint8_t *a, int count) {
    int x = 0;
#if defined(__SSE2__)
    const __m128i opaque = _mm_set1_epi8((char)0xFF);
    for (; x + 16 <= count; x += 16) {
        __m128i vr = _mm_loadu_si128((const __m128i *)(r + x));
        __m128i vg = _mm_loadu_si128((const __m128i *)(g + x));
        __m128i vb = _mm_loadu_si128((const __m128i *)(b + x));
        __m128i va = a ? _mm_loadu_si128((const __m128i *)(a + x)) : opaque;
        __m128i rg0 = _mm_unpacklo_epi8(vr, vg), rg1 = _mm_unpackhi_epi8(vr, vg);
        __m128i ba0 = _mm_unpacklo_epi8(vb, va), ba1 = _mm_unpackhi_epi8(vb, va);
        __m128i *o = (__m128i *)(out + x);
        _mm_storeu_si128(o, _mm_unpacklo_epi16(rg0, ba0));
        _mm_storeu_si128(o + 1, _mm_unpackhi_epi16(rg0, ba0));
        _mm_storeu_si128(o + 2, _mm_unpacklo_epi16(rg1, ba1));
        _mm_storeu_si128(o + 3, _mm_unpackhi_epi16(rg1, ba1));
    }
#endif
    for (; x < count; x++) {
        out[x] = (uint32_t)r[x] | (uint32_t)g[x] << 8 | (uint32_t)b[x] << 16 | (uint32_t)(a ? a[x] : 0xFF) << 24;
    }
}

// Chroma 2× up, as swscale's bicubic (B = 0, C = 0.6): a pixel a quarter of a sample from the
// nearest sample takes it ×0.871875, the other neighbour (¾ away) ×0.240625, and the two beyond
// (1¼ and 1¾ away) ×−0.084375 and ×−0.028125. The weights sum to 1.
#define W_NEAR 0.871875f
#define W_OTHER 0.240625f
#define W_BEYOND_NEAR (-0.084375f)
#define W_BEYOND_OTHER (-0.028125f)

/// A chroma row between stored rows: `near` the nearest, `other` the next on the pixel's side,
/// `beyond_near` past `near` away from it, `beyond_other` past `other`. Less 128.
static inline __attribute__((always_inline)) void chroma_row(float *row, const uint8_t *near, const uint8_t *other,
                                                             const uint8_t *beyond_near, const uint8_t *beyond_other,
                                                             int count) {
    for (int i = 0; i < count; i++) {
        row[i] = W_NEAR * (float)near[i] + W_OTHER * (float)other[i] + W_BEYOND_NEAR * (float)beyond_near[i]
            + W_BEYOND_OTHER * (float)beyond_other[i] - 128.0f;
    }
}

/// A chroma row of `count` samples (two more at either end repeating the end ones) spread to
/// `width` pixels: sample i is centred between pixels 2i and 2i + 1.
static inline __attribute__((always_inline)) void chroma_across(float *out, const float *row, int count, int width,
                                                                int i) {
#if defined(__SSE2__)
    // Four samples at a time: their even and odd pixels, interleaved.
    const __m128 near = _mm_set1_ps(W_NEAR), other = _mm_set1_ps(W_OTHER);
    const __m128 beyond_near = _mm_set1_ps(W_BEYOND_NEAR), beyond_other = _mm_set1_ps(W_BEYOND_OTHER);
    for (; i + 4 <= width / 2; i += 4) {
        __m128 m2 = _mm_loadu_ps(row + i - 2), m1 = _mm_loadu_ps(row + i - 1), c = _mm_loadu_ps(row + i);
        __m128 p1 = _mm_loadu_ps(row + i + 1), p2 = _mm_loadu_ps(row + i + 2);
        __m128 base = _mm_mul_ps(near, c);
        __m128 even = _mm_add_ps(_mm_add_ps(_mm_add_ps(base, _mm_mul_ps(other, m1)), _mm_mul_ps(beyond_near, p1)),
                                 _mm_mul_ps(beyond_other, m2));
        __m128 odd = _mm_add_ps(_mm_add_ps(_mm_add_ps(base, _mm_mul_ps(other, p1)), _mm_mul_ps(beyond_near, m1)),
                                _mm_mul_ps(beyond_other, p2));
        _mm_storeu_ps(out + 2 * i, _mm_unpacklo_ps(even, odd));
        _mm_storeu_ps(out + 2 * i + 4, _mm_unpackhi_ps(even, odd));
    }
#endif
    for (; i < width / 2; i++) {
        out[2 * i] = W_NEAR * row[i] + W_OTHER * row[i - 1] + W_BEYOND_NEAR * row[i + 1] + W_BEYOND_OTHER * row[i - 2];
        out[2 * i + 1] = W_NEAR * row[i] + W_OTHER * row[i + 1] + W_BEYOND_NEAR * row[i - 1] + W_BEYOND_OTHER * row[i + 2];
    }
    if (width % 2) {
        i = count - 1;
        out[width - 1] = W_NEAR * row[i] + W_OTHER * row[i - 1] + W_BEYOND_NEAR * row[i + 1] + W_BEYOND_OTHER * row[i - 2];
    }
}

static inline int clamp_row(int j, int rows) { return j < 0 ? 0 : j >= rows ? rows - 1 : j; }

/// The chroma rows luma row `row` takes (of `ch`): chroma row j is centred between luma rows 2j
/// and 2j + 1, so row 2j is a quarter of a chroma row from j towards j − 1, row 2j + 1 a quarter
/// towards j + 1; `rows` gets the nearest, the other on its side, and the one beyond each.
static inline void chroma_rows_of(int row, int ch, int rows[4]) {
    int j = row / 2, step = row % 2 ? 1 : -1;
    rows[0] = j, rows[1] = clamp_row(j + step, ch), rows[2] = clamp_row(j - step, ch), rows[3] = clamp_row(j + 2 * step, ch);
}

/// One luma row and its chroma (less 128, one per pixel) as RGBA.
static inline __attribute__((always_inline)) void rgba_row(uint32_t *o, const uint8_t *ys, const float *uu,
                                                           const float *vv, int width, float y_offset, float y_scale,
                                                           float crv, float cgu, float cgv, float cbu) {
    for (int x = 0; x < width; x++) {
        float l = ((float)ys[x] - y_offset) * y_scale;
        float r = l + crv * vv[x] + 0.5f, g = l - cgu * uu[x] - cgv * vv[x] + 0.5f, b = l + cbu * uu[x] + 0.5f;
        r = r < 0.0f ? 0.0f : r > 255.0f ? 255.0f : r;
        g = g < 0.0f ? 0.0f : g > 255.0f ? 255.0f : g;
        b = b < 0.0f ? 0.0f : b > 255.0f ? 255.0f : b;
        o[x] = (uint32_t)(int)r | (uint32_t)(int)g << 8 | (uint32_t)(int)b << 16 | 0xFF000000u;
    }
}

/// Both chroma planes' rows for one luma row, spread to `width` pixels (`chroma_row` then
/// `chroma_across` for each).
typedef void (*chroma_rows_fn)(float *cu, float *cv, float *uu, float *vv, const uint8_t *const u_rows[4],
                               const uint8_t *const v_rows[4], int cw, int width);

static inline __attribute__((always_inline)) void chroma_rows_body(float *cu, float *cv, const uint8_t *const u_rows[4],
                                                                   const uint8_t *const v_rows[4], int cw) {
    chroma_row(cu, u_rows[0], u_rows[1], u_rows[2], u_rows[3], cw);
    chroma_row(cv, v_rows[0], v_rows[1], v_rows[2], v_rows[3], cw);
    cu[-2] = cu[-1] = cu[0], cu[cw] = cu[cw + 1] = cu[cw - 1];
    cv[-2] = cv[-1] = cv[0], cv[cw] = cv[cw + 1] = cv[cw - 1];
}

static void chroma_rows_plain(float *cu, float *cv, float *uu, float *vv, const uint8_t *const u_rows[4],
                              const uint8_t *const v_rows[4], int cw, int width) {
    chroma_rows_body(cu, cv, u_rows, v_rows, cw);
    chroma_across(uu, cu, cw, width, 0);
    chroma_across(vv, cv, cw, width, 0);
}

#if defined(__x86_64__)
#include <immintrin.h>

// `chroma_across` eight samples (sixteen pixels) at a time from sample `i`: the same products and sums in the same
// order, lane by lane; what is left to the four-sample loop.
__attribute__((target("avx2")))
static int chroma_across_8(float *out, const float *row, int width, int i) {
    const __m256 near = _mm256_set1_ps(W_NEAR), other = _mm256_set1_ps(W_OTHER);
    const __m256 beyond_near = _mm256_set1_ps(W_BEYOND_NEAR), beyond_other = _mm256_set1_ps(W_BEYOND_OTHER);
    for (; i + 8 <= width / 2; i += 8) {
        __m256 m2 = _mm256_loadu_ps(row + i - 2), m1 = _mm256_loadu_ps(row + i - 1), c = _mm256_loadu_ps(row + i);
        __m256 p1 = _mm256_loadu_ps(row + i + 1), p2 = _mm256_loadu_ps(row + i + 2);
        __m256 base = _mm256_mul_ps(near, c);
        __m256 even = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(base, _mm256_mul_ps(other, m1)),
                                                  _mm256_mul_ps(beyond_near, p1)), _mm256_mul_ps(beyond_other, m2));
        __m256 odd = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(base, _mm256_mul_ps(other, p1)),
                                                 _mm256_mul_ps(beyond_near, m1)), _mm256_mul_ps(beyond_other, p2));
        // Interleaved within each 128-bit lane (e0 o0 e1 o1 | e4 o4 e5 o5, e2 o2 e3 o3 | e6 o6 e7 o7),
        // then the lanes put in order.
        __m256 lo = _mm256_unpacklo_ps(even, odd), hi = _mm256_unpackhi_ps(even, odd);
        _mm256_storeu_ps(out + 2 * i, _mm256_permute2f128_ps(lo, hi, 0x20));
        _mm256_storeu_ps(out + 2 * i + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
    }
    return i;
}

__attribute__((target("avx2")))
static void chroma_rows_avx2(float *cu, float *cv, float *uu, float *vv, const uint8_t *const u_rows[4],
                             const uint8_t *const v_rows[4], int cw, int width) {
    chroma_rows_body(cu, cv, u_rows, v_rows, cw);
    chroma_across(uu, cu, cw, width, chroma_across_8(uu, cu, width, 0));
    chroma_across(vv, cv, cw, width, chroma_across_8(vv, cv, width, 0));
}
#endif

static void rgba_row_plain(uint32_t *o, const uint8_t *ys, const float *uu, const float *vv, int width,
                           float y_offset, float y_scale, float crv, float cgu, float cgv, float cbu) {
    rgba_row(o, ys, uu, vv, width, y_offset, y_scale, crv, cgu, cgv, cbu);
}

#if defined(__x86_64__)
// The same loop eight pixels wide; the same floats (no fused multiply-adds: FP_CONTRACT is off).
__attribute__((target("avx2")))
static void rgba_row_avx2(uint32_t *o, const uint8_t *ys, const float *uu, const float *vv, int width,
                          float y_offset, float y_scale, float crv, float cgu, float cgv, float cbu) {
    rgba_row(o, ys, uu, vv, width, y_offset, y_scale, crv, cgu, cgv, cbu);
}
#endif

void pr_yuv420_rgba(uint32_t *out, int width, int height,
                    const uint8_t *y, int y_stride, const uint8_t *u, int u_stride, const uint8_t *v, int v_stride,
                    float y_offset, float y_scale, float crv, float cgu, float cgv, float cbu, float *scratch) {
    void (*row_of)(uint32_t *, const uint8_t *, const float *, const float *, int, float, float, float, float, float,
                   float) = rgba_row_plain;
    chroma_rows_fn chroma_of = chroma_rows_plain;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) row_of = rgba_row_avx2, chroma_of = chroma_rows_avx2;
#endif
    int cw = (width + 1) / 2, ch = (height + 1) / 2;
    // Each chroma row with room for two repeated samples at either end.
    float *cu = scratch + 2, *cv = cu + cw + 4, *uu = cv + cw + 2, *vv = uu + width;
    for (int row = 0; row < height; row++) {
        int rows[4];
        chroma_rows_of(row, ch, rows);
        const uint8_t *u_rows[4], *v_rows[4];
        for (int k = 0; k < 4; k++) u_rows[k] = u + (ptrdiff_t)rows[k] * u_stride, v_rows[k] = v + (ptrdiff_t)rows[k] * v_stride;
        chroma_of(cu, cv, uu, vv, u_rows, v_rows, cw, width);
        row_of(out + (ptrdiff_t)row * width, y + (ptrdiff_t)row * y_stride, uu, vv, width, y_offset, y_scale,
               crv, cgu, cgv, cbu);
    }
}

static inline float lab_f(const pr_lab_tables *t, float v) {
    float p = fminf(fmaxf(v, 0.0f), 1.0f) * (float)t->f_steps;
    int k = (int)p;
    float w = p - (float)k;
    return t->f[k] + (t->f[k + 1] - t->f[k]) * w;
}

void pr_lab(const pr_lab_tables *t, int r, int g, int b, float *lab) {
    float lr = t->linear[r], lg = t->linear[g], lb = t->linear[b];
    // sRGB → XYZ (IEC 61966-2-1), divided by the D65 white point.
    float x = (0.4124564f * lr + 0.3575761f * lg + 0.1804375f * lb) / 0.95047f;
    float y = 0.2126729f * lr + 0.7151522f * lg + 0.0721750f * lb;
    float z = (0.0193339f * lr + 0.1191920f * lg + 0.9503041f * lb) / 1.08883f;
    float fx = lab_f(t, x), fy = lab_f(t, y), fz = lab_f(t, z);
    lab[0] = 116.0f * fy - 16.0f;
    lab[1] = 500.0f * (fx - fy);
    lab[2] = 200.0f * (fy - fz);
}

#if defined(__SSE2__)
// The L*a*b* of four colours (8-bit channels in `r`, `g`, `b`) in lanes: pr_lab's arithmetic,
// lane by lane (SSE's add, mul, div and min/max round as the scalar ones do).
static inline void lab4(const pr_lab_tables *t, const int *r, const int *g, const int *b,
                        __m128 *L, __m128 *A, __m128 *B) {
    const float *lin = t->linear;
    __m128 lr = _mm_setr_ps(lin[r[0]], lin[r[1]], lin[r[2]], lin[r[3]]);
    __m128 lg = _mm_setr_ps(lin[g[0]], lin[g[1]], lin[g[2]], lin[g[3]]);
    __m128 lb = _mm_setr_ps(lin[b[0]], lin[b[1]], lin[b[2]], lin[b[3]]);
#define MIX(c0, c1, c2) _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(c0), lr), _mm_mul_ps(_mm_set1_ps(c1), lg)), \
                                   _mm_mul_ps(_mm_set1_ps(c2), lb))
    __m128 v[3] = {
        _mm_div_ps(MIX(0.4124564f, 0.3575761f, 0.1804375f), _mm_set1_ps(0.95047f)),
        MIX(0.2126729f, 0.7151522f, 0.0721750f),
        _mm_div_ps(MIX(0.0193339f, 0.1191920f, 0.9503041f), _mm_set1_ps(1.08883f)),
    };
#undef MIX
    __m128 f[3];
    const __m128 steps = _mm_set1_ps((float)t->f_steps), one = _mm_set1_ps(1.0f), zero = _mm_setzero_ps();
    for (int c = 0; c < 3; c++) {
        __m128 p = _mm_mul_ps(_mm_min_ps(_mm_max_ps(v[c], zero), one), steps);
        __m128i k = _mm_cvttps_epi32(p);
        __m128 w = _mm_sub_ps(p, _mm_cvtepi32_ps(k));
        int ks[4];
        _mm_storeu_si128((__m128i *)ks, k);
        __m128 f0 = _mm_setr_ps(t->f[ks[0]], t->f[ks[1]], t->f[ks[2]], t->f[ks[3]]);
        __m128 f1 = _mm_setr_ps(t->f[ks[0] + 1], t->f[ks[1] + 1], t->f[ks[2] + 1], t->f[ks[3] + 1]);
        f[c] = _mm_add_ps(f0, _mm_mul_ps(_mm_sub_ps(f1, f0), w));
    }
    *L = _mm_sub_ps(_mm_mul_ps(_mm_set1_ps(116.0f), f[1]), _mm_set1_ps(16.0f));
    *A = _mm_mul_ps(_mm_set1_ps(500.0f), _mm_sub_ps(f[0], f[1]));
    *B = _mm_mul_ps(_mm_set1_ps(200.0f), _mm_sub_ps(f[1], f[2]));
}
#endif

/// Whether pixel `x`'s channels differ by more than `safe`.
static inline int differs(const uint8_t *a, const uint8_t *b, int x, int safe) {
    const uint8_t *p = a + 4 * x, *q = b + 4 * x;
    return abs((int)p[0] - (int)q[0]) > safe || abs((int)p[1] - (int)q[1]) > safe || abs((int)p[2] - (int)q[2]) > safe;
}

#if defined(__x86_64__)
// `lab4` for eight colours (RGBA words in `rgba`), its tables read by gathers: the same operations
// lane by lane, so the same floats (AVX2 without FMA: nothing fuses).
__attribute__((target("avx2")))
static inline void lab8(const pr_lab_tables *t, __m256i rgba, __m256 *L, __m256 *A, __m256 *B) {
    const __m256i byte = _mm256_set1_epi32(255);
    __m256 lr = _mm256_i32gather_ps(t->linear, _mm256_and_si256(rgba, byte), 4);
    __m256 lg = _mm256_i32gather_ps(t->linear, _mm256_and_si256(_mm256_srli_epi32(rgba, 8), byte), 4);
    __m256 lb = _mm256_i32gather_ps(t->linear, _mm256_and_si256(_mm256_srli_epi32(rgba, 16), byte), 4);
#define MIX(c0, c1, c2) _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(c0), lr), \
                                                    _mm256_mul_ps(_mm256_set1_ps(c1), lg)), \
                                      _mm256_mul_ps(_mm256_set1_ps(c2), lb))
    __m256 v[3] = {
        _mm256_div_ps(MIX(0.4124564f, 0.3575761f, 0.1804375f), _mm256_set1_ps(0.95047f)),
        MIX(0.2126729f, 0.7151522f, 0.0721750f),
        _mm256_div_ps(MIX(0.0193339f, 0.1191920f, 0.9503041f), _mm256_set1_ps(1.08883f)),
    };
#undef MIX
    __m256 f[3];
    const __m256 steps = _mm256_set1_ps((float)t->f_steps), one = _mm256_set1_ps(1.0f), zero = _mm256_setzero_ps();
    for (int c = 0; c < 3; c++) {
        __m256 p = _mm256_mul_ps(_mm256_min_ps(_mm256_max_ps(v[c], zero), one), steps);
        __m256i k = _mm256_cvttps_epi32(p);
        __m256 w = _mm256_sub_ps(p, _mm256_cvtepi32_ps(k));
        __m256 f0 = _mm256_i32gather_ps(t->f, k, 4), f1 = _mm256_i32gather_ps(t->f + 1, k, 4);
        f[c] = _mm256_add_ps(f0, _mm256_mul_ps(_mm256_sub_ps(f1, f0), w));
    }
    *L = _mm256_sub_ps(_mm256_mul_ps(_mm256_set1_ps(116.0f), f[1]), _mm256_set1_ps(16.0f));
    *A = _mm256_mul_ps(_mm256_set1_ps(500.0f), _mm256_sub_ps(f[0], f[1]));
    *B = _mm256_mul_ps(_mm256_set1_ps(200.0f), _mm256_sub_ps(f[1], f[2]));
}

// `over_bound`'s first pixels eight at a time (each pixel's words gathered from both rows); returns
// how many it kept and sets `*done` to the pixels it went through (a multiple of eight).
__attribute__((target("avx2")))
static int over_bound_8(const uint8_t *a, const uint8_t *b, int32_t *xs, int n, float bound,
                        const pr_lab_tables *t, float *labs, int *done) {
    int kept = 0, k = 0;
    const __m256 limit = _mm256_set1_ps(bound);
    for (; k + 8 <= n; k += 8) {
        __m256i at = _mm256_loadu_si256((const __m256i *)(xs + k));
        __m256 l1, a1, b1, l2, a2, b2;
        lab8(t, _mm256_i32gather_epi32((const int *)a, at, 4), &l1, &a1, &b1);
        lab8(t, _mm256_i32gather_epi32((const int *)b, at, 4), &l2, &a2, &b2);
        __m256 dl = _mm256_sub_ps(l1, l2), da = _mm256_sub_ps(a1, a2), db = _mm256_sub_ps(b1, b2);
        __m256 d = _mm256_sqrt_ps(_mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(dl, dl), _mm256_mul_ps(da, da)),
                                                _mm256_mul_ps(db, db)));
        int over = _mm256_movemask_ps(_mm256_cmp_ps(d, limit, _CMP_GT_OS));
        if (!over) continue;
        float lab[6][8];
        _mm256_storeu_ps(lab[0], l1); _mm256_storeu_ps(lab[1], a1); _mm256_storeu_ps(lab[2], b1);
        _mm256_storeu_ps(lab[3], l2); _mm256_storeu_ps(lab[4], a2); _mm256_storeu_ps(lab[5], b2);
        for (int j = 0; j < 8; j++) {
            if (!(over >> j & 1)) continue;
            for (int c = 0; c < 6; c++) labs[6 * kept + c] = lab[c][j];
            xs[kept++] = xs[k + j];
        }
    }
    *done = k;
    return kept;
}
#endif

/// Keeps, of the `n` pixels in `xs`, those whose colours are over `bound` apart in CIE76, with
/// their L*a*b* in `labs`; returns how many.
static int over_bound(const uint8_t *a, const uint8_t *b, int32_t *xs, int n, float bound,
                      const pr_lab_tables *t, float *labs) {
    int kept = 0, k = 0;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) kept = over_bound_8(a, b, xs, n, bound, t, labs, &k);
#endif
#if defined(__SSE2__)
    for (; k + 4 <= n; k += 4) {
        int r[8], g[8], bl[8];
        for (int j = 0; j < 4; j++) {
            const uint8_t *p = a + 4 * xs[k + j], *q = b + 4 * xs[k + j];
            r[j] = p[0]; g[j] = p[1]; bl[j] = p[2];
            r[4 + j] = q[0]; g[4 + j] = q[1]; bl[4 + j] = q[2];
        }
        __m128 l1, a1, b1, l2, a2, b2;
        lab4(t, r, g, bl, &l1, &a1, &b1);
        lab4(t, r + 4, g + 4, bl + 4, &l2, &a2, &b2);
        __m128 dl = _mm_sub_ps(l1, l2), da = _mm_sub_ps(a1, a2), db = _mm_sub_ps(b1, b2);
        __m128 d = _mm_sqrt_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(dl, dl), _mm_mul_ps(da, da)), _mm_mul_ps(db, db)));
        int over = _mm_movemask_ps(_mm_cmpgt_ps(d, _mm_set1_ps(bound)));
        if (!over) continue;
        float lab[6][4];
        _mm_storeu_ps(lab[0], l1); _mm_storeu_ps(lab[1], a1); _mm_storeu_ps(lab[2], b1);
        _mm_storeu_ps(lab[3], l2); _mm_storeu_ps(lab[4], a2); _mm_storeu_ps(lab[5], b2);
        for (int j = 0; j < 4; j++) {
            if (!(over >> j & 1)) continue;
            for (int c = 0; c < 6; c++) labs[6 * kept + c] = lab[c][j];
            xs[kept++] = xs[k + j];
        }
    }
#endif
    for (; k < n; k++) {
        const uint8_t *p = a + 4 * xs[k], *q = b + 4 * xs[k];
        float *pair = labs + 6 * kept;
        pr_lab(t, p[0], p[1], p[2], pair);
        pr_lab(t, q[0], q[1], q[2], pair + 3);
        float dl = pair[0] - pair[3], da = pair[1] - pair[4], db = pair[2] - pair[5];
        if (sqrtf(dl * dl + da * da + db * db) <= bound) continue;
        xs[kept++] = xs[k];
    }
    return kept;
}

#if defined(__x86_64__)
// For each set of eight lanes (a bit each), the numbers of those lanes, in order, a byte each from
// the lowest: what pr_compare_row's scan stores for a group of eight pixels. Filled at load time.
static uint64_t lanes_of[256];

__attribute__((constructor)) static void make_lanes_of(void) {
    for (int mask = 0; mask < 256; mask++) {
        uint64_t lanes = 0;
        for (int j = 0, n = 0; j < 8; j++) if (mask >> j & 1) lanes |= (uint64_t)j << (8 * n++);
        lanes_of[mask] = lanes;
    }
}

// pr_compare_row's scan eight pixels at a time: each pixel with a channel more than `s` apart, in
// order, written to `xs` (eight words stored each time, ahead of the pixels found so far, which are
// never more than the pixels gone through), how many into `*found`. Returns the pixels it went through.
__attribute__((target("avx2,popcnt")))
static int differing_8(const uint8_t *a, const uint8_t *b, int count, uint8_t s, int32_t *xs, int *found) {
    const __m256i limit = _mm256_set1_epi32((int)(0xFF000000u | (uint32_t)s * 0x010101u));
    const __m256i zero = _mm256_setzero_si256();
    int x = 0, n = 0;
    for (; x + 8 <= count; x += 8) {
        __m256i va = _mm256_loadu_si256((const __m256i *)(a + 4 * x));
        __m256i vb = _mm256_loadu_si256((const __m256i *)(b + 4 * x));
        __m256i d = _mm256_or_si256(_mm256_subs_epu8(va, vb), _mm256_subs_epu8(vb, va));
        __m256i alike = _mm256_cmpeq_epi32(_mm256_subs_epu8(d, limit), zero);
        unsigned mask = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(alike)) & 0xFFu;
        if (!mask) continue;
        // The set lanes' numbers packed to the front, widened and offset by x.
        __m256i at = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)lanes_of[mask]));
        _mm256_storeu_si256((__m256i *)(xs + n), _mm256_add_epi32(at, _mm256_set1_epi32(x)));
        n += __builtin_popcount(mask);
    }
    *found = n;
    return x;
}
#endif

int pr_compare_row(const uint8_t *a, const uint8_t *b, int count, int safe, float bound,
                   const pr_lab_tables *t, int32_t *xs, float *labs) {
    int n = 0, x = 0;
    uint8_t s = (uint8_t)(safe < 0 ? 0 : safe > 255 ? 255 : safe);
    (void)s;   // the byte bound of the vector scans; unused where there are none
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) x = differing_8(a, b, count, s, xs, &n);
#endif
#if defined(__SSE2__)
    // Four pixels at a time: |a − b| per byte, less `s` (alpha: less 255), all zero when no
    // channel differs by more than `safe`.
    const __m128i limit = _mm_setr_epi8(s, s, s, (char)0xFF, s, s, s, (char)0xFF, s, s, s, (char)0xFF, s, s, s, (char)0xFF);
    const __m128i zero = _mm_setzero_si128();
    for (; x + 16 <= count; x += 16) {
        unsigned mask = 0;
        for (int k = 0; k < 4; k++) {
            __m128i va = _mm_loadu_si128((const __m128i *)(a + 4 * x) + k);
            __m128i vb = _mm_loadu_si128((const __m128i *)(b + 4 * x) + k);
            __m128i d = _mm_or_si128(_mm_subs_epu8(va, vb), _mm_subs_epu8(vb, va));
            // Bit per byte over `safe`; a pixel's four bits gathered below.
            mask |= ((unsigned)~_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(d, limit), zero)) & 0xFFFFu) << (16 * k % 32);
            if (k == 1 || k == 3) {
                // Each pixel with a bit set, in order (most groups of eight have none).
                while (mask) {
                    int j = __builtin_ctz(mask) / 4;
                    xs[n++] = x + 8 * (k / 2) + j;
                    mask &= ~(0xFu << (4 * j));
                }
            }
        }
    }
#endif
    for (; x < count; x++) if (differs(a, b, x, safe)) xs[n++] = x;
    return over_bound(a, b, xs, n, bound, t, labs);
}

/// Pixels [x0, x1) of luma row `row` as RGBA, into `out + x0`: pr_yuv420_rgba's arithmetic on
/// just the chroma samples the span reads (x0 even; x1 even unless it is the width).
static inline __attribute__((always_inline)) void rgba_span(uint32_t *out, const pr_yuv420_planes *p, int width,
                                                            int row, const int rows[4], int x0, int x1,
                                                            const pr_yuv420_matrix *m, float *cu, float *cv,
                                                            float *uu, float *vv, int avx2) {
    int cw = (width + 1) / 2;
    int c0 = x0 / 2 - 2, c1 = (x1 - 1) / 2 + 3;
    if (c0 < 0) c0 = 0;
    if (c1 > cw) c1 = cw;
    const uint8_t *u_rows[4], *v_rows[4];
    for (int k = 0; k < 4; k++) {
        u_rows[k] = p->u + (ptrdiff_t)rows[k] * p->u_stride + c0;
        v_rows[k] = p->v + (ptrdiff_t)rows[k] * p->v_stride + c0;
    }
    chroma_row(cu + c0, u_rows[0], u_rows[1], u_rows[2], u_rows[3], c1 - c0);
    chroma_row(cv + c0, v_rows[0], v_rows[1], v_rows[2], v_rows[3], c1 - c0);
    if (c0 == 0) cu[-2] = cu[-1] = cu[0], cv[-2] = cv[-1] = cv[0];
    if (c1 == cw) cu[cw] = cu[cw + 1] = cu[cw - 1], cv[cw] = cv[cw + 1] = cv[cw - 1];
    int iu = x0 / 2, iv = x0 / 2;
#if defined(__x86_64__)
    if (avx2) iu = chroma_across_8(uu, cu, x1, iu), iv = chroma_across_8(vv, cv, x1, iv);
#else
    (void)avx2;
#endif
    chroma_across(uu, cu, cw, x1, iu);
    chroma_across(vv, cv, cw, x1, iv);
    rgba_row(out + x0, p->y + (ptrdiff_t)row * p->y_stride + x0, uu + x0, vv + x0, x1 - x0, m->y_offset, m->y_scale,
             m->crv, m->cgu, m->cgv, m->cbu);
}

typedef void (*rgba_span_fn)(uint32_t *, const pr_yuv420_planes *, int, int, const int[4], int, int,
                             const pr_yuv420_matrix *, float *, float *, float *, float *);

static void rgba_span_plain(uint32_t *out, const pr_yuv420_planes *p, int width, int row, const int rows[4], int x0,
                            int x1, const pr_yuv420_matrix *m, float *cu, float *cv, float *uu, float *vv) {
    rgba_span(out, p, width, row, rows, x0, x1, m, cu, cv, uu, vv, 0);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void rgba_span_avx2(uint32_t *out, const pr_yuv420_planes *p, int width, int row, const int rows[4], int x0,
                           int x1, const pr_yuv420_matrix *m, float *cu, float *cv, float *uu, float *vv) {
    rgba_span(out, p, width, row, rows, x0, x1, m, cu, cv, uu, vv, 1);
}
#endif

/// The chroma samples group g (pixels [16g, 16g + 16)) reads: [*c0, *c1) of `cw`.
static inline void group_chroma(int g, int width, int cw, int *c0, int *c1) {
    int x1 = 16 * g + 16 < width ? 16 * g + 16 : width;
    *c0 = 8 * g - 2 < 0 ? 0 : 8 * g - 2;
    *c1 = (x1 - 1) / 2 + 3 > cw ? cw : (x1 - 1) / 2 + 3;
}

/// The first chroma row the band of luma rows from `y0` reads.
static inline int band_chroma_row(int y0, int ch) { return clamp_row(y0 / 2 - 2, ch); }

#if defined(__SSE2__)
/// The largest byte of `d`.
static inline int largest_byte(__m128i d) {
    d = _mm_max_epu8(d, _mm_srli_si128(d, 8));
    d = _mm_max_epu8(d, _mm_srli_si128(d, 4));
    d = _mm_max_epu8(d, _mm_srli_si128(d, 2));
    d = _mm_max_epu8(d, _mm_srli_si128(d, 1));
    return _mm_cvtsi128_si32(d) & 0xFF;
}
#endif

/// The largest of the first twelve bytes at `p`.
static inline int largest_of_12(const uint8_t *p) {
#if defined(__SSE2__)
    return largest_byte(_mm_and_si128(_mm_loadu_si128((const __m128i *)p), _mm_setr_epi32(-1, -1, -1, 0)));
#else
    int most = 0;
    for (int k = 0; k < 12; k++) most = p[k] > most ? p[k] : most;
    return most;
#endif
}

void pr_yuv420_chroma_groups(const pr_yuv420_planes *a, const pr_yuv420_planes *b, int width, int height, int y0,
                             int y1, uint8_t *out) {
    int cw = (width + 1) / 2, ch = (height + 1) / 2, groups = (width + 15) / 16;
    int j0 = band_chroma_row(y0, ch), j1 = clamp_row((y1 - 1) / 2 + 2, ch);
    // A row's changes (after the groups' rows in `out`), with zeros on either side: group g reads
    // samples [8g − 2, 8g + 10), those past either end being the end ones again, among its twelve.
    uint8_t *du = out + (ptrdiff_t)(j1 - j0 + 1) * groups * 2 + 16, *dv = du + cw + 32;
    memset(du - 16, 0, 16), memset(dv - 16, 0, 16), memset(du + cw, 0, 16), memset(dv + cw, 0, 16);
    for (int j = j0; j <= j1; j++) {
        const uint8_t *ua = a->u + (ptrdiff_t)j * a->u_stride, *ub = b->u + (ptrdiff_t)j * b->u_stride;
        const uint8_t *va = a->v + (ptrdiff_t)j * a->v_stride, *vb = b->v + (ptrdiff_t)j * b->v_stride;
        for (int c = 0; c < cw; c++) {
            du[c] = (uint8_t)(ua[c] > ub[c] ? ua[c] - ub[c] : ub[c] - ua[c]);
            dv[c] = (uint8_t)(va[c] > vb[c] ? va[c] - vb[c] : vb[c] - va[c]);
        }
        uint8_t *row = out + (ptrdiff_t)(j - j0) * groups * 2;
        for (int g = 0; g < groups; g++) {
            row[2 * g] = (uint8_t)largest_of_12(du + 8 * g - 2);
            row[2 * g + 1] = (uint8_t)largest_of_12(dv + 8 * g - 2);
        }
    }
}

int pr_yuv420_band_same(const pr_yuv420_planes *a, const pr_yuv420_planes *b, int width, int height, int y0, int y1) {
    int cw = (width + 1) / 2, ch = (height + 1) / 2;
    for (int y = y0; y < y1; y++) {
        if (memcmp(a->y + (ptrdiff_t)y * a->y_stride, b->y + (ptrdiff_t)y * b->y_stride, (size_t)width)) return 0;
    }
    for (int j = band_chroma_row(y0, ch), j1 = clamp_row((y1 - 1) / 2 + 2, ch); j <= j1; j++) {
        if (memcmp(a->u + (ptrdiff_t)j * a->u_stride, b->u + (ptrdiff_t)j * b->u_stride, (size_t)cw)) return 0;
        if (memcmp(a->v + (ptrdiff_t)j * a->v_stride, b->v + (ptrdiff_t)j * b->v_stride, (size_t)cw)) return 0;
    }
    return 1;
}

/// The largest luma difference among pixels [x0, x1) of two rows.
static inline int luma_difference(const uint8_t *ya, const uint8_t *yb, int x0, int x1) {
#if defined(__SSE2__)
    if (x1 - x0 == 16) {
        __m128i va = _mm_loadu_si128((const __m128i *)(ya + x0)), vb = _mm_loadu_si128((const __m128i *)(yb + x0));
        return largest_byte(_mm_or_si128(_mm_subs_epu8(va, vb), _mm_subs_epu8(vb, va)));
    }
#endif
    int most = 0;
    for (int x = x0; x < x1; x++) {
        int d = abs((int)ya[x] - (int)yb[x]);
        most = d > most ? d : most;
    }
    return most;
}

// The chroma filter's gain: an interpolated sample moves by at most this times the largest
// change of the samples it is made of (the sum of the weights' magnitudes, across and down).
#define CHROMA_GAIN ((W_NEAR - W_BEYOND_NEAR - W_BEYOND_OTHER + W_OTHER) * (W_NEAR - W_BEYOND_NEAR - W_BEYOND_OTHER + W_OTHER))

int pr_yuv420_compare_row(const pr_yuv420_planes *a, const pr_yuv420_planes *b, int width, int height, int row,
                          int y0, const uint8_t *chroma_groups, const pr_yuv420_matrix *m, int safe, float bound,
                          const pr_lab_tables *t, uint32_t *rgba_a, uint32_t *rgba_b, float *scratch, int32_t *xs,
                          float *labs) {
    rgba_span_fn span = rgba_span_plain;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) span = rgba_span_avx2;
#endif
    int cw = (width + 1) / 2, ch = (height + 1) / 2, groups = (width + 15) / 16;
    int rows[4];
    chroma_rows_of(row, ch, rows);
    float *cu = scratch + 2, *cv = cu + cw + 4, *uu = cv + cw + 2, *vv = uu + width + 2;
    uint8_t *differs = (uint8_t *)(vv + width + 2);
    const uint8_t *ya = a->y + (ptrdiff_t)row * a->y_stride, *yb = b->y + (ptrdiff_t)row * b->y_stride;
    // A group may differ when its luma and chroma changes can move a channel by more than `safe`:
    // luma by y_scale a level, chroma by CHROMA_GAIN times its largest change times each
    // coefficient; the floats' rounding adds well under 10⁻³.
    const float ys = fabsf(m->y_scale), crv = fabsf(m->crv) * CHROMA_GAIN, cgu = fabsf(m->cgu) * CHROMA_GAIN;
    const float cgv = fabsf(m->cgv) * CHROMA_GAIN, cbu = fabsf(m->cbu) * CHROMA_GAIN, limit = (float)safe - 1e-3f;
    const uint8_t *rows_of[4];
    int j0 = band_chroma_row(y0, ch);
    for (int k = 0; k < 4; k++) rows_of[k] = chroma_groups + (ptrdiff_t)(rows[k] - j0) * groups * 2;
    for (int g = 0; g < groups; g++) {
        int du = 0, dv = 0;
        for (int k = 0; k < 4; k++) {
            du = rows_of[k][2 * g] > du ? rows_of[k][2 * g] : du;
            dv = rows_of[k][2 * g + 1] > dv ? rows_of[k][2 * g + 1] : dv;
        }
        int x0 = 16 * g, x1 = x0 + 16 < width ? x0 + 16 : width;
        float l = ys * (float)luma_difference(ya, yb, x0, x1);
        float r = l + crv * (float)dv, gr = l + cgu * (float)du + cgv * (float)dv, bl = l + cbu * (float)du;
        differs[g] = safe < 0 || r > limit || gr > limit || bl > limit;
    }
    int n = 0;
    for (int g = 0; g < groups;) {
        if (!differs[g]) {
            g++;
            continue;
        }
        // A run of such groups, converted on both sides and compared as pr_compare_row would.
        int first = g;
        while (g < groups && differs[g]) g++;
        int start = 16 * first, end = 16 * g < width ? 16 * g : width;
        span(rgba_a, a, width, row, rows, start, end, m, cu, cv, uu, vv);
        span(rgba_b, b, width, row, rows, start, end, m, cu, cv, uu, vv);
        int found = pr_compare_row((const uint8_t *)(rgba_a + start), (const uint8_t *)(rgba_b + start), end - start,
                                 safe, bound, t, xs + n, labs + 6 * n);
        for (int k = n; k < n + found; k++) xs[k] += start;
        n += found;
    }
    return n;
}
