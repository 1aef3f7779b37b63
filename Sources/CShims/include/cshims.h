// CShims: the few things pagereel needs from C that Swift cannot import or must not do itself.
//  - FFmpeg error codes are function-like macros (AVERROR(EAGAIN), AVERROR_EOF).
//  - libpng's PNG_FORMAT_RGBA is a macro of macros.
//  - libjpeg reports errors by calling error_exit, which must not return: recovery needs
//    setjmp/longjmp, which cannot cross Swift frames, so decoding lives here.
//  - libimagequant runs OpenMP threads by default; pagereel parallelises across frames itself.
#ifndef PAGEREEL_CSHIMS_H
#define PAGEREEL_CSHIMS_H

#include <stddef.h>
#include <stdint.h>

/// AVERROR(EAGAIN): the encoder wants more input or output to be drained first.
int pr_averror_eagain(void);
/// AVERROR_EOF: the encoder is fully drained.
int pr_averror_eof(void);
/// av_err2str without the compound literal: writes FFmpeg's message for `errnum` into `buf`.
const char *pr_av_err2str(int errnum, char *buf, size_t buflen);

/// PNG_FORMAT_RGBA for png_image.format.
uint32_t pr_png_format_rgba(void);

/// Reads the size of a JPEG from memory without decoding it. Returns 0 on success, else writes a
/// message into `err` (at least 200 bytes) and returns -1.
int pr_jpeg_size(const uint8_t *data, size_t size, int *width, int *height, char *err);
/// Decodes a JPEG into straight RGBA8 (alpha 255), `width*4` bytes per row. The caller checked the
/// size with pr_jpeg_size and allocated width*height*4 bytes. Returns 0, or -1 with a message in `err`.
int pr_jpeg_decode_rgba(const uint8_t *data, size_t size, uint8_t *rgba, int width, int height, char *err);

/// Makes libimagequant's OpenMP loops single-threaded (omp_set_num_threads(1)), if libgomp is loaded.
/// Returns 1 when the call was made.
int pr_omp_single_thread(void);

#endif
