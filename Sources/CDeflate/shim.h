#ifndef PAGEREEL_CDEFLATE_SHIM_H
#define PAGEREEL_CDEFLATE_SHIM_H
// libdeflate: zlib streams for APNG's image data (smaller than zlib's at its highest levels) and
// the fast level that spills a budget's frames.
#include <libdeflate.h>
#endif
