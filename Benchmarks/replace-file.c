/*
 * The disk's share of a change: replaces a file the way setlist writes every library file (a
 * temporary file beside it, written, fsynced, renamed over the old one, then the folder fsynced),
 * with nothing else around it. Given the library's songs.json, it pays what `add-song` and
 * `edit-song` pay to replace that file on this disk, including freeing the blocks of the copy the
 * previous run wrote.
 *
 *     cc -O2 replace-file.c -o replace-file
 *     replace-file SOURCE DESTINATION
 */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *what, const char *path) {
    perror(path);
    fprintf(stderr, "replace-file: cannot %s\n", what);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: replace-file SOURCE DESTINATION\n");
        return 2;
    }
    int source = open(argv[1], O_RDONLY);
    struct stat info;
    if (source < 0 || fstat(source, &info) != 0) return fail("read the source", argv[1]);
    char *bytes = malloc(info.st_size > 0 ? info.st_size : 1);
    if (bytes == NULL || read(source, bytes, info.st_size) != info.st_size) return fail("read the source", argv[1]);
    close(source);

    char path[4096], folder[4096], temporary[4200];
    snprintf(path, sizeof path, "%s", argv[2]);
    snprintf(folder, sizeof folder, "%s", dirname(path)); /* dirname may change path */
    snprintf(temporary, sizeof temporary, "%s.tmp-XXXXXX", argv[2]);
    int file = mkstemp(temporary);
    if (file < 0) return fail("create the temporary file", temporary);
    if (write(file, bytes, info.st_size) != info.st_size || fsync(file) != 0) return fail("write", temporary);
    close(file);
    if (rename(temporary, argv[2]) != 0) return fail("rename", temporary);
    int directory = open(folder, O_RDONLY | O_DIRECTORY);
    if (directory < 0 || fsync(directory) != 0) return fail("sync the folder", folder);
    close(directory);
    free(bytes);
    return 0;
}
