model SpectrumAtEnd "a when-statement assigns the 2 nf + 1 outputs of one call of a function of ns samples (the MSL's RealFFT: (info, abs, arg) := realFFT(buf, nf)); one call per event, not one per output"
  function moments
    input Real u[:];
    input Integer nf;
    output Integer info;
    output Real a[nf];
    output Real b[nf];
  protected
    Real s = sum(u);
  algorithm
    for k in 1:nf loop
      a[k] := k * s;
      b[k] := u[k] + u[size(u, 1) + 1 - k];
    end for;
    info := size(u, 1);
  end moments;
  parameter Integer ns = 4000;
  parameter Integer nf = 400;
  Integer iTick(start = 0, fixed = true);
  Integer info(start = -1, fixed = true);
  Real buf[ns](each start = 0, each fixed = true);
  Real a[nf](each start = -1, each fixed = true);
  Real b[nf](each start = -1, each fixed = true);
algorithm
  when sample(0, 1e-4) then
    iTick := pre(iTick) + 1;
    if iTick <= ns then
      buf[iTick] := time;
    end if;
  end when;
  when time >= 0.5 then
    if iTick < ns then
      info := -2;
    else
      (info, a, b) := moments(buf, nf);
    end if;
  end when;
  annotation(experiment(StopTime = 0.6, Interval = 0.05));
end SpectrumAtEnd;
