// External functions (MLS 12.9): the call of the C (or Fortran) function
// that is a function's body, with its arguments mapped from the function's
// variables, and the library, include and source directories of its
// annotations.

#include "compiler/flatten/FunctionLowering.h"

#include <algorithm>

namespace mocc::flattening {

/// The call of an external C function: the C name and arguments of the
/// explicit call, or the default mapping (the inputs in order, each array
/// followed by its sizes; a single scalar output is the result, otherwise
/// the outputs follow as pointers).
bool FunctionLowering::externalCall(const ast::ExternalClause &ext) {
  if (!compiled_)
    return unsupported("an external function");
  bool fortran = ext.language == "FORTRAN 77";
  bool c = ext.language.empty() || ext.language == "C" || ext.language == "C89" ||
           ext.language == "C99" || ext.language == "C11";
  if (!c && !fortran) {
    f_.diags().report(diag::ExternalLanguageUnsupported, ext.range, {ext.language});
    return false;
  }
  auto call = std::make_shared<flat::ExternalCall>();
  call->loc = ext.range;
  if (ext.range.valid())
    call->where = " (at " + f_.diags().sources().shortLocation(ext.range.start()) +
                  " in external function `" + compiled_->name + "`)";
  call->function = ext.hasCall ? ext.function : function_->cls->name;
  if (fortran) {
    call->language = flat::ExternalCall::Language::Fortran77;
    std::transform(call->function.begin(), call->function.end(), call->function.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    call->function += "_";
  }
  inst::ClassNode *owner = function_->cls->parent;
  call->isDestructor = function_->cls->name == "destructor" && owner &&
                       f_.instantiator().isExternalObjectClass(owner);
  if (ext.hasCall) {
    for (const ast::ExprPtr &arg : ext.args)
      if (!externalArgument(*arg, *call))
        return false;
    if (ext.output) {
      Instance *var = variableOf(*ext.output, Scope{function_, function_->cls});
      if (!var || !externalResult(var, ext.output->range, *call))
        return false;
    }
  } else {
    auto outputs = membersOf(function_, 1);
    Instance *result = nullptr;
    if (outputs.size() == 1) {
      Instance *out = function_->memberInstance(*outputs[0]);
      const Value &slots = slots_[out];
      if (slots.isScalar() && !slots.isRecord)
        result = out;
    }
    for (inst::Member *m : membersOf(function_, 0))
      if (!variableArgument(function_->memberInstance(*m), true, ext.range, *call))
        return false;
    for (inst::Member *m : outputs) {
      Instance *out = function_->memberInstance(*m);
      if (out == result ? !externalResult(out, ext.range, *call)
                        : !variableArgument(out, true, ext.range, *call))
        return false;
    }
  }
  externalAnnotations(ext, *call);
  compiled_->external = std::move(call);
  return true;
}

/// A variable of the function as an argument: a scalar input by value, a
/// String as its text, an array or an output by address (followed by its
/// sizes in the default mapping).
bool FunctionLowering::variableArgument(Instance *var, bool withSizes, SourceRange loc,
                                        flat::ExternalCall &call) {
  const Value &slots = slots_[var];
  bool input = var->prefixes.causality == ast::CausalityKind::Input && !var->prefixes.isProtected;
  flat::ExternalArgument arg;
  arg.type = slots.type;
  if (slots.isRecord) {
    f_.diags().report(diag::ExternalRecordArgumentUnsupported, loc, {var->name});
    return false;
  }
  const Value &current = frame_.values[var];
  bool knownText = static_cast<int64_t>(current.strings.size()) == slots.count();
  bool byValue = var->prefixes.causality != ast::CausalityKind::Output; // MLS 12.9.1.1
  if (slots.isString() && byValue && knownText) { // a constant of the specialization
    arg.kind = flat::ExternalArgument::Kind::String;
    arg.strings = current.strings;
    arg.isArray = !slots.isScalar();
  } else if (slots.isString() && byValue && slots.isScalar()) {
    // A pointer known at run time: an input's, or a protected String's
    // (its text, as an input's: dhseqr's `job`; MLS 12.9.1.1).
    arg.kind = flat::ExternalArgument::Kind::Value;
    arg.value = f_.stringPointers(current)[0];
  } else if (slots.isString()) {
    // The slots hold the pointers (`const char **`); an output's get the
    // one the C function stores.
    arg.kind = flat::ExternalArgument::Kind::Pointer;
    arg.count = static_cast<uint32_t>(slots.elements.size());
    arg.firstSlot = slots.elements.empty() ? 0 : pool().variableOf(slots.elements[0]).index;
    arg.writable = !input;
    arg.dims = slots.dims;
  } else if (slots.isScalar() && input) {
    arg.kind = flat::ExternalArgument::Kind::Value;
    arg.value = slots.elements[0];
  } else {
    arg.kind = flat::ExternalArgument::Kind::Pointer;
    arg.count = static_cast<uint32_t>(slots.elements.size());
    arg.dims = slots.dims;
    arg.firstSlot = slots.elements.empty() ? 0 : pool().variableOf(slots.elements[0]).index;
    arg.writable = !input;
  }
  call.args.push_back(std::move(arg));
  if (withSizes)
    for (int64_t d : slots.dims) {
      flat::ExternalArgument size;
      size.type = flat::TypeKind::Integer;
      size.value = pool().constant(static_cast<double>(d));
      call.args.push_back(std::move(size));
    }
  return true;
}

bool FunctionLowering::externalResult(Instance *var, SourceRange loc, flat::ExternalCall &call) {
  const Value &slots = slots_[var];
  if (var->prefixes.causality != ast::CausalityKind::Output || !slots.isScalar() ||
      slots.isRecord) {
    f_.diags().report(diag::ExternalResultNotScalarOutput, loc, {var->name});
    return false;
  }
  call.hasResult = true;
  call.resultType = slots.type;
  call.resultSlot = pool().variableOf(slots.elements[0]).index;
  return true;
}

/// An argument of an explicit external call: a variable of the function
/// (without subscripts), or an expression of them (`size(x, 1)`, a constant).
bool FunctionLowering::externalArgument(const ast::Expr &arg, flat::ExternalCall &call) {
  Scope scope{function_, function_->cls};
  if (const auto *ref = ast::dynCast<ast::RefExpr>(&arg);
      ref && ref->parts.size() == 1 && ref->parts[0].subscripts.empty() && !ref->global) {
    inst::Found found = f_.instantiator().lookupFirst(ref->parts[0].name, scope);
    if (found.kind == inst::Found::Kind::Component && slots_.count(found.instance))
      return variableArgument(found.instance, false, arg.range, call);
  }
  auto value = f_.lower(arg, scope);
  if (!value)
    return false;
  if (value->isRecord || !value->isScalar()) {
    f_.diags().report(diag::ExternalArgumentNotVariable, arg.range);
    return false;
  }
  flat::ExternalArgument a;
  a.type = value->type;
  if (value->isString() && value->strings.size() == 1) {
    a.kind = flat::ExternalArgument::Kind::String;
    a.strings = value->strings;
  } else if (value->isString()) { // a pointer known at run time
    a.value = f_.stringPointers(*value)[0];
  } else {
    a.value = value->elements[0];
  }
  call.args.push_back(std::move(a));
  return true;
}

std::string FunctionLowering::resolveUri(const std::string &uri) { return f_.resolveUri(uri); }

/// Library, LibraryDirectory, Include, IncludeDirectory and SourceDirectory
/// (MLS 12.9.4), from the external clause's annotation or the function's;
/// the directories default to modelica://TopPackage/Resources/Library,
/// Include and Source, TopPackage being the top-level class of the
/// function's definition.
void FunctionLowering::externalAnnotations(const ast::ExternalClause &ext,
                                           flat::ExternalCall &call) {
  // The class that wrote the clause (a function may inherit it): its
  // annotation, and its top-level package for the default directories.
  inst::ClassNode *writer = function_->externalClause().lexical ? function_->externalClause().lexical
                                                                : function_->cls;
  Scope scope{function_, function_->cls};
  auto strings = [&](const ast::Argument &arg) {
    std::vector<std::string> out;
    if (!arg.mod || !arg.mod->binding)
      return out;
    auto value = f_.lower(*arg.mod->binding, scope);
    if (value && value->isString())
      out = value->strings;
    else if (value)
      f_.diags().report(diag::ExternalAnnotationNotStrings, arg.mod->binding->range,
                        {arg.path.str()});
    return out;
  };
  for (const ast::Modification *annotation :
       {ext.annotation.get(), writer->def ? writer->def->annotation.get() : nullptr}) {
    if (!annotation)
      continue;
    for (const ast::Argument &arg : annotation->arguments) {
      if (arg.path.parts.size() != 1)
        continue;
      const std::string &key = arg.path.parts[0];
      if (key == "Include") {
        const SourceManager &sources = f_.instantiator().tree().sources();
        SourceRange at = arg.mod && arg.mod->binding ? arg.mod->binding->range : arg.range;
        for (std::string &text : strings(arg))
          call.includes.push_back({std::move(text), sources.path(at.file),
                                   sources.lineColumn(at.start()).line});
        continue;
      }
      std::vector<std::string> *target = key == "Library"            ? &call.libraries
                                         : key == "LibraryDirectory" ? &call.libraryDirectories
                                         : key == "IncludeDirectory" ? &call.includeDirectories
                                         : key == "SourceDirectory"  ? &call.sourceDirectories
                                                                     : nullptr;
      if (!target)
        continue;
      for (std::string &text : strings(arg))
        target->push_back(key.find("Directory") != std::string::npos ? resolveUri(text) : text);
    }
  }
  inst::ClassNode *top = writer;
  while (top->parent)
    top = top->parent;
  std::string resources = resolveUri("modelica://" + top->name + "/Resources");
  if (call.libraryDirectories.empty())
    call.libraryDirectories.push_back(resources + "/Library");
  if (call.includeDirectories.empty())
    call.includeDirectories.push_back(resources + "/Include");
  if (call.sourceDirectories.empty())
    call.sourceDirectories.push_back(resources + "/Source");
  for (const std::string &dir : call.libraryDirectories) {
    std::string parent = dir.substr(0, dir.find_last_of('/'));
    if (std::find(call.resourceDirectories.begin(), call.resourceDirectories.end(), parent) ==
        call.resourceDirectories.end())
      call.resourceDirectories.push_back(parent);
  }
}

} // namespace mocc::flattening
