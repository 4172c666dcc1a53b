#define _GNU_SOURCE
#include "HeapProbe.h"
#include "CProcessHeap.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct { uintptr_t start, end; int advised, heap; } Region;

static size_t read_regions(Region *regions, size_t capacity) {
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return 0;
    char line[512];
    size_t n = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long start, end;
        if (sscanf(line, "%lx-%lx ", &start, &end) == 2 && strchr(line, '-') < strchr(line, ' ')) {
            if (n == capacity) break;
            regions[n++] = (Region){ start, end, 0, strstr(line, "[heap]") != NULL };
        } else if (n > 0 && strncmp(line, "VmFlags:", 8) == 0) {
            regions[n - 1].advised = strstr(line, " hg") != NULL;
        }
    }
    fclose(f);
    return n;
}

static const Region *region_of(const void *p, const Region *regions, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if ((uintptr_t)p >= regions[i].start && (uintptr_t)p < regions[i].end) return &regions[i];
    }
    return NULL;
}

static heapprobe_Result child(size_t reserve, int advise, size_t count) {
    heapprobe_Result r = { 0 };
    if (advise) r.advised = srheap_grow_in_huge_pages(reserve);
    void **blocks = malloc(count * sizeof *blocks);
    if (!blocks) { r.failed = 1; return r; }
    for (size_t i = 0; i < count; i++) {
        blocks[i] = malloc(1024);
        if (!blocks[i]) { r.failed = 1; return r; }
        memset(blocks[i], 1, 1024);
    }
    void *large = malloc(1 << 20);
    if (!large) { r.failed = 1; return r; }
    memset(large, 1, 1 << 20);
    static Region regions[4096];
    size_t n = read_regions(regions, 4096);
    if (n == 0) { r.failed = 1; return r; }
    r.blocks = count;
    for (size_t i = 0; i < count; i++) {
        const Region *in = region_of(blocks[i], regions, n);
        if (in && in->advised) r.blocksAdvised++;
    }
    const Region *in = region_of(large, regions, n);
    r.largeBlockInHeap = in && in->heap;
    r.largeBlockAdvised = in && in->advised;
    return r;
}

// The child is the test binary itself, started again (a forked test process's heap is full of
// freed blocks that serve the first allocations without growing it): this constructor runs
// before anything else in that process, reports on the pipe named by HEAPPROBE_FD and exits.
__attribute__((constructor)) static void heapprobe_child_main(void) {
    const char *fd = getenv("HEAPPROBE_FD"), *args = getenv("HEAPPROBE_ARGS");
    if (!fd || !args) return;
    size_t reserve = 0, blocks = 0;
    int advise = 0;
    if (sscanf(args, "%zu %d %zu", &reserve, &advise, &blocks) != 3) _exit(2);
    heapprobe_Result r = child(reserve, advise, blocks);
    ssize_t written = write(atoi(fd), &r, sizeof r);
    _exit(written == (ssize_t)sizeof r ? 0 : 1);
}

heapprobe_Result heapprobe_run(size_t reserve, int advise, size_t blocks) {
    heapprobe_Result failed = { .failed = 1 };
    int fds[2];
    if (pipe(fds) != 0) return failed;
    char fd[32], args[96];
    snprintf(fd, sizeof fd, "HEAPPROBE_FD=%d", fds[1]);
    snprintf(args, sizeof args, "HEAPPROBE_ARGS=%zu %d %zu", reserve, advise, blocks);
    char *argv[] = { "heapprobe", NULL }, *envp[] = { fd, args, NULL };
    pid_t pid = fork();
    if (pid < 0) { close(fds[0]); close(fds[1]); return failed; }
    if (pid == 0) {
        close(fds[0]);
        execve("/proc/self/exe", argv, envp);
        _exit(127);
    }
    close(fds[1]);
    heapprobe_Result r;
    ssize_t got = read(fds[0], &r, sizeof r);
    close(fds[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || got != (ssize_t)sizeof r) return failed;
    return r;
}
