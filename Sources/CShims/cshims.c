#define _GNU_SOURCE
#include "cshims.h"

#include <dlfcn.h>
#include <malloc.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <libavutil/error.h>
#include <libavutil/log.h>
#include <pthread.h>
#include <stdarg.h>
#include <png.h>
#include <jpeglib.h>

int pr_averror_eagain(void) { return AVERROR(EAGAIN); }
int pr_averror_eof(void) { return AVERROR_EOF; }
int pr_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

const char *pr_av_err2str(int errnum, char *buf, size_t buflen) {
    return av_make_error_string(buf, buflen, errnum);
}

uint32_t pr_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

// --- JPEG -------------------------------------------------------------------------------------

struct pr_jpeg_error {
    struct jpeg_error_mgr mgr;
    /// The scan limit's monitor (libjpeg writes its counters, so one per decode).
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    char *message;
    /// While set, warnings are ignored (a malformed ICC marker must not fail the image).
    int lenient;
};

static void pr_jpeg_error_exit(j_common_ptr cinfo) {
    struct pr_jpeg_error *e = (struct pr_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->message);
    longjmp(e->jump, 1);
}

// Corrupt data yields warnings (e.g. premature end of data); a partly grey image is not an error
// libjpeg can recover from silently for pagereel's purposes, so warnings become errors too.
static void pr_jpeg_emit_message(j_common_ptr cinfo, int level) {
    struct pr_jpeg_error *e = (struct pr_jpeg_error *)cinfo->err;
    if (level < 0 && !e->lenient) {
        (*cinfo->err->format_message)(cinfo, e->message);
        longjmp(e->jump, 1);
    }
}

// Past this many scans a progressive JPEG is refused: real files have about ten, and each scan
// costs a pass over the whole image (libjpeg-turbo's "EOB run" CPU attack; djpeg -maxscans).
#define PR_JPEG_MAX_SCANS 256
// libjpeg's own working memory (a progressive 50 MP image's coefficients need about 300 MB).
#define PR_JPEG_MAX_MEMORY (512L << 20)

static void pr_jpeg_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > PR_JPEG_MAX_SCANS) {
        struct pr_jpeg_error *e = (struct pr_jpeg_error *)cinfo->err;
        snprintf(e->message, 200, "more than %d scans", PR_JPEG_MAX_SCANS);
        longjmp(e->jump, 1);
    }
}

// Called after jpeg_create_decompress: the limits every untrusted JPEG is read under.
static void pr_jpeg_limit(struct jpeg_decompress_struct *cinfo, struct pr_jpeg_error *jerr) {
    cinfo->mem->max_memory_to_use = PR_JPEG_MAX_MEMORY;
    memset(&jerr->progress, 0, sizeof jerr->progress);
    jerr->progress.progress_monitor = pr_jpeg_progress;
    cinfo->progress = &jerr->progress;
}

static void pr_jpeg_setup(struct jpeg_decompress_struct *cinfo, struct pr_jpeg_error *jerr, char *err) {
    memset(cinfo, 0, sizeof *cinfo);
    err[0] = 0;
    cinfo->err = jpeg_std_error(&jerr->mgr);
    jerr->mgr.error_exit = pr_jpeg_error_exit;
    jerr->mgr.emit_message = pr_jpeg_emit_message;
    jerr->message = err;
    jerr->lenient = 0;
}

int pr_jpeg_read_header(const uint8_t *data, size_t size, pr_jpeg_header *header, int want_icc, char *err) {
    struct jpeg_decompress_struct cinfo;
    struct pr_jpeg_error jerr;
    pr_jpeg_setup(&cinfo, &jerr, err);
    memset(header, 0, sizeof *header);
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    pr_jpeg_limit(&cinfo, &jerr);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    if (want_icc) jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    header->width = (int)cinfo.image_width;
    header->height = (int)cinfo.image_height;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE: header->kind = 1; break;
    case JCS_CMYK: case JCS_YCCK: header->kind = 2; break;
    default: header->kind = 0; break;
    }
    header->adobe_inverted = cinfo.saw_Adobe_marker ? 1 : 0;
    if (want_icc) {
        // A broken sequence of ICC markers is a warning in libjpeg; browsers ignore the profile.
        JOCTET *icc = NULL;
        unsigned int length = 0;
        jerr.lenient = 1;
        if (jpeg_read_icc_profile(&cinfo, &icc, &length) && icc) {
            header->icc = icc;
            header->icc_length = length;
        }
        jerr.lenient = 0;
    }
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int pr_jpeg_decode(const uint8_t *data, size_t size, uint8_t *out, int width, int height, int cmyk, char *err) {
    struct jpeg_decompress_struct cinfo;
    struct pr_jpeg_error jerr;
    pr_jpeg_setup(&cinfo, &jerr, err);
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    pr_jpeg_limit(&cinfo, &jerr);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if ((int)cinfo.image_width != width || (int)cinfo.image_height != height) {
        snprintf(err, 200, "JPEG size changed between reads");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    // libjpeg converts YCCK to CMYK but neither to RGB: CMYK goes to the caller as stored.
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != 4) {
        snprintf(err, 200, "unexpected %d components after decoding", cinfo.output_components);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = out + (size_t)cinfo.output_scanline * (size_t)width * 4;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int pr_jpeg_encode(const uint8_t *rgba, int width, int height, size_t stride, int quality,
                   uint8_t **out, unsigned long *out_size, char *err) {
    struct jpeg_compress_struct cinfo;
    struct pr_jpeg_error jerr;
    memset(&cinfo, 0, sizeof cinfo);
    err[0] = 0;
    *out = NULL;
    *out_size = 0;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = pr_jpeg_error_exit;
    jerr.mgr.emit_message = pr_jpeg_emit_message;
    jerr.message = err;
    jerr.lenient = 0;
    // Volatile: libjpeg's memory destination moves the buffer, and it is freed after a longjmp.
    unsigned char *volatile mem = NULL;
    unsigned long size = 0;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_compress(&cinfo);
        free((void *)mem);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&mem, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = mem;
    *out_size = size;
    return 0;
}

// --- PNG (full API) ----------------------------------------------------------------------------

struct pr_png_reader {
    png_structp png;
    png_infop info;
    // The bytes are set again on every call: Swift lends its array for one call at a time.
    const uint8_t *data;
    size_t size, offset;
    char *err;
    png_bytep *rows;
    // One row for every row when only checking the data (no image buffer).
    png_bytep scratch;
};

static void pr_png_error(png_structp png, png_const_charp message) {
    struct pr_png_reader *r = (struct pr_png_reader *)png_get_error_ptr(png);
    snprintf(r->err, 200, "%s", message);
    png_longjmp(png, 1);
}

// Warnings (a bad ancillary chunk dropped, an unknown profile) change nothing the caller sees.
static void pr_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void pr_png_read_data(png_structp png, png_bytep out, size_t length) {
    struct pr_png_reader *r = (struct pr_png_reader *)png_get_io_ptr(png);
    if (length > r->size - r->offset) png_error(png, "read beyond end of data");  // the simplified API's wording
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

void pr_png_close(pr_png_reader *r) {
    if (!r) return;
    if (r->png) png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    free(r->rows);
    free(r->scratch);
    free(r);
}

pr_png_reader *pr_png_open(const uint8_t *data, size_t size, pr_png_info *out, char *err) {
    memset(out, 0, sizeof *out);
    err[0] = 0;
    struct pr_png_reader *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, 200, "out of memory");
        return NULL;
    }
    r->data = data;
    r->size = size;
    r->err = err;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, pr_png_error, pr_png_warning);
    if (r->png) r->info = png_create_info_struct(r->png);
    if (!r->png || !r->info) {
        snprintf(err, 200, "cannot create libpng reader");
        pr_png_close(r);
        return NULL;
    }
    if (setjmp(png_jmpbuf(r->png))) {
        pr_png_close(r);
        return NULL;
    }
    png_set_read_fn(r->png, r, pr_png_read_data);
    // Limits for files from strangers, applied before IHDR is read: no side past 65,535 (JPEG's
    // own limit; the pixel count is checked by the caller), at most 8 MiB for any one chunk's
    // decompressed data (an iCCP profile), and 128 ancillary chunks kept. Text, palettes
    // suggestions, histograms and unknown chunks are not needed and are skipped unread, which
    // also takes the zTXt/iTXt decompression bombs out of play.
    png_set_user_limits(r->png, 65535, 65535);
    png_set_chunk_malloc_max(r->png, 8L << 20);
    png_set_chunk_cache_max(r->png, 128);
    static const png_byte skipped[] = "tEXt\0zTXt\0iTXt\0sPLT\0hIST\0";
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, skipped, 5);
#ifdef PNG_IGNORE_ADLER32
    // Every chunk's CRC is checked; zlib's Adler-32 of the same bytes again is a second check of
    // the image data that cost a twentieth of a screenshot's decoding.
    png_set_option(r->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(r->png, r->info);

    png_uint_32 width, height;
    int depth, type, interlace;
    png_get_IHDR(r->png, r->info, &width, &height, &depth, &type, &interlace, NULL, NULL);
    out->width = width;
    out->height = height;
    out->bit_depth = depth;
    out->color_type = type;
    out->interlaced = interlace != PNG_INTERLACE_NONE;
    out->has_srgb = png_get_valid(r->png, r->info, PNG_INFO_sRGB) != 0;
    out->has_gamma = png_get_gAMA(r->png, r->info, &out->gamma) != 0;
    double *c = out->chromaticities;
    out->has_chromaticities = png_get_cHRM(r->png, r->info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) != 0;
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 length;
    if (png_get_iCCP(r->png, r->info, &name, &compression, &profile, &length) && profile) {
        out->icc = profile;
        out->icc_length = length;
    }
    return r;
}

int pr_png_read_rgba(pr_png_reader *r, const uint8_t *data, size_t size, uint8_t *rgba, char *err) {
    r->data = data;
    r->size = size;
    r->err = err;
    err[0] = 0;
    free(r->rows);
    r->rows = NULL;
    free(r->scratch);
    r->scratch = NULL;
    if (setjmp(png_jmpbuf(r->png))) return -1;
    png_structp png = r->png;
    png_infop info = r->info;
    int type = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    int alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    // The transformations libpng's simplified API sets for 8-bit RGBA output when the file's
    // gamma is the output's, so a non-interlaced file gives the same bytes it gave before.
    png_set_expand(png);
    if (depth == 16) png_set_scale_16(png);
    if (!(type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!alpha) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row size after expansion");
    r->rows = malloc((size_t)height * sizeof(png_bytep));
    if (!r->rows) png_error(png, "out of memory");
    if (!rgba) {
        // Checking only: every row decodes into the same scratch row (interlaced passes too), so
        // the data is inflated and unfiltered as in a full decode without the image's memory.
        r->scratch = malloc((size_t)width * 4);
        if (!r->scratch) png_error(png, "out of memory");
    }
    for (png_uint_32 y = 0; y < height; y++) r->rows[y] = rgba ? rgba + (size_t)y * width * 4 : r->scratch;
    png_read_image(png, r->rows);
    return 0;
}

// --- OpenMP -----------------------------------------------------------------------------------

int pr_omp_single_thread(void) {
    // libimagequant links libgomp; look the symbol up instead of linking libgomp ourselves, so the
    // build needs no compiler-private library path.
    void (*set_threads)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
    if (!set_threads) return 0;
    set_threads(1);
    return 1;
}

static _Thread_local int pr_log_muted = 0;

static void pr_log_callback(void *context, int level, const char *format, va_list arguments) {
    if (pr_log_muted) return;
    av_log_default_callback(context, level, format, arguments);
}

static pthread_once_t pr_log_once = PTHREAD_ONCE_INIT;

static void pr_log_set_callback(void) { av_log_set_callback(pr_log_callback); }

void pr_av_log_install(void) { pthread_once(&pr_log_once, pr_log_set_callback); }

int pr_av_log_mute(int muted) {
    int previous = pr_log_muted;
    pr_log_muted = muted;
    return previous;
}

int pr_malloc_map_from(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

// --- Threads ----------------------------------------------------------------------------------

int pr_set_thread_niceness(int niceness) {
    // Linux schedules each thread by its own nice value; setpriority takes a thread id here.
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

int pr_malloc_keep_freed(long largest) {
#if defined(__GLIBC__)
    // Blocks up to `largest` come from the heap; the heap's top is given back past 8 × that.
    if (!mallopt(M_MMAP_THRESHOLD, (int)largest) || !mallopt(M_TRIM_THRESHOLD, (int)(8 * largest))) return -1;
#endif
    return 0;
}

#if defined(__x86_64__)
#include <cpuid.h>
#endif

int pr_cpu_has_avx512(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    // SSE and AVX state (bits 1, 2), the opmask and both halves of the ZMM registers (5, 6, 7).
    if ((xcr0_low & 0xE6) != 0xE6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    // AVX512F (16), DQ (17), CD (28), BW (30), VL (31): x264's `(ebx&0xD0030000) == 0xD0030000`.
    return (b & 0xD0030000u) == 0xD0030000u;
#else
    return 0;
#endif
}
