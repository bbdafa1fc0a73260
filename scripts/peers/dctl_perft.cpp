// perft(depth) from a rule set's start position with dctl's plain recursive counter
// (perft_state<true>: no hash table, moves counted at depth 1).
// usage: dctl_perft RULES paths|moves depth
//   RULES: czech english russian brazilian pool spanish italian thai (8x8),
//          international frisian killer (10x10), canadian (12x12)
//
// Each state is built as dctl's own perft tables build it at this commit
// (test/src/aima/traversal/initial/board8x8.cpp, board10x10.cpp, large.cpp): the rules
// type, and the board where the default one (rectangular_t<Rules>) is not the one wanted.
//   - brazilian and canadian are dctl's international rules on an 8x8 and a 12x12 board;
//   - spanish and italian default to the mirrored 8x8 board (rules' is_inverted);
//   - frisian needs board::frisian, the 10x10 board with orthogonal capture directions;
//   - killer is rules::Killer<> (international with the halt behind a captured king);
//   - thai starts from initial(2), three rows of men each, as dctl's table counts it (the
//     same position as boardlab's `--fen W:W21-32:B1-12`).
#include <dctl/board.hpp>
#include <dctl/state.hpp>
#include <dctl/rules.hpp>
#include <dctl/actions.hpp>
#include <dctl/aima/traversal/root.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace dctl;
using namespace dctl::aima::traversal;

template<class State>
std::size_t count(State const& s, bool paths, int depth)
{
        if (paths)
                return perft_state<true>(Actions<select::legal, keep_duplicates_tag>{}, s, depth);
        return perft_state<true>(Actions<select::legal, drop_duplicates_tag>{}, s, depth);
}

template<class Rules, class Board = rectangular_t<Rules>>
std::size_t run(bool paths, int depth)
{
        return count(state<Rules, Board>::initial(), paths, depth);
}

int main(int argc, char* argv[])
{
        if (argc != 4) {
                std::fprintf(stderr, "usage: dctl_perft RULES paths|moves depth\n");
                return 2;
        }
        char const* const r = argv[1];
        bool const paths = !std::strcmp(argv[2], "paths");
        int const depth = std::atoi(argv[3]);
        auto const is = [r](char const* name) { return !std::strcmp(r, name); };
        std::size_t n;
        if (is("czech"))              n = run<rules::czech>(paths, depth);
        else if (is("english"))       n = run<rules::checkers>(paths, depth);
        else if (is("russian"))       n = run<rules::russian>(paths, depth);
        else if (is("brazilian"))     n = run<rules::brazilian, board::brazilian>(paths, depth);
        else if (is("pool"))          n = run<rules::pool>(paths, depth);
        else if (is("spanish"))       n = run<rules::spanish>(paths, depth);
        else if (is("italian"))       n = run<rules::italian>(paths, depth);
        else if (is("thai"))          n = count(state<rules::thai>::initial(2), paths, depth);
        else if (is("international")) n = run<rules::international>(paths, depth);
        else if (is("frisian"))       n = run<rules::frisian, board::frisian>(paths, depth);
        else if (is("killer"))        n = run<rules::Killer<>>(paths, depth);
        else if (is("canadian"))      n = run<rules::canadian, board::canadian>(paths, depth);
        else {
                std::fprintf(stderr, "unknown rules %s\n", r);
                return 2;
        }
        std::printf("%zu\n", n);
        return 0;
}
