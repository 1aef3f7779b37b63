// CJPEGTestWriter: writes the JPEG files the image decoder's tests read (gray, RGB, CMYK and YCCK,
// with or without Adobe's APP14 marker), so tests make their inputs instead of shipping them.
// libjpeg's compressor reports errors by longjmp, hence C.
#ifndef PAGEREEL_CJPEGTESTWRITER_H
#define PAGEREEL_CJPEGTESTWRITER_H

#include <stddef.h>

/// How the samples are stored in the file.
enum tjw_color { TJW_GRAY = 1, TJW_RGB = 3, TJW_CMYK = 4, TJW_YCCK = 5 };

/// Encodes `samples` (width·height·components bytes, top row first: 1 for gray, 3 for RGB, 4 for
/// CMYK and YCCK, which libjpeg converts from the CMYK samples given) as a baseline JPEG at
/// `quality` with no chroma subsampling. `adobe_marker` 0 leaves out the APP14 marker libjpeg writes
/// for CMYK by default (YCCK always has it). Returns a malloc'd buffer and its size, or NULL.
unsigned char *tjw_encode(const unsigned char *samples, int width, int height, enum tjw_color color,
                          int quality, int adobe_marker, unsigned long *size);

#endif
