// MLS chapter 11, statements: `break` only inside for- and while-loops
// (11.2.6), `return` only in functions (11.2.7).
#include "compiler/check/Checker.h"

#include <functional>

namespace mocc::check {

void Checker::checkStatements(ClassNode *cls) {
  const ast::ClassDef *def = cls->def;
  if (!def || def->algorithmSections.empty())
    return;
  using R = ast::ClassRestrictionKind;
  bool function = def->prefixes.restriction == R::Function ||
                  def->prefixes.restriction == R::OperatorFunction;
  std::function<void(const std::vector<ast::StatementPtr> &, bool)> walk =
      [&](const std::vector<ast::StatementPtr> &statements, bool inLoop) {
        for (const auto &s : statements) {
          switch (s->kind) {
          case ast::StatementKind::Break:
            if (!inLoop)
              report(diag::BreakOutsideLoop, s->range);
            break;
          case ast::StatementKind::Return:
            if (!function)
              report(diag::ReturnOutsideFunction, s->range);

            break;
          case ast::StatementKind::If:
            for (const auto &b : ast::cast<ast::IfStatement>(*s).branches)
              walk(b.body, inLoop);
            break;
          case ast::StatementKind::When:
            for (const auto &b : ast::cast<ast::WhenStatement>(*s).branches)
              walk(b.body, inLoop);
            break;
          case ast::StatementKind::For:
            walk(ast::cast<ast::ForStatement>(*s).body, true);
            break;
          case ast::StatementKind::While:
            walk(ast::cast<ast::WhileStatement>(*s).body, true);
            break;
          default:
            break;
          }
        }
      };
  for (const auto &section : def->algorithmSections)
    walk(section.statements, false);
}

} // namespace mocc::check
