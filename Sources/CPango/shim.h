#ifndef PAGEREEL_CPANGO_SHIM_H
#define PAGEREEL_CPANGO_SHIM_H
// Pango over Cairo lays text out: HarfBuzz shaping, FriBidi bidi, UAX #14 line breaking and
// per-cluster font fallback through fontconfig; Cairo's FreeType backend draws colour emoji.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo/cairo-ft.h>
#include <fontconfig/fontconfig.h>
#endif
