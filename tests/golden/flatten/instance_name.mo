// RUN: mocc flatten %s
model InstanceName "getInstanceName(): the simulated model's name, then the path of the instance that calls it (MLS 3.7.4)"
  model Inner
    parameter String name = getInstanceName();
  end Inner;
  Inner a;
  Inner b[2];
  parameter String top = getInstanceName();
end InstanceName;

// CHECK:STDOUT: class InstanceName
// CHECK:STDOUT:   parameter String a.name = "InstanceName.a";
// CHECK:STDOUT:   parameter String b[1].name = "InstanceName.b[1]";
// CHECK:STDOUT:   parameter String b[2].name = "InstanceName.b[2]";
// CHECK:STDOUT:   parameter String top = "InstanceName";
// CHECK:STDOUT: end InstanceName;
