within;
package TestLib "the library of the tests of `mocc test-library` (tests/testlib/TestLibraryTest.cpp); references/ holds its reference results"
  model Decay "x = exp(-t): in the tube of its reference, exp(-t)"
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
    annotation(experiment(StopTime = 1, Interval = 0.02));
  end Decay;

  model Drift "x = exp(-1.1 t): outside the tube of exp(-t); the parameter k is in it"
    parameter Real k = 1.1;
    Real x(start = 1, fixed = true);
  equation
    der(x) = -k * x;
    annotation(experiment(StopTime = 1, Interval = 0.02));
  end Drift;

  model NoReference "listed for comparison, without a reference result"
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
  end NoReference;

  model AssertFails "a simulation failure at t = 0.5"
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
    assert(x < 0.5, "x has reached 0.5\nand stops");
    annotation(experiment(StopTime = 1));
  end AssertFails;

  model Broken "rejected: an undeclared name"
    Real x(start = 0, fixed = true);
  equation
    der(x) = undeclaredRate;
  end Broken;

  function spin "never returns"
    input Real u;
    output Real y;
  algorithm
    y := u;
    while y > -1 loop
      y := y + 1e-300;
    end while;
  end spin;

  model Hang "never ends: killed at the time limit"
    Real x(start = 0, fixed = true);
  equation
    der(x) = spin(time);
  end Hang;

  function abortProcess "calls abort() of the C library"
    input Real u;
    output Real y;
  external "C" y = mocc_testlib_abort(u) annotation(Library = "mocc_testlib_crash");
  end abortProcess;

  model Crash "ends by a signal (SIGABRT) in an external function"
    Real x(start = 0, fixed = true);
  equation
    der(x) = abortProcess(time);
  end Crash;
  model Renamed "its reference (made for an older version) lists y, which the model no longer has; the library's own list drops y and adds z, which the reference lacks"
    Real x(start = 1, fixed = true);
    Real z = 2 * x;
  equation
    der(x) = -x;
    annotation(experiment(StopTime = 1, Interval = 0.02));
  end Renamed;

  model Relabeled "the library's own list names only u, which its reference (made for an older version) lacks: the list beside the reference (x) is compared"
    Real x(start = 1, fixed = true);
    Real u = -x;
  equation
    der(x) = -x;
    annotation(experiment(StopTime = 1, Interval = 0.02));
  end Relabeled;

end TestLib;
