model Unterminated
  Real x(start = "open;
equation
  x = (1 + ;
end Unterminated
