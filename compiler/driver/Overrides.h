// `simulate --override name=value,...` and `--override-file FILE`, as
// OpenModelica's `-override` and `-overrideFile`: values of parameters,
// start values and the experiment settings, without editing the model. The
// values replace the parameters' bindings and the start values in the flat
// model before causalization, so the parameters bound to an overridden one
// follow it. A parameter whose value flattening used (an array size, a
// condition, an assert it checked: flat::Variable::structural) is refused,
// as are constants, unknown names and settings mocc does not have.
#pragma once

#include "compiler/flat/FlatModel.h"

#include <string>
#include <vector>

namespace mocc::driver {

struct SimulateOptions;

/// One `name=value` of an override; `origin` says where it was written
/// (`--override`, `FILE:LINE`) for messages.
struct Override {
  std::string name;
  std::string value;
  std::string origin;
};

/// Splits a comma-separated `--override` list into overrides; false, with
/// `problem` set, for an entry without `=` or with an empty name or value.
bool parseOverrideList(const std::string &list, std::vector<Override> &out, std::string &problem);

/// Reads an override file: one `name=value` a line; blank lines and lines
/// starting with `#` (after blanks) are skipped. False, with `problem` set,
/// if it cannot be read or a line is malformed.
bool readOverrideFile(const std::string &path, std::vector<Override> &out, std::string &problem);

/// Every override of `simulate`'s arguments in the order given (a later one
/// of the same name wins); false, with `problem` set, on a usage error.
bool collectOverrides(const SimulateOptions &simulate, std::vector<Override> &out,
                      std::string &problem);

/// Takes the experiment settings (`startTime`, `stopTime`, `tolerance`,
/// `interval` or `stepSize`, `numberOfIntervals`) out of `overrides` into
/// `simulate`; a setting also given as an option (`--stop-time`) with
/// another value, or a value that is not a valid number for it, is a usage
/// error (false, `problem` set).
bool applyExperimentOverrides(std::vector<Override> &overrides, SimulateOptions &simulate,
                              std::string &problem);

/// Applies the other overrides to the flat model: a parameter's binding, a
/// variable's start value (`x.start=v`, or `x=v` for a variable that is not
/// a parameter, as OpenModelica does). False, with `problem` set, for an
/// unknown name, a constant, a structural parameter, a parameter found by
/// initialization (fixed = false), a String or external object, another
/// attribute, or a value of the wrong type.
bool applyModelOverrides(const std::vector<Override> &overrides, flat::FlatModel &model,
                         std::string &problem);

/// An override of the model checked as applyModelOverrides checks it: the
/// variable, whether its start value (else its binding) is replaced, and
/// the value.
struct ModelOverride {
  uint32_t variable = 0;
  bool start = false;
  double value = 0.0;
};

/// The checks of applyModelOverrides without changing the model: the
/// overrides into `out` (false, with `problem` set, as there).
bool resolveModelOverrides(const std::vector<Override> &overrides,
                           const flat::FlatModel &model, std::vector<ModelOverride> &out,
                           std::string &problem);

/// Puts checked overrides into the model's bindings and start values.
void applyResolvedOverrides(const std::vector<ModelOverride> &overrides, flat::FlatModel &model);

/// The run-time override table (rt::CompiledModel::overrides: per slot,
/// NaN where not overridden; empty for no overrides) of code translated
/// without the overrides, if every one is in its plan's `overridable`
/// (plan::SimulationPlan::overridable). False, with the variable's index in
/// `notOverridable`, if one is not: the translation used its value, and
/// the model must be translated with it.
bool overrideTable(const std::vector<ModelOverride> &overrides,
                   const std::vector<uint8_t> &overridable, size_t numSlots,
                   std::vector<double> &table, uint32_t *notOverridable = nullptr);

/// The start values overridden on variables that are not fixed (guesses):
/// their names, to check after alias elimination that the variable kept
/// them (an alias takes the start value of the variable that replaces it).
std::vector<std::string> overriddenGuesses(const std::vector<Override> &overrides,
                                           const flat::FlatModel &model);

} // namespace mocc::driver
