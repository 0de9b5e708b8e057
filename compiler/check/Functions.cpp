// MLS chapter 12, functions as a specialized class (12.2): public
// components are inputs or outputs and protected ones are not, no
// equations or initial algorithms, one algorithm section or an external
// clause, and inputs and constants are never assigned.
#include "compiler/check/Checker.h"

#include <functional>

namespace mocc::check {

void Checker::checkFunction(Instance *function) {
  ClassNode *cls = function->cls;
  if (!cls->def || !checkedDecls_.insert(&cls->def->prefixes).second)
    return;
  std::string name = cls->fullName();
  auto &members = function->members();
  for (size_t i = 0; i < members.size(); ++i) {
    Member &m = members[i];
    if (m.kind != Member::Kind::Component)
      continue;
    ast::CausalityKind c = function->causalityOf(m);
    if (!m.isProtected && c == ast::CausalityKind::None)
      report(diag::FunctionPublicNotCausal, m.decl->nameRange, {m.name, name});
    if (m.isProtected && c != ast::CausalityKind::None)
      report(diag::FunctionCausalProtected, m.decl->nameRange,
             {c == ast::CausalityKind::Input ? "input" : "output", m.name, name});
  }
  for (const auto &section : function->equationSections())
    report(diag::SectionNotAllowed, section.node->range,
           {"function", section.node->initial ? "an initial equation" : "an equation"});
  const ast::AlgorithmSection *body = nullptr;
  for (const auto &section : function->algorithmSections()) {
    if (section.node->initial) {
      report(diag::SectionNotAllowed, section.node->range, {"function", "an initial algorithm"});
      continue;
    }
    if (body) {
      report(diag::FunctionAlgorithmSections, section.node->range);
      report(diag::NoteFirstAlgorithmSection, body->range);
      continue;
    }
    body = section.node;
  }
  if (body && cls->def->external)
    report(diag::FunctionAlgorithmAndExternal, cls->def->external->range);
  if (!body)
    return;
  // 12.2: inputs are read-only.
  std::vector<std::string> iterators;
  std::function<void(const ast::Expr *)> checkTarget = [&](const ast::Expr *target) {
    auto *ref = ast::dynCast<ast::RefExpr>(target);
    if (!ref || ref->global || ref->parts.empty())
      return;
    const std::string &first = ref->parts.front().name;
    for (const std::string &it : iterators)
      if (it == first)
        return;
    Member *m = function->findMember(first);
    if (m && m->kind == Member::Kind::Component && function->causalityOf(*m) == ast::CausalityKind::Input) {
      report(diag::FunctionInputAssigned, ref->range, {first, name});
      report(diag::NoteDeclaredHere, m->decl->nameRange);
    } else if (m && m->kind == Member::Kind::Component && m->element && m->element->component &&
               m->element->component->prefix.variability == ast::VariabilityKind::Constant) {
      // MLS 3.8.1: a constant keeps the value of its declaration.
      report(diag::FixedVariabilityAssigned, ref->range, {"constant", first});
      report(diag::NoteDeclaredHere, m->decl->nameRange);
    }
  };
  std::function<void(const std::vector<ast::StatementPtr> &)> walk =
      [&](const std::vector<ast::StatementPtr> &statements) {
        for (const auto &s : statements) {
          if (auto *a = ast::dynCast<ast::AssignStatement>(s.get()))
            checkTarget(a->target.get());
          else if (auto *t = ast::dynCast<ast::TupleAssignStatement>(s.get())) {
            for (const auto &target : t->targets)
              checkTarget(target.get());
          } else if (auto *i = ast::dynCast<ast::IfStatement>(s.get())) {
            for (const auto &b : i->branches)
              walk(b.body);
          } else if (auto *w = ast::dynCast<ast::WhileStatement>(s.get())) {
            walk(w->body);
          } else if (auto *f = ast::dynCast<ast::ForStatement>(s.get())) {
            size_t before = iterators.size();
            for (const auto &index : f->indices)
              iterators.push_back(index.name);
            walk(f->body);
            iterators.resize(before);
          } else if (auto *w = ast::dynCast<ast::WhenStatement>(s.get())) {
            for (const auto &b : w->branches)
              walk(b.body);
          }
        }
      };
  walk(body->statements);
}

} // namespace mocc::check
