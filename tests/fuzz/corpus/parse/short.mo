// comment
/* block
   comment */
type Voltage = Real(unit = "V") "a voltage";
model M = N(k = 1) annotation(x = 1);
record Rec Real a = 1; String s = "a\\b\'c\?\a\b\f\n\r\t\v"; end Rec;
block Blk input Real u; output Real y; equation y = u; end Blk;
class C extends D; redeclare replaceable model E = F; end C;
operator function O input Real x; output Real y; algorithm y := x; end O;
