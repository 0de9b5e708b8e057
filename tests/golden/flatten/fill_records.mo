// RUN: mocc flatten %s
// fill() of a record gives an array of that record (the MSL's
// ComplexBlocks.ComplexMath.Sum: parameter Complex k[nin] = fill(Complex(1, 0), nin)):
// every element's fields take their values from it, none falls back to a start value.
model FillRecords
  record Point
    Real x;
    Real y;
  end Point;
  parameter Point p[3] = fill(Point(x = 1, y = 2), 3);
  parameter Point q[2, 2] = fill(Point(x = 3, y = 4), 2, 2);
  // A matrix of records splits by rows, then elements.
  parameter Point m[2, 2] = {{Point(x = 1, y = 1), Point(x = 1, y = 2)},
                             {Point(x = 2, y = 1), Point(x = 2, y = 2)}};
  Real s = p[3].x + q[2, 1].y;
end FillRecords;

// CHECK:STDOUT: class FillRecords
// CHECK:STDOUT:   parameter Real p[1].x = 1;
// CHECK:STDOUT:   parameter Real p[1].y = 2;
// CHECK:STDOUT:   parameter Real p[2].x = 1;
// CHECK:STDOUT:   parameter Real p[2].y = 2;
// CHECK:STDOUT:   parameter Real p[3].x = 1;
// CHECK:STDOUT:   parameter Real p[3].y = 2;
// CHECK:STDOUT:   parameter Real q[1,1].x = 3;
// CHECK:STDOUT:   parameter Real q[1,1].y = 4;
// CHECK:STDOUT:   parameter Real q[1,2].x = 3;
// CHECK:STDOUT:   parameter Real q[1,2].y = 4;
// CHECK:STDOUT:   parameter Real q[2,1].x = 3;
// CHECK:STDOUT:   parameter Real q[2,1].y = 4;
// CHECK:STDOUT:   parameter Real q[2,2].x = 3;
// CHECK:STDOUT:   parameter Real q[2,2].y = 4;
// CHECK:STDOUT:   parameter Real m[1,1].x = 1;
// CHECK:STDOUT:   parameter Real m[1,1].y = 1;
// CHECK:STDOUT:   parameter Real m[1,2].x = 1;
// CHECK:STDOUT:   parameter Real m[1,2].y = 2;
// CHECK:STDOUT:   parameter Real m[2,1].x = 2;
// CHECK:STDOUT:   parameter Real m[2,1].y = 1;
// CHECK:STDOUT:   parameter Real m[2,2].x = 2;
// CHECK:STDOUT:   parameter Real m[2,2].y = 2;
// CHECK:STDOUT:   Real s;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   s = p[3].x + q[2,1].y;
// CHECK:STDOUT: end FillRecords;
