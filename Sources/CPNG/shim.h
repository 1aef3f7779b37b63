#ifndef PAGEREEL_CPNG_SHIM_H
#define PAGEREEL_CPNG_SHIM_H
#include <png.h>
#endif
