// The class tree: every class definition the compiler can see, from the
// user's files, from libraries (directory packages and single files found
// through --lib, MODELICAPATH and the bundled stdlib/), and the built-in
// types. Libraries are loaded on demand: a file is parsed only when one of
// its classes is looked up (MLS 13.4, mapping of packages to files).
#pragma once

#include "compiler/ast/AST.h"
#include "compiler/support/Diagnostics.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mocc::inst {

/// The predefined classes of MLS chapter 4.9; Enumeration marks a component
/// whose type is a user-defined enumeration (its class is the enumeration).
enum class BuiltinKind { None, Real, Integer, Boolean, String, StateSelect, AssertionLevel,
                         ExternalObject, Clock, Enumeration };

class ClassTree;

/// Whether `name` is that of a predefined type (Real, Integer, Boolean,
/// String), which MLS 4.8 reserves: no element may be declared with it.
bool isPredefinedTypeName(const std::string &name);

/// One class definition and its place in the tree of nested classes.
class ClassNode {
public:
  std::string name;
  ClassNode *parent = nullptr; ///< the enclosing class; null at top level
  const ast::ClassDef *def = nullptr; ///< null for built-in classes
  BuiltinKind builtin = BuiltinKind::None;
  /// Set on a view of a base class as part of a class that extends it (a
  /// package P extending B): the node has B's text and enclosing classes,
  /// but its elements are those of P's instance, so a class inherited from
  /// B, seen as an element of P, is a child of the view and finds P's
  /// (modified, redeclared) constants and classes where its text names B's
  /// (MLS 5.3.1, 7.1: the inherited elements are elements of P). Its name
  /// is P's.
  ClassNode *viewOf = nullptr;

  /// "A.B.C".
  std::string fullName() const;
  /// A class defined inside this one (in its text or, for a directory
  /// package, in its folder), loaded on first use; null if there is none.
  ClassNode *findChild(const std::string &childName);
  /// Names of every nested class, for "did you mean" suggestions.
  std::vector<std::string> childNames();
  /// The nested class whose name is closest to `misspelt` (at most two
  /// edits, and fewer than half its letters), for "did you mean"; else "".
  std::string closestChildName(const std::string &misspelt);
  /// The import clauses of the class's text, in order (collected once:
  /// every lookup from inside the class asks for them).
  const std::vector<const ast::ImportClause *> &imports();
  ast::ClassRestrictionKind restriction() const {
    return def ? def->prefixes.restriction : ast::ClassRestrictionKind::Type;
  }
  bool isEncapsulated() const { return def && def->prefixes.encapsulated; }
  /// Whether the class comes from mocc's bundled library (stdlib/) and is
  /// part of its subset of the MSL (the packages other than `Mocc`): a
  /// class it lacks may well be in the MSL itself.
  bool inBundledSubset() const;
  /// The folder of a directory package (`Modelica/` for `Modelica`), else
  /// empty.
  const std::string &packageDirectory() const { return directory_; }

private:
  friend class ClassTree;
  ClassTree *tree_ = nullptr;
  std::string directory_; ///< a directory package's folder, else empty
  bool bundled_ = false;  ///< loaded from the bundled library
  bool childrenIndexed_ = false;
  std::map<std::string, ClassNode *> children_;
  bool importsCollected_ = false;
  std::vector<const ast::ImportClause *> imports_;
  void indexChildren();
};

/// Owns all class nodes and parsed files; resolves top-level names.
class ClassTree {
public:
  ClassTree(SourceManager &sources, Diagnostics &diags);
  ~ClassTree();

  /// Parses a user file and makes its top-level classes visible first in
  /// lookup; false if it cannot be read or has syntax errors.
  bool addUserFile(const std::string &path);
  /// The same for source text held in memory under a display name.
  bool addUserSource(const std::string &name, std::string text);
  /// How a library was given: on the command line (--lib), in
  /// MODELICAPATH, or bundled with mocc.
  enum class LibraryKind { Given, Path, Bundled };
  /// Adds a library search entry: a package directory (holding package.mo),
  /// a single .mo file, or a root folder of packages (MODELICAPATH style).
  void addLibrary(const std::string &path, LibraryKind kind = LibraryKind::Path);

  /// A top-level class by name (user files, then libraries in order, then
  /// the built-in classes); loads it on demand; null if none exists. The
  /// tool's own package, ModelicaServices (MLS chapter 18: each tool
  /// implements it), comes from the bundled library before folders of
  /// packages (MODELICAPATH, a --lib folder), whose copy (the MSL's) is a
  /// default that resolves no URIs; a ModelicaServices package given with
  /// --lib by itself still comes first.
  ClassNode *lookupTopLevel(const std::string &name);
  /// A class by its full dotted name from the top level.
  ClassNode *lookupPath(const std::vector<std::string> &parts);
  ClassNode *builtin(BuiltinKind kind) const;
  /// The last top-level class defined in the last user file (CLI.md's
  /// default model), or null.
  ClassNode *lastUserClass() const { return lastUserClass_; }

  /// Seconds spent parsing files so far.
  double parseSeconds() const { return parseSeconds_; }
  SourceManager &sources() { return sources_; }
  Diagnostics &diags() { return diags_; }

  /// Creates a node for a class defined inside `parent`'s text.
  ClassNode *makeNode(ClassNode *parent, const ast::ClassDef *def);
  /// A node for the class `of`'s definition as a child of `parent` (a view,
  /// see ClassNode::viewOf), sharing its text and, for a directory package,
  /// its folder.
  ClassNode *copyNode(ClassNode *parent, const ClassNode &of);

private:
  friend class ClassNode;
  struct LibraryEntry {
    std::string path;
    bool isRootFolder; ///< MODELICAPATH style: holds several packages
    LibraryKind kind = LibraryKind::Path;
  };
  ClassNode *loadFromFile(ClassNode *parent, const std::string &name, const std::string &file,
                          const std::string &directory);
  ClassNode *loadFromLibrary(const LibraryEntry &entry, const std::string &name);
  ClassNode *loadFromFolder(ClassNode *parent, const std::string &folder, const std::string &name);
  bool addUserDefinitions(FileId file);

  SourceManager &sources_;
  Diagnostics &diags_;
  std::vector<std::unique_ptr<ClassNode>> nodes_;
  std::vector<std::unique_ptr<ast::StoredDefinition>> files_;
  std::map<std::string, ClassNode *> userClasses_;
  std::map<std::string, ClassNode *> topLevel_; ///< cache of resolved names
  std::vector<LibraryEntry> libraries_;
  std::vector<ClassNode *> builtins_;
  ClassNode *lastUserClass_ = nullptr;
  double parseSeconds_ = 0;
};

/// The error for `name`, a class that the bundled subset of the MSL lacks:
/// "`name` is not in mocc's bundled subset of the MSL; set MODELICAPATH to
/// a copy of the MSL 4.1.0".
std::string notInBundledSubset(const std::string &name);

} // namespace mocc::inst
