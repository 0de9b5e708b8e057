// Out-of-line helpers of the AST: spelling of names, references, class
// restrictions and operators, shared by the printer and by diagnostics.
#include "compiler/ast/AST.h"

namespace mocc::ast {

BinaryExpr::~BinaryExpr() {
  // Each link's left operand is moved out before the link is freed, so no
  // destructor below recurses into the chain.
  while (lhs && lhs->kind == ExprKind::Binary) {
    ExprPtr next = std::move(static_cast<BinaryExpr &>(*lhs).lhs);
    lhs = std::move(next);
  }
}

std::string Name::str() const {
  std::string text = global ? "." : "";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i != 0)
      text += '.';
    text += parts[i];
  }
  return text;
}

std::string RefExpr::str() const {
  std::string text = global ? "." : "";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i != 0)
      text += '.';
    text += parts[i].name;
    if (!parts[i].subscripts.empty())
      text += "[...]";
  }
  return text;
}

const char *restrictionName(ClassRestrictionKind kind) {
  switch (kind) {
  case ClassRestrictionKind::Class:
    return "class";
  case ClassRestrictionKind::Model:
    return "model";
  case ClassRestrictionKind::Record:
    return "record";
  case ClassRestrictionKind::OperatorRecord:
    return "operator record";
  case ClassRestrictionKind::Block:
    return "block";
  case ClassRestrictionKind::Connector:
    return "connector";
  case ClassRestrictionKind::ExpandableConnector:
    return "expandable connector";
  case ClassRestrictionKind::Type:
    return "type";
  case ClassRestrictionKind::Package:
    return "package";
  case ClassRestrictionKind::Function:
    return "function";
  case ClassRestrictionKind::OperatorFunction:
    return "operator function";
  case ClassRestrictionKind::Operator:
    return "operator";
  }
  return "class";
}

const char *binaryOpSpelling(BinaryOpKind op) {
  switch (op) {
  case BinaryOpKind::Add:
    return "+";
  case BinaryOpKind::Sub:
    return "-";
  case BinaryOpKind::ElemAdd:
    return ".+";
  case BinaryOpKind::ElemSub:
    return ".-";
  case BinaryOpKind::Mul:
    return "*";
  case BinaryOpKind::Div:
    return "/";
  case BinaryOpKind::ElemMul:
    return ".*";
  case BinaryOpKind::ElemDiv:
    return "./";
  case BinaryOpKind::Pow:
    return "^";
  case BinaryOpKind::ElemPow:
    return ".^";
  case BinaryOpKind::And:
    return "and";
  case BinaryOpKind::Or:
    return "or";
  case BinaryOpKind::Less:
    return "<";
  case BinaryOpKind::LessEq:
    return "<=";
  case BinaryOpKind::Greater:
    return ">";
  case BinaryOpKind::GreaterEq:
    return ">=";
  case BinaryOpKind::Equal:
    return "==";
  case BinaryOpKind::NotEqual:
    return "<>";
  }
  return "?";
}

const char *unaryOpSpelling(UnaryOpKind op) {
  switch (op) {
  case UnaryOpKind::Minus:
    return "-";
  case UnaryOpKind::Plus:
    return "+";
  case UnaryOpKind::ElemMinus:
    return ".-";
  case UnaryOpKind::ElemPlus:
    return ".+";
  case UnaryOpKind::Not:
    return "not";
  }
  return "?";
}

} // namespace mocc::ast
