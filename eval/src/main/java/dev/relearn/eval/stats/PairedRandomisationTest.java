package dev.relearn.eval.stats;

import dev.relearn.lucene.schema.Require;
import java.util.SplittableRandom;

/**
 * Fisher's paired randomisation (permutation) test, two-sided. Under the null hypothesis the two
 * systems are exchangeable on every query, so each difference {@code a_i − b_i} is as likely to
 * have the opposite sign: the p-value is the share of random sign assignments whose mean
 * difference is at least as far from 0 as the observed one. It is estimated from {@code trials}
 * seeded assignments as {@code (count + 1) / (trials + 1)}, which never reports an impossible 0
 * (Phipson and Smyth, 2010). Same seed, same inputs: same p-value.
 *
 * @param seed the seed of the sign assignments
 * @param trials how many random assignments, at least 1 (10,000 by default)
 */
public record PairedRandomisationTest(long seed, int trials) {
  /** Trials by default: the p-value's standard error is then at most 0.005. */
  public static final int DEFAULT_TRIALS = 10_000;

  public PairedRandomisationTest {
    Require.atLeastOne("trials", trials);
  }

  /**
   * The two-sided p-value for a difference in mean of the paired samples; throws for different
   * lengths, no pairs or a value that is not finite.
   */
  public double pValue(double[] a, double[] b) {
    double[] d = PairedTTest.differences(a, b, 1);
    double observed = Math.abs(sum(d));
    // sums of the same terms in another order may differ in the last bits: allow for it
    double slack = 1e-9 * (1 + sumOfAbs(d));
    SplittableRandom random = new SplittableRandom(seed);
    int atLeast = 0;
    for (int t = 0; t < trials; t++) {
      double total = 0;
      long bits = 0;
      for (int i = 0; i < d.length; i++) {
        if ((i & 63) == 0) {
          bits = random.nextLong();
        }
        total += (bits & 1) == 0 ? d[i] : -d[i];
        bits >>>= 1;
      }
      if (Math.abs(total) >= observed - slack) {
        atLeast++;
      }
    }
    return (atLeast + 1.0) / (trials + 1.0);
  }

  private static double sum(double[] values) {
    double sum = 0;
    for (double value : values) {
      sum += value;
    }
    return sum;
  }

  private static double sumOfAbs(double[] values) {
    double sum = 0;
    for (double value : values) {
      sum += Math.abs(value);
    }
    return sum;
  }
}
