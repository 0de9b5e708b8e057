// RUN: mocc check %s
// Relations of records (MLS 14): a plain record has no `==`, and an operator
// record without an '==' operator neither (the relation `a == b` of two
// records was a crash); the overloaded constructor itself is fine.
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
// CHECK:STDERR: fail_operator_record.mo:23:18: error: operator `==` is not defined for a record `OperatorRecord.Plain` and a record `OperatorRecord.Plain`
// CHECK:STDERR:   Boolean same = u == v;
// CHECK:STDERR:                  ^~~~~~
// CHECK:STDERR: fail_operator_record.mo:24:19: error: no function of the operator '==' of `OperatorRecord.Pair` takes a record `OperatorRecord.Pair` and a record `OperatorRecord.Pair`
// CHECK:STDERR:   Boolean equal = p == p;
// CHECK:STDERR:                   ^~~~~~
