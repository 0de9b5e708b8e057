// RUN: mocc check %s
// A connection may add an element to an expandable connector only when
// the other end is declared (MLS 9.1.3); a plain connector gains nothing.
model ExpandableUndeclared
  expandable connector Bus
  end Bus;
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  Bus bus1, bus2;
  Pin p, q;
equation
  connect(bus1.a, bus2.b);
  connect(p.w, q);
end ExpandableUndeclared;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_expandable_undeclared.mo:14:3: error: neither `bus1.a` nor `bus2.b` is declared: one end of a connection that adds an element to an expandable connector must be declared
// CHECK:STDERR:   connect(bus1.a, bus2.b);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_expandable_undeclared.mo:15:13: error: `p` has no component named `w`
// CHECK:STDERR:   connect(p.w, q);
// CHECK:STDERR:             ^
