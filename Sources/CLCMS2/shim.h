#ifndef PAGEREEL_CLCMS2_SHIM_H
#define PAGEREEL_CLCMS2_SHIM_H
// Little CMS converts images' colour profiles (iCCP, gAMA+cHRM, JPEG APP2 ICC) to sRGB.
#include <lcms2.h>
#endif
