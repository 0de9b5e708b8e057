// For-equations lowered once (design-log D10, the first step of the
// array-preserving path). A for-equation whose body is explicit in its
// iterators -- Real arithmetic on scalars, on array elements whose
// subscripts are Integer arithmetic on the iterators, and on der() of such
// elements, with if-expressions whose conditions are decided by the
// iterators and parameters -- is compiled once into a template: a small tree
// whose leaves are the lowered names (each array lowered once, whole) and
// whose subscripts and conditions are Integer expressions of the iterators.
// The template then runs over the index box, element by element, calling
// the pool's factories in the order lowering would: the flat equations are
// the ones unrolling gives (the same text, the same variables in the same
// order), without lowering the AST into Values per element (about 100,000
// instructions per equation of the 3-D grid). Anything the template does
// not know (a call, a slice, a subscript out of bounds, an iterator used as
// a value, a condition that varies, a range that depends on an iterator)
// makes it give up before it has changed the model, and the for-equation
// is unrolled as before: that path stays the reference, and the one that
// reports errors.
#include "compiler/flatten/Flattener.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace mocc::flattening {

using sym::ExprId;
using sym::OpKind;

/// The process-wide switch (tests compare both paths; the environment
/// variable MOCC_UNROLL_FOR_EQUATIONS=1 turns templates off for a run, to
/// measure or compare the reference path).
bool templatesEnabled = [] {
  const char *env = std::getenv("MOCC_UNROLL_FOR_EQUATIONS");
  return !(env && *env && std::string(env) != "0");
}();

/// For-equations lowered as templates by this process (for tests).
size_t templatesLowered = 0;

namespace {

/// Integers this large stay exact as doubles (as quickInteger's limit).
constexpr int64_t kLimit = int64_t{1} << 52;

struct IntNode {
  /// Name: a name that is not an iterator (a parameter), evaluated on
  /// first use (as the general path evaluates a subscript or condition).
  enum class Kind : uint8_t { Literal, Iterator, Name, Neg, Add, Sub, Mul } kind = Kind::Literal;
  int64_t value = 0; ///< Literal, resolved Name: the value; Iterator: its position in the box
  uint32_t a = 0, b = 0;
  const ast::Expr *name = nullptr; ///< Name
  bool resolved = false;           ///< Name
};

struct CondNode {
  enum class Kind : uint8_t { Literal, Relation, And, Or, Not } kind = Kind::Literal;
  bool value = false;
  ast::BinaryOpKind op = ast::BinaryOpKind::Less; ///< Relation
  uint32_t a = 0, b = 0; ///< Relation: IntNodes; And, Or, Not: CondNodes
};

struct TNode {
  enum class Kind : uint8_t { Leaf, Element, Der, Neg, Binary, If } kind = Kind::Leaf;
  const ast::Expr *ast = nullptr; ///< Leaf: the expression lowered on first use
  const ast::RefExpr *ref = nullptr; ///< Element: the reference
  ExprId leaf;                       ///< Leaf, once lowered
  bool lowered = false;
  bool failed = false;               ///< lowering reported an error
  std::vector<sym::ExprId> elements; ///< Element: the whole array, once lowered
  std::vector<int64_t> dims;         ///< Element
  std::vector<uint32_t> subscripts;  ///< Element: IntNodes, one per dimension
  OpKind op = OpKind::Add;           ///< Binary
  uint32_t a = 0, b = 0;             ///< Der, Neg: a; Binary: a, b
  std::vector<std::pair<uint32_t, uint32_t>> branches; ///< If: (CondNode, TNode)
  uint32_t otherwise = 0;                              ///< If
};

/// Why a run of the template stopped.
enum class Outcome { Ok, GiveUp, Error };

} // namespace


/// The compiler and interpreter of one for-equation's template.
class ForTemplate {
public:
  ForTemplate(Flattener &f, const ast::ForEquation &e, Scope scope)
      : f_(f), e_(e), scope_(scope) {
    for (const ast::ForIndex &index : e.indices)
      names_.push_back(index.name);
  }

  /// Compiles the body; false if it is not of the template's form.
  bool compile() {
    for (const auto &body : e_.body) {
      if (body->kind != ast::EquationKind::Simple)
        return false;
      const auto &eq = ast::cast<ast::SimpleEquation>(*body);
      auto lhs = expr(*eq.lhs);
      if (!lhs)
        return false;
      auto rhs = expr(*eq.rhs);
      if (!rhs)
        return false;
      equations_.push_back({*lhs, *rhs, &eq});
    }
    return !equations_.empty();
  }

  /// Runs the template over the box `ranges` (row-major, the first index
  /// outermost, as unrolling): first without building anything, to find
  /// whether every element is of the template's form, then for real.
  Outcome run(const std::vector<std::vector<int64_t>> &ranges, bool initial) {
    for (int pass = 0; pass < 2; ++pass) {
      bool build = pass == 1;
      std::vector<size_t> at(ranges.size(), 0);
      values_.assign(ranges.size(), 0);
      auto &target = initial ? f_.model().initialEquations : f_.model().equations;
      size_t elements = 1;
      for (const auto &range : ranges)
        elements *= range.size();
      size_t more = elements * equations_.size();
      if (build && target.size() + more > target.capacity()) // geometric growth kept
        target.reserve(std::max(target.size() + more, 2 * target.capacity()));
      sym::ExprPool &pool = f_.pool();
      size_t done = 0, nodesBefore = pool.size(), operandsBefore = pool.operandCount();
      while (true) {
        for (size_t d = 0; d < ranges.size(); ++d)
          values_[d] = ranges[d][at[d]];
        for (const auto &[lhs, rhs, eq] : equations_) {
          ExprId l, r;
          if (Outcome o = eval(lhs, build, l); o != Outcome::Ok)
            return o; // only the first pass gives up or fails
          if (Outcome o = eval(rhs, build, r); o != Outcome::Ok)
            return o;
          if (build) {
            flat::Equation flatEq;
            flatEq.lhs = l;
            flatEq.rhs = r;
            flatEq.loc = eq->range;
            flatEq.origin =
                initial ? flat::EquationOriginKind::Initial : flat::EquationOriginKind::Equation;
            target.push_back(flatEq);
          }
        }
        // After the first element, room for the others as large as it
        // (ExprPool::reserve): one rehash instead of one per doubling.
        if (build && ++done == 1 && elements > 1)
          pool.reserve((pool.size() - nodesBefore) * (elements - 1),
                       (pool.operandCount() - operandsBefore) * (elements - 1));
        size_t d = ranges.size();
        while (d-- > 0) {
          if (++at[d] < ranges[d].size())
            break;
          at[d] = 0;
        }
        if (d == SIZE_MAX)
          break;
      }
    }
    return Outcome::Ok;
  }

  /// After a run that built the equations from `first` on: the record of an
  /// explicit ODE over a block of a state array (flat::ArrayEquation), if the
  /// body is one equation `der(x[i1, ..., in])`, `c * der(...)`, `der(...) *
  /// c` or `der(...) / c` = f, with c and f free of der(), x's subscripts the
  /// iterators in order, each range a step-1 block of x's indices, and x's
  /// elements consecutive variables. Anything else is not recorded (its scalar
  /// equations are the same either way).
  std::optional<flat::ArrayEquation> explicitOde(const std::vector<std::vector<int64_t>> &ranges,
                                                 size_t first) const {
    if (equations_.size() != 1 || hasDer(equations_[0].rhs))
      return std::nullopt;
    const TNode &lhs = nodes_[equations_[0].lhs];
    uint32_t der = UINT32_MAX;
    if (lhs.kind == TNode::Kind::Der) {
      der = equations_[0].lhs;
    } else if (lhs.kind == TNode::Kind::Binary &&
               (lhs.op == OpKind::Mul || lhs.op == OpKind::Div)) {
      if (nodes_[lhs.a].kind == TNode::Kind::Der && !hasDer(lhs.b))
        der = lhs.a;
      else if (lhs.op == OpKind::Mul && nodes_[lhs.b].kind == TNode::Kind::Der && !hasDer(lhs.a))
        der = lhs.b;
    }
    if (der == UINT32_MAX)
      return std::nullopt;
    const TNode &x = nodes_[nodes_[der].a];
    if (!x.lowered || x.failed || x.dims.size() != ranges.size() ||
        x.subscripts.size() != ranges.size())
      return std::nullopt;
    flat::ArrayEquation a;
    size_t count = 1, size = 1;
    for (size_t d = 0; d < ranges.size(); ++d) {
      const IntNode &s = ints_[x.subscripts[d]];
      if (s.kind != IntNode::Kind::Iterator || s.value != static_cast<int64_t>(d) ||
          ranges[d].empty() || ranges[d].front() < 1 || ranges[d].back() > x.dims[d])
        return std::nullopt;
      for (size_t k = 0; k < ranges[d].size(); ++k)
        if (ranges[d][k] != ranges[d].front() + static_cast<int64_t>(k))
          return std::nullopt;
      a.lo.push_back(ranges[d].front());
      a.hi.push_back(ranges[d].back());
      count *= ranges[d].size();
      size *= static_cast<size_t>(x.dims[d]);
    }
    if (size != x.elements.size() || count == 0)
      return std::nullopt;
    sym::VarId state = f_.pool().variableOf(x.elements[0]);
    if (!state.valid())
      return std::nullopt;
    for (size_t k = 0; k < size; ++k) {
      sym::VarId v = f_.pool().variableOf(x.elements[k]);
      if (!v.valid() || v.index != state.index + k)
        return std::nullopt;
    }
    a.dims = x.dims;
    a.first = first;
    a.count = count;
    a.state = state;
    a.loc = e_.range;
    return a;
  }

private:
  /// Whether the subtree at k holds a der().
  bool hasDer(uint32_t k) const {
    const TNode &n = nodes_[k];
    switch (n.kind) {
    case TNode::Kind::Der: return true;
    case TNode::Kind::Neg: return hasDer(n.a);
    case TNode::Kind::Binary: return hasDer(n.a) || hasDer(n.b);
    case TNode::Kind::If:
      for (const auto &[c, v] : n.branches)
        if (hasDer(v))
          return true;
      return hasDer(n.otherwise);
    default: return false;
    }
  }

  struct Eq {
    uint32_t lhs, rhs;
    const ast::SimpleEquation *eq;
  };

  /// Position of `name` among this for-equation's iterators (the innermost
  /// of equal names wins, as in lowerRef), or -1.
  int iteratorOf(const std::string &name) const {
    for (size_t i = names_.size(); i-- > 0;)
      if (names_[i] == name)
        return static_cast<int>(i);
    return -1;
  }
  static const ast::RefExpr *simpleName(const ast::Expr &e) {
    if (e.kind != ast::ExprKind::Ref)
      return nullptr;
    const auto &ref = ast::cast<ast::RefExpr>(e);
    if (ref.global || ref.parts.size() != 1 || !ref.parts[0].subscripts.empty())
      return nullptr;
    return &ref;
  }
  /// Whether a name refers to an iterator of this for-equation anywhere in e.
  bool mentionsIterator(const ast::Expr &e) const {
    bool found = false;
    ast::forEachExpr(e, [&](const ast::Expr &x) {
      if (x.kind == ast::ExprKind::Ref) {
        const auto &ref = ast::cast<ast::RefExpr>(x);
        if (!ref.global && iteratorOf(ref.parts[0].name) >= 0)
          found = true;
      }
    });
    return found;
  }

  uint32_t addInt(IntNode n) {
    ints_.push_back(n);
    return static_cast<uint32_t>(ints_.size() - 1);
  }
  uint32_t addCond(CondNode n) {
    conds_.push_back(n);
    return static_cast<uint32_t>(conds_.size() - 1);
  }
  uint32_t addNode(TNode n) {
    nodes_.push_back(std::move(n));
    return static_cast<uint32_t>(nodes_.size() - 1);
  }

  /// An Integer expression of the iterators: literals, iterators, `end`
  /// (endSize >= 0), unary minus, +, - and *. A name that is not an
  /// iterator of this for-equation is quickInteger's (an enclosing loop's
  /// iterator), else not of the form (a parameter takes the general path).
  std::optional<uint32_t> intExpr(const ast::Expr &e, int64_t endSize) {
    if (!mentionsIterator(e) || e.kind == ast::ExprKind::End) {
      if (auto v = f_.quickInteger(e, endSize))
        return addInt({IntNode::Kind::Literal, *v});
      if (!simpleName(e))
        return std::nullopt;
      IntNode n;
      n.kind = IntNode::Kind::Name;
      n.name = &e;
      return addInt(n);
    }
    switch (e.kind) {
    case ast::ExprKind::Ref: {
      const ast::RefExpr *ref = simpleName(e);
      if (!ref)
        return std::nullopt;
      int k = iteratorOf(ref->parts[0].name);
      if (k < 0)
        return std::nullopt;
      return addInt({IntNode::Kind::Iterator, k});
    }
    case ast::ExprKind::Unary: {
      const auto &u = ast::cast<ast::UnaryExpr>(e);
      auto x = intExpr(*u.operand, endSize);
      if (!x)
        return std::nullopt;
      if (u.op == ast::UnaryOpKind::Plus)
        return x;
      if (u.op != ast::UnaryOpKind::Minus)
        return std::nullopt;
      return addInt({IntNode::Kind::Neg, 0, *x});
    }
    case ast::ExprKind::Binary: {
      const auto &b = ast::cast<ast::BinaryExpr>(e);
      IntNode::Kind kind;
      switch (b.op) {
      case ast::BinaryOpKind::Add: kind = IntNode::Kind::Add; break;
      case ast::BinaryOpKind::Sub: kind = IntNode::Kind::Sub; break;
      case ast::BinaryOpKind::Mul: kind = IntNode::Kind::Mul; break;
      default: return std::nullopt;
      }
      auto x = intExpr(*b.lhs, endSize);
      if (!x)
        return std::nullopt;
      auto y = intExpr(*b.rhs, endSize);
      if (!y)
        return std::nullopt;
      return addInt({kind, 0, *x, *y});
    }
    default:
      return std::nullopt;
    }
  }

  /// A condition decided by the iterators: what quickCondition decides,
  /// with this for-equation's iterators as symbols. A condition that does
  /// not mention them is decided once, by quickCondition, else not of the
  /// form.
  std::optional<uint32_t> condition(const ast::Expr &e) {
    if (!mentionsIterator(e)) {
      auto v = f_.quickCondition(e);
      if (!v)
        return std::nullopt;
      return addCond({CondNode::Kind::Literal, *v});
    }
    switch (e.kind) {
    case ast::ExprKind::Unary: {
      const auto &u = ast::cast<ast::UnaryExpr>(e);
      if (u.op != ast::UnaryOpKind::Not)
        return std::nullopt;
      auto x = condition(*u.operand);
      if (!x)
        return std::nullopt;
      return addCond({CondNode::Kind::Not, false, ast::BinaryOpKind::Less, *x});
    }
    case ast::ExprKind::Binary: {
      const auto &b = ast::cast<ast::BinaryExpr>(e);
      using B = ast::BinaryOpKind;
      if (b.op == B::And || b.op == B::Or) {
        auto x = condition(*b.lhs);
        if (!x)
          return std::nullopt;
        auto y = condition(*b.rhs);
        if (!y)
          return std::nullopt;
        return addCond({b.op == B::And ? CondNode::Kind::And : CondNode::Kind::Or, false, b.op,
                        *x, *y});
      }
      if (b.op != B::Less && b.op != B::LessEq && b.op != B::Greater && b.op != B::GreaterEq &&
          b.op != B::Equal && b.op != B::NotEqual)
        return std::nullopt;
      auto x = intExpr(*b.lhs, -1);
      if (!x)
        return std::nullopt;
      auto y = intExpr(*b.rhs, -1);
      if (!y)
        return std::nullopt;
      return addCond({CondNode::Kind::Relation, false, b.op, *x, *y});
    }
    default:
      return std::nullopt;
    }
  }

  /// A numeric expression of the body.
  std::optional<uint32_t> expr(const ast::Expr &e) {
    switch (e.kind) {
    case ast::ExprKind::Integer:
    case ast::ExprKind::Real: {
      TNode n;
      n.kind = TNode::Kind::Leaf;
      n.ast = &e;
      return addNode(std::move(n));
    }
    case ast::ExprKind::Ref: {
      const auto &ref = ast::cast<ast::RefExpr>(e);
      if (ref.global)
        return std::nullopt;
      for (size_t p = 0; p + 1 < ref.parts.size(); ++p)
        if (!ref.parts[p].subscripts.empty())
          return std::nullopt;
      const ast::RefPart &last = ref.parts.back();
      if (ref.parts.size() == 1 && iteratorOf(last.name) >= 0)
        return std::nullopt; // an iterator as a value
      if (ref.parts.size() == 1 && last.name == "time")
        return std::nullopt;
      if (last.subscripts.empty()) {
        TNode n;
        n.kind = TNode::Kind::Leaf;
        n.ast = &e;
        return addNode(std::move(n));
      }
      if (ref.parts.size() != 1)
        return std::nullopt;
      TNode n;
      n.kind = TNode::Kind::Element;
      n.ref = &ref;
      // The subscripts are compiled once the array's sizes are known (for
      // `end`), when it is first lowered.
      return addNode(std::move(n));
    }
    case ast::ExprKind::Call: {
      const auto &call = ast::cast<ast::CallExpr>(e);
      if (call.callee->global || call.callee->parts.size() != 1 ||
          call.callee->parts[0].name != "der" || !call.callee->parts[0].subscripts.empty() ||
          call.args.size() != 1 || !call.namedArgs.empty() || !call.iterators.empty())
        return std::nullopt;
      auto x = expr(*call.args[0]);
      if (!x || nodes_[*x].kind != TNode::Kind::Element)
        return std::nullopt;
      TNode n;
      n.kind = TNode::Kind::Der;
      n.a = *x;
      n.ast = &e;
      return addNode(std::move(n));
    }
    case ast::ExprKind::Unary: {
      const auto &u = ast::cast<ast::UnaryExpr>(e);
      auto x = expr(*u.operand);
      if (!x)
        return std::nullopt;
      if (u.op == ast::UnaryOpKind::Plus || u.op == ast::UnaryOpKind::ElemPlus)
        return x;
      if (u.op != ast::UnaryOpKind::Minus && u.op != ast::UnaryOpKind::ElemMinus)
        return std::nullopt;
      TNode n;
      n.kind = TNode::Kind::Neg;
      n.a = *x;
      return addNode(std::move(n));
    }
    case ast::ExprKind::Binary: {
      const auto &b = ast::cast<ast::BinaryExpr>(e);
      using B = ast::BinaryOpKind;
      OpKind op;
      switch (b.op) {
      case B::Add: case B::ElemAdd: op = OpKind::Add; break;
      case B::Sub: case B::ElemSub: op = OpKind::Sub; break;
      case B::Mul: case B::ElemMul: op = OpKind::Mul; break;
      case B::Div: case B::ElemDiv: op = OpKind::Div; break;
      default: return std::nullopt;
      }
      auto x = expr(*b.lhs);
      if (!x)
        return std::nullopt;
      auto y = expr(*b.rhs);
      if (!y)
        return std::nullopt;
      TNode n;
      n.kind = TNode::Kind::Binary;
      n.op = op;
      n.a = *x;
      n.b = *y;
      return addNode(std::move(n));
    }
    case ast::ExprKind::If: {
      const auto &i = ast::cast<ast::IfExpr>(e);
      TNode n;
      n.kind = TNode::Kind::If;
      for (const ast::IfBranch &branch : i.branches) {
        auto c = condition(*branch.condition);
        if (!c)
          return std::nullopt;
        auto v = expr(*branch.value);
        if (!v)
          return std::nullopt;
        n.branches.push_back({*c, *v});
      }
      auto otherwise = expr(*i.elseValue);
      if (!otherwise)
        return std::nullopt;
      n.otherwise = *otherwise;
      return addNode(std::move(n));
    }
    default:
      return std::nullopt;
    }
  }

  /// The value of an Integer expression; nothing if it is not known here
  /// (an overflow, a name without a known Integer value: unrolling's), and
  /// `error` set if evaluating a name reported an error.
  std::optional<int64_t> evalInt(uint32_t k) {
    IntNode &n = ints_[k];
    int64_t x = 0, y = 0, r = 0;
    switch (n.kind) {
    case IntNode::Kind::Literal: return n.value;
    case IntNode::Kind::Iterator: return values_[n.value];
    case IntNode::Kind::Name: {
      if (!n.resolved) {
        n.resolved = true;
        unsigned errors = f_.diags().errorCount();
        auto v = f_.lower(*n.name, scope_);
        if (!v) {
          error_ = error_ || f_.diags().errorCount() != errors;
          n.name = nullptr;
          return std::nullopt;
        }
        std::optional<double> c;
        if (v->isScalar() && !v->isRecord && v->type == ElementType::Integer &&
            v->elements.size() == 1)
          c = f_.evaluate(v->elements[0]);
        if (!c || *c != std::floor(*c) || std::fabs(*c) > static_cast<double>(kLimit)) {
          n.name = nullptr;
          return std::nullopt;
        }
        n.value = static_cast<int64_t>(*c);
      }
      if (!n.name)
        return std::nullopt;
      return n.value;
    }
    case IntNode::Kind::Neg: {
      auto a = evalInt(n.a);
      if (!a)
        return std::nullopt;
      return -*a;
    }
    default: break;
    }
    IntNode::Kind kind = n.kind;
    uint32_t nb = n.b;
    auto a = evalInt(n.a);
    auto b = a ? evalInt(nb) : std::nullopt;
    if (!b)
      return std::nullopt;
    x = *a;
    y = *b;
    bool overflow = kind == IntNode::Kind::Add   ? __builtin_add_overflow(x, y, &r)
                    : kind == IntNode::Kind::Sub ? __builtin_sub_overflow(x, y, &r)
                                                 : __builtin_mul_overflow(x, y, &r);
    if (overflow || r > kLimit || r < -kLimit)
      return std::nullopt;
    return r;
  }

  std::optional<bool> evalCond(uint32_t k) {
    const CondNode &n = conds_[k];
    switch (n.kind) {
    case CondNode::Kind::Literal: return n.value;
    case CondNode::Kind::Not: {
      auto a = evalCond(n.a);
      if (!a)
        return std::nullopt;
      return !*a;
    }
    case CondNode::Kind::And:
    case CondNode::Kind::Or: {
      auto a = evalCond(n.a);
      if (!a)
        return std::nullopt;
      auto b = evalCond(n.b);
      if (!b)
        return std::nullopt;
      return n.kind == CondNode::Kind::And ? *a && *b : *a || *b;
    }
    case CondNode::Kind::Relation: {
      auto a = evalInt(n.a);
      if (!a)
        return std::nullopt;
      auto b = evalInt(n.b);
      if (!b)
        return std::nullopt;
      using B = ast::BinaryOpKind;
      switch (n.op) {
      case B::Less: return *a < *b;
      case B::LessEq: return *a <= *b;
      case B::Greater: return *a > *b;
      case B::GreaterEq: return *a >= *b;
      case B::Equal: return *a == *b;
      case B::NotEqual: return *a != *b;
      default: return std::nullopt;
      }
    }
    }
    return std::nullopt;
  }

  /// Lowers a leaf or an array on first use (in a branch the elements
  /// take, so that an error is one the unrolled loop would report too).
  Outcome lowerLeaf(TNode &n) {
    if (n.lowered)
      return n.failed ? Outcome::Error : Outcome::Ok;
    n.lowered = true;
    unsigned errors = f_.diags().errorCount();
    if (n.kind == TNode::Kind::Leaf) {
      auto v = f_.lower(*n.ast, scope_);
      if (!v) {
        n.failed = f_.diags().errorCount() != errors;
        return n.failed ? Outcome::Error : Outcome::GiveUp;
      }
      if (!v->isScalar() || v->isRecord || v->isString() || v->isFunction() ||
          (v->type != ElementType::Real && v->type != ElementType::Integer) ||
          v->elements.size() != 1) {
        n.failed = true; // not of the form: the unrolled loop decides
        return Outcome::GiveUp;
      }
      n.leaf = v->elements[0];
      return Outcome::Ok;
    }
    // An element of an array: the array, lowered whole, and its subscripts.
    const ast::RefPart &part = n.ref->parts[0];
    inst::Found found = f_.instantiator().lookupFirst(part.name, scope_);
    if (found.kind != inst::Found::Kind::Component || !found.instance ||
        !f_.frames.empty()) {
      n.failed = true;
      return Outcome::GiveUp;
    }
    ast::RefExpr whole;
    whole.range = n.ref->range;
    whole.parts.push_back({part.name, {}, part.range});
    auto v = f_.lower(whole, scope_);
    if (!v) {
      n.failed = true;
      return f_.diags().errorCount() != errors ? Outcome::Error : Outcome::GiveUp;
    }
    n.failed = true; // until every check has passed
    if (v->isRecord || v->isString() || v->isFunction() ||
        (v->type != ElementType::Real && v->type != ElementType::Integer) ||
        v->dims.size() != part.subscripts.size() ||
        found.instance->dimExprs.size() != v->dims.size())
      return Outcome::GiveUp;
    for (const auto &[type, name] : f_.dimensionTypes(found.instance))
      if (type != ElementType::Integer)
        return Outcome::GiveUp;
    for (size_t d = 0; d < v->dims.size(); ++d) {
      auto s = intExpr(*part.subscripts[d], v->dims[d]);
      if (!s)
        return Outcome::GiveUp;
      n.subscripts.push_back(*s);
    }
    n.dims = v->dims;
    n.elements = std::move(v->elements);
    n.failed = false;
    return Outcome::Ok;
  }

  /// The element an Element node selects for the current iterators.
  Outcome element(uint32_t k, ExprId &out) {
    if (Outcome o = lowerLeaf(nodes_[k]); o != Outcome::Ok)
      return o;
    const TNode &n = nodes_[k];
    size_t index = 0;
    for (size_t d = 0; d < n.dims.size(); ++d) {
      auto s = evalInt(n.subscripts[d]);
      if (!s || *s < 1 || *s > n.dims[d])
        return error_ ? Outcome::Error : Outcome::GiveUp; // unrolling reports the subscript
      index = index * static_cast<size_t>(n.dims[d]) + static_cast<size_t>(*s - 1);
    }
    out = n.elements[index];
    return Outcome::Ok;
  }

  /// Evaluates node k for the current iterators; builds pool nodes only
  /// when `build` is set (the first pass checks, the second builds).
  Outcome eval(uint32_t k, bool build, ExprId &out) {
    TNode &n = nodes_[k];
    switch (n.kind) {
    case TNode::Kind::Leaf: {
      Outcome o = lowerLeaf(n);
      out = n.leaf;
      return o;
    }
    case TNode::Kind::Element:
      return element(k, out);
    case TNode::Kind::Der: {
      ExprId x;
      if (Outcome o = element(n.a, x); o != Outcome::Ok)
        return o;
      // As timeDerivative on a continuous Real variable; anything else
      // (a parameter, a discrete variable: an error) is unrolling's.
      sym::VarId v = f_.pool().variableOf(x);
      if (!v.valid())
        return Outcome::GiveUp;
      const flat::Variable &var = f_.model().var(v);
      if (var.variability != flat::VariabilityKind::Continuous ||
          var.type != flat::TypeKind::Real || var.special != flat::SpecialKind::None)
        return Outcome::GiveUp;
      if (build)
        out = f_.pool().variable(f_.model().derivativeOf(v));
      return Outcome::Ok;
    }
    case TNode::Kind::Neg: {
      ExprId x;
      if (Outcome o = eval(n.a, build, x); o != Outcome::Ok)
        return o;
      if (build)
        out = f_.pool().neg(x);
      return Outcome::Ok;
    }
    case TNode::Kind::Binary: {
      ExprId x, y;
      uint32_t a = n.a, b = n.b;
      OpKind op = n.op;
      if (Outcome o = eval(a, build, x); o != Outcome::Ok)
        return o;
      if (Outcome o = eval(b, build, y); o != Outcome::Ok)
        return o;
      if (build)
        out = f_.pool().binary(op, x, y);
      return Outcome::Ok;
    }
    case TNode::Kind::If: {
      for (size_t i = 0; i < nodes_[k].branches.size(); ++i) {
        auto [c, v] = nodes_[k].branches[i];
        auto taken = evalCond(c);
        if (!taken)
          return error_ ? Outcome::Error : Outcome::GiveUp;
        if (*taken)
          return eval(v, build, out);
      }
      return eval(nodes_[k].otherwise, build, out);
    }
    }
    return Outcome::GiveUp;
  }

  Flattener &f_;
  const ast::ForEquation &e_;
  Scope scope_;
  std::vector<std::string> names_;
  std::vector<IntNode> ints_;
  std::vector<CondNode> conds_;
  std::vector<TNode> nodes_;
  std::vector<Eq> equations_;
  std::vector<int64_t> values_; ///< the iterators' current values
  bool error_ = false;          ///< evaluating a name reported an error
};

bool Flattener::lowerForTemplate(const ast::ForEquation &e, Scope scope, bool initial) {
  if (!templatesEnabled || !frames.empty() || pool_ != &model_.pool)
    return false;
  ForTemplate t(*this, e, scope);
  // The ranges: Integer vectors that do not depend on this loop's iterators.
  std::vector<std::vector<int64_t>> ranges;
  for (size_t level = 0; level < e.indices.size(); ++level) {
    const ast::ForIndex &index = e.indices[level];
    if (!index.range)
      return false;
    bool dependent = false;
    ast::forEachExpr(*index.range, [&](const ast::Expr &x) {
      if (x.kind == ast::ExprKind::Ref) {
        const auto &ref = ast::cast<ast::RefExpr>(x);
        for (size_t k = 0; k <= level && k < e.indices.size(); ++k)
          if (!ref.global && ref.parts[0].name == e.indices[k].name)
            dependent = true;
      }
    });
    if (dependent)
      return false;
    unsigned errors = diags_.errorCount();
    auto range = evaluate(*index.range, scope, "the range of a for-equation");
    if (!range)
      return diags_.errorCount() != errors; // reported: as unrolling would stop
    if (range->rank() != 1 || range->type != ElementType::Integer || range->isRecord)
      return false;
    std::vector<int64_t> values;
    for (ExprId x : range->elements) {
      auto c = pool_->constantValue(x);
      if (!c || *c != std::floor(*c) || std::fabs(*c) > static_cast<double>(kLimit))
        return false;
      values.push_back(static_cast<int64_t>(*c));
    }
    if (values.empty())
      return false; // nothing to lower: unrolling does nothing either
    ranges.push_back(std::move(values));
  }
  // A box larger than translation supports: unrolling reports it.
  double runs = forIterations_;
  for (const auto &values : ranges)
    runs *= static_cast<double>(values.size());
  if (runs > static_cast<double>(kMaxArrayElements))
    return false;
  if (!t.compile())
    return false;
  size_t first = model_.equations.size();
  Outcome outcome = t.run(ranges, initial);
  if (outcome == Outcome::Ok) {
    ++templatesLowered;
    if (!initial)
      if (auto a = t.explicitOde(ranges, first); a && first + a->count == model_.equations.size())
        model_.arrayEquations.push_back(std::move(*a));
  }
  return outcome != Outcome::GiveUp;
}

} // namespace mocc::flattening

namespace mocc {
void setForEquationTemplates(bool enabled) { flattening::templatesEnabled = enabled; }
bool forEquationTemplates() { return flattening::templatesEnabled; }
size_t forEquationTemplatesLowered() { return flattening::templatesLowered; }
} // namespace mocc
