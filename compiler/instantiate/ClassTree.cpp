// Implementation of the class tree: nested-class indexing, the built-in
// classes and on-demand loading of library files and directory packages.
#include "compiler/instantiate/ClassTree.h"

#include "compiler/parse/Parser.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace fs = std::filesystem;

namespace mocc::inst {

bool isPredefinedTypeName(const std::string &name) {
  return name == "Real" || name == "Integer" || name == "Boolean" || name == "String";
}

std::string ClassNode::fullName() const {
  if (viewOf)
    return viewOf->fullName();
  return parent ? parent->fullName() + "." + name : name;
}

bool ClassNode::inBundledSubset() const {
  const ClassNode *top = this;
  while (top->parent)
    top = top->parent;
  return bundled_ && top->name != "Mocc";
}

std::string notInBundledSubset(const std::string &name) {
  return diag::format(diag::NotInBundledSubset, {name});

}

void ClassNode::indexChildren() {
  if (childrenIndexed_)
    return;
  childrenIndexed_ = true;
  if (def) {
    for (const ast::Element &element : def->elements)
      if (element.kind == ast::ElementKind::Class && element.classDef &&
          !isPredefinedTypeName(element.classDef->name))
        children_[element.classDef->name] = tree_->makeNode(this, element.classDef.get());
  }
  if (directory_.empty())
    return;
  std::error_code ec;
  for (const auto &entry : fs::directory_iterator(directory_, ec)) {
    std::string file = entry.path().filename().string();
    if (entry.is_directory(ec)) {
      if (fs::exists(entry.path() / "package.mo"))
        children_.try_emplace(file, nullptr);
    } else if (entry.path().extension() == ".mo" && file != "package.mo") {
      children_.try_emplace(entry.path().stem().string(), nullptr);
    }
  }
}

ClassNode *ClassNode::findChild(const std::string &childName) {
  indexChildren();
  auto it = children_.find(childName);
  if (it == children_.end())
    return nullptr;
  if (!it->second)
    it->second = tree_->loadFromFolder(this, directory_, childName);
  return it->second;
}

const std::vector<const ast::ImportClause *> &ClassNode::imports() {
  if (!importsCollected_) {
    importsCollected_ = true;
    if (def)
      for (const ast::Element &element : def->elements)
        if (element.kind == ast::ElementKind::Import && element.import)
          imports_.push_back(element.import.get());
  }
  return imports_;
}

std::vector<std::string> ClassNode::childNames() {
  indexChildren();
  std::vector<std::string> names;
  for (const auto &[childName, node] : children_)
    names.push_back(childName);
  return names;
}

namespace {

/// The edit distance of a and b counting insertions, deletions,
/// substitutions and transpositions of neighbours (`Lenght` is one edit
/// from `Length`): the optimal string alignment distance (Damerau 1964;
/// Wagner and Fischer 1974), by three rows of the table.
size_t editDistance(const std::string &a, const std::string &b) {
  size_t n = b.size();
  std::vector<size_t> before(n + 1), previous(n + 1), row(n + 1);
  for (size_t j = 0; j <= n; ++j)
    previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (size_t j = 1; j <= n; ++j) {
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[n];
}

} // namespace

std::string ClassNode::closestChildName(const std::string &misspelt) {
  std::string best;
  size_t bestDistance = std::min<size_t>(3, (misspelt.size() + 1) / 2);
  for (const std::string &candidate : childNames()) {
    size_t d = editDistance(misspelt, candidate);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best;
}

// --- ClassTree ---------------------------------------------------------------

ClassTree::ClassTree(SourceManager &sources, Diagnostics &diags)
    : sources_(sources), diags_(diags) {
  static const std::pair<const char *, BuiltinKind> kBuiltins[] = {
      {"Real", BuiltinKind::Real},
      {"Integer", BuiltinKind::Integer},
      {"Boolean", BuiltinKind::Boolean},
      {"String", BuiltinKind::String},
      {"StateSelect", BuiltinKind::StateSelect},
      {"AssertionLevel", BuiltinKind::AssertionLevel},
      {"ExternalObject", BuiltinKind::ExternalObject},
      {"Clock", BuiltinKind::Clock},
  };
  builtins_.assign(static_cast<size_t>(BuiltinKind::Clock) + 1, nullptr);
  for (auto [name, kind] : kBuiltins) {
    auto node = std::make_unique<ClassNode>();
    node->name = name;
    node->builtin = kind;
    node->tree_ = this;
    node->childrenIndexed_ = true;
    builtins_[static_cast<size_t>(kind)] = node.get();
    nodes_.push_back(std::move(node));
  }
}

ClassTree::~ClassTree() = default;

ClassNode *ClassTree::makeNode(ClassNode *parent, const ast::ClassDef *def) {
  auto node = std::make_unique<ClassNode>();
  node->name = def->name;
  node->parent = parent;
  node->def = def;
  node->tree_ = this;
  node->bundled_ = parent && parent->bundled_;
  nodes_.push_back(std::move(node));
  return nodes_.back().get();
}

ClassNode *ClassTree::copyNode(ClassNode *parent, const ClassNode &of) {
  auto node = std::make_unique<ClassNode>();
  node->name = of.name;
  node->parent = parent;
  node->def = of.def;
  node->builtin = of.builtin;
  node->tree_ = this;
  node->directory_ = of.directory_;
  node->bundled_ = of.bundled_;
  nodes_.push_back(std::move(node));
  return nodes_.back().get();
}

ClassNode *ClassTree::builtin(BuiltinKind kind) const {
  return builtins_[static_cast<size_t>(kind)];
}

bool ClassTree::addUserFile(const std::string &path) {
  std::string problem;
  auto file = sources_.addFile(path, &problem);
  if (!file) {
    diags_.report(diag::FileArgumentProblem, {}, {problem});
    return false;
  }
  return addUserDefinitions(*file);
}

bool ClassTree::addUserSource(const std::string &name, std::string text) {
  return addUserDefinitions(sources_.addBuffer(name, std::move(text)));
}

bool ClassTree::addUserDefinitions(FileId file) {
  auto stored = parseFile(sources_, file, diags_);
  if (!stored)
    return false;
  ClassNode *within = nullptr;
  if (stored->hasWithin && !stored->within.parts.empty())
    within = lookupPath(stored->within.parts); // its lexical parent, if known
  for (const auto &cls : stored->classes) {
    ClassNode *node = makeNode(within, cls.get());
    userClasses_[cls->name] = node;
    lastUserClass_ = node;
  }
  files_.push_back(std::move(stored));
  return true;
}

void ClassTree::addLibrary(const std::string &path, LibraryKind kind) {
  std::error_code ec;
  bool isPackageDir = fs::is_directory(path, ec) && fs::exists(fs::path(path) / "package.mo", ec);
  bool isRoot = fs::is_directory(path, ec) && !isPackageDir;
  libraries_.push_back({path, isRoot, kind});
}

ClassNode *ClassTree::loadFromFile(ClassNode *parent, const std::string &name,
                                   const std::string &path, const std::string &directory) {
  std::string problem;
  auto file = sources_.addFile(path, &problem);
  if (!file) {
    diags_.report(diag::CannotLoadLibraryFile, {}, {problem});
    return nullptr;
  }
  auto start = std::chrono::steady_clock::now();
  auto stored = parseFile(sources_, *file, diags_);
  parseSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!stored)
    return nullptr;
  ClassNode *found = nullptr;
  for (const auto &cls : stored->classes) {
    if (cls->name != name)
      continue;
    found = makeNode(parent, cls.get());
    found->directory_ = directory;
  }
  if (!found)
    diags_.report(diag::FileLacksPromisedClass, SourceRange{*file, 0, 0}, {path, name});
  files_.push_back(std::move(stored));
  return found;
}

ClassNode *ClassTree::loadFromFolder(ClassNode *parent, const std::string &folder,
                                     const std::string &name) {
  fs::path dir = fs::path(folder) / name;
  std::error_code ec;
  if (fs::exists(dir / "package.mo", ec))
    return loadFromFile(parent, name, (dir / "package.mo").string(), dir.string());
  fs::path file = fs::path(folder) / (name + ".mo");
  if (fs::exists(file, ec))
    return loadFromFile(parent, name, file.string(), "");
  return nullptr;
}

ClassNode *ClassTree::loadFromLibrary(const LibraryEntry &entry, const std::string &name) {
  if (entry.isRootFolder)
    return loadFromFolder(nullptr, entry.path, name);
  fs::path path(entry.path);
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    // A package directory: its name is the folder's name.
    std::string folderName = path.filename().empty() ? path.parent_path().filename().string()
                                                     : path.filename().string();
    if (folderName != name)
      return nullptr;
    return loadFromFile(nullptr, name, (path / "package.mo").string(), path.string());
  }
  if (path.stem().string() != name)
    return nullptr;
  return loadFromFile(nullptr, name, path.string(), "");
}

ClassNode *ClassTree::lookupTopLevel(const std::string &name) {
  if (auto it = userClasses_.find(name); it != userClasses_.end())
    return it->second;
  if (auto it = topLevel_.find(name); it != topLevel_.end())
    return it->second;
  ClassNode *found = nullptr;
  for (ClassNode *node : builtins_)
    if (node && node->name == name)
      found = node;
  std::vector<const LibraryEntry *> order;
  for (const LibraryEntry &entry : libraries_)
    order.push_back(&entry);
  if (name == "ModelicaServices")
    std::stable_sort(order.begin(), order.end(), [](const LibraryEntry *a, const LibraryEntry *b) {
      // A package given by itself (--lib .../ModelicaServices) first, then
      // the bundled one, then folders of packages (--lib or MODELICAPATH).
      auto rank = [](const LibraryEntry *e) {
        return e->kind == LibraryKind::Given && !e->isRootFolder ? 0
               : e->kind == LibraryKind::Bundled                ? 1
                                                                 : 2;
      };
      return rank(a) < rank(b);
    });
  for (size_t i = 0; !found && i < order.size(); ++i) {
    found = loadFromLibrary(*order[i], name);
    if (found)
      found->bundled_ = order[i]->kind == LibraryKind::Bundled;
  }
  topLevel_[name] = found;
  return found;
}

ClassNode *ClassTree::lookupPath(const std::vector<std::string> &parts) {
  if (parts.empty())
    return nullptr;
  ClassNode *node = lookupTopLevel(parts[0]);
  for (size_t i = 1; node && i < parts.size(); ++i)
    node = node->findChild(parts[i]);
  return node;
}

} // namespace mocc::inst
