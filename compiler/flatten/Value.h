// Values of lowered expressions. Lowering turns an AST expression into an
// array of scalar symbolic expressions (row-major) with its shape and
// element type; a scalar is an array of rank 0. String-typed values carry
// their text instead. Records are values whose fields are values.
#pragma once

#include "compiler/flat/FlatModel.h"
#include "compiler/instantiate/ClassTree.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::flattening {

/// The element type of a value; Enumeration values are their 1-based index.
using ElementType = flat::TypeKind;

/// A lowered expression.
struct Value {
  ElementType type = ElementType::Real;
  std::vector<int64_t> dims;          ///< empty for a scalar
  std::vector<sym::ExprId> elements;  ///< numeric elements, row-major
  std::vector<std::string> strings;   ///< String elements, row-major
  /// A record (isRecord, dims empty): its field names and values, in
  /// declaration order. An array of records (isRecord, dims set): its
  /// elements in `items`, row-major.
  std::vector<std::pair<std::string, Value>> fields;
  std::vector<Value> items;
  bool isRecord = false;
  std::string recordName; ///< the record class, for messages
  /// A functional argument (MLS 12.4.2): the function, and the inputs a
  /// partial application `function f(a = 1)` binds.
  inst::ClassNode *function = nullptr;
  std::vector<std::pair<std::string, Value>> bound;

  bool isScalar() const { return dims.empty(); }
  bool isFunction() const { return function != nullptr; }
  bool isString() const { return type == ElementType::String; }
  int64_t count() const {
    int64_t n = 1;
    for (int64_t d : dims)
      n *= d;
    return n;
  }
  int rank() const { return static_cast<int>(dims.size()); }
  /// Element `index` (1-based) along the first dimension: for an array of
  /// records its item, else the slice of elements or strings.
  /// Parts that are not there (a String whose text is unknown has no
  /// strings) stay empty.
  Value element(int64_t index) const {
    if (isRecord && dims.size() <= 1)
      return index >= 1 && static_cast<size_t>(index) <= items.size() ? items[index - 1] : Value{};
    if (isRecord) { // a row of a matrix of records: the records of that row
      Value row;
      row.type = type;
      row.isRecord = true;
      row.recordName = recordName;
      if (index < 1 || index > dims[0])
        return row;
      row.dims.assign(dims.begin() + 1, dims.end());
      auto stride = static_cast<size_t>(count() / dims[0]);
      if (items.size() == static_cast<size_t>(count()))
        row.items.assign(items.begin() + (index - 1) * stride, items.begin() + index * stride);
      return row;
    }
    Value e;
    e.type = type;
    if (dims.empty() || index < 1 || index > dims[0])
      return e;
    e.dims.assign(dims.begin() + 1, dims.end());
    int64_t stride = count() / dims[0];
    auto slice = [&](const auto &all, auto &part) {
      if (static_cast<int64_t>(all.size()) == count())
        part.assign(all.begin() + (index - 1) * stride, all.begin() + index * stride);
    };
    slice(strings, e.strings);
    slice(elements, e.elements);
    return e;
  }

  static Value scalar(sym::ExprId e, ElementType type = ElementType::Real) {
    Value v;
    v.type = type;
    v.elements.push_back(e);
    return v;
  }
  static Value string(std::string text) {
    Value v;
    v.type = ElementType::String;
    v.strings.push_back(std::move(text));
    return v;
  }

  // Declared here, defined below: see inst::Modifier (clang instantiates
  // the destructor of `fields` while Value is incomplete otherwise).
  Value() = default;
  Value(const Value &) = default;
  Value(Value &&) = default;
  Value &operator=(const Value &) = default;
  Value &operator=(Value &&) = default;
  ~Value();
};
inline Value::~Value() = default;

/// Visits, in row-major order, the 0-based linear index of every element
/// that `indices` (1-based, one list per dimension of `dims`) select; none
/// if a list is empty. Stops early, returning false, when `visit` does.
template <class Visit>
bool forEachSelected(const std::vector<int64_t> &dims,
                     const std::vector<std::vector<int64_t>> &indices, Visit &&visit) {
  for (const auto &list : indices)
    if (list.empty())
      return true;
  std::vector<size_t> pos(dims.size(), 0);
  while (true) {
    int64_t linear = 0;
    for (size_t d = 0; d < dims.size(); ++d)
      linear = linear * dims[d] + (indices[d][pos[d]] - 1);
    if (!visit(linear))
      return false;
    size_t d = dims.size();
    while (d-- > 0) {
      if (++pos[d] < indices[d].size())
        break;
      pos[d] = 0;
    }
    if (d == static_cast<size_t>(-1))
      return true;
  }
}

/// "[3, 2]" or "scalar", for messages.
std::string shapeText(const std::vector<int64_t> &dims);

/// The most elements an array may have while translating, and the most
/// scalar variables a model may have: arrays are expanded into one
/// expression (and a model's into one variable) per element, tens to
/// hundreds of bytes each, so that a larger one would exhaust the memory
/// (slowly) rather than translate.
constexpr int64_t kMaxArrayElements = 100'000'000;

/// The number of elements of an array of shape `dims`, or nothing if it is
/// more than kMaxArrayElements (a product that overflows included).
std::optional<int64_t> elementCount(const std::vector<int64_t> &dims);

/// The scalars of a value in order: a record's fields in declaration order,
/// recursively; an array's elements row-major. Strings are skipped.
void appendScalars(const Value &v, std::vector<sym::ExprId> &out);
/// Whether two values have the same shape (dims, record fields, element
/// kinds), so that their scalars correspond one to one.
bool sameStructure(const Value &a, const Value &b);
/// A value of the structure of `shape` whose scalars are `scalars`,
/// starting at `next` (advanced past the ones used).
Value rebuild(const Value &shape, const std::vector<sym::ExprId> &scalars, size_t &next);
/// "a record `Orientation`", "an array [3]" ..., for messages.
std::string describe(const Value &v);

} // namespace mocc::flattening
