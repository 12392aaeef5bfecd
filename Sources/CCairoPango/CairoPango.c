// Loads Cairo and Pango when the first PDF is drawn: each function declared in CCairoPango.h is a
// small forwarder, private to setlist, to the library's function found with dlsym.
#include "CCairoPango.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__APPLE__)
static const char *const libraries[] = {"libpangocairo-1.0.0.dylib", "/opt/homebrew/lib/libpangocairo-1.0.0.dylib",
                                        "/usr/local/lib/libpangocairo-1.0.0.dylib", NULL};
#else
static const char *const libraries[] = {"libpangocairo-1.0.so.0", NULL};
#endif

#define F(type, name, parameters, arguments) static type(*name##_found) parameters;
#define V(name, parameters, arguments) static void(*name##_found) parameters;
#include "CCairoPangoFunctions.h"
#undef F
#undef V

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *library = NULL;
    for (const char *const *name = libraries; *name && !library; name++) library = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s", why ? why : libraries[0]);
        return;
    }
    // pangocairo needs pango, cairo and gobject: dlsym finds their functions through it.
#define F(type, name, parameters, arguments)                                      \
    if (!(*(void **)&name##_found = dlsym(library, #name))) {                    \
        snprintf(failure, sizeof failure, "%s has no function %s", libraries[0], #name); \
        return;                                                                   \
    }
#define V(name, parameters, arguments) F(void, name, parameters, arguments)
#include "CCairoPangoFunctions.h"
#undef F
#undef V
}

const char *setlist_cairo_pango_load(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}

// Callers load first (PDFRenderer reports a failure as an error); a call without that, or after
// a failure, is a mistake in setlist and stops it with the reason.
static void ready(void) {
    const char *why = setlist_cairo_pango_load();
    if (why) {
        fprintf(stderr, "setlist: Cairo and Pango are not available: %s\n", why);
        abort();
    }
}

#define F(type, name, parameters, arguments)                                     \
    __attribute__((visibility("hidden"))) type name parameters {                 \
        if (!name##_found) ready();                                              \
        return name##_found arguments;                                           \
    }
#define V(name, parameters, arguments)                                           \
    __attribute__((visibility("hidden"))) void name parameters {                 \
        if (!name##_found) ready();                                              \
        name##_found arguments;                                                  \
    }
#include "CCairoPangoFunctions.h"
#undef F
#undef V
