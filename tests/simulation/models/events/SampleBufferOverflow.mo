model SampleBufferOverflow "the buffer of SampleBuffer without the test of its size: the fifth sample is an error"
  parameter Integer n = 4;
  Integer i(start = 0, fixed = true);
  Real buf[n](each start = -1, each fixed = true);
algorithm
  when sample(0, 0.1) then
    i := pre(i) + 1;
    buf[i] := 10 * i + time;
  end when;
end SampleBufferOverflow;
