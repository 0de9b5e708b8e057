// BLT ordering by Tarjan's strongly connected components (Tarjan 1972). The
// dependency graph is never built: the successors of equation e are read off
// the incidence row of e through the matching (var -> the equation solving
// it). Tarjan emits a component only after every component reachable from it,
// that is after everything it depends on, which is the evaluation order.
#include "compiler/structural/BLT.h"

#include <algorithm>
#include <cassert>

namespace mocc::structural {

/// One run of Tarjan's algorithm with an explicit call stack.
class BltBuilder {
public:
  BltBuilder(const BipartiteGraph &graph, const Matching &matching,
             std::span<const char> isKnown)
      : graph_(graph), matching_(matching), isKnown_(isKnown),
        index_(graph.numEquations(), -1), lowLink_(graph.numEquations(), 0),
        onStack_(graph.numEquations(), 0) {
    result_.blockOf_.assign(graph.numEquations(), -1);
    result_.equations_.reserve(graph.numEquations());
    result_.variables_.reserve(graph.numEquations());
  }

  BlockOrder build() {
    // Roots in ascending order make the result deterministic.
    for (int eq = 0; eq < graph_.numEquations(); ++eq)
      if (index_[eq] < 0)
        visit(eq);
    return std::move(result_);
  }

private:
  struct Frame {
    int eq;
    std::size_t pos; // next incidence of `eq` to look at
  };

  /// The equation that `eq` depends on through `var`, or -1.
  int dependency(int eq, int var) const {
    if (!isKnown_.empty() && isKnown_[var])
      return -1;
    int solver = var < static_cast<int>(matching_.varToEq.size())
                     ? matching_.varToEq[var]
                     : -1;
    return solver == eq ? -1 : solver;
  }

  /// Tarjan's first visit of `eq`: number it, push it on both stacks.
  void open(int eq) {
    index_[eq] = lowLink_[eq] = counter_++;
    onStack_[eq] = 1;
    componentStack_.push_back(eq);
    callStack_.push_back({eq, graph_.rowStarts()[eq]});
  }

  /// Advances `frame` to its next unvisited successor and returns it, or -1
  /// once all successors are done. Successors already on the component stack
  /// lower the low-link of `frame.eq` (they belong to its component).
  int nextUnvisited(Frame &frame);

  /// Depth-first search from `root`.
  void visit(int root);

  /// `eq` is the root of a component: pop the component and emit it as the
  /// next block.
  void emitComponent(int eq);

  const BipartiteGraph &graph_;
  const Matching &matching_;
  std::span<const char> isKnown_;
  std::vector<int> index_;
  std::vector<int> lowLink_;
  std::vector<char> onStack_;
  std::vector<int> componentStack_;
  std::vector<Frame> callStack_;
  int counter_ = 0;
  BlockOrder result_;
};

int BltBuilder::nextUnvisited(Frame &frame) {
  std::span<const int> columns = graph_.columnIndices();
  std::size_t end = graph_.rowStarts()[frame.eq + 1];
  while (frame.pos < end) {
    int next = dependency(frame.eq, columns[frame.pos++]);
    if (next < 0)
      continue;
    if (index_[next] < 0)
      return next;
    if (onStack_[next])
      lowLink_[frame.eq] = std::min(lowLink_[frame.eq], index_[next]);
  }
  return -1;
}

void BltBuilder::visit(int root) {
  open(root);
  while (!callStack_.empty()) {
    // Step 1: descend into the next unvisited dependency, if any.
    int next = nextUnvisited(callStack_.back());
    if (next >= 0) {
      open(next);
      continue;
    }
    // Step 2: all dependencies done; `eq` closes a component if its
    // low-link is its own number.
    int eq = callStack_.back().eq;
    callStack_.pop_back();
    if (lowLink_[eq] == index_[eq])
      emitComponent(eq);
    // Step 3: return to the caller, passing the low-link up.
    if (!callStack_.empty()) {
      int parent = callStack_.back().eq;
      lowLink_[parent] = std::min(lowLink_[parent], lowLink_[eq]);
    }
  }
}

void BltBuilder::emitComponent(int eq) {
  int block = result_.numBlocks();
  auto first = result_.equations_.end() - result_.equations_.begin();
  int member;
  do {
    member = componentStack_.back();
    componentStack_.pop_back();
    onStack_[member] = 0;
    result_.blockOf_[member] = block;
    result_.equations_.push_back(member);
  } while (member != eq);
  std::sort(result_.equations_.begin() + first, result_.equations_.end());
  for (auto i = first;
       i < static_cast<std::ptrdiff_t>(result_.equations_.size()); ++i) {
    int e = result_.equations_[i];
    bool matched = e < static_cast<int>(matching_.eqToVar.size());
    result_.variables_.push_back(matched ? matching_.eqToVar[e] : -1);
  }
  result_.blockStart_.push_back(static_cast<int>(result_.equations_.size()));
}

BlockOrder computeBlockOrder(const BipartiteGraph &graph,
                             const Matching &matching) {
  return computeBlockOrder(graph, matching, {});
}

BlockOrder computeBlockOrder(const BipartiteGraph &graph,
                             const Matching &matching,
                             std::span<const char> isKnown) {
  assert(isKnown.empty() ||
         static_cast<int>(isKnown.size()) >= graph.numVariables());
  return BltBuilder(graph, matching, isKnown).build();
}

std::vector<int> sourcesFirst(const BlockOrder &order, const BipartiteGraph &graph,
                              const Matching &matching, std::span<const char> isKnown) {
  int n = order.numBlocks();
  std::vector<char> source(n, 1);
  for (int b = 0; b < n; ++b)
    for (int eq : order.equations(b)) {
      for (int var : graph.variables(eq)) {
        if (!isKnown.empty() && isKnown[var])
          continue;
        int by = var < static_cast<int>(matching.varToEq.size()) ? matching.varToEq[var] : -1;
        if (by >= 0 && order.blockOf(by) != b) {
          source[b] = 0;
          break;
        }
      }
      if (!source[b])
        break;
    }
  std::vector<int> result;
  result.reserve(n);
  for (int pass = 1; pass >= 0; --pass)
    for (int b = 0; b < n; ++b)
      if (source[b] == pass)
        result.push_back(b);
  return result;
}

} // namespace mocc::structural
