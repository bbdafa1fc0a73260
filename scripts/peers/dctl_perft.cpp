// perft(depth) from the initial 8x8 position with dctl's plain recursive
// counter (perft_state<true>: no hash table, moves counted at depth 1).
// usage: dctl_perft czech|english paths|moves depth
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

template<class Rules>
std::size_t run(bool paths, int depth)
{
        auto const s = state<Rules>::initial();
        if (paths)
                return perft_state<true>(Actions<select::legal, keep_duplicates_tag>{}, s, depth);
        return perft_state<true>(Actions<select::legal, drop_duplicates_tag>{}, s, depth);
}

int main(int argc, char* argv[])
{
        if (argc != 4) {
                std::fprintf(stderr, "usage: dctl_perft czech|english paths|moves depth\n");
                return 2;
        }
        bool const paths = !std::strcmp(argv[2], "paths");
        int const depth = std::atoi(argv[3]);
        std::size_t n;
        if (!std::strcmp(argv[1], "czech"))
                n = run<rules::czech>(paths, depth);
        else if (!std::strcmp(argv[1], "english"))
                n = run<rules::checkers>(paths, depth);
        else {
                std::fprintf(stderr, "unknown rules %s\n", argv[1]);
                return 2;
        }
        std::printf("%zu\n", n);
        return 0;
}
