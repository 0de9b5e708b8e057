// RUN: mocc check %s
// Connections.root of a number (MLS 9.4), an operator record with an
// overloaded constructor (not supported yet), a model and a function of
// the wrong arity as functional arguments (MLS 12.4.2), and an impure
// function called outside when-clauses in an equation and an algorithm
// (MLS 12.3).
model FlattenCalls
  type Orientation
    extends Real;
    function equalityConstraint
      input Orientation a;
      input Orientation b;
      output Real r[0];
    algorithm
    end equalityConstraint;
  end Orientation;
  connector C
    Orientation o;
    Real v;
    flow Real i;
  end C;
  model Part
    Real y;
  end Part;
  operator record OR
    Real x;
    operator 'constructor'
      function make
        input Real u;
        output OR r(x = u);
      end make;
    end 'constructor';
  end OR;
  partial function PF
    input Real u;
    output Real y;
  end PF;
  function apply
    input PF g;
    input Real u;
    output Real y;
  algorithm
    y := g(u, u);
  end apply;
  function twice
    input Real u;
    output Real y = 2 * u;
  end twice;
  impure function report
    input Real u;
  external "C" report(u);
  end report;
  C c1, c2;
  OR o = OR(x = 1);
  Real a = apply(function Part(), 1);
  Real b = apply(function twice(), 1);
equation
  connect(c1, c2);
  Connections.root(1);
  report(time);
algorithm
  report(time);
end FlattenCalls;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_flatten_calls.mo:59:20: error: the argument of a Connections operator must name an overconstrained record
// CHECK:STDERR:   Connections.root(1);
// CHECK:STDERR:                    ^
// CHECK:STDERR: fail_flatten_calls.mo:18:17: error: the overconstrained connection graph that contains `c2.o` has no root (MLS 9.4)
// CHECK:STDERR:     Orientation o;
// CHECK:STDERR:                 ^
// CHECK:STDERR: fail_flatten_calls.mo:54:10: error: the overloaded constructor of the operator record `FlattenCalls.OR` is not supported yet
// CHECK:STDERR:   OR o = OR(x = 1);
// CHECK:STDERR:          ^~~~~~~~~
// CHECK:STDERR: fail_flatten_calls.mo:55:27: error: `FlattenCalls.Part` is not a function
// CHECK:STDERR:   Real a = apply(function Part(), 1);
// CHECK:STDERR:                           ^~~~
// CHECK:STDERR: fail_flatten_calls.mo:43:15: error: the argument 2 does not fit an input of `FlattenCalls.twice`
// CHECK:STDERR:     y := g(u, u);
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_flatten_calls.mo:60:3: error: the impure function `report` may only be called inside a when-clause, an initial equation section or another impure function (MLS 12.3)
// CHECK:STDERR:   report(time);
// CHECK:STDERR:   ^~~~~~~~~~~~
// CHECK:STDERR: fail_flatten_calls.mo:62:3: error: the impure function `report` may only be called inside a when-statement, an initial algorithm or another impure function (MLS 12.3)
// CHECK:STDERR:   report(time);
// CHECK:STDERR:   ^~~~~~~~~~~~
