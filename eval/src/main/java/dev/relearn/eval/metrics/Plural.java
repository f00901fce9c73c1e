package dev.relearn.eval.metrics;

/** Counts for people, with the noun in the number it takes: {@code 1 query}, {@code 2 queries}. */
public final class Plural {
  private Plural() {}

  /** {@code n} and {@code one} or {@code many}, e.g. {@code 1 query}, {@code 0 queries}. */
  public static String count(long n, String one, String many) {
    return n + " " + noun(n, one, many);
  }

  /** {@code one} when {@code n} is 1, else {@code many}. */
  public static String noun(long n, String one, String many) {
    return n == 1 ? one : many;
  }
}
