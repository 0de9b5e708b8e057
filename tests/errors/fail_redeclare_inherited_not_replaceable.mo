// RUN: mocc check %s -m RedeclareInheritedNotReplaceable.C
// A redeclaration in a class's body needs a replaceable inherited element
// (MLS 7.3).
package RedeclareInheritedNotReplaceable
  model A
    model M
      Real x = 1;
    end M;
  end A;
  model B
    extends A;
    redeclare model M
      Real x = 2;
    end M;
  end B;
  model C
    extends B;
  end C;
end RedeclareInheritedNotReplaceable;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_redeclare_inherited_not_replaceable.mo:12:5: error: `M` is redeclared but not declared `replaceable`
// CHECK:STDERR:     redeclare model M
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited_not_replaceable.mo:6:5: note: declared here
// CHECK:STDERR:     model M
// CHECK:STDERR:     ^~~~~~~
