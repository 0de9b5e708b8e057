// Lowering of calls to the built-in operators and functions of MLS chapter
// 3.7 and 10.3 (der, the mathematical functions, reductions, array
// constructors and dimension functions). Calls of user-defined functions
// are resolved here too.
#include "compiler/flatten/Flattener.h"

#include "compiler/flatten/Connections.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/symbolic/Differentiate.h"
#include "compiler/symbolic/NonFinite.h"

#include <cmath>
#include <limits>
#include <filesystem>
#include <map>
#include <sstream>

namespace mocc::flattening {

using sym::ExprId;
using sym::OpKind;

namespace {

/// Element-wise functions of one Real argument.
const std::map<std::string, OpKind> kUnaryFunctions = {
    {"abs", OpKind::Abs},     {"sign", OpKind::Sign},   {"sqrt", OpKind::Sqrt},
    {"exp", OpKind::Exp},     {"log", OpKind::Log},     {"log10", OpKind::Log10},
    {"sin", OpKind::Sin},     {"cos", OpKind::Cos},     {"tan", OpKind::Tan},
    {"asin", OpKind::Asin},   {"acos", OpKind::Acos},   {"atan", OpKind::Atan},
    {"sinh", OpKind::Sinh},   {"cosh", OpKind::Cosh},   {"tanh", OpKind::Tanh},
    {"floor", OpKind::Floor}, {"ceil", OpKind::Ceil},   {"integer", OpKind::Floor},
};

/// Element-wise functions of two arguments.
const std::map<std::string, OpKind> kBinaryFunctions = {
    {"atan2", OpKind::Atan2}, {"div", OpKind::IntDiv}, {"mod", OpKind::Mod}, {"rem", OpKind::Rem},
};

const char *const kEventOperators[] = {"initial", "terminal", "pre", "edge", "change", "sample"};
const char *const kUnsupportedOperators[] = {"spatialDistribution"};
/// The built-in operators of clocked synchronous partitions and state
/// machines (MLS 16, 17), which are not supported yet; a user's function
/// of the same name is called as usual.
const char *const kClockedOperators[] = {
    "hold",        "previous",   "interval",   "subSample",     "superSample",
    "shiftSample", "backSample", "noClock",    "firstTick",     "transition",
    "initialState", "activeState", "ticksInState", "timeInState"};
/// Those of them that Clocks.cpp lowers (MLS 16.4, 16.5).
const std::string kSynchronousOperators[] = {"hold",        "previous",   "interval",
                                             "subSample",   "superSample", "shiftSample",
                                             "backSample",  "noClock",    "firstTick"};

} // namespace

/// Lowered arguments of one call.
struct CallArgs {
  std::vector<Value> positional;
  std::map<std::string, Value> named;
};

std::optional<Value> Flattener::timeDerivative(const Value &v, SourceRange loc) {
  if (v.isString() || v.isRecord || v.type != ElementType::Real) {
    diags_.report(diag::DerNeedsReal, loc);
    return std::nullopt;
  }
  Value r = v;
  r.type = ElementType::Real;
  bool discrete = false;
  for (ExprId &e : r.elements) {
    bool ok = true;
    e = sym::differentiate(*pool_, e, [&](ExprId leaf) -> ExprId {
      if (pool_->op(leaf) == OpKind::Time)
        return pool_->one();
      sym::VarId x = pool_->variableOf(leaf);
      if (!x.valid()) {
        ok = false;
        return {};
      }
      const flat::Variable &var = model_.var(x);
      // MLS 3.7.4.2: the derivative of a discrete-time Real is illegal.
      if (var.variability == flat::VariabilityKind::Discrete && var.type == flat::TypeKind::Real &&
          var.special == flat::SpecialKind::None) {
        diags_.report(diag::DerOfDiscreteVariable, loc, {var.name});
        discrete = true;
        return pool_->zero();
      }
      if (var.variability != flat::VariabilityKind::Continuous)
        return pool_->zero();
      if (var.type != flat::TypeKind::Real) {
        ok = false;
        return {};
      }
      return pool_->variable(model_.derivativeOf(x));
    });
    if (discrete)
      return std::nullopt;
    if (!ok || !e.valid()) {
      diags_.report(diag::CannotDifferentiateWrtTime, loc);
      return std::nullopt;
    }
  }
  return r;
}

namespace {

/// The shared state of lowering one builtin call.
struct BuiltinCall {
  Flattener &f;
  const ast::CallExpr &call;
  const std::string &name;
  CallArgs args;

  sym::ExprPool &pool() { return f.pool(); }
  Diagnostics &diags() { return f.diags(); }

  bool expectArgs(size_t min, size_t max) {
    size_t n = args.positional.size();
    if (n >= min && n <= max)
      return true;
    std::string count = min == max ? std::to_string(min)
                                   : std::to_string(min) + " to " + std::to_string(max);
    diags().report(diag::BuiltinArgumentCount, call.range, {name, count, std::to_string(n)});
    return false;
  }

  bool numeric(const Value &v) {
    if (!v.isString() && !v.isRecord)
      return true;
    diags().report(diag::BuiltinNeedsNumeric, call.range, {name});
    return false;
  }

  /// A Real or Integer argument (not a Boolean or an enumeration value).
  bool number(const Value &v) {
    if (!numeric(v))
      return false;
    if (v.type == ElementType::Real || v.type == ElementType::Integer)
      return true;
    diags().report(diag::BuiltinNeedsRealOrInteger, call.range, {name, flat::typeName(v.type)});
    return false;
  }

  /// A constant argument outside the domain of a mathematical function
  /// (MLS 3.7.3): reported, since the result would be NaN or infinite.
  bool inDomain(const Value &v) {
    for (ExprId x : v.elements) {
      auto c = pool().constantValue(x);
      if (!c)
        continue;
      const char *domain = nullptr;
      if (name == "sqrt" && *c < 0)
        domain = "it must not be negative";
      else if ((name == "log" || name == "log10") && *c <= 0)
        domain = "it must be positive";
      else if ((name == "asin" || name == "acos") && (*c < -1 || *c > 1))
        domain = "it must be in [-1, 1]";
      if (!domain)
        continue;
      std::ostringstream text;
      text << *c;
      diags().report(diag::BuiltinArgumentOutsideDomain, call.range, {name, text.str(), domain});
      return false;
    }
    return true;
  }

  std::optional<int64_t> integerArg(size_t i) {
    const Value &v = args.positional[i];
    if (!v.isScalar() || v.isString()) {
      diags().report(diag::BuiltinNeedsScalarInteger, call.args[i]->range, {name});
      return std::nullopt;
    }
    auto c = f.evaluate(v.elements[0]);
    if (!c || *c != std::floor(*c)) {
      diags().report(diag::BuiltinArgumentNotIntegerParameter, call.args[i]->range, {name});
      return std::nullopt;
    }
    return static_cast<int64_t>(*c);
  }

  ExprId sumOf(const std::vector<ExprId> &xs, OpKind op, ExprId empty) {
    // A balanced tree keeps expressions shallow for long sums.
    if (xs.empty())
      return empty;
    std::vector<ExprId> level = xs;
    while (level.size() > 1) {
      std::vector<ExprId> next;
      for (size_t i = 0; i + 1 < level.size(); i += 2)
        next.push_back(pool().binary(op, level[i], level[i + 1]));
      if (level.size() % 2)
        next.push_back(level.back());
      level = std::move(next);
    }
    return level[0];
  }

  /// Whether an array of shape `dims` may be built (see kMaxArrayElements).
  bool sizeOk(const std::vector<int64_t> &dims) {
    if (elementCount(dims))
      return true;
    diags().report(diag::BuiltinArrayTooLarge, call.range,
                   {name, shapeText(dims), std::to_string(kMaxArrayElements)});
    return false;
  }

  Value fillValue(ExprId e, ElementType type, std::vector<int64_t> dims) {
    Value r;
    r.type = type;
    r.dims = std::move(dims);
    r.elements.assign(static_cast<size_t>(r.count()), e);
    return r;
  }

  /// sum() of an array of operator records (MLS 14.5): the elements added
  /// with its '+', in order; of no element, its '0'.
  std::optional<Value> recordSum(const Value &a) {
    inst::ClassNode *record = f.operatorRecordOf(a.items.empty() ? a : a.items[0]);
    if (!record || a.isScalar()) {
      diags().report(diag::BuiltinNeedsNumeric, call.range, {name});
      return std::nullopt;
    }
    if (a.items.empty()) {
      if (auto zero = f.callOverloaded(record, "'0'", {}, {}, call.range))
        return zero;
      diags().report(diag::BuiltinOfEmptyArray, call.range, {name});
      return std::nullopt;
    }
    Value total = a.items[0];
    for (size_t k = 1; k < a.items.size(); ++k) {
      auto next = f.callOverloaded(record, "'+'", {total, a.items[k]}, {}, call.range);
      if (!next) {
        diags().report(diag::NoOperatorFunctionTakes, call.range,
                       {"'+'", record->fullName(), describe(total), describe(a.items[k])});
        return std::nullopt;
      }
      total = std::move(*next);
    }
    return total;
  }

  /// The type of min, max, sum or product of elements of types `a` and
  /// `b`: min and max keep Integer, Boolean (false < true) and enumeration
  /// elements (MLS 10.3.4), sum and product keep Integer; else Real.
  ElementType reductionType(OpKind op, ElementType a, ElementType b) {
    bool ordered = op == OpKind::Min || op == OpKind::Max;
    if (a == b && (a == ElementType::Integer ||
                   (ordered && (a == ElementType::Boolean || a == ElementType::Enumeration))))
      return a;
    return ElementType::Real;
  }

  std::optional<Value> reduction(OpKind op, ExprId empty) {
    if (op == OpKind::Add && args.positional.size() == 1 && args.positional[0].isRecord)
      return recordSum(args.positional[0]);
    if (!expectArgs(1, 2) || !numeric(args.positional[0]))
      return std::nullopt;
    const Value &a = args.positional[0];
    if ((op == OpKind::Add || op == OpKind::Mul) && a.type == ElementType::Boolean) {
      diags().report(diag::BuiltinNeedsNumericElements, call.range, {name});
      return std::nullopt;
    }
    if (args.positional.size() == 2) { // min(a, b), max(a, b)
      const Value &b = args.positional[1];
      if (!a.isScalar() || !b.isScalar()) {
        diags().report(diag::BuiltinTwoArgumentsNotScalars, call.range, {name});
        return std::nullopt;
      }
      Value r = Value::scalar(pool().binary(op, a.elements[0], b.elements[0]),
                              reductionType(op, a.type, b.type));
      if (r.type == ElementType::Enumeration)
        r.recordName = a.recordName;
      return r;
    }
    if (a.isScalar() && call.iterators.empty() && (op == OpKind::Min || op == OpKind::Max)) {
      diags().report(diag::BuiltinOneArgumentNotArray, call.range, {name});
      return std::nullopt;
    }
    if (a.elements.empty() && !empty.valid() && (op == OpKind::Min || op == OpKind::Max)) {
      // MLS 10.3.4.1, the table of reductions: min of nothing is the
      // greatest value of the type, max the least (for Real the largest
      // finite numbers; Integer has 32 bits here; Boolean: true, false).
      bool least = op == OpKind::Max;
      if (a.type == ElementType::Real)
        empty = pool().constant(least ? -std::numeric_limits<double>::max()
                                      : std::numeric_limits<double>::max());
      else if (a.type == ElementType::Integer)
        empty = pool().constant(least ? std::numeric_limits<int32_t>::min()
                                      : std::numeric_limits<int32_t>::max());
      else if (a.type == ElementType::Boolean)
        empty = least ? pool().zero() : pool().one();
    }
    if (a.elements.empty() && !empty.valid()) {
      diags().report(diag::BuiltinOfEmptyArray, call.range, {name});
      return std::nullopt;
    }
    Value r = Value::scalar(sumOf(a.elements, op, empty), reductionType(op, a.type, a.type));
    if (r.type == ElementType::Enumeration)
      r.recordName = a.recordName;
    return r;
  }

  std::optional<Value> dimensionFunction() {
    const Value &a = args.positional[0];
    if (name == "ndims")
      return Value::scalar(pool().constant(a.rank()), ElementType::Integer);
    if (args.positional.size() == 2) {
      auto i = integerArg(1);
      if (!i)
        return std::nullopt;
      if (*i < 1 || *i > a.rank()) {
        diags().report(diag::DimensionOutOfRange, call.range,
                       {std::to_string(*i), std::to_string(a.rank())});
        return std::nullopt;
      }
      return Value::scalar(pool().constant(static_cast<double>(a.dims[*i - 1])), ElementType::Integer);
    }
    Value r;
    r.type = ElementType::Integer;
    r.dims = {a.rank()};
    for (int64_t d : a.dims)
      r.elements.push_back(pool().constant(static_cast<double>(d)));
    return r;
  }

  std::optional<Value> constructor() {
    std::vector<int64_t> dims;
    size_t first = name == "fill" ? 1 : 0;
    for (size_t i = first; i < args.positional.size(); ++i) {
      auto n = integerArg(i);
      if (!n)
        return std::nullopt;
      dims.push_back(std::max<int64_t>(*n, 0));
    }
    if (name == "fill") {
      const Value &v = args.positional[0];
      Value r;
      r.type = v.type;
      r.dims = v.dims;
      r.dims.insert(r.dims.begin(), dims.begin(), dims.end());
      if (!sizeOk(r.dims))
        return std::nullopt;
      int64_t copies = *elementCount(dims);
      // An array of records keeps its records, row-major, in `items`.
      r.isRecord = v.isRecord;
      r.recordName = v.recordName;
      for (int64_t k = 0; k < copies; ++k) {
        r.elements.insert(r.elements.end(), v.elements.begin(), v.elements.end());
        r.strings.insert(r.strings.end(), v.strings.begin(), v.strings.end());
        if (v.isRecord && v.dims.empty())
          r.items.push_back(v);
        else
          r.items.insert(r.items.end(), v.items.begin(), v.items.end());
      }
      return r;
    }
    ExprId e = name == "ones" ? pool().one() : pool().zero();
    if (!sizeOk(dims))
      return std::nullopt;
    return fillValue(e, ElementType::Integer, dims);
  }

  std::optional<Value> identity() {
    auto n = integerArg(0);
    if (!n || !sizeOk({std::max<int64_t>(*n, 0), std::max<int64_t>(*n, 0)}))
      return std::nullopt;
    Value r = fillValue(pool().zero(), ElementType::Integer, {*n, *n});
    for (int64_t i = 0; i < *n; ++i)
      r.elements[i * *n + i] = pool().one();
    return r;
  }

  std::optional<Value> diagonal() {
    const Value &v = args.positional[0];
    if (v.rank() != 1) {
      diags().report(diag::DiagonalNeedsVector, call.range);
      return std::nullopt;
    }
    int64_t n = v.dims[0];
    Value r = fillValue(pool().zero(), v.type, {n, n});
    for (int64_t i = 0; i < n; ++i)
      r.elements[i * n + i] = v.elements[i];
    return r;
  }

  std::optional<Value> transpose() {
    const Value &a = args.positional[0];
    if (a.rank() < 2) {
      diags().report(diag::TransposeNeedsMatrix, call.range);
      return std::nullopt;
    }
    Value r = a;
    std::swap(r.dims[0], r.dims[1]);
    int64_t rows = a.dims[0], cols = a.dims[1], inner = a.count() / (rows * cols);
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        for (int64_t k = 0; k < inner; ++k)
          r.elements[(j * rows + i) * inner + k] = a.elements[(i * cols + j) * inner + k];
    return r;
  }

  bool vector3(const Value &v) {
    if (v.rank() == 1 && v.dims[0] == 3)
      return true;
    diags().report(diag::BuiltinNeedsSize3Vectors, call.range, {name});
    return false;
  }

  std::optional<Value> cross() {
    const Value &x = args.positional[0], &y = args.positional[1];
    if (!vector3(x) || !vector3(y))
      return std::nullopt;
    auto term = [&](int i, int j) {
      return pool().sub(pool().mul(x.elements[i], y.elements[j]),
                        pool().mul(x.elements[j], y.elements[i]));
    };
    Value r;
    r.dims = {3};
    r.elements = {term(1, 2), term(2, 0), term(0, 1)};
    return r;
  }

  std::optional<Value> skew() {
    const Value &x = args.positional[0];
    if (!vector3(x))
      return std::nullopt;
    ExprId z = pool().zero();
    auto n = [&](int i) { return pool().neg(x.elements[i]); };
    Value r;
    r.dims = {3, 3};
    r.elements = {z, n(2), x.elements[1], x.elements[2], z, n(0), n(1), x.elements[0], z};
    return r;
  }

  std::optional<Value> outerProduct() {
    const Value &x = args.positional[0], &y = args.positional[1];
    if (x.rank() != 1 || y.rank() != 1) {
      diags().report(diag::OuterProductNeedsVectors, call.range);
      return std::nullopt;
    }
    Value r;
    r.dims = {x.dims[0], y.dims[0]};
    for (ExprId a : x.elements)
      for (ExprId b : y.elements)
        r.elements.push_back(pool().mul(a, b));
    return r;
  }

  std::optional<Value> linspace() {
    auto n = integerArg(2);
    if (!n)
      return std::nullopt;
    if (*n < 2) {
      diags().report(diag::LinspaceTooFewPoints, call.range);
      return std::nullopt;
    }
    if (!sizeOk({*n}))
      return std::nullopt;
    ExprId a = args.positional[0].elements[0], b = args.positional[1].elements[0];
    Value r;
    r.dims = {*n};
    for (int64_t i = 0; i < *n; ++i) {
      ExprId fraction = pool().constant(static_cast<double>(i) / static_cast<double>(*n - 1));
      r.elements.push_back(pool().add(a, pool().mul(pool().sub(b, a), fraction)));
    }
    return r;
  }

  std::optional<Value> reshape() {
    const Value &a = args.positional[0];
    if (name == "scalar") {
      if (a.count() != 1) {
        diags().report(diag::ScalarNeedsOneElement, call.range);
        return std::nullopt;
      }
      Value r = a;
      r.dims.clear();
      return r;
    }
    int64_t nonUnit = 0;
    for (int64_t d : a.dims)
      nonUnit += d != 1;
    if (name == "vector") {
      if (nonUnit > 1) {
        diags().report(diag::VectorNeedsOneNonUnitDimension, call.range);
        return std::nullopt;
      }
      Value r = a;
      r.dims = {a.count()};
      return r;
    }
    // matrix(A): the first two dimensions; the others must be 1.
    Value r = a;
    if (a.rank() < 2)
      r.dims = {a.rank() == 0 ? 1 : a.dims[0], 1};
    else
      r.dims = {a.dims[0], a.dims[1]};
    if (r.count() != a.count()) {
      diags().report(diag::MatrixNeedsUnitTrailingDimensions, call.range);
      return std::nullopt;
    }
    return r;
  }

  std::optional<Value> cat() {
    auto k = integerArg(0);
    if (!k)
      return std::nullopt;
    std::vector<Value> parts(args.positional.begin() + 1, args.positional.end());
    if (parts.empty())
      return std::nullopt;
    int rank = parts[0].rank();
    if (*k < 1 || *k > rank) {
      diags().report(diag::CatDimensionOutOfRange, call.range, {std::to_string(*k)});
      return std::nullopt;
    }
    size_t d = static_cast<size_t>(*k - 1);
    Value r;
    r.type = parts[0].type;
    r.dims = parts[0].dims;
    r.dims[d] = 0;
    for (const Value &p : parts) {
      std::vector<int64_t> a = p.dims, b = parts[0].dims;
      if (p.rank() != rank || (a[d] = 0, b[d] = 0, a != b)) {
        diags().report(diag::CatShapesIncompatible, call.range);
        return std::nullopt;
      }
      r.dims[d] += p.dims[d];
    }
    int64_t outer = 1, inner = 1;
    for (size_t i = 0; i < d; ++i)
      outer *= r.dims[i];
    for (size_t i = d + 1; i < r.dims.size(); ++i)
      inner *= r.dims[i];
    for (int64_t o = 0; o < outer; ++o)
      for (const Value &p : parts) {
        int64_t chunk = p.dims[d] * inner;
        r.elements.insert(r.elements.end(), p.elements.begin() + o * chunk,
                          p.elements.begin() + (o + 1) * chunk);
      }
    return r;
  }

  std::optional<Value> lower() {
    auto &pos = args.positional;
    if (auto it = kUnaryFunctions.find(name); it != kUnaryFunctions.end()) {
      if (!expectArgs(1, 1) || !number(pos[0]) || !inDomain(pos[0]))
        return std::nullopt;
      Value r = f.elementwise(pos[0], [&](ExprId x) { return pool().unary(it->second, x); });
      bool integral = name == "integer" ||
                      ((name == "abs" || name == "sign") && pos[0].type == ElementType::Integer);
      r.type = integral ? ElementType::Integer : ElementType::Real;
      // integer() of a constant outside the range of Integer (32 bits, as
      // Integers are passed to C) has no value.
      if (name == "integer")
        for (ExprId e : r.elements)
          if (auto v = pool().constantValue(e); v && !fitsInteger(*v)) {
            f.diags().report(diag::CallResultOutOfIntegerRange, call.range,
                             {ast::toString(call), sym::formatValue(*v), integerRange()});
            return std::nullopt;
          }
      return r;
    }
    if (auto it = kBinaryFunctions.find(name); it != kBinaryFunctions.end()) {
      if (!expectArgs(2, 2) || !number(pos[0]) || !number(pos[1]))
        return std::nullopt;
      auto r = f.elementwise2(pos[0], pos[1], call.range,
                              [&](ExprId a, ExprId b) { return pool().binary(it->second, a, b); },
                              name.c_str());
      if (r && name == "atan2")
        r->type = ElementType::Real;
      return r;
    }
    if (name == "der") {
      if (!expectArgs(1, 1))
        return std::nullopt;
      return f.timeDerivative(pos[0], call.range);
    }
    if (name == "noEvent" || name == "smooth") {
      size_t n = name == "smooth" ? 2 : 1;
      if (!expectArgs(n, n))
        return std::nullopt;
      std::optional<int64_t> order = n == 2 ? integerArg(0) : std::optional<int64_t>(0);
      if (!order)
        return std::nullopt;
      const Value &x = pos[n - 1];
      if (name == "noEvent")
        return f.elementwise(x, [&](ExprId e) { return pool().unary(OpKind::NoEvent, e); });
      return f.elementwise(x, [&](ExprId e) { return pool().smooth(static_cast<uint32_t>(*order), e); });
    }
    if (name == "semiLinear") {
      // semiLinear(x, k+, k-) = if x >= 0 then k+ x else k- x (MLS 3.7.4.5):
      // continuous, so no event.
      if (!expectArgs(3, 3))
        return std::nullopt;
      // Vectorized over array arguments of one shape, scalars broadcast
      // (MLS 12.4.6).
      std::vector<int64_t> dims;
      for (const Value &v : pos) {
        if (!number(v))
          return std::nullopt;
        if (!v.isScalar() && !dims.empty() && v.dims != dims) {
          f.diags().report(diag::SemiLinearShapesDiffer, call.range,
                           {shapeText(dims), shapeText(v.dims)});
          return std::nullopt;
        }
        if (!v.isScalar())
          dims = v.dims;
      }
      Value r;
      r.type = ElementType::Real;
      r.dims = dims;
      for (int64_t k = 0; k < r.count(); ++k) {
        auto at = [&](const Value &v) { return v.elements[v.isScalar() ? 0 : k]; };
        ExprId x = at(pos[0]);
        ExprId value = pool().ifElse(pool().binary(OpKind::GreaterEq, x, pool().zero()),
                                     pool().binary(OpKind::Mul, at(pos[1]), x),
                                     pool().binary(OpKind::Mul, at(pos[2]), x));
        r.elements.push_back(pool().smooth(0, value));
      }
      return r;
    }
    if (name == "homotopy") {
      // actual * lambda + simplified * (1 - lambda) (MLS 3.7.4.4): lambda
      // is 1 but while initialization follows it from 0 (the simplified
      // problem) to 1.
      std::optional<Value> actual, simplified;
      if (auto it = args.named.find("actual"); it != args.named.end())
        actual = it->second;
      if (auto it = args.named.find("simplified"); it != args.named.end())
        simplified = it->second;
      if (!actual && !pos.empty())
        actual = pos[0];
      if (!simplified && pos.size() >= 2)
        simplified = pos[1];
      if (!actual) {
        expectArgs(1, 2);
        return std::nullopt;
      }
      if (!simplified || actual->isString() || simplified->isString() ||
          simplified->elements.size() != actual->elements.size())
        return actual;
      Value r = *actual;
      ExprId lambda = pool().variable(f.model().specialVariable(flat::SpecialKind::Homotopy));
      ExprId rest = pool().unfolded(OpKind::Sub, pool().one(), lambda);
      for (size_t k = 0; k < r.elements.size(); ++k)
        r.elements[k] = pool().unfolded(OpKind::Add, pool().unfolded(OpKind::Mul, actual->elements[k], lambda),
                                        pool().unfolded(OpKind::Mul, simplified->elements[k], rest));
      return r;
    }
    if (name == "loadResource") { // ModelicaServices.ExternalReferences.loadResource
      if (!expectArgs(1, 1))
        return std::nullopt;
      Value uri = pos[0];
      if (!uri.isString() || !uri.isScalar()) {
        diags().report(diag::LoadResourceNeedsString, call.range);
        return std::nullopt;
      }
      if (!f.knowText(uri, call.range, "the URI of `loadResource`"))
        return std::nullopt;
      std::error_code ec;
      std::filesystem::path path = std::filesystem::absolute(f.resolveUri(uri.strings[0]), ec);
      return Value::string(path.lexically_normal().string());
    }
    if (name == "sum")
      return reduction(OpKind::Add, pool().zero());
    if (name == "product")
      return reduction(OpKind::Mul, pool().one());
    if (name == "min")
      return reduction(OpKind::Min, {});
    if (name == "max")
      return reduction(OpKind::Max, {});
    if (name == "size" || name == "ndims")
      return expectArgs(1, name == "size" ? 2 : 1) ? dimensionFunction() : std::nullopt;
    if (name == "zeros" || name == "ones")
      return expectArgs(1, 8) ? constructor() : std::nullopt;
    if (name == "fill")
      return expectArgs(2, 9) ? constructor() : std::nullopt;
    if (name == "identity")
      return expectArgs(1, 1) ? identity() : std::nullopt;
    if (name == "diagonal")
      return expectArgs(1, 1) ? diagonal() : std::nullopt;
    if (name == "transpose")
      return expectArgs(1, 1) ? transpose() : std::nullopt;
    if (name == "symmetric") { // MLS 10.3.5: the upper triangle mirrored
      if (!expectArgs(1, 1))
        return std::nullopt;
      const Value &a = pos[0];
      if (a.rank() != 2 || a.dims[0] != a.dims[1] || a.isRecord || a.isString()) {
        diags().report(diag::SymmetricNeedsSquareMatrix, call.range, {describe(a)});
        return std::nullopt;
      }
      Value r = a;
      int64_t n = a.dims[0];
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < i; ++j)
          r.elements[i * n + j] = a.elements[j * n + i];
      return r;
    }
    if (name == "cross")
      return expectArgs(2, 2) ? cross() : std::nullopt;
    if (name == "skew")
      return expectArgs(1, 1) ? skew() : std::nullopt;
    if (name == "outerProduct")
      return expectArgs(2, 2) ? outerProduct() : std::nullopt;
    if (name == "linspace")
      return expectArgs(3, 3) ? linspace() : std::nullopt;
    if (name == "scalar" || name == "vector" || name == "matrix")
      return expectArgs(1, 1) ? reshape() : std::nullopt;
    if (name == "cat")
      return expectArgs(2, 64) ? cat() : std::nullopt;
    if (name == "Integer") {
      if (!expectArgs(1, 1))
        return std::nullopt;
      Value r = pos[0];
      r.type = ElementType::Integer;
      return r;
    }
    return std::nullopt;
  }
};

bool isBuiltinName(const std::string &name) {
  static const char *const kOthers[] = {
      "der", "noEvent", "smooth", "homotopy", "semiLinear", "sum", "product", "min", "max", "size", "ndims",
      "zeros", "ones", "fill", "identity", "diagonal", "transpose", "symmetric", "cross", "skew",
      "outerProduct", "linspace", "scalar", "vector", "matrix", "cat", "Integer"};
  if (kUnaryFunctions.count(name) || kBinaryFunctions.count(name))
    return true;
  for (const char *n : kOthers)
    if (name == n)
      return true;
  return false;
}

} // namespace

/// pre, edge, change, initial, terminal and sample (MLS 3.7.5): operators on
/// the discrete part of a model, which exist only in equations of models.
std::optional<Value> Flattener::lowerEventOperator(const ast::CallExpr &call, Scope scope) {
  std::string name = operatorName(*call.callee);
  if (pool_ != &model_.pool) {
    diags_.report(diag::BuiltinNotInFunction, call.range, {name});
    return std::nullopt;
  }
  if (firstTimeDependence.what.empty())
    firstTimeDependence = {call.range, "`" + name + "()`"};
  size_t arity = name == "initial" || name == "terminal" ? 0 : name == "sample" ? 2 : 1;
  if (name == "sample" && call.args.size() == 1 && call.namedArgs.empty())
    return lowerClockedOperator(call, scope);
  if (name == "sample" && call.args.size() != 2 && call.namedArgs.empty()) {
    diags_.report(diag::BuiltinArity, call.range, {"sample", "1 or 2"});
    return std::nullopt;
  }
  if (call.args.size() != arity || !call.namedArgs.empty()) {
    diags_.report(diag::BuiltinArity, call.range, {name, std::to_string(arity)});
    return std::nullopt;
  }
  if (arity == 0) {
    auto kind = name == "initial" ? flat::SpecialKind::Initial : flat::SpecialKind::Terminal;
    return Value::scalar(pool_->variable(model_.specialVariable(kind)), ElementType::Boolean);
  }
  if (name == "sample") {
    auto start = lower(*call.args[0], scope), interval = lower(*call.args[1], scope);
    if (!start || !interval)
      return std::nullopt;
    if (isClockValue(*interval))
      return lowerClockedOperator(call, scope, start, interval);
    if (!start->isScalar() || !interval->isScalar() || start->isString() || interval->isString()) {
      diags_.report(diag::SampleNeedsScalars, call.range);
      return std::nullopt;
    }
    // MLS 3.7.5: start and interval are parameter expressions (a
    // parameter with fixed = false is one, though known only after
    // initialization).
    auto parametric = [&](ExprId e) {
      bool ok = true;
      sym::ExprId roots[] = {e};
      sym::forEachNode(*pool_, roots, [&](ExprId id) {
        if (pool_->op(id) == OpKind::Time)
          ok = false;
        sym::VarId v = pool_->variableOf(id);
        if (v.valid() && model_.var(v).variability != flat::VariabilityKind::Parameter &&
            model_.var(v).variability != flat::VariabilityKind::Constant)
          ok = false;
      });
      return ok;
    };
    for (size_t i = 0; i < 2; ++i)
      if (!parametric((i == 0 ? start : interval)->elements[0])) {
        diags_.report(diag::SampleArgumentNotParameter, call.args[i]->range,
                      {(i == 0 ? "start" : "interval")});
        return std::nullopt;
      }
    flat::Variable flag;
    flag.name = "sample(" + model_.print(start->elements[0]) + ", " +
                model_.print(interval->elements[0]) + ")";
    flag.type = flat::TypeKind::Boolean;
    flag.variability = flat::VariabilityKind::Discrete;
    flag.special = flat::SpecialKind::Sample;
    flag.isProtected = true;
    flag.loc = call.range;
    sym::VarId id = model_.addVariable(std::move(flag));
    model_.samples.push_back({start->elements[0], interval->elements[0], id, call.range});
    return Value::scalar(pool_->variable(id), ElementType::Boolean);
  }
  // The argument names the model's variable, even in an algorithm section
  // where it was assigned before (its frame holds the current value).
  std::vector<FunctionFrame *> savedFrames;
  savedFrames.swap(frames);
  auto arg = lower(*call.args[0], scope);
  frames.swap(savedFrames);
  if (!arg)
    return std::nullopt;
  if (arg->isRecord || arg->isString()) {
    diags_.report(diag::BuiltinNeedsBuiltinTypeVariable, call.range, {name});
    return std::nullopt;
  }
  // pre() of each variable; a parameter or constant is its own pre().
  Value pre = *arg;
  for (ExprId &e : pre.elements) {
    sym::VarId v = pool_->variableOf(e);
    if (!v.valid()) {
      if (!evaluate(e)) {
        diags_.report(diag::BuiltinArgumentNotVariable, call.args[0]->range, {name});
        return std::nullopt;
      }
      continue;
    }
    const flat::Variable &var = model_.var(v);
    if (var.variability != flat::VariabilityKind::Parameter &&
        var.variability != flat::VariabilityKind::Constant)
      e = pool_->variable(model_.preOf(v));
  }
  if (name == "pre")
    return pre;
  Value r = *arg;
  r.type = ElementType::Boolean;
  for (size_t k = 0; k < r.elements.size(); ++k)
    r.elements[k] = name == "edge"
                        ? pool_->binary(OpKind::And, arg->elements[k],
                                        pool_->unary(OpKind::Not, pre.elements[k]))
                        : pool_->binary(OpKind::NotEqual, arg->elements[k], pre.elements[k]);
  return r;
}

/// delay(expr, delayTime) and delay(expr, delayTime, delayMax) (MLS 3.7.4.1):
/// expr at time - delayTime, and expr at the start time before start +
/// delayTime. Each element becomes a Delay node with a history buffer of
/// its own, which the runtime fills at the solver's accepted steps and at
/// events (runtime/Delays.h). delayMax, or delayTime in the two-argument
/// form, must be a parameter expression; 0 <= delayTime <= delayMax is an
/// assertion checked while the model runs. A delay time known to be 0 is
/// expr itself.
std::optional<Value> Flattener::lowerDelay(const ast::CallExpr &call, Scope scope) {
  if (pool_ != &model_.pool) {
    diags_.report(diag::BuiltinNotInFunction, call.range, {"delay"});
    return std::nullopt;
  }
  if ((call.args.size() != 2 && call.args.size() != 3) || !call.namedArgs.empty()) {
    diags_.report(diag::BuiltinArity, call.range, {"delay", "2 or 3"});
    return std::nullopt;
  }
  if (firstTimeDependence.what.empty())
    firstTimeDependence = {call.range, "`delay()`"};
  auto expr = lower(*call.args[0], scope);
  auto delayTime = lower(*call.args[1], scope);
  std::optional<Value> delayMax = call.args.size() == 3 ? lower(*call.args[2], scope) : delayTime;
  if (!expr || !delayTime || !delayMax)
    return std::nullopt;
  if (expr->isRecord || expr->isString() ||
      (expr->type != ElementType::Real && expr->type != ElementType::Integer)) {
    diags_.report(diag::BuiltinNeedsRealOrInteger, call.args[0]->range,
                  {"delay", expr->isRecord ? "a record" : flat::typeName(expr->type)});
    return std::nullopt;
  }
  for (const Value *v : {&*delayTime, &*delayMax})
    if (!v->isScalar() || v->isString() || v->isRecord) {
      diags_.report(diag::BuiltinArity, call.range, {"delay", "2 or 3 scalar"});
      return std::nullopt;
    }
  ExprId time = delayTime->elements[0], max = delayMax->elements[0];
  bool parametric = true;
  ExprId roots[] = {max};
  sym::forEachNode(*pool_, roots, [&](ExprId id) {
    sym::VarId v = pool_->variableOf(id);
    if (pool_->op(id) == OpKind::Time || pool_->op(id) == OpKind::Delay ||
        (v.valid() && model_.var(v).variability != flat::VariabilityKind::Parameter &&
         model_.var(v).variability != flat::VariabilityKind::Constant))
      parametric = false;
  });
  if (!parametric) {
    const ast::Expr &arg = *call.args[call.args.size() == 3 ? 2 : 1];
    diags_.report(diag::NotParameterExpression, arg.range,
                  {call.args.size() == 3 ? "the maximum delay of `delay`" : "the delay time of `delay`",
                   model_.print(max)});
    return std::nullopt;
  }
  if (auto known = pool_->constantValue(time); known && *known == 0)
    return expr;
  // MLS 3.7.4.1: delayTime >= 0 and delayTime <= delayMax, checked where
  // the model's asserts are.
  flat::Assertion range;
  range.condition = pool_->binary(OpKind::And, pool_->binary(OpKind::GreaterEq, time, pool_->zero()),
                                  pool_->binary(OpKind::LessEq, time, max));
  range.loc = call.range;
  range.message = {{"the delay time of `delay` is ", {}, flat::TypeKind::Real},
                   {"", time, flat::TypeKind::Real},
                   {", outside [0, ", {}, flat::TypeKind::Real},
                   {"", max, flat::TypeKind::Real},
                   {"]", {}, flat::TypeKind::Real}};
  if (call.args.size() == 3 || !evaluate(range.condition).value_or(0))
    model_.assertions.push_back(std::move(range));
  Value r = *expr;
  r.type = ElementType::Real;
  for (ExprId &e : r.elements)
    e = pool_->delay(delayBuffers++, e, time, max);
  return r;
}

/// Connections.isRoot(R), Connections.rooted(R) and cardinality(c): known
/// once the connections are collected.
std::optional<Value> Flattener::lowerConnectionOperator(const ast::CallExpr &call, Scope scope) {
  std::string name = operatorName(*call.callee);
  const auto *ref = call.args.size() == 1 ? ast::dynCast<ast::RefExpr>(call.args[0].get()) : nullptr;
  if (!ref || !connections) {
    diags_.report(diag::BuiltinNeedsComponentName, call.range, {name});
    return std::nullopt;
  }
  auto ends = connections->resolveEnds(*ref, scope);
  if (!ends || ends->size() != 1) {
    if (ends)
      diags_.report(diag::BuiltinNeedsSingleComponent, call.range, {name});
    return std::nullopt;
  }
  Instance *node = (*ends)[0].connector;
  if (name == "cardinality" && (!node || !node->isConnector())) {
    diags_.report(diag::CardinalityNeedsConnector, call.args[0]->range);
    return std::nullopt;
  }
  if (name == "cardinality")
    return Value::scalar(pool_->constant(connections->cardinality(node)), ElementType::Integer);
  auto value = name == "Connections.isRoot" ? connections->isRoot(node) : connections->rooted(node);
  if (!value) {
    diags_.report(diag::NotInOverconstrainedGraph, call.range, {ref->str()});
    return std::nullopt;
  }
  return Value::scalar(*value ? pool_->one() : pool_->zero(), ElementType::Boolean);
}

/// inStream(v) and actualStream(v) of stream variables v (MLS 15.2,
/// 15.3), elementwise over arrays of them.
std::optional<Value> Flattener::lowerStreamOperator(const ast::CallExpr &call, Scope scope) {
  std::string name = call.callee->parts[0].name;
  if (call.args.size() != 1 || !call.namedArgs.empty() ||
      !ast::dynCast<ast::RefExpr>(call.args[0].get())) {
    diags_.report(diag::StreamOperatorNeedsStreamVariable, call.range, {name});
    return std::nullopt;
  }
  if (inCompiledFunction() || !connections) {
    diags_.report(diag::StreamOperatorInFunction, call.range, {name});
    return std::nullopt;
  }
  auto arg = lower(*call.args[0], scope);
  if (!arg)
    return std::nullopt;
  if (arg->isRecord || arg->isString() || arg->type != ElementType::Real) {
    diags_.report(diag::StreamOperatorNeedsStreamVariable, call.args[0]->range, {name});
    return std::nullopt;
  }
  bool ok = true;
  Value result = elementwise(*arg, [&](ExprId e) {
    sym::VarId var = pool_->variableOf(e);
    if (!var.valid() || !connections->isStreamVariable(var)) {
      ok = false;
      return e;
    }
    return name == "inStream" ? connections->inStream(var) : connections->actualStream(var);
  });
  if (!ok) {
    diags_.report(diag::StreamOperatorNeedsStreamVariable, call.args[0]->range, {name});
    return std::nullopt;
  }
  return result;
}

std::optional<Value> Flattener::lowerCall(const ast::CallExpr &call, Scope scope) {
  const ast::RefExpr &callee = *call.callee;
  // A call of a functional input (MLS 12.4.2).
  if (const Value *fn = functionValueOf(callee, scope)) {
    auto outputs = callFunctionValue(*fn, call, scope);
    if (!outputs)
      return std::nullopt;
    if (outputs->empty()) {
      diags_.report(diag::FunctionHasNoOutput, call.range, {fn->function->fullName()});
      return std::nullopt;
    }
    return std::move(outputs->front());
  }
  std::string name = callee.parts.size() == 1 ? callee.parts[0].name : "";
  std::string full = operatorName(callee);
  if (name == "Clock" && !callee.global) {
    inst::Found found = inst_.lookupFirst(name, scope);
    if (!found || (found.kind == inst::Found::Kind::Class && found.cls &&
                   found.cls->builtin == inst::BuiltinKind::Clock))
      return lowerClockedOperator(call, scope);
  }
  if (full == "Connections.isRoot" || full == "Connections.rooted" || name == "rooted" ||
      name == "cardinality")
    return lowerConnectionOperator(call, scope);
  if (name == "inStream" || name == "actualStream")
    return lowerStreamOperator(call, scope);
  if (name == "getInstanceName") {
    // MLS 3.7.4: the simulated model's name, then the path of the instance
    // whose code makes the call ("Vehicle.engine.controller"). The model's
    // name is its last identifier (DrydenContinuousTurbulence.whiteNoise for
    // Modelica.Blocks.Examples.Noise.DrydenContinuousTurbulence), as in the
    // tool that made the MSL's reference results: the automatic seeds of the
    // MSL's noise blocks are hashes of this text.
    if (!call.args.empty() || !call.namedArgs.empty()) {
      diags_.report(diag::GetInstanceNameArguments, call.range);
      return std::nullopt;
    }
    size_t start = 0;
    bool quoted = false;
    for (size_t i = 0; i < model_.name.size(); ++i) {
      if (model_.name[i] == '\\' && quoted)
        ++i;
      else if (model_.name[i] == '\'')
        quoted = !quoted;
      else if (model_.name[i] == '.' && !quoted)
        start = i + 1;
    }
    std::string modelName = model_.name.substr(start);
    std::string path = scope.instance ? scope.instance->path() : "";
    return Value::string(path.empty() ? modelName : modelName + "." + path);
  }
  // Built-in functions take precedence over library wrappers of the same
  // name (Modelica.Math.sin is `external "builtin"` and calls this one).
  for (const char *n : kEventOperators)
    if (name == n)
      return lowerEventOperator(call, scope);
  if (name == "reinit" || name == "terminate" || name == "assert") {
    diags_.report(diag::BuiltinIsNotExpression, callee.range, {name});
    return std::nullopt;
  }
  if (isStringConversion(call, scope))
    return lowerStringConversion(call, scope);
  // A function of the model's own that a built-in function's name finds
  // (`import Modelica.ComplexMath.abs`, ComplexMath's own `exp` calling
  // itself on Complex numbers) is that function (MLS 5.3: the elementary
  // functions are found as if declared in an enclosing scope, so nearer
  // declarations hide them). The operators with function syntax are not
  // hidden, nor is a library's wrapper of the built-in one (`external
  // "builtin"`).
  bool hidden = false;
  if (!callee.global && callee.parts.size() == 1 && isBuiltinName(name) && name != "der" &&
      name != "noEvent" && name != "smooth" && name != "homotopy" && name != "semiLinear" &&
      name != "size" && name != "ndims" && name != "Integer") {
    inst::Found found = inst_.lookupFirst(name, scope);
    hidden = found.kind == inst::Found::Kind::Class && found.cls &&
             found.cls->restriction() == ast::ClassRestrictionKind::Function &&
             externalBuiltin(found.cls).empty();
  }
  if (!isBuiltinName(name) || hidden) {
    for (const char *n : kClockedOperators)
      if (name == n && !callee.global && !inst_.lookupFirst(name, scope)) {
        if (std::find(std::begin(kSynchronousOperators), std::end(kSynchronousOperators), name) !=
            std::end(kSynchronousOperators))
          return lowerClockedOperator(call, scope);
        diags_.report(diag::ClockedOperatorUnsupported, callee.range, {name});
        return std::nullopt;
      }
    if (name == "delay")
      return lowerDelay(call, scope);
    for (const char *n : kUnsupportedOperators)
      if (name == n) {
        diags_.report(diag::BuiltinUnsupported, callee.range, {name});
        return std::nullopt;
      }
    inst::ClassNode *cls = resolveCallee(callee, scope);
    if (!cls)
      return std::nullopt;
    if (cls->restriction() == ast::ClassRestrictionKind::OperatorRecord &&
        !operatorFunctions(inst_.resolveAlias(cls), "'constructor'").empty()) {
      // An overloaded constructor whose function fits, else the record's
      // own (MLS 14.3).
      unsigned errors = diags_.errorCount();
      if (auto made = lowerOverloadedConstructor(inst_.resolveAlias(cls), call, scope))
        return made;
      if (diags_.errorCount() != errors)
        return std::nullopt;
    }
    if (cls->restriction() == ast::ClassRestrictionKind::Record ||
        cls->restriction() == ast::ClassRestrictionKind::OperatorRecord)
      return constructRecord(cls, call, scope);
    if (inst_.isExternalObjectClass(cls))
      return constructExternalObject(cls, call, scope);
    if (std::string builtinName = externalBuiltin(cls); !builtinName.empty())
      name = builtinName;
    else
      return lowerFunctionCall(cls, call, scope);
  }
  BuiltinCall b{*this, call, name, {}};
  // Reductions with iterators: sum(e for i in r) is sum({e for i in r}).
  if (!call.iterators.empty()) {
    if (call.args.size() != 1 || (name != "sum" && name != "product" && name != "min" &&
                                  name != "max")) {
      diags_.report(diag::NotAReduction, call.range, {name});
      return std::nullopt;
    }
    ast::ComprehensionExpr comprehension;
    comprehension.range = call.range;
    // Borrow the body and iterators without copying the AST.
    comprehension.body.reset(const_cast<ast::Expr *>(call.args[0].get()));
    for (const ast::ForIndex &index : call.iterators) {
      ast::ForIndex copy;
      copy.name = index.name;
      copy.range.reset(index.range.get());
      comprehension.iterators.push_back(std::move(copy));
    }
    auto value = lower(comprehension, scope);
    comprehension.body.release();
    for (ast::ForIndex &index : comprehension.iterators)
      index.range.release();
    if (!value)
      return std::nullopt;
    // sum and product of an array expression are arrays of its shape, the
    // expression's values added (multiplied) elementwise over the
    // iterations (MLS 10.3.4.1: the result has the type of e); the
    // comprehension's leading dimensions are the iterators'.
    size_t loops = call.iterators.size();
    if ((name == "sum" || name == "product") && !value->isRecord && !value->isString() &&
        value->dims.size() > loops) {
      int64_t iterations = 1;
      for (size_t k = 0; k < loops; ++k)
        iterations *= value->dims[k];
      if (iterations > 0) {
        Value result;
        result.type = value->type;
        result.dims.assign(value->dims.begin() + static_cast<std::ptrdiff_t>(loops), value->dims.end());
        auto width = static_cast<size_t>(result.count());
        result.elements.assign(value->elements.begin(), value->elements.begin() + static_cast<std::ptrdiff_t>(width));
        for (int64_t j = 1; j < iterations; ++j)
          for (size_t p = 0; p < width; ++p) {
            sym::ExprId e = value->elements[static_cast<size_t>(j) * width + p];
            result.elements[p] = name == "sum" ? pool_->add(result.elements[p], e)
                                               : pool_->mul(result.elements[p], e);
          }
        return result;
      }
    }
    b.args.positional.push_back(std::move(*value));
    return b.lower();
  }
  for (const auto &arg : call.args) {
    auto v = lower(*arg, scope);
    if (!v)
      return std::nullopt;
    b.args.positional.push_back(std::move(*v));
  }
  for (const ast::NamedArgument &arg : call.namedArgs) {
    auto v = lower(*arg.value, scope);
    if (!v)
      return std::nullopt;
    b.args.named[arg.name] = std::move(*v);
  }
  if (!b.args.named.empty() && name != "homotopy") {
    diags_.report(diag::BuiltinNoNamedArguments, call.namedArgs[0].range, {name});
    return std::nullopt;
  }
  return b.lower();
}

/// Whether a function's algorithm is nothing but asserts, and it has
/// inputs only (the MSL's Streams.error).
static bool isAssertOnly(Instance *function) {
  const ast::ClassDef *def = function->cls->def;
  if (!def || def->external || function->algorithmSections().empty())
    return false;
  for (const inst::Member &m : function->members())
    if (m.kind == inst::Member::Kind::Component &&
        (m.isProtected || function->causalityOf(m) != ast::CausalityKind::Input))
      return false;
  for (const auto &section : function->algorithmSections())
    for (const auto &statement : section.node->statements) {
      const auto *call = ast::dynCast<ast::CallStatement>(statement.get());
      if (!call || call->call->callee->str() != "assert" || call->call->args.empty())
        return false;
    }
  return true;
}

/// Whether an expression calls String(): a String built at run time.
static bool callsString(const ast::Expr &e) {
  if (const auto *call = ast::dynCast<ast::CallExpr>(&e))
    if (call->callee->str() == "String")
      return true;
  if (const auto *b = ast::dynCast<ast::BinaryExpr>(&e))
    return callsString(*b->lhs) || callsString(*b->rhs);
  return false;
}

/// The asserts of an assert-only function (isAssertOnly) at a call: each
/// condition lowered with the inputs bound to the arguments, each message
/// with a String input read as its argument.
static std::optional<std::vector<Flattener::ExpandedAssert>>
expandAsserts(Flattener &f, Instance *function, const std::vector<const ast::Expr *> &args,
              Scope scope) {
  FunctionFrame frame;
  frame.function = function;
  std::vector<Flattener::MessageArgument> strings;
  size_t input = 0;
  for (inst::Member &m : function->members()) {
    if (m.kind != inst::Member::Kind::Component || m.isProtected ||
        function->causalityOf(m) != ast::CausalityKind::Input)
      continue;
    Instance *var = function->memberInstance(m);
    const ast::Expr *arg = input < args.size() ? args[input] : nullptr;
    ++input;
    if (!var)
      return std::nullopt;
    if (!arg) { // its default, evaluated with the inputs before it
      if (!var->mod.binding) {
        f.diags().report(diag::MissingInputArgument, function->loc,
                         {m.name, function->cls->fullName()});
        return std::nullopt;
      }
      f.frames.push_back(&frame);
      auto value = f.lower(*var->mod.binding, var->mod.scope);
      f.frames.pop_back();
      if (!value)
        return std::nullopt;
      frame.values[var] = std::move(*value);
      continue;
    }
    if (var->isBuiltin() && var->builtin == inst::BuiltinKind::String && callsString(*arg)) {
      frame.values[var] = Value::string("");
      strings.push_back({var, arg, scope, f.frames.size()});
      continue;
    }
    auto value = f.lower(*arg, scope);
    if (!value)
      return std::nullopt;
    frame.values[var] = std::move(*value);
  }
  std::vector<Flattener::ExpandedAssert> asserts;
  f.frames.push_back(&frame);
  size_t outer = f.messageArguments.size();
  f.messageArguments.insert(f.messageArguments.end(), strings.begin(), strings.end());
  bool ok = true;
  for (const auto &section : function->algorithmSections()) {
    Scope inner{function, section.lexical};
    for (const auto &statement : section.node->statements) {
      const ast::CallExpr &call = *ast::cast<ast::CallStatement>(*statement).call;
      auto condition = f.lower(*call.args[0], inner);
      if (!condition || !condition->isScalar() || condition->isString()) {
        ok = false;
        break;
      }
      Flattener::ExpandedAssert a;
      a.condition = condition->elements[0];
      a.loc = statement->range;
      if (call.args.size() > 1)
        a.message = f.messageParts(*call.args[1], inner);
      if (call.args.size() > 2)
        if (auto level = f.evaluateInteger(*call.args[2], inner, "the level of an assert"))
          a.level = static_cast<int>(*level);
      asserts.push_back(std::move(a));
    }
  }
  f.messageArguments.resize(outer);
  f.frames.pop_back();
  if (!ok)
    return std::nullopt;
  return asserts;
}

std::optional<Flattener::CallEffects> Flattener::lowerCallEffects(const ast::CallExpr &call,
                                                                  Scope scope) {
  const ast::RefExpr &callee = *call.callee;
  std::string name = callee.parts.size() == 1 ? callee.parts[0].name : "";
  CallEffects effects;
  bool builtin = isBuiltinName(name) || name == "cardinality" || name == "rooted" ||
                 callee.str().starts_with("Connections.");
  for (const char *n : kEventOperators)
    builtin = builtin || name == n;
  if (!builtin) {
    Instance *owner = nullptr;
    inst::ClassNode *cls = resolveCallee(callee, scope, &owner);
    if (!cls)
      return std::nullopt;
    bool constructor = cls->restriction() == ast::ClassRestrictionKind::Record ||
                       cls->restriction() == ast::ClassRestrictionKind::OperatorRecord ||
                       inst_.isExternalObjectClass(cls);
    if (!constructor && externalBuiltin(cls).empty()) {
      effects.impure = cls->def && cls->def->prefixes.impure;
      Instance *function = functionInstance(cls, owner);
      if (isAssertOnly(function) && call.iterators.empty()) {
        auto args = matchCallArguments(function, call);
        auto asserts = args ? expandAsserts(*this, function, *args, scope) : std::nullopt;
        if (!asserts)
          return std::nullopt;
        effects.asserts = std::move(*asserts);
        return effects;
      }
      if (!lowerCallOutputs(call, scope, &effects.calls))
        return std::nullopt;
      return effects;
    }
  }
  // A built-in function or a constructor: its value, dropped, is all it has.
  if (!lowerCall(call, scope))
    return std::nullopt;
  return effects;
}

} // namespace mocc::flattening
