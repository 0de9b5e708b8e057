// RUN: mocc flatten %s -m P.Sub.M
package P "getInstanceName() in a model of a package: the model's last identifier, then the path (the MSL's automatic noise seeds hash this text)"
  package Sub
    model Inner
      parameter String name = getInstanceName();
    end Inner;
    model M
      Inner a;
    end M;
  end Sub;
end P;

// CHECK:STDOUT: class P.Sub.M
// CHECK:STDOUT:   parameter String a.name = "M.a";
// CHECK:STDOUT: end P.Sub.M;
