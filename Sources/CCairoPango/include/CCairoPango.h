#ifndef CCAIROPANGO_H
#define CCAIROPANGO_H
/*
 * The part of Cairo, Pango and GObject that setlist uses, declared here and loaded at run time
 * (CairoPango.c): only the commands that draw a PDF load the libraries, so the others do not
 * pay for loading and relocating some thirty shared libraries at every start. The types and
 * values are those of the libraries' own headers (pango 1.x, cairo 1.x, whose ABIs are stable);
 * Tests/SetlistPDFTests/LibraryDeclarationTests.swift compares them with the installed headers.
 */
#include <stddef.h>

typedef int gint;
typedef unsigned int guint;
typedef unsigned short guint16;
typedef gint gboolean;
typedef void *gpointer;
typedef struct _GSList GSList;
struct _GSList {
    gpointer data;
    GSList *next;
};

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef enum _cairo_status { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_WRITE_ERROR = 11 } cairo_status_t;
typedef enum _cairo_hint_style { CAIRO_HINT_STYLE_DEFAULT = 0, CAIRO_HINT_STYLE_NONE = 1 } cairo_hint_style_t;
typedef enum _cairo_hint_metrics { CAIRO_HINT_METRICS_DEFAULT = 0, CAIRO_HINT_METRICS_OFF = 1 } cairo_hint_metrics_t;
typedef enum _cairo_format { CAIRO_FORMAT_ARGB32 = 0, CAIRO_FORMAT_RGB24 = 1, CAIRO_FORMAT_A8 = 2 } cairo_format_t;
typedef enum _cairo_pdf_metadata {
    CAIRO_PDF_METADATA_TITLE = 0,
    CAIRO_PDF_METADATA_SUBJECT = 2,
    CAIRO_PDF_METADATA_CREATOR = 4,
    CAIRO_PDF_METADATA_CREATE_DATE = 5,
    CAIRO_PDF_METADATA_MOD_DATE = 6
} cairo_pdf_metadata_t;
typedef enum _cairo_pdf_outline_flags { CAIRO_PDF_OUTLINE_FLAG_OPEN = 1, CAIRO_PDF_OUTLINE_FLAG_BOLD = 2 } cairo_pdf_outline_flags_t;
#define CAIRO_PDF_OUTLINE_ROOT 0
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);

typedef struct _PangoContext PangoContext;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoAttrClass PangoAttrClass;
typedef struct _PangoAttribute PangoAttribute;
struct _PangoAttribute {
    const PangoAttrClass *klass;
    guint start_index;
    guint end_index;
};
typedef struct _PangoRectangle PangoRectangle;
struct _PangoRectangle {
    int x;
    int y;
    int width;
    int height;
};
typedef struct _PangoLayoutLine PangoLayoutLine;
struct _PangoLayoutLine {
    PangoLayout *layout;
    gint start_index;
    gint length;
    GSList *runs;
    guint is_paragraph_start : 1;
    guint resolved_dir : 3;
};
typedef enum { PANGO_WRAP_WORD = 0, PANGO_WRAP_CHAR = 1, PANGO_WRAP_WORD_CHAR = 2 } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE = 0, PANGO_ELLIPSIZE_END = 3 } PangoEllipsizeMode;
typedef enum { PANGO_WEIGHT_NORMAL = 400, PANGO_WEIGHT_BOLD = 700 } PangoWeight;
typedef enum { PANGO_STYLE_NORMAL = 0, PANGO_STYLE_ITALIC = 2 } PangoStyle;
typedef enum { PANGO_DIRECTION_LTR = 0 } PangoDirection;
#define PANGO_SCALE 1024

#define F(type, name, parameters, arguments) type name parameters;
#define V(name, parameters, arguments) void name parameters;
#include "CCairoPangoFunctions.h"
#undef F
#undef V

/// Loads the libraries and looks up every function above, once. Returns NULL when they are ready,
/// else why they are not (a library or a function missing); then none of them may be called.
const char *setlist_cairo_pango_load(void);

#endif
