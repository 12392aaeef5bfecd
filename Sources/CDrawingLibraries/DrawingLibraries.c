#include "DrawingLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Pango's Cairo binding depends on Pango, Cairo, GObject and GLib, so one dlopen brings them all,
// and dlsym on its handle finds their functions too. The name is the library's soname: what
// Debian's runtime packages install (libpangocairo-1.0-0), without the -dev package.
static const char *const library = "libpangocairo-1.0.so.0";

static SetlistDrawingFunctions functions;
static const SetlistDrawingFunctions *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define SETLIST_DRAWING_LOAD(name)                                                    \
    *(void **)&functions.name = dlsym(handle, #name);                                 \
    if (functions.name == NULL) {                                                     \
        snprintf(failure, sizeof failure, "%s has no function %s", library, #name);   \
        return;                                                                       \
    }
    SETLIST_DRAWING_FUNCTIONS(SETLIST_DRAWING_LOAD)
#undef SETLIST_DRAWING_LOAD
    loaded = &functions;
}

const SetlistDrawingFunctions *setlist_drawing_functions(const char **error) {
    pthread_once(&once, load);
    *error = loaded == NULL ? failure : NULL;
    return loaded;
}
