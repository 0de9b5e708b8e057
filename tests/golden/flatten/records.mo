// RUN: mocc flatten %s
model Records "record components, record equations, constructors and parameter records"
  record Point
    Real x;
    Real y;
  end Point;
  record Settings "defaults of fields are used by the constructor"
    Real gain = 2;
    Real offset = 0.5;
  end Settings;
  parameter Point origin = Point(x = 1, y = 2);
  parameter Settings settings = Settings(offset = 1);
  Point p;
  Point q[2];
equation
  p = Point(time, 2 * time);
  q[1] = p;
  q[2] = Point(x = origin.x + p.x, y = settings.gain * settings.offset);
end Records;

// CHECK:STDOUT: class Records
// CHECK:STDOUT:   parameter Real origin.x = 1;
// CHECK:STDOUT:   parameter Real origin.y = 2;
// CHECK:STDOUT:   parameter Real settings.gain = 2;
// CHECK:STDOUT:   parameter Real settings.offset = 1;
// CHECK:STDOUT:   Real p.x;
// CHECK:STDOUT:   Real p.y;
// CHECK:STDOUT:   Real q[1].x;
// CHECK:STDOUT:   Real q[1].y;
// CHECK:STDOUT:   Real q[2].x;
// CHECK:STDOUT:   Real q[2].y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   p.x = time;
// CHECK:STDOUT:   p.y = 2 * time;
// CHECK:STDOUT:   q[1].x = p.x;
// CHECK:STDOUT:   q[1].y = p.y;
// CHECK:STDOUT:   q[2].x = origin.x + p.x;
// CHECK:STDOUT:   q[2].y = settings.gain * settings.offset;
// CHECK:STDOUT: end Records;
