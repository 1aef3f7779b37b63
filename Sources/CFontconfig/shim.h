#ifndef PAGEREEL_CFONTCONFIG_SHIM_H
#define PAGEREEL_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
