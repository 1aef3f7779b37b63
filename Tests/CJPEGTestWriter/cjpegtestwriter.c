#include "cjpegtestwriter.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

struct tjw_error {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
};

static void tjw_error_exit(j_common_ptr cinfo) {
    longjmp(((struct tjw_error *)cinfo->err)->jump, 1);
}

unsigned char *tjw_encode(const unsigned char *samples, int width, int height, enum tjw_color color,
                          int quality, int adobe_marker, unsigned long *size) {
    struct jpeg_compress_struct cinfo;
    struct tjw_error jerr;
    unsigned char *out = NULL;
    *size = 0;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = tjw_error_exit;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(out);
        return NULL;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &out, size);
    int components = color == TJW_YCCK ? 4 : (int)color;
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = color == TJW_GRAY ? JCS_GRAYSCALE : color == TJW_RGB ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    if (color == TJW_YCCK) jpeg_set_colorspace(&cinfo, JCS_YCCK);
    if (color == TJW_CMYK && !adobe_marker) cinfo.write_Adobe_marker = FALSE;
    for (int c = 0; c < cinfo.num_components; c++) {
        cinfo.comp_info[c].h_samp_factor = 1;
        cinfo.comp_info[c].v_samp_factor = 1;
    }
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(samples + (size_t)cinfo.next_scanline * (size_t)width * (size_t)components);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return out;
}
