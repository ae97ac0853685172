/* The optional compiled accelerator: Board.playout (blokus_nb/engine.py) in C, move for move.
 *
 * It plays exactly the moves the Python playout plays from the same position and the same
 * random.Random state, and leaves the generator in the same state: the draws are CPython's
 * own (MT19937, random() as genrand_res53, randrange(n) as getrandbits(n.bit_length()) until
 * below n), the legal placements are listed in the same order (orientation by orientation,
 * anchors from the lowest cell), and the heuristics (pentominoes first, answering the last
 * move) draw in the same order. tests/test_accel.py holds it to the Python playout.
 *
 * Bitboards are arrays of 64-bit words, bit i of the board in bit i % 64 of word i / 64, as
 * Python's ints hold them. Built by `make accel`; never needed: engine.py uses it only when
 * it loads (blokus_nb/accel/__init__.py).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 11 /* a 26x26 board: 676 cells */
#define MAX_COLORS 4
#define MAX_ORIENTATIONS 91
#define MAX_OFFSETS 64
#define PIECE_COUNT 21

typedef struct { uint64_t w[MAX_WORDS]; } bits;

typedef struct {
    int size, cells, words;
    int n_offsets;
    int offsets[MAX_OFFSETS];
    int n_orientations;
    int orientation_piece[MAX_ORIENTATIONS];
    int orientation_cells[MAX_ORIENTATIONS];
    int orientation_offsets[MAX_ORIENTATIONS][5];
    bits valid[MAX_ORIENTATIONS];
    bits full, not_first, not_last;
    const int32_t *placement_at; /* n_orientations x cells */
    int n_placements;
    bits *masks, *sides, *corners;
    int32_t *pieces;
} tables;

/* -- bitboards -------------------------------------------------------------------------- */
static inline void shift_right(const bits *x, int d, bits *out, int words) {
    int q = d >> 6, r = d & 63;
    for (int i = 0; i < words; i++) {
        uint64_t lo = (i + q < words) ? x->w[i + q] : 0;
        uint64_t hi = (i + q + 1 < words) ? x->w[i + q + 1] : 0;
        out->w[i] = r ? (lo >> r) | (hi << (64 - r)) : lo;
    }
}

static inline void shift_left(const bits *x, int d, bits *out, int words) {
    int q = d >> 6, r = d & 63;
    for (int i = words - 1; i >= 0; i--) {
        uint64_t lo = (i - q >= 0) ? x->w[i - q] : 0;
        uint64_t lower = (i - q - 1 >= 0) ? x->w[i - q - 1] : 0;
        out->w[i] = r ? (lo << r) | (lower >> (64 - r)) : lo;
    }
}

static inline int is_empty(const bits *x, int words) {
    for (int i = 0; i < words; i++) if (x->w[i]) return 0;
    return 1;
}

static inline int popcount(const bits *x, int words) {
    int n = 0;
    for (int i = 0; i < words; i++) n += __builtin_popcountll(x->w[i]);
    return n;
}

/* geometry.grown_mask(cells, size, 2): every cell within two king moves. */
static void grown2(const tables *t, const bits *cells, bits *out) {
    bits cur = *cells, a, b, row;
    int words = t->words;
    for (int step = 0; step < 2; step++) {
        shift_right(&cur, 1, &a, words);
        shift_left(&cur, 1, &b, words);
        for (int i = 0; i < words; i++)
            row.w[i] = cur.w[i] | (a.w[i] & t->not_last.w[i]) | (b.w[i] & t->not_first.w[i]);
        shift_right(&row, t->size, &a, words);
        shift_left(&row, t->size, &b, words);
        for (int i = 0; i < words; i++) cur.w[i] = (row.w[i] | a.w[i] | b.w[i]) & t->full.w[i];
    }
    *out = cur;
}

/* -- CPython's Mersenne Twister ---------------------------------------------------------- */
typedef struct { uint32_t mt[624]; int index; } twister;

static uint32_t genrand(twister *g) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (g->index >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
            g->mt[kk] = g->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < 623; kk++) {
            y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
            g->mt[kk] = g->mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (g->mt[623] & 0x80000000U) | (g->mt[0] & 0x7fffffffU);
        g->mt[623] = g->mt[396] ^ (y >> 1) ^ mag01[y & 0x1U];
        g->index = 0;
    }
    y = g->mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static double random_double(twister *g) { /* random.random() */
    uint32_t a = genrand(g) >> 5, b = genrand(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static int randbelow(twister *g, int n) { /* random.randrange(n), n >= 1 (at most 2**31) */
    int k = 0;
    while ((1L << k) <= n) k++; /* n.bit_length() */
    uint32_t r;
    do { r = genrand(g) >> (32 - k); } while (r >= (uint32_t)n);
    return (int)r;
}

/* -- the tables, made once per board size by accel/__init__.py --------------------------- */
void *accel_tables(int size, int n_offsets, const int32_t *offsets, int n_orientations,
                   const int32_t *orientation_piece, const int32_t *orientation_cells,
                   const int32_t *orientation_offsets, const uint64_t *valid, const int32_t *placement_at,
                   int n_placements, const uint64_t *masks, const uint64_t *sides, const uint64_t *corners,
                   const int32_t *pieces, const uint64_t *edges) {
    tables *t = calloc(1, sizeof(tables));
    if (!t || n_offsets > MAX_OFFSETS || n_orientations > MAX_ORIENTATIONS) { free(t); return NULL; }
    t->size = size;
    t->cells = size * size;
    t->words = (t->cells + 63) / 64;
    if (t->words > MAX_WORDS) { free(t); return NULL; }
    int words = t->words;
    t->n_offsets = n_offsets;
    for (int k = 0; k < n_offsets; k++) t->offsets[k] = offsets[k];
    t->n_orientations = n_orientations;
    for (int o = 0; o < n_orientations; o++) {
        t->orientation_piece[o] = orientation_piece[o];
        t->orientation_cells[o] = orientation_cells[o];
        for (int k = 0; k < 5; k++) t->orientation_offsets[o][k] = orientation_offsets[o * 5 + k];
        for (int i = 0; i < words; i++) t->valid[o].w[i] = valid[o * words + i];
    }
    for (int i = 0; i < words; i++) {
        t->full.w[i] = edges[i];
        t->not_first.w[i] = edges[words + i];
        t->not_last.w[i] = edges[2 * words + i];
    }
    size_t at_size = (size_t)n_orientations * t->cells * sizeof(int32_t);
    int32_t *at = malloc(at_size);
    t->n_placements = n_placements;
    t->masks = calloc(n_placements, sizeof(bits));
    t->sides = calloc(n_placements, sizeof(bits));
    t->corners = calloc(n_placements, sizeof(bits));
    t->pieces = malloc(n_placements * sizeof(int32_t));
    if (!at || !t->masks || !t->sides || !t->corners || !t->pieces) {
        free(at); free(t->masks); free(t->sides); free(t->corners); free(t->pieces); free(t);
        return NULL;
    }
    memcpy(at, placement_at, at_size);
    t->placement_at = at;
    for (int p = 0; p < n_placements; p++) {
        for (int i = 0; i < words; i++) {
            t->masks[p].w[i] = masks[(size_t)p * words + i];
            t->sides[p].w[i] = sides[(size_t)p * words + i];
            t->corners[p].w[i] = corners[(size_t)p * words + i];
        }
        t->pieces[p] = pieces[p];
    }
    return t;
}

/* -- the playout ------------------------------------------------------------------------- */
typedef struct {
    bits occupied, own[MAX_COLORS], blocked[MAX_COLORS], corners[MAX_COLORS];
    uint32_t hand[MAX_COLORS];
    int32_t last_piece[MAX_COLORS];
} position;

#define ALL_PIECES ((1U << PIECE_COUNT) - 1)

/* Board.random_placement: a legal placement drawn uniformly, or -1 (no draw made). */
static int random_placement(const tables *t, const position *s, int color, twister *g, uint32_t pieces,
                            const bits *near) {
    int words = t->words;
    bits allowed, attach;
    for (int i = 0; i < words; i++) {
        allowed.w[i] = t->full.w[i] & ~s->blocked[color].w[i];
        attach.w[i] = s->corners[color].w[i] & allowed.w[i] & (near ? near->w[i] : ~0ULL);
    }
    if (is_empty(&attach, words)) return -1;
    uint32_t hand = s->hand[color] & pieces;
    bits shifted_allowed[MAX_OFFSETS], shifted_attach[MAX_OFFSETS];
    for (int k = 0; k < t->n_offsets; k++) {
        shift_right(&allowed, t->offsets[k], &shifted_allowed[k], words);
        shift_right(&attach, t->offsets[k], &shifted_attach[k], words);
    }
    bits found[MAX_ORIENTATIONS];
    int found_orientation[MAX_ORIENTATIONS], found_count[MAX_ORIENTATIONS];
    int n_found = 0, total = 0;
    for (int o = 0; o < t->n_orientations; o++) {
        if (!(hand >> t->orientation_piece[o] & 1)) continue;
        const int *ks = t->orientation_offsets[o];
        int n = t->orientation_cells[o];
        bits touch;
        int any = 0;
        for (int i = 0; i < words; i++) {
            uint64_t v = 0;
            for (int j = 0; j < n; j++) v |= shifted_attach[ks[j]].w[i];
            v &= t->valid[o].w[i];
            touch.w[i] = v;
            any |= v != 0;
        }
        if (!any) continue;
        int count = 0;
        for (int i = 0; i < words; i++) {
            uint64_t v = touch.w[i];
            for (int j = 0; j < n && v; j++) v &= shifted_allowed[ks[j]].w[i];
            touch.w[i] = v;
            count += __builtin_popcountll(v);
        }
        if (!count) continue;
        found[n_found] = touch;
        found_orientation[n_found] = o;
        found_count[n_found] = count;
        n_found++;
        total += count;
    }
    if (!total) return -1;
    int r = randbelow(g, total);
    for (int f = 0; f < n_found; f++) {
        if (r >= found_count[f]) { r -= found_count[f]; continue; }
        for (int i = 0; i < words; i++) {
            uint64_t v = found[f].w[i];
            int c = __builtin_popcountll(v);
            if (r >= c) { r -= c; continue; }
            while (r--) v &= v - 1;
            int cell = i * 64 + __builtin_ctzll(v);
            return t->placement_at[(size_t)found_orientation[f] * t->cells + cell];
        }
    }
    return -1; /* unreachable */
}

/* Board.place */
static void place(const tables *t, position *s, int n_colors, int color, int pid) {
    int words = t->words;
    const bits *mask = &t->masks[pid];
    int first = 1;
    for (int i = 0; i < words; i++) {
        s->occupied.w[i] |= mask->w[i];
        s->own[color].w[i] |= mask->w[i];
        for (int c = 0; c < n_colors; c++) s->blocked[c].w[i] |= mask->w[i];
        s->blocked[color].w[i] |= t->sides[pid].w[i];
    }
    for (int i = 0; i < words; i++) if (s->own[color].w[i] != mask->w[i]) first = 0;
    for (int i = 0; i < words; i++)
        s->corners[color].w[i] = first ? t->corners[pid].w[i] : s->corners[color].w[i] | t->corners[pid].w[i];
    int piece = t->pieces[pid];
    s->hand[color] &= ~(1U << piece);
    s->last_piece[color] = piece;
}

/* Board.playout. ``state`` holds occupied, then own, blocked and corners of each color, ``words``
 * words each; ``hand`` and ``last_piece`` one entry a color; ``mt`` and ``mt_index`` the
 * generator's 624 words and index (a copy, or the random.Random object's own). Everything is updated in place; ``played`` gets color, placement pairs. Returns their
 * number, or -1 if a placement was out of room (never: a game has at most 84 placements). */
int accel_playout(const void *tables_, int n_colors, int to_play, int done, double big_first, double local,
                  uint64_t *state, uint32_t *hand, int32_t *last_piece, uint32_t *mt, int32_t *mt_index,
                  int32_t *played, int room, uint32_t pentominoes) {
    const tables *t = tables_;
    int words = t->words;
    position s;
    twister g;
    memcpy(&s.occupied, state, words * sizeof(uint64_t));
    for (int c = 0; c < n_colors; c++) {
        memcpy(&s.own[c], state + (1 + 3 * c) * words, words * sizeof(uint64_t));
        memcpy(&s.blocked[c], state + (2 + 3 * c) * words, words * sizeof(uint64_t));
        memcpy(&s.corners[c], state + (3 + 3 * c) * words, words * sizeof(uint64_t));
        s.hand[c] = hand[c];
        s.last_piece[c] = last_piece[c];
    }
    memcpy(g.mt, mt, 624 * sizeof(uint32_t));
    g.index = *mt_index;

    int n_played = 0, finished = (1 << n_colors) - 1, color = to_play, answered = 0;
    bits near;
    while (done != finished) {
        if (!(done >> color & 1)) {
            int pid = -1;
            const bits *area = NULL;
            if (answered && local != 0.0 && random_double(&g) < local) area = &near;
            if (big_first != 0.0 && (s.hand[color] & pentominoes) && random_double(&g) < big_first) {
                pid = random_placement(t, &s, color, &g, pentominoes, area);
                if (pid < 0 && area) pid = random_placement(t, &s, color, &g, pentominoes, NULL);
            }
            if (pid < 0 && area) pid = random_placement(t, &s, color, &g, ALL_PIECES, area);
            if (pid < 0) pid = random_placement(t, &s, color, &g, ALL_PIECES, NULL);
            if (pid < 0) {
                done |= 1 << color;
            } else {
                place(t, &s, n_colors, color, pid);
                if (n_played >= room) return -1;
                played[2 * n_played] = color;
                played[2 * n_played + 1] = pid;
                n_played++;
                if (local != 0.0) { grown2(t, &t->masks[pid], &near); answered = 1; }
            }
        }
        color = (color + 1) % n_colors;
    }

    memcpy(state, &s.occupied, words * sizeof(uint64_t));
    for (int c = 0; c < n_colors; c++) {
        memcpy(state + (1 + 3 * c) * words, &s.own[c], words * sizeof(uint64_t));
        memcpy(state + (2 + 3 * c) * words, &s.blocked[c], words * sizeof(uint64_t));
        memcpy(state + (3 + 3 * c) * words, &s.corners[c], words * sizeof(uint64_t));
        hand[c] = s.hand[c];
        last_piece[c] = s.last_piece[c];
    }
    memcpy(mt, g.mt, 624 * sizeof(uint32_t));
    *mt_index = g.index;
    return n_played;
}

/* The legal placements of one color, in placement-id order (orientations ascending, then anchors):
 * each one set to 1 in ``mask`` (if not NULL; the caller zeroes it) and written to ``list`` (if not
 * NULL) while fewer than ``capacity`` are there. ``allowed`` and ``attach`` are the color's allowed
 * cells and attach points (Board.legal_bitsets), ``hand`` its pieces. Returns the number of legal
 * placements (more than ``capacity`` when the list had no room for them all). */
static int legal_scan(const tables *t, const uint64_t *allowed_words, const uint64_t *attach_words,
                      uint32_t hand, int8_t *mask, int32_t *list, int capacity) {
    int words = t->words;
    bits allowed, attach;
    memset(&allowed, 0, sizeof(bits));
    memset(&attach, 0, sizeof(bits));
    for (int i = 0; i < words; i++) { allowed.w[i] = allowed_words[i]; attach.w[i] = attach_words[i]; }
    if (is_empty(&attach, words)) return 0;
    bits shifted_allowed[MAX_OFFSETS], shifted_attach[MAX_OFFSETS];
    for (int k = 0; k < t->n_offsets; k++) {
        shift_right(&allowed, t->offsets[k], &shifted_allowed[k], words);
        shift_right(&attach, t->offsets[k], &shifted_attach[k], words);
    }
    int total = 0;
    for (int o = 0; o < t->n_orientations; o++) {
        if (!(hand >> t->orientation_piece[o] & 1)) continue;
        const int *ks = t->orientation_offsets[o];
        int n = t->orientation_cells[o];
        const int32_t *at = t->placement_at + (size_t)o * t->cells;
        for (int i = 0; i < words; i++) {
            uint64_t v = 0;
            for (int j = 0; j < n; j++) v |= shifted_attach[ks[j]].w[i];
            v &= t->valid[o].w[i];
            for (int j = 0; j < n && v; j++) v &= shifted_allowed[ks[j]].w[i];
            while (v) {
                int32_t pid = at[i * 64 + __builtin_ctzll(v)];
                if (mask) mask[pid] = 1;
                if (list && total < capacity) list[total] = pid;
                v &= v - 1;
                total++;
            }
        }
    }
    return total;
}

/* The legal placements of one color as a mask: ``mask[pid]`` set to 1 for each (see legal_scan). */
int accel_legal_mask(const void *tables_, const uint64_t *allowed_words, const uint64_t *attach_words,
                     uint32_t hand, int8_t *mask) {
    return legal_scan(tables_, allowed_words, attach_words, hand, mask, NULL, 0);
}

/* The legal placements of one color as a list of ids, ascending (see legal_scan). */
int accel_legal_list(const void *tables_, const uint64_t *allowed_words, const uint64_t *attach_words,
                     uint32_t hand, int32_t *list, int capacity) {
    return legal_scan(tables_, allowed_words, attach_words, hand, NULL, list, capacity);
}
