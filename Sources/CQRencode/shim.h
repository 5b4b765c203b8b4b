#ifndef KIOSK_CQRENCODE_SHIM_H
#define KIOSK_CQRENCODE_SHIM_H

/* libqrencode from Debian's libqrencode-dev: QR symbols for the hosted checkout's link. */
#include <qrencode.h>

#endif
