// terminate() ends the run successfully where x = exp(-t) reaches 0.25; the
// message is a String parameter of a component, modified by the model (as
// Modelica.Blocks.Logical.TerminateSimulation's terminationText).
model Terminate
  block Stop
    input Real u;
    parameter String text = "the default text";
  equation
    when u < 0.25 then
      terminate(text);
    end when;
  end Stop;
  Real x(start = 1, fixed = true);
  Stop stop(u = x, text = "x reached 0.25");
equation
  der(x) = -x;
  annotation(experiment(StopTime = 5, Tolerance = 1e-10));
end Terminate;
