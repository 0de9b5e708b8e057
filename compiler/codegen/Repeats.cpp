// Finds runs of repeated step groups in a kernel (see Repeats.h).
#include "compiler/codegen/Repeats.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_map>

namespace mocc::codegen {

using sym::ExprId;
using sym::OpKind;

namespace {

constexpr uint64_t kBackReference = 0xFF;

/// Keys (slots or nodes) numbered in order of first use, afresh after each
/// restart (per step, per group): a stamp per entry says which restart
/// numbered it, so nothing is cleared in between. The arrays grow to the
/// largest key and are kept for all the kernels of a RepeatFinder.
class Numbering {
public:
  /// The number of `key` in the current step, or a new one.
  std::pair<uint32_t, bool> number(uint32_t key) {
    if (key >= stamp_.size()) {
      stamp_.resize(std::max<size_t>(key + 1, stamp_.size() * 2), 0);
      value_.resize(stamp_.size());
    }
    if (stamp_[key] == current_)
      return {value_[key], false};
    stamp_[key] = current_;
    value_[key] = next_;
    return {next_++, true};
  }
  void restart() {
    ++current_;
    next_ = 0;
  }

private:
  std::vector<uint32_t> stamp_;
  std::vector<uint32_t> value_;
  uint32_t current_ = 1;
  uint32_t next_ = 0;
};

uint64_t hashTokens(std::span<const uint64_t> tokens) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ tokens.size();
  for (uint64_t t : tokens) {
    h ^= t + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xFF51AFD7ED558CCDull;
  }
  return h;
}

/// The Constant nodes that are the exponent of a power in a kernel: they
/// stay in the shape (code generation computes x^2 as x * x), while other
/// constants go to a table, so that steps that differ only in their
/// constants share a shape. Found while the shapes are serialized (a power
/// comes before its exponent in pre-order); a constant tabled in an earlier
/// step and found to be an exponent later is a conflict, after which the
/// kernel is serialized again with every exponent known beforehand
/// (RepeatFinder::Scratch::shapesOf).
struct Exponents {
  std::vector<uint8_t> flag;     ///< per node: 1 an exponent, 2 tabled so far
  std::vector<uint32_t> touched; ///< the nodes whose flag is set
  bool learning = false;         ///< flags are found during the walk
  bool conflict = false;

  uint8_t get(uint32_t node) const { return node < flag.size() ? flag[node] : 0; }
  void set(uint32_t node, uint8_t value) {
    if (node >= flag.size())
      flag.resize(std::max<size_t>(node + 1, flag.size() * 2), 0);
    if (!flag[node])
      touched.push_back(node);
    flag[node] = value;
  }
  void clear() {
    for (uint32_t node : touched)
      flag[node] = 0;
    touched.clear();
    conflict = false;
  }
};

/// Steps that never join a run: calls for their effects (a call's
/// arguments are not tabled), and warnings, which report once per step
/// through a flag of their own (Calls.cpp). Assertions that stop the run
/// and terminate() checks repeat as any other step: inside a loop each row
/// checks its own values.
bool stepNeverRepeats(const KernelStep &step) {
  return step.kind == KernelStep::Kind::Call || step.kind == KernelStep::Kind::Outputs ||
         (step.kind == KernelStep::Kind::Assert && step.level != 1);
}

/// Calls f on each expression of a step that code generation emits: its
/// expression, and for a check the values of its message.
template <typename F>
void forEachStepExpr(const KernelStep &step, F f) {
  f(step.expr);
  if (step.kind == KernelStep::Kind::Assert || step.kind == KernelStep::Kind::Terminate)
    for (const flat::MessagePart &part : step.message)
      if (part.value.valid())
        f(part.value);
}

/// Shapes of the steps: per step, its shape id (equal for steps of equal
/// serializations, unique for a step that never repeats), and its distinct
/// slots and tabled constants (Constant nodes other than exponents) in
/// order of first occurrence. Only the first step of each
/// shape keeps its serialization: a kernel of a million steps would
/// otherwise hold hundreds of megabytes of tokens.
class Shapes {
public:
  /// `constant` flags the constant slots; the numberings are scratch space.
  Shapes(const sym::ExprPool &pool, const std::vector<uint8_t> &constant, Exponents &exponents,
         Numbering &slots, Numbering &nodes, std::vector<ExprId> &stack)
      : pool_(pool), constant_(constant), exponents_(exponents), slotsOfStep_(slots),
        nodesOfStep_(nodes), stack_(stack) {}

  /// Serializes one step (steps that never repeat get no tokens) and
  /// gives it its shape id.
  void add(const KernelStep &step) {
    slotStart_.push_back(slots_.size());
    constantStart_.push_back(constants_.size());
    checks_.push_back(stepNeverRepeats(step));
    if (checks_.back()) {
      ids_.push_back(nextId_++);
      return;
    }
    size_t start = tokens_.size();
    serialize(step);
    std::span<const uint64_t> tokens = std::span(tokens_).subspan(start);
    uint64_t h = hashTokens(tokens);
    auto [begin, end] = seen_.equal_range(h);
    auto match = std::find_if(begin, end, [&](const auto &entry) {
      const Representative &r = representatives_[entry.second];
      return std::ranges::equal(std::span(tokens_).subspan(r.start, r.length), tokens);
    });
    if (match != end) {
      ids_.push_back(representatives_[match->second].id);
      tokens_.resize(start);
      return;
    }
    seen_.emplace(h, static_cast<uint32_t>(representatives_.size()));
    representatives_.push_back({start, tokens.size(), nextId_});
    ids_.push_back(nextId_++);
  }
  /// Closes the tables (after the last add).
  void seal() {
    slotStart_.push_back(slots_.size());
    constantStart_.push_back(constants_.size());
  }

  size_t size() const { return checks_.size(); }
  bool neverRepeats(size_t step) const { return checks_[step] != 0; }
  const std::vector<uint32_t> &ids() const { return ids_; }
  std::span<const uint32_t> slots(size_t step) const {
    return std::span(slots_).subspan(slotStart_[step], slotStart_[step + 1] - slotStart_[step]);
  }
  /// The tabled Constant nodes of a step (distinct, in order of first
  /// occurrence).
  std::span<const uint32_t> constants(size_t step) const {
    return std::span(constants_).subspan(constantStart_[step],
                                         constantStart_[step + 1] - constantStart_[step]);
  }

private:
  static constexpr uint64_t kTabled = uint64_t(1) << 40;
  static constexpr uint64_t kNoOverride = uint64_t(1) << 41;

  void serialize(const KernelStep &step) {
    slotsOfStep_.restart();
    nodesOfStep_.restart();
    tokens_.push_back(static_cast<uint64_t>(step.kind));
    if (step.kind == KernelStep::Kind::Assign) {
      tokens_.push_back(slotToken(step.target.index));
      // An overridable step matches only overridable ones, its override's
      // slot numbered like the others (a run parameter).
      tokens_.push_back(step.overrideSlot < 0
                            ? kNoOverride
                            : slotToken(static_cast<uint32_t>(step.overrideSlot)));
    }
    if (step.kind == KernelStep::Kind::Assert || step.kind == KernelStep::Kind::Terminate) {
      // A check matches a check of the same level and message pattern
      // (its text, and the types of its values), its values serialized
      // after its condition.
      tokens_.push_back(static_cast<uint64_t>(step.level));
      tokens_.push_back(messageToken(step.message));
    }
    forEachStepExpr(step, [&](ExprId root) { serializeExpr(root); });
  }

  /// The id of a message pattern among this kernel's checks.
  uint64_t messageToken(const std::vector<flat::MessagePart> &message) {
    std::string key;
    for (const flat::MessagePart &part : message) {
      if (part.value.valid()) {
        key += '\1';
        key += static_cast<char>('0' + static_cast<int>(part.type));
      } else {
        key += '\2';
        key += part.text;
      }
    }
    auto [it, fresh] = messages_.emplace(std::move(key), messages_.size());
    return it->second;
  }

  /// Appends the tokens of one expression of the step.
  void serializeExpr(ExprId root) {
    // Pre-order, operands in order; a node met again is a back reference.
    stack_.assign(1, root);
    while (!stack_.empty()) {
      ExprId id = stack_.back();
      stack_.pop_back();
      auto [local, fresh] = nodesOfStep_.number(id.index);
      if (!fresh) {
        tokens_.push_back(kBackReference << 56 | local);
        continue;
      }
      const sym::Node &node = pool_.node(id);
      uint64_t op = static_cast<uint64_t>(node.op);
      switch (node.op) {
      case OpKind::Variable:
        tokens_.push_back(op << 56 | slotToken(node.payload.index));
        continue;
      case OpKind::Constant: {
        if (exponents_.get(id.index) != 1) {
          if (exponents_.learning)
            exponents_.set(id.index, 2);
          constants_.push_back(id.index); // its value goes to the table
          tokens_.push_back(op << 56 | kTabled);
          continue;
        }
        uint64_t bits;
        static_assert(sizeof bits == sizeof node.payload.value);
        std::memcpy(&bits, &node.payload.value, sizeof bits);
        tokens_.push_back(op << 56);
        tokens_.push_back(bits);
        continue;
      }
      default:
        break;
      }
      tokens_.push_back(op << 56 | node.numOperands);
      bool payload = node.op == OpKind::Call || node.op == OpKind::Output ||
                     node.op == OpKind::Smooth || node.op == OpKind::Load ||
                     node.op == OpKind::Delay; // its buffer
      if (payload)
        tokens_.push_back(node.payload.index);
      auto operands = pool_.operands(id);
      if (exponents_.learning && node.op == OpKind::Pow &&
          pool_.op(operands[1]) == OpKind::Constant) {
        uint32_t e = operands[1].index;
        uint8_t was = exponents_.get(e);
        if (was == 2)
          exponents_.conflict = true; // tabled before: serialize again
        if (was != 1)
          exponents_.set(e, 1);
      }
      for (size_t i = operands.size(); i-- > 0;)
        stack_.push_back(operands[i]);
    }
  }

  /// A slot's token: its number in the step and whether it is constant.
  uint64_t slotToken(uint32_t slot) {
    auto [local, fresh] = slotsOfStep_.number(slot);
    if (fresh)
      slots_.push_back(slot);
    uint64_t constant = slot < constant_.size() ? constant_[slot] : 0;
    return constant << 32 | local;
  }

  /// The first step of a shape: where its tokens are.
  struct Representative {
    size_t start, length;
    uint32_t id;
  };

  const sym::ExprPool &pool_;
  const std::vector<uint8_t> &constant_;
  Exponents &exponents_;
  std::vector<uint64_t> tokens_;
  std::vector<Representative> representatives_;
  std::unordered_multimap<uint64_t, uint32_t> seen_; // hash -> representative
  std::vector<uint32_t> ids_;
  uint32_t nextId_ = 0;
  std::vector<uint32_t> slots_;
  std::vector<size_t> slotStart_;
  std::vector<uint32_t> constants_;
  std::vector<size_t> constantStart_;
  std::vector<uint8_t> checks_; ///< per step: it never repeats
  std::unordered_map<std::string, uint64_t> messages_; ///< check message patterns
  Numbering &slotsOfStep_;
  Numbering &nodesOfStep_;
  std::vector<ExprId> &stack_;
};

/// A one-to-one map between the slots of two equal groups of steps.
class SlotMap {
public:
  /// Whether the slots of steps [to, to + length) are those of steps
  /// [from, from + length) under a one-to-one map (kept for image()).
  bool maps(const Shapes &shapes, size_t from, size_t to, size_t length) {
    ++stamp_;
    for (size_t j = 0; j < length; ++j) {
      auto a = shapes.slots(from + j);
      auto b = shapes.slots(to + j);
      if (a.size() != b.size())
        return false;
      for (size_t i = 0; i < a.size(); ++i) {
        if (!link(a[i], b[i]))
          return false;
      }
    }
    return true;
  }
  /// The image of a slot of the first group (after a successful maps()).
  uint32_t image(uint32_t slot) const { return forward_[slot]; }

private:
  bool link(uint32_t from, uint32_t to) {
    size_t need = std::max(from, to) + size_t(1);
    if (need > forwardStamp_.size()) {
      size_t size = std::max(need, forwardStamp_.size() * 2);
      forwardStamp_.resize(size, 0);
      forward_.resize(size);
      backwardStamp_.resize(size, 0);
      backward_.resize(size);
    }
    bool hasForward = forwardStamp_[from] == stamp_;
    bool hasBackward = backwardStamp_[to] == stamp_;
    if (hasForward || hasBackward)
      return hasForward && hasBackward && forward_[from] == to && backward_[to] == from;
    forwardStamp_[from] = backwardStamp_[to] = stamp_;
    forward_[from] = to;
    backward_[to] = from;
    return true;
  }

  std::vector<uint32_t> forwardStamp_, forward_, backwardStamp_, backward_;
  uint32_t stamp_ = 0;
};

/// The distinct slots of steps [first, first + length) in order of first
/// occurrence; false if one of them never repeats. `numbering` is scratch
/// space, kept between calls.
bool paramsOf(const Shapes &shapes, size_t first, size_t length, Numbering &numbering,
              std::vector<uint32_t> &params) {
  numbering.restart();
  for (size_t s = first; s < first + length; ++s) {
    if (shapes.neverRepeats(s))
      return false;
    for (uint32_t slot : shapes.slots(s)) {
      if (numbering.number(slot).second)
        params.push_back(slot);
    }
  }
  return true;
}

/// The tabled constants of equal groups of steps (Shapes): the distinct
/// Constant nodes of the first group, and for each group a row of the
/// values they take there. Groups may differ in their constants freely, but
/// a node that occurs twice in the first group must take one value in each
/// other group.
class ConstantTable {
public:
  ConstantTable(const sym::ExprPool &pool, const Shapes &shapes, Numbering &numbering)
      : pool_(pool), shapes_(shapes), numbering_(numbering) {}

  /// The distinct constants of the group of steps [first, first + length).
  void columns(size_t first, size_t length, std::vector<uint32_t> &nodes) {
    numbering_.restart();
    for (size_t s = first; s < first + length; ++s)
      for (uint32_t node : shapes_.constants(s))
        if (numbering_.number(node).second)
          nodes.push_back(node);
  }
  /// Appends to `table` the row of the group at `at`, for the columns of the
  /// first group at `first`; false (and nothing appended) if a node of the
  /// first group takes two values there.
  bool addRow(size_t first, size_t at, size_t length, std::vector<double> &table) {
    nodes_.clear();
    columns(first, length, nodes_);
    size_t width = nodes_.size();
    size_t base = table.size();
    table.resize(base + width);
    filled_.assign(width, 0);
    for (size_t j = 0; j < length; ++j) {
      auto from = shapes_.constants(first + j);
      auto to = shapes_.constants(at + j);
      for (size_t i = 0; i < from.size(); ++i) {
        uint32_t column = numbering_.number(from[i]).first;
        double value = pool_.node(ExprId{to[i]}).payload.value;
        if (!filled_[column]) {
          table[base + column] = value;
          filled_[column] = 1;
        } else if (std::memcmp(&table[base + column], &value, sizeof value) != 0) {
          table.resize(base);
          return false;
        }
      }
    }
    return true;
  }

  /// The Constant node that each column of the group at `first` takes in
  /// the group at `at` (a row already accepted by addRow), into `row`
  /// (one entry per column); false if a column takes two nodes there.
  bool nodesOf(size_t first, size_t at, size_t length, std::vector<uint32_t> &row) {
    nodes_.clear();
    columns(first, length, nodes_);
    row.assign(nodes_.size(), UINT32_MAX);
    for (size_t j = 0; j < length; ++j) {
      auto from = shapes_.constants(first + j);
      auto to = shapes_.constants(at + j);
      for (size_t i = 0; i < from.size(); ++i) {
        uint32_t &node = row[numbering_.number(from[i]).first];
        if (node != UINT32_MAX && node != to[i])
          return false;
        node = to[i];
      }
    }
    return true;
  }

private:
  const sym::ExprPool &pool_;
  const Shapes &shapes_;
  Numbering &numbering_;
  std::vector<uint32_t> nodes_;
  std::vector<uint8_t> filled_;
};

/// Builds the tables of groups that repeat a first group (RepeatTables):
/// a group joins if it has the first one's shapes, its slots are the image
/// of the first one's under a one-to-one map, and each tabled constant
/// takes one value in it. For the occurrences of a run and for equal cases.
class RowBuilder {
public:
  RowBuilder(const Shapes &shapes, const std::vector<uint32_t> &ids, SlotMap &map,
             Numbering &numbering, ConstantTable &constants)
      : shapes_(shapes), ids_(ids), map_(map), numbering_(numbering), constants_(constants) {}

  /// Row 0, from steps [first, first + length); false if the group holds a
  /// check (it never repeats).
  bool start(size_t first, size_t length, RepeatTables &tables) {
    if (!paramsOf(shapes_, first, length, numbering_, tables.params))
      return false;
    tables.table = tables.params;
    constants_.columns(first, length, tables.constantNodes);
    constants_.addRow(first, first, length, tables.constants);
    return true;
  }

  /// Appends the row of the group at `at` if it repeats the first group, at
  /// `first`; false (nothing appended) if not.
  bool add(size_t first, size_t at, size_t length, RepeatTables &tables) {
    if (!std::equal(ids_.begin() + first, ids_.begin() + first + length, ids_.begin() + at) ||
        !map_.maps(shapes_, first, at, length) ||
        !constants_.addRow(first, at, length, tables.constants))
      return false;
    for (uint32_t slot : tables.params)
      tables.table.push_back(map_.image(slot));
    return true;
  }

private:
  const Shapes &shapes_;
  const std::vector<uint32_t> &ids_;
  SlotMap &map_;
  Numbering &numbering_;
  ConstantTable &constants_;
};

/// Finds the runs in steps [begin, end) of one segment.
class RunFinder {
public:
  RunFinder(const Shapes &shapes, const std::vector<uint32_t> &ids, const RepeatOptions &options,
            RowBuilder &rows, size_t &comparisons)
      : shapes_(shapes), options_(options), rows_(rows), comparisons_(comparisons) {
    size_t n = ids.size();
    prefix_.assign(n + 1, 0);
    power_.assign(n + 1, 1);
    for (size_t i = 0; i < n; ++i) {
      prefix_[i + 1] = prefix_[i] * kBase + ids[i] + 1;
      power_[i + 1] = power_[i] * kBase;
    }
    nextSame_.assign(n, UINT32_MAX);
    std::vector<uint32_t> last;
    for (size_t i = n; i-- > 0;) {
      if (ids[i] >= last.size())
        last.resize(ids[i] + 1, UINT32_MAX);
      nextSame_[i] = last[ids[i]];
      last[ids[i]] = static_cast<uint32_t>(i);
    }
  }

  void find(size_t begin, size_t end, std::vector<RepeatRun> &runs) {
    reach_.clear();
    size_t p = begin;
    while (p < end) {
      RepeatRun run = bestAt(p, end);
      if (run.count > 0) {
        p += size_t(run.count) * run.length;
        runs.push_back(std::move(run));
      } else {
        ++p;
      }
    }
  }

private:
  static constexpr uint64_t kBase = 0x100000001B3ull;
  static constexpr int kPeriodsTried = 32;

  uint64_t hash(size_t at, size_t length) const {
    return prefix_[at + length] - prefix_[at] * power_[length];
  }

  /// The confirmed run starting at p that covers most steps (the shortest
  /// group among equals), or a run of count 0. The periods tried are the
  /// distances to the next occurrences of p's shape: a group may hold a
  /// shorter run of its own (a group of 11 equal steps and 27 others), so
  /// more than the first is tried.
  RepeatRun bestAt(size_t p, size_t end) {
    RepeatRun best;
    if (shapes_.neverRepeats(p))
      return best;
    struct Candidate {
      size_t length, count;
    };
    std::vector<Candidate> candidates;
    size_t q = p;
    for (int tries = 0; tries < kPeriodsTried; ++tries) {
      q = nextSame_[q];
      if (q == UINT32_MAX || q >= end || q - p > options_.maxLength)
        break;
      size_t length = q - p;
      size_t count = equalGroups(p, length, end);
      if (count >= options_.minCount && count * length >= options_.minSteps)
        candidates.push_back({length, count});
    }
    // Most steps first, then the shortest group; a candidate is confirmed
    // only while it could beat the best confirmed one.
    std::sort(candidates.begin(), candidates.end(), [](const auto &a, const auto &b) {
      size_t x = a.length * a.count, y = b.length * b.count;
      return x != y ? x > y : a.length < b.length;
    });
    for (const auto &candidate : candidates) {
      if (candidate.length * candidate.count <= size_t(best.count) * best.length)
        break;
      RepeatRun run = confirm(p, candidate.length, candidate.count);
      if (run.count >= options_.minCount && size_t(run.count) * run.length >= options_.minSteps &&
          size_t(run.count) * run.length > size_t(best.count) * best.length)
        best = std::move(run);
    }
    return best;
  }

  /// How many groups of `length` steps from p on, up to `end`, have the
  /// shapes of the first. A stretch of equal groups that fails confirmation
  /// is met again from each of its later positions: the stretch found for
  /// a period and an alignment (p modulo the period) answers for every
  /// group start inside it, so that each stretch is scanned once, not once
  /// per position (quadratic in its length; RepeatsTest's case of 40,000
  /// steps: 1,279,000 comparisons instead of about 10^9, 2.1 s -> 0.9 s).
  /// What is left per position is confirm()'s setup of the first group for
  /// each period tried (the 0.9 s): linear in the steps, with a constant
  /// (up to the sum of the periods tried) that a kernel of long groups that
  /// never hold up would make large.
  size_t equalGroups(size_t p, size_t length, size_t end) {
    Stretch &known = reach_[(uint64_t(length) << 32) | (p % length)];
    if (known.groups > 0 && known.start <= p && p < known.start + known.groups * length)
      return known.groups - (p - known.start) / length;
    uint64_t first = hash(p, length);
    size_t count = 1;
    while (p + (count + 1) * length <= end && hash(p + count * length, length) == first)
      ++count;
    comparisons_ += count;
    known = {p, count};
    return count;
  }

  /// The run of occurrences of [p, p + length) that hold up, of at most
  /// `count`; its count is 0 if fewer than two do.
  RepeatRun confirm(size_t p, size_t length, size_t count) {
    RepeatRun run;
    run.first = static_cast<uint32_t>(p);
    run.length = static_cast<uint32_t>(length);
    if (!rows_.start(p, length, run))
      return {};
    size_t confirmed = 1;
    while (confirmed < count && rows_.add(p, p + confirmed * length, length, run))
      ++confirmed;
    run.count = static_cast<uint32_t>(confirmed);
    if (confirmed < 2)
      return {};
    return run;
  }

  /// A stretch of equal groups: its first start and how many groups.
  struct Stretch {
    size_t start = 0, groups = 0;
  };

  const Shapes &shapes_;
  const RepeatOptions &options_;
  RowBuilder &rows_;
  /// Per period and alignment, the last stretch of equal groups found.
  std::unordered_map<uint64_t, Stretch> reach_;
  std::vector<uint64_t> prefix_;
  std::vector<uint64_t> power_;
  std::vector<uint32_t> nextSame_;
  size_t &comparisons_;
};

/// Runs inside runs (Repeats.h, step 4): finds the runs of each run's
/// occurrence 0, composes their tables through the outer run's, and prunes
/// the outer run's tables to the steps outside its inner runs.
class Nester {
public:
  Nester(const Shapes &shapes, RunFinder &finder, ConstantTable &constants,
         const RepeatOptions &options, Numbering &outer, Numbering &direct)
      : shapes_(shapes), finder_(finder), constants_(constants), options_(options),
        outer_(outer), direct_(direct) {}

  /// Looks for runs inside `run`, which has `rows` rows (its count times
  /// those of the runs that hold it), at depth `depth` (1 for a run of the
  /// kernel's steps).
  void nest(RepeatRun &run, size_t rows, uint32_t depth) {
    if (depth > options_.maxDepth)
      return;
    std::vector<RepeatRun> inner;
    finder_.find(run.first, size_t(run.first) + run.length, inner);
    std::erase_if(inner, [&](RepeatRun &child) { return !compose(run, rows, child); });
    for (RepeatRun &child : inner)
      nest(child, rows * child.count, depth + 1);
    if (!inner.empty())
      prune(run, rows, inner);
    run.inner = std::move(inner);
  }

private:
  /// Turns the tables of `child`, found inside occurrence 0 of `parent`
  /// (its slots and constants those of that occurrence), into tables for
  /// every row of `parent`: row r * child.count + k holds the images, under
  /// parent's row r, of child occurrence k's slots and constants. False if
  /// a tabled constant of the child is two nodes in one occurrence (the
  /// composition would read two columns of the parent for one).
  bool compose(const RepeatRun &parent, size_t rows, RepeatRun &child) {
    size_t p = parent.params.size(), q = child.params.size();
    outer_.restart();
    for (uint32_t slot : parent.params)
      outer_.number(slot);
    index_.resize(child.table.size());
    for (size_t i = 0; i < child.table.size(); ++i)
      index_[i] = outer_.number(child.table[i]).first; // every slot is the parent's
    size_t w = parent.constantNodes.size(), c = child.constantNodes.size();
    outer_.restart();
    for (uint32_t node : parent.constantNodes)
      outer_.number(node);
    columns_.clear();
    for (uint32_t k = 0; k < child.count && c > 0; ++k) {
      if (!constants_.nodesOf(child.first, child.first + size_t(k) * child.length, child.length,
                              row_))
        return false;
      for (uint32_t node : row_)
        columns_.push_back(outer_.number(node).first);
    }
    std::vector<uint32_t> table(rows * child.count * q);
    std::vector<double> values(rows * child.count * c);
    for (size_t r = 0; r < rows; ++r) {
      for (size_t k = 0; k < child.count; ++k) {
        size_t at = r * child.count + k;
        for (size_t i = 0; i < q; ++i)
          table[at * q + i] = parent.table[r * p + index_[k * q + i]];
        for (size_t i = 0; i < c; ++i)
          values[at * c + i] = parent.constants[r * w + columns_[k * c + i]];
      }
    }
    child.table = std::move(table);
    child.constants = std::move(values);
    return true;
  }

  /// Keeps of `run`'s tables the slots and constants that its steps
  /// outside `inner` read.
  void prune(RepeatRun &run, size_t rows, const std::vector<RepeatRun> &inner) {
    std::vector<uint32_t> params =
        outsideInner(run, inner, [&](size_t s) { return shapes_.slots(s); });
    std::vector<uint32_t> nodes =
        outsideInner(run, inner, [&](size_t s) { return shapes_.constants(s); });
    run.table = keep(run.table, run.params, params, rows);
    run.params = std::move(params);
    run.constants = keep(run.constants, run.constantNodes, nodes, rows);
    run.constantNodes = std::move(nodes);
  }

  /// The distinct keys (`keysOf(step)`: slots or constants) of the steps of
  /// `run`'s occurrence 0 outside `inner`, in order of first occurrence.
  template <typename KeysOf>
  std::vector<uint32_t> outsideInner(const RepeatRun &run, const std::vector<RepeatRun> &inner,
                                     KeysOf keysOf) {
    std::vector<uint32_t> keys;
    direct_.restart();
    size_t next = 0;
    for (size_t s = run.first; s < size_t(run.first) + run.length;) {
      if (next < inner.size() && inner[next].first == s) {
        s += size_t(inner[next].count) * inner[next].length;
        ++next;
        continue;
      }
      for (uint32_t key : keysOf(s))
        if (direct_.number(key).second)
          keys.push_back(key);
      ++s;
    }
    return keys;
  }

  /// The columns `kept` (a subset of `columns`) of a table with `rows` rows
  /// of `columns.size()` entries.
  template <typename T>
  std::vector<T> keep(const std::vector<T> &table, const std::vector<uint32_t> &columns,
                      const std::vector<uint32_t> &kept, size_t rows) {
    outer_.restart();
    for (uint32_t key : columns)
      outer_.number(key);
    std::vector<uint32_t> which;
    which.reserve(kept.size());
    for (uint32_t key : kept)
      which.push_back(outer_.number(key).first);
    std::vector<T> result;
    result.reserve(rows * kept.size());
    for (size_t r = 0; r < rows; ++r)
      for (uint32_t column : which)
        result.push_back(table[r * columns.size() + column]);
    return result;
  }

  const Shapes &shapes_;
  RunFinder &finder_;
  ConstantTable &constants_;
  const RepeatOptions &options_;
  Numbering &outer_;
  Numbering &direct_;
  std::vector<uint32_t> index_, columns_, row_;
};

} // namespace

struct RepeatFinder::Scratch {
  std::vector<uint8_t> constant; ///< per slot: whether it is constant
  Numbering slots, nodes, params, constants, outer, direct;
  SlotMap map;
  std::vector<ExprId> stack;
  Exponents exponents;
  size_t comparisons = 0; ///< see RepeatFinder::groupComparisons

  /// The shapes of a kernel's steps: in one walk, learning the exponents on
  /// the way; again with them found first if a constant was tabled before
  /// a later step showed it to be an exponent (see Exponents).
  std::unique_ptr<Shapes> shapesOf(const sym::ExprPool &pool, std::span<const KernelStep> steps) {
    exponents.clear();
    exponents.learning = true;
    auto shapes = std::make_unique<Shapes>(pool, constant, exponents, slots, nodes, stack);
    for (const KernelStep &step : steps) {
      shapes->add(step);
      if (exponents.conflict)
        break;
    }
    exponents.learning = false;
    if (!exponents.conflict) {
      shapes->seal();
      return shapes;
    }
    findExponents(pool, steps);
    shapes = std::make_unique<Shapes>(pool, constant, exponents, slots, nodes, stack);
    for (const KernelStep &step : steps)
      shapes->add(step);
    shapes->seal();
    return shapes;
  }

  /// Flags the Constant nodes that are the exponent of a power in a step.
  void findExponents(const sym::ExprPool &pool, std::span<const KernelStep> steps) {
    exponents.clear();
    nodes.restart();
    for (const KernelStep &step : steps) {
      if (stepNeverRepeats(step))
        continue;
      forEachStepExpr(step, [&](ExprId root) {
        stack.assign(1, root);
        while (!stack.empty()) {
          ExprId id = stack.back();
          stack.pop_back();
          if (!nodes.number(id.index).second)
            continue;
          auto operands = pool.operands(id);
          if (pool.op(id) == OpKind::Pow && pool.op(operands[1]) == OpKind::Constant)
            exponents.set(operands[1].index, 1);
          stack.insert(stack.end(), operands.begin(), operands.end());
        }
      });
    }
  }
};

RepeatFinder::RepeatFinder(const sym::ExprPool &pool, std::span<const uint32_t> constantSlots,
                           const RepeatOptions &options)
    : pool_(pool), options_(options), scratch_(std::make_unique<Scratch>()) {
  for (uint32_t slot : constantSlots) {
    if (slot >= scratch_->constant.size())
      scratch_->constant.resize(slot + 1, 0);
    scratch_->constant[slot] = 1;
  }
}

RepeatFinder::~RepeatFinder() = default;

std::vector<RepeatRun> RepeatFinder::runs(std::span<const KernelStep> steps, size_t boundary) {
  std::vector<RepeatRun> runs;
  if (steps.size() < std::max<size_t>(options_.minCount, 2))
    return runs;
  std::unique_ptr<Shapes> serialized = scratch_->shapesOf(pool_, steps);
  const Shapes &shapes = *serialized;
  const std::vector<uint32_t> &ids = shapes.ids();
  ConstantTable constants(pool_, shapes, scratch_->constants);
  RowBuilder rows(shapes, ids, scratch_->map, scratch_->params, constants);
  RunFinder finder(shapes, ids, options_, rows, scratch_->comparisons);
  size_t middle = std::min(boundary, steps.size());
  finder.find(0, middle, runs);
  finder.find(middle, steps.size(), runs);
  Nester nester(shapes, finder, constants, options_, scratch_->outer, scratch_->direct);
  for (RepeatRun &run : runs)
    nester.nest(run, run.count, 1);
  return runs;
}

size_t RepeatFinder::groupComparisons() const { return scratch_->comparisons; }

std::vector<CaseClass> RepeatFinder::equalCases(const KernelSpec &batch) {
  std::vector<CaseClass> classes;
  if (!batch.isBatch())
    return classes;
  std::unique_ptr<Shapes> serialized = scratch_->shapesOf(pool_, batch.steps);
  const Shapes &shapes = *serialized;
  const std::vector<uint32_t> &ids = shapes.ids();
  std::unordered_multimap<uint64_t, uint32_t> byKey; // hash of the shape ids -> class
  ConstantTable constants(pool_, shapes, scratch_->constants);
  RowBuilder rows(shapes, ids, scratch_->map, scratch_->params, constants);
  for (uint32_t k = 0; k < batch.numCases(); ++k) {
    size_t first = batch.caseStart[k], length = batch.caseStart[k + 1] - first;
    if (length == 0)
      continue;
    uint64_t key = 0x9E3779B97F4A7C15ull ^ length;
    for (size_t s = first; s < first + length; ++s)
      key = (key ^ ids[s]) * 0x100000001B3ull;
    bool joined = false;
    auto [begin, end] = byKey.equal_range(key);
    for (auto it = begin; it != end && !joined; ++it) {
      CaseClass &c = classes[it->second];
      size_t from = batch.caseStart[c.members.front()];
      if (batch.caseStart[c.members.front() + 1] - from != length ||
          !rows.add(from, first, length, c))
        continue;
      c.members.push_back(k);
      joined = true;
    }
    if (joined)
      continue;
    CaseClass c;
    if (!rows.start(first, length, c))
      continue; // a case with a step that never repeats stays a case of its own
    c.members.push_back(k);
    byKey.emplace(key, static_cast<uint32_t>(classes.size()));
    classes.push_back(std::move(c));
  }
  std::erase_if(classes, [](const CaseClass &c) { return c.members.size() < 2; });
  return classes;
}

std::vector<RepeatRun> findRepeats(const sym::ExprPool &pool, std::span<const KernelStep> steps,
                                   size_t boundary, std::span<const uint32_t> constantSlots,
                                   const RepeatOptions &options) {
  return RepeatFinder(pool, constantSlots, options).runs(steps, boundary);
}

} // namespace mocc::codegen
