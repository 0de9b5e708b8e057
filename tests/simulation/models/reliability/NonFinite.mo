within;
package NonFinite "values that are not finite stop the run where they appear"
  model SqrtAtStart "the example of issue 23: NaN from the start to t = 0.5"
    Real z = sqrt(time - 0.5);
  end SqrtAtStart;

  model SqrtLater "NaN after t = 0.5: the first row after it fails"
    Real z = sqrt(0.5 - time);
  end SqrtLater;

  model LogOfState "x reaches 0 at t = 0.5"
    Real x(start = 1, fixed = true);
    Real y = log(x);
  equation
    der(x) = -2;
  end LogOfState;

  model DivisionByZero "x = 0 at t = 0.5, in an equation solved for y"
    Real x = 1 - 2 * time;
    Real y;
  equation
    y * x = 1;
  end DivisionByZero;

  model InResidual "the derivative is NaN after t = 0.5: IDA cannot go on"
    Real x(start = 0, fixed = true);
  equation
    der(x) = sqrt(0.5 - time);
  end InResidual;

  model InWhen "a discrete value made NaN at an event"
    Real x = time;
    discrete Real y(start = 0, fixed = true);
  equation
    when x > 0.3 then
      y = log(0.2 - x);
    end when;
  end InWhen;

  model TrialPoints "x follows 1 - t; sqrt(x - 0.45) is finite on the solution"
    Real x(start = 1, fixed = true);
    Real w;
  equation
    der(x) = -1;
    w = if x > 0.5 then sqrt(x - 0.45) else 0;
    annotation(experiment(StopTime = 1));
  end TrialPoints;
end NonFinite;
