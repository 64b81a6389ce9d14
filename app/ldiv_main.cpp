// The `ldiv` command-line tool: batch use, scripting and benchmarks over the engine.
#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv) {
    return ldv::cli::run(argc, argv, std::cout, std::cerr);
}
