// UnionFind on hand-made sets.
#include "compiler/structural/UnionFind.h"

#include <doctest/doctest.h>

using mocc::structural::UnionFind;

TEST_CASE("union-find: singletons, then joined chains and a separate pair") {
  UnionFind sets(7);
  for (int i = 0; i < 7; ++i)
    CHECK(sets.find(i) == i);
  sets.unite(0, 1);
  sets.unite(2, 1);
  sets.unite(3, 2); // {0, 1, 2, 3}
  sets.unite(5, 6); // {5, 6}; 4 alone
  CHECK(sets.find(0) == sets.find(3));
  CHECK(sets.find(2) == sets.find(1));
  CHECK(sets.find(5) == sets.find(6));
  CHECK(sets.find(4) == 4);
  CHECK(sets.find(0) != sets.find(5));
  CHECK(sets.find(4) != sets.find(0));
  sets.unite(6, 3); // one set of six, 4 still alone
  for (int i : {0, 1, 2, 3, 5, 6})
    CHECK(sets.find(i) == sets.find(0));
  CHECK(sets.find(4) == 4);
}
