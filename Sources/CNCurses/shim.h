#ifndef KIOSK_CNCURSES_SHIM_H
#define KIOSK_CNCURSES_SHIM_H

/* The wide-character API (cchar_t, wget_wch, mvwaddwstr) is only declared with these defines,
   and a system-library target cannot pass cSettings, so they live here. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

/* Glibc hides wcwidth behind __USE_XOPEN, so Swift cannot see it without this declaration. */
extern int wcwidth(wchar_t c);

/* Swift 6 rejects reads of these C globals and cannot import the macros, so they are wrapped. */
static inline WINDOW *kiosk_stdscr(void) { return stdscr; }
static inline int kiosk_lines(void) { return LINES; }
static inline int kiosk_cols(void) { return COLS; }
static inline int kiosk_color_pair(int pair) { return (int)COLOR_PAIR(pair); }
static inline int kiosk_colors(void) { return COLORS; }
static inline int kiosk_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t kiosk_a_normal(void) { return A_NORMAL; }
static inline attr_t kiosk_a_bold(void) { return A_BOLD; }
static inline attr_t kiosk_a_underline(void) { return A_UNDERLINE; }
static inline attr_t kiosk_a_reverse(void) { return A_REVERSE; }
static inline attr_t kiosk_a_dim(void) { return A_DIM; }
static inline mmask_t kiosk_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t kiosk_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t kiosk_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t kiosk_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t kiosk_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int kiosk_key_f(int n) { return KEY_F(n); }

#endif
