package dev.relearn.eval.simulate;

import dev.relearn.lucene.schema.Require;
import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The position-based click model: the result at rank r is examined with probability {@code
 * (1/r)^eta}, independently of the others, and an examined result is clicked with the {@link
 * ClickNoise} probability of its relevance. {@code eta = 1} is the usual choice; 0 removes the
 * position bias.
 *
 * @param eta the position-bias exponent, finite and at least 0
 * @param noise the click probabilities of examined results
 */
public record PositionBasedModel(double eta, ClickNoise noise) implements ClickModel {
  /** eta 1, P(click | relevant) 1.0, P(click | not relevant) 0.1. */
  public static final PositionBasedModel DEFAULT = new PositionBasedModel(1, ClickNoise.DEFAULT);

  public PositionBasedModel {
    Require.finiteNonNegative("eta", eta);
    Objects.requireNonNull(noise, "noise");
  }

  @Override
  public boolean[] clicks(int[] grades, int maxGrade, RandomGenerator random) {
    boolean[] clicked = new boolean[grades.length];
    for (int i = 0; i < grades.length; i++) {
      boolean examined = random.nextDouble() < Math.pow(1.0 / (i + 1), eta);
      // both draws happen at every rank, so a rank's clicks do not shift later ranks' draws
      boolean attracted = random.nextDouble() < noise.probability(grades[i]);
      clicked[i] = examined && attracted;
    }
    return clicked;
  }

  @Override
  public String describe() {
    return String.format(Locale.ROOT, "pbm(eta=%s, P(click|rel)=%s, P(click|nonrel)=%s)",
        eta, noise.relevant(), noise.nonRelevant());
  }
}
