// RUN: mocc flatten %s
// Strings known while translating: String() of numbers, Booleans and
// enumerations with its options (MLS 3.7.1.2 of 3.6), String variables that
// equations, bindings and algorithms give a text, and String(x) == "text"
// for an enumeration x known only at run time, decided on x.
model Strings
  type E = enumeration(one, two, three);
  String a = String(4711);
  String b;
  String c[2];
  String d;
  E e = if time < 0.5 then E.one else E.two;
  Boolean isTwo = String(e) == "two";
  Boolean isNone = String(e) <> "four";
algorithm
  d := "x";
  d := d + String(true);
equation
  b = String(1138, minimumLength = 8, leftJustified = false) + String(E.three) +
      String(3.14159265, significantDigits = 4) + String(6565.35, format = "2.1e");
  for s in {"p", "q"} loop
    if s == "p" then
      c[1] = s;
    else
      c[2] = s;
    end if;
  end for;
  assert(b == "    1138three3.1426.6e+03", "the texts are known while translating");
end Strings;

// CHECK:STDOUT: class Strings
// CHECK:STDOUT:   parameter String a = "4711";
// CHECK:STDOUT:   parameter String b = "    1138three3.1426.6e+03";
// CHECK:STDOUT:   parameter String c[1] = "p";
// CHECK:STDOUT:   parameter String c[2] = "q";
// CHECK:STDOUT:   parameter String d = "xtrue";
// CHECK:STDOUT:   Strings.E e;
// CHECK:STDOUT:   Boolean isTwo;
// CHECK:STDOUT:   Boolean isNone;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   e = if time < 0.5 then 1 else 2;
// CHECK:STDOUT:   isTwo = e == 2;
// CHECK:STDOUT:   isNone = 1;
// CHECK:STDOUT: end Strings;
