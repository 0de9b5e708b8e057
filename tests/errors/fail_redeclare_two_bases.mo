// RUN: mocc check %s -m RedeclareTwoBases.C
// Two different redeclarations of one element, inherited from two bases,
// are two declarations of one name (MLS 7.3.3).
package RedeclareTwoBases
  model R
    replaceable model M
      Real x = 1;
    end M;
  end R;
  model B1
    extends R;
    redeclare replaceable model M
      Real x = 2;
    end M;
  end B1;
  model B2
    extends R;
    redeclare replaceable model M
      Real x = 3;
    end M;
  end B2;
  model C
    extends B1;
    extends B2;
    M m;
  end C;
end RedeclareTwoBases;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_redeclare_two_bases.mo:18:5: error: `M` is already declared in `RedeclareTwoBases.B2`
// CHECK:STDERR:     redeclare replaceable model M
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_two_bases.mo:12:5: note: the other declaration, which is not identical
// CHECK:STDERR:     redeclare replaceable model M
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
