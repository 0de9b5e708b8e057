// The walk of the semantic check: every class that instantiation used,
// every extends clause it resolved, and every component instance that
// flattening created (models, functions, record constructors, packages),
// each checked by the rules of its chapter.
#include "compiler/check/Checker.h"

#include <atomic>

namespace mocc::check {

bool checkSemantics(inst::Instantiator &instantiator, inst::Instance *model,
                    const flat::FlatModel &flat, Diagnostics &diags) {
  Checker checker(instantiator, flat, diags);
  return checker.run(model);
}

bool Checker::run(Instance *model) {
  errorsBefore_ = diags_.errorCount();
  // The model class itself: a class named like a predefined type.
  if (model->cls && model->cls->def)
    checkClass(model->cls);
  // Classes and extends clauses; checking may instantiate more (a
  // function's instance), so walk by index.
  const inst::Usage &usage = inst_.usage();
  for (size_t i = 0; i < usage.classes.size(); ++i) {
    checkClass(usage.classes[i]);
    checkCombinedBases(usage.classes[i]);
    checkStatements(usage.classes[i]);
    checkImports(usage.classes[i]);
    checkModifications(usage.classes[i]);
  }
  for (size_t i = 0; i < usage.extends.size(); ++i)
    checkExtends(usage.extends[i]);
  const auto &roots = inst_.roots();
  for (size_t i = 0; i < roots.size(); ++i)
    walk(roots[i].get());
  checkVariability();
  return diags_.errorCount() == errorsBefore_;
}

void Checker::walk(Instance *instance) {
  if (instance->checkWalk == walkMark_)
    return;
  instance->checkWalk = walkMark_;
  if (instance->kind == inst::InstanceKind::Model && instance->cls &&
      (instance->restriction() == ast::ClassRestrictionKind::Function ||
       instance->restriction() == ast::ClassRestrictionKind::OperatorFunction))
    checkFunction(instance);
  if (instance->isConnector() && !instance->isBuiltin())
    checkConnector(instance);
  auto &members = instance->expandedMembers();
  for (size_t i = 0; i < members.size(); ++i) {
    Member &m = members[i];
    if (m.element)
      checkConstraints(instance, m);
    if (m.kind != Member::Kind::Component)
      continue;
    if (m.element->outer && !m.element->inner) {
      checkOuter(instance, m);
      continue;
    }
    Instance *c = m.instance.get();
    if (!c)
      continue;
    checkComponent(instance, m, c);
    checkConstantValue(c);
    walk(c);
    for (auto &element : c->arrayElements)
      walk(element.get());
  }
  for (auto &inner : instance->implicitInners)
    walk(inner.get());
}

uint32_t Checker::nextWalkMark() {
  static std::atomic<uint32_t> last{0};
  return ++last; // 0 is no walk's: a fresh instance has not been visited
}

void Checker::error(SourceRange range, const std::string &message) {
  lastReported_ = reported_.insert({range.file.index, range.begin, range.end, message}).second;
  if (lastReported_)
    diags_.error(range, message);
}

void Checker::note(SourceRange range, const std::string &message) {
  if (lastReported_)
    diags_.note(range, message);
}

bool Checker::isRecordClass(const ClassNode *cls) {
  using R = ast::ClassRestrictionKind;
  return cls && (cls->restriction() == R::Record || cls->restriction() == R::OperatorRecord);
}

} // namespace mocc::check
