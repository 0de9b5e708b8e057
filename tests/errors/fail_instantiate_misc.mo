// RUN: mocc check %s
// Declarations that instantiation refuses.
model InstantiateMisc
  model Loop
    extends Loop;
  end Loop;
  package P
    model A end A;
  end P;
  Loop l;
  P.Zzzzzzz q;
  Real r[size(r, 1)];
end InstantiateMisc;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_instantiate_misc.mo:4:9: error: inheritance of `InstantiateMisc.Loop` is too deep or cyclic
// CHECK:STDERR:   model Loop
// CHECK:STDERR:         ^~~~
// CHECK:STDERR: fail_instantiate_misc.mo:11:3: error: class `InstantiateMisc.P` has no class named `Zzzzzzz`
// CHECK:STDERR:   P.Zzzzzzz q;
// CHECK:STDERR:   ^~~~~~~~~
// CHECK:STDERR: fail_instantiate_misc.mo:12:8: error: the size of `r` depends on itself
// CHECK:STDERR:   Real r[size(r, 1)];
// CHECK:STDERR:        ^
