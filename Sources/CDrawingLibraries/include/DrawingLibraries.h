#ifndef SETLIST_DRAWING_LIBRARIES_H
#define SETLIST_DRAWING_LIBRARIES_H
// Cairo, Pango and GLib, loaded when a command draws (dlopen) rather than when setlist starts:
// loading them and the libraries they bring took every command about 4 ms
// (docs/performance.md). Their headers come from the CCairoPango system library; the functions
// setlist calls are reached through the table below, so nothing in setlist links them.
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

// Every function setlist calls, by name (the table's fields have the functions' own names and types).
#define SETLIST_DRAWING_FUNCTIONS(X) \
    X(cairo_create) \
    X(cairo_destroy) \
    X(cairo_fill) \
    X(cairo_font_options_create) \
    X(cairo_font_options_destroy) \
    X(cairo_font_options_set_hint_metrics) \
    X(cairo_font_options_set_hint_style) \
    X(cairo_line_to) \
    X(cairo_move_to) \
    X(cairo_pdf_surface_add_outline) \
    X(cairo_pdf_surface_create_for_stream) \
    X(cairo_pdf_surface_set_metadata) \
    X(cairo_rectangle) \
    X(cairo_restore) \
    X(cairo_save) \
    X(cairo_set_line_width) \
    X(cairo_set_source_rgb) \
    X(cairo_show_page) \
    X(cairo_status) \
    X(cairo_status_to_string) \
    X(cairo_stroke) \
    X(cairo_surface_destroy) \
    X(cairo_surface_finish) \
    X(cairo_surface_status) \
    X(g_object_unref) \
    X(pango_attr_foreground_new) \
    X(pango_attr_list_insert) \
    X(pango_attr_list_new) \
    X(pango_attr_list_unref) \
    X(pango_attr_size_new) \
    X(pango_attr_style_new) \
    X(pango_attr_weight_new) \
    X(pango_cairo_context_set_font_options) \
    X(pango_cairo_context_set_resolution) \
    X(pango_cairo_font_map_new) \
    X(pango_cairo_show_layout_line) \
    X(pango_context_set_base_dir) \
    X(pango_context_set_round_glyph_positions) \
    X(pango_font_description_free) \
    X(pango_font_description_new) \
    X(pango_font_description_set_family) \
    X(pango_font_description_set_size) \
    X(pango_font_map_create_context) \
    X(pango_layout_get_extents) \
    X(pango_layout_get_iter) \
    X(pango_layout_get_lines_readonly) \
    X(pango_layout_get_unknown_glyphs_count) \
    X(pango_layout_iter_free) \
    X(pango_layout_iter_get_baseline) \
    X(pango_layout_iter_get_line_extents) \
    X(pango_layout_iter_next_line) \
    X(pango_layout_new) \
    X(pango_layout_set_attributes) \
    X(pango_layout_set_auto_dir) \
    X(pango_layout_set_ellipsize) \
    X(pango_layout_set_font_description) \
    X(pango_layout_set_text) \
    X(pango_layout_set_width) \
    X(pango_layout_set_wrap)

/// The functions of Cairo, Pango and GLib that setlist calls.
typedef struct SetlistDrawingFunctions {
#define SETLIST_DRAWING_FIELD(name) __typeof__(name) *_Nonnull name;
    SETLIST_DRAWING_FUNCTIONS(SETLIST_DRAWING_FIELD)
#undef SETLIST_DRAWING_FIELD
} SetlistDrawingFunctions;

/// Loads the libraries once (later calls give the same answer) and returns their functions; NULL
/// when a library or a function cannot be loaded, with `*error` saying which (the loader's text).
const SetlistDrawingFunctions *_Nullable setlist_drawing_functions(const char *_Nullable *_Nonnull error);

#endif
