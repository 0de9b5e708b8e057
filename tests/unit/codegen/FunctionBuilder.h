// Test support: lowered functions (flat/Function.h) written by hand, as the
// front end would lower them: variables declared slot by slot, statements
// built by small helpers, expressions in the function's own pool.
#pragma once

#include "compiler/flat/Function.h"

#include <string>
#include <utility>
#include <vector>

namespace mocc::codegen::test {

using flat::Statement;
using flat::StatementKind;
using flat::TypeKind;

/// Builds one flat::Function.
class FunctionBuilder {
public:
  explicit FunctionBuilder(std::string name) {
    f_.name = name;
    f_.symbol = std::move(name);
  }

  sym::ExprPool &pool() { return f_.pool; }

  /// Declares a variable; returns its first slot.
  uint32_t declare(flat::FunctionVariable::Kind kind, std::string name,
                   TypeKind type = TypeKind::Real, std::vector<int64_t> dims = {}) {
    flat::FunctionVariable v{kind, std::move(name), type, std::move(dims), f_.numSlots};
    f_.numSlots += static_cast<uint32_t>(v.count());
    for (uint32_t i = 0; i < v.count(); ++i) {
      if (kind == flat::FunctionVariable::Kind::Input)
        f_.inputSlots.push_back(v.firstSlot + i);
      if (kind == flat::FunctionVariable::Kind::Output)
        f_.outputSlots.push_back(v.firstSlot + i);
    }
    f_.variables.push_back(v);
    return v.firstSlot;
  }
  uint32_t input(std::string name, TypeKind type = TypeKind::Real,
                 std::vector<int64_t> dims = {}) {
    return declare(flat::FunctionVariable::Kind::Input, std::move(name), type, std::move(dims));
  }
  uint32_t output(std::string name, TypeKind type = TypeKind::Real,
                  std::vector<int64_t> dims = {}) {
    return declare(flat::FunctionVariable::Kind::Output, std::move(name), type, std::move(dims));
  }
  uint32_t local(std::string name, TypeKind type = TypeKind::Real,
                 std::vector<int64_t> dims = {}) {
    return declare(flat::FunctionVariable::Kind::Protected, std::move(name), type,
                   std::move(dims));
  }

  /// The Variable node of a slot, a constant.
  sym::ExprId v(uint32_t slot) { return f_.pool.variable(sym::VarId{slot}); }
  sym::ExprId c(double value) { return f_.pool.constant(value); }

  flat::Function build(std::vector<Statement> body) {
    f_.body = std::move(body);
    return std::move(f_);
  }

private:
  flat::Function f_;
};

inline Statement assign(uint32_t slot, sym::ExprId value) {
  Statement s;
  s.kind = StatementKind::Assign;
  s.target = sym::VarId{slot};
  s.value = value;
  return s;
}

/// slots[first + index] := value (index 0-based).
inline Statement assignAt(uint32_t first, uint32_t size, sym::ExprId index, sym::ExprId value) {
  Statement s;
  s.kind = StatementKind::AssignIndexed;
  s.firstSlot = first;
  s.size = size;
  s.index = index;
  s.value = value;
  return s;
}

/// target := slots[first + index] (index 0-based).
inline Statement loadAt(uint32_t target, uint32_t first, uint32_t size, sym::ExprId index) {
  Statement s;
  s.kind = StatementKind::LoadIndexed;
  s.target = sym::VarId{target};
  s.firstSlot = first;
  s.size = size;
  s.index = index;
  return s;
}

inline Statement ifThen(sym::ExprId condition, std::vector<Statement> body,
                        std::vector<Statement> elseBody = {}) {
  Statement s;
  s.kind = StatementKind::If;
  s.condition = condition;
  s.body = std::move(body);
  s.elseBody = std::move(elseBody);
  return s;
}

inline Statement whileLoop(sym::ExprId condition, std::vector<Statement> body) {
  Statement s;
  s.kind = StatementKind::While;
  s.condition = condition;
  s.body = std::move(body);
  return s;
}

inline Statement forLoop(uint32_t counter, sym::ExprId start, sym::ExprId step, sym::ExprId stop,
                         std::vector<Statement> body) {
  Statement s;
  s.kind = StatementKind::For;
  s.target = sym::VarId{counter};
  s.start = start;
  s.step = step;
  s.stop = stop;
  s.body = std::move(body);
  return s;
}

inline Statement breakLoop() {
  Statement s;
  s.kind = StatementKind::Break;
  return s;
}

inline Statement returnNow() {
  Statement s;
  s.kind = StatementKind::Return;
  return s;
}

/// Literal text of a message.
inline flat::MessagePart text(std::string t) { return {std::move(t), {}, TypeKind::Real}; }
/// A value of a message, formatted by its type.
inline flat::MessagePart shown(sym::ExprId value, TypeKind type = TypeKind::Real) {
  return {"", value, type};
}

inline Statement assertThat(sym::ExprId condition, std::vector<flat::MessagePart> message,
                            int level = 1) {
  Statement s;
  s.kind = StatementKind::Assert;
  s.condition = condition;
  s.message = std::move(message);
  s.level = level;
  return s;
}

} // namespace mocc::codegen::test
