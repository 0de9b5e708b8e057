model SampleBuffer "a buffer filled by a when-statement at an index known only at run time (the MSL's RealFFT: buf[iTick] := u)"
  parameter Integer n = 4;
  Integer i(start = 0, fixed = true);
  Real buf[n](each start = -1, each fixed = true);
  Real total;
algorithm
  when sample(0, 0.1) then
    i := pre(i) + 1;
    if i <= n then
      buf[i] := 10 * i + time;
    end if;
  end when;
equation
  total = sum(buf);
end SampleBuffer;
