// RUN: mocc check %s -m RedeclareRedeclared.C
// `C` redeclares the model `M` that its base class `B` redeclared already:
// mocc does not combine a redeclaration with an inherited one yet.
package RedeclareRedeclared
  model A
    replaceable model M
      Real x = 1;
    end M;
  end A;
  model B
    extends A;
    redeclare replaceable model M
      Real x = 2;
    end M;
  end B;
  model C
    extends B;
    redeclare model M
      Real x = 3;
    end M;
    M m;
  end C;
end RedeclareRedeclared;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_redeclare_redeclared.mo:18:5: error: the redeclaration of `M` in `RedeclareRedeclared.C` beside an inherited declaration is not supported yet
// CHECK:STDERR:     redeclare model M
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_redeclared.mo:12:5: note: the other declaration, which is not identical
// CHECK:STDERR:     redeclare replaceable model M
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
