// Test support shared by unit tests of instantiation, flattening and the
// JIT: a class tree and instantiator over one source text, with the
// diagnostics collected in a string.
#pragma once

#include "compiler/flatten/Flatten.h"
#include "compiler/instantiate/ClassTree.h"
#include "compiler/instantiate/Instance.h"
#include "compiler/support/Diagnostics.h"
#include "compiler/support/SourceManager.h"

#include <doctest/doctest.h>

#include <optional>
#include <sstream>
#include <string>

namespace mocc::test {

struct SourceFixture {
  SourceManager sources;
  std::ostringstream messages;
  Diagnostics diags{sources, messages};
  inst::ClassTree tree{sources, diags};
  inst::Instantiator instantiator{tree, diags};

  /// The instance of the source's last class.
  inst::Instance *instantiate(const std::string &text) {
    REQUIRE(tree.addUserSource("test.mo", text));
    return instantiator.instantiateModel(tree.lastUserClass());
  }
  /// The source's last class, flattened (nothing after an error).
  std::optional<flat::FlatModel> flattenLast(const std::string &text) {
    inst::Instance *root = instantiate(text);
    REQUIRE(root);
    return flatten(instantiator, root, diags);
  }
};

} // namespace mocc::test
