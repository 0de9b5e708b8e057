// Flattening: from the instance tree of a model to the flat model. Every
// component of a built-in type becomes scalar variables, every binding and
// equation is lowered to scalar symbolic equations (arrays scalarized,
// for-equations unrolled, parameter-dependent if-equations resolved), and
// parameters that decide structure (array sizes, conditions) are evaluated.
#pragma once

#include "compiler/flat/Evaluate.h"
#include "compiler/flat/FlatModel.h"
#include "compiler/flatten/Value.h"
#include "compiler/instantiate/Instance.h"

#include <optional>

namespace mocc {

/// Flattens the model `model`; reports errors to diags and returns nothing
/// if there was any. With `native`, pure external functions of constant
/// arguments are called while translating where a value must be known
/// then (a String selected by `isEmpty(fileName)`, a size).
std::optional<flat::FlatModel> flatten(inst::Instantiator &instantiator, inst::Instance *model,
                                       Diagnostics &diags, flat::NativeEvaluator *native = nullptr);

/// Whether for-equations explicit in their iterators are lowered once as a
/// template and run over their index box (the default) or unrolled and
/// lowered element by element (the reference path; design-log D10). The
/// flat model is the same either way; tests compare the two.
void setForEquationTemplates(bool enabled);
bool forEquationTemplates();
/// How many for-equations this process has lowered as templates.
size_t forEquationTemplatesLowered();

/// Where an expression depends on time: its first use of `time` or of an
/// event operator; `what` is empty if there is none.
struct TimeDependence {
  SourceRange range;
  std::string what; ///< "`time`", "`initial()`", ...
};

/// Lowers one expression written at the top level (for `mocc eval`) into
/// `model`'s pool; the functions it calls are compiled (never inlined) into
/// `model.functions`. Nothing if an error was reported. `timeDependence`,
/// if given, receives where the expression uses time.
std::optional<flattening::Value> lowerExpression(inst::Instantiator &instantiator,
                                                 const ast::Expr &expr, flat::FlatModel &model,
                                                 Diagnostics &diags,
                                                 TimeDependence *timeDependence = nullptr,
                                                 flat::NativeEvaluator *native = nullptr);

} // namespace mocc
