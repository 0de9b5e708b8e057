// libFuzzer target of parse, instantiate and flatten: any bytes as the
// user's file, with the bundled stdlib/ as a library (loaded on demand, as
// `mocc flatten` does). The last class of the file is flattened and the flat
// model printed, as `mocc flatten FILE` would; a class that command refuses
// (a package, a function, a partial class, ...) is refused here too. The
// compiler must answer with diagnostics or a flat model, never crash; a flat
// model comes if and only if no error was reported.
#include "compiler/flat/FlatModel.h"
#include "compiler/flatten/Flatten.h"
#include "compiler/instantiate/ClassTree.h"
#include "compiler/instantiate/Instance.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace mocc;

namespace {

/// Inputs longer than this are rejected (run with -max_len below it).
constexpr size_t kMaxInput = 32 * 1024;

[[noreturn]] void fail(const char *what, const std::string &detail) {
  std::fprintf(stderr, "flatten fuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

/// Whether the driver would flatten `cls` (Driver.cpp's selectModel).
bool isModel(const inst::ClassNode &cls) {
  using R = ast::ClassRestrictionKind;
  R r = cls.restriction();
  return cls.def && !cls.def->prefixes.partial && r != R::Package && r != R::Function &&
         r != R::Record && r != R::Connector && r != R::ExpandableConnector && r != R::Type &&
         r != R::Operator && r != R::OperatorFunction && r != R::OperatorRecord;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // Only the bundled library: the environment must not change the target.
  unsetenv("MODELICAPATH");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInput)
    return -1;
  SourceManager sources;
  std::ostringstream messages;
  Diagnostics diags(sources, messages);
  inst::ClassTree tree(sources, diags);
  inst::Instantiator instantiator(tree, diags);
  const char *stdlib = std::getenv("MOCC_STDLIB");
  tree.addLibrary(stdlib ? stdlib : MOCC_STDLIB_DIR);
  if (!tree.addUserSource("fuzz.mo", std::string(reinterpret_cast<const char *>(data), size)))
    return 0;
  inst::ClassNode *cls = tree.lastUserClass();
  if (!cls || !isModel(*cls))
    return 0;
  inst::Instance *root = instantiator.instantiateModel(cls);
  auto model = flatten(instantiator, root, diags);
  if (model && !diags.hasErrors()) {
    std::ostringstream flat;
    flat::printFlatModel(*model, flat);
  } else if (!model && !diags.hasErrors()) {
    fail("no flat model and no error", "");
  }
  return 0;
}
