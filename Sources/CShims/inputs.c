// Opening a deck's input files without leaving the folders it may read from, and the FFmpeg
// callbacks that keep a demuxer to the one file it was given.
#define _GNU_SOURCE
#include "cshims.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <libavformat/avformat.h>

// Kernel filesystems whose "files" are the machine's state, not anyone's media (statfs(2)).
static int pr_is_system_filesystem(long type) {
    switch ((unsigned long)type) {
    case 0x9fa0:      // proc
    case 0x62656572:  // sysfs
    case 0x64626720:  // debugfs
    case 0x74726163:  // tracefs
    case 0x73636673:  // securityfs
    case 0x27e0eb:    // cgroup
    case 0x63677270:  // cgroup2
    case 0x62656570:  // configfs
    case 0xcafe4a11:  // bpf
    case 0xde5e81e4:  // efivarfs
        return 1;
    default:
        return 0;
    }
}

pr_opened pr_open_beneath(const char *root, const char *relative) {
    pr_opened result = { .fd = -1, .error = 0, .mode = 0, .system = 0 };
    int dir = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) {
        result.error = errno;
        return result;
    }
    const char *name = relative;
    char component[4096];
    for (;;) {
        const char *slash = strchr(name, '/');
        if (!slash) break;
        size_t length = (size_t)(slash - name);
        if (length == 0 || length >= sizeof component) {
            close(dir);
            result.error = ENOENT;
            return result;
        }
        memcpy(component, name, length);
        component[length] = 0;
        // A component that is (or became) a symbolic link fails here: the canonical path has none.
        int next = openat(dir, component, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int saved = errno;
        close(dir);
        if (next < 0) {
            result.error = saved;
            return result;
        }
        dir = next;
        name = slash + 1;
    }
    // The type first, without opening: opening a FIFO or a device can block or act.
    struct stat info;
    if (fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
        result.error = errno;
        close(dir);
        return result;
    }
    result.mode = info.st_mode & S_IFMT;
    if (!S_ISREG(info.st_mode)) {
        close(dir);
        return result;
    }
    int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    int saved = errno;
    close(dir);
    if (fd < 0) {
        result.error = saved;
        return result;
    }
    // What was opened is what is read, whatever the name points at by now.
    struct statfs filesystem;
    if (fstat(fd, &info) != 0 || fstatfs(fd, &filesystem) != 0) {
        result.error = errno;
        close(fd);
        return result;
    }
    result.mode = info.st_mode & S_IFMT;
    if (!S_ISREG(info.st_mode)) {
        close(fd);
        return result;
    }
    if (pr_is_system_filesystem(filesystem.f_type)) {
        result.system = 1;
        close(fd);
        return result;
    }
    result.fd = fd;
    result.size = (int64_t)info.st_size;
    return result;
}

int pr_memory_file(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

// No demuxer pagereel reads opens a second file: every nested open (a playlist's segment, a MOV
// data reference, a concat list's entry) is refused outright.
static int pr_refuse_open(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags,
                          AVDictionary **options) {
    (void)s;
    (void)pb;
    (void)url;
    (void)flags;
    (void)options;
    return AVERROR(EPERM);
}

void pr_avformat_refuse_nested_files(void *context) {
    ((AVFormatContext *)context)->io_open = pr_refuse_open;
}

int64_t pr_avseek_size(void) { return AVSEEK_SIZE; }
