// Cellier's tearing heuristic (Cellier and Kofman 2006, chapter 7). Variables
// that no equation can be solved for are torn first. Then the block is
// causalized greedily: a queue holds the equations with one unknown left;
// when it runs dry, a tearing variable is chosen from a lazy max-heap
// keyed by (preferred, occurrences, occurrences in two-unknown equations,
// -index), the
// second key changing as variables become known. Each variable becoming
// known costs its degree, each key change one heap push.
#include "compiler/structural/Tearing.h"

#include <algorithm>
#include <queue>
#include <tuple>

namespace mocc::structural {

namespace {

/// One run of the heuristic.
class Tearer {
public:
  Tearer(const BipartiteGraph &graph, std::span<const char> solvable,
         std::span<const char> isForced, std::span<const char> isPreferred)
      : graph_(graph), eqsOfVar_(graph.transpose()), solvable_(solvable),
        isPreferred_(isPreferred),
        known_(graph.numVariables(), 0), used_(graph.numEquations(), 0),
        unknownCount_(graph.numEquations(), 0),
        twoCount_(graph.numVariables(), 0) {
    for (int var = 0; var < graph.numVariables(); ++var)
      known_[var] = !isForced.empty() && isForced[var];
    for (int eq = 0; eq < graph.numEquations(); ++eq) {
      for (int var : graph.variables(eq))
        unknownCount_[eq] += !known_[var];
      if (unknownCount_[eq] == 2)
        for (int var : graph.variables(eq))
          twoCount_[var] += !known_[var];
    }
    for (int var = 0; var < graph.numVariables(); ++var)
      pushCandidate(var);
    for (int eq = 0; eq < graph.numEquations(); ++eq)
      if (unknownCount_[eq] == 1)
        ready_.push(eq);
  }

  TearingResult run();

private:
  using Key = std::tuple<int, int, int, int>; // preferred, occurrences, two-unknown ones, -var

  void makeKnown(int var);
  void countTwoUnknowns(int eq, int sign);
  void pushCandidate(int var);
  bool causalizeOne();
  int chooseTearVariable();
  int lastUnknown(int eq, bool &isSolvable) const;
  bool hasSolvableEdge(int var) const;

  const BipartiteGraph &graph_;
  BipartiteGraph eqsOfVar_;
  std::span<const char> solvable_;
  std::span<const char> isPreferred_;
  std::vector<char> known_;
  std::vector<char> used_;
  std::vector<int> unknownCount_;
  std::vector<int> twoCount_;
  std::queue<int> ready_;
  std::priority_queue<Key> candidates_;
  TearingResult result_;
};

TearingResult Tearer::run() {
  int remaining = 0;
  for (char k : known_)
    remaining += !k;
  // Step 0: a variable no equation can be solved for is torn whatever
  // happens; tearing it first lets the others be causalized around it.
  for (int var = 0; var < graph_.numVariables(); ++var)
    if (!known_[var] && !hasSolvableEdge(var)) {
      result_.tearVariables.push_back(var);
      makeKnown(var);
      --remaining;
    }
  while (remaining > 0) {
    // Step 1: causalize while some equation has a single solvable unknown.
    if (causalizeOne()) {
      --remaining;
      continue;
    }
    // Step 2: stuck in a loop; tear the most promising variable.
    int var = chooseTearVariable();
    result_.tearVariables.push_back(var);
    makeKnown(var);
    --remaining;
  }
  // Step 3: the equations no assignment used are the residuals.
  for (int eq = 0; eq < graph_.numEquations(); ++eq)
    if (!used_[eq])
      result_.residualEquations.push_back(eq);
  return std::move(result_);
}

bool Tearer::causalizeOne() {
  while (!ready_.empty()) {
    int eq = ready_.front();
    ready_.pop();
    if (used_[eq] || unknownCount_[eq] != 1)
      continue;
    bool isSolvable = false;
    int var = lastUnknown(eq, isSolvable);
    // An equation that cannot be solved for its last unknown stays: it
    // becomes a residual once that variable is known some other way.
    if (!isSolvable)
      continue;
    used_[eq] = 1;
    result_.assignments.push_back({eq, var});
    makeKnown(var);
    return true;
  }
  return false;
}

bool Tearer::hasSolvableEdge(int var) const {
  if (solvable_.empty())
    return true;
  for (int eq : eqsOfVar_.neighbors(var)) {
    auto vars = graph_.variables(eq);
    auto k = std::lower_bound(vars.begin(), vars.end(), var) - vars.begin();
    if (solvable_[graph_.rowStarts()[eq] + k])
      return true;
  }
  return false;
}

int Tearer::lastUnknown(int eq, bool &isSolvable) const {
  auto vars = graph_.variables(eq);
  std::size_t first = graph_.rowStarts()[eq];
  for (std::size_t k = 0; k < vars.size(); ++k)
    if (!known_[vars[k]]) {
      isSolvable = solvable_.empty() || solvable_[first + k];
      return vars[k];
    }
  isSolvable = false;
  return -1;
}

int Tearer::chooseTearVariable() {
  // Lazy deletion: an entry is current if its variable is still unknown and
  // its key still matches.
  while (!candidates_.empty()) {
    auto [preferred, occurrences, two, negVar] = candidates_.top();
    candidates_.pop();
    int var = -negVar;
    if (!known_[var] && two == twoCount_[var])
      return var;
  }
  // Unreachable while an unknown remains: each has a current entry.
  for (int var = 0; var < graph_.numVariables(); ++var)
    if (!known_[var])
      return var;
  return -1;
}

void Tearer::makeKnown(int var) {
  known_[var] = 1;
  for (int eq : eqsOfVar_.neighbors(var)) {
    if (used_[eq])
      continue;
    countTwoUnknowns(eq, -1);
    --unknownCount_[eq];
    countTwoUnknowns(eq, +1);
    if (unknownCount_[eq] == 1)
      ready_.push(eq);
  }
}

void Tearer::countTwoUnknowns(int eq, int sign) {
  // Adds (sign +1) or removes (-1) eq's contribution to the two-unknown
  // counts; a changed count gets a fresh heap entry, the old one goes stale.
  if (unknownCount_[eq] != 2)
    return;
  for (int var : graph_.variables(eq))
    if (!known_[var]) {
      twoCount_[var] += sign;
      pushCandidate(var);
    }
}

void Tearer::pushCandidate(int var) {
  if (!known_[var])
    candidates_.push({!isPreferred_.empty() && isPreferred_[var] ? 1 : 0,
                      eqsOfVar_.degree(var), twoCount_[var], -var});
}

} // namespace

TearingResult tearBlock(const BipartiteGraph &graph,
                        std::span<const char> solvable,
                        std::span<const char> isForced,
                        std::span<const char> isPreferred) {
  return Tearer(graph, solvable, isForced, isPreferred).run();
}

} // namespace mocc::structural
