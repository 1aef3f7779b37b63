// CShims: the few things pagereel needs from C that Swift cannot import or must not do itself.
//  - FFmpeg error codes are function-like macros (AVERROR(EAGAIN), AVERROR_EOF).
//  - libpng's PNG_FORMAT_RGBA is a macro of macros.
//  - libjpeg and libpng's full API report errors by longjmp, which must not cross Swift frames:
//    the setjmp and every call that can fail live here.
//  - libimagequant runs OpenMP threads by default; pagereel parallelises across frames itself.
//  - mallopt is declared in <malloc.h>, which Swift's Glibc module does not export.
#ifndef PAGEREEL_CSHIMS_H
#define PAGEREEL_CSHIMS_H

#include <stddef.h>
#include <stdint.h>

/// AVERROR(EAGAIN): the encoder wants more input or output to be drained first.
int pr_averror_eagain(void);
/// AVERROR_EOF: the encoder is fully drained.
int pr_averror_eof(void);
/// AVERROR_INVALIDDATA: damaged input (a decoder skips such a packet and goes on).
int pr_averror_invaliddata(void);
/// av_err2str without the compound literal: writes FFmpeg's message for `errnum` into `buf`.
const char *pr_av_err2str(int errnum, char *buf, size_t buflen);

/// PNG_FORMAT_RGBA for png_image.format.
uint32_t pr_png_format_rgba(void);

/// What a JPEG's header says, read by pr_jpeg_read_header.
typedef struct {
    int width, height;
    /// 0: decodes to RGB (YCbCr, RGB); 1: grayscale; 2: CMYK or YCCK, decoded as CMYK.
    int kind;
    /// An Adobe APP14 marker was seen: CMYK values are stored inverted (Photoshop's convention).
    int adobe_inverted;
    /// The ICC profile reassembled from APP2 ICC_PROFILE markers (NULL if none, or malformed);
    /// allocated with malloc, so the caller frees it.
    uint8_t *icc;
    unsigned int icc_length;
} pr_jpeg_header;

/// Reads a JPEG's header from memory without decoding the image (and its ICC profile when
/// `want_icc`). Returns 0, or -1 with a message in `err` (at least 200 bytes).
int pr_jpeg_read_header(const uint8_t *data, size_t size, pr_jpeg_header *header, int want_icc, char *err);
/// Decodes a JPEG into `out`, 4 bytes per pixel, `width*4` bytes per row: straight RGBA (alpha 255),
/// or with `cmyk` (for kind 2) the C, M, Y, K samples as stored. The caller read the size with
/// pr_jpeg_read_header and allocated width*height*4 bytes. Returns 0, or -1 with a message in `err`.
int pr_jpeg_decode(const uint8_t *data, size_t size, uint8_t *out, int width, int height, int cmyk, char *err);

/// Encodes straight RGBA pixels (`stride` bytes per row; alpha ignored) as a baseline JPEG with
/// 4:2:0 chroma at `quality` (1-100) into a buffer allocated with malloc (*out, *out_size; the
/// caller frees it). Returns 0, or -1 with a message in `err` (at least 200 bytes).
int pr_jpeg_encode(const uint8_t *rgba, int width, int height, size_t stride, int quality,
                   uint8_t **out, unsigned long *out_size, char *err);

/// A PNG being read through libpng's full API (the simplified API misreads interlaced 16-bit
/// files). libpng reports errors by longjmp, so every call that can fail runs under a setjmp here.
typedef struct pr_png_reader pr_png_reader;

/// What a PNG says before its first IDAT chunk.
typedef struct {
    uint32_t width, height;
    int bit_depth, color_type, interlaced;
    /// An sRGB chunk, or an iCCP profile libpng recognises as a standard sRGB profile.
    int has_srgb;
    /// gAMA: the file gamma (0.45455 for a 2.2 display curve).
    int has_gamma;
    double gamma;
    /// cHRM: white point, then red, green, blue, as x, y pairs.
    int has_chromaticities;
    double chromaticities[8];
    /// The iCCP profile, inflated; owned by the reader (valid until pr_png_close).
    const uint8_t *icc;
    uint32_t icc_length;
} pr_png_info;

/// Reads the signature and every chunk before the first IDAT. Returns NULL with a message in `err`
/// (at least 200 bytes) on failure. `data` is only read during this call and the next.
pr_png_reader *pr_png_open(const uint8_t *data, size_t size, pr_png_info *info, char *err);
/// Decodes the image into straight RGBA8, `width*4` bytes per row: palettes and low bit depths
/// expanded, tRNS made alpha, gray copied to R, G and B, 16-bit samples scaled to 8 bits (v·255/65535
/// rounded), interlacing undone. No gamma or colour transform. `data` and `size` are the same bytes
/// as for pr_png_open. With `rgba` NULL the data is decoded the same way into one scratch row,
/// to check it. Returns 0, or -1 with a message in `err`.
int pr_png_read_rgba(pr_png_reader *reader, const uint8_t *data, size_t size, uint8_t *rgba, char *err);
/// Frees the reader and libpng's state.
void pr_png_close(pr_png_reader *reader);

/// Makes libimagequant's OpenMP loops single-threaded (omp_set_num_threads(1)), if libgomp is loaded.
/// Returns 1 when the call was made.
int pr_omp_single_thread(void);

/// Installs (once, process-wide) an FFmpeg log callback that drops what FFmpeg says on threads
/// that have muted it, and passes everything else to av_log_default_callback. Reading a user's
/// video reports its failures itself, with FFmpeg's reason; the demuxer's and decoder's own log
/// lines ("moov atom not found") would only repeat them, unformatted, between pagereel's messages.
void pr_av_log_install(void);
/// Mutes (1) or unmutes (0) FFmpeg's log on the calling thread; returns the previous setting.
int pr_av_log_mute(int muted);

/// mallopt(M_MMAP_THRESHOLD, bytes): allocations of `bytes` and more are mapped one by one, and the
/// threshold no longer rises when one is freed. Returns mallopt's result (1 on success).
int pr_malloc_map_from(int bytes);


// --- Input files (inputs.c) ---------------------------------------------------------------------

/// What pr_open_beneath found.
typedef struct {
    /// The open file (read-only, close-on-exec), or -1.
    int fd;
    /// errno of the call that failed (0 when the file was found but refused, or opened).
    int error;
    /// The file's type (st_mode & S_IFMT) when it was found; not S_IFREG when refused for its type.
    unsigned int mode;
    /// 1 when the file lives on a kernel filesystem (/proc, /sys, …) and was refused for it.
    int system;
    /// The file's size in bytes, when opened.
    int64_t size;
} pr_opened;

/// Opens `relative` (components separated by single slashes, no "." or "..") beneath the folder
/// `root`, following no symbolic link on the way (O_NOFOLLOW at every component, so a name that
/// was swapped for a link after it was resolved fails instead of leading elsewhere), and only when
/// it is a regular file off the kernel's own filesystems. The type is checked before the file is
/// opened, so a FIFO or a device is never opened. Walked here because O_PATH needs _GNU_SOURCE,
/// which Swift's Glibc module does not define.
pr_opened pr_open_beneath(const char *root, const char *relative);

/// memfd_create(name, MFD_CLOEXEC): an anonymous file for bytes held in memory (tests, fuzzers).
int pr_memory_file(const char *name);

/// Sets an AVFormatContext's io_open to one that refuses every nested open (a playlist's segment,
/// a MOV data reference). Takes `void *` so this header needs no FFmpeg header.
void pr_avformat_refuse_nested_files(void *context);
/// AVSEEK_SIZE, the whence with which FFmpeg asks a custom I/O context for the file's size.
int64_t pr_avseek_size(void);

/// Sets the calling thread's nice value (Linux keeps one per thread); 0 on success.
int pr_set_thread_niceness(int niceness);

/// Has glibc keep freed blocks up to `largest` bytes in its heap for the next allocations, instead
/// of unmapping them (the kernel then zeroes fresh pages for each one); 0 on success.
int pr_malloc_keep_freed(long largest);

/// Whether x264 takes its AVX-512 code on this CPU, by x264's own test (`x264_cpu_detect`): CPUID
/// leaf 7 has AVX512F, DQ, CD, BW and VL, and the OS saves the opmask and ZMM registers (XCR0).
int pr_cpu_has_avx512(void);

#endif
