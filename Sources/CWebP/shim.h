#ifndef PAGEREEL_CWEBP_SHIM_H
#define PAGEREEL_CWEBP_SHIM_H
// libwebp's encoder (WebPEncode: one still, lossy or lossless) and its muxer (WebPMux: the
// animation's ANIM and ANMF chunks), from Debian's libwebp-dev.
#include <webp/encode.h>
#include <webp/mux.h>
#endif
