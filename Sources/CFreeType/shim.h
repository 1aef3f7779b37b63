#ifndef PAGEREEL_CFREETYPE_SHIM_H
#define PAGEREEL_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#endif
