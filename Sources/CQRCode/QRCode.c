#include "QRCode.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>

// The soname Debian's runtime package (libqrencode4) installs, without the -dev package.
static const char *const library = "libqrencode.so.4";

static QRcode *(*encode8bit)(const char *, int, QRecLevel);
static void (*release)(QRcode *);
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
    *(void **)&encode8bit = dlsym(handle, "QRcode_encodeString8bit");
    *(void **)&release = dlsym(handle, "QRcode_free");
    if (encode8bit == NULL || release == NULL) {
        snprintf(failure, sizeof failure, "%s lacks QRcode_encodeString8bit or QRcode_free", library);
        encode8bit = NULL;
    }
}

QRcode *setlist_qr_encode(const char *text, const char **error) {
    pthread_once(&once, load);
    if (encode8bit == NULL) {
        *error = failure;
        return NULL;
    }
    QRcode *code = encode8bit(text, 0, QR_ECLEVEL_M);
    if (code == NULL) {
        snprintf(failure, sizeof failure, "libqrencode could not encode %zu bytes: %s", strlen(text), strerror(errno));
        *error = failure;
    }
    return code;
}

void setlist_qr_free(QRcode *code) {
    if (code != NULL && release != NULL) release(code);
}
