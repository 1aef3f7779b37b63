#ifndef PAGEREEL_CIMAGEQUANT_SHIM_H
#define PAGEREEL_CIMAGEQUANT_SHIM_H
#include <libimagequant.h>
#endif
