// RUN: mocc check %s
// Operator records (MLS 14) are not supported yet: their constructor and
// operators are reported as such, never taken for a plain record's (the
// relation `a == b` of two records was a crash).
model OperatorRecord
  operator record Pair
    Integer a;
    Integer b;
    encapsulated operator 'constructor'
      function fromInteger
        import OperatorRecord.Pair;
        input Integer a;
        input Integer b = 1;
        output Pair result(a = a, b = b);
      end fromInteger;
    end 'constructor';
  end Pair;
  record Plain
    Real x;
  end Plain;
  Pair p = Pair(42);
  Plain u = Plain(1), v = Plain(2);
  Boolean same = u == v;
  Boolean equal = p == p;
end OperatorRecord;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_operator_record.mo:21:12: error: the overloaded constructor of the operator record `OperatorRecord.Pair` is not supported yet
// CHECK:STDERR:   Pair p = Pair(42);
// CHECK:STDERR:            ^~~~~~~~
// CHECK:STDERR: fail_operator_record.mo:23:18: error: operator `==` needs numeric operands
// CHECK:STDERR:   Boolean same = u == v;
// CHECK:STDERR:                  ^~~~~~
// CHECK:STDERR: fail_operator_record.mo:24:19: error: `==` of the operator record `OperatorRecord.Pair` is not supported yet
// CHECK:STDERR:   Boolean equal = p == p;
// CHECK:STDERR:                   ^~~~~~
