within;
package EventIteration "the event iteration is bounded"
  model FlipAtStart "b = not pre(b) never settles (it hung)"
    discrete Boolean b(start = false);
  equation
    b = not pre(b);
  end FlipAtStart;

  model FlipLater "from t = 0.5 on, n counts up at every round"
    discrete Integer n(start = 0, fixed = true);
    Boolean late = time > 0.5;
  equation
    n = if late then pre(n) + 1 else pre(n);
  end FlipLater;
end EventIteration;
