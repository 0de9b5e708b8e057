// The semantic checker's state, shared by the files of the check phase: the
// walk over what instantiation used and one function per group of rules.
#pragma once

#include "compiler/check/Check.h"

#include <set>
#include <string>

namespace mocc::check {

using inst::ClassNode;
using inst::Instance;
using inst::Member;

class Checker {
public:
  Checker(inst::Instantiator &instantiator, const flat::FlatModel &flat, Diagnostics &diags)
      : inst_(instantiator), flat_(flat), diags_(diags) {}

  /// Runs every rule; false if any error was reported.
  bool run(Instance *model);

  // --- MLS 3.8: variability (Variability.cpp) --------------------------------
  /// Bindings of constants, parameters and discrete-valued variables.
  void checkVariability();

  // --- MLS 4: classes, predefined types, declarations (Classes.cpp) ---------
  /// Restrictions of the specialized class of a class definition (4.6),
  /// reserved names (4.9) and enumeration literals (4.9.5).
  void checkClass(ClassNode *cls);
  /// A component declaration against its class: type prefixes (4.4.2),
  /// the components a record, connector, function or block may hold (4.6).
  void checkComponent(Instance *parent, Member &member, Instance *component);
  /// A constant declared without a value (4.5).
  void checkConstantValue(Instance *component);

  /// Duplicate modifications of one element in a modification (7.2.4).
  void checkModifications(ClassNode *cls);

  // --- MLS 5: inner and outer (Scoping.cpp) ---------------------------------
  void checkOuter(Instance *parent, Member &member);

  // --- MLS 7: inheritance, redeclaration (Inheritance.cpp) ------------------
  /// The kind of base class (7.1.3), replaceable and inherited base names.
  void checkExtends(const inst::ExtendsUse &use);
  /// Extends of a simple type, an array class or a prefixed class combined
  /// with other contents (4.4.2.3 of MLS 3.6: combining base classes).
  void checkCombinedBases(ClassNode *cls);
  /// A replaceable or redeclared element against its constraining types
  /// (7.3.2): the declaration, each redeclaration and the final class.
  void checkConstraints(Instance *parent, Member &member);
  /// Whether `a` (with dimsA dimensions) is a subtype of `b` (6.4, as far
  /// as predefined types, enumerations and public components go); `why`
  /// says why not.
  bool isSubtype(ClassNode *a, ClassNode *b, size_t dimsA, size_t dimsB, int depth,
                 std::string &why);

  // --- MLS 9: connectors (Connectors.cpp) ------------------------------------
  /// A connector instance: its balance (9.3.1) and stream rules (15.1).
  void checkConnector(Instance *connector);

  // --- MLS 11: statements (Algorithms.cpp) -----------------------------------
  /// break outside loops, return outside functions.
  void checkStatements(ClassNode *cls);

  // --- MLS 12: functions (Functions.cpp) -------------------------------------
  /// The restrictions of a function class (12.2), given its instance.
  void checkFunction(Instance *function);

  // --- MLS 13: import clauses (Packages.cpp) ---------------------------------
  void checkImports(ClassNode *cls);

  // --- Shared helpers -------------------------------------------------------
  /// Reports an error once per location and message.
  /// Reports a diagnostic of the catalogue (DiagnosticKinds.def): an error
  /// once per place and text, a note only after an error that printed.
  void report(diag::Kind kind, SourceRange range, std::initializer_list<diag::Arg> args = {}) {
    if (diag::info(kind).severity == SeverityKind::Note)
      note(range, diag::format(kind, args));
    else
      error(range, diag::format(kind, args));
  }
  void error(SourceRange range, const std::string &message);
  void note(SourceRange range, const std::string &message);

  /// Whether the class is a record or operator record (after short classes).
  static bool isRecordClass(const ClassNode *cls);
  inst::Instantiator &instantiator() { return inst_; }
  const flat::FlatModel &flat() const { return flat_; }

private:
  void walk(Instance *instance);

  inst::Instantiator &inst_;
  const flat::FlatModel &flat_;
  Diagnostics &diags_;
  unsigned errorsBefore_ = 0;
  bool lastReported_ = false;
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, std::string>> reported_;
  /// This walk's mark in Instance::checkWalk (each Checker has its own).
  uint32_t walkMark_ = nextWalkMark();
  static uint32_t nextWalkMark();
  std::set<const void *> checkedDecls_; ///< declarations checked once
  std::set<ClassNode *> checkedConnectors_;
};


} // namespace mocc::check
