// perft(depth) from a rule set's start position with dctl's plain recursive counter as of
// January 2023 (dctl::algo::traversal::depth_limited_count<true>: no hash table, moves at
// depth 1 counted with model.count(state) without making them).
// usage: dctl_perft_2023 RULES paths|moves depth
//   RULES: czech english russian brazilian pool spanish italian thai (8x8),
//          international frisian killer (10x10), canadian (12x12)
// Same command line and output as dctl_perft.cpp, which drives the November 2016 commit.
//
// Each state is built as dctl's own perft tables build it at this commit
// (test/src/algo/traversal/initial/board_08x08.cpp, board_10x10.cpp, board_large.cpp):
//   - english is dctl's checkers rules;
//   - brazilian and canadian are aliases of dctl's international rules, played on an 8x8
//     and a 12x12 rectangular board;
//   - spanish and italian use the mirrored 8x8 board, rectangular<8, 8, true>;
//   - international, killer and frisian take the board their rules name,
//     basic_board<Rules> (frisian's has the orthogonal capture directions);
//   - killer is killer<international> (international with the halt behind a captured king);
//   - thai starts from initial(2), three rows of men each, as dctl's table counts it (the
//     same position as boardlab's `--fen W:W21-32:B1-12`).
// paths counts every capture route (keep_duplicates_gen), moves counts captures with the
// same squares once (drop_duplicates_gen); dctl's 12x12 table lists only the latter.
#include <dctl/algo/traversal/root.hpp>
#include <dctl/core.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace dctl::core;
using dctl::algo::traversal::depth_limited_count;

template<class State>
std::int64_t count(State const& s, bool paths, int depth)
{
        if (paths)
                return depth_limited_count<true>(s, depth, keep_duplicates_gen);
        return depth_limited_count<true>(s, depth, drop_duplicates_gen);
}

template<class Rules, class Board>
std::int64_t run(bool paths, int depth)
{
        return count(basic_state<Rules, Board>::initial(), paths, depth);
}

int main(int argc, char* argv[])
{
        if (argc != 4) {
                std::fprintf(stderr, "usage: dctl_perft_2023 RULES paths|moves depth\n");
                return 2;
        }
        char const* const r = argv[1];
        bool const paths = !std::strcmp(argv[2], "paths");
        int const depth = std::atoi(argv[3]);
        if (depth < 1) {
                std::fprintf(stderr, "depth must be at least 1\n");
                return 2;
        }
        auto const is = [r](char const* name) { return !std::strcmp(r, name); };
        using board_08x08 = basic_board<rectangular<8, 8>>;
        using board_08x08_mirrored = basic_board<rectangular<8, 8, true>>;
        std::int64_t n;
        if (is("czech"))              n = run<czech, board_08x08>(paths, depth);
        else if (is("english"))       n = run<checkers, board_08x08>(paths, depth);
        else if (is("russian"))       n = run<russian, board_08x08>(paths, depth);
        else if (is("brazilian"))     n = run<brazilian, board_08x08>(paths, depth);
        else if (is("pool"))          n = run<pool, board_08x08>(paths, depth);
        else if (is("spanish"))       n = run<spanish, board_08x08_mirrored>(paths, depth);
        else if (is("italian"))       n = run<italian, board_08x08_mirrored>(paths, depth);
        else if (is("thai"))          n = count(basic_state<thai, board_08x08>::initial(2), paths, depth);
        else if (is("international")) n = run<international, basic_board<international>>(paths, depth);
        else if (is("frisian"))       n = run<frisian, basic_board<frisian>>(paths, depth);
        else if (is("killer"))        n = run<killer<international>, basic_board<killer<international>>>(paths, depth);
        else if (is("canadian"))      n = run<canadian, basic_board<rectangular<12, 12>>>(paths, depth);
        else {
                std::fprintf(stderr, "unknown rules %s\n", r);
                return 2;
        }
        std::printf("%lld\n", static_cast<long long>(n));
        return 0;
}
