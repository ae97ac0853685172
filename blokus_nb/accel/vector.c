/* The optional compiled accelerator, part two: blokus_nb.vector_engine.VectorBoard's moves in C,
 * with every game's legal placements kept up to date incrementally.
 *
 * The state is VectorBoard's own numpy arrays (own, blocked, corners, hand, done, placed,
 * last_piece, to_move: every write the numpy path makes, this makes too), and beside them, per
 * game and color:
 *   - alive: a bit per placement id, the placements that were legal when last looked at;
 *   - planes: the observation's three planes of the color (its cells, its attach points,
 *     its forbidden empty cells: own, corners & ~blocked, blocked & ~occupied), kept as int8;
 * and per game the live action mask of its color to move, and which color that row shows.
 *
 * Why it is enough to look at few placements a move: in Blokus a placement that is not legal
 * for a color because one of its cells is blocked, or its piece is used, never becomes legal
 * again; one that is not legal because it touches no attach point becomes legal only when
 * one of its cells becomes an attach point, which happens only where the color just placed a
 * piece (the cells diagonal to it). So each time a color places a piece, the placements
 * through its new attach points are looked at, the legal ones join alive; and
 * when the color is next to move, alive is filtered (blocked cells, used pieces) and what is
 * left is exactly its legal placements: the mask. tests/test_vector_engine.py holds this to the
 * numpy path and to Game.legal_moves.
 *
 * Built with playout.c into one library by `make accel`; loaded with ctypes; never needed.
 */
#include <stdint.h>
#include <string.h>

#define PIECE_COUNT 21
#ifndef PREFETCH_AHEAD
#define PREFETCH_AHEAD 2 /* games */
#endif

/* A placement as the filter reads it: four bytes (its cells are anchor + its orientation's offsets). */
typedef struct {
    uint16_t anchor;
    uint8_t orientation;
    int8_t piece;
} placement;

typedef struct {
    int32_t size, cells, stride, sink, n_colors, n_placements, alive_words;
    int32_t side_width, diagonal_width;
    const int32_t *covered;     /* n_placements x 5, padded with sink */
    const placement *placements; /* n_placements */
    const int32_t *orientation_offsets; /* orientations x 5: cell offsets from the anchor (0 repeated) */
    const int32_t *piece_start; /* PIECE_COUNT + 1: each piece's placement ids are a range */
    const int32_t *sides;       /* n_placements x side_width, padded with sink */
    const int32_t *diagonals;   /* n_placements x diagonal_width, padded with sink */
    /* The placements covering each cell, grouped by piece: through[through_start[x][p] ..
     * through_start[x][p + 1]], each a placement id (low 16 bits) and a window pattern (high 16):
     * its cells as bits of the 9x9 window centred on x, bit (dy + 4) * 9 + dx + 4, in
     * windows[2 * pattern] (bits 0..63) and windows[2 * pattern + 1] (bits 64..80). */
    const uint32_t *through;
    const uint64_t *windows;
    const int32_t *through_start; /* cells x (PIECE_COUNT + 1) */
    const int32_t *start_cell;  /* n_colors */
} vtables;

typedef struct {
    int64_t n;
    uint8_t *own, *blocked, *corners; /* n x colors x stride */
    uint8_t *hand;                    /* n x colors x 21 */
    uint8_t *done;                    /* n x colors */
    int16_t *placed;                  /* n x colors */
    int8_t *last_piece;               /* n x colors */
    int64_t *to_move;                 /* n */
    uint64_t *alive;                  /* n x colors x alive_words */
    int8_t *planes;                   /* n x colors x 3 x cells */
    uint8_t *masks;                   /* n x n_placements */
    int8_t *shown;                    /* n: the color whose legal placements masks[k] holds, or -1 */
} vstate;

#define AT(s, t, k, c) (((int64_t)(k) * (t)->n_colors + (c)))

static inline uint64_t *alive_of(const vtables *t, const vstate *s, int64_t k, int c) {
    return s->alive + AT(s, t, k, c) * t->alive_words;
}

/* Clear game k's mask row (a memset of the row costs less than clearing its few set bytes one by
 * one, which are scattered over it, and leaves the row in the cache for the next show). */
static void clear_row(const vtables *t, vstate *s, int64_t k) {
    if (s->shown[k] < 0) return;
    memset(s->masks + k * t->n_placements, 0, (size_t)t->n_placements);
    s->shown[k] = -1;
}

/* 1 if one of placement q's cells is blocked, else 0, without a branch (the answer is not one a
 * processor can guess: branches here cost more than the loads). Orientations of fewer than five
 * cells repeat their anchor's offset. */
static inline int blocked_at(const vtables *t, const uint8_t *blocked, int q) {
    const placement p = t->placements[q];
    const int32_t *offsets = t->orientation_offsets + 5 * p.orientation;
    const uint8_t *at = blocked + p.anchor;
    return at[offsets[0]] | at[offsets[1]] | at[offsets[2]] | at[offsets[3]] | at[offsets[4]];
}

/* Bit dx + 4 set for each of the nine columns column - 4 .. column + 4 that is off the board. */
static inline uint32_t off_columns(int column, int size) {
    uint32_t off = 0;
    for (int dx = -4; dx <= 4; dx++) {
        int z = column + dx;
        off |= (uint32_t)(z < 0 || z >= size) << (dx + 4);
    }
    return off;
}

/* The blocked cells of row y, columns column - 4 .. column + 4, as nine bits (bit dx + 4; off the
 * board blocked). Away from the edges eight of the bytes (each 0 or 1) are packed into bits at once. */
static inline uint32_t window_row(const uint8_t *blocked, int size, int y, int column, uint32_t off) {
    if (y < 0 || y >= size) return 0x1ff;
    const uint8_t *row = blocked + y * size;
    if (!off) {
        uint64_t bytes;
        memcpy(&bytes, row + column - 4, 8);
        return (uint32_t)((bytes * 0x0102040810204080ULL) >> 56) | (uint32_t)row[column + 4] << 8;
    }
    uint32_t bits = off;
    for (int dx = -4; dx <= 4; dx++) {
        int z = column + dx;
        if (z >= 0 && z < size) bits |= (uint32_t)row[z] << (dx + 4);
    }
    return bits;
}

/* Look at every placement through attach point x of color c in game k (of the pieces in hand): the
 * blocked cells of the 9x9 window around x as 81 bits (off the board blocked), then each placement
 * one test of its window pattern against them; those that fit join alive. */
static void look_through(const vtables *t, vstate *s, int64_t k, int c, int x) {
    uint64_t *alive = alive_of(t, s, k, c);
    const uint8_t *blocked = s->blocked + AT(s, t, k, c) * t->stride;
    const uint8_t *hand = s->hand + AT(s, t, k, c) * PIECE_COUNT;
    int size = t->size, row = x / size, column = x % size;
    uint32_t off = off_columns(column, size);
    unsigned __int128 bits = 0;
    for (int dy = -4; dy <= 4; dy++)
        bits |= (unsigned __int128)window_row(blocked, size, row + dy, column, off) << ((dy + 4) * 9);
    const uint64_t window[2] = {(uint64_t)bits, (uint64_t)(bits >> 64)};
    const int32_t *start = t->through_start + (int64_t)x * (PIECE_COUNT + 1);
    for (int piece = 0; piece < PIECE_COUNT; piece++) {
        if (!hand[piece]) continue;
        for (int i = start[piece]; i < start[piece + 1]; i++) {
            uint32_t entry = t->through[i];
            const uint64_t *cells = t->windows + 2 * (entry >> 16);
            uint64_t fits = !((cells[0] & window[0]) | (cells[1] & window[1]));
            int q = (int)(entry & 0xffff);
            alive[q >> 6] |= fits << (q & 63);
        }
    }
}

/* Clear the bits of ids [from, to) in a bitset. */
static void clear_range(uint64_t *bits, int from, int to) {
    for (int q = from; q < to && (q & 63); q++) bits[q >> 6] &= ~(1ULL << (q & 63));
    int w = (from + 63) >> 6;
    for (; (w + 1) << 6 <= to; w++) bits[w] = 0;
    for (int q = w << 6 > from ? w << 6 : from; q < to; q++) bits[q >> 6] &= ~(1ULL << (q & 63));
}

/* Filter color c's alive placements in game k, show the legal ones in its mask row; how many. */
static int show(const vtables *t, vstate *s, int64_t k, int c) {
    uint64_t *alive = alive_of(t, s, k, c); /* none of a used piece: vec_play clears them */
    const uint8_t *blocked = s->blocked + AT(s, t, k, c) * t->stride;
    uint8_t *mask = s->masks + k * t->n_placements;
    int count = 0;
    for (int w = 0; w < t->alive_words; w++) {
        uint64_t bits = alive[w], kept = bits;
        while (bits) {
            int bit = __builtin_ctzll(bits);
            int q = (w << 6) + bit;
            bits &= bits - 1;
            int bad = blocked_at(t, blocked, q);
            mask[q] = (uint8_t)!bad;
            count += !bad;
            kept &= ~((uint64_t)bad << bit);
        }
        alive[w] = kept;
    }
    s->shown[k] = (int8_t)c;
    return count;
}

static inline int8_t *plane(const vtables *t, const vstate *s, int64_t k, int c, int which) {
    return s->planes + (AT(s, t, k, c) * 3 + which) * t->cells;
}

/* Game k back at the start; its mask row cleared (vec_advance shows it). */
void vec_reset(const vtables *t, vstate *s, int64_t count, const int64_t *games) {
    int n_colors = t->n_colors;
    for (int64_t i = 0; i < count; i++) {
        int64_t k = games[i];
        clear_row(t, s, k);
        int64_t row = AT(s, t, k, 0);
        memset(s->own + row * t->stride, 0, (size_t)n_colors * t->stride);
        memset(s->corners + row * t->stride, 0, (size_t)n_colors * t->stride);
        memset(s->alive + row * t->alive_words, 0, (size_t)n_colors * t->alive_words * 8);
        memset(s->planes + row * 3 * t->cells, 0, (size_t)n_colors * 3 * t->cells);
        memset(s->hand + row * PIECE_COUNT, 1, (size_t)n_colors * PIECE_COUNT);
        for (int c = 0; c < n_colors; c++) {
            uint8_t *blocked = s->blocked + (row + c) * t->stride;
            memset(blocked, 0, (size_t)t->cells);
            memset(blocked + t->cells, 1, (size_t)(t->stride - t->cells));
            int x = t->start_cell[c];
            s->corners[(row + c) * t->stride + x] = 1;
            plane(t, s, k, c, 1)[x] = 1;
            s->done[row + c] = 0;
            s->placed[row + c] = 0;
            s->last_piece[row + c] = -1;
            look_through(t, s, k, c, x);
        }
        s->to_move[k] = 0;
    }
}

/* Place placement q for the color to move in game k (checked by the caller); the turn stays. */
static void play_one(const vtables *t, vstate *s, int64_t k, int q) {
    int n_colors = t->n_colors, cells = t->cells;
    int c = (int)s->to_move[k];
    clear_row(t, s, k);
    int64_t me = AT(s, t, k, c), first = AT(s, t, k, 0);
    uint8_t *own = s->own + me * t->stride, *blocked = s->blocked + me * t->stride;
    uint8_t *corners = s->corners + me * t->stride;
    const int32_t *covered = t->covered + (int64_t)q * 5;
    for (int j = 0; j < 5; j++) {
        int x = covered[j];
        own[x] = 1;
        for (int d = 0; d < n_colors; d++) s->blocked[(first + d) * t->stride + x] = 1;
        if (x < cells) {
            plane(t, s, k, c, 0)[x] = 1;
            for (int d = 0; d < n_colors; d++) {
                plane(t, s, k, d, 1)[x] = 0;
                plane(t, s, k, d, 2)[x] = 0;
            }
        }
    }
    const int32_t *sides = t->sides + (int64_t)q * t->side_width;
    int8_t *attach_plane = plane(t, s, k, c, 1), *forbidden_plane = plane(t, s, k, c, 2);
    for (int j = 0; j < t->side_width; j++) {
        int x = sides[j];
        blocked[x] = 1;
        if (x < cells) {
            int occupied = 0;
            for (int d = 0; d < n_colors; d++) occupied |= s->own[(first + d) * t->stride + x];
            attach_plane[x] = 0;
            forbidden_plane[x] = (int8_t)!occupied;
        }
    }
    if (s->placed[me] == 0) { /* its first piece: the start square stops being an attach point */
        memset(corners, 0, (size_t)t->stride);
        attach_plane[t->start_cell[c]] = 0;
    }
    int piece = t->placements[q].piece;
    s->hand[me * PIECE_COUNT + piece] = 0; /* first: no placement of it is looked at */
    clear_range(alive_of(t, s, k, c), t->piece_start[piece], t->piece_start[piece + 1]);
    s->last_piece[me] = (int8_t)piece;
    s->placed[me] += 1;
    const int32_t *diagonals = t->diagonals + (int64_t)q * t->diagonal_width;
    for (int j = 0; j < t->diagonal_width; j++) {
        int x = diagonals[j];
        int new_attach = !corners[x] && !blocked[x];
        corners[x] = 1;
        if (x < cells && !blocked[x]) attach_plane[x] = 1;
        if (new_attach && x < cells) look_through(t, s, k, c, x);
    }
}

void vec_play(const vtables *t, vstate *s, int64_t count, const int64_t *games, const int64_t *placements) {
    for (int64_t i = 0; i < count; i++) play_one(t, s, games[i], (int)placements[i]);
}

/* The first color from `from` on (in playing order) not done in game k, else -1. */
static int next_open(const vtables *t, const vstate *s, int64_t k, int from) {
    for (int j = 0; j < t->n_colors; j++) {
        int c = (from + j) % t->n_colors;
        if (!s->done[AT(s, t, k, c)]) return c;
    }
    return -1;
}

/* Move the turn in game k (if moved) to the next color with a legal placement, and show the legal
 * placements of its color to move in its mask row. */
static void advance_one(const vtables *t, vstate *s, int64_t k, int moved) {
    clear_row(t, s, k);
    int c = (int)s->to_move[k];
    if (c >= 0 && moved) c = next_open(t, s, k, (c + 1) % t->n_colors);
    while (c >= 0) {
        if (show(t, s, k, c)) break;
        s->shown[k] = -1; /* nothing was written */
        s->done[AT(s, t, k, c)] = 1;
        c = next_open(t, s, k, (c + 1) % t->n_colors);
    }
    s->to_move[k] = c;
}

/* VectorBoard.advance: games[i] advanced (moved on where moved[i]). */
void vec_advance(const vtables *t, vstate *s, int64_t count, const int64_t *games, const uint8_t *moved) {
    for (int64_t i = 0; i < count; i++) advance_one(t, s, games[i], moved[i]);
}

static inline void prefetch_bytes(const void *start, int64_t length) {
    const char *bytes = (const char *)start;
    for (int64_t b = 0; b < length; b += 64) __builtin_prefetch(bytes + b, 1, 3);
}

/* Ask for the rows game k's move will use to be brought into the cache while other games are
 * played: beyond a few megabytes this machine's memory answers in over 100 ns a line, and the
 * games' rows together are that large. */
static void prefetch_game(const vtables *t, const vstate *s, int64_t k) {
    int c = (int)s->to_move[k];
    if (c < 0) return;
    int64_t first = AT(s, t, k, 0), rows = (int64_t)t->n_colors * t->stride;
    prefetch_bytes(s->own + first * t->stride, rows);
    prefetch_bytes(s->blocked + first * t->stride, rows);
    prefetch_bytes(s->corners + first * t->stride, rows);
    prefetch_bytes(s->planes + first * 3 * t->cells, (int64_t)t->n_colors * 3 * t->cells);
    prefetch_bytes(alive_of(t, s, k, c), (int64_t)t->alive_words * 8);
    prefetch_bytes(alive_of(t, s, k, (c + 1) % t->n_colors), (int64_t)t->alive_words * 8);
}

/* vec_play then vec_advance, a game at a time: its mask row is still in the cache when it is shown. */
void vec_step(const vtables *t, vstate *s, int64_t count, const int64_t *games, const int64_t *placements) {
    for (int64_t i = 0; i < count; i++) {
        if (i + PREFETCH_AHEAD < count) prefetch_game(t, s, games[i + PREFETCH_AHEAD]);
        play_one(t, s, games[i], (int)placements[i]);
        advance_one(t, s, games[i], 1);
    }
}

/* The observation rows of games[i]: planes then hands, colors in playing order from starts[i]
 * (blokus_nb.envs.observation's layout); where starts is NULL, from the color to move, and a game
 * that is over is left out (its row untouched). */
void vec_observe(const vtables *t, const vstate *s, int64_t count, const int64_t *games, const int64_t *starts,
                 int8_t *out, int64_t row_length) {
    int n_colors = t->n_colors;
    int64_t plane_part = 3 * (int64_t)t->cells;
    for (int64_t i = 0; i < count; i++) {
        int64_t k = games[i];
        int start = (int)(starts ? starts[i] : s->to_move[k]);
        if (start < 0 || start >= n_colors) continue;
        int8_t *row = out + i * row_length;
        for (int j = 0; j < n_colors; j++) {
            int c = (start + j) % n_colors;
            memcpy(row + j * plane_part, plane(t, s, k, c, 0), (size_t)plane_part);
            memcpy(row + n_colors * plane_part + j * PIECE_COUNT, s->hand + AT(s, t, k, c) * PIECE_COUNT,
                   PIECE_COUNT);
        }
    }
}
