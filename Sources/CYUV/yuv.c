#include "cyuv.h"

#include <cspans.h>
#include <stdlib.h>
#include <string.h>

// Pixels 32 at a time with AVX2 on x86-64, where the CPU has it (`pr_spans_width`).
#if defined(__x86_64__)
#define PR_YUV_AVX2 1
#include <immintrin.h>
#else
#define PR_YUV_AVX2 0
#endif

// BT.709, limited range, at 15 bits: R, G, B weights of Y, U and V (`fill_rgb2yuv_table`'s results).
enum { RY = 5983, GY = 20127, BY = 2032, RU = -3298, GU = -11094, BU = 14392, RV = 14392, GV = -13073, BV = -1320 };

// A 2:1 filter: output i reads `size` inputs from `pos[i]` with weights taps[i·size…], which sum to
// `one`. Interior outputs [first, last) all have `taps` from `first` and start at 2i + offset.
typedef struct {
    int count, size;
    int32_t *pos;
    int16_t *taps;
    int first, last, offset;
} filter;

struct pr_yuv420 {
    int width, height, vector;
    filter across, down;
    // One row's chroma at 14 bits, split into even and odd columns; the filtered rows in a ring.
    int16_t *even_u, *odd_u, *even_v, *odd_v;
    int16_t *ring_u, *ring_v;
    int32_t *sum_u, *sum_v;
};

enum { RING = 16 };

static int64_t magnitude(int64_t v) { return v < 0 ? -v : v; }

static int64_t rounded_div(int64_t a, int64_t b) { return (a >= 0 ? a + (b >> 1) : a - (b >> 1)) / b; }

// The bicubic (B = 0, C = 0.6) 2:1 filter from `in` samples to `in / 2`, chroma centred, its taps
// rounded to integers summing to `one` with the rounding error carried from tap to tap; near-zero
// outer taps dropped, the size rounded up to a multiple of `align`, and taps that would read past an
// edge folded onto the edge sample.
static int make_filter(filter *f, int in, int align, int one) {
    const int out = in / 2;
    const int64_t step = (((int64_t)in << 16) + (out >> 1)) / out;   // 2.0 in 16.16
    const int64_t full = 1LL << 53;                                  // the weights' unit for 2:1
    const int64_t C = (int64_t)(0.6 * (1 << 24));
    int size = 1 + (4 * in + out - 1) / out;
    if (size > in - 2) size = in - 2;
    if (size < 1) size = 1;
    int64_t *w = calloc((size_t)out * size, sizeof *w);
    int32_t *pos = calloc((size_t)out + 1, sizeof *pos);
    if (!w || !pos) { free(w); free(pos); return 0; }
    int64_t centre = step - 65536;   // where output 0's centre falls, in 1/2^17 of an input sample
    for (int i = 0; i < out; i++, centre += 2 * step) {
        int first = (int)((centre - (size - 2) * (1LL << 16)) / (1 << 17));
        pos[i] = first;
        for (int j = 0; j < size; j++) {
            int64_t d = (magnitude((int64_t)(first + j) * (1 << 17) - centre) << 13) * out / in;
            int64_t c = 0;
            if (d < 1LL << 31) {
                int64_t dd = (d * d) >> 30, ddd = (dd * d) >> 30;
                c = d < 1LL << 30
                    ? (12 * (1 << 24) - 6 * C) * ddd + (-18 * (1 << 24) + 6 * C) * dd + 6 * (1LL << 24) * (1 << 30)
                    : (-6 * C) * ddd + (30 * C) * dd + (-48 * C) * d + (24 * C) * (1LL << 30);
            }
            w[(size_t)i * size + j] = c / 2;
        }
    }
    // Drop near-zero taps: leading ones by moving the window right (keeping positions increasing),
    // trailing ones by shrinking the size to the largest any output still needs.
    int needed = 0;
    const double cutoff = 0.002 * full;
    for (int i = out - 1; i >= 0; i--) {
        int64_t *t = w + (size_t)i * size;
        int64_t sum = 0;
        for (int j = 0; j < size; j++) {
            sum += magnitude(t[0]);
            if (sum > cutoff || (i < out - 1 && pos[i] >= pos[i + 1])) break;
            memmove(t, t + 1, (size_t)(size - 1) * sizeof *t);
            t[size - 1] = 0;
            pos[i]++;
        }
        int keep = size;
        sum = 0;
        for (int j = size - 1; j > 0; j--) {
            sum += magnitude(t[j]);
            if (sum > cutoff) break;
            keep--;
        }
        if (keep > needed) needed = keep;
    }
    if (needed == 1 && align == 2) align = 1;
    const int kept = (needed + align - 1) & ~(align - 1);
    int64_t *k = calloc((size_t)out * kept, sizeof *k);
    int16_t *taps = calloc((size_t)out * kept, sizeof *taps);
    if (!k || !taps) { free(w); free(pos); free(k); free(taps); return 0; }
    for (int i = 0; i < out; i++)
        for (int j = 0; j < kept && j < size; j++) k[(size_t)i * kept + j] = w[(size_t)i * size + j];
    free(w);
    for (int i = 0; i < out; i++) {
        int64_t *t = k + (size_t)i * kept;
        if (pos[i] < 0) {   // taps before the first sample fold onto it
            for (int j = 1; j < kept; j++) {
                int to = j + pos[i] > 0 ? j + pos[i] : 0;
                t[to] += t[j];
                t[j] = 0;
            }
            pos[i] = 0;
        }
        if (pos[i] + kept > in) {   // taps past the last sample fold onto it, the window moved left
            int shift = pos[i] + (kept - in < 0 ? kept - in : 0);
            int64_t past = 0;
            for (int j = kept - 1; j >= 0; j--)
                if (pos[i] + j >= in) { past += t[j]; t[j] = 0; }
            for (int j = kept - 1; j >= 0; j--) t[j] = j < shift ? 0 : t[j - shift];
            pos[i] -= shift;
            t[in - 1 - pos[i]] += past;
        }
        int64_t sum = 0, error = 0;
        for (int j = 0; j < kept; j++) sum += t[j];
        sum = (sum + one / 2) / one;
        if (!sum) sum = 1;
        for (int j = 0; j < kept; j++) {
            int64_t v = t[j] + error;
            int tap = (int)rounded_div(v, sum);
            taps[(size_t)i * kept + j] = (int16_t)tap;
            error = v - (int64_t)tap * sum;
        }
    }
    free(k);
    f->count = out;
    f->size = kept;
    f->pos = pos;
    f->taps = taps;
    // The interior: outputs with the middle output's taps, at 2i + offset.
    int mid = out / 2;
    f->offset = pos[mid] - 2 * mid;
    f->first = mid;
    f->last = mid;
    while (f->first > 0 && pos[f->first - 1] == 2 * (f->first - 1) + f->offset
           && !memcmp(taps + (size_t)(f->first - 1) * kept, taps + (size_t)mid * kept, (size_t)kept * 2))
        f->first--;
    while (f->last < out && pos[f->last] == 2 * f->last + f->offset
           && !memcmp(taps + (size_t)f->last * kept, taps + (size_t)mid * kept, (size_t)kept * 2))
        f->last++;
    return 1;
}

pr_yuv420 *pr_yuv420_create(int width, int height, int vector) {
    if (width < 8 || height < 8 || (width & 1) || (height & 1)) return NULL;
    pr_yuv420 *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->width = width;
    c->height = height;
    c->vector = vector && pr_yuv420_avx2();
    int half = width / 2;
    c->even_u = calloc((size_t)half, 2); c->odd_u = calloc((size_t)half, 2);
    c->even_v = calloc((size_t)half, 2); c->odd_v = calloc((size_t)half, 2);
    c->ring_u = calloc((size_t)half * RING, 2); c->ring_v = calloc((size_t)half * RING, 2);
    c->sum_u = calloc((size_t)half, 4); c->sum_v = calloc((size_t)half, 4);
    if (!c->even_u || !c->odd_u || !c->even_v || !c->odd_v || !c->ring_u || !c->ring_v || !c->sum_u || !c->sum_v
        || !make_filter(&c->across, width, 4, 1 << 14) || !make_filter(&c->down, height, 2, 1 << 12)
        || c->down.size > RING - 2) {
        pr_yuv420_free(c);
        return NULL;
    }
    return c;
}

void pr_yuv420_free(pr_yuv420 *c) {
    if (!c) return;
    free(c->across.pos); free(c->across.taps); free(c->down.pos); free(c->down.taps);
    free(c->even_u); free(c->odd_u); free(c->even_v); free(c->odd_v);
    free(c->ring_u); free(c->ring_v); free(c->sum_u); free(c->sum_v);
    free(c);
}

static inline uint8_t clip8(int v) { return v < 0 ? 0 : (v > 255 ? 255 : (uint8_t)v); }

int pr_yuv420_avx2(void) { return PR_YUV_AVX2 && pr_spans_width() > 1; }

int pr_yuv420_vector(const pr_yuv420 *c) { return c->vector; }

// An RGBA row from pixel 2·`from` on: Y to 8 bits, U and V at 14 bits into even and odd columns.
static void convert_pixels(pr_yuv420 *c, int from, const uint8_t *p, uint8_t *y) {
    const int half = c->width / 2;
    int16_t *eu = c->even_u, *ou = c->odd_u, *ev = c->even_v, *ov = c->odd_v;
    for (int k = from; k < half; k++) {
        const uint8_t *a = p + 8 * k, *b = a + 4;
        int r0 = a[0], g0 = a[1], b0 = a[2], r1 = b[0], g1 = b[1], b1 = b[2];
        // Y at 14 bits, then (2·Y + 64) >> 7 as the 15-bit vertical pass rounds it.
        y[2 * k] = clip8((((RY * r0 + GY * g0 + BY * b0 + 0x80100) >> 9) + 32) >> 6);
        y[2 * k + 1] = clip8((((RY * r1 + GY * g1 + BY * b1 + 0x80100) >> 9) + 32) >> 6);
        eu[k] = (int16_t)((RU * r0 + GU * g0 + BU * b0 + 0x400100) >> 9);
        ou[k] = (int16_t)((RU * r1 + GU * g1 + BU * b1 + 0x400100) >> 9);
        ev[k] = (int16_t)((RV * r0 + GV * g0 + BV * b0 + 0x400100) >> 9);
        ov[k] = (int16_t)((RV * r1 + GV * g1 + BV * b1 + 0x400100) >> 9);
    }
}

#if PR_YUV_AVX2
#define AVX2 __attribute__((target("avx2"), always_inline)) static inline

// A pair of 15-bit weights for `_mm256_madd_epi16`: `low` for the lower 16 bits of each pair.
#define WEIGHTS(low, high) _mm256_set1_epi32((int)((uint32_t)(uint16_t)(high) << 16 | (uint16_t)(low)))

// Eight pixels' Y, U and V sums before rounding: R and G as one pair of 16-bit lanes, B with a zero
// as another, so two multiply-adds give each 32-bit sum exactly.
AVX2 void sums_8(__m256i p, __m256i *y, __m256i *u, __m256i *v) {
    const __m256i rg = _mm256_shuffle_epi8(p, _mm256_setr_epi8(0, -1, 1, -1, 4, -1, 5, -1, 8, -1, 9, -1, 12, -1, 13, -1,
                                                               0, -1, 1, -1, 4, -1, 5, -1, 8, -1, 9, -1, 12, -1, 13, -1));
    const __m256i b = _mm256_shuffle_epi8(p, _mm256_setr_epi8(2, -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1, 14, -1, -1, -1,
                                                              2, -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1, 14, -1, -1, -1));
    *y = _mm256_add_epi32(_mm256_madd_epi16(rg, WEIGHTS(RY, GY)), _mm256_madd_epi16(b, WEIGHTS(BY, 0)));
    *u = _mm256_add_epi32(_mm256_madd_epi16(rg, WEIGHTS(RU, GU)), _mm256_madd_epi16(b, WEIGHTS(BU, 0)));
    *v = _mm256_add_epi32(_mm256_madd_epi16(rg, WEIGHTS(RV, GV)), _mm256_madd_epi16(b, WEIGHTS(BV, 0)));
}

// Eight Y sums to (((sum + 0x80100) >> 9) + 32) >> 6, as `convert_pixels` rounds them.
AVX2 __m256i luma_8(__m256i sum) {
    __m256i t = _mm256_srai_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32(0x80100)), 9);
    return _mm256_srai_epi32(_mm256_add_epi32(t, _mm256_set1_epi32(32)), 6);
}

// Eight U or V sums to 14 bits, (sum + 0x400100) >> 9.
AVX2 __m256i chroma_8(__m256i sum) { return _mm256_srai_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32(0x400100)), 9); }

// Sixteen pixels' chroma (two vectors of eight, in order) split into the even pixels' and the odd ones'.
AVX2 void split_16(__m256i a, __m256i b, __m256i *even, __m256i *odd) {
    const __m256i order = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    a = _mm256_permutevar8x32_epi32(a, order);
    b = _mm256_permutevar8x32_epi32(b, order);
    *even = _mm256_permute2x128_si256(a, b, 0x20);
    *odd = _mm256_permute2x128_si256(a, b, 0x31);
}

// Two vectors of eight 32-bit values (each within 16 bits) stored as sixteen 16-bit ones, in order.
AVX2 void store_16(int16_t *to, __m256i a, __m256i b) {
    _mm256_storeu_si256((__m256i *)to, _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8));
}

// `convert_pixels` 32 pixels at a time: the same sums and shifts, every U and V already within
// 0…15359 and Y within 0…255 before packing, so the saturating packs change nothing.
__attribute__((target("avx2"))) static void convert_row_avx2(pr_yuv420 *c, const uint8_t *p, uint8_t *y) {
    const int width = c->width;
    int x = 0;
    for (; x + 32 <= width; x += 32) {
        __m256i ys[4], us[4], vs[4];
        for (int k = 0; k < 4; k++) {
            sums_8(_mm256_loadu_si256((const __m256i *)(p + 4 * (x + 8 * k))), ys + k, us + k, vs + k);
            ys[k] = luma_8(ys[k]);
            us[k] = chroma_8(us[k]);
            vs[k] = chroma_8(vs[k]);
        }
        __m256i luma = _mm256_packus_epi16(_mm256_packs_epi32(ys[0], ys[1]), _mm256_packs_epi32(ys[2], ys[3]));
        luma = _mm256_permutevar8x32_epi32(luma, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        _mm256_storeu_si256((__m256i *)(y + x), luma);
        __m256i even0, odd0, even1, odd1;
        split_16(us[0], us[1], &even0, &odd0);
        split_16(us[2], us[3], &even1, &odd1);
        store_16(c->even_u + x / 2, even0, even1);
        store_16(c->odd_u + x / 2, odd0, odd1);
        split_16(vs[0], vs[1], &even0, &odd0);
        split_16(vs[2], vs[3], &even1, &odd1);
        store_16(c->even_v + x / 2, even0, even1);
        store_16(c->odd_v + x / 2, odd0, odd1);
    }
    convert_pixels(c, x / 2, p, y);
}
// Σ t[j] · rows[j][k + i] for i = 0…15: rows taken in pairs, a pair's samples interleaved so that
// one multiply-add gives two taps' products summed. `low` holds i = 0–3 and 8–11, `high` 4–7 and
// 12–15, the order `_mm256_packs_epi32(low, high)` puts back in sequence.
AVX2 void eight_taps_16(const int16_t *const rows[8], const int16_t *t, int k, __m256i *low, __m256i *high) {
    __m256i l = _mm256_setzero_si256(), h = _mm256_setzero_si256();
    for (int j = 0; j < 8; j += 2) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(rows[j] + k));
        const __m256i b = _mm256_loadu_si256((const __m256i *)(rows[j + 1] + k));
        const __m256i w = WEIGHTS(t[j], t[j + 1]);
        l = _mm256_add_epi32(l, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, b), w));
        h = _mm256_add_epi32(h, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, b), w));
    }
    *low = l;
    *high = h;
}

// The eight-tap interior across, 16 outputs at a time: Σ >> 13, at most 32767 (the saturating pack;
// no sum reaches −32768). Returns how many outputs it wrote.
__attribute__((target("avx2"))) static int across_avx2(const int16_t *const from[8], const int16_t *t, int n, int16_t *out) {
    int k = 0;
    for (; k + 16 <= n; k += 16) {
        __m256i low, high;
        eight_taps_16(from, t, k, &low, &high);
        low = _mm256_srai_epi32(low, 13);
        high = _mm256_srai_epi32(high, 13);
        _mm256_storeu_si256((__m256i *)(out + k), _mm256_packs_epi32(low, high));
    }
    return k;
}

// Eight taps down, 32 outputs at a time: clip((2^18 + Σ) >> 19) with saturating packs (no sum
// overflows 32 bits, so the wrapping of the scalar loop never comes into it). Returns how many
// outputs it wrote.
__attribute__((target("avx2"))) static int down_avx2(const int16_t *const rows[8], const int16_t *t, int n, uint8_t *out) {
    const __m256i round = _mm256_set1_epi32(64 << 12);
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i words[2];
        for (int g = 0; g < 2; g++) {
            __m256i low, high;
            eight_taps_16(rows, t, i + 16 * g, &low, &high);
            low = _mm256_srai_epi32(_mm256_add_epi32(low, round), 19);
            high = _mm256_srai_epi32(_mm256_add_epi32(high, round), 19);
            words[g] = _mm256_packs_epi32(low, high);
        }
        const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(words[0], words[1]), 0xD8);
        _mm256_storeu_si256((__m256i *)(out + i), bytes);
    }
    return i;
}
#endif

// Chroma sample n of the row (even and odd columns apart).
static inline int sample_at(const int16_t *even, const int16_t *odd, int n) { return n & 1 ? odd[n >> 1] : even[n >> 1]; }

// The row filtered 2:1 across into `out`: Σ taps · samples >> 13, at most 32767.
static void filter_across(const filter *f, int vector, const int16_t *even, const int16_t *odd, int32_t *sum, int16_t *out) {
    const int size = f->size;
    for (int i = 0; i < f->count; i++) {
        if (i == f->first && f->last > f->first) {
            // Interior: the same taps at 2i + offset, so each tap reads even or odd columns in a row.
            const int16_t *t = f->taps + (size_t)f->first * size;
            const int n = f->last - f->first;
            const int16_t *from[16];
            for (int j = 0; j < size && j < 16; j++) {
                int m = 2 * f->first + f->offset + j;   // sample read by the first interior output
                from[j] = (m & 1 ? odd : even) + (m >> 1);
            }
            if (size == 8) {   // the 2:1 filter's usual size: all eight taps in one pass
                const int t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
                const int16_t *f0 = from[0], *f1 = from[1], *f2 = from[2], *f3 = from[3];
                const int16_t *f4 = from[4], *f5 = from[5], *f6 = from[6], *f7 = from[7];
                int16_t *o = out + f->first;
                int k = 0;
#if PR_YUV_AVX2
                if (vector) k = across_avx2(from, t, n, o);
#endif
                for (; k < n; k++) {
                    int v = (f0[k] * t0 + f1[k] * t1 + f2[k] * t2 + f3[k] * t3 + f4[k] * t4 + f5[k] * t5
                             + f6[k] * t6 + f7[k] * t7) >> 13;
                    o[k] = (int16_t)(v > 32767 ? 32767 : v);
                }
            } else {
                for (int k = 0; k < n; k++) sum[k] = 0;
                for (int j = 0; j < size; j++) {
                    int m = 2 * f->first + f->offset + j;
                    const int16_t *src = (m & 1 ? odd : even) + (m >> 1);
                    const int tap = t[j];
                    for (int k = 0; k < n; k++) sum[k] += src[k] * tap;
                }
                for (int k = 0; k < n; k++) {
                    int v = sum[k] >> 13;
                    out[f->first + k] = (int16_t)(v > 32767 ? 32767 : v);
                }
            }
            i = f->last - 1;
            continue;
        }
        int v = 0;
        for (int j = 0; j < size; j++) v += sample_at(even, odd, f->pos[i] + j) * f->taps[(size_t)i * size + j];
        v >>= 13;
        out[i] = (int16_t)(v > 32767 ? 32767 : v);
    }
}

// Output row `row` of a plane filtered 2:1 down from the ring of filtered rows.
static void filter_down(const filter *f, int vector, int row, const int16_t *ring, int half, int32_t *sum, uint8_t *out) {
    const int16_t *t = f->taps + (size_t)row * f->size;
    if (f->size == 8) {   // the 2:1 filter's usual size: all eight taps in one pass
        const int16_t *r[8];
        for (int k = 0; k < 8; k++) r[k] = ring + (size_t)((f->pos[row] + k) % RING) * half;
        const int t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
        int i = 0;
#if PR_YUV_AVX2
        if (vector) i = down_avx2(r, t, half, out);
#endif
        for (; i < half; i++) {
            // Each product wraps as an unsigned 32-bit value, as libswscale adds them.
            uint32_t s = (uint32_t)(64 << 12) + (uint32_t)(r[0][i] * t0) + (uint32_t)(r[1][i] * t1) + (uint32_t)(r[2][i] * t2)
                + (uint32_t)(r[3][i] * t3) + (uint32_t)(r[4][i] * t4) + (uint32_t)(r[5][i] * t5)
                + (uint32_t)(r[6][i] * t6) + (uint32_t)(r[7][i] * t7);
            out[i] = clip8((int32_t)s >> 19);
        }
        return;
    }
    for (int i = 0; i < half; i++) sum[i] = 64 << 12;
    for (int k = 0; k < f->size; k++) {
        const int16_t *from = ring + (size_t)((f->pos[row] + k) % RING) * half;
        const int tap = t[k];
        for (int i = 0; i < half; i++) sum[i] = (int32_t)((uint32_t)sum[i] + (uint32_t)(from[i] * tap));
    }
    for (int i = 0; i < half; i++) out[i] = clip8(sum[i] >> 19);
}

void pr_yuv420_convert(pr_yuv420 *c, const uint8_t *rgba, ptrdiff_t stride,
                       uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride, uint8_t *v, ptrdiff_t v_stride) {
    const int half = c->width / 2;
    int next = 0;   // the next chroma row to write
    for (int row = 0; row < c->height; row++) {
#if PR_YUV_AVX2
        if (c->vector) convert_row_avx2(c, rgba + row * stride, y + row * y_stride);
        else
#endif
        convert_pixels(c, 0, rgba + row * stride, y + row * y_stride);
        int16_t *slot_u = c->ring_u + (size_t)(row % RING) * half, *slot_v = c->ring_v + (size_t)(row % RING) * half;
        filter_across(&c->across, c->vector, c->even_u, c->odd_u, c->sum_u, slot_u);
        filter_across(&c->across, c->vector, c->even_v, c->odd_v, c->sum_v, slot_v);
        // Every chroma row whose window has now been filtered.
        while (next < c->down.count && c->down.pos[next] + c->down.size <= row + 1) {
            filter_down(&c->down, c->vector, next, c->ring_u, half, c->sum_u, u + next * u_stride);
            filter_down(&c->down, c->vector, next, c->ring_v, half, c->sum_v, v + next * v_stride);
            next++;
        }
    }
}
