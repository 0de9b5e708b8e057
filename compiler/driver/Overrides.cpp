#include "compiler/driver/Overrides.h"

#include "compiler/driver/Driver.h"
#include "compiler/support/SourceManager.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace mocc::driver {

namespace {

std::string trim(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos)
    return {};
  size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

/// One `name=value`; false, with `problem` set, if it is not one.
bool parseEntry(const std::string &entry, const std::string &origin, std::vector<Override> &out,
                std::string &problem) {
  size_t eq = entry.find('=');
  std::string name = eq == std::string::npos ? std::string() : trim(entry.substr(0, eq));
  std::string value = eq == std::string::npos ? std::string() : trim(entry.substr(eq + 1));
  if (name.empty() || value.empty()) {
    problem = origin + ": `" + trim(entry) + "` is not `name=value`";
    return false;
  }
  out.push_back({name, value, origin});
  return true;
}

std::optional<double> parseReal(const std::string &text) {
  if (text.empty())
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  double value = std::strtod(text.c_str(), &end);
  if (*end != '\0' || !std::isfinite(value) || errno == ERANGE)
    return std::nullopt;
  return value;
}

/// "`name` (from FILE:3)" or "`name`" for the command line.
std::string named(const Override &o) {
  std::string text = "`" + o.name + "`";
  if (o.origin != "--override")
    text += " (" + o.origin + ")";
  return text;
}

/// The value of an override for a variable of `type`; nothing, with
/// `problem` set, if it does not fit.
std::optional<double> valueFor(const Override &o, const flat::Variable &v,
                               const flat::FlatModel &model, std::string &problem) {
  const char *type = flat::typeName(v.type);
  if (v.type == flat::TypeKind::Boolean) {
    if (o.value == "true")
      return 1.0;
    if (o.value == "false")
      return 0.0;
    problem = "the value of " + named(o) + " must be `true` or `false` (a Boolean), not `" +
              o.value + "`";
    return std::nullopt;
  }
  if (v.type == flat::TypeKind::Enumeration && v.enumeration < model.enumerations.size()) {
    const flat::EnumerationType &e = model.enumerations[v.enumeration];
    // A literal, with or without the type's name before it.
    std::string literal = o.value.substr(o.value.rfind('.') == std::string::npos
                                             ? 0
                                             : o.value.rfind('.') + 1);
    for (size_t i = 0; i < e.literals.size(); ++i)
      if (e.literals[i] == literal)
        return static_cast<double>(i + 1);
    std::string list;
    for (size_t i = 0; i < e.literals.size(); ++i)
      list += (i ? ", " : "") + e.literals[i];
    problem = "the value of " + named(o) + " must be a literal of " + e.name + " (" + list +
              "), not `" + o.value + "`";
    return std::nullopt;
  }
  auto number = parseReal(o.value);
  if (!number) {
    problem = "the value of " + named(o) + " must be a number (a " + std::string(type) +
              "), not `" + o.value + "`";
    return std::nullopt;
  }
  if (v.type == flat::TypeKind::Integer &&
      (*number != std::floor(*number) || *number < -2147483648.0 || *number > 2147483647.0)) {
    problem = "the value of " + named(o) + " must be an Integer, not `" + o.value + "`";
    return std::nullopt;
  }
  return number;
}

/// Why no variable has this name: an array's elements, a component's
/// variables, or nothing at all.
std::string unknownName(const Override &o, const std::string &name, const flat::FlatModel &model) {
  for (const flat::Variable &v : model.variables) {
    if (v.name.size() > name.size() && v.name.compare(0, name.size(), name) == 0) {
      char next = v.name[name.size()];
      if (next == '[')
        return named(o) + " is an array: override its elements, `" + v.name + "=...`";
      if (next == '.')
        return named(o) + " is a component, not a variable: override its variables (`" + v.name +
               "=...`)";
    }
  }
  return "the model " + model.name + " has no variable " + named(o);
}

} // namespace

bool parseOverrideList(const std::string &list, std::vector<Override> &out, std::string &problem) {
  // Commas within brackets are subscripts: `R.T[1,2]=0`.
  size_t start = 0;
  int depth = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    char c = i < list.size() ? list[i] : ',';
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (c != ',' || depth > 0)
      continue;
    if (!parseEntry(list.substr(start, i - start), "--override", out, problem))
      return false;
    start = i + 1;
  }
  return true;
}

bool readOverrideFile(const std::string &path, std::vector<Override> &out, std::string &problem) {
  std::ifstream in(path);
  if (!in) {
    problem = "`--override-file`: cannot read `" + path + "`: " + std::strerror(errno);
    return false;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::string text = trim(line);
    if (text.empty() || text[0] == '#')
      continue;
    if (!parseEntry(text, path + ":" + std::to_string(number), out, problem))
      return false;
  }
  return true;
}

bool collectOverrides(const SimulateOptions &simulate, std::vector<Override> &out,
                      std::string &problem) {
  std::vector<Override> all;
  for (const auto &[isFile, text] : simulate.overrides) {
    if (isFile) {
      if (std::string why = unreadableFile(text); !why.empty()) {
        problem = "`--override-file`: " + why;
        return false;
      }
      if (!readOverrideFile(text, all, problem))
        return false;
    } else if (!parseOverrideList(text, all, problem)) {
      return false;
    }
  }
  // A later override of the same name wins.
  std::unordered_set<std::string> seen;
  for (size_t i = all.size(); i-- > 0;)
    if (seen.insert(all[i].name).second)
      out.push_back(all[i]);
  std::reverse(out.begin(), out.end());
  return true;
}

bool applyExperimentOverrides(std::vector<Override> &overrides, SimulateOptions &simulate,
                              std::string &problem) {
  struct Setting {
    const char *name;
    const char *option;
    double SimulateOptions::*field;
  };
  static const Setting settings[] = {
      {"startTime", "--start-time", &SimulateOptions::startTime},
      {"stopTime", "--stop-time", &SimulateOptions::stopTime},
      {"tolerance", "--tolerance", &SimulateOptions::tolerance},
      {"interval", "--interval", &SimulateOptions::interval},
      {"stepSize", "--interval", &SimulateOptions::interval},
  };
  std::vector<Override> rest;
  for (const Override &o : overrides) {
    const Setting *setting = nullptr;
    for (const Setting &s : settings)
      if (o.name == s.name)
        setting = &s;
    if (o.name == "numberOfIntervals") {
      auto n = parseReal(o.value);
      if (!n || *n < 1 || *n != std::floor(*n) || *n > static_cast<double>(maxOutputIntervals)) {
        problem = "the value of " + named(o) + " must be a positive integer of at most " +
                  std::to_string(maxOutputIntervals) + ", not `" + o.value + "`";
        return false;
      }
      if ((simulate.intervals > 0 && simulate.intervals != static_cast<long>(*n)) ||
          !std::isnan(simulate.interval)) {
        problem = named(o) + " contradicts the output grid given by `--intervals` or `--interval`";
        return false;
      }
      simulate.intervals = static_cast<long>(*n);
      continue;
    }
    if (!setting) {
      rest.push_back(o);
      continue;
    }
    auto value = parseReal(o.value);
    bool positive = setting->field == &SimulateOptions::tolerance ||
                    setting->field == &SimulateOptions::interval;
    if (!value || (positive && *value <= 0)) {
      problem = "the value of " + named(o) + " must be a " + (positive ? "positive " : "") +
                "number, not `" + o.value + "`";
      return false;
    }
    double &field = simulate.*(setting->field);
    if (!std::isnan(field) && field != *value) {
      problem = named(o) + " = " + o.value + " contradicts `" + setting->option + "`";
      return false;
    }
    if (setting->field == &SimulateOptions::interval && simulate.intervals > 0) {
      problem = named(o) + " contradicts `--intervals`";
      return false;
    }
    field = *value;
  }
  overrides = std::move(rest);
  return true;
}

namespace {

/// The variables of a model by name, those `accept` takes: a scan per name
/// for the few names of a command line (a run from the cache of compiled
/// models does nothing else with the names), a hash map for many.
class VariableFinder {
public:
  VariableFinder(const flat::FlatModel &model, size_t lookups,
                 bool (*accept)(const flat::Variable &))
      : model_(model), accept_(accept) {
    if (lookups <= 8)
      return;
    for (uint32_t i = 0; i < model.variables.size(); ++i)
      if (accept(model.variables[i]))
        byName_.emplace(model.variables[i].name, i);
  }
  std::optional<uint32_t> find(const std::string &name) const {
    if (!byName_.empty()) {
      auto it = byName_.find(name);
      return it == byName_.end() ? std::nullopt : std::optional<uint32_t>(it->second);
    }
    for (uint32_t i = 0; i < model_.variables.size(); ++i)
      if (model_.variables[i].name == name && accept_(model_.variables[i]))
        return i;
    return std::nullopt;
  }

private:
  const flat::FlatModel &model_;
  bool (*accept_)(const flat::Variable &);
  std::unordered_map<std::string, uint32_t> byName_;
};

bool overridableKind(const flat::Variable &v) {
  return v.special == flat::SpecialKind::None && !v.derivativeOf.valid();
}

bool anyVariable(const flat::Variable &) { return true; }

} // namespace

bool resolveModelOverrides(const std::vector<Override> &overrides,
                           const flat::FlatModel &model, std::vector<ModelOverride> &out,
                           std::string &problem) {
  if (overrides.empty())
    return true;
  VariableFinder variables(model, overrides.size(), overridableKind);
  for (const Override &o : overrides) {
    std::string name = o.name;
    bool start = false;
    std::optional<uint32_t> found = variables.find(name);
    if (!found && name.ends_with(".start")) {
      found = variables.find(name.substr(0, name.size() - 6));
      start = found.has_value();
    }
    if (!found) {
      // Another attribute (`x.fixed`, `x.nominal`) of a variable.
      size_t dot = name.rfind('.');
      if (dot != std::string::npos && variables.find(name.substr(0, dot))) {
        problem = named(o) + ": only values of parameters and start values (`" +
                  name.substr(0, dot) + ".start`) can be overridden";
        return false;
      }
      static const char *const otherTools[] = {"solver", "outputFormat", "variableFilter",
                                               "cflags", "s", "emit_protected"};
      for (const char *setting : otherTools)
        if (name == setting) {
          problem = named(o) + " is a setting of OpenModelica that mocc does not have; mocc's "
                    "are startTime, stopTime, tolerance, interval (or stepSize) and "
                    "numberOfIntervals";
          return false;
        }
      problem = unknownName(o, name, model);
      return false;
    }
    const flat::Variable &v = model.variables[*found];
    if (v.variability == flat::VariabilityKind::Constant) {
      problem = named(o) + " is a constant: it cannot be overridden";
      return false;
    }
    if (v.type == flat::TypeKind::String || v.type == flat::TypeKind::ExternalObject) {
      problem = named(o) + " is " +
                (v.type == flat::TypeKind::String ? "a String" : "an external object") +
                ": overriding it is not supported yet";
      return false;
    }
    if (v.final && !start) {
      problem = named(o) + " is final in the model (declared `final` or given a `final` "
                "modification): it cannot be overridden";
      return false;
    }
    bool parameter = v.variability == flat::VariabilityKind::Parameter;
    if (parameter && !start) {
      if (v.structural) {
        problem = named(o) + " cannot be overridden: the translation used its value (an array "
                  "size, a condition of an if-equation or a conditional component, a for range, "
                  "an assert it checked, ...), so it is part of the model's structure; change "
                  "it in the model instead";
        return false;
      }
      if (v.attributes.fixed == false) {
        problem = named(o) + " is found by initialization (fixed = false): override its start "
                  "value, `" + v.name + ".start`";
        return false;
      }
    }
    if (parameter && start && v.attributes.fixed != false) {
      problem = named(o) + ": the parameter `" + v.name + "` takes the value of its binding, "
                "not its start value; override `" + v.name + "` itself";
      return false;
    }
    auto value = valueFor(o, v, model, problem);
    if (!value)
      return false;
    out.push_back({*found, !(parameter && !start), *value});
  }
  return true;
}

void applyResolvedOverrides(const std::vector<ModelOverride> &overrides,
                            flat::FlatModel &model) {
  for (const ModelOverride &o : overrides) {
    flat::Variable &v = model.variables[o.variable];
    sym::ExprId constant = model.pool.constant(o.value);
    if (o.start)
      v.attributes.start = constant;
    else
      v.binding = constant;
  }
}

bool applyModelOverrides(const std::vector<Override> &overrides, flat::FlatModel &model,
                         std::string &problem) {
  std::vector<ModelOverride> resolved;
  if (!resolveModelOverrides(overrides, model, resolved, problem))
    return false;
  applyResolvedOverrides(resolved, model);
  return true;
}

bool overrideTable(const std::vector<ModelOverride> &overrides,
                   const std::vector<uint8_t> &overridable, size_t numSlots,
                   std::vector<double> &table, uint32_t *notOverridable) {
  table.clear();
  for (const ModelOverride &o : overrides) {
    uint8_t need = o.start ? 2 : 1; // plan::SimulationPlan::kOverrideStart, kOverrideBinding
    if (o.variable >= overridable.size() || (overridable[o.variable] & need) == 0) {
      if (notOverridable)
        *notOverridable = o.variable;
      table.clear();
      return false;
    }
    if (table.empty())
      table.assign(numSlots, std::numeric_limits<double>::quiet_NaN());
    table[o.variable] = o.value;
  }
  return true;
}

std::vector<std::string> overriddenGuesses(const std::vector<Override> &overrides,
                                           const flat::FlatModel &model) {
  VariableFinder variables(model, overrides.size(), anyVariable);
  std::vector<std::string> names;
  for (const Override &o : overrides) {
    std::string name = o.name.ends_with(".start") ? o.name.substr(0, o.name.size() - 6) : o.name;
    std::optional<uint32_t> found = variables.find(name);
    if (!found)
      continue;
    const flat::Variable &v = model.variables[*found];
    if (v.variability != flat::VariabilityKind::Parameter && v.attributes.fixed != true)
      names.push_back(name);
  }
  return names;
}

} // namespace mocc::driver
