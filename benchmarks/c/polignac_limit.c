/* The machine's limit for random Polignac: a tight single-core C loop over
 * the same rules with bitmask hands, against which benchmarks/bench_vector.py
 * sets parlour.vector's decisions per second (issue 30).
 *
 * The rules played are parlour's Polignac for four players
 * (src/parlour/games/polignac.py, shared/rules/polignac.md §1-2): the
 * 32-card piquet pack, card id suit * 8 + rank (suits S H D C, ranks 7 8 9
 * 10 J Q K A) as the engine numbers cards; eight cards to each seat; the
 * dealer's left leads, each seat follows the suit led if it can, else plays
 * any card; the highest card of the suit led by the ranking K Q J A 10 9 8 7
 * wins the trick and leads the next; each jack won costs a penalty point, the
 * jack of spades (the Polignac) two; the deal passes to the left and the
 * match ends after the hand in which a total reaches 20. Left out, since
 * this is a measure of the machine's limit for the same kind of work and
 * not a second engine: capot bids (the reference's announce phase, a
 * pass/capot decision per seat a hand) and the deal's packets (only the
 * shuffle matters here).
 *
 * Every decision is a uniformly random legal card from a xoshiro256**
 * generator. It plays for SECONDS of its own CPU time (one core's work, also
 * on a machine that others share) and prints the decisions per CPU second,
 * then what it played:
 *
 *     cc -O2 -o polignac_limit polignac_limit.c && ./polignac_limit [SECONDS]
 *     polignac_limit: 45000000 decisions/s (... matches, ... hands, ...)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define PLAYERS 4
#define HAND 8
#define CARDS 32
#define TARGET 20

static uint64_t state[4] = {0x9E3779B97F4A7C15u, 0xBF58476D1CE4E5B9u,
                            0x94D049BB133111EBu, 0x2545F4914F6CDD1Du};

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** (Blackman and Vigna): one 64-bit draw. */
static inline uint64_t next(void) {
    uint64_t result = rotl(state[1] * 5, 7) * 9;
    uint64_t t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return result;
}

/* A uniform integer below `bound` (Lemire's multiply-shift, bias < 2^-32). */
static inline uint32_t below(uint32_t bound) {
    return (uint32_t)(((next() >> 32) * (uint64_t)bound) >> 32);
}

/* Strength of a card within its suit, by rank 7 8 9 10 J Q K A: K Q J A 10 9 8 7. */
static const int STRENGTH[8] = {0, 1, 2, 3, 5, 6, 7, 4};
static int strength[CARDS];
static int penalty[CARDS];

static inline uint64_t suit_mask(int card) { return 0xFFull << (card & ~7); }

/* The `index`-th set bit of `mask`, from the lowest. */
static inline int select_bit(uint32_t mask, uint32_t index) {
    while (index--) mask &= mask - 1;
    return __builtin_ctz(mask);
}

/* This process's CPU time, in seconds. */
static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (double)now.tv_sec + now.tv_nsec * 1e-9;
}

/* One hand from `dealer`'s deal; adds its penalties to `totals`; returns decisions. */
static long play_hand(int dealer, int totals[PLAYERS]) {
    int pack[CARDS];
    for (int card = 0; card < CARDS; card++) pack[card] = card;
    for (int card = CARDS - 1; card > 0; card--) {
        int other = (int)below((uint32_t)card + 1);
        int kept = pack[card];
        pack[card] = pack[other];
        pack[other] = kept;
    }
    uint32_t hands[PLAYERS] = {0};
    for (int dealt = 0; dealt < PLAYERS * HAND; dealt++)
        hands[dealt % PLAYERS] |= 1u << pack[dealt];
    int leader = (dealer + 1) % PLAYERS;
    for (int trick = 0; trick < HAND; trick++) {
        int seat = leader, winner = leader, best = -1, led = 0, points = 0;
        for (int turn = 0; turn < PLAYERS; turn++) {
            uint32_t legal = hands[seat];
            if (turn > 0) {
                uint32_t follow = legal & (uint32_t)suit_mask(led);
                if (follow) legal = follow;
            }
            int card = select_bit(legal, below((uint32_t)__builtin_popcount(legal)));
            hands[seat] &= ~(1u << card);
            if (turn == 0) led = card;
            if ((card >> 3) == (led >> 3) && strength[card] > best) {
                best = strength[card];
                winner = seat;
            }
            points += penalty[card];
            seat = (seat + 1) % PLAYERS;
        }
        totals[winner] += points;
        leader = winner;
    }
    return PLAYERS * HAND;
}

int main(int argc, char **argv) {
    double budget = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(budget > 0)) {
        fprintf(stderr, "usage: polignac_limit [SECONDS], SECONDS a positive number\n");
        return 2;
    }
    for (int card = 0; card < CARDS; card++) {
        strength[card] = STRENGTH[card & 7];
        penalty[card] = (card & 7) == 4 ? (card == 4 ? 2 : 1) : 0;
    }
    long decisions = 0, matches = 0, hands = 0, penalties = 0;
    double start = seconds_now(), elapsed = 0;
    while (elapsed < budget) {
        int totals[PLAYERS] = {0};
        int dealer = 0, over = 0;
        while (!over) {
            decisions += play_hand(dealer, totals);
            hands++;
            dealer = (dealer + 1) % PLAYERS;
            for (int seat = 0; seat < PLAYERS; seat++) over |= totals[seat] >= TARGET;
        }
        for (int seat = 0; seat < PLAYERS; seat++) penalties += totals[seat];
        matches++;
        if (matches % 64 == 0) elapsed = seconds_now() - start;
    }
    elapsed = seconds_now() - start;
    printf("polignac_limit: %.0f decisions/s (%ld matches, %ld hands, %ld decisions, "
           "%ld penalty points in %.3f s)\n",
           decisions / elapsed, matches, hands, decisions, penalties, elapsed);
    return 0;
}
