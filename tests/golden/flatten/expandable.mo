// RUN: mocc flatten %s
model Expandable "expandable connectors: only connected elements exist"
  expandable connector Bus
    Real speed;
    Real torque;
    Boolean on;
  end Bus;
  connector RealOutput = output Real;
  connector RealInput = input Real;
  model Sensor
    RealOutput w = 2 * time;
    Bus bus;
  equation
    connect(w, bus.speed);
  end Sensor;
  model Controller
    Bus bus;
    RealInput w;
  equation
    connect(bus.speed, w);
  end Controller;
  Sensor s;
  Controller c;
  Bus main;
equation
  connect(s.bus, main);
  connect(main, c.bus);
end Expandable;

// CHECK:STDOUT: class Expandable
// CHECK:STDOUT:   output Real s.w;
// CHECK:STDOUT:   input Real c.w;
// CHECK:STDOUT:   Real s.bus.speed;
// CHECK:STDOUT:   Real c.bus.speed;
// CHECK:STDOUT:   Real main.speed;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   s.w = 2 * time;
// CHECK:STDOUT:   s.w = s.bus.speed;
// CHECK:STDOUT:   c.bus.speed = c.w;
// CHECK:STDOUT:   s.bus.speed = main.speed;
// CHECK:STDOUT:   s.bus.speed = c.bus.speed;
// CHECK:STDOUT: end Expandable;
