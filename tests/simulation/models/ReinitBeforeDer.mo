// reinit() of a state whose der() comes later in the equations, and in a
// base class: the state is known once every equation is in.
model ReinitBeforeDer
  partial model Reset
    Real y(start = 0, fixed = true);
  equation
    when sample(0.5, 0.5) then
      reinit(y, 0);
    end when;
  end Reset;
  model Ramp
    extends Reset;
  equation
    der(y) = 2;
  end Ramp;
  Ramp ramp;
  annotation(experiment(StopTime = 1.2, Interval = 0.1));
end ReinitBeforeDer;
