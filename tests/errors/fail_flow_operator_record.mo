// RUN: mocc check %s
// A flow variable of an operator record needs its '+', '-' and '0'
// (MLS 9.3.1).
model FlowOperatorRecord
  operator record Z
    Real re;
    encapsulated operator function '0'
      import FlowOperatorRecord.Z;
      output Z result;
    algorithm
      result := Z(0);
    end '0';
  end Z;
  connector C
    Z e;
    flow Z f;
  end C;
  C c;
equation
  c.e = Z(1);
end FlowOperatorRecord;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_flow_operator_record.mo:16:12: error: the flow variable `f` is of the operator record `FlowOperatorRecord.Z`, which does not define the operator '+' (a flow operator record needs '+', '-' and '0')
// CHECK:STDERR:     flow Z f;
// CHECK:STDERR:            ^
// CHECK:STDERR: fail_flow_operator_record.mo:16:12: error: the flow variable `f` is of the operator record `FlowOperatorRecord.Z`, which does not define the operator '-' (a flow operator record needs '+', '-' and '0')
// CHECK:STDERR:     flow Z f;
// CHECK:STDERR:            ^
