// A library's C sources from its build description; see LibrarySources.h.
#include "compiler/ccode/LibrarySources.h"
#include "compiler/ccode/Files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace mocc::ccode {

namespace {

std::string trim(const std::string &s) {
  size_t begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos)
    return "";
  size_t end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

std::vector<std::string> words(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;)
    out.push_back(w);
  return out;
}

/// The logical lines of a Makefile: continuations joined, recipe lines
/// (starting with a tab) marked.
struct Line {
  std::string text;
  bool recipe = false;
};

std::vector<Line> logicalLines(const std::string &text) {
  std::vector<Line> lines;
  std::string current;
  bool continuing = false;
  std::istringstream in(text);
  for (std::string raw; std::getline(in, raw);) {
    if (!raw.empty() && raw.back() == '\r')
      raw.pop_back();
    bool continues = !raw.empty() && raw.back() == '\\';
    if (continues)
      raw.pop_back();
    if (!continuing)
      lines.push_back({"", !raw.empty() && raw[0] == '\t'});
    lines.back().text += (continuing ? " " : "") + raw;
    continuing = continues;
  }
  return lines;
}

/// The text before a comment (`#` not escaped).
std::string withoutComment(const std::string &line) {
  for (size_t i = 0; i < line.size(); ++i)
    if (line[i] == '#' && (i == 0 || line[i - 1] != '\\'))
      return line.substr(0, i);
  return line;
}

/// An absolute, normal form of `path` relative to `base`.
std::string resolvePath(const std::string &base, std::string path) {
  if (path.size() >= 2 && path.front() == '"' && path.back() == '"')
    path = path.substr(1, path.size() - 2);
  fs::path p(path);
  if (p.is_relative())
    p = fs::path(base) / p;
  return p.lexically_normal().string();
}

/// The flags of a compile command that matter for the code: -D, -U, -I
/// (relative to `base`) and the meaningful ones of isMeaningfulFlag.
void takeFlags(const std::vector<std::string> &args, const std::string &base, Source &unit) {
  auto unquote = [](std::string s) {
    s.erase(std::remove(s.begin(), s.end(), '"'), s.end());
    s.erase(std::remove(s.begin(), s.end(), '\''), s.end());
    return s;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto value = [&](size_t prefix) {
      if (a.size() > prefix)
        return unquote(a.substr(prefix));
      return i + 1 < args.size() ? unquote(args[++i]) : std::string();
    };
    if (a.rfind("-D", 0) == 0) {
      std::string v = value(2);
      if (!v.empty() && std::find(unit.defines.begin(), unit.defines.end(), v) == unit.defines.end())
        unit.defines.push_back(v);
    } else if (a.rfind("-U", 0) == 0) {
      std::string v = value(2);
      if (!v.empty())
        unit.undefines.push_back(v);
    } else if (a.rfind("-I", 0) == 0) {
      std::string v = value(2);
      if (!v.empty()) {
        std::string dir = resolvePath(base, v);
        if (std::find(unit.includeDirectories.begin(), unit.includeDirectories.end(), dir) ==
            unit.includeDirectories.end())
          unit.includeDirectories.push_back(dir);
      }
    } else if (isMeaningfulFlag(a)) {
      unit.flags.push_back(a);
    }
  }
}

bool isCSource(const std::string &file) {
  return file.size() > 2 && file.compare(file.size() - 2, 2, ".c") == 0;
}

// --- The gcc Makefile ---------------------------------------------------------------------------

class Makefile {
public:
  Makefile(const std::string &path, const std::string &text) : base_(fs::path(path).parent_path().string()) {
    parse(text);
  }

  std::optional<std::vector<Source>> library(const std::string &name) {
    std::set<std::string> visiting;
    return libraryUnits(name, visiting);
  }

private:
  struct Rule {
    std::vector<std::string> targets; ///< expanded
    std::string prerequisites;        ///< unexpanded
    std::vector<std::string> recipe;  ///< unexpanded lines
  };

  /// The automatic variables of a recipe.
  struct Automatic {
    std::string target, first, all;
  };

  void parse(const std::string &text) {
    Rule *current = nullptr;
    for (const Line &line : logicalLines(text)) {
      if (line.recipe && current) {
        current->recipe.push_back(line.text);
        continue;
      }
      std::string s = trim(withoutComment(line.text));
      if (s.empty())
        continue;
      std::string first = words(s)[0];
      if (first == "ifeq" || first == "ifneq" || first == "ifdef" || first == "ifndef" ||
          first == "else" || first == "endif" || first == "include" || first == "-include" ||
          first == "export" || first == "unexport" || first == "define" || first == "endef" ||
          first == "override" || first == "vpath") {
        current = nullptr;
        continue;
      }
      size_t equals = s.find('=');
      size_t colon = s.find(':');
      bool assignment = equals != std::string::npos &&
                        (colon == std::string::npos || colon >= equals - 1 ||
                         (colon + 1 < s.size() && s[colon + 1] == ':' && colon + 2 == equals));
      if (assignment) {
        current = nullptr;
        assign(s, equals);
        continue;
      }
      if (colon == std::string::npos)
        continue;
      Rule rule;
      rule.targets = words(expand(s.substr(0, colon), {}));
      std::string rest = s.substr(colon + 1);
      if (!rest.empty() && rest[0] == ':') // a double-colon rule
        rest = rest.substr(1);
      size_t semicolon = rest.find(';');
      if (semicolon != std::string::npos) {
        rule.recipe.push_back(rest.substr(semicolon + 1));
        rest = rest.substr(0, semicolon);
      }
      rule.prerequisites = rest;
      rules_.push_back(std::move(rule));
      current = &rules_.back();
    }
  }

  void assign(const std::string &s, size_t equals) {
    std::string name = s.substr(0, equals);
    std::string value = trim(s.substr(equals + 1));
    char op = name.empty() ? '=' : name.back();
    if (op == ':' || op == '+' || op == '?' || op == '!')
      name.pop_back();
    if (op == ':' && !name.empty() && name.back() == ':')
      name.pop_back(); // ::=
    name = trim(name);
    if (op == '?' && variables_.count(name))
      return;
    if (op == ':')
      value = expand(value, {}); // simply expanded
    if (op == '+' && variables_.count(name))
      variables_[name] += " " + value;
    else
      variables_[name] = value;
  }

  /// Expands variable references (recursively, up to a depth).
  std::string expand(const std::string &text, const Automatic &automatic, int depth = 0) const {
    if (depth > 32)
      return "";
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] != '$' || i + 1 == text.size()) {
        out += text[i];
        continue;
      }
      char c = text[++i];
      if (c == '$') {
        out += '$';
      } else if (c == '@') {
        out += automatic.target;
      } else if (c == '<') {
        out += automatic.first;
      } else if (c == '^') {
        out += automatic.all;
      } else if (c == '(' || c == '{') {
        char close = c == '(' ? ')' : '}';
        int level = 1;
        size_t end = i + 1;
        for (; end < text.size() && level > 0; ++end) {
          if (text[end] == c)
            ++level;
          else if (text[end] == close)
            --level;
        }
        std::string reference = text.substr(i + 1, end - i - 2);
        i = end - 1;
        out += reference.find_first_of(" \t") != std::string::npos
                   ? std::string() // a function: not understood
                   : lookup(expand(reference, automatic, depth + 1), automatic, depth);
      } else {
        out += lookup(std::string(1, c), automatic, depth);
      }
    }
    return out;
  }

  /// The value of a variable reference, with a substitution reference
  /// (`VAR:.c=.o`) applied.
  std::string lookup(const std::string &reference, const Automatic &automatic, int depth) const {
    std::string name = reference, from, to;
    size_t colon = reference.find(':');
    size_t equals = reference.find('=', colon == std::string::npos ? 0 : colon);
    if (colon != std::string::npos && equals != std::string::npos) {
      name = reference.substr(0, colon);
      from = reference.substr(colon + 1, equals - colon - 1);
      to = reference.substr(equals + 1);
    }
    auto it = variables_.find(name);
    std::string value = it == variables_.end() ? "" : expand(it->second, automatic, depth + 1);
    if (from.empty())
      return value;
    std::string out;
    for (const std::string &w : words(value)) {
      std::string replaced = w;
      if (w.size() >= from.size() && w.compare(w.size() - from.size(), from.size(), from) == 0)
        replaced = w.substr(0, w.size() - from.size()) + to;
      out += (out.empty() ? "" : " ") + replaced;
    }
    return out;
  }

  static std::string baseName(const std::string &path) { return fs::path(path).filename().string(); }

  /// The rule that builds `target` (explicit, else a pattern rule) and the
  /// stem of the pattern.
  const Rule *ruleFor(const std::string &target, std::string &stem) const {
    for (const Rule &rule : rules_)
      for (const std::string &t : rule.targets)
        if (t == target && t.find('%') == std::string::npos && !rule.recipe.empty())
          return &rule;
    for (const Rule &rule : rules_) {
      for (const std::string &t : rule.targets) {
        size_t percent = t.find('%');
        if (percent == std::string::npos)
          continue;
        std::string prefix = t.substr(0, percent), suffix = t.substr(percent + 1);
        if (target.size() >= prefix.size() + suffix.size() && target.rfind(prefix, 0) == 0 &&
            target.compare(target.size() - suffix.size(), suffix.size(), suffix) == 0) {
          stem = target.substr(prefix.size(), target.size() - prefix.size() - suffix.size());
          return &rule;
        }
      }
    }
    return nullptr;
  }

  /// A unit for the C file `source`, with the flags of `recipe`.
  Source unitFor(const std::string &source, const std::vector<std::string> &recipe,
                 const Automatic &automatic) const {
    Source unit;
    unit.path = resolvePath(base_, source);
    std::vector<std::string> args;
    for (const std::string &line : recipe)
      for (const std::string &w : words(expand(line, automatic)))
        args.push_back(w);
    takeFlags(args, base_, unit);
    return unit;
  }

  /// The unit that compiles the object `object`, if a rule (or make's
  /// built-in rule) makes it from a C file.
  std::optional<Source> objectUnit(const std::string &object) const {
    std::string stem;
    if (const Rule *rule = ruleFor(object, stem)) {
      std::string prerequisites = expand(rule->prerequisites, {});
      std::vector<std::string> list;
      for (std::string w : words(prerequisites)) {
        size_t percent = w.find('%');
        if (percent != std::string::npos)
          w.replace(percent, 1, stem);
        list.push_back(w);
      }
      for (const std::string &w : list) {
        if (!isCSource(w))
          continue;
        std::string all;
        for (const std::string &p : list)
          all += (all.empty() ? "" : " ") + p;
        return unitFor(w, rule->recipe, Automatic{object, w, all});
      }
      return std::nullopt;
    }
    // make's built-in rule: $(CC) $(CPPFLAGS) $(CFLAGS) -c from <stem>.c
    if (object.size() > 2 && object.compare(object.size() - 2, 2, ".o") == 0) {
      std::string source = object.substr(0, object.size() - 2) + ".c";
      std::error_code ec;
      if (fs::is_regular_file(resolvePath(base_, source), ec))
        return unitFor(source, {"$(CPPFLAGS) $(CFLAGS)"}, Automatic{object, source, source});
    }
    return std::nullopt;
  }

  /// The name of the library a target builds (`lib<Name>.a` or `.so`).
  static std::string libraryName(const std::string &target) {
    std::string file = baseName(target);
    for (const char *suffix : {".a", ".so"}) {
      std::string s = suffix;
      if (file.rfind("lib", 0) == 0 && file.size() > 3 + s.size() &&
          file.compare(file.size() - s.size(), s.size(), s) == 0)
        return file.substr(3, file.size() - 3 - s.size());
    }
    return "";
  }

  std::optional<std::vector<Source>> libraryUnits(const std::string &name,
                                                  std::set<std::string> &visiting) {
    if (!visiting.insert(name).second)
      return std::vector<Source>{};
    for (const Rule &rule : rules_) {
      std::string target;
      for (const std::string &t : rule.targets)
        if (libraryName(t) == name)
          target = t;
      if (target.empty())
        continue;
      std::vector<Source> units;
      std::vector<std::string> prerequisites = words(expand(rule.prerequisites, {}));
      std::string all;
      for (const std::string &p : prerequisites)
        all += (all.empty() ? "" : " ") + p;
      for (const std::string &p : prerequisites) {
        if (isCSource(p)) {
          units.push_back(unitFor(p, rule.recipe, Automatic{target, prerequisites[0], all}));
        } else if (std::string dependency = libraryName(p); !dependency.empty()) {
          if (auto more = libraryUnits(dependency, visiting))
            units.insert(units.end(), more->begin(), more->end());
        } else if (auto unit = objectUnit(p)) {
          units.push_back(std::move(*unit));
        }
      }
      return units;
    }
    return std::nullopt;
  }

  std::string base_;
  std::map<std::string, std::string> variables_;
  std::vector<Rule> rules_;
};

// --- The automake Makefile.am -----------------------------------------------------------------

std::optional<std::vector<Source>> readAm(const std::string &path, const std::string &library,
                                          std::set<std::string> &visiting) {
  auto text = readFile(path);
  if (!text || !visiting.insert(library).second)
    return std::nullopt;
  std::string base = fs::path(path).parent_path().string();
  std::map<std::string, std::string> variables;
  // if/else/endif: the if branch is read, the else branch skipped.
  std::vector<bool> skipping;
  for (const Line &line : logicalLines(*text)) {
    std::string s = trim(withoutComment(line.text));
    if (s.empty() || line.recipe)
      continue;
    std::string first = words(s)[0];
    if (first == "if") {
      skipping.push_back(!skipping.empty() && skipping.back());
      continue;
    }
    if (first == "else") {
      if (!skipping.empty())
        skipping.back() = true;
      continue;
    }
    if (first == "endif") {
      if (!skipping.empty())
        skipping.pop_back();
      continue;
    }
    if (!skipping.empty() && skipping.back())
      continue;
    size_t equals = s.find('=');
    if (equals == std::string::npos)
      continue;
    std::string name = s.substr(0, equals);
    bool append = !name.empty() && name.back() == '+';
    if (append || (!name.empty() && name.back() == ':'))
      name.pop_back();
    name = trim(name);
    std::string value = trim(s.substr(equals + 1));
    variables[name] = append && variables.count(name) ? variables[name] + " " + value : value;
  }
  auto value = [&](const std::string &name) {
    std::string v = variables.count(name) ? variables[name] : "";
    // $(VAR) references, one level (what Makefile.am files use)
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) {
      if (v[i] == '$' && i + 1 < v.size() && (v[i + 1] == '(' || v[i + 1] == '{')) {
        size_t end = v.find(v[i + 1] == '(' ? ')' : '}', i);
        if (end == std::string::npos)
          break;
        std::string ref = v.substr(i + 2, end - i - 2);
        out += variables.count(ref) ? variables[ref] : "";
        i = end;
      } else {
        out += v[i];
      }
    }
    return out;
  };
  std::string prefix;
  for (const char *kind : {"_la_", "_a_"})
    if (variables.count("lib" + library + kind + std::string("SOURCES")))
      prefix = "lib" + library + kind;
  if (prefix.empty())
    return std::nullopt;
  std::vector<std::string> flags;
  for (const char *suffix : {"CPPFLAGS", "CFLAGS"}) {
    std::string own = value(prefix + suffix);
    for (const std::string &w : words(own.empty() ? value(std::string("AM_") + suffix) : own))
      flags.push_back(w);
  }
  std::vector<Source> units;
  for (const std::string &file : words(value(prefix + "SOURCES"))) {
    if (!isCSource(file))
      continue;
    Source unit;
    unit.path = resolvePath(base, file);
    takeFlags(flags, base, unit);
    units.push_back(std::move(unit));
  }
  for (const std::string &added : words(value(prefix + "LIBADD"))) {
    std::string file = fs::path(added).filename().string();
    if (file.rfind("lib", 0) == 0 && file.size() > 6 && file.compare(file.size() - 3, 3, ".la") == 0)
      if (auto more = readAm(path, file.substr(3, file.size() - 6), visiting))
        units.insert(units.end(), more->begin(), more->end());
  }
  return units;
}

bool isFile(const std::string &path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

} // namespace

std::optional<std::vector<Source>> readMakefile(const std::string &path, const std::string &library) {
  auto text = readFile(path);
  if (!text)
    return std::nullopt;
  return Makefile(path, *text).library(library);
}

std::optional<std::vector<Source>> readMakefileAm(const std::string &path,
                                                  const std::string &library) {
  std::set<std::string> visiting;
  return readAm(path, library, visiting);
}

std::optional<LibrarySources> findLibrarySources(const std::string &library,
                                                 const SourceSearch &search) {
  // 1. A build description that builds the library.
  std::vector<std::pair<std::string, bool>> descriptions; // path, is Makefile.am
  for (const std::string &dir : search.resourceDirectories) {
    descriptions.push_back({dir + "/BuildProjects/gcc/Makefile", false});
    descriptions.push_back({dir + "/BuildProjects/autotools/Makefile.am", true});
  }
  for (const std::string &dir : search.sourceDirectories) {
    descriptions.push_back({dir + "/Makefile", false});
    descriptions.push_back({dir + "/Makefile.am", true});
  }
  for (const auto &[path, isAm] : descriptions) {
    if (!isFile(path))
      continue;
    auto units = isAm ? readMakefileAm(path, library) : readMakefile(path, library);
    if (units && !units->empty())
      return LibrarySources{fs::path(path).lexically_normal().string(), std::move(*units)};
  }
  // 2. Every C file of a source folder.
  for (const std::string &dir : search.sourceDirectories) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      continue;
    std::vector<std::string> files;
    for (const auto &entry : fs::directory_iterator(dir, ec))
      if (entry.is_regular_file(ec) && isCSource(entry.path().filename().string()))
        files.push_back(entry.path().lexically_normal().string());
    if (files.empty())
      continue;
    std::sort(files.begin(), files.end());
    LibrarySources sources{fs::path(dir).lexically_normal().string(), {}};
    for (const std::string &file : files) {
      Source unit;
      unit.path = file;
      unit.includeDirectories = search.includeDirectories;
      unit.includeDirectories.push_back(sources.origin);
      sources.units.push_back(std::move(unit));
    }
    return sources;
  }
  return std::nullopt;
}

} // namespace mocc::ccode
