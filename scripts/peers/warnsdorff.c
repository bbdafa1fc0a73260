/* Warnsdorff knight's tours with boardlab's `seed` rule, written as a plain C loop
 * to compare against `boardlab knights-tour bench`.
 *
 * The N x N board sits inside a frame two squares wide (row-major, stride N + 4), so a
 * move is one signed offset and frame squares carry the value BLOCKED. Each square
 * keeps its count of free neighbours; stepping from a square decrements the counts of
 * its free neighbours, and the next square is the first of least (decremented) count
 * in the fixed move order 7 6 5 4 8 1 2 3 (Squirrel & Cull numbering: 1 = (+1,-2),
 * 2 = (+2,-1), 3 = (+2,+1), 4 = (+1,+2), 5 = (-1,+2), 6 = (-2,+1), 7 = (-2,-1),
 * 8 = (-1,-2) as (dx, dy), dy counted downwards). A walk with no free neighbour left
 * is a dead end.
 *
 *   warnsdorff N DRAWS [all]   DRAWS walks from (1,1), or with `all` draw i starting on
 *                              square i mod N*N (row-major); prints `tours squares`
 *   warnsdorff N path X Y      one walk from (X,Y), 1-based; prints `x,y` per square
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKED 255u

static const int DX[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int DY[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int SEED_ORDER[8] = {6, 5, 4, 3, 7, 0, 1, 2}; /* 0-based literature moves */

static long n, stride, cells;
static long off[8];
static uint8_t *initial, *degree;
static uint32_t *path;

static void setup(void)
{
    stride = n + 4;
    cells = (n + 4) * stride;
    initial = malloc(cells);
    degree = malloc(cells);
    path = malloc(sizeof *path * n * n);
    if (!initial || !degree || !path) {
        fprintf(stderr, "warnsdorff: out of memory\n");
        exit(2);
    }
    for (int k = 0; k < 8; k++)
        off[k] = DY[SEED_ORDER[k]] * stride + DX[SEED_ORDER[k]];
    memset(initial, BLOCKED, cells);
    for (long y = 0; y < n; y++)
        for (long x = 0; x < n; x++) {
            int d = 0;
            for (int k = 0; k < 8; k++) {
                long tx = x + DX[k], ty = y + DY[k];
                d += tx >= 0 && ty >= 0 && tx < n && ty < n;
            }
            initial[(y + 2) * stride + x + 2] = (uint8_t)d;
        }
}

/* One walk from board index `start`; returns the number of squares visited. */
static long walk(long start)
{
    memcpy(degree, initial, cells);
    long total = n * n, len = 0, current = start;
    degree[current] = BLOCKED;
    path[len++] = (uint32_t)current;
    for (long step = 1; step < total; step++) {
        unsigned best = BLOCKED;
        long next = -1;
        for (int k = 0; k < 8; k++) {
            long t = current + off[k];
            unsigned d = degree[t];
            if (d != BLOCKED) {
                d -= 1;
                degree[t] = (uint8_t)d;
                if (d < best) {
                    best = d;
                    next = t;
                }
            }
        }
        if (next < 0)
            break;
        current = next;
        degree[current] = BLOCKED;
        path[len++] = (uint32_t)current;
    }
    return len;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: warnsdorff N DRAWS [all] | warnsdorff N path X Y\n");
        return 2;
    }
    n = atol(argv[1]);
    if (n < 1 || n > 10000) {
        fprintf(stderr, "warnsdorff: board size out of range\n");
        return 2;
    }
    setup();
    if (!strcmp(argv[2], "path")) {
        if (argc != 5)
            return 2;
        long x = atol(argv[3]) - 1, y = atol(argv[4]) - 1;
        long len = walk((y + 2) * stride + x + 2);
        for (long i = 0; i < len; i++)
            printf("%ld,%ld\n", (long)(path[i] % stride) - 1, (long)(path[i] / stride) - 1);
        return 0;
    }
    long draws = atol(argv[2]);
    int all = argc > 3 && !strcmp(argv[3], "all");
    long tours = 0, squares = 0;
    for (long i = 0; i < draws; i++) {
        long s = all ? i % (n * n) : 0;
        long len = walk((s / n + 2) * stride + s % n + 2);
        squares += len;
        tours += len == n * n;
    }
    printf("%ld %ld\n", tours, squares);
    return 0;
}
