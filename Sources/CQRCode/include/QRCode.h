#ifndef SETLIST_QR_CODE_H
#define SETLIST_QR_CODE_H
// libqrencode, loaded when `setlist live --serve` draws its address (dlopen) rather than when
// setlist starts, as the drawing libraries are: no other command needs it. Its header comes from
// the CQREncode system library.
#include <qrencode.h>

/// The QR code of `text` (8-bit mode, error correction level M), or NULL with `*error` saying why
/// (the library is missing, or the text is too long). Free it with setlist_qr_free.
QRcode *setlist_qr_encode(const char *text, const char **error);

/// Frees a code setlist_qr_encode returned.
void setlist_qr_free(QRcode *code);

#endif
