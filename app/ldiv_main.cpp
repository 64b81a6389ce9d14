// The `ldiv` command-line tool: batch use, scripting and benchmarks over the engine.
#include <csignal>
#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv) {
    // Past a file-size limit (ulimit -f) the kernel sends SIGXFSZ, which kills by default;
    // ignored, the write fails with EFBIG and the atomic writer reports it and keeps the old
    // file, as for a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
    return ldv::cli::run(argc, argv, std::cout, std::cerr);
}
