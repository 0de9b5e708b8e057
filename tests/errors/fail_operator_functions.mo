// RUN: mocc check %s
// Operator records whose operator functions do not fit the call: two that
// take the same arguments, one with two outputs.
model OperatorFunctions
  operator record A
    Real x;
    operator '+'
      function f1
        input A a;
        input A b;
        output A c;
      algorithm
        c := A(a.x + b.x);
      end f1;
      function f2
        input A a;
        input A b;
        output A c;
      algorithm
        c := A(a.x - b.x);
      end f2;
    end '+';
    operator function '-'
      input A a;
      input A b;
      output A c;
      output Real d;
    algorithm
      c := A(a.x - b.x);
      d := 0;
    end '-';
  end A;
  A p = A(1), q = A(2);
  A r = p + q;
  A t = p - q;
end OperatorFunctions;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_operator_functions.mo:34:9: error: the call of the operator '+' of `OperatorFunctions.A` is ambiguous: `f1` and `f2` both take these arguments
// CHECK:STDERR:   A r = p + q;
// CHECK:STDERR:         ^~~~~
// CHECK:STDERR: fail_operator_functions.mo:34:9: error: no function of the operator '+' of `OperatorFunctions.A` takes a record `OperatorFunctions.A` and a record `OperatorFunctions.A`
// CHECK:STDERR:   A r = p + q;
// CHECK:STDERR:         ^~~~~
// CHECK:STDERR: fail_operator_functions.mo:35:9: error: the function `OperatorFunctions.A.'-'` of the operator '-' must have exactly one output, and it has 2
// CHECK:STDERR:   A t = p - q;
// CHECK:STDERR:         ^~~~~
// CHECK:STDERR: fail_operator_functions.mo:35:9: error: no function of the operator '-' of `OperatorFunctions.A` takes a record `OperatorFunctions.A` and a record `OperatorFunctions.A`
// CHECK:STDERR:   A t = p - q;
// CHECK:STDERR:         ^~~~~
