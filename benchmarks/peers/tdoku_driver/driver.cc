// pencilsat's tdoku driver: one 81-character Sudoku per line on stdin; prints one JSON line
// with the verdict counts and the process CPU seconds of the solving loop alone (the lines
// are read first). Each puzzle is counted up to two solutions (tdoku's limit 2: the
// uniqueness proof pencilsat's batch gives); with --solve a unique puzzle is then solved
// again with limit 1 for its solution, as tdoku's own example does.
#include "../include/tdoku.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

static double cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    bool solve = argc > 1 && std::strcmp(argv[1], "--solve") == 0;
    std::vector<std::string> lines;
    char buf[1024];
    while (std::fgets(buf, sizeof buf, stdin)) {
        std::string line(buf);
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        if (line.size() != 81) continue;
        for (char &ch : line) if (ch == '0') ch = '.';
        lines.push_back(line);
    }
    size_t counts[3] = {0, 0, 0};
    size_t guesses_total = 0;
    char solution[82];
    double start = cpu_seconds();
    for (const std::string &line : lines) {
        size_t guesses = 0;
        size_t found = TdokuSolverDpllTriadSimd(line.c_str(), 2, 0, solution, &guesses);
        guesses_total += guesses;
        if (solve && found == 1) TdokuSolverDpllTriadSimd(line.c_str(), 1, 0, solution, &guesses);
        counts[found > 2 ? 2 : found]++;
    }
    double cpu = cpu_seconds() - start;
    std::printf("{\"puzzles\": %zu, \"none\": %zu, \"unique\": %zu, \"multiple\": %zu, "
                "\"guesses\": %zu, \"cpu_s\": %.6f}\n", lines.size(), counts[0], counts[1],
                counts[2], guesses_total, cpu);
    return 0;
}
