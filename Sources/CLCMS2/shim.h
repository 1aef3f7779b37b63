#ifndef PAGEREEL_CLCMS2_SHIM_H
#define PAGEREEL_CLCMS2_SHIM_H
// Little CMS converts images' colour profiles (iCCP, gAMA+cHRM, JPEG APP2 ICC) to sRGB.
#include <lcms2.h>

// lcms2's pixel formats are macros built from function-like macros (COLORSPACE_SH(PT_RGB)|…),
// which Swift cannot import; these return them.
static inline cmsUInt32Number clcms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number clcms_type_rgb_8(void) { return TYPE_RGB_8; }
static inline cmsUInt32Number clcms_type_gray_8(void) { return TYPE_GRAY_8; }
static inline cmsUInt32Number clcms_type_cmyk_8(void) { return TYPE_CMYK_8; }
/// CMYK stored inverted (0 = full ink), as in Adobe's CMYK JPEGs.
static inline cmsUInt32Number clcms_type_cmyk_8_rev(void) { return TYPE_CMYK_8_REV; }
#endif
