/*
 * The floor for setlist's PDFs: sets paragraphs of text with Cairo and Pango and nothing else.
 * It reads the paragraphs setlist-benchmarks writes (one per line: size, bold, grey, x, width,
 * space before, then the text, with "\n" for a line break), flows them down A4 pages the way
 * setlist's long layout does, with a footer on every page, and writes the PDF.
 *
 *     cc -O2 set-text.c $(pkg-config --cflags --libs pangocairo) -o set-text
 *     set-text PARAGRAPHS OUT.pdf
 */
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double width = 595.2756, height = 841.8898, margin = 50, footer = 22;

static PangoLayout *layout_text(PangoContext *context, const char *text, double size, int bold, double box) {
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *font = pango_font_description_from_string("Noto Sans,DejaVu Sans,sans-serif");
    pango_font_description_set_size(font, (int)(size * PANGO_SCALE));
    pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    if (box > 0) {
        pango_layout_set_width(layout, (int)(box * PANGO_SCALE));
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    }
    pango_layout_set_text(layout, text, -1);
    return layout;
}

static void unescape(char *text) {
    char *out = text;
    for (char *in = text; *in; in++) {
        if (in[0] == '\\' && in[1] == 'n') { *out++ = '\n'; in++; }
        else if (in[0] == '\\' && in[1] == '\\') { *out++ = '\\'; in++; }
        else *out++ = *in;
    }
    *out = 0;
}

static void draw_footer(cairo_t *cr, PangoContext *context, int page) {
    char text[64];
    snprintf(text, sizeof text, "Page %d", page);
    PangoLayout *layout = layout_text(context, text, 8.5, 0, 0);
    cairo_move_to(cr, margin, height - margin - 8);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: set-text PARAGRAPHS OUT.pdf\n"); return 64; }
    FILE *input = fopen(argv[1], "r");
    if (!input) { perror(argv[1]); return 1; }
    cairo_surface_t *surface = cairo_pdf_surface_create(argv[2], width, height);
    cairo_t *cr = cairo_create(surface);
    PangoContext *context = pango_cairo_create_context(cr);
    pango_cairo_context_set_resolution(context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);

    char *line = NULL;
    size_t capacity = 0;
    double y = margin, bottom = height - margin - footer;
    int page = 1;
    while (getline(&line, &capacity, input) > 0) {
        double size, gray, x, box, space;
        int bold, offset = 0;
        if (sscanf(line, "%lf %d %lf %lf %lf %lf %n", &size, &bold, &gray, &x, &box, &space, &offset) < 6 || offset == 0) continue;
        char *text = line + offset;
        text[strcspn(text, "\n")] = 0;
        unescape(text);
        PangoLayout *layout = layout_text(context, text, size, bold, box);
        int w, h;
        pango_layout_get_size(layout, &w, &h);
        double tall = (double)h / PANGO_SCALE;
        if (y > margin && y + space + tall > bottom) {
            draw_footer(cr, context, page++);
            cairo_show_page(cr);
            y = margin;
        } else if (y > margin) {
            y += space;
        }
        cairo_set_source_rgb(cr, gray, gray, gray);
        cairo_move_to(cr, x, y);
        pango_cairo_show_layout(cr, layout);
        y += tall;
        g_object_unref(layout);
    }
    draw_footer(cr, context, page);
    free(line);
    fclose(input);
    g_object_unref(context);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    int status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "set-text: %s\n", cairo_status_to_string(status)); return 1; }
    return 0;
}
