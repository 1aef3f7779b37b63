#define _GNU_SOURCE
#include "cshims.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <libavutil/error.h>
#include <png.h>
#include <jpeglib.h>

int pr_averror_eagain(void) { return AVERROR(EAGAIN); }
int pr_averror_eof(void) { return AVERROR_EOF; }

const char *pr_av_err2str(int errnum, char *buf, size_t buflen) {
    return av_make_error_string(buf, buflen, errnum);
}

uint32_t pr_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

// --- JPEG -------------------------------------------------------------------------------------

struct pr_jpeg_error {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
    char *message;
};

static void pr_jpeg_error_exit(j_common_ptr cinfo) {
    struct pr_jpeg_error *e = (struct pr_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->message);
    longjmp(e->jump, 1);
}

// Corrupt data yields warnings (e.g. premature end of data); a partly grey image is not an error
// libjpeg can recover from silently for pagereel's purposes, so warnings become errors too.
static void pr_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) {
        struct pr_jpeg_error *e = (struct pr_jpeg_error *)cinfo->err;
        (*cinfo->err->format_message)(cinfo, e->message);
        longjmp(e->jump, 1);
    }
}

int pr_jpeg_size(const uint8_t *data, size_t size, int *width, int *height, char *err) {
    struct jpeg_decompress_struct cinfo;
    struct pr_jpeg_error jerr;
    memset(&cinfo, 0, sizeof cinfo);
    err[0] = 0;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = pr_jpeg_error_exit;
    jerr.mgr.emit_message = pr_jpeg_emit_message;
    jerr.message = err;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int pr_jpeg_decode_rgba(const uint8_t *data, size_t size, uint8_t *rgba, int width, int height, char *err) {
    struct jpeg_decompress_struct cinfo;
    struct pr_jpeg_error jerr;
    memset(&cinfo, 0, sizeof cinfo);
    err[0] = 0;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = pr_jpeg_error_exit;
    jerr.mgr.emit_message = pr_jpeg_emit_message;
    jerr.message = err;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if ((int)cinfo.image_width != width || (int)cinfo.image_height != height) {
        snprintf(err, 200, "JPEG size changed between reads");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = rgba + (size_t)cinfo.output_scanline * (size_t)width * 4;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
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
