// Compiling function tables into a JIT and calling the native code; see
// FunctionLibrary.h. Run-time errors reach the caller through the hooks of
// runtime/RuntimeErrors.h: a nonzero status from the native function means
// one was reported on this thread.
#include "compiler/jit/FunctionLibrary.h"

#include "runtime/RuntimeErrors.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>


namespace mocc::jit {

namespace {

/// Statements of a body, those in loops and branches included (once).
uint64_t countStatements(const std::vector<flat::Statement> &body) {
  uint64_t n = body.size();
  for (const flat::Statement &s : body)
    n += countStatements(s.body) + countStatements(s.elseBody);
  return n;
}

/// The modules of a function table: which functions each holds, and its
/// level. A function of more than kLargeFunctionStatements statements is
/// compiled without IR passes (Jit.h), in modules of such functions; the
/// others at the level their total suggests, as before the table was split
/// (the level follows the table, not the module). Consecutive functions
/// fill a module up to kFunctionChunkStatements, or one module when
/// `chunked` is false.
struct Chunk {
  std::vector<bool> members;
  OptLevel level;
};

std::vector<Chunk> chunksOf(std::span<const flat::Function> functions, bool chunked) {
  std::vector<uint64_t> sizes(functions.size());
  uint64_t smallTotal = 0;
  for (size_t i = 0; i < functions.size(); ++i) {
    sizes[i] = countStatements(functions[i].body);
    smallTotal += sizes[i] > kLargeFunctionStatements ? 0 : sizes[i];
  }
  std::vector<Chunk> chunks;
  for (bool large : {false, true}) {
    OptLevel level = large ? OptLevel::None : suggestFunctionOptLevel(smallTotal);
    uint64_t filled = 0;
    bool open = false;
    for (size_t i = 0; i < functions.size(); ++i) {
      if ((sizes[i] > kLargeFunctionStatements) != large)
        continue;
      if (!open || (chunked && filled >= kFunctionChunkStatements)) {
        chunks.push_back({std::vector<bool>(functions.size(), false), level});
        filled = 0;
        open = true;
      }
      chunks.back().members[i] = true;
      filled += sizes[i] + 1;
    }
  }
  return chunks;
}

/// The code of each chunk's functions, a module each; false with `error`
/// set if generating one failed.
bool generate(std::span<const flat::Function> functions, const std::vector<Chunk> &chunks,
              std::vector<Jit::Unit> &units, diag::Message &error) {
  for (const Chunk &chunk : chunks) {
    auto context = std::make_unique<llvm::LLVMContext>();
    auto module = codegen::generateFunctions(*context, functions, &error, &chunk.members);
    if (!module)
      return false;
    units.push_back({std::move(module), std::move(context)});
  }
  return true;
}

} // namespace

bool addFunctions(Jit &jit, std::span<const flat::Function> functions, diag::Message &error) {
  std::vector<Chunk> chunks = chunksOf(functions, false);
  std::vector<Jit::Unit> units;
  if (!generate(functions, chunks, units, error))
    return false;
  for (size_t k = 0; k < units.size(); ++k)
    if (!jit.addModule(std::move(units[k].module), std::move(units[k].context), chunks[k].level,
                       error))
      return false;
  return true;
}

bool startFunctions(Jit &jit, std::span<const flat::Function> functions, diag::Message &error) {
  std::vector<Chunk> chunks = chunksOf(functions, true);
  std::vector<Jit::Unit> units;
  if (!generate(functions, chunks, units, error))
    return false;
  for (size_t k = 0; k < units.size(); ++k)
    jit.startModule(std::move(units[k]), chunks[k].level);
  return true;
}

codegen::NativeFunctionFn lookupFunction(Jit &jit, const flat::Function &function,
                                         diag::Message &error) {
  return reinterpret_cast<codegen::NativeFunctionFn>(
      jit.lookup(codegen::functionSymbol(function), error));
}

std::unique_ptr<FunctionLibrary> FunctionLibrary::compile(std::span<const flat::Function> functions,
                                                          diag::Message &error,
                                                          const ExternalOptions &external,
                                                          ExternalReport *report) {
  std::unique_ptr<FunctionLibrary> library(new FunctionLibrary());
  library->jit_ = Jit::create(error);
  if (!library->jit_)
    return nullptr;
  ExternalReport linked;
  if (!linkExternalFunctions(*library->jit_, functions, external, linked, error))
    return nullptr;
  bool problems = !linked.problems.empty();
  if (problems)
    error = linked.problems.front().message;
  if (report)
    *report = std::move(linked);
  if (problems)
    return nullptr;
  if (!addFunctions(*library->jit_, functions, error))
    return nullptr;
  for (const flat::Function &f : functions) {
    codegen::NativeFunctionFn native = lookupFunction(*library->jit_, f, error);
    if (!native)
      return nullptr;
    library->entries_.push_back({f.name, f.inputSlots.size(), f.outputSlots.size(), native});
  }
  return library;
}

FunctionLibrary::~FunctionLibrary() = default;

std::optional<std::vector<double>> FunctionLibrary::call(uint32_t index,
                                                         std::span<const double> args,
                                                         diag::Message &error) {
  if (index >= entries_.size()) {
    error = {diag::NoFunctionInTable, {index}};
    return std::nullopt;
  }
  const Entry &entry = entries_[index];
  if (args.size() != entry.numInputs) {
    error = {diag::FunctionInputCount, {entry.name, entry.numInputs, args.size()}};
    return std::nullopt;
  }
  std::vector<double> outputs(entry.numOutputs);
  rt::takeRuntimeFailure(0.0); // a stale error would hide this call's
  rt::limitGeneratedCodeStack();
  if (entry.native(args.data(), outputs.data()) == 0)
    return outputs;
  auto failure = rt::takeRuntimeFailure(0.0);
  error = failure ? diag::Message(diag::RunTimeFailure, {failure->message})
                  : diag::Message(diag::FunctionCallFailed, {entry.name});
  return std::nullopt;
}

std::vector<std::string> FunctionLibrary::takeWarnings() { return rt::takeRuntimeWarnings(); }

} // namespace mocc::jit
