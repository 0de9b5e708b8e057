// MLS chapter 12, functions as a specialized class (12.2): public
// components are inputs or outputs and protected ones are not, no
// equations or initial algorithms, one algorithm section or an external
// clause, and inputs are never assigned.
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
      error(m.decl->nameRange, "the public component `" + m.name + "` of the function `" + name +
                                   "` is neither an input nor an output (declare it protected)");
    if (m.isProtected && c != ast::CausalityKind::None)
      error(m.decl->nameRange, std::string("the ") +
                                   (c == ast::CausalityKind::Input ? "input" : "output") + " `" +
                                   m.name + "` of the function `" + name +
                                   "` cannot be protected");
  }
  for (const auto &section : function->equationSections())
    error(section.node->range, std::string("a function cannot have ") +
                                   (section.node->initial ? "an initial equation" : "an equation") +
                                   " section");
  const ast::AlgorithmSection *body = nullptr;
  for (const auto &section : function->algorithmSections()) {
    if (section.node->initial) {
      error(section.node->range, "a function cannot have an initial algorithm section");
      continue;
    }
    if (body) {
      error(section.node->range, "a function can have one algorithm section only");
      note(body->range, "the first algorithm section");
      continue;
    }
    body = section.node;
  }
  if (body && cls->def->external)
    error(cls->def->external->range, "a function cannot have both an algorithm section and an "
                                     "external clause");
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
      error(ref->range, "the input `" + first + "` of the function `" + name +
                            "` cannot be assigned");
      note(m->decl->nameRange, "declared here");
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
