// RUN: mocc flatten %s -m RedeclarePassedOn.Top
// A replaceable package passed on to a component with `redeclare package
// Medium = Medium`, in a class whose own Medium was redeclared from outside:
// the name is looked up where the modification is written (MLS 7.3), so the
// component gets the outer redeclaration, two levels down. It found the
// enclosing class's original declaration: "constant `c` has no value", and
// the records of one medium seen along two paths differed (the Fluid
// library's vessels and pipes pass their states to heat transfer models).
package RedeclarePassedOn
  partial package PM
    constant Real c;
    replaceable record State
    end State;
  end PM;
  package M1
    extends PM(c = 3);
    redeclare record extends State
      Real p;
    end State;
  end M1;
  model Inner
    replaceable package Medium = PM;
    input Medium.State s[1];
    Real y = Medium.c * s[1].p;
  end Inner;
  model Middle
    replaceable package Medium = PM;
    Medium.State st(p = time);
    Inner i(redeclare package Medium = Medium, s = {st});
  end Middle;
  model Deeper
    replaceable package Medium = PM;
    Middle middle(redeclare package Medium = Medium);
  end Deeper;
  model Top
    package Medium = M1;
    Middle m(redeclare package Medium = Medium);
    Deeper d(redeclare package Medium = M1);
  end Top;
end RedeclarePassedOn;

// CHECK:STDOUT: class RedeclarePassedOn.Top
// CHECK:STDOUT:   Real m.st.p;
// CHECK:STDOUT:   input Real m.i.s[1].p;
// CHECK:STDOUT:   Real m.i.y;
// CHECK:STDOUT:   Real d.middle.st.p;
// CHECK:STDOUT:   input Real d.middle.i.s[1].p;
// CHECK:STDOUT:   Real d.middle.i.y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   m.st.p = time;
// CHECK:STDOUT:   m.i.s[1].p = m.st.p;
// CHECK:STDOUT:   m.i.y = 3 * m.i.s[1].p;
// CHECK:STDOUT:   d.middle.st.p = time;
// CHECK:STDOUT:   d.middle.i.s[1].p = d.middle.st.p;
// CHECK:STDOUT:   d.middle.i.y = 3 * d.middle.i.s[1].p;
// CHECK:STDOUT: end RedeclarePassedOn.Top;
