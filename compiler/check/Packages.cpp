// MLS chapter 13, import clauses: one imports from packages only, public
// elements only, and two qualified imports do not share a name (13.2).
#include "compiler/check/Checker.h"

#include <map>

namespace mocc::check {

void Checker::checkImports(ClassNode *cls) {
  const ast::ClassDef *def = cls->def;
  if (!def)
    return;
  using R = ast::ClassRestrictionKind;
  std::map<std::string, const ast::ImportClause *> names;
  for (const ast::Element &e : def->elements) {
    if (e.kind != ast::ElementKind::Import)
      continue;
    const ast::ImportClause &imp = *e.import;
    const std::vector<std::string> &parts = imp.name.parts;
    // The package imported from: all of an unqualified import's name, all
    // but the last part of the others.
    bool unqualified = imp.kind == ast::ImportKind::Unqualified ||
                       imp.kind == ast::ImportKind::Multiple;
    std::vector<std::string> packagePath(parts.begin(),
                                         unqualified ? parts.end() : parts.end() - 1);
    if (!packagePath.empty()) {
      ClassNode *package = inst_.tree().lookupPath(packagePath);
      if (!package)
        continue; // reported where the name is used
      ClassNode *resolved = inst_.resolveAlias(package);
      R r = resolved->restriction();
      if (resolved->def && r != R::Package && r != R::Operator) {
        report(diag::ImportFromNonPackage, imp.name.range,
               {resolved->fullName(), ast::restrictionName(r)});
        continue;
      }
      // Only public elements are imported.
      std::vector<std::string> imported;
      if (imp.kind == ast::ImportKind::Multiple)
        imported = imp.names;
      else if (!unqualified)
        imported.push_back(parts.back());
      for (const std::string &name : imported)
        if (resolved->def && inst_.isProtectedElement(resolved, name))
          report(diag::ProtectedElementImported, imp.name.range, {name, resolved->fullName()});
    }
    // Qualified imports with one name.
    std::vector<std::string> introduced;
    if (imp.kind == ast::ImportKind::Named)
      introduced.push_back(imp.alias);
    else if (imp.kind == ast::ImportKind::Qualified && !parts.empty())
      introduced.push_back(parts.back());
    else if (imp.kind == ast::ImportKind::Multiple)
      introduced = imp.names;
    for (const std::string &name : introduced) {
      auto [it, first] = names.emplace(name, &imp);
      if (!first) {
        report(diag::TwoImportsSameName, imp.name.range, {name});
        report(diag::NoteOtherImport, it->second->name.range);

      }
    }
  }
}

} // namespace mocc::check
