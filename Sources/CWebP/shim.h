#ifndef PAGEREEL_CWEBP_SHIM_H
#define PAGEREEL_CWEBP_SHIM_H
// libwebp's encoder (WebPEncode: one still, lossy or lossless), its muxer (WebPMux: the
// animation's ANIM and ANMF chunks) and its animation decoder (WebPAnimDecoder: each frame
// composited on the canvas, for `pagereel diff`), from Debian's libwebp-dev.
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
#endif
