// RUN: mocc check %s -m RecordBindingDiffers.Top
// Records of different classes are compatible when their components have
// the same names and types (MLS 6.4); records that really differ are not,
// whatever path names them: here a redeclared medium's state has a field
// the other medium's state lacks.
package RecordBindingDiffers
  partial package PM
    replaceable record State
      Real p;
    end State;
  end PM;
  package M1
    extends PM;
  end M1;
  package M2
    extends PM;
    redeclare record extends State
      Real T;
    end State;
  end M2;
  model Inner
    replaceable package Medium = PM;
    input Medium.State s[1];
  end Inner;
  model Middle
    replaceable package Medium = PM;
    Medium.State st(p = time);
    Inner i(redeclare package Medium = M2, s = {st});
  end Middle;
  model Top
    Middle m(redeclare package Medium = M1);
  end Top;
end RecordBindingDiffers;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_record_binding_differs.mo:28:48: error: the binding of `m.i.s` is an array [1] of records `RecordBindingDiffers.M1.State` but the component is an array [1] of records `RecordBindingDiffers.M2.State`
// CHECK:STDERR:     Inner i(redeclare package Medium = M2, s = {st});
// CHECK:STDERR:                                                ^~~~
